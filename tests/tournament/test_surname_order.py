"""Lists by surname: the key from the one name field, and the printed lists that follow it."""

from __future__ import annotations

import pytest
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from output.printouts.pdf_checkin import checkin_pdf
from output.printouts.pdf_seating import seating_pdf
from output.reports import participants_rows, seating_rows
from tests.exports.conftest import keep_output as keep_output  # the fixture, shared
from tests.exports.conftest import pdf_text
from tournament.models import Tournament
from tournament.normalize import name_sort_key
from tournament.participants.services import add_participant
from tournament.participants.surname import split_name, surname_sort_key
from tournament.seating.reading import round_with_seating


@pytest.mark.parametrize(
    ("name", "surname", "given"),
    [
        ("Anna Beispiel", "Beispiel", "Anna"),
        ("Beispiel, Anna", "Beispiel", "Anna"),
        ("Karl von der Heide", "Heide", "Karl"),
        ("von der Heide, Karl", "Heide", "Karl"),
        ("Jan van Dijk", "Dijk", "Jan"),
        ("Anna-Lena Müller-Lüdenscheidt", "Müller-Lüdenscheidt", "Anna-Lena"),
        ("Hans Peter Schmitz", "Schmitz", "Hans Peter"),
        ("Cher", "Cher", ""),
        ("  Anna   Beispiel  ", "Beispiel", "Anna"),
        ("Maria Von Trapp", "Trapp", "Maria Von"),
        (", Anna", "Anna", ""),
        ("von", "von", ""),
        ("", "", ""),
    ],
)
def test_the_surname_and_given_names_of_a_typed_name(name, surname, given):
    assert split_name(name) == (surname, given)


def test_a_list_by_surname_as_in_a_german_phone_book():
    names = [
        "Karl von der Heide",
        "Anna Beispiel",
        "Zoe Ärmel",
        "Bernd Beispiel",
        "Heidi, Anton",
        "Ulla Heide",
        "Beispiel, Anna",
        "Jürgen Schmitz",
    ]
    assert sorted(names, key=surname_sort_key) == [
        "Zoe Ärmel",
        "Anna Beispiel",
        "Beispiel, Anna",  # same surname and given name: the whole name decides
        "Bernd Beispiel",
        "Karl von der Heide",
        "Ulla Heide",
        "Heidi, Anton",
        "Jürgen Schmitz",
    ]


@given(st.text())
def test_the_key_never_fails_and_is_the_same_every_time(name):
    key = surname_sort_key(name)
    assert key == surname_sort_key(name)
    assert all(isinstance(part, str) for part in key)


@given(st.text(), st.text())
def test_two_different_names_never_tie(first, second):
    """The whole name is the last tie-breaker: the order does not depend on the input's."""
    if " ".join(first.split()) != " ".join(second.split()):
        assert surname_sort_key(first) != surname_sort_key(second)


# ---------------------------------------------------------------------------- the setting


@pytest.fixture
def by_surname(evening) -> Tournament:
    Tournament.objects.filter(pk=evening.pk).update(name_order=Tournament.NameOrder.SURNAME)
    evening.refresh_from_db()
    return evening


@pytest.mark.django_db
def test_as_typed_is_the_default_and_keeps_todays_order(evening):
    assert evening.name_order == Tournament.NameOrder.AS_ENTERED
    names = [row[0] for row in participants_rows(evening).rows]
    assert names == sorted(names, key=name_sort_key)
    assert names[0] == "Änne Schäfer"  # DIN 5007-1: Ä with A


@pytest.mark.django_db
def test_the_printed_lists_follow_the_setting(by_surname, organiser, keep_output):
    add_participant(by_surname, name="Karl von der Heide", user=organiser)
    add_participant(by_surname, name="Aaron Zylinski", user=organiser)
    names = [row[0] for row in participants_rows(by_surname).rows]
    assert names == sorted(names, key=surname_sort_key)
    assert names[-1] == "Aaron Zylinski"
    round_ = round_with_seating(by_surname, 1)
    seated = [row[0] for row in seating_rows(round_, order="name").rows]
    assert seated == sorted(seated, key=surname_sort_key)

    checkin = checkin_pdf(by_surname)
    keep_output("anwesenheit-nach-nachnamen.pdf", checkin)
    _pages, texts = pdf_text(checkin)
    text = " ".join(" ".join(texts).split())  # a long name may wrap in its cell
    assert "nach Nachnamen sortiert" in text
    assert text.index("Karl von der Heide") < text.index("Aaron Zylinski")
    seating = seating_pdf(round_)
    keep_output("sitzordnung-nach-nachnamen.pdf", seating)
    _pages, texts = pdf_text(seating)
    assert "Durchgang 1 – nach Nachnamen" in " ".join(" ".join(texts).split())


@pytest.mark.django_db
def test_the_setting_is_on_the_settings_page_and_saved(organiser_client, evening):
    url = reverse("tournament:settings", args=[evening.slug])
    page = organiser_client.get(url).content.decode()
    assert 'name="name_order"' in page and "nach Nachname" in page
    data = {"name": evening.name, "date": "2025-04-03", "rounds_count": 2, "cycles": 4}
    data |= {"deck": 40, "name_order": "surname"}
    assert organiser_client.post(url, data).status_code == 302
    evening.refresh_from_db()
    assert evening.name_order == Tournament.NameOrder.SURNAME
    del data["name_order"]  # a form without the field keeps what is set
    assert organiser_client.post(url, data).status_code == 302
    evening.refresh_from_db()
    assert evening.name_order == Tournament.NameOrder.SURNAME
    data["name_order"] = "rueckwaerts"
    response = organiser_client.post(url, data)
    assert response.status_code == 200
    assert "gültige Auswahl" in response.content.decode()


@pytest.mark.django_db
def test_a_backup_keeps_the_setting_and_an_older_one_sorts_as_typed(by_surname):
    from output.backup.document import dumps, loads
    from output.backup.export import export_tournament
    from output.backup.restore import import_tournament

    data = loads(dumps(export_tournament(by_surname)))
    assert data["tournament"]["name_order"] == "surname"
    assert import_tournament(data, slug="kopie").name_order == Tournament.NameOrder.SURNAME
    del data["tournament"]["name_order"]  # a backup from before the setting
    older = import_tournament(data, slug="aelter")
    assert older.name_order == Tournament.NameOrder.AS_ENTERED
