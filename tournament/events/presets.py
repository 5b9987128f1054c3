"""A club's named rule sheets: saved from a tournament, picked for the next evening.

A preset holds a ruleset and its options as the tournament stored them. Saving is the club's
Turnierleitung's; applying goes through ``update_tournament`` / ``create_tournament`` (their
validation, lock and ruleset audit) and leaves its own audit entry naming the preset.
"""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from tournament.audit import User, record
from tournament.errors import DomainError
from tournament.models import AuditEntry, Club, RulePreset, Tournament
from tournament.normalize import normalize_name
from tournament.permissions import can_run_club

NAME_MAX = RulePreset._meta.get_field("name").max_length


def check_preset_name(club: Club, name: str) -> str:
    """``name`` normalised, or a refusal naming ``preset_name``: empty, too long, or taken in
    ``club`` (case-insensitive)."""
    name = normalize_name(name)
    if not name:
        raise DomainError(_("Bitte einen Namen für die Regelvorlage angeben."), field="preset_name")
    if len(name) > NAME_MAX:
        raise DomainError(
            _("Der Name der Regelvorlage darf höchstens %(max)d Zeichen lang sein.")
            % {"max": NAME_MAX},
            field="preset_name",
        )
    if club.rule_presets.filter(name__iexact=name).exists():
        raise DomainError(
            _("Eine Regelvorlage „%(name)s“ hat der Verein schon; bitte einen anderen Namen.")
            % {"name": name},
            field="preset_name",
        )
    return name


@transaction.atomic
def save_rule_preset(tournament: Tournament, name: str, *, user: User = None) -> RulePreset:
    """The tournament's stored ruleset and options as a new preset of its club named ``name``."""
    if tournament.club_id is None:
        raise DomainError(
            _("Regelvorlagen gehören einem Verein; dieses Turnier hat keinen."),
            field="preset_name",
        )
    club = Club.objects.select_for_update().get(pk=tournament.club_id)  # one save at a time
    if user is not None and not can_run_club(user, club):
        raise DomainError(_("Nur die Turnierleitung des Vereins speichert Regelvorlagen."))
    name = check_preset_name(club, name)
    stored = Tournament.objects.get(pk=tournament.pk)
    try:
        with transaction.atomic():
            preset = RulePreset.objects.create(
                club=club,
                name=name,
                ruleset=stored.ruleset,
                ruleset_options=dict(stored.ruleset_options or {}),
            )
    except IntegrityError:  # the same name saved in between
        raise DomainError(
            _("Eine Regelvorlage „%(name)s“ hat der Verein schon; bitte einen anderen Namen.")
            % {"name": name},
            field="preset_name",
        ) from None
    record(stored, AuditEntry.Action.RULE_PRESET_SAVED, user=user, summary=name)
    return preset


def preset_settings(preset: RulePreset, club: Club | None) -> dict[str, Any]:
    """The tournament fields ``preset`` sets, for a tournament of ``club``; refused (field
    ``rule_preset``) when the preset is another club's."""
    if club is None or preset.club_id != club.pk:
        raise DomainError(
            _("Die Regelvorlage „%(name)s“ gehört einem anderen Verein.") % {"name": preset.name},
            field="rule_preset",
        )
    return {"ruleset": preset.ruleset, "ruleset_options": dict(preset.ruleset_options)}


def record_preset_applied(tournament: Tournament, preset: RulePreset, *, user: User) -> None:
    record(tournament, AuditEntry.Action.RULE_PRESET_APPLIED, user=user, summary=preset.name)
