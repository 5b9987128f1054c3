"""Hostile names typed into the registration print whole on the PDFs: markup, 100 characters,
scripts DejaVu lacks, emoji with variation selectors and skin tones, combining accents, direction
overrides and soft hyphens in a tournament's name. Never an empty box, never a 500."""

from __future__ import annotations

import pytest
from django.urls import reverse

from output.printouts.pdf_fonts import IGNORABLE, visual
from tests.pdf_glyphs import printed_characters
from tournament.models import Participant, Tournament

pytestmark = pytest.mark.django_db

HOSTILE = [
    "<b>Anna</b> & <i>Bernd</i>",
    "Wolfgang Amadeus Theophilus Gottlieb von Hohenzollern-Sigmaringen-Thurn-und-Taxis Müller",
    "王小明王小明王小明王小明王小明王小明王小明王小明王小明王小明",
    "Kai ♠️ 👍🏽 🎉",
    "Zoe\u0308 Ne\u0301meth",  # combining accents (stored composed)
    "محمد علي",
    "Şükrü Çağlayan",
]


def test_hostile_names_register_and_print_on_the_check_in_list(organiser_client, tournament):
    url = reverse("tournament:participants", args=[tournament.slug])
    for name in HOSTILE:
        response = organiser_client.post(url, {"name": name, "club": ""})
        assert response.status_code == 302, name
    Tournament.objects.filter(pk=tournament.pk).update(
        name="Herbst\u202e\u00ad 春 🍂", venue="Köln\u200f"
    )
    stored = list(Participant.objects.filter(tournament=tournament).values_list("name", flat=True))
    assert len(stored) == len(HOSTILE)
    response = organiser_client.get(reverse("exports:checkin_pdf", args=[tournament.slug]))
    assert response.status_code == 200
    glyphs = printed_characters(response.content)
    needed = {
        char
        for name in [*stored, "Herbst 春 🍂", "Köln"]
        for char in visual(IGNORABLE.sub("", name))
        if char > "\x7f"
    }
    assert sorted(char for char in needed if not glyphs.fonts_of(char)) == []
    assert glyphs.boxes == 0
