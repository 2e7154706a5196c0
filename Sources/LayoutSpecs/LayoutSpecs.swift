// Module LayoutSpecs: see README.md "Modules".
