"""Read-only JSON for scoreboards and other clubs' tools."""

from django.urls import path

from scoring.seasons import views as views_seasons
from scoring.standings import views as views_standings
from tournament.clock import views as views_clock

app_name = "api"

urlpatterns = [
    path("t/<slug:slug>/standings", views_standings.standings_api, name="standings"),
    path("t/<slug:slug>/rounds/<int:number>/tables", views_standings.tables_api, name="tables"),
    path("t/<slug:slug>/clock", views_clock.public_clock, name="clock"),
    path("v/<slug:club>/seasons/<slug:season>/standings", views_seasons.season_api, name="season"),
]
