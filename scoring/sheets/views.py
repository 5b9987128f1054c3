"""The score sheet pages: entry at the organiser's desk, confirmation, reopening, history.

The captain's phone page (``views_captain``) shares ``SheetEntryMixin`` (show and save),
``SheetPreviewMixin`` (live preview) and ``ScoreGameMixin`` (calculator, in ``calculator``); the
two differ only in how they find the sheet, their URLs and what they may do (the organiser also
confirms).
"""

from __future__ import annotations

import json
from typing import Any

from django.contrib import messages
from django.db.models import Prefetch
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views import View
from django.views.generic import TemplateView

from scoring.models import Sheet, SheetVersion
from scoring.sheets.autosave import autosave_sheet, server_rows, stored_as
from scoring.sheets.calculator import ScoreGameMixin
from scoring.sheets.deal_form import deal_form_context
from scoring.sheets.entry import too_deep_message
from scoring.sheets.history_page import sheet_history
from scoring.sheets.page import build_page, entry_spec
from scoring.sheets.page_json import page_json
from scoring.sheets.reading import confirmable
from scoring.sheets.services import (
    close_sheet_early,
    confirm_sheet,
    reopen_sheet,
    return_sheet,
    submit_sheet,
)
from scoring.sheets.texts import sheet_texts
from scoring.sheets.time_up import clear_time_up, record_time_up
from scoring.sheets.words import sheet_words_context
from tournament.access import OrganiserMixin
from tournament.errors import DomainError, StaleWriteError
from tournament.models import Round, Seat, SeatChange
from tournament.normalize import small_int
from tournament.ruleset_texts import say


def parse_revision(value: str | None) -> int | None:
    """The sheet revision a form was loaded with, or None."""
    return small_int(value, max_digits=9)


