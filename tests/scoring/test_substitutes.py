"""Substitutes (Ersatzspieler): a seat of a released table changes hands during the round.

The points follow the seat: the replaced player keeps the games before the change, the
substitute gets the games from the change on.
"""

from __future__ import annotations

import pytest
from django.db.models import Sum
from django.urls import reverse

from scoring.evening.substitutes import replace_player
from scoring.models import ScoreLine
from scoring.sheets.reading import sheet_for
from scoring.sheets.services import confirm_sheet, reopen_sheet, submit_sheet
from scoring.standings.ranking import compute_standings
from tests.conftest import example_records, example_sheet
from tournament.errors import DomainError
from tournament.models import AuditEntry, Round, Seat, SeatChange
from tournament.participants.services import add_participant

pytestmark = pytest.mark.django_db


def seat(tournament, table: int, number: int) -> Seat:
    return Seat.objects.select_related("participant").get(
        round__tournament=tournament, round__number=1, table__number=table, number=number
    )


def play_table_one(tournament, organiser) -> None:
    sheet = sheet_for(Round.objects.get(tournament=tournament, number=1), 1)
    submit_sheet(
        sheet, example_records(4), expected_revision=0, user=organiser, final=True, confirm=True
    )


def test_the_substitute_takes_over_the_seat_and_its_points_from_the_change_on(evening, organiser):
    replaced = seat(evening, 1, 3).participant
    substitute = add_participant(evening, name="Berta Schmidt", user=organiser)
    change = replace_player(
        evening, 1, 1, 3, substitute, 9, reason="Zug verpasst", withdraw=True, user=organiser
    )
    assert seat(evening, 1, 3).participant == substitute
    assert change.previous_participant == replaced and change.created_by == organiser
    play_table_one(evening, organiser)

    games = example_sheet(4)["games"]
    before = sum(game["points"]["3"] for game in games[:8])
    after = sum(game["points"]["3"] for game in games[8:])
    lines = ScoreLine.objects.filter(sheet__table__number=1, seat=3)
    assert sorted(lines.filter(participant=replaced).values_list("game_number", flat=True)) == (
        list(range(1, 9))
    )
    assert lines.filter(participant=replaced).aggregate(s=Sum("points"))["s"] == before
    assert lines.filter(participant=substitute).aggregate(s=Sum("points"))["s"] == after

    rows = {row.participant_id: row for row in compute_standings(evening).rows}
    assert rows[replaced.pk].withdrawn and rows[replaced.pk].games_played == 8
    assert rows[substitute.pk].games_played == len(games) - 8
    assert rows[substitute.pk].total == after

    entry = AuditEntry.objects.filter(action=AuditEntry.Action.SEAT_REPLACED).get()
    assert entry.reason == "Zug verpasst" and entry.user == organiser
    assert "Berta Schmidt" in entry.summary and replaced.name in entry.summary
    assert AuditEntry.objects.filter(
        action=AuditEntry.Action.PARTICIPANT_WITHDRAWN, summary=replaced.name
    ).exists()


def test_a_seat_can_change_twice_and_each_keeps_their_games(evening, organiser):
    first = seat(evening, 1, 2).participant
    second = add_participant(evening, name="Ersatz Eins", user=organiser)
    third = add_participant(evening, name="Ersatz Zwei", user=organiser)
    replace_player(evening, 1, 1, 2, second, 5, reason="krank", user=organiser)
    with pytest.raises(DomainError, match="ab Spiel 6"):
        replace_player(evening, 1, 1, 2, third, 5, reason="müde", user=organiser)
    replace_player(evening, 1, 1, 2, third, 13, reason="müde", user=organiser)
    play_table_one(evening, organiser)
    lines = ScoreLine.objects.filter(sheet__table__number=1, seat=2)
    assert lines.filter(participant=first).count() == 4
    assert lines.filter(participant=second).count() == 8
    assert lines.filter(participant=third).count() == len(example_records(4)) - 12


