"""The one place that turns a person into the name a public page shows.

Vocabulary:

- **Rule** (``PublicNames``): what the club (or one tournament) publishes — the full name,
  "Vorname N." or the start number only ("Nr. 7").
- **Choice** (``NameChoice``): the person's own say — consent to the full name (counts where
  the club allows consent) or objection (initials, "A. M."; always honoured, except that a
  start number stays a start number).
- **Start number**: a participant's place in the order of registration of the tournament; a
  member's in the club's registry (season pages).

Every public surface (pages, projector, JSON API, seasons, embeds) asks ``public_names`` or
``member_public_names``; the organiser's pages use the names as stored.
"""

from __future__ import annotations

from django.utils.translation import gettext

from tournament.models import Club, Member, NameChoice, Participant, PublicNames, Tournament
from tournament.participants.surname import split_name


def _initial(word: str) -> str:
    return f"{word[0]}." if word else ""


def short_name(name: str) -> str:
    """ "Anna Müller" and "Müller, Anna" → "Anna M."; a single word stays as it is."""
    surname, given = split_name(name)
    if not given:
        return surname
    return f"{given} {_initial(surname)}"


def initials(name: str) -> str:
    """ "Anna Maria Müller" → "A. M. M." (given names first, then the surname)."""
    surname, given = split_name(name)
    return " ".join(_initial(word) for word in [*given.split(), surname] if word)


def number_name(number: int) -> str:
    return gettext("Nr. %(number)d") % {"number": number}


def shown_name(name: str, rule: str, choice: str, number: int, consent_allowed: bool) -> str:
    """The name as a public page shows it (see the module's docstring)."""
    if choice == NameChoice.OBJECTION and rule != PublicNames.NUMBER:
        return initials(name)
    if choice == NameChoice.CONSENT and consent_allowed:
        return name
    if rule == PublicNames.SHORT:
        return short_name(name)
    if rule == PublicNames.NUMBER:
        return number_name(number)
    return name


def tournament_rule(tournament: Tournament) -> str:
    """The tournament's own rule, else its club's; full names for a tournament without a club."""
    if tournament.public_names:
        return tournament.public_names
    return tournament.club.public_names if tournament.club_id else PublicNames.FULL


def consent_counts(tournament: Tournament) -> bool:
    """Whether a person's consent to the full name counts: as the club says; always without one."""
    return tournament.club.consent_allowed if tournament.club_id else True


def public_names(tournament: Tournament) -> dict[int, str]:
    """Participant id → the name the public pages of ``tournament`` show (one query)."""
    rule = tournament_rule(tournament)
    consent = consent_counts(tournament)
    rows = (
        Participant.objects.filter(tournament=tournament)
        .order_by("pk")
        .values_list("pk", "name", "name_choice", "member__name_choice")
    )
    return {
        pk: shown_name(name, rule, choice or (member_choice or ""), number, consent)
        for number, (pk, name, choice, member_choice) in enumerate(rows, start=1)
    }


def member_public_names(club: Club) -> dict[int, str]:
    """Member id → the name the club's public season pages show (one query)."""
    rows = Member.objects.filter(club=club).order_by("pk").values_list("pk", "name", "name_choice")
    return {
        pk: shown_name(name, club.public_names, choice, number, club.consent_allowed)
        for number, (pk, name, choice) in enumerate(rows, start=1)
    }