class SheetEntryMixin:
    """GET shows the sheet; POST saves it (``save``) or hands it in (``submit``)."""

    template_name = "scoring/sheet.html"
    source = SheetVersion.Source.DESK
    organiser = False
    request: HttpRequest
    sheet: Sheet

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        return self.render_sheet(build_page(self.sheet))

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        return self.save(request)

    def can_edit(self) -> bool:
        return (
            self.sheet.status != Sheet.Status.CONFIRMED
            and self.sheet.round.status != Round.Status.CLOSED
        )

    def sheet_context(self, page, **extra: Any) -> dict[str, Any]:
        # The entry forms as the ruleset describes them (``rules.entry``): kinds, soloist
        # kinds, the calculator's parties and Sonderpunkte.
        entry = entry_spec(self.sheet, page.table_size)
        return {
            "sheet": self.sheet,
            "status_label": self.sheet.status_label(self.confirmed_before()),
            "page": page,
            "entry": entry,
            "kinds": list(entry.choices("kind")),
            "can_edit": self.can_edit(),
            "round": self.sheet.round,
            "table": self.sheet.table,
            "tournament": self.sheet.round.tournament,
            "preview_url": self.preview_url(),
            "score_url": self.score_url(),
            "autosave_url": self.autosave_url(),
            # The kinds with a soloist: the page compares its rows with the stored ones as
            # the server reads them (a soloist the winners imply is no difference).
            "server_state": {
                **server_rows(self.sheet, page),
                "solo_kinds": list(entry.solo_kinds),
                "default_kind": next(iter(entry.choices("kind")), ("", ""))[0],
            },
            "sheet_texts": sheet_texts(captain=self.source == SheetVersion.Source.CAPTAIN),
            "calc_parties": list(entry.parties),
            # How the page derives the dealers offline (``static/js/sheet/deal.js``).
            "deal_rule": json.dumps(rule)
            if (
                rule := self.sheet.round.tournament.rules.deal_rule(
                    page.table_size,
                    self.sheet.round.tournament.scoring_options,
                    self.sheet.time_up_after,
                )
            )
            else "",
            "specials": list(entry.specials),
            "organiser": self.organiser,
            # The desk's "Bestätigen": the stored rows complete, or complete early by the rules.
            "confirmable": self.organiser
            and confirmable(self.sheet, page.records, page.table_size),
            "changed_seats": (changed := changed_seats(self.sheet.table)),
            "seat_changes": seat_changes(changed),
            # "Zeit abgelaufen nach Spiel n", prefilled with the games entered.
            "offers_time_up": self.offers_time_up(),
            "time_up_note": say(rules := self.sheet.round.tournament.rules, rules.time_up_note),
            "time_up_games": self.sheet.round.tournament.rules.played_rows(
                page.records, self.sheet.round.tournament.scoring_options
            ),
            # A ruleset with a form per deal (count-down): its own form and script.
            **deal_form_context(self.sheet, page, entry, desk=self.organiser),
            **sheet_words_context(self.sheet, page.game_limit),
            **extra,
        }

    def confirmed_before(self) -> bool:
        """Whether a version of the sheet, not confirmed now, was confirmed: only a sheet handed
        in or sent back can be one (reopening hands it in), so no query for a sheet in play."""
        sheet = self.sheet
        if sheet.status == Sheet.Status.CONFIRMED:
            return False
        if sheet.status == Sheet.Status.OPEN and not sheet.return_comment:
            return False
        return sheet.versions.filter(confirmed=True).exists()

    def offers_time_up(self) -> bool:
        """Whether the page offers to record the time called: a ruleset that records it."""
        return self.can_edit() and self.sheet.round.tournament.rules.records_time_up

    def preview_url(self) -> str:
        raise NotImplementedError

    def score_url(self) -> str:
        raise NotImplementedError

    def autosave_url(self) -> str:
        raise NotImplementedError

    def after_save_url(self) -> str:
        return self.request.path

    def render_sheet(self, page, status: int = 200, **extra: Any) -> HttpResponse:
        context = self.get_context_data(**self.sheet_context(page, **extra))
        return self.render_to_response(context, status=status)

    def save(self, request: HttpRequest) -> HttpResponse:
        if not self.can_edit():
            messages.error(request, _("Diese Liste kann nicht mehr geändert werden."))
            return self.render_sheet(build_page(self.sheet), status=409)
        page = build_page(self.sheet, request.POST)
        problems = [(row.number, row.problems) for row in page.rows if row.problems]
        if problems:
            messages.error(
                request,
                _("Nicht gespeichert: bitte die markierten Spiele korrigieren (Spiel %(games)s).")
                % {"games": ", ".join(str(number) for number, _p in problems)},
            )
            return self.render_sheet(page, status=400)
        records = page.records
        revision = parse_revision(request.POST.get("revision"))
        if revision is None:
            messages.error(
                request,
                _("Der Stand der Liste fehlt im Formular. Bitte die Seite neu laden."),
            )
            return self.render_sheet(page, status=400)
        confirm = "confirm" in request.POST and self.may_confirm()
        final = "submit" in request.POST or "confirm" in request.POST
        if not final and revision == self.sheet.revision and stored_as(self.sheet, records):
            # Autosave has stored exactly this already: no second, identical version.
            messages.success(request, self.saved_message(final))
            return redirect(self.after_save_url())
        try:
            submit_sheet(
                self.sheet,
                records,
                expected_revision=revision,
                source=self.source,
                user=request.user,
                final=final,
                confirm=confirm,
            )
        except StaleWriteError as error:
            messages.error(request, str(error))
            return self.render_sheet(page, status=409, stale=True)
        except DomainError as error:
            messages.error(request, error.message)
            return self.render_sheet(page, status=400)
        self.sheet.refresh_from_db()
        messages.success(request, self.saved_message(final))
        return redirect(self.after_save_url())

    def may_confirm(self) -> bool:
        return False

    def saved_message(self, final: bool) -> str:
        if self.sheet.status == Sheet.Status.CONFIRMED:
            return _("Die Liste ist gespeichert und bestätigt.")
        if final:
            return _("Die Liste ist abgegeben und wartet auf die Bestätigung.")
        return _("Gespeichert.")


