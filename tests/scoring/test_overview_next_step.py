"""The overview suggests the step the services allow next, round by round."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.evening.rounds import close_round, draw_round, release_round
from scoring.models import Sheet
from scoring.sheets.services import submit_sheet
from tests.conftest import example_records

pytestmark = pytest.mark.django_db


def next_step(client, tournament) -> str:
    html = client.get(reverse("tournament:detail", args=[tournament.slug])).content.decode()
    actions = html.split('<div class="actions">', 1)[1].split("</div>", 1)[0]
    return " ".join(actions.split())


def test_next_step_follows_the_evening(
    organiser_client, tournament, add_participants, confirm_round, organiser
):
    tournament.rounds_count = 2
    tournament.save()
    add_participants(tournament, 8)
    assert "Durchgang 1 auslosen" in next_step(organiser_client, tournament)

    draw_round(tournament, 1, seed=7, user=organiser)
    step = next_step(organiser_client, tournament)
    assert "Durchgang 1 freigeben" in step
    assert "setzen" not in step

    release_round(tournament, 1, user=organiser)
    step = next_step(organiser_client, tournament)
    assert "Listen von Durchgang 1 erfassen" in step
    assert reverse("scoring:round_sheets", args=[tournament.slug, 1]) in step

    sheet = Sheet.objects.filter(round__tournament=tournament).order_by("table__number").first()
    records = example_records(4)
    submit_sheet(sheet, records, expected_revision=sheet.revision, user=organiser, final=True)
    assert "Listen bestätigen" in next_step(organiser_client, tournament)

    confirm_round(tournament, 1)
    assert "Durchgang 2 setzen" in next_step(organiser_client, tournament)

    draw_round(tournament, 2, user=organiser)
    assert "Durchgang 2 freigeben" in next_step(organiser_client, tournament)
    release_round(tournament, 2, user=organiser)
    confirm_round(tournament, 2)
    assert "Durchgang 2 abschließen" in next_step(organiser_client, tournament)
    close_round(tournament, 2, user=organiser)
    assert reverse("scoring:standings", args=[tournament.slug]) in next_step(
        organiser_client, tournament
    )
