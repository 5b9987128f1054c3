"""What organisers do with a tournament itself: create it, change its settings.

Each service validates, runs in one transaction, writes the audit entry and returns; views and
management commands only call these and render. Refusals raise ``DomainError`` with a translated
message.
"""

from __future__ import annotations

import datetime
import itertools
from collections.abc import Iterator
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.text import slugify
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

import rules as rulesets
from tournament.audit import User, record
from tournament.errors import DomainError
from tournament.events.locks import ruleset_lock, seating_misfit
from tournament.events.presets import preset_settings, record_preset_applied
from tournament.events.ruleset_audit import record_ruleset_change
from tournament.models import (
    AVERAGE_MIN_ROUNDS_LIMITS,
    CYCLES_LIMITS,
    CYCLES_MESSAGE,
    ROUNDS_COUNT_LIMITS,
    ROUNDS_COUNT_MESSAGE,
    SLIDE_SECONDS_LIMITS,
    AuditEntry,
    Club,
    EveningFormat,
    PublicNames,
    RulePreset,
    Tournament,
)
from tournament.normalize import normalize_name
from tournament.permissions import can_run_club, grant_access

TOURNAMENT_FIELDS = frozenset(Tournament.SETTINGS_FIELDS)


# Paths of the organiser's pages that a tournament's short name would shadow.
RESERVED_SLUGS = frozenset({"neu", "vereine"})


# How often a tournament is inserted with the next free slug when another one took the slug
# between looking and inserting (two organisers creating the same tournament at once).
SLUG_ATTEMPTS = 10


def slug_taken(slug: str) -> bool:
    return Tournament.objects.filter(slug=slug).exists()


def slug_candidates(name: str, date: datetime.date) -> Iterator[str]:
    """``herbstturnier-2025``, ``herbstturnier-2025-2``, … without the reserved ones; a name
    that already ends with the year keeps it once ("Herbst 2025" is ``herbst-2025``)."""
    named, year = slugify(name), f"{date:%Y}"
    if named != year and not named.endswith(f"-{year}"):
        named = slugify(f"{named}-{year}")
    base = named[:50].strip("-") or "turnier"
    yield from (
        slug
        for slug in itertools.chain([base], (f"{base}-{n}" for n in itertools.count(2)))
        if slug not in RESERVED_SLUGS
    )


def unique_slug(name: str, date: datetime.date) -> str:
    """The first free slug for the name and year (free when looked at: ``create_tournament``
    copes with another tournament taking it before the insert)."""
    return next(slug for slug in slug_candidates(name, date) if not slug_taken(slug))


def insert_tournament(tournament: Tournament, *, fixed_slug: bool) -> None:
    """Insert the tournament; the slug's unique constraint decides, not an earlier look.

    Each attempt runs in a savepoint. When the slug was taken meanwhile, a fixed slug is refused
    with a message and a generated one moves on to the next free slug (``SLUG_ATTEMPTS``
    times, then a message asking for a short name).
    """
    candidates = slug_candidates(tournament.name, tournament.date)
    for _attempt in range(SLUG_ATTEMPTS):
        try:
            with transaction.atomic():
                tournament.save(force_insert=True)
            return
        except IntegrityError:
            if not slug_taken(tournament.slug):
                raise  # another constraint: a programming error, not a race
            if fixed_slug:
                raise DomainError(
                    _("Es gibt schon ein Turnier mit dem Kurznamen „%(slug)s“.")
                    % {"slug": tournament.slug},
                    field="slug",
                ) from None
            free = (slug for slug in candidates if not slug_taken(slug))
            tournament.slug = next(free, tournament.slug)
    raise DomainError(
        _(
            "Gerade werden viele Turniere mit diesem Namen angelegt. Bitte einen Moment warten "
            "und noch einmal versuchen."
        ),
        field="name",
    )


def taken_message(slug: str) -> str:
    return _("Es gibt schon ein Turnier mit dem Kurznamen „%(slug)s“.") % {"slug": slug}


def check_slug(slug: str) -> None:
    """A short name an organiser chose: not reserved, only what ``slugify`` keeps."""
    if slug in RESERVED_SLUGS:
        raise DomainError(
            _("„%(slug)s“ ist als Kurzname nicht möglich.") % {"slug": slug}, field="slug"
        )
    if slugify(slug) != slug or len(slug) > Tournament._meta.get_field("slug").max_length:
        raise DomainError(
            _(
                "Der Kurzname „%(slug)s“ darf nur Kleinbuchstaben, Ziffern "
                "und Bindestriche enthalten."
            )
            % {"slug": slug},
            field="slug",
        )


