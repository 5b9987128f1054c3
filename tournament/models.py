"""The tournament evening: event, participants, rounds, tables and seats.

Vocabulary:

- **Tournament** (Turnier): one evening with fixed house rules and scoring options.
- **Participant** (Teilnehmer): a registered player; may be checked in on arrival or withdrawn.
- **Round** (Durchgang): every player sits at one table and plays ``4 × cycles`` games there.
  Round 1 is seated by draw (digital or drawn slips), later rounds by placement.
- **Table** (Tisch) with 4 or 5 **seats** (Plätze). Seat 1 is the Listenführer (table captain),
  who keeps the score sheet and deals first. At a 5-player table the dealer sits out each game.
- **Club** (Verein): owns tournaments, a member registry and seasons. Logins belong to clubs with
  a role (**ClubMembership**: Turnierleitung or Helfer). A tournament without a club (made before
  clubs existed, or by a login without a club) is managed per tournament (``TournamentAccess``).
- **Member** (Mitglied): a person in a club's registry. A participant of a club's tournament is
  linked to a member (or is a guest, without one); a renamed member keeps their evenings.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.conf import settings
from django.db import models
from django.db.models.functions import Lower
from django.urls import reverse
from django.utils.translation import gettext, ngettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

import rules as rulesets
from rules.base import Ruleset
from tournament.actors import actor_text
from tournament.normalize import name_sort_key
from tournament.occupants import occupant_in_game


def new_entry_token() -> str:
    return secrets.token_urlsafe(24)


# The short code printed beside the QR code, typed on a phone without a camera: no characters
# that are easily confused (I/l/1, O/0), shown as two groups of four ("KD7R-M2QX").
SHORT_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
SHORT_CODE_LENGTH = 8


def new_short_code() -> str:
    return "".join(secrets.choice(SHORT_CODE_ALPHABET) for _ in range(SHORT_CODE_LENGTH))


def normalize_short_code(text: str) -> str:
    """What was typed ("kd7r m2qx", "KD7R-M2QX") as the stored code; "" if it cannot be one."""
    code = "".join(char for char in str(text).upper() if not char.isspace() and char not in "-_.")
    if len(code) != SHORT_CODE_LENGTH or any(char not in SHORT_CODE_ALPHABET for char in code):
        return ""
    return code


PUBLIC_ID_BYTES = 9  # 72 random bits, 12 characters of [A-Za-z0-9_-]


def new_public_id() -> str:
    """The participant's id in public URLs (player pages): random, so that nobody can walk
    through the players of every tournament by counting."""
    return secrets.token_urlsafe(PUBLIC_ID_BYTES)


CAPTAIN_SEAT = 1  # the Listenführer: keeps the score sheet and deals first

# The limits of a tournament's settings: the model's constraints, the service's check and the
# form's number fields all read them from here.
ROUNDS_COUNT_LIMITS = (1, 10)
CYCLES_LIMITS = (1, 10)
ROUNDS_COUNT_MESSAGE = _("Die Zahl der Durchgänge muss zwischen 1 und 10 liegen.")
CYCLES_MESSAGE = _("Die Zahl der Runden je Durchgang muss zwischen 1 und 10 liegen.")


class Club(models.Model):
    name = models.CharField(_("Name"), max_length=120)
    slug = models.SlugField(_("Kurzname"), max_length=60, unique=True)
    # A PNG made by ``tournament.clubs.logo`` (never the upload itself), printed in the header
    # of the club's printouts. In the database: app servers share nothing else.
    logo = models.BinaryField(_("Logo"), null=True, blank=True, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("Verein")
        verbose_name_plural = _("Vereine")

    def __str__(self) -> str:
        return self.name


class ClubMembership(models.Model):
    """A login's place in a club: Turnierleitung may do everything with the club's tournaments,
    a Helfer checks in, enters and confirms sheets and prints (``tournament.permissions``)."""

    class Role(models.TextChoices):
        ORGANISER = "organiser", _("Turnierleitung")
        HELPER = "helper", _("Helfer")

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="club_memberships",
        verbose_name=_("Zugang"),
    )
    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="memberships", verbose_name=_("Verein")
    )
    role = models.CharField(_("Rolle"), max_length=20, choices=Role.choices, default=Role.ORGANISER)
    created_at = models.DateTimeField(_("erteilt am"), auto_now_add=True)

    class Meta:
        ordering = ["club", "user"]
        verbose_name = _("Vereinszugang")
        verbose_name_plural = _("Vereinszugänge")
        constraints = [
            models.UniqueConstraint(fields=["user", "club"], name="one_membership_per_club"),
        ]

    def __str__(self) -> str:
        return f"{self.user} – {self.club} ({self.get_role_display()})"


INVITATION_DAYS = 7  # how long an invitation link opens the club's door


class ClubInvitation(models.Model):
    """A one-time link the club's Turnierleitung sends to a new login (or an existing one).

    Only the SHA-256 of the token is stored: whoever reads the database cannot use an open
    invitation. Opened once (``accepted_at``), it opens nothing more; it expires after
    ``INVITATION_DAYS`` days. ``tournament.clubs.logins`` makes and redeems them.
    """

    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="invitations", verbose_name=_("Verein")
    )
    role = models.CharField(
        _("Rolle"),
        max_length=20,
        choices=ClubMembership.Role.choices,
        default=ClubMembership.Role.HELPER,
    )
    note = models.CharField(_("Für"), max_length=100, blank=True)
    token_hash = models.CharField(max_length=64, unique=True, editable=False)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField()
    accepted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    accepted_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("Einladung")
        verbose_name_plural = _("Einladungen")

    def __str__(self) -> str:
        return f"{self.club} ({self.get_role_display()}) {self.note}"


class Member(models.Model):
    """A person in a club's registry. ``key`` is ``name_key(name)``: two entries whose names
    only differ in case or spacing are the same person (the participants' duplicate check)."""

    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="members", verbose_name=_("Verein")
    )
    name = models.CharField(_("Name"), max_length=100)
    key = models.CharField(max_length=100, editable=False)
    # The member's season page's address; random, like a participant's ``public_id``.
    public_id = models.CharField(max_length=16, unique=True, default=new_public_id, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("Mitglied")
        verbose_name_plural = _("Mitglieder")
        constraints = [
            models.UniqueConstraint(fields=["club", "key"], name="unique_member_name_per_club"),
        ]

    def __str__(self) -> str:
        return self.name


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
        _("Durchgänge"), default=2, help_text=_("Anzahl der Durchgänge (Tischrunden).")
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
        "name_order",
    )

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
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournament:detail", kwargs={"slug": self.slug})

    @property
    def rules(self) -> Ruleset:
        """The ruleset this tournament plays by."""
        return rulesets.get(self.ruleset)

    def sheet_length(self, table_size: int) -> int:
        """The most rows a sheet holds at a table of ``table_size`` (the ruleset decides)."""
        return self.rules.sheet_length(table_size, self.cycles)

    @property
    def scoring_options(self) -> Any:
        """The ruleset's options value (missing names take the ruleset's defaults)."""
        return self.rules.options(self.ruleset_options)


