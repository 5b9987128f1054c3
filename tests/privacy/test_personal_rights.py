"""A person's rights: anonymising keeps every result, place and printout but the name; the
export holds every row that named them; guests past the club's retention are anonymised."""

from __future__ import annotations

import datetime
import io
import json
import re

import pytest
from django.apps import apps
from django.core.management import call_command
from django.db import models
from pypdf import PdfReader

from output.printouts.pdf_standings import standings_pdf
from public.show.announcements import add_announcement
from scoring.standings.ranking import compute_standings
from seasons.ranking import compute_season
from seasons.services import create_season
from tournament.errors import DomainError
from tournament.fees.services import set_paid
from tournament.models import AuditEntry, Member, Participant, Tournament
from tournament.privacy.services import (
    anonymise_expired_guests,
    anonymise_guest,
    anonymise_member,
    months_before,
    personal_data,
)

pytestmark = pytest.mark.django_db

NAMES = [f"{given} {surname}" for given, surname in zip(
    ["Anna", "Bernd", "Carla", "Dieter", "Emil", "Frieda", "Gerd", "Hanna"],
    ["Arndt", "Bauer", "Cramer", "Dorn", "Engel", "Falk", "Graf", "Hahn"],
    strict=True,
)]  # fmt: skip


@pytest.fixture
def season_of_two(club, play_evening):
    """Two evenings of the club (rounds 2 each), Anna Arndt a member in both, a guest too."""
    first = play_evening(club, "januar", NAMES, rounds=2, day=10, guests=("Gustav Gast",))
    second = play_evening(club, "februar", NAMES, rounds=2, seed=11, day=20)
    create_season(club, "2025", name="Jahreswertung 2025", tournaments=[first, second])
    return first, second


def without_names(rows):
    return [
        (r.participant_id, r.rank, r.shared_rank, r.total, r.rounds, r.games_won, r.games_played)
        for r in rows
    ]


def pdf_lines(tournament: Tournament) -> list[str]:
    data = standings_pdf(compute_standings(tournament))
    text = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)
    return [line for line in text.splitlines() if not re.search(r"\d\d:\d\d", line)]


def test_an_anonymised_members_old_evenings_rank_and_print_identically_except_for_the_name(
    season_of_two, club
):
    anna = Member.objects.get(club=club, name="Anna Arndt")
    for evening in Participant.objects.filter(member=anna):
        set_paid(evening, True)  # an audit entry that names her
    add_announcement(season_of_two[0], text="Glückwunsch an Anna Arndt!")
    before = {t.slug: compute_standings(t) for t in season_of_two}
    printed = {t.slug: pdf_lines(t) for t in season_of_two}
    season = club.seasons.get()
    season_before = compute_season(season).rows

    anonymise_member(anna)

    anna.refresh_from_db()
    pseudonym = anna.name
    assert re.fullmatch(r"Spieler \d+", pseudonym)
    assert anna.anonymised
    for tournament in season_of_two:
        after = compute_standings(tournament)
        assert without_names(after.rows) == without_names(before[tournament.slug].rows)
        names_before = {r.participant_id: r.name for r in before[tournament.slug].rows}
        for row in after.rows:
            expected = pseudonym if names_before[row.participant_id] == "Anna Arndt" else None
            assert row.name == (expected or names_before[row.participant_id])
        assert pdf_lines(tournament) == [
            line.replace("Anna Arndt", pseudonym) for line in printed[tournament.slug]
        ]
        # The audit log keeps the fact ("Teilnehmer angelegt ...") but not the name.
        entries = AuditEntry.objects.filter(tournament=tournament)
        assert not [e for e in entries if "Anna Arndt" in json.dumps([e.summary, e.params])]
        assert entries.filter(action=AuditEntry.Action.FEE_PAID, summary__contains=pseudonym)
        assert entries.filter(action=AuditEntry.Action.PERSON_ANONYMISED).exists()
    assert season_of_two[0].announcements.get().text == f"Glückwunsch an {pseudonym}!"
    # The same pseudonym on every evening, and the season ranks as before.
    assert set(Participant.objects.filter(member=anna).values_list("name", flat=True)) == {
        pseudonym
    }
    season_after = compute_season(season).rows
    # Every member keeps rank and points (within a shared rank the order follows the names).
    assert sorted((r.member_id, r.rank, r.points) for r in season_after) == sorted(
        (r.member_id, r.rank, r.points) for r in season_before
    )
    with pytest.raises(DomainError):
        anonymise_member(anna)


def as_text(value) -> str:
    return json.dumps(value, default=str, ensure_ascii=False)


