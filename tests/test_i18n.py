"""The English translation: complete, compiled, placeholder-safe, and used when chosen.

German is the source language (the msgids) and the default; English is picked by the user and
kept in Django's language cookie.
"""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.test import Client

LOCALE = Path(settings.LOCALE_PATHS[0]) / "en" / "LC_MESSAGES"
PO_PATH = LOCALE / "django.po"
MO_PATH = LOCALE / "django.mo"

# %(name)s-style fields, and the positional %s / %d (a literal %% is neither).
NAMED = re.compile(r"%\((\w+)\)[-#0 +]*\d*(?:\.\d+)?[sdifr]")
POSITIONAL = re.compile(r"%[-#0 +]*\d*(?:\.\d+)?[sdifr]")
TAG = re.compile(r"</?(\w+)[^>]*>")


def _strip_literal_percent(text: str) -> str:
    return text.replace("%%", "")


def named_fields(text: str) -> set[str]:
    return set(NAMED.findall(_strip_literal_percent(text)))


def positional_count(text: str) -> int:
    return len(POSITIONAL.findall(NAMED.sub("", _strip_literal_percent(text))))


def tags(text: str) -> list[str]:
    return sorted(TAG.findall(text))


@pytest.fixture(scope="module")
def po() -> polib.POFile:
    return polib.pofile(str(PO_PATH))


def entry_id(entry: polib.POEntry) -> str:
    return f"{entry.msgctxt}|{entry.msgid}" if entry.msgctxt else entry.msgid


def translations(entry: polib.POEntry) -> list[tuple[str, str]]:
    """(source, translation) pairs: the singular and, for plural entries, every form."""
    if entry.msgid_plural:
        return [
            (entry.msgid if index == 0 else entry.msgid_plural, text)
            for index, text in sorted(entry.msgstr_plural.items())
        ]
    return [(entry.msgid, entry.msgstr)]


# ---------------------------------------------------------------------------- catalogue


def test_catalogue_header(po):
    assert po.metadata["Language"] == "en"
    assert "charset=UTF-8" in po.metadata["Content-Type"]
    assert po.metadata["Plural-Forms"] == "nplurals=2; plural=(n != 1);"
    assert len(po) > 600


def test_every_entry_is_translated_and_none_is_fuzzy(po):
    untranslated = [entry_id(e) for e in po if not e.obsolete and not e.translated()]
    fuzzy = [entry_id(e) for e in po if "fuzzy" in e.flags]
    empty_plural_forms = [
        entry_id(e)
        for e in po
        if e.msgid_plural and (len(e.msgstr_plural) != 2 or not all(e.msgstr_plural.values()))
    ]
    assert untranslated == []
    assert fuzzy == []
    assert empty_plural_forms == []
    assert po.percent_translated() == 100


def test_compiled_catalogue_matches_the_po_file(po):
    """A stale .mo (the .po edited without ``compilemessages``) fails here."""
    assert MO_PATH.exists(), "run: python manage.py compilemessages --ignore=.venv"
    mo = polib.mofile(str(MO_PATH))
    compiled = {(e.msgctxt, e.msgid): e for e in mo if e.msgid}
    source = {(e.msgctxt, e.msgid): e for e in po if e.translated() and not e.obsolete}
    assert set(compiled) == set(source)
    for key, entry in source.items():
        built = compiled[key]
        if entry.msgid_plural:
            assert built.msgid_plural == entry.msgid_plural, key
            assert {int(k): v for k, v in built.msgstr_plural.items()} == {
                int(k): v for k, v in entry.msgstr_plural.items()
            }, key
        else:
            assert built.msgstr == entry.msgstr, key


def test_placeholders_and_markup_survive_translation(po):
    problems = []
    for entry in po:
        for source, text in translations(entry):
            if named_fields(source) != named_fields(text):
                problems.append(("named", entry_id(entry), text))
            if positional_count(source) != positional_count(text):
                problems.append(("positional", entry_id(entry), text))
            if source.count("%%") != text.count("%%"):
                problems.append(("literal %", entry_id(entry), text))
            if tags(source) != tags(text):
                problems.append(("markup", entry_id(entry), text))
    assert problems == []


def test_english_typography(po):
    """German quotation marks do not belong in English text."""
    assert [e.msgstr for e in po if "„" in e.msgstr] == []


