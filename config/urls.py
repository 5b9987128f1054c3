"""URL map: public pages at the root, the organiser's pages under /verwaltung/.

The public pages come from both apps (seat lookup from ``tournament``, standings, rules, player
pages and projector from ``scoring``); they are composed here, at the top, so that ``tournament``
never reaches up into ``scoring``.
"""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from config.login import ThrottledLoginView
from scoring.evening import urls as evening_urls
from scoring.public import views as scoring_public
from scoring.seasons import views as seasons
from scoring.standings import views as standings
from tournament import urls as tournament_urls
from tournament.clubs import login_views as club_logins
from tournament.public import views as tournament_public

TOURNAMENT = "t/<slug:slug>/"
SEASON = "v/<slug:club>/saison/<slug:season>/"

public_patterns = [
    path("", seasons.HomeWithSeasonsView.as_view(), name="home"),
    path(TOURNAMENT, tournament_public.TournamentView.as_view(), name="tournament"),
    path(TOURNAMENT + "wo-sitze-ich/", tournament_public.SeatLookupView.as_view(), name="lookup"),
    path(TOURNAMENT + "sitzordnung/", tournament_public.SeatingView.as_view(), name="seating"),
    path(TOURNAMENT + "tabelle/", standings.PublicStandingsView.as_view(), name="standings"),
    path(TOURNAMENT + "regeln/", scoring_public.RulesView.as_view(), name="rules"),
    path(
        TOURNAMENT + "spieler/<slug:public_id>/",
        scoring_public.PlayerView.as_view(),
        name="player",
    ),
    path(TOURNAMENT + "beamer/", scoring_public.ProjectorView.as_view(), name="projector"),
    path(SEASON, seasons.PublicSeasonView.as_view(), name="season"),
    path(SEASON + "beamer/", seasons.SeasonProjectorView.as_view(), name="season_projector"),
    path(
        SEASON + "mitglied/<slug:member>/",
        seasons.PublicSeasonMemberView.as_view(),
        name="season_member",
    ),
]

urlpatterns = [
    path("", include((public_patterns, "public"))),
    path("konto/anmelden/", ThrottledLoginView.as_view(), name="login"),
    path("konto/abmelden/", auth_views.LogoutView.as_view(), name="logout"),
    # A club's invitation link (tournament/clubs/logins.py): no login needed to open it.
    path("konto/einladung/<str:token>/", club_logins.InvitationView.as_view(), name="invitation"),
    path("i18n/", include("django.conf.urls.i18n")),
    # Club pages first: "vereine" is no tournament's short name (RESERVED_SLUGS).
    path("verwaltung/vereine/", include("scoring.seasons.urls")),
    path("verwaltung/vereine/", include("tournament.members.urls")),
    # The organiser's tournament pages and, in the same namespace, the round's life (draw,
    # release, close ...: scoring/evening/), which moves the score sheets too.
    path(
        "verwaltung/",
        include((tournament_urls.urlpatterns + evening_urls.urlpatterns, "tournament")),
    ),
    path("verwaltung/", include("scoring.urls")),
    path("verwaltung/", include("scoring.urls_exports")),
    path("verwaltung/", include("scoring.prizes.urls")),
    path("api/", include("scoring.urls_api")),
    path("e/", include("scoring.urls_captain")),
    # Superusers only (config/admin_site.py): logins and who may manage which tournament.
    path("admin/", admin.site.urls),
]

# Our error pages in the base layout (JSON on the JSON endpoints): config/errors.py.
handler400 = "config.errors.bad_request"
handler403 = "config.errors.permission_denied"
handler404 = "config.errors.page_not_found"
handler500 = "config.errors.server_error"