class TournamentAccess(models.Model):
    """A login's right to a tournament: it may see and change it on the organiser's pages.

    Superusers need no entry (they manage every tournament); whoever creates a tournament on the
    organiser's pages gets one (unless the tournament belongs to a club: then the club's
    ``ClubMembership`` decides). ``tournament.permissions`` is the one place that reads these
    entries and the club memberships.
    """

    class Role(models.TextChoices):
        ORGANISER = "organiser", _("Turnierleitung")

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="tournament_accesses",
        verbose_name=_("Zugang"),
    )
    tournament = models.ForeignKey(
        Tournament,
        on_delete=models.CASCADE,
        related_name="accesses",
        verbose_name=_("Turnier"),
    )
    role = models.CharField(_("Rolle"), max_length=20, choices=Role.choices, default=Role.ORGANISER)
    created_at = models.DateTimeField(_("erteilt am"), auto_now_add=True)

    class Meta:
        ordering = ["tournament", "user"]
        verbose_name = _("Turnierzugang")
        verbose_name_plural = _("Turnierzugänge")
        constraints = [
            models.UniqueConstraint(fields=["user", "tournament"], name="one_access_per_user"),
        ]

    def __str__(self) -> str:
        return f"{self.user} – {self.tournament} ({self.get_role_display()})"


