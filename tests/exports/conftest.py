"""Fixtures for printouts and exports: tournaments with confirmed sheets, and a place to look.

Set ``EXPORTS_RENDER_DIR`` to keep every PDF and workbook the tests make (for looking at them).
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable
from pathlib import Path

import pytest
from pypdf import PdfReader

from scoring.evening.rounds import draw_round, release_round
from tournament.models import Tournament


@pytest.fixture
def played_round_one(evening, organiser, confirm_round) -> Tournament:
    """The evening with every sheet of round 1 entered and confirmed."""
    confirm_round(evening, 1, organiser)
    return evening


@pytest.fixture
def complete_tournament(played_round_one, organiser, confirm_round) -> Tournament:
    """Two rounds played: round 2 seated by placement, released, every sheet confirmed."""
    draw_round(played_round_one, 2, seed=4711, user=organiser)
    release_round(played_round_one, 2, user=organiser)
    confirm_round(played_round_one, 2, organiser)
    return played_round_one


@pytest.fixture
def keep_output() -> Callable[[str, bytes], None]:
    """Write a generated file to ``$EXPORTS_RENDER_DIR`` when it is set; else do nothing."""
    target = os.environ.get("EXPORTS_RENDER_DIR")

    def keep(name: str, data: bytes) -> None:
        if target:
            Path(target).mkdir(parents=True, exist_ok=True)
            (Path(target) / name).write_bytes(data)

    return keep


def pdf_text(data: bytes) -> tuple[int, list[str]]:
    """Page count and the text of every page."""
    reader = PdfReader(io.BytesIO(data))
    return len(reader.pages), [page.extract_text().replace("\xa0", " ") for page in reader.pages]


@pytest.fixture
def ddv_evening(make_tournament, organiser) -> Tournament:
    """18 players at tables of 4, 4, 5 and 5 under the DDV rules, round 1 released."""
    from tests.conftest import EXAMPLES
    from tournament.participants.services import import_participants
    from tournament.seating.services import enter_slips

    tournament = make_tournament(ruleset="ddv")
    people = import_participants(
        tournament, (EXAMPLES / "teilnehmer.csv").read_bytes(), "teilnehmer.csv", user=organiser
    )
    enter_slips(tournament, {p.pk: n for n, p in enumerate(people, start=1)}, user=organiser)
    release_round(tournament, 1, user=organiser)
    return tournament


def play_ddv_round(tournament: Tournament, number: int, seed: int = 0) -> None:
    """Every table of round ``number`` plays a made-up legal DDV round (``rules.ddv.sample``)."""
    from demo.play import play_round
    from rules.ddv.sample import sample_rows

    round_ = tournament.rounds.get(number=number)
    play_round(
        round_,
        lambda sheet: sample_rows(sheet.size, 6 * sheet.size, seed + sheet.table.number),
    )
