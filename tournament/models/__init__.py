"""The tournament app's models, one module per concept (clubs, access, the evening, audit, codes).

Vocabulary:

- **Tournament** (Turnier): one evening with fixed house rules and scoring options.
- **Participant** (Teilnehmer): a registered player; may be checked in on arrival or withdrawn.
- **Round** (Durchgang): every player sits at one table and plays ``4 × cycles`` games there.
  Round 1 is seated by draw (digital or drawn slips), later rounds by placement.
- **Table** (Tisch) with 4 or 5 **seats** (Plätze; 3 to 5 as the ruleset's table sizes allow).
  The ruleset names the seat of the Listenführer (table captain), who keeps the score sheet
  (house rules: seat 1, who also deals first; DDV: seat 4 at four, 5 at five). At a 5-player
  table of the house rules the dealer sits out each game.
- **Club** (Verein): owns tournaments, a member registry and seasons. Logins belong to clubs with
  a role (**ClubMembership**: Turnierleitung or Helfer). A tournament without a club (made before
  clubs existed, or by a login without a club) is managed per tournament (``TournamentAccess``).
- **Member** (Mitglied): a person in a club's registry. A participant of a club's tournament is
  linked to a member (or is a guest, without one); a renamed member keeps their evenings.
- **Startgeld, Preise** (``prizes.py``): entry fees, who has paid, and the prize table.
- **Signup** (Online-Anmeldung, ``signup.py``): a player's own sign-up with a personal link, a
  place (Zusage) or the waiting list, and the participant it becomes at the desk.
- **Round clock** (Rundenuhr): a round's playing time, pauses and Nachspielzeit (``clock.py``).
"""

# One module per concept; everything is re-exported here, so ``from tournament.models import X``
# is the one way in (and Django finds the models under the app ``tournament``).
from tournament.models.access import (
    INVITATION_DAYS,
    ClubInvitation,
    ClubMembership,
    TournamentAccess,
)
from tournament.models.audit import AuditEntry, render_message
from tournament.models.clock import ClockExtension, ClockSettings, RoundClock
from tournament.models.clubs import Club, Member, NameChoice, PublicNames, RulePreset
from tournament.models.codes import (
    PUBLIC_ID_BYTES,
    SHORT_CODE_ALPHABET,
    SHORT_CODE_LENGTH,
    new_entry_token,
    new_public_id,
    new_short_code,
    normalize_short_code,
)
from tournament.models.evening import (
    AVERAGE_MIN_ROUNDS_LIMITS,
    CYCLES_LIMITS,
    CYCLES_MESSAGE,
    ROUNDS_COUNT_LIMITS,
    ROUNDS_COUNT_MESSAGE,
    SLIDE_FIELDS,
    SLIDE_SECONDS_DEFAULT,
    SLIDE_SECONDS_LIMITS,
    EveningFormat,
    Round,
    RoundQuerySet,
    Seat,
    SeatChange,
    SeatingRule,
    Table,
    Tournament,
)
from tournament.models.participants import Participant, ParticipantQuerySet
from tournament.models.prizes import (
    BASIS_POINTS,
    MAX_FEE_CENTS,
    MAX_PRIZE_CENTS,
    MAX_PRIZE_RANKS,
    FeePayment,
    PrizeRank,
    PrizeSettings,
)
from tournament.models.show import ANNOUNCEMENT_LENGTH, ANNOUNCEMENTS_LIMIT, Announcement
from tournament.models.signup import (
    SIGNUP_CAP_LIMITS,
    SIGNUP_NAME_LENGTH,
    Signup,
    SignupQuerySet,
    SignupSettings,
)

__all__ = [
    "ANNOUNCEMENTS_LIMIT",
    "ANNOUNCEMENT_LENGTH",
    "AVERAGE_MIN_ROUNDS_LIMITS",
    "BASIS_POINTS",
    "CYCLES_LIMITS",
    "CYCLES_MESSAGE",
    "INVITATION_DAYS",
    "MAX_FEE_CENTS",
    "MAX_PRIZE_CENTS",
    "MAX_PRIZE_RANKS",
    "PUBLIC_ID_BYTES",
    "ROUNDS_COUNT_LIMITS",
    "ROUNDS_COUNT_MESSAGE",
    "SHORT_CODE_ALPHABET",
    "SHORT_CODE_LENGTH",
    "SIGNUP_CAP_LIMITS",
    "SIGNUP_NAME_LENGTH",
    "SLIDE_FIELDS",
    "SLIDE_SECONDS_DEFAULT",
    "SLIDE_SECONDS_LIMITS",
    "Announcement",
    "AuditEntry",
    "ClockExtension",
    "ClockSettings",
    "Club",
    "ClubInvitation",
    "ClubMembership",
    "EveningFormat",
    "FeePayment",
    "Member",
    "NameChoice",
    "Participant",
    "ParticipantQuerySet",
    "PrizeRank",
    "PrizeSettings",
    "PublicNames",
    "Round",
    "RoundClock",
    "RoundQuerySet",
    "RulePreset",
    "Seat",
    "SeatChange",
    "SeatingRule",
    "Signup",
    "SignupQuerySet",
    "SignupSettings",
    "Table",
    "Tournament",
    "TournamentAccess",
    "new_entry_token",
    "new_public_id",
    "new_short_code",
    "normalize_short_code",
    "render_message",
]