def change_slug(tournament: Tournament, slug: str) -> None:
    """Players learn the address when a round is released; until then it may change."""
    check_slug(slug)
    if tournament.rounds.visible().exists():
        raise DomainError(
            _(
                "Der Kurzname lässt sich nach der ersten Freigabe nicht mehr ändern: "
                "die Spieler kennen die Adresse schon."
            ),
            field="slug",
        )
    if Tournament.objects.filter(slug=slug).exclude(pk=tournament.pk).exists():
        raise DomainError(taken_message(slug), field="slug")
    tournament.slug = slug


@transaction.atomic
def create_tournament(
    *,
    name: str,
    date: datetime.date,
    slug: str | None = None,
    user: User = None,
    club: Club | None = None,
    preset: RulePreset | None = None,
    **options: Any,
) -> Tournament:
    """A new tournament; with ``club``, the club's (its Turnierleitung manages it, and ``user``
    must be one of them when given). With ``preset`` (one of the club's), its ruleset and
    options replace those given."""
    name = normalize_name(name)
    if not name:
        raise DomainError(_("Bitte einen Namen für das Turnier angeben."), field="name")
    unknown = set(options) - TOURNAMENT_FIELDS
    if unknown:
        raise TypeError(f"unknown tournament fields: {sorted(unknown)}")
    if slug:
        check_slug(slug)
        if slug_taken(slug):
            raise DomainError(taken_message(slug), field="slug")
    if club is not None and user is not None and not can_run_club(user, club):
        raise DomainError(_("Nur die Turnierleitung des Vereins legt seine Turniere an."))
    if preset is not None:
        options.update(preset_settings(preset, club))
    if options.get("cycles") is None:
        # Not given: the ruleset's own (count-down: 6); an unknown ruleset is refused below.
        key = options.get("ruleset") or rulesets.DEFAULT_KEY
        known = key in rulesets.known_keys()
        options["cycles"] = rulesets.get(key if known else rulesets.DEFAULT_KEY).default_cycles
    tournament = Tournament(
        name=name, date=date, slug=slug or unique_slug(name, date), club=club, **options
    )
    validate_settings(tournament)
    insert_tournament(tournament, fixed_slug=bool(slug))
    record(tournament, AuditEntry.Action.TOURNAMENT_CREATED, user=user, summary=tournament.name)
    if preset is not None:
        record_preset_applied(tournament, preset, user=user)
    if club is None and user is not None and user.is_authenticated:
        # The creator manages it (the creation entry above names them); superusers see it anyway.
        grant_access(tournament, user, audit=False)
    return tournament


@transaction.atomic
def update_tournament(
    tournament: Tournament,
    *,
    user: User = None,
    preset: RulePreset | None = None,
    **changes: Any,
) -> Tournament:
    """The tournament with ``changes``; with ``preset`` (one of its club's), the preset's ruleset
    and options replace those given (refused like any ruleset change once the tables play)."""
    allowed = TOURNAMENT_FIELDS | {"name", "date", "slug"}
    unknown = set(changes) - allowed
    if unknown:
        raise TypeError(f"unknown tournament fields: {sorted(unknown)}")
    if not changes.get("slug", True):
        del changes["slug"]  # left empty: kept
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if preset is not None:
        changes.update(preset_settings(preset, tournament.club))
    complete_ruleset_options(tournament, changes)
    changed = {key: value for key, value in changes.items() if getattr(tournament, key) != value}
    if "name" in changed:
        changed["name"] = normalize_name(changed["name"])
        if not changed["name"]:
            raise DomainError(_("Bitte einen Namen für das Turnier angeben."), field="name")
    ruleset_changed = bool({"ruleset", "ruleset_options"} & set(changed))
    if set(Tournament.FORMAT_FIELDS) & set(changed):
        reason = ruleset_lock(tournament)
        if reason:
            raise DomainError(reason, field="evening_format")
    if ruleset_changed:
        check_ruleset_change(tournament, changes.get("ruleset", tournament.ruleset))
    if "cycles" in changed and tournament.rounds.filter(sheets__versions__isnull=False).exists():
        raise DomainError(
            _(
                "Wertung und Spielanzahl lassen sich nicht mehr ändern, "
                "weil schon Spiellisten erfasst sind."
            )
        )
    old_ruleset = (tournament.ruleset, dict(tournament.ruleset_options or {}))
    if "slug" in changed:
        change_slug(tournament, changed.pop("slug"))
        changed["slug"] = tournament.slug
    for key, value in changed.items():
        setattr(tournament, key, value)
    validate_settings(tournament)
    drawn = tournament.rounds.count()
    if tournament.rounds_count < drawn:
        raise DomainError(
            ngettext(
                "Es gibt schon %(count)d Durchgang; weniger lassen sich nicht einstellen.",
                "Es gibt schon %(count)d Durchgänge; weniger lassen sich nicht einstellen.",
                drawn,
            )
            % {"count": drawn},
            field="rounds_count",
        )
    try:
        with transaction.atomic():
            tournament.save()
    except IntegrityError:
        if "slug" in changed and slug_taken(tournament.slug):  # taken since the look
            raise DomainError(taken_message(tournament.slug), field="slug") from None
        raise
    others = {key: value for key, value in changed.items() if key not in RULESET_FIELDS}
    if others:
        record(
            tournament,
            AuditEntry.Action.TOURNAMENT_CHANGED,
            user=user,
            summary=", ".join(sorted(others)),
            details={key: str(value) for key, value in others.items()},
        )
    if ruleset_changed:
        record_ruleset_change(tournament, *old_ruleset, user=user)
    if preset is not None:
        record_preset_applied(tournament, preset, user=user)
    return tournament