def test_a_player_seated_in_the_round_cannot_substitute(evening, organiser):
    other = seat(evening, 2, 1).participant
    with pytest.raises(DomainError, match="schon an einem Tisch"):
        replace_player(evening, 1, 1, 3, other, 2, reason="x", user=organiser)
    replaced = seat(evening, 1, 3).participant
    sub = add_participant(evening, name="Neu", user=organiser)
    replace_player(evening, 1, 1, 3, sub, 2, reason="x", user=organiser)
    # the replaced player has played in this round and cannot sit in elsewhere
    with pytest.raises(DomainError, match="schon an einem Tisch"):
        replace_player(evening, 1, 2, 1, replaced, 2, reason="x", user=organiser)


@pytest.mark.parametrize("from_game", [0, 17])
def test_the_first_game_must_be_one_the_sheet_allows(evening, organiser, from_game):
    sub = add_participant(evening, name="Neu", user=organiser)
    with pytest.raises(DomainError, match="ab Spiel 1 bis 16"):
        replace_player(evening, 1, 1, 3, sub, from_game, reason="x", user=organiser)
    assert not SeatChange.objects.exists()


def test_a_reason_is_required_and_a_withdrawn_substitute_is_refused(evening, organiser):
    sub = add_participant(evening, name="Neu", user=organiser)
    with pytest.raises(DomainError, match="Grund"):
        replace_player(evening, 1, 1, 3, sub, 2, reason=" ", user=organiser)
    sub.withdrawn = True
    sub.save()
    with pytest.raises(DomainError, match="abgemeldet"):
        replace_player(evening, 1, 1, 3, sub, 2, reason="x", user=organiser)


def test_a_confirmed_sheet_must_be_reopened_first(evening, organiser):
    play_table_one(evening, organiser)
    sub = add_participant(evening, name="Neu", user=organiser)
    with pytest.raises(DomainError, match="bestätigt"):
        replace_player(evening, 1, 1, 3, sub, 9, reason="x", user=organiser)
    sheet = sheet_for(Round.objects.get(tournament=evening, number=1), 1)
    reopen_sheet(sheet, reason="Ersatzspieler nachtragen", user=organiser)
    replace_player(evening, 1, 1, 3, sub, 9, reason="x", user=organiser)
    sheet.refresh_from_db()
    confirm_sheet(sheet, user=organiser)
    assert ScoreLine.objects.filter(participant=sub).count() == len(example_records(4)) - 8


def test_only_released_rounds_take_substitutes(tournament, organiser, add_participants):
    from scoring.evening.rounds import draw_round

    add_participants(tournament, 8)
    draw_round(tournament, 1, seed=7, user=organiser)
    sub = add_participant(tournament, name="Neu", user=organiser)
    with pytest.raises(DomainError, match="freigegeben"):
        replace_player(tournament, 1, 1, 1, sub, 1, reason="x", user=organiser)


def test_the_round_page_sets_a_new_substitute_and_the_pages_show_the_change(
    evening, organiser_client
):
    replaced = seat(evening, 1, 3).participant
    page = organiser_client.get(reverse("tournament:round", args=[evening.slug, 1]))
    assert "Ersatzspieler einsetzen" in page.content.decode()
    response = organiser_client.post(
        reverse("tournament:replace", args=[evening.slug, 1]),
        {
            "table": "1",
            "seat": "3",
            "from_game": "9",
            "new_name": "Berta Schmidt",
            "reason": "Zug verpasst",
            "withdraw": "on",
        },
    )
    assert response.status_code == 302
    replaced.refresh_from_db()
    assert replaced.withdrawn
    label = f"{replaced.name}, ab Spiel 9: Berta Schmidt"
    assert (
        label
        in organiser_client.get(
            reverse("tournament:round", args=[evening.slug, 1])
        ).content.decode()
    )
    table = Round.objects.get(tournament=evening, number=1).tables.get(number=1)
    captain = organiser_client.get(f"/e/{table.entry_token}/").content.decode()
    assert label in captain

    from output.printouts.sheet_data import table_sheets
    from tournament.seating.reading import round_with_seating

    sheets = table_sheets(round_with_seating(evening, 1), "http://x")
    assert (3, label) in sheets[0].seats


