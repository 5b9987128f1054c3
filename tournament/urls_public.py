"""Pages for players: no login, released rounds only, each switchable by the organiser."""

from django.urls import path

from scoring import views_public as scoring_public
from scoring import views_standings

from . import views_public

app_name = "public"

urlpatterns = [
    path("", views_public.HomeView.as_view(), name="home"),
    path("t/<slug:slug>/", views_public.TournamentView.as_view(), name="tournament"),
    path("t/<slug:slug>/wo-sitze-ich/", views_public.SeatLookupView.as_view(), name="lookup"),
    path("t/<slug:slug>/sitzordnung/", views_public.SeatingView.as_view(), name="seating"),
    path("t/<slug:slug>/tabelle/", views_standings.PublicStandingsView.as_view(), name="standings"),
    path("t/<slug:slug>/regeln/", scoring_public.RulesView.as_view(), name="rules"),
    path("t/<slug:slug>/spieler/<int:pk>/", scoring_public.PlayerView.as_view(), name="player"),
    path("t/<slug:slug>/beamer/", scoring_public.ProjectorView.as_view(), name="projector"),
]
