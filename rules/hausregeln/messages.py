"""The engine's messages: a stable key for each, and its German text as the gettext msgid.

German is the source language, so the texts below are both the German messages and the msgids
of the gettext domain ``rules``; English lives only in ``locale/en/LC_MESSAGES/rules.po``.
Callers and the other modules name a message by its key (``error.<code>``, ``warning.<code>``,
``label.<breakdown key>``, ``term.<call|kind|party|special>.<JSON value>``, ``json.<message of
Python's json module>``, ``option.<line>``); :mod:`rules.hausregeln.i18n` renders it.

:func:`N_` and :func:`NC_` only mark a text for ``xgettext -kN_ -kNC_:1c,2`` (``make messages``)
and return it with its context. ``NC_`` gives a context where one German word needs two English
ones ("schwarz": the level a party missed, or the Absage). Messages are ``str.format`` templates;
a field written ``{name:call}`` (``:kind``, ``:party``, ``:special``) is a vocabulary value that
is translated through its ``term.*`` message, so translations keep such fields unchanged.
"""

from __future__ import annotations

#: A message as gettext looks it up: (msgctxt or None, msgid).
Message = tuple[str | None, str]


def N_(msgid: str) -> Message:
    """Mark ``msgid`` (German) for extraction; it is translated later, by key."""
    return None, msgid


def NC_(context: str, msgid: str) -> Message:
    """Mark ``msgid`` (German) with a gettext context (msgctxt) for extraction."""
    return context, msgid


