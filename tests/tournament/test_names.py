"""Who is the same person, and what a search finds: "Weiß" and "Weiss" are two people, and a
search for either spelling finds both."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournament.errors import DomainError
from tournament.normalize import name_key, search_key
from tournament.participants.importing import read_participants
from tournament.participants.services import add_participant, update_participant


@pytest.mark.parametrize(
    ("first", "second"),
    [("Weiß", "WEIẞ"), ("Weiß", "weiß"), ("Jürgen Müller", "JÜRGEN  MÜLLER"), ("Änne", "änne")],
)
def test_names_differing_only_in_case_are_the_same_person(first, second):
    assert name_key(first) == name_key(second)


@pytest.mark.parametrize(
    ("first", "second"),
    [("Weiß", "Weiss"), ("WEISS", "Weiß"), ("Groß", "Gross"), ("Müller", "Muller")],
)
def test_sharp_s_and_accents_make_different_people(first, second):
    assert name_key(first) != name_key(second)


def test_search_folds_case_accents_and_sharp_s():
    assert search_key("Weiß") == search_key("Weiss") == search_key("WEIẞ") == "weiss"
    assert search_key("Müller") == "muller"


@pytest.mark.django_db
def test_weiss_and_weiss_with_sharp_s_can_both_register(tournament):
    add_participant(tournament, name="Birgit Weiß")
    add_participant(tournament, name="Birgit Weiss")
    with pytest.raises(DomainError, match="bereits angemeldet"):
        add_participant(tournament, name="BIRGIT WEIẞ")
    other = add_participant(tournament, name="Birgit Weis")
    with pytest.raises(DomainError, match="bereits angemeldet"):
        update_participant(other, name="birgit weiss")
    assert sorted(tournament.participants.values_list("name", flat=True)) == [
        "Birgit Weis",
        "Birgit Weiss",
        "Birgit Weiß",
    ]


def test_import_keeps_weiss_and_weiss_with_sharp_s_apart():
    preview = read_participants("Name\nWeiß\nWeiss\nWEIẞ\n".encode(), "liste.csv")
    assert [row.name for row in preview.rows] == ["Weiß", "Weiss"]
    assert [str(problem) for problem in preview.errors] == [
        "Zeile 4: „WEIẞ“ steht schon in Zeile 2."
    ]
    registered = read_participants(b"Name\nWeiss\n", "liste.csv", existing_names=["Weiß"])
    assert registered.ok


@pytest.mark.django_db
@pytest.mark.parametrize("query", ["weiss", "WEISS", "weiß", "Weiß", "eiß"])
def test_the_organisers_search_finds_both_spellings(organiser_client, tournament, query):
    add_participant(tournament, name="Birgit Weiß", club="DK Köln")
    add_participant(tournament, name="Bernd Weiss")
    add_participant(tournament, name="Carla Weber")
    url = reverse("tournament:participants", args=[tournament.slug])
    page = organiser_client.get(url, {"q": query}).content.decode()
    assert "Birgit Weiß" in page and "Bernd Weiss" in page
    assert "Carla Weber" not in page


@pytest.mark.django_db
def test_the_organisers_search_folds_accents_in_clubs_too(organiser_client, tournament):
    add_participant(tournament, name="Birgit Weiß", club="DK Köln")
    add_participant(tournament, name="Carla Weber", club="Bonn")
    url = reverse("tournament:participants", args=[tournament.slug])
    page = organiser_client.get(url, {"q": "koln"}).content.decode()
    assert "Birgit Weiß" in page and "Carla Weber" not in page


@pytest.mark.django_db
@pytest.mark.parametrize("query", ["weiss", "Weiß", "WEIẞ"])
def test_wo_sitze_ich_finds_both_spellings(client, evening, query):
    """The evening has "Birgit Weiß"; another player is renamed "Bernd Weiss"."""
    update_participant(evening.participants.get(name="Uwe Krämer"), name="Bernd Weiss")
    url = reverse("public:lookup", args=[evening.slug])
    page = client.get(url, {"q": query}).content.decode()
    matches = page.split("Alle von A bis Z")[0]  # the results, above the list of everyone
    assert "Birgit Weiß" in matches and "Bernd Weiss" in matches
    assert matches.count('class="card lookup-result"') == 2
