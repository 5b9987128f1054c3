"""The projector's show: which slides a tournament shows (organiser's switches and the public
ones behind them), hidden standings never in the projector's HTML, the announcements and their
editor, the slide settings and announcements in backups."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from output.backup.export import export_tournament
from output.backup.restore import import_tournament
from public.show.announcements import (
    add_announcement,
    change_announcement,
    delete_announcement,
    move_announcement,
)
from public.show.slides import availability, slide_kinds
from public.views import released_round
from scoring.models import Season
from tournament.errors import DomainError
from tournament.events.services import update_tournament
from tournament.models import ANNOUNCEMENTS_LIMIT, Announcement, AuditEntry, Club

pytestmark = pytest.mark.django_db

ALL = ["seating", "announcements", "standings", "season"]


def kinds(tournament, fixed=""):
    return slide_kinds(tournament, availability(tournament, released_round(tournament)), fixed)


@pytest.fixture
def show(evening, organiser):
    """The evening with one announcement and a public season."""
    add_announcement(evening, text="Pause bis 21:15", user=organiser)
    club = Club.objects.create(name="Doko-Freunde", slug="doko-freunde")
    Season.objects.create(club=club, slug="2025", name="Saison 2025").tournaments.add(evening)
    return evening


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        ({}, ALL),
        ({"slide_seating": False}, ["announcements", "standings", "season"]),
        ({"public_seating": False}, ["announcements", "standings", "season"]),
        ({"slide_standings": False}, ["seating", "announcements", "season"]),
        ({"public_standings": False}, ["seating", "announcements", "season"]),
        ({"slide_announcements": False}, ["seating", "standings", "season"]),
        ({"slide_season": False}, ["seating", "announcements", "standings"]),
        (
            {"slide_seating": False, "slide_standings": False, "slide_season": False},
            ["announcements"],
        ),
    ],
)
def test_the_slides_follow_the_organisers_switches_and_the_public_ones(show, changes, expected):
    for field, value in changes.items():
        setattr(show, field, value)
    show.save()
    assert kinds(show) == expected


def test_no_announcement_shown_and_no_public_season_mean_no_such_slides(show):
    Announcement.objects.update(active=False)
    Season.objects.update(public_projector=False)
    assert kinds(show) == ["seating", "standings"]


def test_show_fixes_one_kind_and_falls_back_to_the_other_when_not_public(show):
    assert kinds(show, "standings") == ["standings"]
    assert kinds(show, "seating") == ["seating"]
    show.public_standings = False
    show.save()
    assert kinds(show, "standings") == ["seating"]
    show.public_seating = False
    show.save()
    assert kinds(show, "standings") == []


def slide_sections(html: str) -> list[str]:
    return re.findall(r'<section class="slide[^"]*" data-kind="([a-z]+)"', html)


def test_the_projector_renders_each_slide_in_order_with_its_interval(client, show, confirm_round):
    confirm_round(show)
    update_tournament(show, slide_seconds=20)
    html = client.get(reverse("public:projector", args=[show.slug])).content.decode()
    assert slide_sections(html) == ALL
    assert 'data-slide-seconds="20"' in html
    assert "Pause bis 21:15" in html and "Saison 2025" in html
    assert "Stand nach Durchgang 1" in html and "standings-board" in html
    assert 'type="module"' in html and "<script>" not in html


def test_hidden_standings_leave_nothing_of_them_on_the_projector_or_the_api(
    client, show, confirm_round
):
    confirm_round(show)
    update_tournament(show, public_standings=False)
    for query in ("", "?show=standings"):
        html = client.get(reverse("public:projector", args=[show.slug]) + query).content.decode()
        assert "standings" not in slide_sections(html)
        assert "Stand nach Durchgang" not in html and "standings-board" not in html
        assert not re.search(r'class="num total"', html)
    assert client.get(f"/api/t/{show.slug}/standings").status_code == 404
    assert client.get(reverse("public:standings", args=[show.slug])).status_code == 404


def test_an_inactive_announcement_is_not_on_the_projector(client, show, organiser):
    item = Announcement.objects.get()
    change_announcement(show, item.pk, text="Siegerehrung um 23 Uhr", active=False, user=organiser)
    html = client.get(reverse("public:projector", args=[show.slug])).content.decode()
    assert "Siegerehrung" not in html and "announcements" not in slide_sections(html)


def test_the_projector_reads_a_bounded_number_of_queries(
    client, show, confirm_round, django_assert_max_num_queries
):
    confirm_round(show)
    url = reverse("public:projector", args=[show.slug])
    client.get(url)
    with django_assert_max_num_queries(16):
        assert client.get(url).status_code == 200


def test_a_new_announcement_gives_the_projector_a_new_etag(client, show, organiser):
    url = reverse("public:projector", args=[show.slug])
    etag = client.get(url).headers["ETag"]
    assert client.get(url, headers={"if-none-match": etag}).status_code == 304
    add_announcement(show, text="Siegerehrung um 23 Uhr", user=organiser)
    fresh = client.get(url, headers={"if-none-match": etag})
    assert fresh.status_code == 200 and "Siegerehrung um 23 Uhr" in fresh.content.decode()


def test_announcements_are_ordered_moved_and_deleted_with_audit_entries(show, organiser):
    second = add_announcement(show, text="  Siegerehrung   um 23 Uhr ", user=organiser)
    assert second.text == "Siegerehrung um 23 Uhr"
    first = Announcement.objects.get(text="Pause bis 21:15")
    move_announcement(show, second.pk, step=-1, user=organiser)
    assert list(show.announcements.values_list("text", flat=True)) == [
        "Siegerehrung um 23 Uhr",
        "Pause bis 21:15",
    ]
    move_announcement(show, second.pk, step=-1, user=organiser)  # already first: nothing
    delete_announcement(show, first.pk, user=organiser)
    assert list(show.announcements.values_list("text", flat=True)) == ["Siegerehrung um 23 Uhr"]
    summaries = list(
        AuditEntry.objects.filter(tournament=show, summary__startswith="Ansage").values_list(
            "summary", flat=True
        )
    )
    assert len(summaries) == 4 and any("gelöscht" in text for text in summaries)


@pytest.mark.parametrize(
    ("text", "message"), [("   ", "fehlt"), ("x" * 161, "höchstens 160 Zeichen (hier 161)")]
)
def test_a_bad_announcement_is_refused_with_what_is_wrong(show, text, message):
    with pytest.raises(DomainError, match=re.escape(message)):
        add_announcement(show, text=text)
    assert show.announcements.count() == 1


def test_at_most_a_limit_of_announcements(show):
    for n in range(ANNOUNCEMENTS_LIMIT - 1):
        add_announcement(show, text=f"Ansage {n}")
    with pytest.raises(DomainError, match="Höchstens"):
        add_announcement(show, text="eine zu viel")


def test_the_desk_page_adds_and_refuses_in_the_users_words(organiser_client, show):
    url = reverse("scoring:announcements", args=[show.slug])
    response = organiser_client.post(url, {"text": "Siegerehrung um 23 Uhr"})
    assert response.status_code == 302
    page = organiser_client.get(url).content.decode()
    assert "Siegerehrung um 23 Uhr" in page and "Pause bis 21:15" in page
    refused = organiser_client.post(url, {"text": ""})
    assert refused.status_code == 400 and "Der Text der Ansage fehlt." in refused.content.decode()
    item = show.announcements.get(text="Pause bis 21:15")
    action = reverse("scoring:announcement", args=[show.slug, item.pk])
    organiser_client.post(action, {"action": "save", "text": "Pause bis 21:30"})
    item.refresh_from_db()
    assert (item.text, item.active) == ("Pause bis 21:30", False)  # unticked: not shown


def test_the_slide_interval_is_bounded(show):
    with pytest.raises(DomainError, match="zwischen 5 und 120"):
        update_tournament(show, slide_seconds=2)


def test_a_backup_carries_the_announcements_and_slide_settings(show, organiser):
    add_announcement(show, text="Siegerehrung um 23 Uhr", user=organiser)
    change_announcement(show, show.announcements.first().pk, text="Pause bis 21:15", active=False)
    show = update_tournament(show, slide_season=False, slide_seconds=30)
    copy = import_tournament(export_tournament(show), slug="kopie")
    assert list(copy.announcements.values_list("text", "active", "position")) == [
        ("Pause bis 21:15", False, 1),
        ("Siegerehrung um 23 Uhr", True, 2),
    ]
    assert (copy.slide_season, copy.slide_seconds, copy.slide_standings) == (False, 30, True)


def test_a_backup_from_before_the_show_restores_with_its_defaults(show):
    data = export_tournament(show)
    del data["announcements"]
    for field in ("slide_seating", "slide_standings", "slide_announcements", "slide_season"):
        del data["tournament"][field]
    del data["tournament"]["slide_seconds"]
    copy = import_tournament(data, slug="alt")
    assert copy.announcements.count() == 0
    assert (copy.slide_seating, copy.slide_season, copy.slide_seconds) == (True, True, 15)
