"""What the sheet page's script says (row states, offline, conflicts), in the reader's language.

The script gets these as one JSON object (``json_script``), so that every message it shows comes
from the translation catalogue like the rest of the page. ``%s`` is filled in by the script.
"""

from __future__ import annotations

from django.utils.translation import gettext as _


def sheet_texts() -> dict[str, str]:
    return {
        "saved": _("gespeichert"),
        "pending": _("noch nicht gesendet"),
        "refused": _("nicht gespeichert – bitte korrigieren"),
        "waiting": _("wartet auf Spiel %s"),
        "saving": _("wird gespeichert …"),
        "all_saved": _("✓ alles gespeichert"),
        "unsent": _("● %s noch nicht gesendet"),
        "offline": _(
            "Keine Verbindung. Einfach weiter eintragen: die Spiele bleiben auf diesem Gerät und "
            "werden von selbst gesendet, sobald die Verbindung wieder da ist."
        ),
        "offline_short": _("⚠ offline – %s warten auf diesem Gerät"),
        "back_online": _("Verbindung wieder da – alle Spiele sind gesendet."),
        "restored": _("Von diesem Gerät wiederhergestellt: Spiel %s."),
        "conflict_title": _("Die Liste wurde inzwischen an anderer Stelle geändert"),
        "conflict_intro": _(
            "Bei diesen Spielen unterscheiden sich Ihre Eingaben von der gespeicherten Liste. "
            "Nichts ist verloren: bitte wählen, welche Fassung gilt."
        ),
        "server_version": _("Gespeichert"),
        "device_version": _("Auf diesem Gerät"),
        "take_server": _("Gespeicherte Fassung übernehmen"),
        "keep_mine": _("Meine Eingaben senden"),
        "merged": _("Die Liste wurde inzwischen geändert (Spiel %s); das ist übernommen."),
        "locked_title": _("Diese Eingaben sind nicht übernommen"),
        "locked_intro": _(
            "Die Liste ist inzwischen abgegeben, bestätigt oder der Durchgang ist beendet. Die "
            "Eingaben dieses Geräts sind nicht gespeichert; bitte der Turnierleitung zeigen."
        ),
        "discard": _("Eingaben dieses Geräts verwerfen"),
        "submit_offline": _(
            "Abgeben geht erst, wenn die Verbindung wieder da ist. Ihre Eingaben bleiben erhalten."
        ),
        "submit_pending": _(
            "Noch nicht alle Spiele sind gespeichert (Spiel %s). Bitte erst korrigieren."
        ),
        "empty_game": _("(leer)"),
        "sum": _("Summe = %s"),
        "winners": _("Sieger"),
        "value": _("Wert"),
        "game": _("Spiel %s"),
        "example_winners": _("z. B. %s"),
        "error": _("Der Server hat die Eingaben nicht angenommen: %s"),
    }
