"""Taking back a round's release while a captain's phone autosaves (issue 21): in every order one
consistent result and a JSON answer the phone understands, never a 500 (``Sheet.DoesNotExist``)
or a deadlock (503 on PostgreSQL); what was saved stays, and a refused autosave keeps the games
on the phone.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

import scoring.sheets.autosave as autosave_module
import scoring.sheets.services as sheet_services
import tournament.seating.steps as seating_steps
from scoring.evening.rounds import unrelease_round
from scoring.models import Sheet, SheetVersion
from tests.concurrent import one_after_another
from tournament.errors import DomainError
from tournament.models import Round, Table

pytestmark = pytest.mark.django_db(transaction=True)

GAME_ONE = {"revision": "0", "g1-winners": "14", "g1-value": "3", "g1-kind": "normal"}


def autosave(evening):
    """The captain's phone sends game 1 of table 1 (its own client and connection)."""
    table = Table.objects.get(round__tournament=evening, round__number=1, number=1)
    url = reverse("captain:autosave", args=[table.entry_token])
    return lambda: Client().post(url, GAME_ONE)


def round_status(evening) -> str:
    return Round.objects.get(tournament=evening, number=1).status


def assert_refused_with_the_sheet_gone(response) -> None:
    assert response.status_code == 409, response
    answer = response.json()
    assert answer["state"] == "locked"
    assert "Freigabe des Durchgangs zurückgenommen" in answer["message"]
    assert answer["server"]["rows"] == {}  # the phone keeps its games and shows them


def test_an_autosave_holding_its_sheet_keeps_the_release(evening):
    response, unreleased = one_after_another(
        autosave(evening),
        lambda: unrelease_round(evening, 1),
        pause_at=(sheet_services, "record"),  # the version written, not yet committed
    )

    assert response.status_code == 200, response
    assert response.json()["state"] == "saved"
    assert isinstance(unreleased, DomainError), unreleased
    assert "An Tisch 1 ist schon etwas gespeichert" in unreleased.message
    assert round_status(evening) == Round.Status.RELEASED
    assert SheetVersion.objects.filter(sheet__table__number=1).count() == 1


def test_an_autosave_that_read_the_sheet_before_the_release_was_taken_back(evening):
    response, unreleased = one_after_another(
        autosave(evening),
        lambda: unrelease_round(evening, 1),
        pause_at=(autosave_module, "build_page"),  # read and scored, its write not begun
    )

    assert isinstance(unreleased, Round), unreleased
    assert_refused_with_the_sheet_gone(response)
    assert round_status(evening) == Round.Status.DRAFT
    assert not Sheet.objects.exists() and not SheetVersion.objects.exists()


def test_an_autosave_while_the_release_is_being_taken_back(evening):
    unreleased, response = one_after_another(
        lambda: unrelease_round(evening, 1),
        autosave(evening),
        pause_at=(seating_steps, "record"),  # the sheets deleted, not yet committed
    )

    assert isinstance(unreleased, Round), unreleased
    assert_refused_with_the_sheet_gone(response)
    assert round_status(evening) == Round.Status.DRAFT
    assert not Sheet.objects.exists() and not SheetVersion.objects.exists()
