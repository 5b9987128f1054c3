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
