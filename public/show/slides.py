"""The slides of the projector's show and which of them a tournament shows now.

A slide kind is shown when the organiser's switch for it is on (``Tournament.slide_*``) *and*
the public switch behind its content allows it: seating only while „Wo sitze ich?“ is public
and a round is released, standings only while „Tabelle öffentlich“ is on (hidden standings
never reach the projector's HTML), announcements while any is switched on, the season table
while the tournament belongs to a season whose table and projector are public.

The round's clock is no slide: while a clock runs it stays visible below every slide
(``scoring/includes/projector_clock.html``), so the time left is never rotated away.
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring.models import Season
from tournament.models import Announcement, Round, Tournament

SEATING = "seating"
STANDINGS = "standings"
ANNOUNCEMENTS = "announcements"
SEASON = "season"
# The rotation's order: where do I sit first, then what is said, the standings, the season.
ORDER = (SEATING, ANNOUNCEMENTS, STANDINGS, SEASON)
FIXABLE = (SEATING, STANDINGS)  # ``?show=`` fixes one of these (the projector before the show)


@dataclass(frozen=True)
class Availability:
    """What there is to show besides the switches."""

    round: Round | None
    announcements: tuple[Announcement, ...]
    season: Season | None


def availability(tournament: Tournament, round_: Round | None) -> Availability:
    announcements: tuple[Announcement, ...] = ()
    if tournament.slide_announcements:
        announcements = tuple(tournament.announcements.filter(active=True))
    season = None
    if tournament.slide_season:
        season = (
            tournament.seasons.filter(public_standings=True, public_projector=True)
            .select_related("club")
            .order_by("-created_at", "-pk")
            .first()
        )
    return Availability(round_, announcements, season)


def slide_kinds(tournament: Tournament, found: Availability, fixed: str = "") -> list[str]:
    """The kinds to rotate through, in ``ORDER``; ``fixed`` (``?show=``) keeps one of them."""
    allowed = {
        SEATING: tournament.slide_seating and tournament.public_seating and found.round is not None,
        STANDINGS: tournament.slide_standings and tournament.public_standings,
        ANNOUNCEMENTS: tournament.slide_announcements and bool(found.announcements),
        SEASON: tournament.slide_season and found.season is not None,
    }
    if fixed in FIXABLE:
        # The old fixed views keep their meaning: the other one when this one is not public.
        public = {SEATING: tournament.public_seating and found.round is not None,
                  STANDINGS: tournament.public_standings}  # fmt: skip
        if public[fixed]:
            return [fixed]
        other = STANDINGS if fixed == SEATING else SEATING
        return [other] if public[other] else []
    return [kind for kind in ORDER if allowed[kind]]
