"""The seating rule of round 2 and later on the evening: the tournament's setting, the choice per
round (draw form, ``draw_round --seating``), stored on the round, explained on the round page;
list keepers rotating over the evening."""

from __future__ import annotations

from collections import Counter
from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse

from scoring.evening.rounds import draw_round, release_round
from tournament.models import Round, SeatingRule, Tournament
from tournament.seating.core import History, repeat_report
from tournament.seating.core import SeatingRule as CoreRule
from tournament.seating.reading import earlier_seatings, round_with_seating, seating_of
from tournament.seating.services import swap_players

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(evening, confirm_round):
    """The 18 example players after round 1, played and confirmed."""
    confirm_round(evening)
    return evening


def repeats(tournament, number):
    history = History.of(earlier_seatings(tournament, number).values())
    return repeat_report(seating_of(round_with_seating(tournament, number)), history)


def test_the_models_choices_are_the_cores_rules():
    assert SeatingRule.values == [rule.value for rule in CoreRule]
    assert set(SeatingRule.values) <= set(Round.Method.values)


def test_the_tournaments_rule_seats_round_two_and_is_stored_on_the_round(played):
    Tournament.objects.filter(pk=played.pk).update(seating_rule=SeatingRule.DRAWN_AVOID)
    played.refresh_from_db()
    round_ = draw_round(played, 2, seed=5)
    assert round_.method == Round.Method.DRAWN_AVOID == "drawn_avoid"
    # 18 players at 4, 4, 5, 5 twice: a 5-table seats two of one table of round 1, no more.
    report = repeats(played, 2)
    assert (report.pairs, report.unavoidable) == (2, 2)


def test_a_rule_chosen_for_the_round_overrides_the_setting(played):
    assert played.seating_rule == SeatingRule.PLACEMENT
    plain = draw_round(played, 2, seed=5)
    plain_pairs = repeats(played, 2).pairs
    assert plain.method == Round.Method.PLACEMENT
    avoiding = draw_round(played, 2, seed=5, seating_rule="placement_avoid")
    assert avoiding.method == Round.Method.PLACEMENT_AVOID
    assert repeats(played, 2).pairs <= plain_pairs


def test_the_draw_form_posts_the_rule_and_the_round_page_explains_the_repeats(
    played, organiser_client
):
    page_url = reverse("tournament:round", args=[played.slug, 2])
    page = organiser_client.get(page_url).content.decode()
    assert 'name="seating"' in page
    assert '<option value="placement" selected>nach Platzierung</option>' in page
    response = organiser_client.post(
        reverse("tournament:draw", args=[played.slug, 2]), {"seed": 5, "seating": "drawn_avoid"}
    )
    assert response.status_code == 302
    assert Round.objects.get(tournament=played, number=2).method == "drawn_avoid"
    page = organiser_client.get(page_url).content.decode()
    assert "gelost, Wiederholungen vermeiden" in page
    assert '<option value="drawn_avoid" selected>' in page  # drawn again: the same rule
    assert 'id="repeat-summary"' in page
    assert (
        "2 Paare treffen sich wieder: 2 davon unvermeidbar: Durchgang 1 hatte nur 4 Tische – "
        "an einem Tisch mit mehr Plätzen sitzen zwei vom selben Tisch." in page
    )


def test_an_edit_before_release_is_counted_and_explained(played, organiser_client):
    """Swapping two players so that a table of round 1 meets again: the page counts the pairs
    and names the rule's reason."""
    draw_round(played, 2, seed=5, seating_rule="drawn_avoid")
    first = seating_of(round_with_seating(played, 1))
    second = seating_of(round_with_seating(played, 2))
    a, b = first.table(1).seats[:2]  # a pair of round 1 ...
    table_of_a = second.position_of(a).table
    c = next(p for p in second.table(table_of_a).seats if p != a)
    participants = {p.pk: p for p in played.participants.all()}
    if second.position_of(b).table != table_of_a:  # ... made to meet again
        swap_players(played, 2, participants[b], participants[c])
    report = repeats(played, 2)
    assert report.pairs >= 1
    page = organiser_client.get(reverse("tournament:round", args=[played.slug, 2]))
    summary = page.context["repeat_summary"]
    assert summary.startswith(
        f"{report.pairs} Paar trifft sich wieder"
        if report.pairs == 1
        else f"{report.pairs} Paare treffen sich wieder"
    )
    assert "weil die Auslosung keine Sitzordnung mit weniger fand" in summary


