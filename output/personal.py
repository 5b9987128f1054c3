"""What is stored about a person, for the club's Turnierleitung to hand over: as JSON (every
row, every field: ``tournament.privacy.services.personal_data``) and as a readable PDF of the
same rows, table by table."""

from __future__ import annotations

import io
import json
from typing import Any

from django.apps import apps
from django.core.serializers.json import DjangoJSONEncoder
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.text import slugify
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views import View
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from output.printouts.pdf_base import FELT, LINE, MUTED, ZEBRA, escape, printed_at, style
from tournament.access import ClubMixin, OrganiserMixin
from tournament.models import Member, Participant
from tournament.privacy.services import personal_data

JSON_TYPE = "application/json; charset=utf-8"


def data_json(data: dict[str, Any]) -> bytes:
    return json.dumps(data, cls=DjangoJSONEncoder, ensure_ascii=False, indent=2).encode()


def _table_title(label: str) -> str:
    model = apps.get_model(label)
    return str(model._meta.verbose_name_plural).capitalize()


def _field_title(label: str, attname: str) -> str:
    """The field's name as the pages say it ("Durchgang" for ``round_id``)."""
    for field in apps.get_model(label)._meta.concrete_fields:
        if field.attname == attname:
            return str(field.verbose_name)
    return attname


def _cell(value: Any) -> str:
    if value is None:
        return "–"
    if isinstance(value, dict | list):
        return json.dumps(value, ensure_ascii=False)
    return str(value)


def data_pdf(data: dict[str, Any]) -> bytes:
    """Every table of ``data`` as a titled table: a line per row, a column per field."""
    buffer = io.BytesIO()
    person = data["person"]["name"]
    title = _("Auskunft über gespeicherte Daten")
    document = SimpleDocTemplate(
        buffer,
        pagesize=landscape(A4),
        leftMargin=12 * mm,
        rightMargin=12 * mm,
        topMargin=12 * mm,
        bottomMargin=12 * mm,
        title=f"{title} – {person}",
        creator="Doko-Turnier",
        lang=get_language() or "de",
    )
    small = style("data-cell", 6.5, leading=8)
    head = style("data-head", 6.5, bold=True, color=FELT, leading=8)
    story: list[Any] = [
        Paragraph(escape(f"{title}: {person}"), style("data-title", 16, bold=True, color=FELT)),
        Paragraph(escape(printed_at()), style("data-note", 9, color=MUTED)),
        Spacer(1, 4 * mm),
    ]
    for label, rows in data["tables"].items():
        story.append(
            Paragraph(
                escape(f"{_table_title(label)} ({len(rows)})"),
                style("data-section", 11, bold=True, color=FELT, spaceBefore=6, spaceAfter=3),
            )
        )
        fields = list(rows[0])
        cells = [[Paragraph(escape(_field_title(label, field)), head) for field in fields]]
        cells += [[Paragraph(escape(_cell(row[field])), small) for field in fields] for row in rows]
        width = document.width / len(fields)
        table = Table(cells, colWidths=[width] * len(fields), repeatRows=1)
        table.setStyle(
            TableStyle(
                [
                    ("GRID", (0, 0), (-1, -1), 0.3, LINE),
                    ("ROWBACKGROUNDS", (0, 1), (-1, -1), [None, ZEBRA]),
                    ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ]
            )
        )
        story.append(table)
    if not data["tables"]:
        story.append(Paragraph(escape(_("Keine Daten gespeichert.")), small))
    document.build(story)
    return buffer.getvalue()


def data_response(data: dict[str, Any], kind: str) -> HttpResponse:
    name = slugify(data["person"]["name"]) or "person"
    if kind == "pdf":
        response = HttpResponse(data_pdf(data), "application/pdf")
    else:
        response = HttpResponse(data_json(data), JSON_TYPE)
    response["Content-Disposition"] = f'attachment; filename="auskunft-{name}.{kind}"'
    return response


class MemberDataView(ClubMixin, View):
    """Everything stored about a member of the club (Turnierleitung only)."""

    kind = "json"

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        member = get_object_or_404(Member, club=self.club, public_id=kwargs["member"])
        return data_response(personal_data(member), self.kind)


class ParticipantDataView(OrganiserMixin, View):
    """Everything stored about a participant of the tournament (Turnierleitung only)."""

    kind = "json"

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        participant = get_object_or_404(Participant, tournament=self.tournament, pk=kwargs["pk"])
        return data_response(personal_data(participant), self.kind)
