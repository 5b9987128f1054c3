"""The standings on screen: a django-tables2 table of the ``SCREEN`` columns of ``columns``.

django-tables2 provides the header, the sort links and the sort order. The rows are written out
by :meth:`StandingsTable.body_rows`, one string per row: rendering 2,800 cells through
django-tables2's per-cell machinery made a 400-player page ten times as expensive as a plain
table (see docs/performance.md).
"""

from __future__ import annotations

from collections.abc import Callable

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.standings.columns import RANK, SCREEN, TEXT, Field, fields, shown
from scoring.standings.ranking import StandingRow, Standings


def header_class(field: Field) -> str:
    column = field.column
    return " ".join(
        name
        for name, wanted in (("num", column.numeric), ("hide-phone", not column.on_phones))
        if wanted
    )


def cell_class(field: Field) -> str:
    column = field.column
    if column.kind == TEXT:
        classes = [column.key]
    else:
        classes = ["num"]
        if column.kind == RANK or column.emphasis:
            classes.append(column.key)
    if not column.on_phones:
        classes.append("hide-phone")
    return " ".join(classes)


def table_column(field: Field) -> tables.Column:
    attrs = {"td": {"class": cell_class(field)}}
    if header_class(field):
        attrs["th"] = {"class": header_class(field)}
    attribute = field.column.attribute
    if field.column.kind == RANK:
        attribute = "place_order"  # a row without a place sorts after the places
    accessor = f"{attribute}__{field.round - 1}" if field.round else attribute
    return tables.Column(verbose_name=field.header, accessor=accessor, attrs=attrs)


class StandingsTable(tables.Table):
    """Columns come from ``standings_table``; names link to the players' pages when
    ``player_base`` is set ("/t/<slug>/spieler/"; the public id and "/" follow)."""

    player_base = ""

    class Meta:
        attrs = {"class": "data standings"}
        order_by = ("rank",)
        empty_text = _("Noch keine bestätigten Spiele.")

    def __init__(self, data, *, screen_fields: list[Field]) -> None:
        super().__init__(
            data, extra_columns=[(field.name, table_column(field)) for field in screen_fields]
        )
        self.screen_fields = screen_fields

    def body_rows(self) -> list[SafeString]:
        """Each row of the (sorted) data as ``<tr>…</tr>``."""
        cells = [self._cell(field) for field in self.screen_fields]
        return [
            mark_safe("<tr>" + "".join(cell(row) for cell in cells) + "</tr>") for row in self.data
        ]

    def _cell(self, field: Field) -> Callable[[StandingRow], str]:
        """A function writing ``field``'s cell of a row (values escaped where they are text)."""
        column = field.column
        start = f'<td class="{cell_class(field)}">'
        if column.kind == TEXT:
            if column.key == "name":
                return self._name_cell(start)
            return lambda row: f"{start}{escape(field.value(row))}</td>"
        if column.emphasis:
            return lambda row: f"{start}<strong>{shown(field, row)}</strong></td>"
        return lambda row: f"{start}{shown(field, row)}</td>"

    def _name_cell(self, start: str) -> Callable[[StandingRow], str]:
        """The name, linked to the player's page if there are such pages; withdrawn players
        get the badge "abgemeldet"."""
        badge = f' <span class="badge withdrawn">{escape(gettext("abgemeldet"))}</span>'
        base = escape(self.player_base)

        def cell(row: StandingRow) -> str:
            name = escape(row.name)
            if base:
                name = f'<a href="{base}{escape(row.public_id)}/">{name}</a>'
            return f"{start}{name}{badge if row.withdrawn else ''}</td>"

        return cell


def standings_table(standings: Standings, *, player_links: bool = False) -> StandingsTable:
    table = StandingsTable(
        list(standings.rows),
        screen_fields=fields(
            SCREEN,
            standings.round_numbers,
            standings.tournament.rules,
            standings.tournament.standings_format,
        ),
    )
    if player_links:
        player_url = reverse("public:player", args=[standings.tournament.slug, "x"])
        table.player_base = player_url[: -len("x/")]
    return table
