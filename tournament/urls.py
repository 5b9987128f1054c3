"""The organiser's pages (login required).

The round page's actions of a round's life (draw, release, take back, close, reopen,
substitutes) are ``scoring.evening.urls``, in this same namespace: ``config/urls.py`` puts both
under one ``tournament`` namespace, so that this app never reaches up into ``scoring``.
"""

from django.urls import path

from tournament.clock import views as clock
from tournament.events import views as events
from tournament.fees import views as fees
from tournament.members import views as members
from tournament.participants import views as participants
from tournament.privacy import views as privacy
from tournament.seating import views as seating
from tournament.signup import views as signup

app_name = "tournament"

urlpatterns = [
    path("", events.TournamentListView.as_view(), name="list"),
    path("neu/", events.TournamentCreateView.as_view(), name="create"),
    path("<slug:slug>/", events.TournamentDetailView.as_view(), name="detail"),
    path("<slug:slug>/einstellungen/", events.TournamentSettingsView.as_view(), name="settings"),
    path(
        "<slug:slug>/einstellungen/regelvorlage/",
        events.RulePresetSaveView.as_view(),
        name="rule_preset_save",
    ),
    path(
        "<slug:slug>/teilnehmer/", participants.ParticipantListView.as_view(), name="participants"
    ),
    path(
        "<slug:slug>/teilnehmer/import/",
        participants.ParticipantImportView.as_view(),
        name="participant_import",
    ),
    path(
        "<slug:slug>/teilnehmer/mitglieder/",
        members.RegisterMembersView.as_view(),
        name="participant_members",
    ),
    path(
        "<slug:slug>/teilnehmer/<int:pk>/mitglied/",
        members.MakeMemberView.as_view(),
        name="participant_make_member",
    ),
    path(
        "<slug:slug>/teilnehmer/<int:pk>/",
        participants.ParticipantEditView.as_view(),
        name="participant_edit",
    ),
    path(
        "<slug:slug>/teilnehmer/<int:pk>/datenschutz/",
        privacy.ParticipantPrivacyView.as_view(),
        name="participant_privacy",
    ),
    path(
        "<slug:slug>/teilnehmer/<int:pk>/anwesend/",
        participants.CheckInView.as_view(),
        name="participant_checkin",
    ),
    path(
        "<slug:slug>/teilnehmer/alle-anwesend/",
        participants.CheckInAllView.as_view(),
        name="participant_checkin_all",
    ),
    path(
        "<slug:slug>/teilnehmer/alle-anwesend/zurueck/",
        participants.UndoCheckInAllView.as_view(),
        name="participant_checkin_all_undo",
    ),
    path(
        "<slug:slug>/teilnehmer/<int:pk>/abmelden/",
        seating.WithdrawView.as_view(),
        name="participant_withdraw",
    ),
    path("<slug:slug>/durchgang/<int:number>/", seating.RoundView.as_view(), name="round"),
    path("<slug:slug>/durchgang/<int:number>/uhr/", clock.ClockDeskView.as_view(), name="clock"),
    path(
        "<slug:slug>/durchgang/<int:number>/uhr/stand/",
        clock.ClockStateView.as_view(),
        name="clock_state",
    ),
    *[
        path(
            f"<slug:slug>/durchgang/<int:number>/uhr/{segment}/",
            clock.ClockActionView.as_view(action=action),
            name=f"clock_{action}",
        )
        for action, segment in (
            ("start", "starten"),
            ("pause", "anhalten"),
            ("resume", "weiter"),
            ("extend", "nachspielzeit"),
            ("revoke", "nachspielzeit-zuruecknehmen"),
            ("reset", "zuruecksetzen"),
            ("settings", "einstellungen"),
        )
    ],
    path(
        "<slug:slug>/durchgang/<int:number>/losnummern/",
        seating.SlipEntryView.as_view(),
        name="slips",
    ),
    path("<slug:slug>/durchgang/<int:number>/tauschen/", seating.SwapView.as_view(), name="swap"),
    path(
        "<slug:slug>/durchgang/<int:number>/listenfuehrer/",
        seating.CaptainView.as_view(),
        name="captain",
    ),
    path(
        "<slug:slug>/durchgang/<int:number>/nachzuegler/",
        seating.LateArrivalView.as_view(),
        name="late",
    ),
    path(
        "<slug:slug>/durchgang/<int:number>/verwerfen/",
        seating.DiscardRoundView.as_view(),
        name="discard",
    ),
    path(
        "<slug:slug>/teilnehmer/<int:pk>/bezahlt/",
        fees.PaidView.as_view(),
        name="participant_paid",
    ),
    path("<slug:slug>/startgeld/", fees.PrizeSettingsView.as_view(), name="prize_settings"),
    path("<slug:slug>/protokoll/", events.AuditLogView.as_view(), name="audit"),
    path("<slug:slug>/anmeldungen/", signup.SignupListView.as_view(), name="signups"),
    path(
        "<slug:slug>/anmeldungen/einstellungen/",
        signup.SignupSettingsView.as_view(),
        name="signup_settings",
    ),
    path("<slug:slug>/anmeldungen/ankunft/", signup.SignupDeskView.as_view(), name="signup_desk"),
    path(
        "<slug:slug>/anmeldungen/<int:signup_pk>/verschieben/",
        signup.SignupActionView.as_view(action="move"),
        name="signup_move",
    ),
    path(
        "<slug:slug>/anmeldungen/<int:signup_pk>/absagen/",
        signup.SignupActionView.as_view(action="cancel"),
        name="signup_cancel",
    ),
]
