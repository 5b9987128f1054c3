"""The organiser's download page and files: login required, right types, clear refusals."""

from __future__ import annotations

import io
import json
import zipfile

import pytest
from django.urls import URLPattern, reverse
from openpyxl import load_workbook

from output import urls as urls_exports
from scoring.evening.rounds import draw_round

from .conftest import pdf_text

pytestmark = pytest.mark.django_db

PDF = "application/pdf"
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def url(name: str, slug: str, number: int | None = None, query: str = "") -> str:
    if name == "restore":  # not below a tournament: a backup makes one
        return reverse("exports:restore") + query
    kwargs = {"slug": slug} if number is None else {"slug": slug, "number": number}
    return reverse(f"exports:{name}", kwargs=kwargs) + query


def export_url_names() -> list[str]:
    return [p.name for p in urls_exports.urlpatterns if isinstance(p, URLPattern)]


@pytest.mark.parametrize("name", export_url_names())
def test_every_export_url_sends_anonymous_users_to_login(client, evening, name):
    pattern = next(p.pattern for p in urls_exports.urlpatterns if p.name == name)
    values = {"slug": evening.slug, "number": 1, "pk": 1, "club": "verein", "member": "x"}
    kwargs = {param: values[param] for param in pattern.converters}
    response = client.get(reverse(f"exports:{name}", kwargs=kwargs))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


@pytest.mark.parametrize(
    ("name", "number", "query", "content_type", "filename"),
    [
        ("seating_pdf", 1, "", PDF, "herbstturnier-2025-sitzordnung-durchgang-1.pdf"),
        ("sheets_pdf", 1, "", PDF, "herbstturnier-2025-spiellisten-durchgang-1.pdf"),
        ("table_cards_pdf", 2, "", PDF, "herbstturnier-2025-tischkarten-durchgang-2.pdf"),
        ("sheets_pdf", 1, "?filled=1", PDF, "spiellisten-ausgefuellt-durchgang-1.pdf"),
        ("slips_pdf", 1, "", PDF, "losnummern-durchgang-1.pdf"),
        ("standings_pdf", None, "", PDF, "tabelle-nach-durchgang-2.pdf"),
        ("standings_pdf", None, "?after_round=1", PDF, "tabelle-nach-durchgang-1.pdf"),
        ("certificates_pdf", None, "", PDF, "urkunden.pdf"),
        ("checkin_pdf", None, "", PDF, "anwesenheitsliste.pdf"),
        ("participants_xlsx", None, "", XLSX, "teilnehmer.xlsx"),
        ("seating_xlsx", 2, "", XLSX, "sitzordnung-durchgang-2.xlsx"),
        ("standings_xlsx", None, "", XLSX, "tabelle-nach-durchgang-2.xlsx"),
        ("games_xlsx", None, "", XLSX, "spiele.xlsx"),
        ("backup", None, "", "application/json", "herbstturnier-2025-sicherung-"),
    ],
)
def test_downloads_for_the_organiser(
    organiser_client, complete_tournament, name, number, query, content_type, filename
):
    response = organiser_client.get(url(name, complete_tournament.slug, number, query))
    assert response.status_code == 200
    assert response["Content-Type"].startswith(content_type)
    disposition = response["Content-Disposition"]
    assert disposition.startswith("attachment; filename=")
    assert filename in disposition
    assert disposition.isascii()
    assert "no-store" in response["Cache-Control"]
    body = response.content
    if content_type == PDF:
        pages, _texts = pdf_text(body)
        assert pages >= 1
    elif content_type == XLSX:
        assert load_workbook(io.BytesIO(body)).worksheets
    else:
        assert json.loads(body)["tournament"]["slug"] == complete_tournament.slug


def test_downloads_page_lists_every_printout(organiser_client, complete_tournament):
    response = organiser_client.get(url("downloads", complete_tournament.slug))
    assert response.status_code == 200
    page = response.content.decode()
    assert "Drucken & Export" in page
    for name, number in (
        ("seating_pdf", 1),
        ("table_cards_pdf", 2),
        ("sheets_pdf", 2),
        ("slips_pdf", 1),
        ("standings_pdf", None),
        ("certificates_pdf", None),
        ("participants_xlsx", None),
        ("checkin_pdf", None),
        ("games_xlsx", None),
        ("backup", None),
    ):
        assert url(name, complete_tournament.slug, number) in page
    assert "import_tournament" in page


