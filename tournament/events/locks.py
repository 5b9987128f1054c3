"""When a tournament's ruleset and its options may no longer change.

A club organiser expects the rules of an evening to hold once the tables play by them: once a
round is released (the captains' sheets, the printed lists and the clock have their length and
course), and so once any score is entered (a round with a saved sheet cannot be taken back to
draft), the ruleset and its options are refused with a message saying why. Before that they may
change freely (a round taken back to draft frees them again), except that a drawn round's tables
must be of sizes the new ruleset seats (count-down games seat three, Doppelkopf does not): its
seating is discarded first.
"""

from __future__ import annotations

from django.db.models import Count
from django.utils.translation import gettext as _

from rules.base import Ruleset
from tournament.models import Round, Table, Tournament


def ruleset_lock(tournament: Tournament) -> str | None:
    """Why the tournament's ruleset and options may no longer change, or ``None`` while they
    may (in the active language)."""
    released = tournament.rounds.filter(Round.visible_condition()).order_by("number").first()
    if released is not None:
        return _(
            "Regelwerk und Optionen lassen sich nicht mehr ändern: Durchgang %(number)d ist "
            "schon freigegeben, die Tische spielen danach. Für andere Regeln bitte ein neues "
            "Turnier anlegen."
        ) % {"number": released.number}
    return None


def seating_misfit(tournament: Tournament, ruleset: Ruleset, label: str) -> str | None:
    """Why a drawn round's tables do not fit ``ruleset`` (named ``label``), or ``None``."""
    sizes = (
        Table.objects.filter(round__tournament=tournament)
        .annotate(size=Count("seats"))
        .values_list("round__number", "size")
        .order_by("round__number")
    )
    for number, size in sizes:
        if size not in ruleset.table_sizes:
            return _(
                "Durchgang %(number)d ist an Tischen mit %(size)d Spielern gesetzt; "
                "„%(ruleset)s“ spielt so nicht. Bitte zuerst die Sitzordnung verwerfen."
            ) % {"number": number, "size": size, "ruleset": label}
    return None
