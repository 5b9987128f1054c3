"""The season's form: name, rule, the club's tournaments that count, public switches."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.models import Season
from tournament.models import Club, Tournament


class SeasonForm(forms.Form):
    slug = forms.SlugField(
        label=_("Kurzname"),
        max_length=60,
        help_text=_("z. B. 2025; steht in der Adresse der öffentlichen Seite."),
    )
    name = forms.CharField(label=_("Name"), max_length=120)
    rule = forms.ChoiceField(label=_("Wertung"), choices=Season.Rule.choices)
    metric = forms.ChoiceField(
        label=_("gezählt wird"),
        choices=Season.Metric.choices,
        initial=Season.Metric.POINTS,
        required=False,
        help_text=Season._meta.get_field("metric").help_text,
    )
    best_count = forms.IntegerField(
        label=_("beste Abende"),
        required=False,
        min_value=1,
        help_text=_(
            "Nur bei der Wertung „Summe der besten Abende“: so viele Abende je Mitglied zählen, "
            "die mit den meisten Punkten."
        ),
    )
    min_rounds = forms.IntegerField(
        label=_("Mindestzahl Durchgänge"),
        min_value=0,
        initial=0,
        help_text=_(
            "Wer in der Saison weniger Durchgänge gespielt hat, bekommt keinen Platz: er steht "
            "mit „–“ unter den Platzierten, seine Punkte werden gezeigt. 0: alle bekommen einen "
            "Platz. Beispiel: 6 bei 2 Durchgängen je Abend heißt mindestens 3 Abende."
        ),
    )
    tournaments = forms.ModelMultipleChoiceField(
        label=_("Turniere"),
        queryset=Tournament.objects.none(),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text=_("Die Abende des Vereins, die für diese Saison zählen."),
    )
    public_standings = forms.BooleanField(
        label=_("Jahreswertung öffentlich"), required=False, initial=True
    )
    public_projector = forms.BooleanField(
        label=_("Beamer-Ansicht öffentlich"), required=False, initial=True
    )

    def __init__(self, *args, club: Club, season: Season | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.season = season
        self.fields["tournaments"].queryset = club.tournaments.order_by("date", "pk")
        if season is not None:
            del self.fields["slug"]
            self.initial.update(
                name=season.name,
                rule=season.rule,
                metric=season.metric,
                best_count=season.best_count,
                min_rounds=season.min_rounds,
                tournaments=list(season.tournaments.all()),
                public_standings=season.public_standings,
                public_projector=season.public_projector,
            )

    def clean_metric(self) -> str:
        """Left out (a form of before the choice): the season's, else points."""
        if value := self.cleaned_data.get("metric"):
            return value
        return self.season.metric if self.season is not None else Season.Metric.POINTS
