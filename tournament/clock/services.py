"""The round's clock, one service each: settings, start, pause, resume, Nachspielzeit (given and
taken back), reset.

Each service is one transaction that locks the round (and its clock), checks, writes and leaves
an audit entry ("Rundenuhr"); two organisers acting at once are served one after the other, and
the second is refused when the first already did it (a clock paused twice stays one pause).
"""

from __future__ import annotations

from collections.abc import Mapping

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from tournament.audit import User, nested, record
from tournament.clock.reading import clock_of, playing_minutes, settings_of
from tournament.errors import DomainError
from tournament.models import (
    AuditEntry,
    ClockExtension,
    ClockSettings,
    Round,
    RoundClock,
    Table,
    Tournament,
)
from tournament.models.clock import (
    EXTENSION_MINUTES_LIMITS,
    PLAYING_MINUTES_LIMITS,
    WARNING_MINUTES_LIMITS,
)

REASON_MAX = 200


def _record(round_: Round, message: str, *, user: User, reason: str = "", **params: object):
    record(
        round_.tournament,
        AuditEntry.Action.ROUND_CLOCK,
        user=user,
        message=message,
        params={"number": round_.number, **params},
        reason=reason,
    )


def locked_released_round(tournament: Tournament, number: int) -> Round:
    """The round ``number``, locked for the clock's change (refused unless released)."""
    round_ = (
        Round.objects.select_for_update()
        .select_related("tournament")
        .filter(tournament=tournament, number=number)
        .first()
    )
    if round_ is None:
        raise DomainError(_("Durchgang %(number)d gibt es nicht.") % {"number": number})
    if round_.status != Round.Status.RELEASED:
        raise DomainError(_("Die Uhr läuft nur in einem freigegebenen Durchgang."))
    return round_


def locked_clock(tournament: Tournament, number: int) -> tuple[Round, RoundClock]:
    """The round and its started clock, both locked."""
    round_ = locked_released_round(tournament, number)
    clock = RoundClock.objects.select_for_update().filter(round=round_).first()
    if clock is None:
        raise DomainError(
            _("Die Uhr von Durchgang %(number)d läuft noch nicht.") % {"number": number}
        )
    return round_, clock


def _bounded(value: object, limits: tuple[int, int], message: str) -> int:
    try:
        number = int(str(value).strip())
    except (TypeError, ValueError):
        number = None
    if number is None or not limits[0] <= number <= limits[1]:
        raise DomainError(message % {"low": limits[0], "high": limits[1]})
    return number


@transaction.atomic
def save_clock_settings(
    tournament: Tournament,
    *,
    minutes: Mapping[int, object],
    warning_minutes: object,
    sound: bool,
    user: User = None,
) -> ClockSettings:
    """The tournament's playing time per table size (empty: the ruleset's), the warning's
    minutes and the projector's sound. A running clock keeps the time it started with."""
    locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
    sizes = locked.rules.table_sizes
    own: dict[str, int] = {}
    for size, value in minutes.items():
        if int(size) not in sizes:
            raise DomainError(_("Tische mit %(size)d Plätzen gibt es nicht.") % {"size": size})
        if value in (None, ""):
            continue
        own[str(int(size))] = _bounded(
            value,
            PLAYING_MINUTES_LIMITS,
            _("Die Spielzeit muss zwischen %(low)d und %(high)d Minuten liegen."),
        )
    warning = _bounded(
        warning_minutes,
        WARNING_MINUTES_LIMITS,
        _("Die Warnung muss zwischen %(low)d und %(high)d Minuten vor Ablauf liegen."),
    )
    settings, _created = ClockSettings.objects.get_or_create(tournament=locked)
    settings.playing_minutes = own
    settings.warning_minutes = warning
    settings.sound = bool(sound)
    settings.save()
    in_force = playing_minutes(locked, settings)
    record(
        locked,
        AuditEntry.Action.ROUND_CLOCK,
        user=user,
        message=gettext_noop(
            "Einstellungen der Uhr: Spielzeit %(minutes)s, Warnung %(warning)d Minuten vorher, "
            "%(sound)s"
        ),
        params={
            "minutes": ", ".join(f"{size}er {value} min" for size, value in in_force.items()),
            "warning": warning,
            "sound": nested(
                gettext_noop("Signalton an") if settings.sound else gettext_noop("Signalton aus")
            ),
        },
    )
    return settings


@transaction.atomic
def start_clock(tournament: Tournament, number: int, *, user: User = None) -> RoundClock:
    """Start the clock of the released round ``number`` now, with the playing time in force."""
    round_ = locked_released_round(tournament, number)
    if clock_of(round_) is not None:
        raise DomainError(_("Die Uhr von Durchgang %(number)d läuft schon.") % {"number": number})
    minutes = playing_minutes(round_.tournament)
    clock = RoundClock.objects.create(
        round=round_,
        started_at=timezone.now(),
        playing_minutes={str(size): value for size, value in minutes.items()},
    )
    _record(
        round_,
        gettext_noop("Durchgang %(number)d: Uhr gestartet (%(minutes)s)"),
        user=user,
        minutes=", ".join(f"{size}er {value} min" for size, value in minutes.items()),
    )
    return clock


