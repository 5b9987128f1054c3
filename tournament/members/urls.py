"""A club's pages under /verwaltung/vereine/<club>/: the member registry, the logo, the logins
and invitations, the club's tournaments; and founding a club (/verwaltung/vereine/neu/)."""

from django.urls import path

from tournament.clubs import login_views as logins
from tournament.clubs.views import ClubLogoView
from tournament.members import views
from tournament.privacy import views as privacy

app_name = "clubs"

urlpatterns = [
    path("neu/", logins.FoundClubView.as_view(), name="create"),
    path("<slug:club>/zugaenge/", logins.ClubLoginsView.as_view(), name="logins"),
    path("<slug:club>/zugaenge/aendern/", logins.ClubLoginView.as_view(), name="login"),
    path(
        "<slug:club>/einladungen/zuruecknehmen/",
        logins.WithdrawInvitationView.as_view(),
        name="invitation_withdraw",
    ),
    path("<slug:club>/turniere/", logins.ClubTournamentsView.as_view(), name="tournaments"),
    path("<slug:club>/mitglieder/", views.MemberListView.as_view(), name="members"),
    path("<slug:club>/mitglieder/<slug:member>/", views.MemberEditView.as_view(), name="member"),
    path("<slug:club>/logo/", ClubLogoView.as_view(), name="logo"),
    path("<slug:club>/datenschutz/", privacy.ClubPrivacyView.as_view(), name="privacy"),
    path(
        "<slug:club>/mitglieder/<slug:member>/datenschutz/",
        privacy.MemberPrivacyView.as_view(),
        name="member_privacy",
    ),
]
