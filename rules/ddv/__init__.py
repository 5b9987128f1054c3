"""The DDV's Turnierspielregeln (TSR, Stand 21.02.2026) as the ruleset ``ddv`` (DDV.md).

Vocabulary (see :mod:`rules.ddv.vocabulary` for the record's words):

- **Record**: one line of the Spielliste as JSON (§7): a game entered as direct points, quick
  entry (winners + value) or by the calculator (Augen, Ansagen, Absagen, Sonderpunkte), or a
  **penalty** line (Strafpunkte, §6).
- **V** (Spielpunkte): the value of a game (§4); the soloist of a one-Re kind gets ±3V.
- **Round** (Spielrunde, §9): 24 games at four seats, 30 at five (or the option
  ``games_per_round``), each player one **Pflichtsolo**; the **dealer** is derived from the rows
  before (the same dealer again after a Pflichtsolo); a **Vorführung** is due when the owed
  Pflichtsoli equal the games left, or once time is called (``time_up_after``).
- **Sheet** (§9.7): the round's rows with ``table_size``, ``games_per_round``,
  ``time_up_after`` and ``finished``; its **warnings** are the Spielliste's checks (§9.9).

Modules, one concept each: ``vocabulary``, ``messages`` (German/English texts), ``errors``,
``fields`` (strict JSON types), ``records``, ``announcements`` (statements, specials),
``points`` (direct points), ``penalty``, ``parsing``, ``value`` (winner and V), ``result``,
``engine`` (one record), ``terms`` (shown names), ``options``, ``rules_text``, ``deal`` (dealer
and Pflichtsolo state), ``round``
(a sheet's rows), ``sheet`` (the sheet JSON and ``score_round``), ``jsonio`` (the commands'
documents), ``ruleset`` (the :class:`rules.base.Ruleset` adapter).
"""
