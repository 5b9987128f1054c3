"""Printouts (PDF), spreadsheets (XLSX) and backups for organisers (login required)."""

app_name = "exports"

urlpatterns: list = []
