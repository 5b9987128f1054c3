"""The audit log (Protokoll): who changed what and when, rendered in the reader's language."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from tournament.actors import actor_text
from tournament.models.evening import Tournament


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
        FEE_PAID = "fee.paid", _("Startgeld bezahlt")
        FEE_REFUNDED = "fee.refunded", _("Startgeldzahlung zurückgenommen")
        PRIZES_CHANGED = "prizes.changed", _("Startgeld und Preise geändert")
        ROUND_CLOCK = "round.clock", _("Rundenuhr")
        SIGNUP_SETTINGS = "signup.settings", _("Online-Anmeldung eingestellt")
        SIGNUP_ADDED = "signup.added", _("Online angemeldet")
        SIGNUP_CANCELLED = "signup.cancelled", _("Anmeldung abgesagt")
        SIGNUP_MOVED = "signup.moved", _("Anmeldung verschoben")
        SIGNUP_NO_SHOW = "signup.no_show", _("Nicht erschienen")
        PERSON_ANONYMISED = "person.anonymised", _("Person anonymisiert")
        RULE_PRESET_SAVED = "rules.preset_saved", _("Regelvorlage gespeichert")
        RULE_PRESET_APPLIED = "rules.preset_applied", _("Regelvorlage übernommen")

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