@pytest.mark.parametrize(
    ("msgctxt", "expected"), [("seat", "Seat"), ("rank", "Place")], ids=["seat", "rank"]
)
def test_platz_is_split_into_seat_and_rank(po, msgctxt, expected):
    entry = po.find("Platz", msgctxt=msgctxt)
    assert entry is not None and entry.msgstr == expected
    bare = [e for e in po if e.msgid == "Platz" and not e.msgctxt]
    assert bare == [], "a bare “Platz” is ambiguous (seat or rank): give it a context"


# ---------------------------------------------------------------------------- pages


def english(client: Client) -> Client:
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    return client


def page(client: Client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return response.content.decode()


READABLE_ATTRIBUTES = re.compile(
    r'\b(?:title|placeholder|aria-label|alt|data-confirm|data-[\w-]*text|data-[\w-]*label)="([^"]*)"'
)


def readable(html: str) -> str:
    """What a user reads: text between tags and the attributes shown as text (not URLs)."""
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    shown = READABLE_ATTRIBUTES.findall(html)
    text = re.sub(r"<[^>]*>", " ", html)
    return " ".join([unescape(text), *map(unescape, shown)])


def assert_words(html: str, present: list[str], absent: list[str]) -> None:
    text = readable(html)
    for word in present:
        assert word in text, f"missing {word!r}"
    for word in absent:
        assert not re.search(rf"\b{re.escape(word)}\b", text), f"unexpected {word!r}"


@pytest.mark.django_db
def test_home_page_in_english(evening):
    client = english(Client())
    response = client.get("/")
    assert response.headers["Content-Language"] == "en"
    html = response.content.decode()
    assert '<html lang="en"' in html
    assert_words(
        html,
        ["Doppelkopf tournaments", "Tournaments", "Log in", "Skip to content"],
        ["Doppelkopf-Turniere", "Turniere", "Anmelden", "Zum Inhalt springen"],
    )


@pytest.mark.django_db
def test_login_page_in_english():
    html = page(english(Client()), "/konto/anmelden/")
    assert_words(
        html,
        ["Log in for organisers", "Username", "Password", "Players do not need to log in"],
        ["Anmelden", "Benutzername", "Passwort", "Turnierleitung"],
    )


def test_participants_page_in_english(evening, organiser_client):
    html = page(english(organiser_client), f"/verwaltung/{evening.slug}/teilnehmer/")
    assert_words(
        html,
        ["Participants", "Register a participant", "Club", "registered", "Search", "Log out"],
        ["Teilnehmer", "Verein", "angemeldet", "anwesend", "Suchen", "Abmelden"],
    )


def test_public_standings_in_english(evening):
    html = page(english(Client()), f"/t/{evening.slug}/tabelle/")
    assert_words(
        html,
        ["Standings", "Place", "Points", "Ties on points are broken by", "Round 1"],
        ["Tabelle", "Punkte", "Platz", "Durchgang", "Bei Punktgleichheit"],
    )


def test_german_is_the_default(evening, organiser_client):
    client = Client()
    response = client.get("/", headers={"accept-language": "en-GB,en;q=0.9"})
    assert response.headers["Content-Language"] == "de"
    assert_words(response.content.decode(), ["Doppelkopf-Turniere", "Anmelden"], ["Log in"])
    assert_words(page(client, "/konto/anmelden/"), ["Benutzername", "Passwort"], ["Username"])
    assert_words(
        page(organiser_client, f"/verwaltung/{evening.slug}/teilnehmer/"),
        ["Teilnehmer anmelden", "Verein"],
        ["Participants", "Club"],
    )
    assert_words(
        page(client, f"/t/{evening.slug}/tabelle/"),
        ["Tabelle", "Platz", "Punkte"],
        ["Standings", "Points"],
    )


def test_switching_the_language(evening):
    client = Client()
    assert "Tabelle" in page(client, f"/t/{evening.slug}/tabelle/")
    response = client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    assert response.status_code == 302
    assert client.cookies[settings.LANGUAGE_COOKIE_NAME].value == "en"
    html = page(client, f"/t/{evening.slug}/tabelle/")
    assert_words(html, ["Standings", "Place"], ["Tabelle", "Platz"])
    client.post("/i18n/setlang/", {"language": "de", "next": "/"})
    assert "Tabelle" in page(client, f"/t/{evening.slug}/tabelle/")
