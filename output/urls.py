"""Printouts (PDF), spreadsheets (XLSX) and backups for organisers (login required)."""

from django.urls import path

from output import personal, views
from output.backup.restore_views import RestoreView
from output.backup.views import BackupView

app_name = "exports"

PRINT = "<slug:slug>/druck/"
ROUND_PRINT = PRINT + "durchgang/<int:number>/"
EXPORT = "<slug:slug>/export/"
MEMBER = "vereine/<slug:club>/mitglieder/<slug:member>/"

urlpatterns = [
    path(PRINT, views.DownloadsView.as_view(), name="downloads"),
    path(ROUND_PRINT + "sitzordnung.pdf", views.SeatingPdfView.as_view(), name="seating_pdf"),
    path(
        ROUND_PRINT + "tischkarten.pdf", views.TableCardsPdfView.as_view(), name="table_cards_pdf"
    ),
    path(ROUND_PRINT + "spiellisten.pdf", views.ScoreSheetsPdfView.as_view(), name="sheets_pdf"),
    path(
        ROUND_PRINT + "alle-ausdrucke.zip",
        views.RoundPrintoutsZipView.as_view(),
        name="round_printouts",
    ),
    path(ROUND_PRINT + "losnummern.pdf", views.SlipsPdfView.as_view(), name="slips_pdf"),
    path(PRINT + "anwesenheit.pdf", views.CheckinPdfView.as_view(), name="checkin_pdf"),
    path(PRINT + "tabelle.pdf", views.StandingsPdfView.as_view(), name="standings_pdf"),
    path(PRINT + "urkunden.pdf", views.CertificatesPdfView.as_view(), name="certificates_pdf"),
    path(
        EXPORT + "teilnehmer.xlsx", views.ParticipantsXlsxView.as_view(), name="participants_xlsx"
    ),
    path(
        EXPORT + "durchgang/<int:number>/sitzordnung.xlsx",
        views.SeatingXlsxView.as_view(),
        name="seating_xlsx",
    ),
    path(EXPORT + "tabelle.xlsx", views.StandingsXlsxView.as_view(), name="standings_xlsx"),
    path(EXPORT + "spiele.xlsx", views.GamesXlsxView.as_view(), name="games_xlsx"),
    path(EXPORT + "ergebnisse-csv.zip", views.ResultsCsvZipView.as_view(), name="results_csv_zip"),
    path(
        EXPORT + "ergebnisse-je-durchgang.xlsx",
        views.RankingListXlsxView.as_view(),
        name="ranking_list_xlsx",
    ),
    path(
        EXPORT + "ergebnisse-je-durchgang.csv",
        views.RankingListCsvView.as_view(),
        name="ranking_list_csv",
    ),
    path(EXPORT + "sicherung.json", BackupView.as_view(), name="backup"),
    # A person's data (Auskunft): a participant, or a member of the club with every evening.
    path(
        EXPORT + "teilnehmer/<int:pk>/auskunft.json",
        personal.ParticipantDataView.as_view(),
        name="participant_data_json",
    ),
    path(
        EXPORT + "teilnehmer/<int:pk>/auskunft.pdf",
        personal.ParticipantDataView.as_view(kind="pdf"),
        name="participant_data_pdf",
    ),
    path(MEMBER + "auskunft.json", personal.MemberDataView.as_view(), name="member_data_json"),
    path(
        MEMBER + "auskunft.pdf",
        personal.MemberDataView.as_view(kind="pdf"),
        name="member_data_pdf",
    ),
    # Not below a tournament's slug: "verwaltung/<slug>/" is the tournament's page.
    path("sicherung/einlesen/", RestoreView.as_view(), name="restore"),
]
