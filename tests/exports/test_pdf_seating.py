"""The seating printout: by table and by name, readable from a step away."""

from __future__ import annotations

import pytest

from output.printouts.pdf_seating import seating_pdf
from tournament.seating.reading import round_with_seating

from .conftest import pdf_text

pytestmark = pytest.mark.django_db


def test_seating_lists_every_table_and_every_name(evening, keep_output):
    data = seating_pdf(round_with_seating(evening, 1))
    keep_output("sitzordnung.pdf", data)
    pages, texts = pdf_text(data)
    text = "\n".join(texts)
    assert data.startswith(b"%PDF")
    assert "Jürgen Müller" in text and "Änne Schäfer" in text
    for number in range(1, 5):
        assert f"Tisch {number}" in text
    assert f"Seite 1 von {pages}" in texts[0]
    assert "LISTENFÜHRER" in text


def test_a_long_name_shrinks_or_is_cut_inside_its_table_block(evening):
    from tournament.models import Seat
    from tournament.participants.services import update_participant

    long_name = "Maximiliane Friederike von Hohenzollern-Sigmaringen-Thurn und Taxis"
    seat = Seat.objects.get(round__number=1, table__number=1, number=2)
    update_participant(seat.participant, name=long_name)
    _pages, texts = pdf_text(seating_pdf(round_with_seating(evening, 1)))
    lines = texts[0].splitlines()
    cut = [line for line in lines if line.startswith("Maximiliane") and line.endswith("…")]
    assert cut, "the block's line ends with an ellipsis, not a wrapped word"
    # Whole in the list by name (wrapped at spaces or after a hyphen).
    assert long_name.replace(" ", "") in "".join("".join(texts[1:]).split())
