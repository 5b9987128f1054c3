"""The organiser's words for what the pure seating logic refuses."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournament.seating.core import (
    DOPPELKOPF,
    Reason,
    RepeatReport,
    SeatingError,
    SlipProblem,
    allowed_sizes,
    min_participants,
    seatable_counts,
    table_sizes,
)


def _count(n: int) -> str:
    return ngettext("%(n)d Teilnehmer", "%(n)d Teilnehmer", n) % {"n": n}


def size_words(allowed: Iterable[int] = DOPPELKOPF) -> str:
    """ "Vierer- und Fünfertische": the allowed table sizes in words."""
    sizes = allowed_sizes(allowed)
    if sizes == DOPPELKOPF:
        return _("Vierer- und Fünfertische")
    listed = [str(size) for size in sizes]
    return _("Tische mit %(sizes)s Spielern") % {
        "sizes": _(" oder ").join([", ".join(listed[:-1]), listed[-1]])
    }


def seatable_counts_text(allowed: Iterable[int] = DOPPELKOPF) -> str:
    """Which participant counts can be seated: "Setzbar sind 4, 5, 8, 9, 10 und ab 12 jede
    Zahl." (house rules) or "Setzbar ist ab 3 jede Zahl." (with 3-tables)."""
    seatable, refused = seatable_counts(allowed, below=40)
    if refused and max(refused) > 30:  # no end to the gaps (4-tables only): the first few
        return _("Setzbar sind %(counts)s …") % {"counts": ", ".join(map(str, seatable[:5]))}
    every_from = max(refused) + 1 if refused else min(allowed_sizes(allowed))
    listed = [str(n) for n in seatable if n < every_from]
    if not listed:
        return _("Setzbar ist ab %(from)d jede Teilnehmerzahl.") % {"from": every_from}
    return _("Setzbar sind %(counts)s und ab %(from)d jede Teilnehmerzahl.") % {
        "counts": ", ".join(listed),
        "from": every_from,
    }


def table_word(size: int) -> str:
    """ "Vierertisch": a table of ``size`` in a word."""
    return {3: _("Dreiertisch"), 5: _("Fünfertisch")}.get(size, _("Vierertisch"))


def keeper_seats_text(keeper: Callable[[int], int], sizes: Iterable[int]) -> str:
    """Which seat keeps the list: "Platz 1" where it is the same at every size, else
    "Platz 4 am Vierertisch, Platz 5 am Fünfertisch" (``keeper``: the ruleset's
    ``list_keeper_seat``, ``sizes``: its table sizes)."""
    sizes = sorted(set(sizes), key=lambda size: (size != 4, size))
    seats = {size: keeper(size) for size in sizes}
    if len(set(seats.values())) == 1:
        return _("Platz %(seat)d") % {"seat": next(iter(seats.values()))}
    return ", ".join(
        _("Platz %(seat)d am %(table)s") % {"seat": seat, "table": table_word(size)}
        for size, seat in seats.items()
    )


def seating_error_message(
    error: SeatingError,
    names: Mapping[int, str] | None = None,
    allowed: Iterable[int] = DOPPELKOPF,
) -> str:
    """The organiser's words for ``error``; ``allowed``: the ruleset's table sizes."""
    params = error.params
    names = names or {}

    def name(key: str = "participant_id") -> str:
        pid = params.get(key)
        return names.get(pid, str(pid))

    if error.code == "too_few":
        return _(
            "Mit %(count)s lässt sich kein Tisch besetzen; es werden mindestens %(min)d "
            "gebraucht. Bitte %(add)s hinzufügen."
        ) % {
            "count": _count(params["n"]),
            "min": min_participants(allowed),
            "add": _count(params["add"]),
        }
    if error.code == "unseatable":
        suggestions = []
        if params.get("remove"):
            suggestions.append(_("%(count)s abmelden") % {"count": _count(params["remove"])})
        if params.get("add"):
            suggestions.append(_("%(count)s hinzufügen") % {"count": _count(params["add"])})
        return _("%(count)s lassen sich nicht an %(tables)s setzen. Bitte %(what)s.") % {
            "count": _count(params["n"]),
            "tables": size_words(allowed),
            "what": _(" oder ").join(suggestions),
        }
    if error.code == "table_full":
        return _("Tisch %(table)d hat schon 5 Spieler.") % {"table": params["table"]}
    if error.code == "no_four_table":
        return _("Es gibt keinen Vierertisch mehr, an den jemand nachgesetzt werden kann.")
    if error.code == "unknown_table":
        return _("Einen Tisch %(table)s gibt es nicht.") % {"table": params["table"]}
    if error.code == "already_seated":
        return _("%(name)s sitzt bereits.") % {"name": name()}
    if error.code == "not_seated":
        return _("%(name)s sitzt in diesem Durchgang nicht.") % {"name": name()}
    if error.code == "same_player":
        return _("Bitte zwei verschiedene Spieler zum Tauschen wählen.")
    if error.code == "redraw_needed":
        return _("Ohne %(name)s hätte Tisch %(table)d nur drei Spieler; bitte neu auslosen.") % {
            "name": name(),
            "table": params["table"],
        }
    return _("Die Sitzordnung lässt sich so nicht bilden (%(code)s).") % {"code": error.code}