def test_draft_round_prints_seating_marked_draft_but_no_sheets(
    organiser_client, played_round_one, organiser, keep_output
):
    draw_round(played_round_one, 2, seed=99, user=organiser)
    seating = organiser_client.get(url("seating_pdf", played_round_one.slug, 2))
    assert seating.status_code == 200
    keep_output("sitzordnung-entwurf.pdf", seating.content)
    _pages, texts = pdf_text(seating.content)
    assert "ENTWURF" in texts[0]
    assert "entwurf" in seating["Content-Disposition"]

    sheets = organiser_client.get(url("sheets_pdf", played_round_one.slug, 2))
    assert sheets.status_code == 400
    assert "erst, wenn Durchgang 2 freigegeben ist" in sheets.content.decode()


def test_unknown_round_is_404(organiser_client, evening):
    assert organiser_client.get(url("seating_pdf", evening.slug, 7)).status_code == 404
    assert organiser_client.get(url("sheets_pdf", evening.slug, 2)).status_code == 404
    assert organiser_client.get(url("slips_pdf", evening.slug, 2)).status_code == 404
    assert organiser_client.get(url("seating_xlsx", evening.slug, 3)).status_code == 404


def test_bad_after_round_and_empty_standings_are_refused(organiser_client, evening, tournament):
    bad = organiser_client.get(url("standings_pdf", evening.slug, query="?after_round=9"))
    assert bad.status_code == 400
    assert "after_round muss eine Zahl von 1 bis 1 sein" in bad.content.decode()  # released so far
    certificates = organiser_client.get(url("certificates_pdf", evening.slug))
    assert certificates.status_code == 400
    assert "noch keine Liste bestätigt" in certificates.content.decode()


def test_no_standings_before_the_first_release(organiser_client, make_tournament):
    fresh = make_tournament("Frühjahrsturnier")
    response = organiser_client.get(url("standings_xlsx", fresh.slug))
    assert response.status_code == 400
    assert "Noch kein Durchgang ist freigegeben" in response.content.decode()


def test_unseatable_slip_count_is_refused(organiser_client, tournament, add_participants):
    add_participants(tournament, 6)
    response = organiser_client.get(url("slips_pdf", tournament.slug, 1))
    assert response.status_code == 400
    page = organiser_client.get(url("downloads", tournament.slug)).content.decode()
    assert url("slips_pdf", tournament.slug, 1) not in page


def test_downloads_page_query_budget(
    organiser_client, complete_tournament, django_assert_max_num_queries
):
    with django_assert_max_num_queries(15):
        response = organiser_client.get(url("downloads", complete_tournament.slug))
    assert response.status_code == 200


def zip_members(body: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(body)) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def test_a_released_rounds_printouts_come_as_one_zip(organiser_client, evening):
    """Right after the release: seating and score sheets; no standings while nothing is
    confirmed."""
    response = organiser_client.get(url("round_printouts", evening.slug, 1))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/zip"
    assert "ausdrucke-durchgang-1.zip" in response["Content-Disposition"]
    assert "no-store" in response["Cache-Control"]
    members = zip_members(response.content)
    slug = evening.slug
    assert sorted(members) == [
        f"{slug}-sitzordnung-durchgang-1.pdf",
        f"{slug}-spiellisten-durchgang-1.pdf",
        f"{slug}-tischkarten-durchgang-1.pdf",
    ]
    pages, texts = pdf_text(members[f"{slug}-spiellisten-durchgang-1.pdf"])
    assert pages == 4 and "Tisch 1" in texts[0]
    _pages, texts = pdf_text(members[f"{slug}-sitzordnung-durchgang-1.pdf"])
    assert "nach Tischen" in texts[0]