def all_rows_naming(participant_ids: set[int], member_ids: set[int], names: set[str]):
    """Brute force, independent of the export: every row of every model whose foreign key
    points at the person, or whose text names them."""
    found = set()
    for model in apps.get_models():
        for row in model._default_manager.all():
            for field in model._meta.concrete_fields:
                value = getattr(row, field.attname)
                related = field.related_model if field.is_relation else None
                if (related is Participant and value in participant_ids) or (
                    related is Member and value in member_ids
                ):
                    found.add((model._meta.label_lower, row.pk))
                elif isinstance(field, models.BinaryField) or value is None:
                    continue
                elif any(
                    name in json.dumps(value, default=str, ensure_ascii=False) for name in names
                ):
                    found.add((model._meta.label_lower, row.pk))
        if model is Participant:
            found |= {("tournament.participant", pk) for pk in participant_ids}
        if model is Member:
            found |= {("tournament.member", pk) for pk in member_ids}
    return found


def exported(data) -> set[tuple[str, int]]:
    return {(label, row["id"]) for label, rows in data["tables"].items() for row in rows}


def test_the_export_of_a_member_contains_every_row_that_named_them(season_of_two, club):
    first, _second = season_of_two
    anna = Member.objects.get(club=club, name="Anna Arndt")
    evening = Participant.objects.get(tournament=first, member=anna)
    set_paid(evening, True)
    add_announcement(first, text="Glückwunsch an Anna Arndt zum Geburtstag!")
    ids = set(Participant.objects.filter(member=anna).values_list("pk", flat=True))
    expected = all_rows_naming(ids, {anna.pk}, {"Anna Arndt"})
    data = personal_data(anna)
    assert expected <= exported(data)
    labels = {label for label, _pk in expected}
    assert {"scoring.scoreline", "tournament.seat", "tournament.feepayment"} <= labels
    assert {"tournament.announcement", "tournament.auditentry"} <= labels
    json.dumps(data, default=str)  # plain data
    # Nothing of another person: every row exported points at Anna or names her.
    assert exported(data) <= expected


def test_the_export_of_a_guest_and_the_pdf(season_of_two, client, django_user_model):
    first, _second = season_of_two
    guest = Participant.objects.get(tournament=first, name="Gustav Gast")
    expected = all_rows_naming({guest.pk}, set(), {"Gustav Gast"})
    assert expected <= exported(personal_data(guest))
    from tournament.models import ClubMembership

    leader = django_user_model.objects.create_user("leitung", password="x-lang-genug-123")
    ClubMembership.objects.create(user=leader, club=first.club, role=ClubMembership.Role.ORGANISER)
    client.force_login(leader)
    answer = client.get(f"/verwaltung/{first.slug}/export/teilnehmer/{guest.pk}/auskunft.pdf")
    assert answer.status_code == 200
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(answer.content)).pages)
    assert "Gustav Gast" in text
    answer = client.get(f"/verwaltung/{first.slug}/export/teilnehmer/{guest.pk}/auskunft.json")
    assert json.loads(answer.content)["person"]["name"] == "Gustav Gast"


def test_guests_past_the_retention_are_anonymised_by_the_command(season_of_two, club):
    first, second = season_of_two
    Participant.objects.create(tournament=second, name="Greta Neu")
    club.guest_retention_months = 6
    club.save()
    # The first evening (10 January) is more than 6 months before 15 July, the second
    # (20 January) is not.
    today = datetime.date(2025, 7, 15)
    assert anonymise_expired_guests(club, today=today) == 1
    gustav = Participant.objects.get(tournament=first, member=None)
    assert gustav.anonymised and gustav.name.startswith("Spieler ")
    assert Participant.objects.filter(tournament=second, name="Greta Neu").exists()
    assert Member.objects.filter(club=club, name="Anna Arndt").exists()  # members stay
    # The command for cron: the same for every club, nothing left to do now.
    call_command("anonymise_guests", "--today", "2025-07-15")
    assert Participant.objects.get(pk=gustav.pk).name == gustav.name
    call_command("anonymise_guests", "--today", "2026-12-01")
    assert Participant.objects.get(tournament=second, name__startswith="Spieler ").anonymised


def test_a_guest_is_anonymised_once_and_a_member_only_in_the_registry(season_of_two, club):
    first, _second = season_of_two
    guest = Participant.objects.get(tournament=first, name="Gustav Gast")
    anonymise_guest(guest)
    with pytest.raises(DomainError):
        anonymise_guest(guest)
    member = Participant.objects.filter(tournament=first).exclude(member=None).first()
    with pytest.raises(DomainError):
        anonymise_guest(member)


@pytest.mark.parametrize(
    ("day", "months", "expected"),
    [
        ((2025, 8, 15), 6, (2025, 2, 15)),
        ((2025, 3, 31), 1, (2025, 2, 28)),
        ((2024, 3, 31), 1, (2024, 2, 29)),
        ((2025, 1, 10), 13, (2023, 12, 10)),
    ],
)
def test_months_before(day, months, expected):
    assert months_before(datetime.date(*day), months) == datetime.date(*expected)