class SheetPreviewMixin:
    """POST scores the typed rows without saving: the page's live feedback. A row's mistakes
    are part of the answer (200); calculator data nested too deeply is no typing mistake and
    refuses the request (400, ``{"error": {"field": "g3-record", "message": …}}``)."""

    sheet: Sheet

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> JsonResponse:
        page = build_page(self.sheet, request.POST)
        if page.refused_games:
            number = page.refused_games[0]
            message = _("Spiel %(game)d: %(problem)s") % {
                "game": number,
                "problem": too_deep_message(),
            }
            return JsonResponse(
                {"error": {"field": f"g{number}-record", "message": message}}, status=400
            )
        # The games among the rows (penalty lines are none): "Zeit abgelaufen nach Spiel n".
        tournament = self.sheet.round.tournament
        played = tournament.rules.played_rows(page.records, tournament.scoring_options)
        return JsonResponse({**page_json(page), "played": played})


class SheetAutosaveMixin:
    """POST stores every completed row (``autosave_sheet``) and answers, game by game, what the
    server holds: 200 ``{"state": "saved"|"unchanged", …}``; 409 ``{"state": "conflict"|
    "locked", "message", "server"}`` when the sheet changed meanwhile or cannot be changed;
    400 for a request no page sends (no revision, calculator data nested too deeply)."""

    sheet: Sheet
    source = SheetVersion.Source.DESK

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> JsonResponse:
        revision = parse_revision(request.POST.get("revision"))
        if revision is None:
            message = _("Der Stand der Liste fehlt im Formular. Bitte die Seite neu laden.")
            return JsonResponse({"state": "error", "message": message}, status=400)
        try:
            outcome, typed = autosave_sheet(
                self.sheet,
                request.POST,
                expected_revision=revision,
                source=self.source,
                user=request.user,
            )
        except StaleWriteError as error:
            return self.refusal("conflict", str(error))
        except DomainError as error:
            return self.refusal("locked", error.message)
        if typed.refused_games:
            number = typed.refused_games[0]
            message = _("Spiel %(game)d: %(problem)s") % {
                "game": number,
                "problem": too_deep_message(),
            }
            return JsonResponse({"state": "error", "message": message}, status=400)
        return JsonResponse(
            {
                "state": "saved" if outcome.written else "unchanged",
                "revision": self.sheet.revision,
                "status": self.sheet.status,
                "stored_games": outcome.stored_games,
                "held_back_by": outcome.held_back_by,
                "saved_as_typed": list(outcome.saved_as_typed),
                "preview": page_json(typed),
            }
        )

    def refusal(self, state: str, message: str) -> JsonResponse:
        try:
            self.sheet.refresh_from_db()
        except Sheet.DoesNotExist:  # the release was taken back meanwhile: nothing is stored
            server = {"revision": self.sheet.revision, "status": "", "rows": {}}
        else:
            server = server_rows(self.sheet)
        return JsonResponse({"state": state, "message": message, "server": server}, status=409)


class OrganiserSheetMixin(OrganiserMixin):
    section = "rounds"

    def load(self, **kwargs: Any) -> None:
        sheet = (
            Sheet.objects.select_related("round", "table")
            .filter(
                round__tournament=self.tournament,
                round__number=kwargs["number"],
                table__number=kwargs["table"],
            )
            .first()
        )
        if sheet is None:
            raise Http404("no such sheet")
        sheet.round.tournament = self.tournament
        self.sheet = sheet
        self.number = kwargs["number"]

    def sheet_url(self) -> str:
        return reverse(
            "scoring:sheet",
            args=[
                self.sheet.round.tournament.slug,
                self.sheet.round.number,
                self.sheet.table.number,
            ],
        )


class SheetView(OrganiserSheetMixin, SheetEntryMixin, TemplateView):
    """The organiser's entry and check page of one table's sheet."""

    helper_allowed = True
    organiser = True

    def preview_url(self) -> str:
        return self.sheet_url() + "vorschau/"

    def score_url(self) -> str:
        return self.sheet_url() + "bewerten/"

    def autosave_url(self) -> str:
        return self.sheet_url() + "sichern/"

    def may_confirm(self) -> bool:
        return True

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        seats = {seat.number: seat.name for seat in context["page"].seats}
        context["sittings"] = sheet_history(self.sheet, seats, context["changed_seats"])
        if self.sheet.status != Sheet.Status.CONFIRMED:  # reopened: what counts meanwhile
            shown = [v for sitting in context["sittings"] for v in reversed(sitting.versions)]
            counting = next((v.number for v in shown if v.confirmed), None)
            if counting is None and len(shown) < self.sheet.revision:
                # Older than the versions shown: ask once.
                counting = (
                    self.sheet.versions.filter(confirmed=True)
                    .values_list("number", flat=True)
                    .first()
                )
            context["counting_version"] = counting
        return context


