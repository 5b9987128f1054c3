"""The per-deal form of a ruleset whose entry spec has a ``deal`` form (COUNTDOWN.md §8.6).

The phone shows one short form per deal instead of the Doppelkopf rows: dealer and caller
prefilled by name, trump as buttons, "aus" per seat, a trick stepper per active seat, the new
scores as a live preview, the end of a Partie with its winners and Partiepunkte and the round's
deal counter. The page's script (``static/js/countdown_sheet.js``) scores a deal itself, offline
too, with the game's rules in JavaScript; the server scores again when the deal is saved and
stays the authority. Everything here comes from the ruleset's :class:`rules.entry.EntrySpec`
and the :class:`rules.base.Ruleset` interface (its key names the game for the script; nothing
here compares it). Each deal is stored as the row's record (``g<n>-record``), so autosave,
offline typing, conflicts and the desk work as for every sheet.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from rules.entry import EntrySpec
from scoring.models import Sheet
from scoring.sheets.page import SheetPageData

DEAL_FORM = "deal"


def deal_form_context(
    sheet: Sheet, page: SheetPageData, entry: EntrySpec, *, desk: bool = False
) -> dict[str, Any]:
    """``{"deal_form": config}`` for a ruleset with a deal form (the script's JSON), else
    nothing: the page then shows the rows of its ruleset as before. ``desk``: the organiser's
    page (its own words where the captain's would ask to hand the list in)."""
    form = entry.form(DEAL_FORM)
    if form is None:
        return {}
    tournament = sheet.round.tournament
    ruleset = tournament.rules
    fields = {field.name: field for field in form.fields}
    tricks = fields["t{seat}"].bounds or (0, 0)
    config = {
        "game": ruleset.key,
        "options": ruleset.options_json(tournament.scoring_options),
        "size": page.table_size,
        "cycles": tournament.cycles,
        "length": page.game_limit,
        # The organiser's stop (the round's time called, or the table ended early): no deal
        # is offered after it.
        "stop_after": stop_after(sheet),
        "tricks": tricks[1],
        "seats": [{"number": seat.number, "name": seat.name} for seat in page.seats],
        "colours": [list(choice) for choice in fields["trump"].choices],
        "blind": "blind" in fields,
        "labels": {name: field.label for name, field in fields.items()},
        "names": dict(entry.record_names),
        "messages": dict(entry.messages),
        "texts": deal_texts(desk=desk),
    }
    return {"deal_form": config}


def stop_after(sheet: Sheet) -> int | None:
    """The deal after which the organiser stopped the table's round, or ``None``."""
    if sheet.closed_after_game:
        return sheet.closed_after_game
    return sheet.time_up_after


def deal_texts(*, desk: bool = False) -> dict[str, str]:
    """The form's own words in the reader's language (``%s``, ``%1``, ``%2`` filled in by the
    script); ``desk``: the organiser's words at the end of the round, who confirms the list
    rather than hands it in."""
    return {
        "counter": _("Spiel %1 von %2"),
        # "Spiel" is the round's deal (the sheet's row, "Spiel 17 von 24"); a deal's place in
        # its Partie is its "Nr." (the printed sheet's "Nr. in Partie").
        "partie": _("Partie %1 · Nr. %2"),
        "dealer": _("Geber"),
        "caller": _("sagt Trumpf an"),
        "caller_herz": _("ist Ansager (Herz ist Trumpf)"),
        "own_trump": _("Eigentrumpf ohne Stich"),
        "yellow": _("Gelb"),
        "yellow_blind": _("Gelb blind"),
        "caller_no_trick": _("Ansager ohne Stich"),
        "sits_out": _("setzt aus"),
        "plays": _("spielt"),
        "score": _("Stand %s"),
        "seat": _("Platz %s"),
        "tricks_left": _("Stiche: noch %s zu verteilen"),
        "tricks_over": _("Stiche: %s zu viel"),
        "auto": _("Rest"),
        "fewer": _("%s: ein Stich weniger"),
        "more": _("%s: ein Stich mehr"),
        "enter": _("Spiel %s eintragen"),
        "change": _("Änderung an Spiel %s übernehmen"),
        "cancel": _("Abbrechen"),
        "edit": _("Spiel %s ändern"),
        "remove_last": _("Letztes Spiel löschen"),
        "ended": _("Partie %s zu Ende."),
        "winners": _("Sieger: %s"),
        "points": _("Partiepunkte: %s"),
        "next_partie": _("Mit dem nächsten Spiel beginnt Partie %1, alle wieder bei %2."),
        "round_over": _(
            "Der Durchgang ist an diesem Tisch zu Ende. Die Liste kann bestätigt werden."
        )
        if desk
        else _("Der Durchgang ist an diesem Tisch zu Ende. Bitte die Liste abgeben."),
        "stopped": _(
            "Der Durchgang an diesem Tisch ist nach Spiel %s beendet. Die Liste kann bestätigt "
            "werden."
        )
        if desk
        else _(
            "Die Turnierleitung hat den Durchgang an diesem Tisch nach Spiel %s beendet. Bitte "
            "die Liste abgeben."
        ),
        "stopped_rows": _(
            "Spiel %1 und die folgenden zählen nicht: die Turnierleitung hat den Durchgang nach "
            "Spiel %2 beendet. Bitte mit „Letztes Spiel löschen“ entfernen."
        ),
        "changes": _("Trumpfwechsel („2“)"),
        "change_to": _("Wechsel zu %s"),
        "undo_change": _("letzten Wechsel zurücknehmen"),
        "hint_exchange": _(
            "Variante c: wer 6 Punkte oder weniger hat, darf keine Karten tauschen."
        ),
        "herz_phase": _("Ab Nr. %s der Partie ist immer Herz Trumpf; niemand steigt aus."),
        "choose_trump": _("Bitte Trumpf wählen."),
        "enter_tricks": _(
            "Bitte die Stiche eintragen (oder wer aussteigt); erst dann zeigt die Seite den neuen "
            "Stand."
        ),
    }
