"""The organiser's pages (login required)."""

from django.urls import path

from . import views

app_name = "tournament"

urlpatterns = [
    path("", views.TournamentListView.as_view(), name="list"),
    path("neu/", views.TournamentCreateView.as_view(), name="create"),
    path("<slug:slug>/", views.TournamentDetailView.as_view(), name="detail"),
    path("<slug:slug>/einstellungen/", views.TournamentSettingsView.as_view(), name="settings"),
    path("<slug:slug>/teilnehmer/", views.ParticipantListView.as_view(), name="participants"),
    path(
        "<slug:slug>/teilnehmer/import/",
        views.ParticipantImportView.as_view(),
        name="participant_import",
    ),
    path(
        "<slug:slug>/teilnehmer/<int:pk>/",
        views.ParticipantEditView.as_view(),
        name="participant_edit",
    ),
    path(
        "<slug:slug>/teilnehmer/<int:pk>/anwesend/",
        views.ParticipantToggleView.as_view(field="checked_in"),
        name="participant_checkin",
    ),
    path(
        "<slug:slug>/teilnehmer/<int:pk>/abmelden/",
        views.ParticipantToggleView.as_view(field="withdrawn"),
        name="participant_withdraw",
    ),
    path("<slug:slug>/durchgang/<int:number>/", views.RoundView.as_view(), name="round"),
    path(
        "<slug:slug>/durchgang/<int:number>/auslosen/", views.DrawRoundView.as_view(), name="draw"
    ),
    path(
        "<slug:slug>/durchgang/<int:number>/losnummern/",
        views.SlipEntryView.as_view(),
        name="slips",
    ),
    path("<slug:slug>/durchgang/<int:number>/tauschen/", views.SwapView.as_view(), name="swap"),
    path(
        "<slug:slug>/durchgang/<int:number>/listenfuehrer/",
        views.CaptainView.as_view(),
        name="captain",
    ),
    path(
        "<slug:slug>/durchgang/<int:number>/nachzuegler/",
        views.LateArrivalView.as_view(),
        name="late",
    ),
    path(
        "<slug:slug>/durchgang/<int:number>/freigeben/",
        views.ReleaseRoundView.as_view(),
        name="release",
    ),
    path(
        "<slug:slug>/durchgang/<int:number>/verwerfen/",
        views.DiscardRoundView.as_view(),
        name="discard",
    ),
    path(
        "<slug:slug>/durchgang/<int:number>/abschliessen/",
        views.CloseRoundView.as_view(),
        name="close",
    ),
    path("<slug:slug>/protokoll/", views.AuditLogView.as_view(), name="audit"),
]
