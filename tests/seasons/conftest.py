"""A club with evenings played through the real services (confirmed sheets only)."""

from __future__ import annotations

import datetime
from collections.abc import Callable

import pytest

from demo.management.commands.generate_demo import generated_records
from demo.play import play_round
from scoring.evening.rounds import draw_round, release_round
from tournament.clubs.services import create_club
from tournament.events.services import create_tournament
from tournament.models import Club, Tournament
from tournament.participants.services import add_participant, import_participants

CYCLES = 1  # 4 games at a table of 4: quick


@pytest.fixture
def club(db) -> Club:
    return create_club("skat-und-doko", name="Doko-Freunde Musterstadt")


def names_csv(names: list[str]) -> bytes:
    return ("Name\n" + "\n".join(names) + "\n").encode()


@pytest.fixture
def play_evening(db) -> Callable[..., Tournament]:
    """``play_evening(club, slug, names, rounds=1, seed=7, day=1, played=None, guests=())``: a
    tournament of the club with these participants (imported: linked to members) and guests,
    ``rounds`` rounds drawn, released and confirmed (``played`` of them; the rest stay released
    with open sheets)."""

    def play(
        club: Club | None,
        slug: str,
        names: list[str],
        *,
        rounds: int = 1,
        seed: int = 7,
        day: int = 1,
        played: int | None = None,
        guests: tuple[str, ...] = (),
    ) -> Tournament:
        tournament = create_tournament(
            name=f"Abend {slug}",
            date=datetime.date(2025, 1, day),
            slug=slug,
            club=club,
            rounds_count=max(rounds, 1),
            cycles=CYCLES,
        )
        import_participants(tournament, names_csv(names), "mitglieder.csv")
        for guest in guests:  # typed in by hand: no member of that name, so a guest
            add_participant(tournament, name=guest)
        for number in range(1, rounds + 1):
            round_ = draw_round(tournament, number, seed=seed + number)
            release_round(tournament, number)
            if played is None or number <= played:
                play_round(round_, generated_records(seed, number, CYCLES))
        return tournament

    return play
