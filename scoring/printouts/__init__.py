"""Printouts (reportlab PDFs) and spreadsheets (openpyxl), rendered from report rows.

- ``reports``: each report (participants, seating, standings, games) as a header and rows;
  nothing there knows about file formats.
- ``xlsx``: the one Excel renderer, generic over reports, formula-safe.
- ``pdf_base``: fonts, page setup, header and "Seite x von y" shared by every PDF; the
  ``pdf_*`` modules each supply only the story of one printout.
"""
