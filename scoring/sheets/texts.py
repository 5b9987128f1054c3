"""What the sheet page's script says (row states, offline, conflicts), in the reader's language.

The script gets these as one JSON object (``json_script``), so that every message it shows comes
from the translation catalogue like the rest of the page. ``%s`` is filled in by the script.
"""

from __future__ import annotations

from django.utils.translation import gettext as _


def sheet_texts(*, captain: bool = False) -> dict[str, str]:
    """The script's messages; ``captain`` for the captain's page (a link that no longer works
    is a matter for the desk there, a page to reload at the desk)."""
    return {
        "saved": _("gespeichert"),
        "pending": _("noch nicht gesendet"),
        "refused": _("nicht gespeichert – bitte korrigieren"),
        "void": _("zählt nicht – der Durchgang ist an diesem Tisch beendet"),
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
        # An answer of the server that is not "saved": what happened and what to do. The games
        # stay on this device in every case.
        "error_gone": _(
            "Dieser Link gilt nicht mehr: die Turnierleitung hat ihn gesperrt oder ersetzt, oder "
            "der Durchgang ist beendet. Ihre Eingaben bleiben auf diesem Gerät. Bitte bei der "
            "Turnierleitung nach dem neuen Link oder Kurzcode fragen und ihn hier öffnen."
        )
        if captain
        else _(
            "Diese Liste gibt es unter dieser Adresse nicht mehr. Ihre Eingaben bleiben auf "
            "diesem Gerät; bitte die Liste über die Übersicht des Durchgangs neu öffnen."
        ),
        "error_forbidden": _(
            "Der Server nimmt von dieser Seite nichts mehr an (Formular abgelaufen oder "
            "Anmeldung beendet). Ihre Eingaben bleiben auf diesem Gerät: bitte die Seite neu "
            "laden, dann werden sie gesendet."
        ),
        "error_busy": _(
            "Der Server ist gerade beschäftigt. Ihre Eingaben bleiben auf diesem Gerät und "
            "werden in einigen Sekunden von selbst noch einmal gesendet."
        ),
        "error_too_many": _(
            "Von diesem Gerät kamen zu viele Anfragen. Ihre Eingaben bleiben auf diesem Gerät "
            "und werden in einigen Minuten von selbst noch einmal gesendet."
        ),
        "error_server": _(
            "Auf dem Server ist ein Fehler aufgetreten. Ihre Eingaben bleiben auf diesem Gerät "
            "und werden gleich noch einmal gesendet; passiert es wieder, bitte der "
            "Turnierleitung Bescheid geben."
        ),
        "error_refused": _(
            "Der Server hat die Eingaben nicht angenommen. Ihre Eingaben bleiben auf diesem "
            "Gerät: bitte die Seite neu laden; hilft das nicht, der Turnierleitung Bescheid geben."
        ),
        "not_sent_short": _("⚠ nicht gesendet – %s warten auf diesem Gerät"),
        "offline_pending_points": _("wird berechnet, sobald die Verbindung da ist"),
    }
