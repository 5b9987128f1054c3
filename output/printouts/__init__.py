"""Printouts (reportlab PDFs), rendered from report rows (``output.reports``).

- ``pdf_base``: fonts, page setup, header and "Seite x von y" shared by every PDF; the
  ``pdf_*`` modules each supply only the story of one printout.
- Spreadsheets from the same rows: ``output.spreadsheets``.
"""
