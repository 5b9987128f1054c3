"""The seating printout: by table and by name, readable from a step away."""

from __future__ import annotations

import pytest

from scoring.printouts.pdf_seating import seating_pdf
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
