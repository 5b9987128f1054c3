"""The DDV ruleset's texts: German (the club's language, the source) and English.

Pure Python: a flat table key → (German, English) instead of gettext, so the package needs no
compiled catalogue. Messages are ``str.format`` templates; an unknown key renders as itself.
"""

from __future__ import annotations

from typing import Any

_TEXTS: dict[str, tuple[str, str]] = {
    # ---- refusals of a record (DDV.md §8)
    "record_not_object": (
        "Ein Spiel ist ein JSON-Objekt, nicht {got}.",
        "A game is a JSON object, not {got}.",
    ),
    "unknown_field": (
        "{field}: dieses Feld gibt es in den DDV-Regeln nicht.",
        "{field}: DDV rules know no such field.",
    ),
    "missing": ("{field} fehlt.", "{field} is missing."),
    "not_int": (
        "{field} muss eine ganze Zahl sein, nicht {got}.",
        "{field} must be a whole number, not {got}.",
    ),
    "not_bool": (
        "{field} muss true oder false sein, nicht {got}.",
        "{field} must be true or false, not {got}.",
    ),
    "not_list": (
        "{field} muss eine Liste sein, nicht {got}.",
        "{field} must be a list, not {got}.",
    ),
    "not_object": (
        "{field} muss ein Objekt sein, nicht {got}.",
        "{field} must be an object, not {got}.",
    ),
    "invalid_choice": (
        "{field}: {got} ist nicht erlaubt (erlaubt: {choices}).",
        "{field}: {got} is not allowed (allowed: {choices}).",
    ),
    "table_size_invalid": (
        "Am Tisch sitzen 4 oder 5 Spieler, nicht {got}.",
        "A table has 4 or 5 players, not {got}.",
    ),
    "sitting_out_missing": (
        "Am Fünfertisch fehlt, wer aussetzt (der Geber).",
        "At a five-player table, who sits out (the dealer) is missing.",
    ),
    "sitting_out_not_allowed": (
        "Am Vierertisch setzt niemand aus.",
        "Nobody sits out at a four-player table.",
    ),
    "seat_out_of_range": (
        "{field}: Platz {seat} gibt es an einem Tisch mit {table_size} Plätzen nicht.",
        "{field}: there is no seat {seat} at a table of {table_size}.",
    ),
    "seat_sitting_out": (
        "{field}: Platz {seat} setzt aus und spielt nicht mit.",
        "{field}: seat {seat} sits out and does not play.",
    ),
    "seat_twice": (
        "{field}: Platz {seat} steht doppelt da.",
        "{field}: seat {seat} is given twice.",
    ),
    "revoke": (
        "Verwerfen gibt es nach DDV-Regeln nicht; bitte als Strafe (penalty) eintragen.",
        "DDV rules have no revoke; enter a penalty instead.",
    ),
    "re_size_team": (
        "Die Re-Partei hat in diesem Spiel zwei Spieler, nicht {size}.",
        "The Re party has two players in this game, not {size}.",
    ),
    "re_size_solo": (
        "In diesem Spiel spielt einer allein (Re), nicht {size}.",
        "One player plays alone (Re) in this game, not {size}.",
    ),
    "solo_mode_not_solo": (
        "Pflicht/Lust/Vorführung gibt es nur bei einem angesagten Solo.",
        "Pflicht/Lust/Vorführung only applies to an announced solo.",
    ),
    "klaerungsstich_not_hochzeit": (
        "Einen Klärungsstich gibt es nur bei einer Hochzeit.",
        "Only a Hochzeit has a Klärungsstich.",
    ),
    "klaerungsstich_range": (
        "Der Klärungsstich ist Stich 1, 2 oder 3, nicht {got}.",
        "The Klärungsstich is trick 1, 2 or 3, not {got}.",
    ),
    "klaerungsstich_allein": (
        "Spielt der Hochzeiter allein, ist Stich 3 der Klärungsstich, nicht {got}.",
        "When the Hochzeiter plays alone, trick 3 is the Klärungsstich, not {got}.",
    ),
    "augen_range": (
        "Augen Re müssen zwischen 0 und 240 liegen, nicht {got}.",
        "Re's Augen must be 0 to 240, not {got}.",
    ),
    "augen_impossible": (
        "{got} Augen kann keine Partei haben (keine Karte zählt 1 Auge).",
        "No party can have {got} Augen (no card is worth 1).",
    ),
    "schwarz_missing": (
        "Bei {augen} Augen bitte angeben, ob eine Partei keinen Stich hat "
        "(schwarz: re, kontra oder none).",
        "At {augen} Augen, say whether a party took no trick (schwarz: re, kontra or none).",
    ),
    "schwarz_re": ("Re ist nur schwarz, wenn Re 0 Augen hat.", "Re is schwarz only with 0 Augen."),
    "schwarz_kontra": (
        "Kontra ist nur schwarz, wenn Re 240 Augen hat.",
        "Kontra is schwarz only when Re has 240 Augen.",
    ),
    "call_sub_in": (
        "{got} gibt es nach DDV-Regeln nicht (eine Ansage je Partei).",
        "DDV rules have no {got} (one Ansage per party).",
    ),
    "call_wrong_party": (
        "{got} kann nur die Partei {party} ansagen.",
        "Only the {party} party can call {got}.",
    ),
    "call_twice": (
        "Die Partei {party} hat {got} schon angesagt.",
        "The {party} party has called {got} already.",
    ),
    "absage_without_ansage": (
        "{got} ohne die Ansage {ansage}: bitte die Ansage eintragen (sie zählt 2).",
        "{got} without the Ansage {ansage}: enter the Ansage (it counts 2).",
    ),
    "special_house": (
        "{got} ist kein Sonderpunkt der DDV-Regeln.",
        "{got} is not a Sonderpunkt under DDV rules.",
    ),
    "special_gegen": (
        "„Gegen die Kreuz-Damen“ wird berechnet, nicht eingetragen.",
        "'Against the Kreuz-Damen' is computed, not entered.",
    ),
    "specials_in_solo": ("Im Solo gibt es keine Sonderpunkte.", "A solo has no Sonderpunkte."),
    "specials_doppelkopf_count": (
        "Mehr als 4 Doppelköpfe gibt es nicht ({got}).",
        "There are at most 4 Doppelköpfe ({got}).",
    ),
    "specials_fuchs_count": ("Es gibt nur 2 Füchse ({got}).", "There are only 2 Füchse ({got})."),
    "specials_charlie_count": (
        "Karlchen kann nur einmal den letzten Stich machen.",
        "Karlchen can win the last trick only once.",
    ),
    "specials_doppelkopf_augen": (
        "{count} Doppelkopf für {party} braucht mindestens {need} Augen, {party} hat {augen}.",
        "{count} Doppelkopf for {party} needs at least {need} Augen; {party} has {augen}.",
    ),
    "specials_fuchs_augen": (
        "{count} Fuchs gefangen für {party} braucht mindestens {need} Augen, {party} hat {augen}.",
        "{count} Fuchs caught for {party} needs at least {need} Augen; {party} has {augen}.",
    ),
    "specials_no_trick": (
        "{party} hat keinen Stich und kann keinen Sonderpunkt haben.",
        "{party} took no trick and can have no Sonderpunkt.",
    ),
    "value_range": (
        "Der Wert muss zwischen 0 und {max} liegen, nicht {got}.",
        "The value must be 0 to {max}, not {got}.",
    ),
    "winners_team": (
        "Bei diesem Spiel gewinnen zwei Spieler, nicht {size}.",
        "Two players win this game, not {size}.",
    ),
    "winners_solo": (
        "Sieger sind der Solospieler allein oder seine drei Gegner.",
        "The winners are the soloist alone or his three opponents.",
    ),
    "points_keys": (
        "Punkte: genau die Plätze 1 bis {table_size} angeben.",
        "Points: give exactly seats 1 to {table_size}.",
    ),
    "points_sitting_out": (
        "Punkte: Platz {seat} setzt aus und bekommt 0.",
        "Points: seat {seat} sits out and scores 0.",
    ),
    "points_sum": (
        "Punkte: die Zeile muss 0 ergeben, nicht {sum}.",
        "Points: the row must sum to 0, not {sum}.",
    ),
    "points_pattern": (
        "Punkte: {got} passt zu keinem Spiel und keiner Strafe der DDV-Regeln.",
        "Points: {got} fits no game and no penalty under DDV rules.",
    ),
    "points_kind": (
        "Punkte: {got} passt nicht zur Spielart {kind}.",
        "Points: {got} does not fit the kind {kind}.",
    ),
    "penalty_offender": (
        "Strafe: der Verursacher muss ein mitspielender Platz sein.",
        "Penalty: the offender must be a playing seat.",
    ),
    "solo_known_missing": (
        "Strafe: bitte bei „Solo schon bekannt“ ja oder nein wählen.",
        "Penalty: please choose yes or no at “Solo known yet”.",
    ),
    "solo_known_not_allowed": (
        "„Solo schon bekannt“ gibt es nur bei stiller Hochzeit und Hochzeit allein.",
        "“Solo known yet” only applies to a silent Hochzeit and a Hochzeit alone.",
    ),
    "harms_not_allowed": (
        "harms_soloist gilt nur bei geringfügigen Verstößen eines Gegenspielers im Solo.",
        "harms_soloist only applies to a minor violation by an opponent in a solo.",
    ),
    "absagen_not_allowed": (
        "absagen gibt es nur bei schwerwiegenden Verstößen.",
        "absagen only applies to serious violations.",
    ),
    "absagen_range": (
        "absagen muss zwischen 0 und 4 liegen, nicht {got}.",
        "absagen must be 0 to 4, not {got}.",
    ),
    "points_missing": (
        "Bei unsportlichem Verhalten bitte den Punktabzug (1 bis 12) angeben.",
        "For unsportsmanlike conduct, give the deduction (1 to 12).",
    ),
    "points_range": (
        "Der Punktabzug liegt zwischen 1 und 12, nicht {got}.",
        "The deduction is 1 to 12, not {got}.",
    ),
    "points_not_allowed": (
        "Einen Punktabzug gibt es nur bei unsportlichem Verhalten.",
        "A deduction only applies to unsportsmanlike conduct.",
    ),
    "referee_invalid": (
        "Schiedsrichter: bitte einen Namen oder Kürzel (höchstens {limit} Zeichen) angeben.",
        "Referee: give a name or initials (at most {limit} characters).",
    ),
    "kind_missing": (
        "Spielart fehlt (auf der Liste ist sie Pflicht).",
        "The kind of game is missing (required on a sheet).",
    ),
    # ---- refusals of a sheet (§9.8)
    "sheet_not_object": (
        "Eine Spielliste ist ein JSON-Objekt, nicht {got}.",
        "A sheet is a JSON object, not {got}.",
    ),
    "table_size_differs": (
        "Die Zeile gehört zu einem Tisch mit {got} Plätzen, die Liste hat {table_size}.",
        "The row is for a table of {got}, the sheet has {table_size}.",
    ),
    "dealer_wrong": (
        "Spiel {game}: Geber ist Platz {dealer}, nicht {got}.",
        "Game {game}: the dealer is seat {dealer}, not {got}.",
    ),
    "sitting_out_not_dealer": (
        "Am Fünfertisch setzt der Geber (Platz {dealer}) aus, nicht Platz {got}.",
        "At a five-player table the dealer (seat {dealer}) sits out, not seat {got}.",
    ),
    "solo_mode_missing": (
        "Pflichtsolo, Lustsolo oder Vorführung? Auf der Liste ist das anzugeben.",
        "Pflichtsolo, Lustsolo or Vorführung? A sheet needs it.",
    ),
    "vorfuehrung_due": (
        "Vorführung: Platz {seat} muss jetzt sein Pflichtsolo spielen.",
        "Vorführung: seat {seat} must play his Pflichtsolo now.",
    ),
    "vorfuehrung_not_due": ("Eine Vorführung ist noch nicht fällig.", "No Vorführung is due yet."),
    "pflicht_twice": (
        "Platz {seat} hat sein Pflichtsolo schon in Spiel {game} gespielt (also Lustsolo).",
        "Seat {seat} played his Pflichtsolo in game {game} already (so: Lustsolo).",
    ),
    "lust_before_pflicht": (
        "Platz {seat} hat noch kein Pflichtsolo gespielt: sein Solo ist das Pflichtsolo.",
        "Seat {seat} has not played his Pflichtsolo: his solo is the Pflichtsolo.",
    ),
    "beyond_round": ("Der Durchgang hat nur {games} Spiele.", "The round has only {games} games."),
    "after_time": (
        "Die Zeit ist nach Spiel {after} abgelaufen: es folgen nur noch Vorführungen.",
        "Time was called after game {after}: only Vorführungen follow.",
    ),
    "pflicht_impossible": (
        "{owing} Pflichtsoli stehen aus, aber nur noch {left} Spiele.",
        "{owing} Pflichtsoli are owed but only {left} games are left.",
    ),
    "games_count": (
        "Der Durchgang hat {games} Spiele, die Liste {got}.",
        "The round has {games} games, the sheet {got}.",
    ),
    "games_count_time": (
        "Die Zeit lief in Spiel {after} ab, die Liste hat nur {got} Spiele.",
        "Time was called in game {after}, the sheet has only {got} games.",
    ),
    "pflicht_missing": ("Pflichtsolo fehlt: Platz {seats}.", "Pflichtsolo missing: seat {seats}."),
    "games_per_round_range": (
        "Ein Durchgang hat mindestens so viele Spiele wie Spieler ({seats}), nicht {got}.",
        "A round has at least as many games as players ({seats}), not {got}.",
    ),
    "time_up_range": (
        "Zeit abgelaufen nach Spiel {got}: der Durchgang hat 0 bis {games} Spiele.",
        "Time called after game {got}: the round has 0 to {games} games.",
    ),
    "time_up_beyond": (
        "Zeit abgelaufen nach Spiel {got}, die Liste hat aber nur {have} Spiele.",
        "Time called after game {got}, but the sheet has only {have} games.",
    ),
    "too_many_rows": (
        "Die Liste hat mehr als {limit} Zeilen.",
        "The sheet has more than {limit} rows.",
    ),
    # ---- warnings of the Spielliste (§9.9)
    "warning_row_sum": (
        "Zeile {row}: die Punkte ergeben {sum}, nicht 0.",
        "Row {row}: the points sum to {sum}, not 0.",
    ),
    "warning_parity": (
        "Nach Zeile {row} sind die Summen nicht mehr alle gerade oder alle ungerade "
        "(Gerade-Ungerade-Regel).",
        "After row {row} the totals are no longer all even or all odd (Gerade-Ungerade rule).",
    ),
    # ---- JSON documents
    "invalid_json": (
        "Kein gültiges JSON: {reason} (Zeile {line}, Spalte {column}).",
        "Not valid JSON: {reason} (line {line}, column {column}).",
    ),
    "invalid_json_no_position": ("Kein gültiges JSON: {reason}.", "Not valid JSON: {reason}."),
    "too_large": (
        "Die Eingabe ist zu groß ({size} Zeichen, höchstens {limit}).",
        "The input is too large ({size} characters, at most {limit}).",
    ),
    "too_many": (
        "Zu viele Einträge ({count}, höchstens {limit}).",
        "Too many entries ({count}, at most {limit}).",
    ),
    "too_deep": ("zu tief verschachtelt", "nested too deeply"),
}