class SheetPreviewView(OrganiserSheetMixin, SheetPreviewMixin, View):
    helper_allowed = True


class SheetScoreGameView(OrganiserSheetMixin, ScoreGameMixin, View):
    helper_allowed = True


class SheetAutosaveView(OrganiserSheetMixin, SheetAutosaveMixin, View):
    helper_allowed = True


class SheetActionView(OrganiserSheetMixin, View):
    """Confirm, send back, reopen or stop early: one service each."""

    # A Helfer confirms and sends back sheets and records the time called; reopening, stopping
    # a table and taking back a time call are the Turnierleitung's.
    HELPER_ACTIONS = frozenset({"confirm", "return", "time_up"})

    @property
    def helper_allowed(self) -> bool:  # type: ignore[override]
        return self.action in self.HELPER_ACTIONS

    action = ""

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        revision = parse_revision(request.POST.get("revision"))
        try:
            if self.action == "confirm":
                confirm_sheet(self.sheet, user=request.user, expected_revision=revision)
                messages.success(request, _("Die Liste ist bestätigt und zählt in der Tabelle."))
            elif self.action == "return":
                return_sheet(
                    self.sheet,
                    comment=request.POST.get("comment", ""),
                    user=request.user,
                    expected_revision=revision,
                )
                messages.success(
                    request, _("Die Liste ging mit dem Kommentar an den Tisch zurück.")
                )
            elif self.action == "reopen":
                reopen_sheet(
                    self.sheet,
                    reason=request.POST.get("reason", ""),
                    user=request.user,
                    expected_revision=revision,
                )
                messages.success(
                    request,
                    _(
                        "Die Liste ist wieder geöffnet. Bis sie erneut bestätigt ist, zählt "
                        "weiter ihre zuletzt bestätigte Fassung."
                    ),
                )
            elif self.action == "close":
                after = small_int(request.POST.get("after_game", ""), max_digits=3)
                if after is None:
                    raise DomainError(_("Bitte die Nummer des letzten gespielten Spiels angeben."))
                close_sheet_early(
                    self.sheet,
                    after_game=after,
                    note=request.POST.get("note", ""),
                    user=request.user,
                    expected_revision=revision,
                )
                messages.success(request, _("Der Tisch ist vorzeitig beendet."))
            elif self.action == "time_up":
                record_time_up(
                    self.sheet,
                    after_game=time_up_game(request),
                    user=request.user,
                    expected_revision=revision,
                )
                messages.success(request, _("Der Zeitablauf ist vermerkt."))
            elif self.action == "time_up_clear":
                clear_time_up(self.sheet, user=request.user, expected_revision=revision)
                messages.success(request, _("Der Zeitablauf ist zurückgenommen."))
            else:  # pragma: no cover - routing error
                raise Http404
        except DomainError as error:
            messages.error(request, str(error))
        return redirect(self.sheet_url())


def time_up_game(request: HttpRequest) -> int:
    """The posted "Zeit abgelaufen nach Spiel n", or a refusal naming the field."""
    after = small_int(request.POST.get("after_game", ""), max_digits=3)
    if after is None:
        raise DomainError(
            _("Zeit abgelaufen nach Spiel: bitte die Nummer des letzten Spiels angeben."),
            field="after_game",
        )
    return after


def changed_seats(table) -> list[Seat]:
    """The seats of ``table`` that changed hands, with their changes (who sat there before)."""
    changes = SeatChange.objects.select_related("previous_participant", "participant")
    return list(
        Seat.objects.filter(table=table, changes__isnull=False)
        .distinct()
        .select_related("participant")
        .prefetch_related(Prefetch("changes", queryset=changes))
        .order_by("number")
    )


def seat_changes(seats: list[Seat]) -> list[tuple[int, str]]:
    """(seat, "A, ab Spiel 9: B") for every seat that changed hands."""
    return [(seat.number, seat.occupants_label) for seat in seats]
