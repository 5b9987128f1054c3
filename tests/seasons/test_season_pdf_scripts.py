"""The season PDF prints members' names in every script (Chinese, Korean, Greek, emoji, …)
with a glyph of an embedded font, never an empty box."""

from __future__ import annotations

import pytest

from seasons.exports import season_pdf
from seasons.ranking import compute_season
from seasons.services import create_season
from tests.pdf_glyphs import printed_characters

pytestmark = pytest.mark.django_db

NAMES = ["王小明", "김민준", "Νίκος Παπαδόπουλος", "Юлия Соколова"]
NAMES += ["Łukasz Żółć", "Jürgen Weiß", "Anna 🃏🎉", "さくら 🍀"]


def test_the_season_pdf_prints_names_in_every_script(club, play_evening):
    evening = play_evening(club, "jan", NAMES)
    season = create_season(club, "2025", name="Saison 春 2025", rule="sum", tournaments=[evening])
    glyphs = printed_characters(season_pdf(compute_season(season)))
    needed = {char for name in [*NAMES, "春"] for char in name if char > "\x7f"}
    assert sorted(char for char in needed if not glyphs.fonts_of(char)) == []
    assert glyphs.boxes == 0
