"""The evening: the tournament with its settings, rounds, tables, seats and the seat changes of
substitutes (the participants: ``participants.py``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import cached_property
from typing import Any

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

import rules as rulesets
from rules.base import Ruleset
from tournament.models.clubs import Club, PublicNames
from tournament.models.codes import (
    SHORT_CODE_LENGTH,
    new_entry_token,
    new_short_code,
)
from tournament.occupants import occupant_in_game

# The limits of a tournament's settings: the model's constraints, the service's check and the
# form's number fields all read them from here.
ROUNDS_COUNT_LIMITS = (1, 10)
CYCLES_LIMITS = (1, 10)
ROUNDS_COUNT_MESSAGE = _("Die Zahl der Durchgänge muss zwischen 1 und 10 liegen.")
CYCLES_MESSAGE = _("Die Zahl der Runden je Durchgang muss zwischen 1 und 10 liegen.")
# How long the projector shows one slide (one page of it) before turning to the next.
SLIDE_SECONDS_LIMITS = (5, 120)
SLIDE_SECONDS_DEFAULT = 15


# The projector's switches and interval (settings, backups and the public ETag share them).
SLIDE_FIELDS = (
    "slide_seating",
    "slide_standings",
    "slide_announcements",
    "slide_season",
    "slide_seconds",
)


class SeatingRule(models.TextChoices):
    """How round 2 and later are seated: the values of the seating core's ``SeatingRule``
    (``tournament.seating.core.fair``; the models stay below the seating)."""

    PLACEMENT = "placement", _("nach Platzierung")
    PLACEMENT_AVOID = "placement_avoid", _("nach Platzierung, Wiederholungen vermeiden")
    DRAWN_AVOID = "drawn_avoid", _("gelost, Wiederholungen vermeiden")


class EveningFormat(models.TextChoices):
    """How the evening is ranked: the values of ``rules.standings.EVENING_FORMATS`` (for a
    ruleset that offers them; the count-down games rank by Partiepunkte)."""

    SUM = "sum", _("Summe der Punkte")
    TABLE_POINTS = "table_points", _("Tischpunkte")
    AVERAGE = "average", _("Schnitt je Durchgang")


AVERAGE_MIN_ROUNDS_LIMITS = (1, 10)


class Tournament(models.Model):
    class NameOrder(models.TextChoices):
        """How lists by name are sorted: by the name as typed, or by surname
        (``tournament.participants.surname``)."""

        AS_ENTERED = "entered", _("Vorname zuerst wie eingegeben")
        SURNAME = "surname", _("nach Nachname")

    name = models.CharField(_("Name"), max_length=120)
    slug = models.SlugField(_("Kurzname"), max_length=60, unique=True)
    date = models.DateField(_("Datum"))
    venue = models.CharField(_("Ort"), max_length=200, blank=True)
    rounds_count = models.PositiveSmallIntegerField(
        _("Durchgänge"),
        default=2,
        help_text=_("Wie oft an diesem Abend neu ausgelost und gespielt wird."),
    )
    cycles = models.PositiveSmallIntegerField(
        _("Runden je Durchgang"),
        default=4,
        help_text=_("4 Runden = 16 Spiele am Vierertisch, 20 am Fünfertisch."),
    )
    # The rules played (a key of ``rules.registry``) and that ruleset's options as JSON (see
    # ``rules.base``); everything ruleset-specific is asked of ``self.rules``.
    ruleset = models.CharField(_("Regelwerk"), max_length=20, default=rulesets.DEFAULT_KEY)
    ruleset_options = models.JSONField(_("Optionen des Regelwerks"), default=dict, blank=True)
    public_seating = models.BooleanField(_("„Wo sitze ich?“ öffentlich"), default=True)
    public_standings = models.BooleanField(_("Tabelle öffentlich"), default=True)
    public_player_pages = models.BooleanField(_("Spielerseiten öffentlich"), default=True)
    public_rules = models.BooleanField(_("Regeln öffentlich"), default=True)
    public_projector = models.BooleanField(_("Beamer-Ansicht öffentlich"), default=True)
    # Blank: as the club says (a tournament without a club: full names).
    public_names = models.CharField(
        _("Namen auf öffentlichen Seiten"),
        max_length=8,
        choices=[("", _("wie beim Verein eingestellt")), *PublicNames.choices],
        blank=True,
        default="",
    )
    # The projector's show: which slide kinds rotate (``public.show.slides``) and how fast.
    slide_seating = models.BooleanField(_("Folie „Wo sitze ich?“"), default=True)
    slide_standings = models.BooleanField(
        _("Folie Tabelle"), default=True, help_text=_("Nur solange die Tabelle öffentlich ist.")
    )
    slide_announcements = models.BooleanField(_("Folie Ansagen"), default=True)
    slide_season = models.BooleanField(
        _("Folie Saisontabelle"), default=True, help_text=_("Nur bei Turnieren einer Saison.")
    )
    slide_seconds = models.PositiveSmallIntegerField(
        _("Sekunden je Folie"),
        default=SLIDE_SECONDS_DEFAULT,
        help_text=_("Zwischen 5 und 120 Sekunden."),
    )
    name_order = models.CharField(
        _("Listen nach Namen sortieren"),
        max_length=10,
        choices=NameOrder.choices,
        default=NameOrder.AS_ENTERED,
        help_text=_(
            "Gilt für die gedruckten Listen nach Namen (Sitzordnung nach Namen, "
            "Anwesenheitsliste) und dieselben Listen in Excel."
        ),
    )
    seating_rule = models.CharField(
        _("Setzen ab Durchgang 2"),
        max_length=20,
        choices=SeatingRule.choices,
        default=SeatingRule.PLACEMENT,
        help_text=_(
            "Nach Platzierung: Platz 1–4 an Tisch 1 usw. Wiederholungen vermeiden: Spieler "
            "benachbarter Tische tauschen, damit möglichst wenige Paare wieder zusammensitzen. "
            "Gelost: eine Auslosung mit möglichst wenigen Wiederholungen. Listenführer und "
            "Plätze wechseln in jedem Fall über den Abend."
        ),
    )
    evening_format = models.CharField(
        _("Wertung des Abends"),
        max_length=20,
        choices=EveningFormat.choices,
        default=EveningFormat.SUM,
        help_text=_(
            "Summe der Punkte: wer die meisten Punkte hat. Tischpunkte: je Tisch und Durchgang "
            "nach Platz +3/+1/−1/−3 am Vierertisch, +4/+2/0/−2/−4 am Fünfertisch (Gleichstand "
            "teilt sich die Plätze), dann die Punkte. Schnitt je Durchgang: Punkte je gespieltem "
            "Durchgang, gerecht für später Kommende und früher Gehende. Nur für Doppelkopf; "
            "die Count-down-Spiele werten nach Partiepunkten."
        ),
    )
    average_min_rounds = models.PositiveSmallIntegerField(
        _("Mindestzahl Durchgänge für den Schnitt"),
        default=1,
        help_text=_(
            "Nur bei „Schnitt je Durchgang“: wer weniger Durchgänge gespielt hat, steht ohne "
            "Platz am Ende der Tabelle."
        ),
    )
    club = models.ForeignKey(
        Club,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="tournaments",
        verbose_name=_("Verein"),
    )
    created_at = models.DateTimeField(auto_now_add=True)

    # What an organiser sets besides name and date (forms, services and backups share it).
    SETTINGS_FIELDS = (
        "venue",
        "rounds_count",
        "cycles",
        "ruleset",
        "ruleset_options",
        "public_seating",
        "public_standings",
        "public_player_pages",
        "public_rules",
        "public_projector",
        "public_names",
        "name_order",
        "seating_rule",
        "evening_format",
        "average_min_rounds",
        *SLIDE_FIELDS,
    )
    # The settings that decide the standings: locked with the ruleset once a round is out.
    FORMAT_FIELDS = ("evening_format", "average_min_rounds")

    class Meta:
        ordering = ["-date", "name"]
        verbose_name = _("Turnier")
        verbose_name_plural = _("Turniere")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(
                    rounds_count__gte=ROUNDS_COUNT_LIMITS[0],
                    rounds_count__lte=ROUNDS_COUNT_LIMITS[1],
                ),
                name="rounds_1_to_10",
                violation_error_message=ROUNDS_COUNT_MESSAGE,
            ),
            models.CheckConstraint(
                condition=models.Q(cycles__gte=CYCLES_LIMITS[0], cycles__lte=CYCLES_LIMITS[1]),
                name="cycles_1_to_10",
                violation_error_message=CYCLES_MESSAGE,
            ),
            models.CheckConstraint(
                condition=models.Q(
                    slide_seconds__gte=SLIDE_SECONDS_LIMITS[0],
                    slide_seconds__lte=SLIDE_SECONDS_LIMITS[1],
                ),
                name="slide_seconds_5_to_120",
                violation_error_message=_("Eine Folie steht zwischen 5 und 120 Sekunden."),
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournament:detail", kwargs={"slug": self.slug})

    @property
    def rules(self) -> Ruleset:
        """The ruleset this tournament plays by."""
        return rulesets.get(self.ruleset)

    @property
    def standings_format(self) -> str:
        """The evening format the standings rank by: the one set, where the ruleset offers
        formats; else the sum of points (the ruleset's own order)."""
        if self.rules.offers_evening_formats and self.evening_format in EveningFormat.values:
            return self.evening_format
        return EveningFormat.SUM

    @property
    def table_sizes(self) -> tuple[int, ...]:
        """The table sizes the ruleset seats (the seating core's ``allowed``)."""
        return tuple(self.rules.table_sizes)

    def list_keeper_seat(self, table_size: int) -> int:
        """The seat that keeps the list at a table of ``table_size`` (the ruleset decides:
        house rules seat 1, DDV the last seat). Asks nothing of the database."""
        return self.rules.list_keeper_seat(table_size)

    def first_dealer_seat(self, table_size: int) -> int:
        """The seat that deals the first game at a table of ``table_size`` (the ruleset's)."""
        return self.rules.dealer(1, table_size)

    def mark_list_keepers(self, tables: Iterable[Table]) -> None:
        """Tell each table (seats prefetched) its list keeper's seat once, so pages ask
        ``table.keeper_seat`` and ``seat.is_captain`` without a query per table."""
        for table in tables:
            table.keeper_seat = self.list_keeper_seat(table.size)
            table.first_dealer = self.rules.dealer(1, table.size)

    def mark_seat_keepers(self, seats: Iterable[Seat]) -> list[Seat]:
        """The same for a list of every seat of a round, each with its table (``select_related
        ("table")``): the tables' sizes are counted from the list itself."""
        seats = list(seats)
        sizes = Counter(seat.table_id for seat in seats)
        for seat in seats:
            seat.table.keeper_seat = self.list_keeper_seat(sizes[seat.table_id])
            seat.table.first_dealer = self.rules.dealer(1, sizes[seat.table_id])
        return seats

    def sheet_length(self, table_size: int) -> int:
        """The most rows a sheet holds at a table of ``table_size`` (the ruleset decides)."""
        return self.rules.sheet_length(table_size, self.cycles, self.scoring_options)

    @property
    def scoring_options(self) -> Any:
        """The ruleset's options value (missing names take the ruleset's defaults)."""
        return self.rules.options(self.ruleset_options)


class RoundQuerySet(models.QuerySet["Round"]):
    def visible(self) -> RoundQuerySet:
        """The rounds players may see: released or closed, never a draft."""
        return self.filter(Round.visible_condition())


class Round(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", pgettext_lazy("round status", "Entwurf")
        RELEASED = "released", pgettext_lazy("round status", "freigegeben")
        CLOSED = "closed", pgettext_lazy("round status", "abgeschlossen")

    class Method(models.TextChoices):
        DIGITAL = "digital", _("digitale Auslosung")
        SLIPS = "slips", _("Losnummern")
        PLACEMENT = SeatingRule.PLACEMENT.value, SeatingRule.PLACEMENT.label
        PLACEMENT_AVOID = SeatingRule.PLACEMENT_AVOID.value, SeatingRule.PLACEMENT_AVOID.label
        DRAWN_AVOID = SeatingRule.DRAWN_AVOID.value, SeatingRule.DRAWN_AVOID.label

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField(_("Durchgang"))
    status = models.CharField(
        _("Status"), max_length=10, choices=Status.choices, default=Status.DRAFT
    )
    method = models.CharField(_("Verfahren"), max_length=20, choices=Method.choices, blank=True)
    seed = models.BigIntegerField(_("Startwert der Auslosung"), null=True, blank=True)
    lots = models.JSONField(_("Losentscheide"), default=list, blank=True)
    slips = models.JSONField(_("erfasste Losnummern"), default=dict, blank=True)
    released_at = models.DateTimeField(null=True, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    objects = RoundQuerySet.as_manager()

    class Meta:
        ordering = ["tournament", "number"]
        verbose_name = _("Durchgang")
        verbose_name_plural = _("Durchgänge")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="unique_round_number"),
            models.CheckConstraint(condition=models.Q(number__gte=1), name="round_number_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.tournament} – {self.number}. Durchgang"

    @classmethod
    def visible_condition(cls, prefix: str = "") -> models.Q:
        """``RoundQuerySet.visible`` as a condition, also for related lookups ("round__")."""
        return ~models.Q(**{f"{prefix}status": cls.Status.DRAFT})

    @property
    def is_draft(self) -> bool:
        return self.status == self.Status.DRAFT

    @property
    def is_released(self) -> bool:
        return self.status == self.Status.RELEASED

    @property
    def is_seated(self) -> bool:
        return self.tables.exists()


class Table(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField(_("Tisch"))
    entry_token = models.CharField(max_length=64, unique=True, default=new_entry_token)
    short_code = models.CharField(
        _("Kurzcode"), max_length=SHORT_CODE_LENGTH, unique=True, default=new_short_code
    )
    token_revoked = models.BooleanField(_("Link gesperrt"), default=False)

    class Meta:
        ordering = ["round", "number"]
        verbose_name = _("Tisch")
        verbose_name_plural = _("Tische")
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="unique_table_number"),
        ]

    def __str__(self) -> str:
        return f"Tisch {self.number}"

    @property
    def short_code_display(self) -> str:
        """The short code in two groups of four, as printed: "KD7R-M2QX"."""
        half = SHORT_CODE_LENGTH // 2
        return f"{self.short_code[:half]}-{self.short_code[half:]}"

    @property
    def size(self) -> int:
        """Number of players: 4, or 5 (house rules: the dealer sits out each game), or 3 where
        the ruleset seats three (count-down games).

        Counted from the seats, which callers prefetch.
        """
        return len(self.seats.all())

    def seat_list(self) -> list[Seat]:
        return sorted(self.seats.all(), key=lambda seat: seat.number)

    @cached_property
    def keeper_seat(self) -> int:
        """The seat that keeps the list (Listenführer) at this table, as the tournament's
        ruleset says for its size. Pages set it for all their tables at once
        (``Tournament.mark_list_keepers``); unset it reads the round's tournament."""
        return self.round.tournament.list_keeper_seat(self.size)

    @cached_property
    def first_dealer(self) -> int:
        """The seat that deals the first row (set with ``keeper_seat``)."""
        return self.round.tournament.rules.dealer(1, self.size)


class Seat(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="seats")
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    participant = models.ForeignKey(
        "tournament.Participant", on_delete=models.PROTECT, related_name="seats"
    )
    number = models.PositiveSmallIntegerField(pgettext_lazy("seat", "Platz"))

    class Meta:
        ordering = ["table__number", "number"]
        verbose_name = pgettext_lazy("seat", "Platz")
        verbose_name_plural = _("Plätze")
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="unique_seat_number"),
            models.UniqueConstraint(fields=["round", "participant"], name="seated_once_per_round"),
            models.CheckConstraint(
                condition=models.Q(number__gte=1, number__lte=5), name="seat_number_1_to_5"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table} Platz {self.number}: {self.participant}"

    @property
    def is_captain(self) -> bool:
        """Whether this seat keeps the list (the table's ``keeper_seat``)."""
        return self.number == self.table.keeper_seat

    @property
    def deals_first(self) -> bool:
        """Whether this seat deals the first row (the table's ``first_dealer``)."""
        return self.number == self.table.first_dealer

    def occupant(self, game: int) -> int:
        """The participant id who played in this seat in game ``game`` (changes prefetched)."""
        substitutions = [
            (change.from_game, change.previous_participant_id, change.participant_id)
            for change in self.changes.all()
        ]
        return occupant_in_game(self.participant_id, substitutions, game)

    @property
    def occupants_label(self) -> str:
        """ "A. Müller, ab Spiel 9: B. Schmidt": who played in this seat (changes prefetched)."""
        changes = sorted(self.changes.all(), key=lambda change: change.from_game)
        if not changes:
            return self.participant.name
        parts = [changes[0].previous_participant.name]
        parts += [
            gettext("ab Spiel %(game)d: %(name)s")
            % {"game": change.from_game, "name": change.participant.name}
            for change in changes
        ]
        return ", ".join(parts)


class SeatChange(models.Model):
    """A substitute (Ersatzspieler) or late arrival took over a seat of a released table.

    The seat's ``participant`` is always who sits there now; these rows keep who sat there
    before. The points follow the seat: games before ``from_game`` count for
    ``previous_participant``, games from ``from_game`` on for ``participant``.
    """

    seat = models.ForeignKey(Seat, on_delete=models.CASCADE, related_name="changes")
    from_game = models.PositiveSmallIntegerField(_("ab Spiel"))
    previous_participant = models.ForeignKey(
        "tournament.Participant",
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("bisher"),
    )
    participant = models.ForeignKey(
        "tournament.Participant",
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("Ersatzspieler"),
    )
    reason = models.CharField(_("Begründung"), max_length=300, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["seat", "from_game"]
        verbose_name = _("Platzwechsel")
        verbose_name_plural = _("Platzwechsel")
        constraints = [
            models.UniqueConstraint(fields=["seat", "from_game"], name="one_change_per_seat_game"),
            models.CheckConstraint(
                condition=models.Q(from_game__gte=1), name="seat_change_from_game_positive"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.seat.table} Platz {self.seat.number} ab Spiel {self.from_game}"