MESSAGES: dict[str, Message] = {
    # --- breakdown labels (German ones are fixed by SCORING.md §8) -----------------------------
    "label.won_120": N_("120"),
    "label.level_90": N_("90"),
    "label.level_60": N_("60"),
    "label.level_30": N_("30"),
    "label.level_schwarz": NC_("level", "schwarz"),
    "label.call_re": N_("Re"),
    "label.call_kontra": N_("Kontra"),
    "label.call_sub": N_("Sub"),
    "label.call_in": N_("In"),
    "label.absage_keine_90": N_("keine 90"),
    "label.absage_keine_60": N_("keine 60"),
    "label.absage_keine_30": N_("keine 30"),
    "label.absage_schwarz": N_("schwarz angesagt"),
    "label.solo": N_("Solo"),
    "label.verloren": N_("verloren"),
    "label.gegen": N_("Gegen"),
    "label.fuchs_gefangen": N_("Fuchs gefangen"),
    "label.fuchs_am_end_gefangen": N_("Fuchs am End gefangen"),
    "label.fuchs_am_end": N_("Fuchs am End"),
    "label.charlie_am_end": N_("Charlie am End"),
    "label.charlie_am_end_gefangen": N_("Charlie am End gefangen"),
    "label.doppelkopf": N_("Doppelkopf"),
    "label.herzstich": N_("Herzstich"),
    "label.ddv_120": N_("120 gegen keine 90"),
    "label.ddv_90": N_("90 gegen keine 60"),
    "label.ddv_60": N_("60 gegen keine 30"),
    "label.ddv_30": N_("30 gegen schwarz"),
    # --- vocabulary terms used inside messages ---------------------------------------------
    "term.party.re": N_("Re"),
    "term.party.kontra": N_("Kontra"),
    "term.call.re": N_("Re"),
    "term.call.kontra": N_("Kontra"),
    "term.call.sub": N_("Sub"),
    "term.call.in": N_("In"),
    "term.call.keine_90": N_("keine 90"),
    "term.call.keine_60": N_("keine 60"),
    "term.call.keine_30": N_("keine 30"),
    "term.call.schwarz": NC_("Absage", "schwarz"),
    "term.kind.normal": N_("Normalspiel"),
    "term.kind.hochzeit": N_("Hochzeit"),
    "term.kind.stilles_solo": N_("stilles Solo"),
    "term.kind.hochzeit_allein": N_("Hochzeit allein"),
    "term.kind.solo_buben": N_("Bubensolo"),
    "term.kind.solo_damen": N_("Damensolo"),
    "term.kind.solo_trumpf": N_("Trumpfsolo"),
    "term.special.gegen": N_("Gegen"),
    "term.special.herzstich": N_("Herzstich"),
    "term.special.fuchs_gefangen": N_("Fuchs gefangen"),
    "term.special.fuchs_am_end_gefangen": N_("Fuchs am End gefangen"),
    "term.special.fuchs_am_end": N_("Fuchs am End"),
    "term.special.charlie_am_end": N_("Charlie am End"),
    "term.special.charlie_am_end_gefangen": N_("Charlie am End gefangen"),
    "term.special.doppelkopf": N_("Doppelkopf"),
    # --- errors: JSON types and structure -------------------------------------------------
    "error.record_not_object": N_("Ein Spiel muss ein JSON-Objekt sein, nicht {got}"),
    "error.not_object": N_("„{field}“ muss ein JSON-Objekt sein, nicht {got}"),
    "error.not_list": N_("„{field}“ muss eine Liste sein, nicht {got}"),
    "error.not_int": N_("„{field}“ muss eine ganze Zahl sein, nicht {got}"),
    "error.not_bool": N_("„{field}“ muss true oder false sein, nicht {got}"),
    "error.invalid_choice": N_("„{field}“ muss einer der Werte {choices} sein, nicht {got}"),
    "error.missing": N_("„{field}“ fehlt"),
    "error.unknown_field": N_("Unbekanntes Feld „{field}“"),
    "error.unknown_field_typo": N_("Unbekanntes Feld „{field}“ – gemeint ist wohl „{suggestion}“"),
    # --- errors: table and seats ----------------------------------------------------------
    "error.table_size_invalid": N_("Die Tischgröße (table_size) muss 4 oder 5 sein, nicht {got}"),
    "error.sitting_out_missing": N_(
        "Am Fünfertisch muss der aussetzende Platz (sitting_out) angegeben sein"
    ),
    "error.sitting_out_not_allowed": N_(
        "Am Vierertisch setzt niemand aus: sitting_out muss fehlen oder null sein, nicht {got}"
    ),
    "error.seat_out_of_range": N_(
        "„{field}“: Platz {seat} gibt es nicht – erlaubt sind die Plätze 1 bis {table_size}"
    ),
    "error.seat_twice": N_("„{field}“: Platz {seat} steht doppelt in der Liste"),
    "error.seat_sitting_out": N_(
        "„{field}“: Platz {seat} setzt in diesem Spiel aus und spielt nicht mit"
    ),
    "error.re_size_one": N_(
        "Beim {kind:kind} spielt genau ein Platz Re (der Solospieler), angegeben sind {size}"
    ),
    "error.re_size_two": N_(
        "Beim {kind:kind} besteht die Re-Partei aus genau zwei Plätzen, angegeben sind {size}"
    ),
    # --- errors: Augen and schwarz ------------------------------------------------------
    "error.augen_range": N_("Augen Re muss zwischen 0 und 240 liegen, nicht {augen}"),
    "error.augen_gap": N_(
        "Augen Re {augen} sind mit 40 Karten unmöglich: jeder Stich hat mindestens 8 Augen "
        "(möglich sind 0, 8 bis 232 und 240)"
    ),
    "error.schwarz_contradiction": N_(
        "schwarz „{given}“ passt nicht zu {augen} Augen Re: mit 40 Karten folgt daraus „{derived}“"
    ),
    "error.schwarz_required": N_(
        "Bei {augen} Augen Re muss mit 48 Karten angegeben sein, ob eine Partei keinen Stich "
        "hat (schwarz: „re“, „kontra“ oder „none“)"
    ),
    "error.schwarz_re_needs_0": N_(
        "schwarz „re“ (Re ohne Stich) verlangt 0 Augen Re, nicht {augen}"
    ),
    "error.schwarz_kontra_needs_240": N_(
        "schwarz „kontra“ (Kontra ohne Stich) verlangt 240 Augen Re, nicht {augen}"
    ),
    # --- errors: statements -------------------------------------------------------------
    "error.re_by_kontra": N_("„Re“ kann nur die Re-Partei sagen, nicht Kontra"),
    "error.kontra_by_re": N_("„Kontra“ kann nur die Kontra-Partei sagen, nicht Re"),
    "error.sub_by_kontra": N_("„Sub“ (das zweite Re) kann nur die Re-Partei sagen, nicht Kontra"),
    "error.in_by_re": N_("„In“ (das zweite Kontra) kann nur die Kontra-Partei sagen, nicht Re"),
    "error.first_call_twice_before_lead": N_(
        "„{call:call}“ ist zweimal vor dem ersten Ausspielen eingetragen"
    ),
    "error.first_call_twice_after_lead": N_(
        "„{call:call}“ ist zweimal nach dem ersten Ausspielen eingetragen"
    ),
    "error.first_call_twice_solo": N_(
        "„{call:call}“ ist zweimal eingetragen – im angesagten Solo wird alles einmal vor "
        "dem ersten Ausspielen gesagt"
    ),
    "error.second_call_twice": N_("„{call:call}“ ist zweimal eingetragen"),
    "error.second_call_without_first_calls": N_(
        "„{call:call}“ setzt voraus, dass „Re“ und „Kontra“ gesagt wurden"
    ),
    "error.absage_without_re": N_("Die Absage „{call:call}“ der Re-Partei setzt deren „Re“ voraus"),
    "error.absage_without_kontra": N_(
        "Die Absage „{call:call}“ der Kontra-Partei setzt deren „Kontra“ voraus"
    ),
    # --- errors: Sonderpunkte -----------------------------------------------------------
    "error.specials_in_announced_solo": N_("Ein {kind:kind} hat keine Sonderpunkte"),
    "error.gegen_by_hand": N_("„Gegen“ wird berechnet (wenn Kontra gewinnt) und nicht eingetragen"),
    "error.special_without_augen": N_(
        "„{special:special}“ für {party:party} ist nicht möglich: {party:party} hat keine "
        "Augen und keinen Stich mit Augen gemacht"
    ),
    "error.doppelkopf_too_many": N_(
        "Mehr als 4 Doppelköpfe sind nicht möglich ({count} eingetragen)"
    ),
    "error.doppelkopf_augen": N_(
        "{party:party} hat {count}-mal Doppelkopf und braucht dafür mindestens {needed} "
        "Augen, hat aber nur {augen}"
    ),
    "error.fuchs_too_many": N_(
        "Es gibt nur zwei Füchse: Fuchs gefangen, Fuchs am End gefangen und Fuchs am End "
        "sind zusammen {count}"
    ),
    "error.herzstich_too_many": N_("Es gibt höchstens einen Herzstich ({count} eingetragen)"),
    "error.last_trick_two_winners": N_(
        "Den letzten Stich gewinnt nur eine Karte: Fuchs am End und Charlie am End sind "
        "zusammen {count}"
    ),
    "error.last_trick_split": N_(
        "Den letzten Stich gewinnt nur eine Partei: die Sonderpunkte des letzten Stichs sind "
        "auf Re und Kontra verteilt"
    ),
    "error.charlie_caught_too_many": N_(
        "Es gibt nur zwei Charlies: Charlie am End gefangen ist {count}-mal eingetragen"
    ),
    "error.charlie_caught_with_charlie_am_end": N_(
        "Mit Charlie am End kann nur noch ein Charlie gefangen werden ({count} eingetragen)"
    ),
    "error.charlie_caught_with_fuchs_am_end": N_(
        "Charlie am End gefangen und Fuchs am End schließen sich aus: ein Kreuz-Bube im "
        "letzten Stich schlägt den Fuchs"
    ),
    "error.fuchs_caught_with_fuchs_am_end": N_(
        "Mit Fuchs am End kann im letzten Stich nur noch ein Fuchs gefangen werden "
        "({count} eingetragen)"
    ),
    "error.last_trick_caught_too_many": N_(
        "Im letzten Stich spielen die Gegner von {party:party} nur {limit} Karte(n): "
        "{count} gefangene Karten sind nicht möglich"
    ),
    # --- errors: quick entry and direct points --------------------------------------------
    "error.winners_not_pair": N_(
        "Beim {kind:kind} sind die Sieger genau zwei mitspielende Plätze (z. B. 1 + 4)"
    ),
    "error.winners_not_solo_side": N_(
        "Beim {kind:kind} sind die Sieger der Solospieler ({soloist}) oder seine drei "
        "Gegenspieler ({opponents})"
    ),
    "error.value_range": N_("Der Spielwert muss eine ganze Zahl von 0 bis 30 sein, nicht {got}"),
    "error.points_seat_missing": N_(
        "Die Punkte für Platz {seat} fehlen (erwartet sind die Plätze 1 bis {table_size})"
    ),
    "error.points_unknown_seat": N_(
        "„{key}“ ist kein Platz dieses Tisches – erwartet sind die Schlüssel „1“ bis „{table_size}“"
    ),
    "error.points_sum": N_("Die Punkte ergeben zusammen {total} statt 0"),
    "error.points_sitting_out": N_("Platz {seat} setzt aus und bekommt 0 Punkte, nicht {got}"),
    "error.points_pattern": N_(
        "Die Punkte {points} passen zu keinem Spielausgang: möglich sind +V +V −V −V, "
        "+3V −V −V −V, −3V +V +V +V und beim Verwerfen −15 +15 0 0"
    ),
    "error.points_value_too_high": N_(
        "Die Punkte ergeben einen Spielwert von {value}; mehr als 30 ist nicht möglich"
    ),
    # --- errors: documents and sheets -----------------------------------------------------
    "error.invalid_json": N_("Kein gültiges JSON: {reason} (Zeile {line}, Spalte {column})"),
    "error.invalid_json_no_position": N_("Kein gültiges JSON: {reason}"),
    "error.sheet_too_many_games": N_(
        "Spiel {game} ist zu viel: ein Zettel mit {table_size} Spielern hat höchstens "
        "{max_games} Spiele ({cycles} Runden)"
    ),
    "error.sheet_table_size_mismatch": N_(
        "Tischgröße {got} passt nicht zum Zettel eines Tisches mit {table_size} Spielern"
    ),
    "error.sheet_sitting_out_not_dealer": N_(
        "In Spiel {game} gibt Platz {dealer} und setzt aus, nicht Platz {got}"
    ),
    # --- warnings -----------------------------------------------------------------------
    "warning.no_counted_statement": N_(
        "Keine gezählte Ansage: nach Regel 7 ist die Pflichtansage in jedem Spiel vorgeschrieben"
    ),
    # --- JSON syntax reasons (the json module speaks English only) ------------------------
    "json.Expecting value": N_("Wert erwartet"),
    "json.Expecting ',' delimiter": N_("„,“ erwartet"),
    "json.Expecting ':' delimiter": N_("„:“ erwartet"),
    "json.Expecting property name enclosed in double quotes": N_(
        "Feldname in doppelten Anführungszeichen erwartet"
    ),
    "json.Unterminated string starting at": N_("Zeichenkette nicht abgeschlossen"),
    "json.Extra data": N_("weitere Daten nach dem Ende"),
    "json.Invalid control character at": N_("ungültiges Steuerzeichen"),
    "json.Invalid \\escape": N_("ungültige Escape-Sequenz"),
    "json.Illegal trailing comma before end of object": N_(
        "überzähliges Komma vor dem Ende des Objekts"
    ),
    "json.Illegal trailing comma before end of array": N_(
        "überzähliges Komma vor dem Ende der Liste"
    ),
    "json.too_deep": N_("zu tief verschachtelt"),
    "json.not_json_constant": N_("{constant} ist kein JSON-Wert"),
    # --- option lines for the rules page ------------------------------------------------
    "option.deck_40": N_("Gespielt wird mit 40 Karten (ohne Neunen), {tricks} Stiche pro Spiel."),
    "option.deck_48": N_("Gespielt wird mit 48 Karten (mit Neunen), {tricks} Stiche pro Spiel."),
    "option.pre_lead_counts_off": N_(
        "„Re“/„Kontra“ nur vor dem ersten Ausspielen bringt keinen Wertungspunkt; "
        "zusammen mit der Pflichtansage zählt es einmal."
    ),
    "option.pre_lead_counts_on": N_(
        "„Re“/„Kontra“ vor dem ersten Ausspielen bringt auch allein einen Wertungspunkt; "
        "zusammen mit der Pflichtansage zählt es einmal."
    ),
    "option.ddv_bonus_off": N_("Keine Zusatzpunkte gegen Absagen (120 gegen „keine 90“ usw.)."),
    "option.ddv_bonus_on": N_(
        "Zusatzpunkte nach DDV: je 1 Punkt für die Partei, die 120 Augen gegen „keine 90“, "
        "90 gegen „keine 60“, 60 gegen „keine 30“ oder 30 gegen „schwarz“ erreicht; "
        "verrechnet wie Sonderpunkte."
    ),
    # --- the settings form: the ruleset's name and its options' labels ----------------------
    "setting.ruleset": N_("Hausregeln"),
    "setting.deck": N_("Blatt"),
    "setting.deck_40": N_("40 Karten (ohne Neunen)"),
    "setting.deck_48": N_("48 Karten (mit Neunen)"),
    "setting.pre_lead_counts": N_("Re/Kontra vor dem ersten Ausspielen zählt allein 1 Punkt"),
    "setting.ddv_absage_bonus": N_("DDV-Punkte gegen Absagen (120 gegen „keine 90“ usw.)"),
    # --- the sheet pages' entry forms (rules.hausregeln.entry_forms) ---------------------
    "form.row": N_("Spiel {number}"),
    "form.quick": N_("Schnelleingabe"),
    "form.calculator": N_("Rechner"),
    "form.direct": N_("Punkte direkt (Plus/Minus je Spieler)"),
    "form.extra": N_("Weitere Angaben"),
    "form.winners": N_("Sieger"),
    "form.value": N_("Wert"),
    "form.kind": N_("Spielart"),
    "form.soloist": N_("Solospieler"),
    "form.from_winners": N_("aus den Siegern"),
    "form.offender": N_("Verworfen von"),
    "form.points": N_("Punkte"),
    "form.record": N_("Rechner-Angaben"),
    "form.augen_re": N_("Augen Re"),
    "form.statements": N_("Ansagen"),
    "form.specials": N_("Sonderpunkte"),
    "form.schwarz": NC_("field", "schwarz"),
    "form.re": N_("Re-Partei"),
    "advice.winners": N_("Bitte die Platznummern der Gewinner prüfen (z. B. 14)."),
    "advice.value": N_("Bitte den Wert vom Zettel eintragen."),
    "advice.kind": N_("Bitte die Spielart prüfen."),
    "advice.soloist": N_("Bitte unter ⋯ den Solospieler wählen."),
    "advice.offender": N_("Bitte unter ⋯ prüfen, wer verworfen hat."),
    "advice.points": N_("Bitte die Punkte unter ⋯ prüfen."),
    "advice.record": N_("Bitte im Rechner (▦) prüfen."),
    # --- the scoring values in words (rules.hausregeln.legend) ------------------------------
    "legend.won": N_("Gewonnen („120“)"),
    "legend.below": N_("Gegner unter 90 / 60 / 30 / schwarz"),
    "legend.each_1": N_("je 1"),
    "legend.calls": N_("Re, Kontra, Sub, In"),
    "legend.absagen": N_("Absagen: keine 90 / 60 / 30, schwarz"),
    "legend.gegen": N_("Gegen (Kontra gewinnt)"),
    "legend.solo_lost": N_("Solo verloren („verloren“)"),
    "legend.specials": N_("Sonderpunkte: {list}"),
    "legend.payout": N_(
        "Normalspiel: Sieger +Wert, Verlierer −Wert; Solo: Solist ±3 × Wert, Gegner ∓ Wert"
    ),
    "legend.revoke": N_(
        "Verwerfen: Verursacher −{penalty}, die anderen je +{share}; im Solo, wenn "
        "ein Gegner verwirft: Solist +{gain}, die anderen 0"
    ),
    "legend.tie": N_("120 : 120 – Kontra gewinnt, „120“ zählt dabei nicht"),
    "legend.pre_lead_off": N_("Re/Kontra nur vor dem ersten Ausspielen: kein Punkt"),
    "legend.ddv_bonus": N_("120 gegen „keine 90“ usw. (DDV): je 1"),
    "legend.tie_kontra_full": N_("120 : 120 – Kontra gewinnt mit „120“"),
    "legend.tie_ddv": N_("120 : 120 – Kontra gewinnt; nur „Kontra“ angesagt: Re"),
    "legend.tie_nobody": N_("120 : 120 – niemand gewinnt, 0 Punkte"),
    "legend.solo_valued": N_("Stilles Solo / Hochzeit allein wie Trumpfsolo"),
    "legend.klaerungsstich": N_("Hochzeit: Partner bis zum {max}. Stich"),
    "legend.bock": N_("Bock nach {triggers}, je {games} Spiele, {overlap}"),
    "legend.bock_seats": N_("4/5"),
    "legend.bock_stack": N_("Bock auf Bock multipliziert"),
    "legend.bock_queue": N_("Bock auf Bock danach"),
    "legend.armut": N_("Armut: Armer und Mitnehmer spielen Re"),
    "legend.armut_point": N_("Sieger +1"),
    "legend.schmeissen_redeal": N_("Schmeißen: eigene Zeile, kein Spiel"),
    "legend.schmeissen_game": N_("Schmeißen: eigene Zeile, zählt als Spiel"),
    "legend.calls_plus2": N_("Re/Kontra je 2, Sub/In je 1"),
    "legend.calls_double": N_("verdoppeln jeweils"),
    # --- club options (CLUBRULES.md) ----------------------------------------------------
    "term.kind.solo_kreuz": N_("Kreuzsolo"),
    "term.kind.solo_pik": N_("Piksolo"),
    "term.kind.solo_herz": N_("Herzsolo"),
    "term.kind.solo_fleischlos": N_("Fleischloser"),
    "term.kind.armut": N_("Armut"),
    "term.reason.neunen": N_("5 Neunen"),
    "term.reason.koenige": N_("5 Fehl-Könige"),
    "term.reason.neunen_koenige": N_("7 Neunen und Könige"),
    "term.reason.augen": N_("80/90 Augen auf der Hand"),
    "term.reason.fuchs_hoechster": N_("kein Trumpf höher als der Fuchs"),
    "term.reason.ein_trumpf": N_("höchstens ein Trumpf"),
    "term.reason.armut": N_("Armut nicht mitgenommen"),
    "label.double_re": N_("Re ×2"),
    "label.double_kontra": N_("Kontra ×2"),
    "label.double_sub": N_("Sub ×2"),
    "label.double_in": N_("In ×2"),
    "label.armut": N_("Armut"),
    "error.kind_not_played": N_(
        "Ein {kind:kind} wird nach den Regeln dieses Turniers nicht gespielt"
    ),
    "error.armut_not_played": N_("Armut wird nach den Regeln dieses Turniers nicht gespielt"),
    "error.armut_field": N_(
        "„armut“ gehört nur zu einem Armut-Spiel, und nur wenn Armut gespielt wird"
    ),
    "error.armut_poor_not_re": N_("Der Arme (Platz {seat}) muss zur Re-Partei gehören"),
    "error.klaerungsstich_kind": N_(
        "Einen Klärungsstich gibt es nur bei einer Hochzeit, nicht beim {kind:kind}"
    ),
    "error.klaerungsstich_range": N_(
        "Der Klärungsstich muss der 1. bis {max}. Stich sein, nicht {got}"
    ),
    "error.klaerungsstich_allein": N_(
        "Bei der Hochzeit allein ist der Klärungsstich der {max}., nicht {got}"
    ),
    "error.schmeissen_not_entered": N_(
        "Ein Schmeißen wird nach den Regeln dieses Turniers nicht eingetragen"
    ),
    "error.schmeissen_reason_unknown": N_(
        "Schmeißen-Grund {got} gibt es nicht (bekannt: {choices})"
    ),
    "error.schmeissen_reason_not_allowed": N_(
        "Schmeißen wegen „{reason:reason}“ ist nach den Regeln dieses Turniers nicht erlaubt"
    ),
    "error.schmeissen_reason_deck": N_(
        "Schmeißen wegen „{reason:reason}“ gibt es nur mit 48 Karten"
    ),
    "error.bock_not_played": N_(
        "Bockrunden werden nicht gespielt: „bock“ muss 1 sein, nicht {got}"
    ),
    "error.bock_invalid": N_("„bock“ {got} ist kein möglicher Faktor (möglich: {allowed})"),
    "error.sheet_bock_mismatch": N_("Dieses Spiel zählt {expected}-fach (Bock), nicht {got}-fach"),
    "error.bock_ausloeser_not_played": N_(
        "Bockrunden werden nicht gespielt: „bock_ausloeser“ muss fehlen oder false sein"
    ),
    "error.bock_ausloeser_schmeissen": N_("Ein Schmeißen löst keine Bockrunde aus"),
    "error.sheet_ausloeser_yes": N_(
        "Dieses Spiel löst nach den Regeln des Turniers eine Bockrunde aus, "
        "„bock_ausloeser“ sagt nein"
    ),
    "error.sheet_ausloeser_no": N_(
        "Dieses Spiel löst nach den Regeln des Turniers keine Bockrunde aus, "
        "„bock_ausloeser“ sagt ja"
    ),
    "error.specials_valued_as_solo": N_(
        "Ein {kind:kind} zählt nach den Regeln dieses Turniers wie ein Trumpfsolo und hat"
        " keine Sonderpunkte"
    ),
    "error.value_range_club": N_(
        "Der Spielwert muss eine ganze Zahl von 0 bis {max} sein, nicht {got}"
    ),
    "error.points_value_too_high_club": N_(
        "Die Punkte ergeben einen Spielwert von {value}; mehr als {max} ist nicht möglich"
    ),
    "error.sheet_not_object": N_("Ein Zettel muss ein JSON-Objekt sein, nicht {got}"),
    "error.sheet_cycles_invalid": N_("„cycles“ muss eine ganze Zahl ab 1 sein, nicht {got}"),
    "error.sheet_dealer_mismatch": N_("In Spiel {game} gibt Platz {dealer}, nicht Platz {got}"),
    "group.game": N_("Spiel"),
    "group.specials": N_("Sonderpunkte"),
    "group.solos": N_("Soli"),
    "group.calls": N_("Ansagen"),
    "group.bock": N_("Bock"),
    "group.armut": N_("Armut und Schmeißen"),
    "setting.tie_120": N_("Bei 120 : 120"),
    "help.tie_120": N_("Wer ein Spiel ohne Absage bei 120 : 120 gewinnt."),
    "setting.tie_120.kontra": N_("Kontra gewinnt, „120“ zählt nicht"),
    "setting.tie_120.kontra_full": N_("Kontra gewinnt mit „120“"),
    "setting.tie_120.ddv": N_("wie DDV: Kontra gewinnt, nur Kontra angesagt: Re"),
    "setting.tie_120.nobody": N_("niemand gewinnt, das Spiel zählt 0"),
    "setting.klaerungsstich_max": N_("Hochzeit: Klärungsstich spätestens"),
    "help.klaerungsstich_max": N_(
        "Der letzte Stich, der den Partner der Hochzeit finden kann (1 bis 3)."
    ),
    "setting.ansagen": N_("Ansagen Re/Kontra/Sub/In"),
    "help.ansagen": N_("Ob die Ansagen Punkte dazuzählen oder den Spielwert verdoppeln."),
    "setting.ansagen.plus1": N_("je +1"),
    "setting.ansagen.plus2": N_("Re/Kontra je +2, Sub/In je +1"),
    "setting.ansagen.double": N_("jede verdoppelt"),
    "setting.sonderpunkte": N_("Wert der Sonderpunkte"),
    "help.sonderpunkte": N_("0 bis 3 je Sonderpunkt; 0 heißt: wird nicht gezählt."),
    "setting.solo_kinds": N_("Angesagte Soli"),
    "help.solo_kinds": N_("Welche Soli gespielt werden; ein anderes wird abgelehnt."),
    "setting.solo_points": N_("Punkte der Soli"),
    "help.solo_points": N_("Punkte je Soloart (0 bis 6), zum Spielwert dazu."),
    "setting.solo_lost_point": N_("Verlorenes Solo: +1 („verloren“)"),
    "help.solo_lost_point": N_(
        "Ein verlorenes angesagtes Solo bringt den Gegnern einen Punkt mehr."
    ),
    "setting.stilles_solo": N_("Stilles Solo zählt"),
    "help.stilles_solo": N_("Wie ein Normalspiel (mit Sonderpunkten) oder wie ein Trumpfsolo."),
    "setting.hochzeit_allein": N_("Hochzeit allein zählt"),
    "help.hochzeit_allein": N_("Wie ein Normalspiel (mit Sonderpunkten) oder wie ein Trumpfsolo."),
    "setting.valued.normal": N_("wie ein Normalspiel"),
    "setting.valued.solo": N_("wie ein Trumpfsolo"),
    "setting.bock": N_("Bockrunden spielen"),
    "help.bock": N_("Nach einem Auslöser zählen die nächsten Spiele mehrfach."),
    "setting.bock_triggers": N_("Bockrunde nach"),
    "help.bock_triggers": N_("Welche Spiele eine neue Bockrunde auslösen."),
    "setting.trigger.tie_120": N_("120 : 120 (Gleichstand)"),
    "setting.trigger.solo_lost": N_("verlorenem Solo"),
    "setting.trigger.announcement_lost": N_("verlorener Ansage (Re/Kontra)"),
    "setting.trigger.herzstich": N_("Herzstich"),
    "setting.trigger.schwarz": N_("schwarz (eine Partei ohne Stich)"),
    "setting.bock_games": N_("Spiele je Bockrunde"),
    "help.bock_games": N_("0: ein Spiel je Platz (4 oder am Fünfertisch 5)."),
    "setting.bock_multiplier": N_("Faktor einer Bockrunde"),
    "setting.bock_overlap": N_("Bock auf Bock"),
    "help.bock_overlap": N_(
        "Ob sich überlappende Bockrunden multiplizieren (Doppelbock) oder hintereinander "
        "gespielt werden."
    ),
    "setting.bock_overlap.stack": N_("multipliziert weiter (Doppelbock)"),
    "setting.bock_overlap.queue": N_("wird hinten angehängt"),
    "setting.armut": N_("Armut spielen"),
    "help.armut": N_("Der Arme und wer die Armut mitnimmt spielen zusammen als Re."),
    "setting.armut_point": N_("Armut: +1 für den Sieger"),
    "setting.armut_untaken": N_("Nimmt keiner die Armut"),
    "setting.armut_untaken.redeal": N_("wird neu gegeben"),
    "setting.armut_untaken.normal": N_("wird normal gespielt"),
    "setting.schmeissen": N_("Schmeißen"),
    "help.schmeissen": N_("Ob ein Schmeißen als Zeile eingetragen wird und ob es als Spiel zählt."),
    "setting.schmeissen.not_entered": N_("nicht eingetragen"),
    "setting.schmeissen.redeal": N_("eingetragen, zählt nicht als Spiel"),
    "setting.schmeissen.game": N_("eingetragen, zählt als Spiel"),
    "setting.schmeissen_reasons": N_("Schmeißen erlaubt bei"),
    "option.tie_120.kontra_full": N_("120 : 120 ohne Absage: Kontra gewinnt, „120“ zählt mit."),
    "option.tie_120.ddv": N_(
        "120 : 120 ohne Absage: Kontra gewinnt mit „120“; hat nur Kontra „Kontra“ gesagt "
        "und Re nicht „Re“, gewinnt Re."
    ),
    "option.tie_120.nobody": N_("120 : 120 ohne Absage: niemand gewinnt, das Spiel zählt 0."),
    "option.klaerungsstich": N_(
        "Hochzeit: der Partner ist spätestens im {max}. Stich gefunden, sonst spielt der "
        "Hochzeiter allein."
    ),
    "option.ansagen.plus2": N_("Re und Kontra zählen je 2 Punkte, Sub und In je 1."),
    "option.ansagen.double": N_("Re, Kontra, Sub und In verdoppeln jeweils den Spielwert."),
    "option.sonderpunkte": N_("Sonderpunkte: {list}."),
    "option.sonderpunkte_off": N_("Nicht gezählt: {list}."),
    "option.solos": N_("Angesagte Soli: {list}."),
    "option.no_solos": N_("Angesagte Soli werden nicht gespielt."),
    "option.no_solo_lost_point": N_("Ein verlorenes Solo bringt keinen Extrapunkt („verloren“)."),
    "option.stilles_solo": N_("Das stille Solo zählt wie ein Trumpfsolo (ohne Sonderpunkte)."),
    "option.hochzeit_allein": N_(
        "Die Hochzeit allein zählt wie ein Trumpfsolo (ohne Sonderpunkte)."
    ),
    "option.bock": N_("Bockrunden: nach {triggers}, {games}, {overlap}."),
    "option.bock_games_seats": N_("je ein Spiel pro Platz (4 Spiele, am Fünfertisch 5)"),
    "option.bock_games": N_("je {n} Spiele"),
    "term.trigger.tie_120": N_("120 : 120"),
    "term.trigger.solo_lost": N_("verlorenem Solo"),
    "term.trigger.announcement_lost": N_("verlorener Ansage"),
    "term.trigger.herzstich": N_("Herzstich"),
    "term.trigger.schwarz": NC_("level", "schwarz"),
    "option.bock_stack_2": N_("Bock auf Bock verdoppelt weiter"),
    "option.bock_stack_3": N_("Bockspiele zählen dreifach, Bock auf Bock verdreifacht weiter"),
    "option.bock_queue_2": N_("Bock auf Bock wird hinten angehängt"),
    "option.bock_queue_3": N_("Bockspiele zählen dreifach, Bock auf Bock wird hinten angehängt"),
    "option.or": N_(" oder "),
    "option.schmeissen_not_entered": N_(
        "Schmeißen (5 Fehlkönige, über 90 Augen, keine Karte höher als der Fuchs): "
        "derselbe Geber gibt neu, es zählt nicht als Spiel."
    ),
    "option.no_bock": N_("Keine Bockrunden, keine Verdoppelung."),
    "option.armut": N_("Armut wird gespielt: der Arme und wer sie mitnimmt spielen als Re."),
    "option.armut_point": N_("Armut: der Sieger bekommt 1 Punkt mehr."),
    "option.armut_redeal": N_("Nimmt keiner die Armut, wird neu gegeben."),
    "option.armut_normal": N_("Nimmt keiner die Armut, wird normal gespielt."),
    "option.schmeissen_redeal": N_(
        "Schmeißen wird eingetragen und zählt nicht als Spiel (derselbe gibt neu): bei {list}."
    ),
    "option.schmeissen_game": N_("Schmeißen wird eingetragen und zählt als Spiel: bei {list}."),
    "form.schmeissen": N_("Schmeißen"),
    "form.schmeissen_seat": N_("Geschmissen von"),
    "form.schmeissen_reason": N_("Schmeißen wegen"),
    "form.bock": N_("Bock ×{m}"),
    "form.bock_name": N_("Bock"),
    "form.schmeissen_row": N_("Schmeißen: Platz {seat} ({reason:reason})"),
    "form.bock_status": N_("{name} ×{m} · noch {n} Spiele"),
    "form.bock_status_one": N_("{name} ×{m} · noch 1 Spiel"),
    "form.doppelbock": N_("Doppelbock"),
    "setting.bock_multiplier.2": N_("doppelt (×2)"),
    "setting.bock_multiplier.3": N_("dreifach (×3)"),
}
