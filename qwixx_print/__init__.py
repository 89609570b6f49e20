"""qwixx-print: Qwixx score sheets from YAML layouts to print-ready PDFs, with one rules
module that validates layouts and scores filled-in sheets."""
