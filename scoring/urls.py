"""The organiser's score sheet pages (login required)."""

from django.urls import path

from . import views, views_standings

app_name = "scoring"

SHEET = "<slug:slug>/durchgang/<int:number>/tisch/<int:table>/"

urlpatterns = [
    path(
        "<slug:slug>/tabelle/", views_standings.OrganiserStandingsView.as_view(), name="standings"
    ),
    path(SHEET, views.SheetView.as_view(), name="sheet"),
    path(SHEET + "vorschau/", views.SheetPreviewView.as_view(), name="sheet_preview"),
    path(SHEET + "bewerten/", views.SheetScoreGameView.as_view(), name="sheet_score"),
    path(
        SHEET + "bestaetigen/",
        views.SheetActionView.as_view(action="confirm"),
        name="sheet_confirm",
    ),
    path(
        SHEET + "zurueckgeben/", views.SheetActionView.as_view(action="return"), name="sheet_return"
    ),
    path(SHEET + "oeffnen/", views.SheetActionView.as_view(action="reopen"), name="sheet_reopen"),
    path(SHEET + "beenden/", views.SheetActionView.as_view(action="close"), name="sheet_close"),
]