RULESET_FIELDS = frozenset({"ruleset", "ruleset_options"})


def complete_ruleset_options(tournament: Tournament, changes: dict[str, Any]) -> None:
    """The options of ``changes`` as the tournament would store them (defaults filled in), so
    that only a real change counts; another ruleset without options given takes its defaults.
    Options the ruleset refuses stay as given, for ``validate_settings`` to refuse."""
    key = changes.get("ruleset", tournament.ruleset)
    if "ruleset_options" not in changes:
        if key == tournament.ruleset:
            return
        changes["ruleset_options"] = {}
    try:
        ruleset = rulesets.get(key)
        changes["ruleset_options"] = ruleset.options_json(
            ruleset.options(changes["ruleset_options"])
        )
    except (rulesets.UnknownRuleset, TypeError, ValueError):
        pass


def check_ruleset_change(tournament: Tournament, key: str) -> None:
    """Refuse a change of ruleset or options once the tables play by them (``ruleset_lock``),
    or to a ruleset the drawn rounds' tables do not fit."""
    reason = ruleset_lock(tournament)
    if reason:
        raise DomainError(reason, field="ruleset")
    if key != tournament.ruleset and key in rulesets.known_keys():
        ruleset = rulesets.get(key)
        misfit = seating_misfit(tournament, ruleset, ruleset.text(ruleset.label, get_language()))
        if misfit:
            raise DomainError(misfit, field="ruleset")


def validate_settings(tournament: Tournament) -> None:
    """The limits of a tournament's settings; the one place that checks them."""
    low, high = ROUNDS_COUNT_LIMITS
    if not low <= tournament.rounds_count <= high:
        raise DomainError(str(ROUNDS_COUNT_MESSAGE), field="rounds_count")
    low, high = CYCLES_LIMITS
    if not low <= tournament.cycles <= high:
        raise DomainError(str(CYCLES_MESSAGE), field="cycles")
    low, high = SLIDE_SECONDS_LIMITS
    if not low <= tournament.slide_seconds <= high:
        raise DomainError(_("Eine Folie steht zwischen 5 und 120 Sekunden."), field="slide_seconds")
    try:
        ruleset = rulesets.get(tournament.ruleset)
    except rulesets.UnknownRuleset:
        raise DomainError(
            _("Das Regelwerk „%(key)s“ gibt es nicht.") % {"key": tournament.ruleset},
            field="ruleset",
        ) from None
    try:
        # Stored complete (defaults filled in), so a later default never changes a tournament.
        options = ruleset.options_json(ruleset.options(tournament.ruleset_options))
    except (TypeError, ValueError) as error:
        raise DomainError(
            _("Die Einstellungen der Wertung passen nicht: %(error)s") % {"error": error},
            field="ruleset_options",
        ) from None
    tournament.ruleset_options = options
    if tournament.public_names not in ("", *PublicNames.values):
        raise DomainError(
            _("Namen öffentlich: voller Name, „Vorname N.“ oder nur die Startnummer."),
            field="public_names",
        )
    if tournament.evening_format not in EveningFormat.values:
        raise DomainError(
            _("Der Abend wird nach Summe der Punkte, Tischpunkten oder Schnitt gewertet."),
            field="evening_format",
        )
    low, high = AVERAGE_MIN_ROUNDS_LIMITS
    if not low <= tournament.average_min_rounds <= high:
        raise DomainError(
            _("Die Mindestzahl Durchgänge für den Schnitt liegt zwischen 1 und 10."),
            field="average_min_rounds",
        )
    if tournament.name_order not in Tournament.NameOrder.values:
        raise DomainError(
            _("Die Listen sind nach Vorname wie eingegeben oder nach Nachname sortiert."),
            field="name_order",
        )
