"""Read-only JSON for scoreboards and other clubs' tools."""

from django.urls import path

from public import api, seasons
from tournament.clock import views as views_clock

app_name = "api"

urlpatterns = [
    path("t/<slug:slug>/standings", api.standings_api, name="standings"),
    path("t/<slug:slug>/rounds/<int:number>/tables", api.tables_api, name="tables"),
    path("t/<slug:slug>/clock", views_clock.public_clock, name="clock"),
    path("v/<slug:club>/seasons/<slug:season>/standings", seasons.season_api, name="season"),
]
