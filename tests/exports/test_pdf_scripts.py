"""Names in every script a club can type print on every PDF: Latin with ß and umlauts, Greek,
Cyrillic, Turkish, Polish, Arabic letters, Chinese, Japanese, Korean and emoji (monochrome) —
each character with a glyph of an embedded font that has it, never an empty box. And a
certificate stays one page whatever the length of the name."""

from __future__ import annotations

import dataclasses

import pytest

from output.printouts.pdf_certificates import certificates_pdf, podium_rows
from output.printouts.pdf_checkin import checkin_pdf
from output.printouts.pdf_fonts import IGNORABLE, runs, visual
from output.printouts.pdf_seating import seating_pdf
from output.printouts.pdf_sheets import score_sheets_pdf
from output.printouts.pdf_slips import slips_pdf
from output.printouts.pdf_standings import standings_pdf
from output.printouts.pdf_table_cards import table_cards_pdf
from scoring.standings.ranking import Standings, compute_standings
from tests.pdf_glyphs import printed_characters
from tournament.models import Participant, Tournament
from tournament.seating.reading import round_with_seating

from .conftest import pdf_text

pytestmark = pytest.mark.django_db

NAMES = [
    "王小明",
    "山田 さくら",
    "김민준",
    "陳美玲",
    "Νίκος Παπαδόπουλος",
    "Юлия Соколова",
    "Çağlar Şahin",
    "Łukasz Żółć",
    "Jürgen Weiß",
    "Anna 🃏🎉",
    "Kai ♠️ 😀",
    "محمد",
    "Ägidius Öztürk",
    "Ἀλέξης Ğ",
    "Zoë ❤️",
    "Ева 👍🏽",
    "高橋 健太",
    "이서연",
]
TOURNAMENT_NAME = "春季 Turnier 🂡 Doko"


def characters(*texts: str) -> set[str]:
    """The characters of ``texts`` that need a glyph beyond ASCII (as printed: Arabic in its
    joined forms)."""
    return {char for text in texts for char in visual(IGNORABLE.sub("", text)) if char > "\x7f"}


@pytest.fixture
def world_evening(played_round_one) -> Tournament:
    """The evening after round 1, its players and the tournament renamed into many scripts."""
    people = list(Participant.objects.filter(tournament=played_round_one).order_by("pk"))
    for person, name in zip(people, NAMES, strict=True):
        Participant.objects.filter(pk=person.pk).update(name=name)
    Tournament.objects.filter(pk=played_round_one.pk).update(name=TOURNAMENT_NAME)
    played_round_one.refresh_from_db()
    return played_round_one


def assert_all_printed(data: bytes, expected: set[str]) -> None:
    glyphs = printed_characters(data)
    missing = sorted(char for char in expected if not glyphs.fonts_of(char))
    assert missing == [], f"no glyph for {missing}"
    assert glyphs.boxes == 0


def test_every_pdf_prints_every_script_of_the_names(world_evening, keep_output):
    round_ = round_with_seating(world_evening, 1)
    standings = compute_standings(world_evening, 1)
    everyone = characters(TOURNAMENT_NAME, *NAMES)
    printouts = {
        "standings": (standings_pdf(standings), everyone),
        "standings-compact": (standings_pdf(standings, compact=True), everyone),
        "seating": (seating_pdf(round_), everyone),
        "table-cards": (table_cards_pdf(round_), everyone),
        "sheets": (score_sheets_pdf(round_, "http://doko.local"), everyone),
        "checkin": (checkin_pdf(world_evening), everyone),
        "slips": (slips_pdf(world_evening, 8), characters(TOURNAMENT_NAME)),
        "certificates": (
            certificates_pdf(standings),
            characters(TOURNAMENT_NAME, *(row.name for row in podium_rows(standings))),
        ),
    }
    for name, (data, expected) in printouts.items():
        keep_output(f"schriften-{name}.pdf", data)
        assert_all_printed(data, expected)


def test_chinese_and_emoji_come_from_the_fallback_fonts_in_their_runs():
    assert runs("Anna 王小明 🎉!", "DokoSans") == [
        ("DokoSans", "Anna "),
        ("DokoCJK", "王小明 "),
        ("DokoEmoji", "🎉"),
        ("DokoSans", "!"),
    ]
    assert runs("Ева ♠\ufe0f", "DokoSerif-Bold") == [("DokoSerif-Bold", "Ева ♠")]
    assert runs("محمد", "DokoSerif-Bold") == [("DokoSans-Bold", visual("محمد"))]


def test_arabic_is_joined_and_in_the_order_it_is_read():
    # م ح م د joined (initial, medial, medial, final forms), written right to left
    assert visual("محمد") == "\ufeaa\ufee4\ufea4\ufee3"
    assert visual("Anna محمد علي") == "Anna " + visual("علي") + " " + visual("محمد")
    assert visual("Jürgen Weiß") == "Jürgen Weiß"


HUNDRED = {
    "words": ("Maximiliane Friederike Walburga " * 4)[:100],
    "one word": "Hohenzollernsigmaringenthurnundtaxis" * 3,
    "chinese": "王小明陳美玲高橋健太" * 10,
}


@pytest.mark.parametrize("kind", HUNDRED)
def test_a_100_character_name_keeps_each_certificate_on_one_page(
    kind, complete_tournament, keep_output
):
    name = HUNDRED[kind][:100]
    assert len(name) == 100
    standings = compute_standings(complete_tournament, 2)
    rows = [dataclasses.replace(row, name=name) for row in podium_rows(standings)]
    data = certificates_pdf(Standings(standings.tournament, 2, tuple(rows)))
    keep_output(f"urkunde-100-{kind.replace(' ', '-')}.pdf", data)
    pages, texts = pdf_text(data)
    assert pages == len(rows) >= 3
    for text in texts:
        assert "Turnierleitung" in text and "Ort, Datum" in text
        assert "".join(name.split()) in "".join(text.split()).replace("-", "")
    assert_all_printed(data, characters(name))