def test_draw_round_command_takes_the_rule(played):
    out = StringIO()
    call_command(
        "draw_round", played.slug, "2", "--seed", "5", "--seating", "drawn_avoid", stdout=out
    )
    text = out.getvalue()
    assert "drawn_avoid seed 5" in text
    assert "2 Paare treffen sich wieder: 2 davon unvermeidbar" in text
    assert Round.objects.get(tournament=played, number=2).method == "drawn_avoid"


def test_the_setting_is_on_the_settings_page_and_saved(organiser_client, evening):
    url = reverse("tournament:settings", args=[evening.slug])
    page = organiser_client.get(url).content.decode()
    assert 'name="seating_rule"' in page and "gelost, Wiederholungen vermeiden" in page
    data = {"name": evening.name, "date": "2025-04-03", "rounds_count": 2, "cycles": 4}
    data |= {"deck": 40, "seating_rule": "placement_avoid"}
    assert organiser_client.post(url, data).status_code == 302
    evening.refresh_from_db()
    assert evening.seating_rule == SeatingRule.PLACEMENT_AVOID
    del data["seating_rule"]  # a form without the field keeps what is set
    assert organiser_client.post(url, data).status_code == 302
    evening.refresh_from_db()
    assert evening.seating_rule == SeatingRule.PLACEMENT_AVOID


def test_a_backup_keeps_the_rule_and_an_older_one_seats_by_placement(played):
    from output.backup.document import dumps, loads
    from output.backup.export import export_tournament
    from output.backup.restore import import_tournament

    Tournament.objects.filter(pk=played.pk).update(seating_rule=SeatingRule.DRAWN_AVOID)
    draw_round(played, 2, seed=5, seating_rule="placement_avoid")
    data = loads(dumps(export_tournament(Tournament.objects.get(pk=played.pk))))
    assert data["tournament"]["seating_rule"] == "drawn_avoid"
    copy = import_tournament(data, slug="kopie")
    assert copy.seating_rule == SeatingRule.DRAWN_AVOID
    assert copy.rounds.get(number=2).method == "placement_avoid"
    del data["tournament"]["seating_rule"]
    assert import_tournament(data, slug="aelter").seating_rule == SeatingRule.PLACEMENT


def test_the_list_keeper_rotates_over_four_rounds_of_one_table(
    make_tournament, add_participants, confirm_round
):
    """Four players, four rounds: each keeps the list once (house rules: seat 1)."""
    tournament = make_tournament("Vier", rounds_count=4)
    add_participants(tournament, 4)
    keepers = []
    for number in range(1, 5):
        draw_round(tournament, number, seed=number)
        release_round(tournament, number)
        keepers.append(round_with_seating(tournament, number).tables.all()[0].seats.all()[0])
        confirm_round(tournament, number)
    assert sorted(Counter(seat.participant_id for seat in keepers).values()) == [1, 1, 1, 1]


@pytest.mark.parametrize("rule", list(SeatingRule))
def test_under_ddv_the_last_seat_keeps_the_list_and_who_sits_there_changes(
    make_tournament, add_participants, rule
):
    """DDV: seat 4 (5 at five) keeps the list. Round 2 gives that seat at every table to a
    player who did not keep the list in round 1 (each table has one)."""
    from tournament.seating import services as seating
    from tournament.seating.core import RankedPlayer

    tournament = make_tournament("DDV", ruleset="ddv")
    people = add_participants(tournament, 13)
    draw_round(tournament, 1, seed=3)
    release_round(tournament, 1)
    first = round_with_seating(tournament, 1)
    keepers_1 = {
        seat.participant_id for t in first.tables.all() for seat in t.seats.all() if seat.is_captain
    }
    assert len(keepers_1) == 3
    round_ = seating.draft_round(tournament, 2)
    ranking = [RankedPlayer(p.pk, (-index,)) for index, p in enumerate(people)]
    seating.seat_round(round_, [p.pk for p in people], seed=9, ranking=ranking, rule=rule)
    second = round_with_seating(tournament, 2)
    for table in second.tables.all():
        keeper = table.seats.all()[table.keeper_seat - 1]
        assert table.keeper_seat == len(table.seats.all())  # the ruleset's seat stays
        assert keeper.participant_id not in keepers_1
