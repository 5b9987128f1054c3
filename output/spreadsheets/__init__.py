"""Excel workbooks (openpyxl, formula-safe) and CSV, rendered from ``output.reports``."""
