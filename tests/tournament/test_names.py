"""Who is the same person, and what a search finds: "Weiß" and "Weiss" are two people, and a
search for either spelling finds both."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournament.errors import DomainError
from tournament.normalize import name_key, search_key, search_matches
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
    assert [str(problem) for problem in preview.skipped] == [
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


DIN_ORDER = ["Änne Adler", "Bernd Zorn", "Käthe Kurz", "Klaus Kern", "Zoe Zander"]


@pytest.mark.django_db
def test_participant_list_sorts_by_din_5007_in_every_column_order(organiser_client, tournament):
    for name in reversed(DIN_ORDER):
        add_participant(tournament, name=name)
    url = reverse("tournament:participants", args=[tournament.slug])

    def listed(**params):
        page = organiser_client.get(url, params).content.decode()
        return sorted(DIN_ORDER, key=page.index)

    assert listed() == DIN_ORDER
    assert listed(sort="name") == DIN_ORDER
    assert listed(sort="-name") == DIN_ORDER[::-1]
    assert listed(sort="checked_in") == DIN_ORDER
    assert listed(sort="status") == DIN_ORDER


@pytest.mark.django_db
def test_round_page_drop_downs_sort_by_din_5007(organiser_client, tournament):
    from scoring.evening.rounds import draw_round

    for name in [*reversed(DIN_ORDER), "Olaf Ost", "Paula Pohl", "Quirin Quast"]:
        add_participant(tournament, name=name)
    draw_round(tournament, 1, seed=3)
    page = organiser_client.get(reverse("tournament:round", args=[tournament.slug, 1]))
    swap = page.content.decode().split('id="swap-a"', 1)[1].split("</select>", 1)[0]
    assert sorted(DIN_ORDER, key=swap.index) == DIN_ORDER


@pytest.mark.parametrize("query", ["Muller", "Mueller", "müller", "MÜLLER", "ueller"])
def test_search_matches_umlauts_typed_plain_or_spelled_out(query):
    assert search_matches(query, "Jürgen Müller")
    assert not search_matches(query, "Jürgen Meier")


def test_search_finds_a_spelled_out_name_typed_with_umlaut():
    assert search_matches("Müller", "Hans Mueller")


@pytest.mark.django_db
@pytest.mark.parametrize("query", ["Muller", "Mueller"])
def test_the_organisers_search_finds_mueller(organiser_client, tournament, query):
    add_participant(tournament, name="Jürgen Müller")
    add_participant(tournament, name="Carla Weber")
    url = reverse("tournament:participants", args=[tournament.slug])
    page = organiser_client.get(url, {"q": query}).content.decode()
    assert "Jürgen Müller" in page and "Carla Weber" not in page


@pytest.mark.django_db
def test_a_search_without_match_says_so(organiser_client, tournament):
    add_participant(tournament, name="Carla Weber")
    url = reverse("tournament:participants", args=[tournament.slug])
    page = organiser_client.get(url, {"q": "Xaver"}).content.decode()
    assert "Kein Teilnehmer passt zu „Xaver“." in page
    assert "Noch keine Teilnehmer" not in page


@pytest.mark.django_db
@pytest.mark.parametrize("query", ["Muller", "Mueller"])
def test_wo_sitze_ich_finds_mueller(client, evening, query):
    url = reverse("public:lookup", args=[evening.slug])
    page = client.get(url, {"q": query}).content.decode()
    matches = page.split("Alle von A bis Z")[0]
    assert "Jürgen Müller" in matches
    assert matches.count('class="card lookup-result"') == 1