def test_a_failed_replacement_creates_no_new_participant(evening, organiser_client):
    organiser_client.post(
        reverse("tournament:replace", args=[evening.slug, 1]),
        {"table": "1", "seat": "3", "from_game": "99", "new_name": "Neu", "reason": "x"},
    )
    assert not evening.participants.filter(name="Neu").exists()


def test_a_backup_keeps_the_substitutes_and_who_got_which_points(evening, organiser):
    from output.backup.document import dumps, loads
    from output.backup.export import export_tournament
    from output.backup.restore import import_tournament

    replaced = seat(evening, 1, 3).participant
    substitute = add_participant(evening, name="Berta Schmidt", user=organiser)
    replace_player(evening, 1, 1, 3, substitute, 9, reason="Zug verpasst", user=organiser)
    play_table_one(evening, organiser)

    copy_ = import_tournament(loads(dumps(export_tournament(evening))), slug="kopie")

    def points(tournament) -> dict[str, tuple[int, int]]:
        return {
            row.name: (row.total, row.games_played) for row in compute_standings(tournament).rows
        }

    assert points(copy_) == points(evening)
    assert points(copy_)[replaced.name][1] == 8
    change = SeatChange.objects.get(seat__round__tournament=copy_)
    assert (change.from_game, change.previous_participant.name, change.participant.name) == (
        9,
        replaced.name,
        "Berta Schmidt",
    )


def test_the_score_sheet_pdf_names_the_substitute(evening, organiser):
    from output.printouts.pdf_sheets import score_sheets_pdf
    from tests.exports.conftest import pdf_text
    from tournament.seating.reading import round_with_seating

    substitute = add_participant(evening, name="Berta Schmidt", user=organiser)
    replace_player(evening, 1, 1, 3, substitute, 9, reason="krank", user=organiser)
    _pages, texts = pdf_text(score_sheets_pdf(round_with_seating(evening, 1), "http://x"))
    text = " ".join(texts[0].split())
    assert "Berta Schmidt" in text and "ab Spiel 9" in text


def test_a_refused_substitute_form_keeps_what_was_typed_and_marks_the_field(
    evening, organiser_client
):
    choice = add_participant(evening, name="Berta Schmidt")
    url = reverse("tournament:replace", args=[evening.slug, 1])
    typed = {"table": "1", "seat": "3", "from_game": "99", "reason": "Zug verpasst"}

    response = organiser_client.post(
        url, {**typed, "participant": str(choice.pk), "withdraw": "on"}
    )

    assert response.status_code == 400
    page = response.content.decode()
    assert "Der Ersatzspieler kann ab Spiel 1 bis 16 einsteigen." in page
    assert 'name="table" id="sub-table" min="1" inputmode="numeric" required value="1"' in page
    assert 'value="3"' in page and 'value="Zug verpasst"' in page
    assert f'<option value="{choice.pk}" selected>Berta Schmidt</option>' in page
    assert '<input type="checkbox" name="withdraw" checked>' in page
    assert (
        'required value="99" aria-invalid="true" aria-describedby="substitute-error" autofocus'
        in (page)
    )
    assert not SeatChange.objects.exists()

    new_name = {**typed, "from_game": "9", "reason": " ", "new_name": "Neu Ling"}
    page = organiser_client.post(url, new_name).content.decode()
    assert "Bitte einen Grund für den Wechsel angeben." in page
    assert 'value="Neu Ling"' in page and 'id="sub-reason" maxlength="300" required value=" "' in (
        page
    )
    assert not evening.participants.filter(name="Neu Ling").exists()
