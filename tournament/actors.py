"""Who acted, as the audit log names someone without a login.

A captain's link has no login, so its entries name the table: "Listenführer Tisch 3". The
actor is stored in German, the msgids' language (like an entry's ``summary``, see
``tournament.audit``), whatever language the captain's phone shows, and translated when the
log is read (:func:`actor_text`). Entries written before this stored the label in the writer's
language (German or English): both forms are recognised and shown in the reader's language.
A login's name never looks like these (user names have no spaces).
"""

from __future__ import annotations

import re

from django.utils.translation import gettext, gettext_noop

CAPTAIN = gettext_noop("Listenführer Tisch %(table)d")
# The captain label as stored: German (the msgid) and, in older entries, its English translation.
STORED_CAPTAIN = (
    re.compile(r"Listenführer Tisch (\d+)"),
    re.compile(r"Table captain, table (\d+)"),
)


# A player on the public sign-up pages (their own sign-up or cancellation).
SIGNUP_PLAYER = gettext_noop("Spieler (Online-Anmeldung)")


def captain_actor(table: int) -> str:
    """The stored actor of a captain's link of ``table`` (German, untranslated)."""
    return CAPTAIN % {"table": table}


def actor_text(actor: str) -> str:
    """``actor`` as the log shows it in the active language: a captain's label translated, a
    login's name as it is."""
    if actor == SIGNUP_PLAYER:
        return gettext(SIGNUP_PLAYER)
    for pattern in STORED_CAPTAIN:
        match = pattern.fullmatch(actor)
        if match:
            return gettext(CAPTAIN) % {"table": int(match[1])}
    return actor
