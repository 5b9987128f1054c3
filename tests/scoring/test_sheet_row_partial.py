"""A sheet row is rendered in one place (``templates/scoring/includes/sheet_row.html``) from the
ruleset's entry spec: the form's rows, the read-only sheet's rows and the blank row the page's
script clones (its HTML as JSON in ``#sheet-row-template``) are the same partial; the inputs are the
spec's (names, bounds, choices), for the house rules and for DDV."""

from __future__ import annotations

import json
import re

import pytest
from django.urls import reverse

from scoring.models import Sheet
from scoring.sheets.services import submit_sheet
from tests.scoring.test_ddv_desk import ddv_evening  # noqa: F401

pytestmark = pytest.mark.django_db


def sheet_html(client, tournament, table: int = 1) -> str:
    return client.get(reverse("scoring:sheet", args=[tournament.slug, 1, table])).content.decode()


def row_inputs(html: str, number: str) -> list[str]:
    """The names of row ``number``'s inputs, without the row's prefix, in page order."""
    return [name for name in re.findall(rf'name="g{number}-([a-z_0-9]+)"', html)]


def template_of(html: str) -> str:
    """The blank row the page's script clones, as the server rendered it (JSON in the page)."""
    match = re.search(
        r'<script id="sheet-row-template" type="application/json">(.*?)</script>', html
    )
    assert match, "the page has no row template"
    return json.loads(match.group(1))


@pytest.mark.parametrize("fixture", ["evening", "ddv_evening"])
def test_the_blank_row_the_script_clones_has_the_inputs_of_the_rendered_rows(
    fixture, request, organiser_client
):
    tournament = request.getfixturevalue(fixture)
    html = sheet_html(organiser_client, tournament)
    blank = template_of(html)
    assert row_inputs(blank, "__n__") == row_inputs(html, "2")
    # Only the sheet's real rows are markup in the page (the blank one is JSON).
    assert html.count('class="game-row') == (24 if fixture == "ddv_evening" else 16)
    assert 'aria-label="Spiel __n__: Sieger"' in blank and 'data-game="__n__"' in blank
    # Every input name the page's script reads is one the partial renders.
    fields = re.search(r'data-fields="([^"]*)"', html).group(1).split()
    assert sorted(fields) == sorted(set(row_inputs(html, "2")))


def test_the_quick_entry_follows_the_rulesets_bounds(evening, ddv_evening, organiser_client):  # noqa: F811
    house = sheet_html(organiser_client, evening)
    ddv = sheet_html(organiser_client, ddv_evening)
    value = r'<input type="text" id="g1-value" name="g1-value" value="" inputmode="numeric"'
    assert re.search(value + r' autocomplete="off" maxlength="4"', house)
    # DDV: a value is at most 29, so two digits; a seat's direct points at most 63.
    assert re.search(value + r' autocomplete="off" maxlength="2"', ddv)
    assert re.search(r'name="g1-p1" value="" maxlength="3"', ddv)
    assert ">aus den Siegern</option>" in house and ">aus den Siegern</option>" in ddv


def test_the_read_only_sheet_renders_its_rows_with_the_same_partial(
    ddv_evening,  # noqa: F811
    organiser_client,
    organiser,
):
    sheet = Sheet.objects.get(round__tournament=ddv_evening, round__number=1, table__number=1)
    records = [
        {"kind": "normal", "winners": [1, 2], "value": 1},
        {"kind": "normal", "penalty": {"offender": 3, "severity": "geringfuegig"}},
    ]
    submit_sheet(sheet, records, expected_revision=sheet.revision, user=organiser)
    Sheet.objects.filter(pk=sheet.pk).update(status=Sheet.Status.CONFIRMED)
    html = sheet_html(organiser_client, ddv_evening)
    assert 'class="data sheet readonly size-4"' in html
    assert "sheet-row-template" not in html and 'name="g1-' not in html
    assert html.count('<tr class="game-row') == 2
    # The penalty line has no game number (the paper's numbers run on) and no kind of game.
    assert (
        '<td class="num game-no"><span class="game-number hidden"><span class="game-count">'
        '</span></span><span class="badge row-kind">Strafe</span></td>\n        '
        '<td class="dealer-col">'
    ) in html
    penalty_row = html.split('data-game="2"', 1)[1].split("</tr>", 1)[0]
    assert '<td class="kind-text">–</td>' in penalty_row, penalty_row
    assert '<span class="dealer-name">' in html and "1 + 2" in html


def test_the_ddv_desk_sheet_opens_only_the_extras_a_row_needs(
    ddv_evening,  # noqa: F811
    organiser_client,
    organiser,
):
    from tests.scoring.test_ddv_desk import MINOR, RD1

    sheet = Sheet.objects.get(round__tournament=ddv_evening, round__number=1, table__number=1)
    rows = [*RD1[:3], MINOR, *RD1[3:]]
    assert sum(1 for row in RD1 if row["kind"].startswith("solo_")) >= 4
    submit_sheet(sheet, rows, expected_revision=sheet.revision, user=organiser, final=False)
    html = sheet_html(organiser_client, ddv_evening)
    # The solos' soloists follow from their winners: only the penalty line's extras are open.
    assert html.count('<tr class="row-extra open"') == 1
    assert '<tr class="row-extra open" data-game="4">' in html
