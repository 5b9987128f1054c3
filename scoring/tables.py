"""django-tables2 tables of standings."""

from __future__ import annotations

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from .standings import Standings


class RankColumn(tables.Column):
    def render(self, value: int, record) -> str:
        return f"{value}."


class StandingsTable(tables.Table):
    rank = RankColumn(
        verbose_name=pgettext_lazy("rank", "Platz"),
        attrs={"td": {"class": "num rank"}, "th": {"class": "num"}},
    )
    name = tables.Column(verbose_name=_("Name"), attrs={"td": {"class": "name"}})
    total = tables.Column(
        verbose_name=_("Punkte"), attrs={"td": {"class": "num total"}, "th": {"class": "num"}}
    )
    games_won = tables.Column(
        verbose_name=_("gewonnene Spiele"),
        attrs={"td": {"class": "num hide-phone"}, "th": {"class": "num hide-phone"}},
    )
    solos = tables.Column(
        verbose_name=_("Soli"),
        attrs={"td": {"class": "num hide-phone"}, "th": {"class": "num hide-phone"}},
    )

    player_url = ""  # e.g. "/t/slug/spieler/%d/": names link to the players' pages

    def render_name(self, value: str, record) -> str:
        if self.player_url:
            return format_html(
                '<a href="{}">{}</a>', self.player_url % record.participant_id, value
            )
        return value

    def render_total(self, value: int) -> str:
        return format_html("<strong>{}</strong>", value)

    class Meta:
        attrs = {"class": "data standings"}
        order_by = ("rank",)
        sequence = ("rank", "name", "...", "total", "games_won", "solos")
        empty_text = _("Noch keine bestätigten Spiele.")


class RoundPointsColumn(tables.Column):
    def __init__(self, index: int, **kwargs):
        self.index = index
        super().__init__(
            accessor=f"rounds__{index}",
            attrs={"td": {"class": "num"}, "th": {"class": "num"}},
            **kwargs,
        )


def standings_table(standings: Standings, *, player_links: bool = False) -> StandingsTable:
    extra = [
        (
            f"round_{number}",
            RoundPointsColumn(
                number - 1,
                verbose_name=_("Durchg. %(number)d") % {"number": number},
            ),
        )
        for number in standings.round_numbers
    ]
    table = StandingsTable(list(standings.rows), extra_columns=extra)
    if player_links:
        table.player_url = (
            reverse("public:player", args=[standings.tournament.slug, 0])[: -len("0/")] + "%d/"
        )
    return table
