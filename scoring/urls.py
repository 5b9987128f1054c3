"""The organiser's score sheet pages, the live board and the standings (login required).

The projector's desk (``public.show.urls``) joins this namespace in ``config/urls.py``."""

from django.urls import path

from scoring.board import views as views_board
from scoring.sheets import views, views_overview
from scoring.standings import views as views_standings

app_name = "scoring"

SHEET = "<slug:slug>/durchgang/<int:number>/tisch/<int:table>/"

ROUND = "<slug:slug>/durchgang/<int:number>/"

urlpatterns = [
    path(ROUND + "listen/", views_overview.RoundSheetsView.as_view(), name="round_sheets"),
    path(ROUND + "tische-live/", views_board.BoardView.as_view(), name="board"),
    path(ROUND + "tische-live/daten/", views_board.BoardDataView.as_view(), name="board_data"),
    path(
        ROUND + "tisch/<int:table>/link-sperren/",
        views_overview.LinkActionView.as_view(action="revoke"),
        name="link_revoke",
    ),
    path(
        ROUND + "tisch/<int:table>/link-freigeben/",
        views_overview.LinkActionView.as_view(action="allow"),
        name="link_allow",
    ),
    path(
        ROUND + "tisch/<int:table>/link-erneuern/",
        views_overview.LinkActionView.as_view(action="renew"),
        name="link_renew",
    ),
    path(
        "<slug:slug>/tabelle/", views_standings.OrganiserStandingsView.as_view(), name="standings"
    ),
    path(SHEET, views.SheetView.as_view(), name="sheet"),
    path(SHEET + "vorschau/", views.SheetPreviewView.as_view(), name="sheet_preview"),
    path(SHEET + "bewerten/", views.SheetScoreGameView.as_view(), name="sheet_score"),
    path(SHEET + "sichern/", views.SheetAutosaveView.as_view(), name="sheet_autosave"),
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
    path(SHEET + "zeit/", views.SheetActionView.as_view(action="time_up"), name="sheet_time_up"),
    path(
        SHEET + "zeit-zuruecknehmen/",
        views.SheetActionView.as_view(action="time_up_clear"),
        name="sheet_time_up_clear",
    ),
]
