"""Players sign up themselves (Online-Anmeldung): the tournament's sign-up settings and each
sign-up with its personal link, its place (Zusage or Warteliste) and, on the evening, the
participant it became."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.models.codes import SHORT_CODE_LENGTH, new_entry_token, new_short_code
from tournament.models.evening import Tournament
from tournament.models.participants import Participant

# The longest name a sign-up takes: the participants' own limit.
SIGNUP_NAME_LENGTH = 100
SIGNUP_CAP_LIMITS = (1, 2000)


class SignupSettings(models.Model):
    """Whether and when players may sign up for a tournament, how many get a place, and which
    optional fields the form asks for."""

    tournament = models.OneToOneField(
        Tournament, on_delete=models.CASCADE, related_name="signup_settings"
    )
    enabled = models.BooleanField(_("Online-Anmeldung eingeschaltet"), default=False)
    opens_at = models.DateTimeField(_("Anmeldung ab"), null=True, blank=True)
    closes_at = models.DateTimeField(_("Anmeldeschluss"), null=True, blank=True)
    cap = models.PositiveIntegerField(
        _("Plätze"),
        null=True,
        blank=True,
        help_text=_("Höchstzahl der Zusagen; wer danach kommt, steht auf der Warteliste."),
    )
    ask_club = models.BooleanField(_("Verein abfragen"), default=False)
    ask_ddv_number = models.BooleanField(_("DDV-Nummer abfragen"), default=False)
    ask_contact = models.BooleanField(_("Telefon oder E-Mail abfragen"), default=False)
    ask_remark = models.BooleanField(_("Bemerkung erlauben"), default=False)
    make_members = models.BooleanField(
        _("Angekommene Gäste werden Vereinsmitglieder"),
        default=False,
        help_text=_("Nur bei Turnieren eines Vereins."),
    )

    FIELDS = (
        "enabled",
        "opens_at",
        "closes_at",
        "cap",
        "ask_club",
        "ask_ddv_number",
        "ask_contact",
        "ask_remark",
        "make_members",
    )

    class Meta:
        verbose_name = _("Einstellungen der Online-Anmeldung")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(cap__isnull=True)
                | models.Q(cap__gte=SIGNUP_CAP_LIMITS[0], cap__lte=SIGNUP_CAP_LIMITS[1]),
                name="signup_cap_1_to_2000",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.tournament}: {self._meta.verbose_name}"


class SignupQuerySet(models.QuerySet["Signup"]):
    def confirmed(self) -> SignupQuerySet:
        return self.filter(status=Signup.Status.CONFIRMED)

    def waiting(self) -> SignupQuerySet:
        return self.filter(status=Signup.Status.WAITING)

    def standing(self) -> SignupQuerySet:
        """Every sign-up not cancelled: Zusagen and Warteliste."""
        return self.exclude(status=Signup.Status.CANCELLED)


class Signup(models.Model):
    class Status(models.TextChoices):
        CONFIRMED = "confirmed", _("Zusage")
        WAITING = "waiting", _("Warteliste")
        CANCELLED = "cancelled", _("abgesagt")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="signups")
    name = models.CharField(_("Name"), max_length=SIGNUP_NAME_LENGTH)
    club = models.CharField(_("Verein"), max_length=100, blank=True)
    ddv_number = models.CharField(_("DDV-Nummer"), max_length=20, blank=True)
    contact = models.CharField(_("Telefon oder E-Mail"), max_length=120, blank=True)
    remark = models.CharField(_("Bemerkung"), max_length=300, blank=True)
    status = models.CharField(_("Status"), max_length=10, choices=Status.choices)
    # The order of the list: Zusagen and Warteliste each by position (the organiser moves).
    position = models.PositiveIntegerField(_("Reihenfolge"))
    # The personal link (/t/<slug>/anmeldung/<token>/) and the short code on the slip.
    token = models.CharField(max_length=64, unique=True, default=new_entry_token)
    short_code = models.CharField(
        _("Kurzcode"), max_length=SHORT_CODE_LENGTH, unique=True, default=new_short_code
    )
    moved_up_at = models.DateTimeField(_("nachgerückt"), null=True, blank=True)
    cancelled_at = models.DateTimeField(_("abgesagt"), null=True, blank=True)
    # Marked on the evening: not come (the sign-up stays on the list).
    no_show = models.BooleanField(_("nicht erschienen"), default=False)
    # Who the sign-up became at the desk (check-in from the list).
    participant = models.OneToOneField(
        Participant,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="signup",
        verbose_name=_("Teilnehmer"),
    )
    created_at = models.DateTimeField(auto_now_add=True)

    objects = SignupQuerySet.as_manager()

    class Meta:
        ordering = ["status", "position"]
        verbose_name = _("Anmeldung")
        verbose_name_plural = _("Anmeldungen")
        indexes = [models.Index(fields=["tournament", "status", "position"])]

    def __str__(self) -> str:
        return self.name

    @property
    def short_code_display(self) -> str:
        half = SHORT_CODE_LENGTH // 2
        return f"{self.short_code[:half]}-{self.short_code[half:]}"
