"""django-tables2 table of standings: its columns, headers and sort order.

The rows themselves are written out by ``templates/scoring/includes/standings_table.html``:
rendering 2,800 cells through django-tables2's per-cell machinery made a 400-player page ten
times as expensive as a plain table (see docs/performance.md).
"""

from __future__ import annotations

import django_tables2 as tables
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from scoring.standings.ranking import Standings


class StandingsTable(tables.Table):
    rank = tables.Column(
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

    # "/t/<slug>/spieler/" when names link to the players' pages (the id and "/" follow).
    player_base = ""

    class Meta:
        attrs = {"class": "data standings"}
        order_by = ("rank",)
        sequence = ("rank", "name", "...", "total", "games_won", "solos")
        empty_text = _("Noch keine bestätigten Spiele.")


class RoundPointsColumn(tables.Column):
    def __init__(self, index: int, **kwargs):
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
                number - 1, verbose_name=_("Durchg. %(number)d") % {"number": number}
            ),
        )
        for number in standings.round_numbers
    ]
    table = StandingsTable(list(standings.rows), extra_columns=extra)
    if player_links:
        player_url = reverse("public:player", args=[standings.tournament.slug, 0])
        table.player_base = player_url[: -len("0/")]
    return table
