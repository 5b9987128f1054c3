"""The count-down games "24", Zwanzig and 20 ab (``COUNTDOWN.md``), as pure Python.

Vocabulary, as the contract uses it:

- **Deal** (Spielrunde, Spiel): cards dealt, trump named, drop-outs, T tricks (6 in "24", 5 in
  Zwanzig and 20 ab), scored. Its **record** (:mod:`rules.countdown.record`) is what the table
  captain enters.
- **Partie**: the deals from the starting score (24, 20, 20 ab's option) until someone has won
  (:mod:`rules.countdown.partie`); a new Partie starts everybody at the start again.
- **Round** (Durchgang): one seating; at a table at most cycles × n deals holding Parties one
  after another (:mod:`rules.countdown.round`); a Partie still running at its end is **cut**.
- **Dealer** / **caller** (Trumpfbestimmer: "24"'s Startspieler and Zwanzig's Ansager left of
  the dealer, 20 ab's caller right of him); **sitting out**: the dealer at five in Zwanzig and
  20 ab; **drop-out** ("aus"); **active seats**: those that play the deal.
- **Score**: a seat's running points in a Partie, lower is better; **Partiepunkte**: per Partie
  the opponents above minus those below (zero-sum); **Siege**, **Restpunkte**: the standings'
  further columns (:mod:`rules.countdown.standings`).

Entry points (§9): :func:`score_deal`, :func:`play_partie`, :func:`partie_result`,
:func:`partie_points`, :func:`play_round`, :func:`evening_standings`; every refusal is a
:class:`Refusal` naming the field path of §6. The rulesets ``24``, ``zwanzig``, ``20ab`` of
:mod:`rules.registry` are in :mod:`rules.countdown.ruleset`.
"""

from rules.countdown.deal import DealResult, score_deal
from rules.countdown.errors import Refusal
from rules.countdown.games import GAMES
from rules.countdown.options import CountdownOptions, option_specs, parse_options
from rules.countdown.partie import PartieResult, partie_points, partie_result, play_partie
from rules.countdown.round import RoundResult, play_round
from rules.countdown.standings import STANDINGS_ORDER, Standings, evening_standings

__all__ = [
    "GAMES",
    "STANDINGS_ORDER",
    "CountdownOptions",
    "DealResult",
    "PartieResult",
    "Refusal",
    "RoundResult",
    "Standings",
    "evening_standings",
    "option_specs",
    "parse_options",
    "partie_points",
    "partie_result",
    "play_partie",
    "play_round",
    "score_deal",
]
