// Module NodeTree: see README.md "Modules".
