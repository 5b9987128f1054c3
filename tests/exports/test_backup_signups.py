"""The online sign-up and the people's privacy choices travel with the backup; older backups
restore without them (no sign-up, the club's rule, nobody anonymised)."""

from __future__ import annotations

import copy

import pytest

from output.backup.document import BackupError, dumps, loads
from output.backup.export import export_tournament
from output.backup.restore import import_tournament
from tournament.models import (
    NameChoice,
    Participant,
    Signup,
    SignupSettings,
    Table,
    Tournament,
    new_entry_token,
    new_short_code,
)
from tournament.signup.services import cancel, check_in, mark_no_shows, save_settings, sign_up

pytestmark = pytest.mark.django_db

SIGNUP_FIELDS = (
    "name",
    "club",
    "ddv_number",
    "contact",
    "remark",
    "status",
    "position",
    "no_show",
    "moved_up_at",
    "cancelled_at",
    "created_at",
)


@pytest.fixture
def with_signups(complete_tournament, organiser):
    save_settings(
        complete_tournament,
        {"enabled": True, "cap": 2, "ask_club": True, "ask_contact": True, "ask_remark": True},
        user=organiser,
    )
    add = {"user": organiser}
    first = sign_up(complete_tournament, {"name": "Erna Anmeldung", "club": "SK Rhein"}, **add)
    sign_up(complete_tournament, {"name": "Fritz Zusage", "contact": "0171 1"}, **add)
    sign_up(
        complete_tournament,
        {"name": "Gerd Wartend", "ddv_number": "12345", "remark": "komme\nspäter"},
        **add,
    )
    sign_up(complete_tournament, {"name": "Hanna Hinten"}, **add)
    check_in(complete_tournament, [first.pk], user=organiser)
    cancel(Signup.objects.get(name="Gerd Wartend"), user=organiser)  # Hanna stays waiting
    mark_no_shows(complete_tournament, user=organiser)  # Fritz
    return complete_tournament


def rows(tournament):
    return [
        (
            *(getattr(signup, field) for field in SIGNUP_FIELDS),
            signup.participant.name if signup.participant else None,
        )
        for signup in tournament.signups.order_by("position")
    ]


def test_a_round_trip_keeps_the_sign_up_settings_and_every_sign_up(with_signups):
    data = loads(dumps(export_tournament(with_signups)))
    restored = import_tournament(data, slug="kopie")
    before = SignupSettings.objects.get(tournament=with_signups)
    after = SignupSettings.objects.get(tournament=restored)
    assert [getattr(after, f) for f in SignupSettings.FIELDS] == [
        getattr(before, f) for f in SignupSettings.FIELDS
    ]
    assert rows(restored) == rows(with_signups)
    statuses = {row[0]: (row[5], row[7], row[-1]) for row in rows(restored)}
    assert statuses == {
        "Erna Anmeldung": ("confirmed", False, "Erna Anmeldung"),
        "Fritz Zusage": ("confirmed", True, None),
        "Gerd Wartend": ("cancelled", False, None),
        "Hanna Hinten": ("waiting", False, None),
    }
    erna = restored.signups.get(name="Erna Anmeldung")
    assert erna.participant.tournament == restored and erna.participant.checked_in
    # A copy gets its own personal links: the original's keep opening the original's.
    old = set(with_signups.signups.values_list("token", flat=True))
    old_codes = set(with_signups.signups.values_list("short_code", flat=True))
    assert not old & set(restored.signups.values_list("token", flat=True))
    assert not old_codes & set(restored.signups.values_list("short_code", flat=True))


def test_restored_under_its_own_name_the_sign_ups_keep_their_links(with_signups):
    data = loads(dumps(export_tournament(with_signups)))
    tokens = {row["name"]: (row["token"], row["short_code"]) for row in data["signups"]}
    # The original moves aside with new links of its own.
    Tournament.objects.filter(pk=with_signups.pk).update(slug="beiseite")
    for table in Table.objects.filter(round__tournament=with_signups):
        Table.objects.filter(pk=table.pk).update(entry_token=new_entry_token())
    for signup in with_signups.signups.all():
        Signup.objects.filter(pk=signup.pk).update(
            token=new_entry_token(), short_code=new_short_code()
        )
    restored = import_tournament(data)
    assert restored.slug == data["tournament"]["slug"]
    assert {s.name: (s.token, s.short_code) for s in restored.signups.all()} == tokens


