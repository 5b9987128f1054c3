"""The engine's own message catalogue: German (the default, the language of the club) and English.

The engine does not use gettext because it must stay importable without Django and because its
texts are few and fixed: every error, warning, breakdown label and option line lives here in both
languages, and a test iterates the catalogue to prove it. Messages are ``str.format`` templates;
a field written ``{name:call}`` (or ``:kind``, ``:party``, ``:special``) is a vocabulary value that
is itself translated, so the same error params read naturally in either language.

Language tags fall back by their primary subtag ("de-AT" → "de", "en_GB" → "en"), then to German.
"""

from __future__ import annotations

import string
from typing import Any

LANGUAGES = ("de", "en")
DEFAULT_LANGUAGE = "de"

CATALOGUE: dict[str, dict[str, str]] = {
    # --- breakdown labels (German ones are fixed by SCORING.md §8) -----------------------------
    "label.won_120": {"de": "120", "en": "120"},
    "label.level_90": {"de": "90", "en": "below 90"},
    "label.level_60": {"de": "60", "en": "below 60"},
    "label.level_30": {"de": "30", "en": "below 30"},
    "label.level_schwarz": {"de": "schwarz", "en": "schwarz (no trick)"},
    "label.call_re": {"de": "Re", "en": "Re"},
    "label.call_kontra": {"de": "Kontra", "en": "Kontra"},
    "label.call_sub": {"de": "Sub", "en": "Sub"},
    "label.call_in": {"de": "In", "en": "In"},
    "label.absage_keine_90": {"de": "keine 90", "en": "no 90"},
    "label.absage_keine_60": {"de": "keine 60", "en": "no 60"},
    "label.absage_keine_30": {"de": "keine 30", "en": "no 30"},
    "label.absage_schwarz": {"de": "schwarz angesagt", "en": "schwarz announced"},
    "label.solo": {"de": "Solo", "en": "Solo"},
    "label.verloren": {"de": "verloren", "en": "solo lost"},
    "label.gegen": {"de": "Gegen", "en": "Against the Queens"},
    "label.fuchs_gefangen": {"de": "Fuchs gefangen", "en": "Fox caught"},
    "label.fuchs_am_end_gefangen": {
        "de": "Fuchs am End gefangen",
        "en": "Fox caught in the last trick",
    },
    "label.fuchs_am_end": {"de": "Fuchs am End", "en": "Fox wins the last trick"},
    "label.charlie_am_end": {"de": "Charlie am End", "en": "Charlie wins the last trick"},
    "label.charlie_am_end_gefangen": {
        "de": "Charlie am End gefangen",
        "en": "Charlie caught in the last trick",
    },
    "label.doppelkopf": {"de": "Doppelkopf", "en": "Doppelkopf"},
    "label.herzstich": {"de": "Herzstich", "en": "Heart trick"},
    "label.ddv_120": {"de": "120 gegen keine 90", "en": "120 against no 90"},
    "label.ddv_90": {"de": "90 gegen keine 60", "en": "90 against no 60"},
    "label.ddv_60": {"de": "60 gegen keine 30", "en": "60 against no 30"},
    "label.ddv_30": {"de": "30 gegen schwarz", "en": "30 against schwarz"},
    # --- vocabulary terms used inside messages ---------------------------------------------
    "term.party.re": {"de": "Re", "en": "Re"},
    "term.party.kontra": {"de": "Kontra", "en": "Kontra"},
    "term.call.re": {"de": "Re", "en": "Re"},
    "term.call.kontra": {"de": "Kontra", "en": "Kontra"},
    "term.call.sub": {"de": "Sub", "en": "Sub"},
    "term.call.in": {"de": "In", "en": "In"},
    "term.call.keine_90": {"de": "keine 90", "en": "no 90"},
    "term.call.keine_60": {"de": "keine 60", "en": "no 60"},
    "term.call.keine_30": {"de": "keine 30", "en": "no 30"},
    "term.call.schwarz": {"de": "schwarz", "en": "schwarz"},
    "term.kind.normal": {"de": "Normalspiel", "en": "normal game"},
    "term.kind.hochzeit": {"de": "Hochzeit", "en": "Hochzeit (marriage)"},
    "term.kind.stilles_solo": {"de": "stilles Solo", "en": "silent solo"},
    "term.kind.hochzeit_allein": {"de": "Hochzeit allein", "en": "Hochzeit without partner"},
    "term.kind.solo_buben": {"de": "Bubensolo", "en": "Jacks solo"},
    "term.kind.solo_damen": {"de": "Damensolo", "en": "Queens solo"},
    "term.kind.solo_trumpf": {"de": "Trumpfsolo", "en": "trump solo"},
    "term.special.gegen": {"de": "Gegen", "en": "Against the Queens"},
    "term.special.herzstich": {"de": "Herzstich", "en": "Heart trick"},
    "term.special.fuchs_gefangen": {"de": "Fuchs gefangen", "en": "Fox caught"},
    "term.special.fuchs_am_end_gefangen": {
        "de": "Fuchs am End gefangen",
        "en": "Fox caught in the last trick",
    },
    "term.special.fuchs_am_end": {"de": "Fuchs am End", "en": "Fox wins the last trick"},
    "term.special.charlie_am_end": {"de": "Charlie am End", "en": "Charlie wins the last trick"},
    "term.special.charlie_am_end_gefangen": {
        "de": "Charlie am End gefangen",
        "en": "Charlie caught in the last trick",
    },
    "term.special.doppelkopf": {"de": "Doppelkopf", "en": "Doppelkopf"},
    # --- errors: JSON types and structure -------------------------------------------------
    "error.record_not_object": {
        "de": "Ein Spiel muss ein JSON-Objekt sein, nicht {got}",
        "en": "A game must be a JSON object, not {got}",
    },
    "error.not_object": {
        "de": "„{field}“ muss ein JSON-Objekt sein, nicht {got}",
        "en": "“{field}” must be a JSON object, not {got}",
    },
    "error.not_list": {
        "de": "„{field}“ muss eine Liste sein, nicht {got}",
        "en": "“{field}” must be a list, not {got}",
    },
    "error.not_int": {
        "de": "„{field}“ muss eine ganze Zahl sein, nicht {got}",
        "en": "“{field}” must be a whole number, not {got}",
    },
    "error.not_bool": {
        "de": "„{field}“ muss true oder false sein, nicht {got}",
        "en": "“{field}” must be true or false, not {got}",
    },
    "error.invalid_choice": {
        "de": "„{field}“ muss einer der Werte {choices} sein, nicht {got}",
        "en": "“{field}” must be one of {choices}, not {got}",
    },
    "error.missing": {
        "de": "„{field}“ fehlt",
        "en": "“{field}” is missing",
    },
    "error.unknown_field": {
        "de": "Unbekanntes Feld „{field}“",
        "en": "Unknown field “{field}”",
    },
    "error.unknown_field_typo": {
        "de": "Unbekanntes Feld „{field}“ – gemeint ist wohl „{suggestion}“",
        "en": "Unknown field “{field}” – did you mean “{suggestion}”?",
    },
    # --- errors: table and seats ----------------------------------------------------------
    "error.table_size_invalid": {
        "de": "Die Tischgröße (table_size) muss 4 oder 5 sein, nicht {got}",
        "en": "The table size (table_size) must be 4 or 5, not {got}",
    },
    "error.sitting_out_missing": {
        "de": "Am Fünfertisch muss der aussetzende Platz (sitting_out) angegeben sein",
        "en": "At a five-player table the seat that sits out (sitting_out) must be given",
    },
    "error.sitting_out_not_allowed": {
        "de": "Am Vierertisch setzt niemand aus: sitting_out muss fehlen oder null sein, "
        "nicht {got}",
        "en": "Nobody sits out at a four-player table: sitting_out must be missing or null, "
        "not {got}",
    },
    "error.seat_out_of_range": {
        "de": "„{field}“: Platz {seat} gibt es nicht – erlaubt sind die Plätze 1 bis {table_size}",
        "en": "“{field}”: there is no seat {seat} – seats are 1 to {table_size}",
    },
    "error.seat_twice": {
        "de": "„{field}“: Platz {seat} steht doppelt in der Liste",
        "en": "“{field}”: seat {seat} is listed twice",
    },
    "error.seat_sitting_out": {
        "de": "„{field}“: Platz {seat} setzt in diesem Spiel aus und spielt nicht mit",
        "en": "“{field}”: seat {seat} sits out this game and does not play",
    },
    "error.re_size_one": {
        "de": "Beim {kind:kind} spielt genau ein Platz Re (der Solospieler), angegeben sind {size}",
        "en": "In a {kind:kind} exactly one seat plays Re (the soloist), not {size}",
    },
    "error.re_size_two": {
        "de": "Beim {kind:kind} besteht die Re-Partei aus genau zwei Plätzen, "
        "angegeben sind {size}",
        "en": "In a {kind:kind} the Re party has exactly two seats, not {size}",
    },
    # --- errors: Augen and schwarz ------------------------------------------------------
    "error.augen_range": {
        "de": "Augen Re muss zwischen 0 und 240 liegen, nicht {augen}",
        "en": "Re's Augen must be between 0 and 240, not {augen}",
    },
    "error.augen_gap": {
        "de": "Augen Re {augen} sind mit 40 Karten unmöglich: jeder Stich hat mindestens 8 Augen "
        "(möglich sind 0, 8 bis 232 und 240)",
        "en": "Re's Augen {augen} are impossible with 40 cards: every trick holds at least 8 Augen "
        "(possible: 0, 8 to 232 and 240)",
    },
    "error.schwarz_contradiction": {
        "de": "schwarz „{given}“ passt nicht zu {augen} Augen Re: mit 40 Karten folgt daraus "
        "„{derived}“",
        "en": "schwarz “{given}” contradicts Re's {augen} Augen: with 40 cards they mean "
        "“{derived}”",
    },
    "error.schwarz_required": {
        "de": "Bei {augen} Augen Re muss mit 48 Karten angegeben sein, ob eine Partei keinen Stich "
        "hat (schwarz: „re“, „kontra“ oder „none“)",
        "en": "With 48 cards and Re's {augen} Augen, schwarz must say whether a party took no "
        "trick (“re”, “kontra” or “none”)",
    },
    "error.schwarz_re_needs_0": {
        "de": "schwarz „re“ (Re ohne Stich) verlangt 0 Augen Re, nicht {augen}",
        "en": "schwarz “re” (Re took no trick) needs Re's Augen 0, not {augen}",
    },
    "error.schwarz_kontra_needs_240": {
        "de": "schwarz „kontra“ (Kontra ohne Stich) verlangt 240 Augen Re, nicht {augen}",
        "en": "schwarz “kontra” (Kontra took no trick) needs Re's Augen 240, not {augen}",
    },
    # --- errors: statements -------------------------------------------------------------
    "error.re_by_kontra": {
        "de": "„Re“ kann nur die Re-Partei sagen, nicht Kontra",
        "en": "Only the Re party can say “Re”, not Kontra",
    },
    "error.kontra_by_re": {
        "de": "„Kontra“ kann nur die Kontra-Partei sagen, nicht Re",
        "en": "Only the Kontra party can say “Kontra”, not Re",
    },
    "error.sub_by_kontra": {
        "de": "„Sub“ (das zweite Re) kann nur die Re-Partei sagen, nicht Kontra",
        "en": "Only the Re party can say “Sub” (the second Re), not Kontra",
    },
    "error.in_by_re": {
        "de": "„In“ (das zweite Kontra) kann nur die Kontra-Partei sagen, nicht Re",
        "en": "Only the Kontra party can say “In” (the second Kontra), not Re",
    },
    "error.first_call_twice_before_lead": {
        "de": "„{call:call}“ ist zweimal vor dem ersten Ausspielen eingetragen",
        "en": "“{call:call}” is entered twice before the first lead",
    },
    "error.first_call_twice_after_lead": {
        "de": "„{call:call}“ ist zweimal nach dem ersten Ausspielen eingetragen",
        "en": "“{call:call}” is entered twice after the first lead",
    },
    "error.first_call_twice_solo": {
        "de": "„{call:call}“ ist zweimal eingetragen – im angesagten Solo wird alles einmal vor "
        "dem ersten Ausspielen gesagt",
        "en": "“{call:call}” is entered twice – in an announced solo everything is said once "
        "before the first lead",
    },
    "error.second_call_twice": {
        "de": "„{call:call}“ ist zweimal eingetragen",
        "en": "“{call:call}” is entered twice",
    },
    "error.second_call_without_first_calls": {
        "de": "„{call:call}“ setzt voraus, dass „Re“ und „Kontra“ gesagt wurden",
        "en": "“{call:call}” requires that both “Re” and “Kontra” were said",
    },
    "error.absage_without_re": {
        "de": "Die Absage „{call:call}“ der Re-Partei setzt deren „Re“ voraus",
        "en": "Re's Absage “{call:call}” requires Re's own “Re”",
    },
    "error.absage_without_kontra": {
        "de": "Die Absage „{call:call}“ der Kontra-Partei setzt deren „Kontra“ voraus",
        "en": "Kontra's Absage “{call:call}” requires Kontra's own “Kontra”",
    },
    # --- errors: Sonderpunkte -----------------------------------------------------------
    "error.specials_in_announced_solo": {
        "de": "Ein {kind:kind} hat keine Sonderpunkte",
        "en": "A {kind:kind} has no Sonderpunkte",
    },
    "error.gegen_by_hand": {
        "de": "„Gegen“ wird berechnet (wenn Kontra gewinnt) und nicht eingetragen",
        "en": "“Gegen” is computed (when Kontra wins), never entered",
    },
    "error.special_without_augen": {
        "de": "„{special:special}“ für {party:party} ist nicht möglich: {party:party} hat keine "
        "Augen und keinen Stich mit Augen gemacht",
        "en": "“{special:special}” for {party:party} is impossible: {party:party} took no Augen",
    },
    "error.doppelkopf_too_many": {
        "de": "Mehr als 4 Doppelköpfe sind nicht möglich ({count} eingetragen)",
        "en": "More than 4 Doppelkopf tricks are impossible ({count} entered)",
    },
    "error.doppelkopf_augen": {
        "de": "{party:party} hat {count}-mal Doppelkopf und braucht dafür mindestens {needed} "
        "Augen, hat aber nur {augen}",
        "en": "{party:party} has {count} Doppelkopf trick(s), which needs at least {needed} Augen, "
        "but took only {augen}",
    },
    "error.fuchs_too_many": {
        "de": "Es gibt nur zwei Füchse: Fuchs gefangen, Fuchs am End gefangen und Fuchs am End "
        "sind zusammen {count}",
        "en": "There are only two foxes: Fox caught, Fox caught in the last trick and Fox wins "
        "the last trick add up to {count}",
    },
    "error.herzstich_too_many": {
        "de": "Es gibt höchstens einen Herzstich ({count} eingetragen)",
        "en": "There is at most one Heart trick ({count} entered)",
    },
    "error.last_trick_two_winners": {
        "de": "Den letzten Stich gewinnt nur eine Karte: Fuchs am End und Charlie am End sind "
        "zusammen {count}",
        "en": "Only one card wins the last trick: Fox and Charlie winning the last trick add up "
        "to {count}",
    },
    "error.last_trick_split": {
        "de": "Den letzten Stich gewinnt nur eine Partei: die Sonderpunkte des letzten Stichs sind "
        "auf Re und Kontra verteilt",
        "en": "Only one party wins the last trick: its Sonderpunkte are split between Re and "
        "Kontra",
    },
    "error.charlie_caught_too_many": {
        "de": "Es gibt nur zwei Charlies: Charlie am End gefangen ist {count}-mal eingetragen",
        "en": "There are only two Charlies: Charlie caught in the last trick is entered {count} "
        "times",
    },
    "error.charlie_caught_with_charlie_am_end": {
        "de": "Mit Charlie am End kann nur noch ein Charlie gefangen werden ({count} eingetragen)",
        "en": "With Charlie winning the last trick only one Charlie can be caught "
        "({count} entered)",
    },
    "error.charlie_caught_with_fuchs_am_end": {
        "de": "Charlie am End gefangen und Fuchs am End schließen sich aus: ein Kreuz-Bube im "
        "letzten Stich schlägt den Fuchs",
        "en": "Charlie caught in the last trick and Fox wins the last trick exclude each other: "
        "a Kreuz-Bube in the last trick beats the fox",
    },
    "error.fuchs_caught_with_fuchs_am_end": {
        "de": "Mit Fuchs am End kann im letzten Stich nur noch ein Fuchs gefangen werden "
        "({count} eingetragen)",
        "en": "With a fox winning the last trick only one fox can be caught in it "
        "({count} entered)",
    },
    "error.last_trick_caught_too_many": {
        "de": "Im letzten Stich spielen die Gegner von {party:party} nur {limit} Karte(n): "
        "{count} gefangene Karten sind nicht möglich",
        "en": "{party:party}'s opponents play only {limit} card(s) in the last trick: {count} "
        "caught cards are impossible",
    },
    # --- errors: quick entry and direct points --------------------------------------------
    "error.winners_not_pair": {
        "de": "Beim {kind:kind} sind die Sieger genau zwei mitspielende Plätze (z. B. 1 + 4)",
        "en": "In a {kind:kind} the winners are exactly two active seats (e.g. 1 + 4)",
    },
    "error.winners_not_solo_side": {
        "de": "Beim {kind:kind} sind die Sieger der Solospieler ({soloist}) oder seine drei "
        "Gegenspieler ({opponents})",
        "en": "In a {kind:kind} the winners are the soloist ({soloist}) or the three opponents "
        "({opponents})",
    },
    "error.value_range": {
        "de": "Der Spielwert muss eine ganze Zahl von 0 bis 30 sein, nicht {got}",
        "en": "The game value must be a whole number from 0 to 30, not {got}",
    },
    "error.points_seat_missing": {
        "de": "Die Punkte für Platz {seat} fehlen (erwartet sind die Plätze 1 bis {table_size})",
        "en": "The points of seat {seat} are missing (seats 1 to {table_size} are expected)",
    },
    "error.points_unknown_seat": {
        "de": "„{key}“ ist kein Platz dieses Tisches – erwartet sind die Schlüssel „1“ bis "
        "„{table_size}“",
        "en": "“{key}” is not a seat of this table – the keys are “1” to “{table_size}”",
    },
    "error.points_sum": {
        "de": "Die Punkte ergeben zusammen {total} statt 0",
        "en": "The points add up to {total} instead of 0",
    },
    "error.points_sitting_out": {
        "de": "Platz {seat} setzt aus und bekommt 0 Punkte, nicht {got}",
        "en": "Seat {seat} sits out and scores 0, not {got}",
    },
    "error.points_pattern": {
        "de": "Die Punkte {points} passen zu keinem Spielausgang: möglich sind +V +V −V −V, "
        "+3V −V −V −V, −3V +V +V +V und beim Verwerfen −15 +15 0 0",
        "en": "The points {points} fit no game: possible are +V +V −V −V, +3V −V −V −V, "
        "−3V +V +V +V and for a revoke −15 +15 0 0",
    },
    "error.points_value_too_high": {
        "de": "Die Punkte ergeben einen Spielwert von {value}; mehr als 30 ist nicht möglich",
        "en": "The points mean a game value of {value}; more than 30 is impossible",
    },
    # --- errors: documents and sheets -----------------------------------------------------
    "error.invalid_json": {
        "de": "Kein gültiges JSON: {reason} (Zeile {line}, Spalte {column})",
        "en": "Not valid JSON: {reason} (line {line}, column {column})",
    },
    "error.invalid_json_no_position": {
        "de": "Kein gültiges JSON: {reason}",
        "en": "Not valid JSON: {reason}",
    },
    "error.sheet_too_many_games": {
        "de": "Spiel {game} ist zu viel: ein Zettel mit {table_size} Spielern hat höchstens "
        "{max_games} Spiele ({cycles} Runden)",
        "en": "Game {game} is one too many: a sheet of {table_size} players has at most "
        "{max_games} games ({cycles} rounds)",
    },
    "error.sheet_table_size_mismatch": {
        "de": "Tischgröße {got} passt nicht zum Zettel eines Tisches mit {table_size} Spielern",
        "en": "Table size {got} does not match the sheet of a {table_size}-player table",
    },
    "error.sheet_sitting_out_not_dealer": {
        "de": "In Spiel {game} gibt Platz {dealer} und setzt aus, nicht Platz {got}",
        "en": "In game {game} seat {dealer} deals and sits out, not seat {got}",
    },
    # --- warnings -----------------------------------------------------------------------
    "warning.no_counted_statement": {
        "de": "Keine gezählte Ansage: nach Regel 7 ist die Pflichtansage in jedem Spiel "
        "vorgeschrieben",
        "en": "No counted statement: rule 7 makes the compulsory call mandatory in every game",
    },
    # --- JSON syntax reasons (the json module speaks English only) ------------------------
    "json.Expecting value": {"de": "Wert erwartet", "en": "Expecting value"},
    "json.Expecting ',' delimiter": {"de": "„,“ erwartet", "en": "Expecting ',' delimiter"},
    "json.Expecting ':' delimiter": {"de": "„:“ erwartet", "en": "Expecting ':' delimiter"},
    "json.Expecting property name enclosed in double quotes": {
        "de": "Feldname in doppelten Anführungszeichen erwartet",
        "en": "Expecting property name enclosed in double quotes",
    },
    "json.Unterminated string starting at": {
        "de": "Zeichenkette nicht abgeschlossen",
        "en": "Unterminated string",
    },
    "json.Extra data": {"de": "weitere Daten nach dem Ende", "en": "Extra data"},
    "json.Invalid control character at": {
        "de": "ungültiges Steuerzeichen",
        "en": "Invalid control character",
    },
    "json.Invalid \\escape": {"de": "ungültige Escape-Sequenz", "en": "Invalid escape"},
    "json.Illegal trailing comma before end of object": {
        "de": "überzähliges Komma vor dem Ende des Objekts",
        "en": "Illegal trailing comma before end of object",
    },
    "json.Illegal trailing comma before end of array": {
        "de": "überzähliges Komma vor dem Ende der Liste",
        "en": "Illegal trailing comma before end of array",
    },
    "json.too_deep": {"de": "zu tief verschachtelt", "en": "nested too deeply"},
    "json.not_json_constant": {
        "de": "{constant} ist kein JSON-Wert",
        "en": "{constant} is not a JSON value",
    },
    # --- option lines for the rules page ------------------------------------------------
    "option.deck_40": {
        "de": "Gespielt wird mit 40 Karten (ohne Neunen), {tricks} Stiche pro Spiel.",
        "en": "Played with 40 cards (without nines), {tricks} tricks a game.",
    },
    "option.deck_48": {
        "de": "Gespielt wird mit 48 Karten (mit Neunen), {tricks} Stiche pro Spiel.",
        "en": "Played with 48 cards (with nines), {tricks} tricks a game.",
    },
    "option.pre_lead_counts_off": {
        "de": "„Re“/„Kontra“ nur vor dem ersten Ausspielen bringt keinen Wertungspunkt; "
        "zusammen mit der Pflichtansage zählt es einmal.",
        "en": "“Re”/“Kontra” said only before the first lead scores nothing; together with the "
        "compulsory call it counts once.",
    },
    "option.pre_lead_counts_on": {
        "de": "„Re“/„Kontra“ vor dem ersten Ausspielen bringt auch allein einen Wertungspunkt; "
        "zusammen mit der Pflichtansage zählt es einmal.",
        "en": "“Re”/“Kontra” said before the first lead scores 1 even alone; together with the "
        "compulsory call it counts once.",
    },
    "option.ddv_bonus_off": {
        "de": "Keine Zusatzpunkte gegen Absagen (120 gegen „keine 90“ usw.).",
        "en": "No extra points against Absagen (120 against “no 90” etc.).",
    },
    "option.ddv_bonus_on": {
        "de": "Zusatzpunkte nach DDV: je 1 Punkt für die Partei, die 120 Augen gegen „keine 90“, "
        "90 gegen „keine 60“, 60 gegen „keine 30“ oder 30 gegen „schwarz“ erreicht; "
        "verrechnet wie Sonderpunkte.",
        "en": "DDV extra points: 1 point each for the party that reaches 120 Augen against "
        "“no 90”, 90 against “no 60”, 60 against “no 30” or 30 against “schwarz”; netted like "
        "Sonderpunkte.",
    },
}