#: Breakdown labels (§4.8) by key.
LABELS: dict[str, tuple[str, str]] = {
    "gewonnen": ("gewonnen", "won"),
    "unter_90": ("unter 90 gespielt", "under 90"),
    "unter_60": ("unter 60 gespielt", "under 60"),
    "unter_30": ("unter 30 gespielt", "under 30"),
    "schwarz_gespielt": ("schwarz gespielt", "schwarz (no trick)"),
    "re_angesagt": ("Re angesagt", "Re called"),
    "kontra_angesagt": ("Kontra angesagt", "Kontra called"),
    **{
        f"{call}_{party}": (
            f"{call.replace('_', ' ')} abgesagt ({party.capitalize()})",
            f"{call.replace('_', ' ').replace('keine', 'no')} called ({party.capitalize()})",
        )
        for call in ("keine_90", "keine_60", "keine_30", "schwarz")
        for party in ("re", "kontra")
    },
    "gegen_keine_90": ("120 gegen keine 90", "120 against no 90"),
    "gegen_keine_60": ("90 gegen keine 60", "90 against no 60"),
    "gegen_keine_30": ("60 gegen keine 30", "60 against no 30"),
    "gegen_schwarz": ("30 gegen schwarz", "30 against schwarz"),
    "gegen_die_kreuz_damen": ("gegen die Kreuz-Damen gewonnen", "won against the Kreuz-Damen"),
    "doppelkopf": ("Doppelkopf", "Doppelkopf"),
    "fuchs_gefangen": ("Fuchs gefangen", "Fuchs caught"),
    "charlie_am_end": ("Karlchen", "Karlchen"),
}


def _index(lang: str | None) -> int:
    if isinstance(lang, str) and lang.replace("_", "-").split("-", 1)[0].lower() == "en":
        return 1
    return 0


def translate(key: str, lang: str | None = "de", /, **params: Any) -> str:
    """Message ``key`` in ``lang`` (German unless English is asked for), formatted."""
    texts = _TEXTS.get(key)
    if texts is None:
        return key
    template = texts[_index(lang)]
    try:
        return template.format(**params) if params else template
    except (KeyError, IndexError, ValueError):
        return template


def label(key: str, lang: str | None = "de") -> str:
    """The breakdown label of ``key`` ("fuchs_gefangen" → "Fuchs gefangen")."""
    texts = LABELS.get(key)
    return key if texts is None else texts[_index(lang)]


def known(key: str) -> bool:
    return key in _TEXTS
