"""What is printed and taken home at the end: PDFs (``printouts``), spreadsheets and CSV
(``spreadsheets``), both rendered from the same report rows (``reports``); the prize list and
the ledger (``prizes``); the whole tournament as a backup document and back (``backup``).
The organiser's downloads page and views are ``views``, the URLs ``urls``."""
