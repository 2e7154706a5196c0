// Module JSONRPC: see README.md "Modules".
