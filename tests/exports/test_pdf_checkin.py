"""The check-in list for the entrance: everyone registered, by name, a box to tick."""

from __future__ import annotations

import pytest

from output.printouts.pdf_checkin import checkin_pdf

from .conftest import pdf_text

pytestmark = pytest.mark.django_db


def test_checkin_list_names_everyone_with_a_box_ticked_for_who_is_here(evening, keep_output):
    people = list(evening.participants.order_by("name"))
    here = people[0]
    here.checked_in = True
    here.save()
    gone = people[1]
    gone.withdrawn = True
    gone.save()
    data = checkin_pdf(evening)
    keep_output("anwesenheit.pdf", data)
    pages, texts = pdf_text(data)
    text = "\n".join(texts)
    assert pages == 1 and "Anwesenheitsliste" in texts[0]
    assert "17 angemeldet · 1 schon als anwesend erfasst" in " ".join(text.split())
    for person in people[2:]:
        assert person.name in text
    assert gone.name not in text
    assert text.count("☑") == 1 and text.count("☐") == 16


def test_a_long_checkin_list_runs_in_two_columns(make_tournament, add_participants):
    crowd = make_tournament("Großes Turnier")
    add_participants(crowd, 120)
    pages, texts = pdf_text(checkin_pdf(crowd))
    assert pages == 3  # 120 names: two columns of about 23 lines a page (the boxes at 15 pt)
    assert "Seite 3 von 3" in texts[2]
