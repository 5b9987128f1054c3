"""axe-core (shipped with axe-playwright-python, no network) on the captain's page, the
organiser's sheet, participants, round pages and live board and every public page, on a
390×844 phone and a 1280×900 desk, with filled data: a released round, a partly filled, a
handed-in and a confirmed sheet. No critical and no serious violation may remain."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe

from demo.play import play_sheet
from scoring.models import Sheet
from scoring.sheets.links import captain_url
from scoring.sheets.services import submit_sheet
from tests.browser.conftest import login
from tests.conftest import example_records
from tournament.models import Participant, Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTHS = {"phone": (390, 844), "desk": (1280, 900)}
BLOCKING = ("critical", "serious")


@pytest.fixture
def filled(evening, organiser, settings, live_server):
    """Round 1 released: table 1 confirmed, table 2 partly filled, table 3 handed in."""
    settings.PUBLIC_BASE_URL = live_server.url
    Tournament.objects.filter(pk=evening.pk).update(
        public_seating=True,
        public_standings=True,
        public_player_pages=True,
        public_rules=True,
        public_projector=True,
    )
    sheets = {s.table.number: s for s in Sheet.objects.filter(round__tournament=evening)}
    play_sheet(sheets[1], example_records(4), user=organiser)
    partly = sheets[2]
    submit_sheet(partly, example_records(4)[:5], expected_revision=partly.revision, user=organiser)
    handed_in = sheets[3]
    submit_sheet(
        handed_in,
        example_records(5),
        expected_revision=handed_in.revision,
        user=organiser,
        final=True,
    )
    return evening


def pages(tournament: Tournament) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """(name, path) of the public pages and of the organiser's pages."""
    slug = tournament.slug
    player = Participant.objects.filter(tournament=tournament).order_by("pk").first()
    sheets = {s.table.number: s for s in Sheet.objects.filter(round__tournament=tournament)}
    public = [
        ("start", "/"),
        ("anmelden", "/konto/anmelden/"),
        ("turnier", f"/t/{slug}/"),
        ("wo-sitze-ich", f"/t/{slug}/wo-sitze-ich/"),
        ("wo-sitze-ich-gefunden", f"/t/{slug}/wo-sitze-ich/?q={player.name.split()[0]}"),
        ("sitzordnung", f"/t/{slug}/sitzordnung/"),
        ("tabelle", f"/t/{slug}/tabelle/"),
        ("regeln", f"/t/{slug}/regeln/"),
        ("spieler", f"/t/{slug}/spieler/{player.public_id}/"),
        ("beamer", f"/t/{slug}/beamer/"),
        ("beamer-sitzordnung", f"/t/{slug}/beamer/?show=seating"),
        ("beamer-tabelle", f"/t/{slug}/beamer/?show=standings"),
        ("listenfuehrer-teilweise", captain_url(sheets[2].table.entry_token)),
        ("listenfuehrer-leer", captain_url(sheets[4].table.entry_token)),
        ("listenfuehrer-bestaetigt", captain_url(sheets[1].table.entry_token)),
        ("fehlerseite-404", f"/t/{slug}/gibt-es-nicht/"),
    ]
    desk = f"/verwaltung/{slug}/"
    organiser = [
        ("teilnehmer", desk + "teilnehmer/"),
        ("durchgang", desk + "durchgang/1/"),
        ("listen", desk + "durchgang/1/listen/"),
        ("tische-live", desk + "durchgang/1/tische-live/"),
        ("liste-teilweise", desk + "durchgang/1/tisch/2/"),
        ("liste-abgegeben", desk + "durchgang/1/tisch/3/"),
        ("liste-bestaetigt", desk + "durchgang/1/tisch/1/"),
        ("turnier-verwaltung", desk),
    ]
    return public, organiser


def blocking_violations(axe: Axe, page) -> list[dict]:
    results = axe.run(page)
    return [v for v in results.response["violations"] if v["impact"] in BLOCKING]


def describe(name: str, path: str, violations: list[dict]) -> str:
    lines = [f"{name} ({path}):"]
    for violation in violations:
        lines.append(
            f"  {violation['id']} ({violation['impact']}, {len(violation['nodes'])}×): "
            f"{violation['help']}"
        )
        for node in violation["nodes"][:6]:
            target = ", ".join(str(t) for t in node["target"])
            lines.append(f"    {target}: {node['html'][:160]}")
            summary = (node.get("failureSummary") or "").replace("\n", " ")
            if summary:
                lines.append(f"      {summary[:240]}")
    return "\n".join(lines)


@pytest.mark.parametrize("width", WIDTHS)
def test_no_critical_or_serious_axe_violations(browser, live_server, filled, width):
    w, h = WIDTHS[width]
    mobile = {"is_mobile": True, "has_touch": True} if width == "phone" else {}
    public, organiser = pages(filled)
    axe = Axe()
    failures = []
    checked = 0
    for pages_, logged_in in ((public, False), (organiser, True)):
        context = browser.new_context(viewport={"width": w, "height": h}, locale="de-DE", **mobile)
        page = context.new_page()
        page.set_default_timeout(10_000)
        try:
            if logged_in:
                login(page, live_server)
            for name, path in pages_:
                url = path if path.startswith("http") else live_server.url + path
                response = page.goto(url)
                expected = 404 if name.startswith("fehlerseite-") else 200
                assert response is not None and response.status == expected, (name, url, response)
                page.wait_for_load_state("load")
                violations = blocking_violations(axe, page)
                checked += 1
                if violations:
                    failures.append(describe(name, path, violations))
        finally:
            context.close()
    assert checked == len(public) + len(organiser)
    assert not failures, (
        f"axe-core at {w}×{h}: critical/serious violations on {len(failures)} of {checked} pages\n"
        + "\n".join(failures)
    )
