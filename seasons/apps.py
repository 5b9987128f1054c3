from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SeasonsConfig(AppConfig):
    name = "seasons"
    verbose_name = _("Saisons")

    def ready(self) -> None:
        # A change of one evening or of a season renews the public stamps of the season's
        # other evenings (their projectors' season slide): ``seasons.freshness``.
        from seasons.freshness import connect_signals

        connect_signals()
