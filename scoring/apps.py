from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = _("Wertung")

    def ready(self) -> None:
        # The seating asks through signals for what it must not import: sheets on release,
        # the standings for placement, confirmed sheets before a round closes or the next draw.
        from scoring.sheets.services import connect as connect_sheets
        from scoring.standings.placement import connect as connect_standings

        connect_sheets()
        connect_standings()