def test_a_backup_from_before_the_sign_up_restores_without_one(with_signups):
    data = loads(dumps(export_tournament(with_signups)))
    del data["signup_settings"], data["signups"]
    restored = import_tournament(data, slug="alt")
    assert not SignupSettings.objects.filter(tournament=restored).exists()
    assert not restored.signups.exists()


def test_a_round_trip_keeps_the_name_choices_and_who_is_anonymised(complete_tournament):
    players = list(complete_tournament.participants.order_by("pk")[:3])
    Participant.objects.filter(pk=players[0].pk).update(name_choice=NameChoice.OBJECTION)
    Participant.objects.filter(pk=players[1].pk).update(name_choice=NameChoice.CONSENT)
    Participant.objects.filter(pk=players[2].pk).update(anonymised=True)
    data = loads(dumps(export_tournament(complete_tournament)))
    restored = import_tournament(data, slug="kopie")
    fields = ("name", "name_choice", "anonymised")
    assert list(restored.participants.order_by("name").values_list(*fields)) == list(
        complete_tournament.participants.order_by("name").values_list(*fields)
    )
    older = copy.deepcopy(data)
    for row in older["participants"]:
        del row["name_choice"], row["anonymised"]
    old = import_tournament(older, slug="alt")
    assert set(old.participants.values_list("name_choice", "anonymised")) == {("", False)}


@pytest.mark.parametrize(
    ("change", "place"),
    [
        (lambda d: d["signups"][3].update(name=""), "signups[3].name"),
        (lambda d: d["signups"][3].update(name="x" * 101), "signups[3].name"),
        (lambda d: d["signups"][1].update(contact="1" * 121), "signups[1].contact"),
        (lambda d: d["signups"][2].update(ddv_number="1" * 21), "signups[2].ddv_number"),
        (lambda d: d["signups"][2].update(remark="x" * 301), "signups[2].remark"),
        (lambda d: d["signups"][0].update(status="maybe"), "signups[0].status"),
        (lambda d: d["signups"][0].update(position=-1), "signups[0].position"),
        (lambda d: d["signups"][0].update(token="a b"), "signups[0].token"),
        (lambda d: d["signups"][1].update(token=d["signups"][0]["token"]), "signups[1].token"),
        (lambda d: d["signups"][0].update(short_code="IIII0000"), "signups[0].short_code"),
        (lambda d: d["signups"][1].update(participant=999999), "signups[1].participant"),
        (
            lambda d: d["signups"][1].update(participant=d["signups"][0]["participant"]),
            "signups[1].participant",
        ),
        (lambda d: d["signups"][0].update(cancelled_at="gestern"), "signups[0].cancelled_at"),
        (lambda d: d["signups"][0].update(no_show="ja"), "signups[0].no_show"),
        (lambda d: d["signup_settings"].update(cap=0), "signup_settings.cap"),
        (lambda d: d["signup_settings"].update(cap=2001), "signup_settings.cap"),
        (lambda d: d["signup_settings"].update(ask_club=None), "signup_settings.ask_club"),
        (lambda d: d.update(signups={}), "signups"),
        (lambda d: d["participants"][0].update(name_choice="x"), "participants[0].name_choice"),
        (lambda d: d["participants"][0].update(anonymised=1), "participants[0].anonymised"),
    ],
)
def test_a_wrong_sign_up_part_is_refused_by_place_and_nothing_is_written(
    with_signups, change, place
):
    data = copy.deepcopy(loads(dumps(export_tournament(with_signups))))
    data["signups"].sort(key=lambda row: row["position"])
    change(data)
    count, signups = Tournament.objects.count(), Signup.objects.count()
    with pytest.raises(BackupError) as refused:
        import_tournament(data, slug="kaputt")
    assert f"„{place}“" in str(refused.value)
    assert (Tournament.objects.count(), Signup.objects.count()) == (count, signups)