class ParticipantQuerySet(models.QuerySet["Participant"]):
    def active(self) -> ParticipantQuerySet:
        return self.filter(withdrawn=False)

    def drawable(self) -> list[Participant]:
        """Who is seated in a new round: everyone not withdrawn and, once check-in has started,
        only those who checked in (players not yet here are not drawn). One query, by id."""
        active = list(self.active().order_by("pk"))
        if any(participant.checked_in for participant in active):
            return [participant for participant in active if participant.checked_in]
        return active


class Participant(models.Model):
    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="participants"
    )
    name = models.CharField(_("Name"), max_length=100)
    club = models.CharField(_("Verein"), max_length=100, blank=True)
    # The club's member this participant is (None: a guest, or a tournament without a club).
    member = models.ForeignKey(
        Member,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="participations",
        verbose_name=_("Mitglied"),
    )
    checked_in = models.BooleanField(_("anwesend"), default=False)
    withdrawn = models.BooleanField(_("abgemeldet"), default=False)
    # The player page's address (/t/<slug>/spieler/<public_id>/); the pk is never shown publicly.
    public_id = models.CharField(max_length=16, unique=True, default=new_public_id, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)

    objects = ParticipantQuerySet.as_manager()

    class Meta:
        ordering = ["name"]
        verbose_name = pgettext_lazy("one participant", "Teilnehmer")
        verbose_name_plural = _("Teilnehmer")
        constraints = [
            models.UniqueConstraint(
                "tournament", Lower("name"), name="unique_participant_name_per_tournament"
            ),
            models.UniqueConstraint(
                fields=["tournament", "member"],
                condition=models.Q(member__isnull=False),
                name="member_once_per_tournament",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def sort_name(self) -> tuple[str, str]:
        """The name's place in an alphabetical list (DIN 5007-1: "Änne" with A)."""
        return (name_sort_key(self.name), self.name)


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
        PLACEMENT = "placement", _("nach Platzierung")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField(_("Durchgang"))
    status = models.CharField(
        _("Status"), max_length=10, choices=Status.choices, default=Status.DRAFT
    )
    method = models.CharField(_("Verfahren"), max_length=10, choices=Method.choices, blank=True)
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
        """Number of players: 4, or 5 where the dealer sits out each game.

        Counted from the seats, which callers prefetch.
        """
        return len(self.seats.all())

    def seat_list(self) -> list[Seat]:
        return sorted(self.seats.all(), key=lambda seat: seat.number)


class Seat(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="seats")
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    participant = models.ForeignKey(Participant, on_delete=models.PROTECT, related_name="seats")
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
        return self.number == CAPTAIN_SEAT

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
        Participant, on_delete=models.PROTECT, related_name="+", verbose_name=_("bisher")
    )
    participant = models.ForeignKey(
        Participant, on_delete=models.PROTECT, related_name="+", verbose_name=_("Ersatzspieler")
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


class AuditEntry(models.Model):
    """Who changed what and when: every state change of a tournament leaves one entry."""

    class Action(models.TextChoices):
        TOURNAMENT_CREATED = "tournament.created", _("Turnier angelegt")
        TOURNAMENT_CHANGED = "tournament.changed", _("Turnier geändert")
        PARTICIPANT_ADDED = "participant.added", _("Teilnehmer angelegt")
        PARTICIPANT_CHANGED = "participant.changed", _("Teilnehmer geändert")
        PARTICIPANT_WITHDRAWN = "participant.withdrawn", _("Teilnehmer abgemeldet")
        PARTICIPANT_REINSTATED = "participant.reinstated", _("Teilnehmer wieder angemeldet")
        PARTICIPANT_CHECKED_IN = "participant.checked_in", _("Teilnehmer angekommen")
        PARTICIPANT_CHECKED_OUT = "participant.checked_out", _("Ankunft zurückgenommen")
        PARTICIPANTS_IMPORTED = "participants.imported", _("Teilnehmer importiert")
        ROUND_DRAWN = "round.drawn", _("Durchgang ausgelost")
        ROUND_SLIPS_SAVED = "round.slips_saved", _("Losnummern erfasst")
        ROUND_CHANGED = "round.changed", _("Sitzordnung geändert")
        ROUND_RELEASED = "round.released", _("Durchgang freigegeben")
        ROUND_CLOSED = "round.closed", _("Durchgang abgeschlossen")
        ROUND_DELETED = "round.deleted", _("Sitzordnung verworfen")
        ROUND_UNRELEASED = "round.unreleased", _("Freigabe zurückgenommen")
        ROUND_REOPENED = "round.reopened", _("Durchgang wieder geöffnet")
        SEAT_REPLACED = "seat.replaced", _("Ersatzspieler eingesetzt")
        SHEET_SAVED = "sheet.saved", _("Liste gespeichert")
        SHEET_SUBMITTED = "sheet.submitted", _("Liste abgegeben")
        SHEET_CONFIRMED = "sheet.confirmed", _("Liste bestätigt")
        SHEET_RETURNED = "sheet.returned", _("Liste zurückgegeben")
        SHEET_REOPENED = "sheet.reopened", _("Liste wieder geöffnet")
        SHEET_CLOSED_EARLY = "sheet.closed_early", _("Tisch vorzeitig beendet")
        TOKEN_REVOKED = "token.revoked", _("Eingabelink gesperrt")
        TOKEN_RENEWED = "token.renewed", _("Eingabelink erneuert")
        TOURNAMENT_IMPORTED = "tournament.imported", _("Turnier wiederhergestellt")
        ACCESS_GRANTED = "access.granted", _("Zugang erteilt")
        ACCESS_REVOKED = "access.revoked", _("Zugang entzogen")
        MEMBERS_MERGED = "members.merged", _("Mitglieder zusammengeführt")
        SEASON_ADDED = "season.added", _("Zur Saison hinzugefügt")

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="audit_entries"
    )
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True
    )
    actor = models.CharField(_("durch"), max_length=120, blank=True)
    action = models.CharField(_("Aktion"), max_length=40, choices=Action.choices)
    # The German rendering, kept for backups, exports and entries written before ``message``.
    summary = models.CharField(_("Beschreibung"), max_length=300, blank=True)
    # The untranslated msgid (and plural msgid) of the summary with its parameters: the
    # Protokoll renders them in the reader's language.
    message = models.CharField(max_length=300, blank=True)
    message_plural = models.CharField(max_length=300, blank=True)
    params = models.JSONField(default=dict, blank=True)
    reason = models.TextField(_("Begründung"), blank=True)
    details = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("Protokolleintrag")
        verbose_name_plural = _("Protokoll")

    def __str__(self) -> str:
        return f"{self.created_at:%H:%M} {self.get_action_display()} {self.summary}"

    @property
    def actor_text(self) -> str:
        """Who acted, in the active language (a captain's link names its table)."""
        return actor_text(self.actor)

    @property
    def text(self) -> str:
        """The summary in the active language; the stored ``summary`` for old entries."""
        if not self.message:
            return self.summary
        try:
            return render_message(self.message, self.params, self.message_plural)
        except (KeyError, TypeError, ValueError):
            return self.summary


def render_message(message: str, params: dict, plural: str = "") -> str:
    """``message`` translated into the active language and filled with ``params``.

    A parameter may itself be a message: ``{"message": …, "params": …, "plural": …}``. Plural
    messages pick their form by ``params["count"]``.
    """
    values = {
        key: render_message(value["message"], value.get("params", {}), value.get("plural", ""))
        if isinstance(value, dict) and "message" in value
        else value
        for key, value in params.items()
    }
    if plural:
        return ngettext(message, plural, int(values["count"])) % values
    return gettext(message) % values
