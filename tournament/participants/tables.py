"""django-tables2 tables of the organiser's pages (given lists: names sort by ``sort_name``)."""

from __future__ import annotations

import django_tables2 as tables
from django.utils.translation import gettext_lazy as _

from tournament.models import Participant


class ParticipantTable(tables.Table):
    name = tables.Column(
        verbose_name=_("Name"), attrs={"td": {"class": "name"}}, order_by=("sort_name",)
    )
    club = tables.Column(verbose_name=_("Verein"), empty_values=())
    checked_in = tables.TemplateColumn(
        template_name="tournament/includes/checkin_cell.html",
        verbose_name=_("Anwesend"),
        order_by=("checked_in", "sort_name"),
        attrs={"td": {"class": "checkin-cell"}},
    )
    paid = tables.TemplateColumn(
        template_name="tournament/includes/paid_cell.html",
        verbose_name=_("Startgeld"),
        orderable=False,
        attrs={"td": {"class": "checkin-cell paid-cell"}},
    )
    status = tables.TemplateColumn(
        template_name="tournament/includes/participant_status_cell.html",
        verbose_name=_("Status"),
        accessor="withdrawn",
        order_by=("withdrawn", "sort_name"),
        attrs={"td": {"class": "status-cell"}},
    )
    actions = tables.TemplateColumn(
        template_name="tournament/includes/participant_actions_cell.html",
        verbose_name="",
        orderable=False,
        attrs={"td": {"class": "actions-cell nowrap"}},
    )

    class Meta:
        model = Participant
        fields = ("name", "club", "checked_in", "paid", "status", "actions")
        attrs = {"class": "data participants"}
        row_attrs = {
            "id": lambda record: f"p-{record.pk}",
            "class": lambda record: "withdrawn" if record.withdrawn else "",
        }
        order_by = ("name",)
        empty_text = _("Noch keine Teilnehmer.")
