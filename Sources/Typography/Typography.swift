// Module Typography: see README.md "Modules".
