"""The round's life is one set of services (``scoring.evening``) that call the seating, the
sheets and the standings directly: no signal somebody must answer, one transaction for all."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import scoring.evening.rounds as rounds
import scoring.evening.substitutes as substitutes
from scoring.evening.rounds import draw_round, release_round
from scoring.evening.substitutes import replace_player
from scoring.models import Sheet
from tournament.errors import DomainError
from tournament.models import AuditEntry, Round, Seat, SeatChange
from tournament.participants.services import add_participant

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]


def defined_signals() -> list[str]:
    """Every ``Signal(...)`` made in a module of ours (``path:line``)."""
    found = []
    for package in ("config", "public", "demo", "seasons", "output", "scoring", "tournament"):
        for path in sorted((ROOT / package).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
            for node in ast.walk(tree):
                if isinstance(node, ast.Call):
                    name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
                    if name == "Signal":
                        found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


def test_no_module_of_ours_makes_a_signal_that_must_be_answered():
    assert defined_signals() == []


def refuse(*_args, **_kwargs):
    raise DomainError("refused by the sheets")


def test_a_refusing_sheet_step_leaves_the_released_round_untouched(
    tournament, add_participants, organiser, monkeypatch
):
    add_participants(tournament, 9)
    draw_round(tournament, 1, seed=7, user=organiser)
    monkeypatch.setattr(rounds, "create_sheets", refuse)
    with pytest.raises(DomainError, match="refused by the sheets"):
        release_round(tournament, 1, user=organiser)
    # The seating's own step ran first and is rolled back with the rest.
    assert Round.objects.get(tournament=tournament, number=1).status == Round.Status.DRAFT
    assert not Sheet.objects.exists()
    assert not tournament.audit_entries.filter(action=AuditEntry.Action.ROUND_RELEASED).exists()


def test_a_refusing_sheet_lock_keeps_the_seat(evening, organiser, monkeypatch):
    substitute = add_participant(evening, name="Berta Schmidt", user=organiser)
    seat = Seat.objects.get(round__tournament=evening, table__number=1, number=3)
    monkeypatch.setattr(substitutes, "lock_unconfirmed_sheet", refuse)
    with pytest.raises(DomainError, match="refused by the sheets"):
        replace_player(evening, 1, 1, 3, substitute, 9, reason="Zug", user=organiser)
    seat.refresh_from_db()
    assert seat.participant != substitute and not SeatChange.objects.exists()


def test_round_two_is_drawn_by_the_standings_without_any_receiver(
    evening, organiser, confirm_round
):
    """Placement asks the standings directly: nothing needs connecting at start-up."""
    confirm_round(evening, 1, organiser)
    round_two = draw_round(evening, 2, seed=7, user=organiser)
    assert round_two.method == Round.Method.PLACEMENT
    assert round_two.lots  # the placement's lots, from the standings after round 1
