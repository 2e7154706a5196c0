// Module FlexLayout: see README.md "Modules".
