"""The public pages, no login: the start page, a tournament's pages for its players (seat
lookup, seating, standings, rules, player pages, projector) and a club's public season pages."""

from django.urls import path

from public import embed, players, seasons, standings, views, views_scores

app_name = "public"

TOURNAMENT = "t/<slug:slug>/"
SEASON = "v/<slug:club>/saison/<slug:season>/"

urlpatterns = [
    path("", views.HomeView.as_view(), name="home"),
    path(TOURNAMENT, views.TournamentView.as_view(), name="tournament"),
    path(TOURNAMENT + "wo-sitze-ich/", views.SeatLookupView.as_view(), name="lookup"),
    path(TOURNAMENT + "sitzordnung/", views.SeatingView.as_view(), name="seating"),
    path(TOURNAMENT + "tabelle/", standings.PublicStandingsView.as_view(), name="standings"),
    path(TOURNAMENT + "regeln/", views_scores.RulesView.as_view(), name="rules"),
    path(
        TOURNAMENT + "spieler/<slug:public_id>/",
        views_scores.PlayerView.as_view(),
        name="player",
    ),
    path(TOURNAMENT + "beamer/", views_scores.ProjectorView.as_view(), name="projector"),
    path(SEASON, seasons.PublicSeasonView.as_view(), name="season"),
    path(SEASON + "beamer/", seasons.SeasonProjectorView.as_view(), name="season_projector"),
    path(
        SEASON + "mitglied/<slug:member>/",
        seasons.PublicSeasonMemberView.as_view(),
        name="season_member",
    ),
    path(
        "v/<slug:club>/spieler/<slug:member>/", players.ClubPlayerView.as_view(), name="player_card"
    ),
    path("p/<str:personal>/", players.PersonalPlayerView.as_view(), name="personal"),
    # For a club's own website, in an iframe (only from the sites the club lists).
    path("einbetten/" + TOURNAMENT + "tabelle/", embed.EmbedStandingsView.as_view(), name="embed"),
    path("einbetten/" + SEASON, embed.EmbedSeasonView.as_view(), name="embed_season"),
]
