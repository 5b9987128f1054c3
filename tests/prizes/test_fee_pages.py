"""The organiser's page "Startgeld und Preise" and the one tap "bezahlt" on the participants'
list: per-field errors, JSON answers for the list, nothing of the money in public."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournament.fees.services import PrizeEntry, prize_settings, save_prizes
from tournament.models import FeePayment, PrizeRank

pytestmark = pytest.mark.django_db


def form_data(**changes) -> dict:
    data = {
        "member_fee": "10",
        "guest_fee": "12,50",
        "payout_percent": "90",
        "version": "0",
        "money_1": "25 %",
        "goods_1": "Pokal",
        "money_2": "50 €",
        "money_3": "",
        "goods_3": "Flasche Wein",
    }
    data.update(changes)
    return data


def test_the_organiser_sets_fees_and_a_staggered_prize_table(tournament, organiser_client):
    url = reverse("tournament:prize_settings", args=[tournament.slug])
    assert organiser_client.get(url).status_code == 200
    response = organiser_client.post(url, form_data())
    assert response.status_code == 302
    settings = prize_settings(tournament)
    assert (settings.member_fee_cents, settings.guest_fee_cents) == (1000, 1250)
    assert settings.payout_percent == 90
    assert list(
        PrizeRank.objects.filter(tournament=tournament).values_list(
            "rank", "amount_cents", "basis_points", "goods"
        )
    ) == [(1, None, 2500, "Pokal"), (2, 5000, None, ""), (3, None, None, "Flasche Wein")]
    page = organiser_client.get(url).content.decode()
    assert 'value="25 %"' in page and 'value="50 €"' in page


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        ({"guest_fee": "zwölf"}, "guest_fee", "Bitte einen Betrag in Euro angeben"),
        ({"member_fee": "2000"}, "member_fee", "Höchstens 1000 €."),
        ({"payout_percent": "120"}, "payout_percent", "kleiner oder gleich 100"),
        ({"money_2": "viel"}, "money_2", "„viel“ ist weder ein Betrag"),
        ({"money_1": "120 %"}, "money_1", "Ein Anteil ist höchstens 100 %."),
    ],
)
def test_a_wrong_field_is_named_and_nothing_is_stored(
    tournament, organiser_client, changes, field, message
):
    url = reverse("tournament:prize_settings", args=[tournament.slug])
    response = organiser_client.post(url, form_data(**changes))
    assert response.status_code == 400
    assert message in " ".join(response.context["form"].errors[field])
    assert message.replace("„", "&bdquo;") in response.content.decode() or message in (
        response.content.decode()
    )
    assert not PrizeRank.objects.filter(tournament=tournament).exists()


def test_a_form_from_before_someone_elses_change_is_refused(tournament, organiser_client):
    save_prizes(
        tournament,
        member_fee_cents=500,
        guest_fee_cents=500,
        payout_percent=100,
        one_per_table=False,
        lines=[PrizeEntry(amount_cents=100)],
        version=0,
    )
    url = reverse("tournament:prize_settings", args=[tournament.slug])
    response = organiser_client.post(url, form_data(version="0"))
    assert response.status_code == 409
    assert "inzwischen von jemand anderem geändert" in response.content.decode()
    assert prize_settings(tournament).member_fee_cents == 500


def test_one_tap_marks_paid_and_answers_the_new_cell(
    tournament, add_participants, organiser_client
):
    (player,) = add_participants(tournament, 1)
    save_prizes(
        tournament,
        member_fee_cents=1000,
        guest_fee_cents=1200,
        payout_percent=100,
        one_per_table=False,
        lines=[],
        version=0,
    )
    page = organiser_client.get(reverse("tournament:participants", args=[tournament.slug]))
    assert "tournament/includes/paid_cell.html" in [t.name for t in page.templates]
    url = reverse("tournament:participant_paid", args=[tournament.slug, player.pk])
    answer = organiser_client.post(url, {"paid": "1"}, HTTP_ACCEPT="application/json")
    assert answer.status_code == 200
    assert "✓ 12 €" in answer.json()["cell"]
    assert FeePayment.objects.get(participant=player).amount_cents == 1200
    back = organiser_client.post(url, {"paid": "0"})
    assert back.status_code == 302 and back["Location"].endswith(f"#p-{player.pk}")
    assert not FeePayment.objects.filter(participant=player).exists()


def test_the_fee_column_shows_only_where_a_fee_is_taken(
    tournament, add_participants, organiser_client
):
    add_participants(tournament, 2)
    url = reverse("tournament:participants", args=[tournament.slug])
    assert "paid-cell" not in organiser_client.get(url).content.decode()
    save_prizes(
        tournament,
        member_fee_cents=0,
        guest_fee_cents=800,
        payout_percent=100,
        one_per_table=False,
        lines=[],
        version=0,
    )
    assert organiser_client.get(url).content.decode().count("paid-cell") == 2


def test_the_participants_list_with_fees_stays_within_its_query_budget(
    tournament, add_participants, organiser_client, django_assert_max_num_queries
):
    players = add_participants(tournament, 30)
    save_prizes(
        tournament,
        member_fee_cents=0,
        guest_fee_cents=800,
        payout_percent=100,
        one_per_table=False,
        lines=[],
        version=0,
    )
    from tournament.fees.services import set_paid

    for player in players[:10]:
        set_paid(player, True)
    url = reverse("tournament:participants", args=[tournament.slug])
    with django_assert_max_num_queries(12):
        assert organiser_client.get(url).status_code == 200


def test_the_public_pages_show_nothing_of_the_money(tournament, add_participants, client):
    (player,) = add_participants(tournament, 1)
    save_prizes(
        tournament,
        member_fee_cents=1000,
        guest_fee_cents=1234,
        payout_percent=100,
        one_per_table=False,
        lines=[PrizeEntry(goods="Goldener Pokal")],
        version=0,
    )
    from tournament.fees.services import set_paid

    set_paid(player, True)
    for name in ("public:tournament", "public:standings", "public:seating", "public:projector"):
        page = client.get(reverse(name, args=[tournament.slug])).content.decode()
        assert "12,34" not in page and "Goldener Pokal" not in page and "Startgeld" not in page


def test_a_form_without_its_version_is_refused_with_a_reason(tournament, organiser_client):
    url = reverse("tournament:prize_settings", args=[tournament.slug])
    data = form_data()
    del data["version"]
    response = organiser_client.post(url, data)
    assert response.status_code == 400
    assert "Das Formular ist unvollständig angekommen" in response.content.decode()
    assert prize_settings(tournament).pk is None