def seating_problem(count: int, allowed: Iterable[int] = DOPPELKOPF) -> str:
    """Why ``count`` participants cannot be seated at tables of the ``allowed`` sizes, in the
    organiser's words; "" if they can."""
    try:
        table_sizes(count, allowed)
    except SeatingError as error:
        return seating_error_message(error, allowed=allowed)
    return ""


def slip_problem_message(problem: SlipProblem, names: Mapping[int, str]) -> str:
    people = ", ".join(names.get(pid, str(pid)) for pid in problem.participant_ids)
    if problem.code == "duplicate":
        return _("Losnummer %(number)d ist mehrfach vergeben: %(names)s.") % {
            "number": problem.number,
            "names": people,
        }
    if problem.code == "missing":
        return _("Losnummer %(number)d fehlt.") % {"number": problem.number}
    if problem.code == "out_of_range":
        return _("%(names)s: Losnummer %(number)d gibt es nicht.") % {
            "names": people,
            "number": problem.number,
        }
    return _("%(names)s hat noch keine Losnummer.") % {"names": people}


def _reason_text(reason: Reason) -> str:
    params = reason.params
    count = params.get("pairs", 0)
    if reason.code == "unavoidable":
        return (
            ngettext(
                "%(pairs)d davon unvermeidbar: zu wenige neue Tischpartner übrig",
                "%(pairs)d davon unvermeidbar: zu wenige neue Tischpartner übrig",
                count,
            )
            % params
        )
    if reason.code == "tables_too_few":
        return (
            ngettext(
                "%(pairs)d davon unvermeidbar: Durchgang %(round)d hatte nur %(tables)d Tische – "
                "an einem Tisch mit mehr Plätzen sitzen zwei vom selben Tisch",
                "%(pairs)d davon unvermeidbar: Durchgang %(round)d hatte nur %(tables)d Tische – "
                "an einem Tisch mit mehr Plätzen sitzen zwei vom selben Tisch",
                count,
            )
            % params
        )
    if reason.code == "evening_full":
        return (
            _("bei %(players)d Spielern an diesen Tischen unvermeidbar ab Durchgang %(from_round)d")
            % params
        )
    if reason.code == "placement":
        return (
            ngettext(
                "%(pairs)d durch die Setzung nach Platzierung",
                "%(pairs)d durch die Setzung nach Platzierung",
                count,
            )
            % params
        )
    if reason.code == "near_placement":
        return (
            ngettext(
                "%(pairs)d, um nah an der Platzierung zu bleiben (getauscht wird nur mit dem "
                "Nachbartisch)",
                "%(pairs)d, um nah an der Platzierung zu bleiben (getauscht wird nur mit dem "
                "Nachbartisch)",
                count,
            )
            % params
        )
    return (
        ngettext(
            "%(pairs)d, weil die Auslosung keine Sitzordnung mit weniger fand",
            "%(pairs)d, weil die Auslosung keine Sitzordnung mit weniger fand",
            count,
        )
        % params
    )


def repeat_report_message(report: RepeatReport) -> str:
    """ "3 Paare treffen sich wieder: 3 davon unvermeidbar …; bei 22 Spielern an diesen Tischen
    unvermeidbar ab Durchgang 7." — the pairs of a round who shared a table before, and why."""
    if not report.pairs:
        return _("Kein Paar sitzt wieder zusammen.")
    head = ngettext(
        "%(count)d Paar trifft sich wieder", "%(count)d Paare treffen sich wieder", report.pairs
    ) % {"count": report.pairs}
    parts = [_reason_text(reason) for reason in report.reasons]
    if report.third:
        parts.append(
            ngettext(
                "%(count)d Paar zum dritten Mal oder öfter",
                "%(count)d Paare zum dritten Mal oder öfter",
                report.third,
            )
            % {"count": report.third}
        )
    return f"{head}: {'; '.join(parts)}."