_TERM_SPECS = frozenset({"call", "kind", "party", "special"})


def resolve_language(lang: str | None) -> str:
    """Map a language tag to a catalogue language: primary subtag, else German."""
    if not lang or type(lang) is not str:
        return DEFAULT_LANGUAGE
    if lang in LANGUAGES:
        return lang
    primary = lang.replace("_", "-").split("-", 1)[0].lower()
    return primary if primary in LANGUAGES else DEFAULT_LANGUAGE


class _TermFormatter(string.Formatter):
    """A formatter whose ``{x:call}`` fields translate a vocabulary value into the language."""

    def __init__(self, lang: str) -> None:
        super().__init__()
        self.lang = lang

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec in _TERM_SPECS:
            entry = CATALOGUE.get(f"term.{format_spec}.{value}")
            if entry is None:
                return str(value)
            return entry.get(self.lang) or entry[DEFAULT_LANGUAGE]
        return super().format_field(value, format_spec)


_FORMATTERS = {lang: _TermFormatter(lang) for lang in LANGUAGES}

# Labels are looked up for every breakdown item of every game: keep a flat table per language.
_LABELS: dict[str, dict[str, str]] = {
    lang: {
        key.removeprefix("label."): texts.get(lang) or texts[DEFAULT_LANGUAGE]
        for key, texts in CATALOGUE.items()
        if key.startswith("label.")
    }
    for lang in LANGUAGES
}


def translate(key: str, /, lang: str | None = DEFAULT_LANGUAGE, **params: Any) -> str:
    """The catalogue text for ``key`` in ``lang``, formatted with ``params``.

    An unknown key returns the key itself, so a missing text shows up instead of crashing.
    """
    entry = CATALOGUE.get(key)
    if entry is None:
        return key
    language = resolve_language(lang)
    template = entry.get(language) or entry[DEFAULT_LANGUAGE]
    if not params:
        return template
    try:
        return _FORMATTERS[language].vformat(template, (), params)
    except (KeyError, IndexError, ValueError):
        return template


def label(key: str, lang: str | None = DEFAULT_LANGUAGE) -> str:
    """The breakdown label of ``key`` (e.g. ``"fuchs_gefangen"`` → "Fuchs gefangen")."""
    table = _LABELS.get(lang) if lang in _LABELS else _LABELS[resolve_language(lang)]
    return table.get(key, key)
