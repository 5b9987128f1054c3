"""Printouts, spreadsheets and backups of a tournament.

- ``reports``: each report (participants, seating, standings, games) as a header and rows;
  nothing here knows about file formats.
- ``xlsx``: the one Excel renderer, generic over reports, formula-safe.
- ``pdf_base``: fonts, page setup, header and "Seite x von y" shared by every PDF; the
  ``pdf_*`` modules each supply only the story of one printout.
- ``backup``: the whole tournament as one JSON document and back.
"""
