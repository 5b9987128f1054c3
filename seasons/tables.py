"""The season table on screen (django-tables2: header, sort links, sort order) and the rows
every output renders: screen, projector, PDF, Excel and the JSON API.

Like the standings, the body is written out row by row (``SeasonTable.body_rows``): a season of
400 members would otherwise cost django-tables2's per-cell rendering.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import django_tables2 as tables
from django.utils.formats import number_format
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from scoring.models import Season
from seasons.core import SeasonRow
from seasons.ranking import SeasonTable

UNRANKED_ORDER = 10**9  # unranked rows sort after every place


def by_table_points(season: Season) -> bool:
    return season.metric == Season.Metric.TABLE_POINTS


def figure_label(season: Season) -> str:
    """The figure every evening adds: "Punkte" or "Tischpunkte"."""
    return gettext("Tischpunkte") if by_table_points(season) else gettext("Punkte")


def points_label(season: Season) -> str:
    """The counted column's header."""
    if season.rule != Season.Rule.BEST:
        return figure_label(season)
    if by_table_points(season):
        return gettext("Tischpunkte (beste %(n)d)") % {"n": season.best_count}
    return gettext("Punkte (beste %(n)d)") % {"n": season.best_count}


def all_label(season: Season) -> str:
    """The header of the figure over all evenings (rule ``best``)."""
    return gettext("alle Tischpunkte") if by_table_points(season) else gettext("alle Punkte")


def shown_average(row: SeasonRow) -> str:
    return "–" if row.average is None else number_format(row.average, 2)


def shown_rank(row: SeasonRow) -> str:
    return "–" if row.rank is None else f"{row.rank}."


def row_record(row: SeasonRow) -> dict[str, Any]:
    """A row as the table's data: shown values and sort keys."""
    return {
        "row": row,
        "rank": row.rank if row.rank is not None else UNRANKED_ORDER,
        "name": row.name,
        "evenings": row.evenings,
        "rounds": row.rounds,
        "points": row.points,
        "total": row.total,
        "average": row.average if row.average is not None else float("-inf"),
    }


class SeasonTableView(tables.Table):
    """Columns: place, name, evenings, rounds, points (the counted figure), all points (only for
    ``best``), average. Names link to the members' season pages when ``member_base`` is set."""

    rank = tables.Column(
        verbose_name=pgettext_lazy("rank", "Platz"), attrs={"th": {"class": "num"}}
    )
    name = tables.Column(verbose_name=_("Name"))
    evenings = tables.Column(verbose_name=_("Abende"), attrs={"th": {"class": "num"}})
    rounds = tables.Column(verbose_name=_("Durchgänge"), attrs={"th": {"class": "num"}})
    points = tables.Column(verbose_name=_("Punkte"), attrs={"th": {"class": "num"}})
    total = tables.Column(verbose_name=_("alle Punkte"), attrs={"th": {"class": "num hide-phone"}})
    average = tables.Column(verbose_name=_("Schnitt"), attrs={"th": {"class": "num"}})

    member_base = ""
    public_ids: dict[int, str]

    class Meta:
        attrs = {"class": "data standings season"}
        order_by = ("rank",)
        empty_text = _("Noch keine bestätigten Spiele an den Abenden der Saison.")

    def __init__(self, data, *, season: Season) -> None:
        exclude = () if season.rule == Season.Rule.BEST else ("total",)
        super().__init__(data, exclude=exclude)
        self.columns["points"].column.verbose_name = points_label(season)
        if "total" in self.columns.names():
            self.columns["total"].column.verbose_name = all_label(season)
        self.season = season
        # On a phone (as the tournament's standings do) only place, name, evenings and the
        # figure the rule ranks by: points, or the average for the "average" rule.
        self.phone_hidden = {"rounds", "total", "points" if self.ranks_by_average else "average"}
        for name in self.phone_hidden:
            if name in self.columns.names():
                self.columns[name].column.attrs = {"th": {"class": "num hide-phone"}}

    @property
    def ranks_by_average(self) -> bool:
        return self.season.rule == Season.Rule.AVERAGE

    def _class(self, name: str, base: str) -> str:
        return f"{base} hide-phone" if name in self.phone_hidden else base

    def body_rows(self) -> list[SafeString]:
        cells = [self._cell(column.name) for column in self.columns]
        return [
            mark_safe(
                f"<tr{' class=unranked' if record['row'].rank is None else ''}>"
                + "".join(cell(record["row"]) for cell in cells)
                + "</tr>"
            )
            for record in self.data
        ]

    def _cell(self, name: str) -> Callable[[SeasonRow], str]:
        if name == "name":
            base = escape(self.member_base)

            def cell(row: SeasonRow) -> str:
                text = escape(row.name)
                if base:
                    public_id = escape(self.public_ids.get(row.member_id, ""))
                    text = f'<a href="{base}{public_id}/">{text}</a>'
                return f'<td class="name">{text}</td>'

            return cell
        if name == "rank":
            return lambda row: f'<td class="num rank">{shown_rank(row)}</td>'
        css = self._class(name, "num")
        if name == "points":
            total = self._class(name, "num total")
            return lambda row: f'<td class="{total}"><strong>{row.points}</strong></td>'
        if name == "total":
            return lambda row: f'<td class="{css}">{row.total}</td>'
        if name == "average":
            return lambda row: f'<td class="{css}">{shown_average(row)}</td>'
        return lambda row: f'<td class="{css}">{getattr(row, name)}</td>'


def season_table(table: SeasonTable, *, member_base: str = "") -> SeasonTableView:
    view = SeasonTableView([row_record(row) for row in table.rows], season=table.season)
    view.member_base = member_base
    view.public_ids = table.public_ids
    return view