def test_the_zip_holds_the_standings_once_sheets_are_confirmed(
    organiser_client, complete_tournament
):
    response = organiser_client.get(url("round_printouts", complete_tournament.slug, 2))
    members = zip_members(response.content)
    standings = f"{complete_tournament.slug}-tabelle-nach-durchgang-2.pdf"
    assert standings in members
    _pages, texts = pdf_text(members[standings])
    assert "Endstand" in texts[0] or "Stand nach Durchgang 2" in texts[0]


def test_no_zip_for_a_draft_round_and_links_on_round_and_downloads_page(
    organiser_client, played_round_one, organiser
):
    slug = played_round_one.slug
    link = url("round_printouts", slug, 1)
    assert link in organiser_client.get(url("downloads", slug)).content.decode()
    round_page = organiser_client.get(reverse("tournament:round", args=[slug, 1]))
    assert link in round_page.content.decode()
    draw_round(played_round_one, 2, seed=99, user=organiser)
    draft = organiser_client.get(url("round_printouts", slug, 2))
    assert draft.status_code == 400
    assert "erst, wenn Durchgang 2 freigegeben ist" in draft.content.decode()


def test_downloads_page_warns_when_qr_codes_would_point_to_this_computer(organiser_client, evening):
    page = organiser_client.get(url("downloads", evening.slug), HTTP_HOST="127.0.0.1:8000")
    assert 'id="qr-loopback"' in page.content.decode()
    assert "erreicht kein Telefon" in page.content.decode()
    page = organiser_client.get(url("downloads", evening.slug), HTTP_HOST="192.168.1.20:8000")
    assert 'id="qr-loopback"' not in page.content.decode()


def test_a_single_tables_sheet_prints_on_its_own(organiser_client, evening):
    response = organiser_client.get(url("sheets_pdf", evening.slug, 1, "?tisch=3"))
    assert response.status_code == 200
    assert "spiellisten-durchgang-1-tisch-3.pdf" in response["Content-Disposition"]
    pages, texts = pdf_text(response.content)
    assert pages == 1 and "Tisch 3" in texts[0] and "20 Spiele" in texts[0]
    refused = organiser_client.get(url("sheets_pdf", evening.slug, 1, "?tisch=9"))
    assert refused.status_code == 400
    assert "Tisch muss eine Zahl von 1 bis 4 sein" in refused.content.decode()
    page = organiser_client.get(url("downloads", evening.slug)).content.decode()
    assert 'name="tisch"' in page


def test_a_blank_spare_sheet_without_names(organiser_client, evening, keep_output):
    response = organiser_client.get(url("sheets_pdf", evening.slug, 1, "?leer=5"))
    assert response.status_code == 200
    assert "spielliste-leer-5-durchgang-1.pdf" in response["Content-Disposition"]
    keep_output("spielliste-leer.pdf", response.content)
    pages, texts = pdf_text(response.content)
    assert pages == 1
    text = " ".join(texts[0].split())
    assert "20 Spiele" in text and "Fünfertisch" in text and "Ersatzliste" in text
    assert "Jürgen Müller" not in text and "Tisch 1" not in text
    assert organiser_client.get(url("sheets_pdf", evening.slug, 1, "?leer=7")).status_code == 400


def test_pages_opened_on_this_computer_point_to_the_running_network_server(
    organiser_client, evening, settings
):
    """``make serve`` runs: the pages opened on 127.0.0.1 name its network address instead of
    telling to start it."""
    settings.LAN_ADDRESS = "192.168.1.20"
    pages = [
        url("downloads", evening.slug),
        reverse("scoring:round_sheets", args=[evening.slug, 1]),
    ]
    for page in pages:
        html = organiser_client.get(page, HTTP_HOST="127.0.0.1:8000").content.decode()
        assert f'href="http://192.168.1.20:8000{page}"' in html, page
        assert "make serve" not in html, page
    settings.LAN_ADDRESS = None  # make run: no network server yet
    html = organiser_client.get(pages[1], HTTP_HOST="127.0.0.1:8000").content.decode()
    assert "make serve" in html
