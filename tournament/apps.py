from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentConfig(AppConfig):
    name = "tournament"
    verbose_name = _("Turnier")

    def ready(self) -> None:
        # The public stamp is renewed by every public change (tournament.polling.freshness).
        from tournament.polling.freshness import connect_signals

        connect_signals()
