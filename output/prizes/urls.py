"""The prize list and the ledger (login required, Turnierleitung)."""

from django.urls import path

from output.prizes import views

app_name = "prizes"

PRIZES = "<slug:slug>/preise/"

urlpatterns = [
    path(PRIZES, views.PrizeListView.as_view(), name="list"),
    path(PRIZES + "preisliste.pdf", views.PrizeListPdfView.as_view(), name="list_pdf"),
    path(PRIZES + "preisliste.xlsx", views.PrizeListXlsxView.as_view(), name="list_xlsx"),
    path(PRIZES + "kassenbericht.pdf", views.LedgerPdfView.as_view(), name="ledger_pdf"),
    path(PRIZES + "kassenbericht.xlsx", views.LedgerXlsxView.as_view(), name="ledger_xlsx"),
]