@transaction.atomic
def pause_clock(
    tournament: Tournament, number: int, *, user: User = None, reason: str = ""
) -> RoundClock:
    """Stop the running clock (every table's time stands) until :func:`resume_clock`."""
    round_, clock = locked_clock(tournament, number)
    if clock.paused_at is not None:
        raise DomainError(_("Die Uhr ist schon angehalten."))
    clock.paused_at = timezone.now()
    clock.save(update_fields=["paused_at"])
    _record(
        round_,
        gettext_noop("Durchgang %(number)d: Uhr angehalten"),
        user=user,
        reason=reason.strip()[:REASON_MAX],
    )
    return clock


@transaction.atomic
def resume_clock(tournament: Tournament, number: int, *, user: User = None) -> RoundClock:
    """Let the paused clock run on; the pause is added to every table's deadline."""
    round_, clock = locked_clock(tournament, number)
    if clock.paused_at is None:
        raise DomainError(_("Die Uhr läuft schon."))
    pause = max(0, int((timezone.now() - clock.paused_at).total_seconds()))
    clock.paused_seconds += pause
    clock.paused_at = None
    clock.save(update_fields=["paused_at", "paused_seconds"])
    _record(
        round_,
        gettext_noop("Durchgang %(number)d: Uhr läuft weiter nach %(minutes)d Minuten Pause"),
        user=user,
        minutes=round(pause / 60),
    )
    return clock


@transaction.atomic
def extend_table(
    tournament: Tournament,
    number: int,
    table_number: int,
    *,
    minutes: object,
    reason: str,
    user: User = None,
) -> ClockExtension:
    """Give table ``table_number`` Nachspielzeit: ``minutes`` more, with a reason."""
    round_, clock = locked_clock(tournament, number)
    table = Table.objects.filter(round=round_, number=table_number).first()
    if table is None:
        raise DomainError(
            _("Tisch %(table)d gibt es in Durchgang %(number)d nicht.")
            % {"table": table_number, "number": number},
            field="table",
        )
    extra = _bounded(
        minutes,
        EXTENSION_MINUTES_LIMITS,
        _("Die Nachspielzeit muss zwischen %(low)d und %(high)d Minuten liegen."),
    )
    reason = " ".join(str(reason).split())[:REASON_MAX]
    if not reason:
        raise DomainError(_("Bitte eine Begründung für die Nachspielzeit angeben."), field="reason")
    actor = user.get_username() if user is not None and user.is_authenticated else ""
    extension = ClockExtension.objects.create(
        clock=clock, table=table, minutes=extra, reason=reason, actor=actor
    )
    _record(
        round_,
        gettext_noop("Durchgang %(number)d, Tisch %(table)d: %(minutes)d Minuten Nachspielzeit"),
        user=user,
        reason=reason,
        table=table_number,
        minutes=extra,
    )
    return extension


@transaction.atomic
def revoke_extension(
    tournament: Tournament,
    number: int,
    extension_id: int,
    *,
    reason: str = "",
    user: User = None,
) -> ClockExtension:
    """Take back one Nachspielzeit given to a table (given by mistake, or to the wrong table);
    the table's other Nachspielzeit and every other table stay as they are. The audit log keeps
    what was taken back and why."""
    round_, clock = locked_clock(tournament, number)
    extension = (
        ClockExtension.objects.select_related("table").filter(clock=clock, pk=extension_id).first()
    )
    if extension is None:
        raise DomainError(
            _("Diese Nachspielzeit gibt es nicht mehr; sie ist schon zurückgenommen."),
            field="extension",
        )
    extension.delete()
    _record(
        round_,
        gettext_noop(
            "Durchgang %(number)d, Tisch %(table)d: %(minutes)d Minuten Nachspielzeit "
            "zurückgenommen"
        ),
        user=user,
        reason=" ".join(str(reason).split())[:REASON_MAX],
        table=extension.table.number,
        minutes=extension.minutes,
        given_for=extension.reason,
    )
    return extension


@transaction.atomic
def reset_clock(tournament: Tournament, number: int, *, user: User = None) -> None:
    """Take the round's clock back (started by mistake): its pauses and Nachspielzeit go too;
    the audit log keeps them."""
    round_, clock = locked_clock(tournament, number)
    clock.delete()
    _record(round_, gettext_noop("Durchgang %(number)d: Uhr zurückgesetzt"), user=user)


def discard_clock(round_: Round) -> None:
    """A step of taking back the round's release (inside its transaction, the round locked):
    the clock goes with the release; the audit log keeps what it was."""
    RoundClock.objects.filter(round=round_).delete()


def clock_settings(tournament: Tournament) -> ClockSettings:
    """The settings the clock page's form shows (defaults when never saved)."""
    return settings_of(tournament)
