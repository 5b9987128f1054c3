"""What a refusal says, in German (the club's language) and English.

Every message is keyed by a stable code; :class:`rules.countdown.errors.Refusal` renders it on
demand with its params, so tests compare codes and fields, never prose.
"""

from __future__ import annotations

from typing import Any

MESSAGES: dict[str, tuple[str, str]] = {
    "game": (
        "Unbekanntes Spiel {got}: erlaubt sind 24, zwanzig, 20ab.",
        "Unknown game {got}: allowed are 24, zwanzig, 20ab.",
    ),
    "options_not_object": (
        "Die Optionen sind kein JSON-Objekt.",
        "The options are not a JSON object.",
    ),
    "option_unknown": (
        "{game} kennt die Option {name} nicht (Optionen: {known}).",
        "{game} has no option {name} (options: {known}).",
    ),
    "option_bool": (
        "Die Option {name} ist true oder false.",
        "The option {name} is true or false.",
    ),
    "option_range": (
        "Die Option {name} ist eine ganze Zahl von {low} bis {high}.",
        "The option {name} is a whole number from {low} to {high}.",
    ),
    "option_choice": (
        "Die Option {name} ist eines von: {allowed}.",
        "The option {name} is one of: {allowed}.",
    ),
    "scores_before": (
        "Die Stände vor dem Spiel sind ein Objekt mit den Plätzen 1 bis n ({sizes} Plätze).",
        "The scores before the deal are an object with the seats 1 to n ({sizes} seats).",
    ),
    "score_not_int": (
        "Der Stand von Platz {seat} ist keine ganze Zahl.",
        "The score of seat {seat} is not a whole number.",
    ),
    "record": ("Ein Spiel ist ein JSON-Objekt.", "A deal is a JSON object."),
    "unknown_key": (
        "{key} gehört nicht zu einem Spiel von {game} (erlaubt: {known}).",
        "{key} is not part of a {game} deal (allowed: {known}).",
    ),
    "deal": (
        "Die Spielnummer ist eine ganze Zahl ab 1.",
        "The deal number is a whole number from 1.",
    ),
    "dealer": (
        "Der Geber ist ein Platz von 1 bis {size}.",
        "The dealer is a seat from 1 to {size}.",
    ),
    "caller": (
        "Trumpf bestimmt Platz {expected} (bei Geber {dealer}), nicht {got}.",
        "Seat {expected} calls trump (dealer {dealer}), not {got}.",
    ),
    "trump": (
        "Trumpf ist eine Farbe von {game}: {colours}.",
        "Trump is a colour of {game}: {colours}.",
    ),
    "trump_herz_phase": (
        "Ab Nr. {first} der Partie ist immer Herz Trumpf.",
        "From no. {first} of the Partie Hearts are always trump.",
    ),
    "blind_not_bool": ("„blind“ ist true oder false.", "'blind' is true or false."),
    "blind_not_gelb": (
        "Blind geht nur mit Gelb als Trumpf.",
        "Blind is only possible with Gelb as trump.",
    ),
    "blind_below": (
        "Gelb blind erst ab {low} Punkten (Variante c); Platz {seat} hat {score}.",
        "Gelb blind only from {low} points (variant c); seat {seat} has {score}.",
    ),
    "changes_not_list": (
        "Die Trumpfwechsel sind eine Liste von Farben.",
        "The trump changes are a list of colours.",
    ),
    "changes_without_variant": (
        "Trumpfwechsel gibt es nur mit Variante a (Trumpfwechsel).",
        "Trump changes need variant a (trumpfwechsel).",
    ),
    "changes_with_blind": (
        "Nach Gelb blind gibt es keinen Trumpfwechsel.",
        "There is no trump change after Gelb blind.",
    ),
    "changes_too_many": (
        "Höchstens {most} Trumpfwechsel (vier „2“-Karten).",
        "At most {most} trump changes (four '2' cards).",
    ),
    "change_colour": (
        "Ein Trumpfwechsel nennt eine Farbe von {game}: {colours}.",
        "A trump change names a colour of {game}: {colours}.",
    ),
    "change_same": (
        "{colour} ist schon Trumpf: das ist kein Wechsel.",
        "{colour} is trump already: that is no change.",
    ),
    "out_not_list": ("„aus“ ist eine Liste von Plätzen.", "'out' is a list of seats."),
    "out_not_seat": (
        "Kein Platz dieses Tisches (1 bis {size}).",
        "Not a seat of this table (1 to {size}).",
    ),
    "out_twice": ("Platz {seat} ist doppelt genannt.", "Seat {seat} is named twice."),
    "out_sitter": (
        "Platz {seat} gibt und setzt aus; er steigt nicht aus.",
        "Seat {seat} deals and sits out; he does not drop out.",
    ),
    "out_caller": (
        "Platz {seat} bestimmt Trumpf und darf nicht aussteigen.",
        "Seat {seat} calls trump and may not drop out.",
    ),
    "out_without_variant": (
        "Aussteigen gibt es nur mit Variante b (Aussteigen).",
        "Dropping out needs variant b (aussteigen).",
    ),
    "out_karo": (
        "Bei Karo als Trumpf darf niemand aussteigen.",
        "Nobody may drop out with Karo as trump.",
    ),
    "out_herz_phase": (
        "Ab Nr. {first} der Partie darf niemand mehr aussteigen.",
        "From no. {first} of the Partie nobody may drop out.",
    ),
    "out_too_few": (
        "Mindestens zwei Spieler müssen mitspielen.",
        "At least two players must play.",
    ),
    "out_floor": (
        "Mit {score} Punkten (höchstens {floor}) darf Platz {seat} nicht aussteigen.",
        "With {score} points (at most {floor}) seat {seat} may not drop out.",
    ),
    "out_limit": (
        "Platz {seat} ist in dieser Partie schon {limit}-mal ausgestiegen (höchstens {limit}).",
        "Seat {seat} has dropped out {limit} times in this Partie already (at most {limit}).",
    ),
    "tricks_not_object": (
        "Die Stiche sind ein Objekt Platz → Anzahl.",
        "The tricks are an object seat → count.",
    ),
    "tricks_not_seat": ("Kein Platz dieses Tisches.", "Not a seat of this table."),
    "tricks_not_playing": (
        "Platz {seat} spielt dieses Spiel nicht mit (ausgestiegen oder Geber, der aussetzt).",
        "Seat {seat} does not play this deal (dropped out or the dealer sitting out).",
    ),
    "tricks_missing": (
        "Die Stiche von Platz {seat} fehlen (0 eintragen, wenn er keinen hat).",
        "The tricks of seat {seat} are missing (enter 0 if none).",
    ),
    "tricks_value": (
        "Stiche sind eine ganze Zahl von 0 bis {tricks}.",
        "Tricks are a whole number from 0 to {tricks}.",
    ),
    "tricks_sum": (
        "Die Stiche ergeben {got}, nicht {tricks}.",
        "The tricks add up to {got}, not {tricks}.",
    ),
    "players": (
        "{game} spielt an Tischen mit {sizes} Plätzen.",
        "{game} plays at tables of {sizes} seats.",
    ),
    "records_not_list": ("Die Spiele sind eine Liste.", "The deals are a list."),
    "after_end": (
        "Die Partie ist nach Spiel {deals} zu Ende; kein Spiel mehr.",
        "The Partie ended after deal {deals}; no more deals.",
    ),
    "deal_sequence": (
        "Dies ist Spiel {expected} der Partie, nicht {got}.",
        "This is deal {expected} of the Partie, not {got}.",
    ),
    "dealer_sequence": (
        "Geber ist Platz {expected} (links vom vorigen Geber), nicht {got}.",
        "The dealer is seat {expected} (left of the previous dealer), not {got}.",
    ),
    "parties_not_list": ("Die Partien sind eine Liste.", "The Parties are a list."),
    "partie_not_list": (
        "Eine Partie ist eine nicht leere Liste von Spielen.",
        "A Partie is a non-empty list of deals.",
    ),
    "partie_before_end": (
        "Die vorige Partie ist noch nicht zu Ende.",
        "The previous Partie has not ended.",
    ),
    "partie_too_late": (
        "Nur noch {left} Spiele im Durchgang: keine neue Partie (mindestens {size}).",
        "Only {left} deals left in the round: no new Partie (at least {size}).",
    ),
    "round_over": (
        "Der Durchgang ist nach Spiel {deals} zu Ende.",
        "The round is over after deal {deals}.",
    ),
    "round_stopped": (
        "Die Turnierleitung hat den Durchgang nach Spiel {after} beendet.",
        "The organiser stopped the round after deal {after}.",
    ),
    "round_too_long": (
        "Ein Durchgang hat höchstens {most} Spiele.",
        "A round has at most {most} deals.",
    ),
    "cycles": (
        "Geberrunden je Durchgang: eine ganze Zahl von {low} bis {high}.",
        "Deal cycles per round: a whole number from {low} to {high}.",
    ),
    "stopped": ("„stopped“ ist true oder false.", "'stopped' is true or false."),
    "standings": (
        "Eine Partie der Tabelle braucht round, seats und scores mit denselben Plätzen.",
        "A Partie of the standings needs round, seats and scores with the same seats.",
    ),
    "item": (
        'Erwartet: {{"scores_before", "record"}} oder {{"players", "records"}}.',
        'Expected: {{"scores_before", "record"}} or {{"players", "records"}}.',
    ),
    "sheet_document": (
        'Eine Liste ist ein Objekt {{"parties": [[Spiele…], …], "stopped": false}}.',
        'A sheet is an object {{"parties": [[deals…], …], "stopped": false}}.',
    ),
    "too_long": (
        "Zu lang: höchstens {most} Zeichen.",
        "Too long: at most {most} characters.",
    ),
    "too_big": (
        "Zu groß: höchstens {most} Einträge.",
        "Too big: at most {most} entries.",
    ),
}


def render(code: str, lang: str | None, params: dict[str, Any]) -> str:
    """The message of ``code`` in ``lang`` ("en" or German), params filled in."""
    german, english = MESSAGES[code]
    template = english if (lang or "de").lower().startswith("en") else german
    return template.format(**params)
