"""The board as the page and its JSON show it: plain dicts with texts in the reader's language.

The page renders these dicts on its first load and the script renders the same dicts from the
JSON endpoint afterwards, so both say the same.
"""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from django.utils import timezone
from django.utils.formats import time_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from scoring.board.state import Board, BoardTable, TableState, by_attention

# The stuck thresholds the page offers (minutes); any whole number in LIMITS is accepted.
STUCK_CHOICES = (5, 10, 15, 20, 30, 45, 60)
STUCK_LIMITS = (1, 240)
SORTS = ("aufmerksamkeit", "tisch")


def state_label(state: TableState) -> str:
    return {
        TableState.PLAYING: pgettext("board state", "läuft"),
        TableState.RETURNED: pgettext("board state", "zurückgegeben"),
        TableState.SUBMITTED: pgettext("board state", "abgegeben"),
        TableState.DISPUTED: pgettext("board state", "wieder geöffnet"),
        TableState.CONFIRMED: pgettext("board state", "bestätigt"),
    }[state]


def _clock(moment) -> str:
    return time_format(timezone.localtime(moment), "H:i") if moment else ""


def present_table(table: BoardTable, slug: str, round_number: int) -> dict[str, Any]:
    waiting = table.state in (TableState.PLAYING, TableState.RETURNED)
    quiet = ""
    if waiting and table.games < table.length and table.quiet >= 1:
        quiet = ngettext(
            "seit %(minutes)d Minute nichts eingetragen",
            "seit %(minutes)d Minuten nichts eingetragen",
            table.quiet,
        ) % {"minutes": table.quiet}
    if table.last_entry_at is None:
        last_entry_text = _("noch nichts eingetragen")
    else:
        last_entry_text = _("letzter Eintrag %(time)s") % {"time": _clock(table.last_entry_at)}
    closed_early = (
        _("nach Spiel %(game)d beendet") % {"game": table.length} if table.closed_early else ""
    )
    return {
        "number": table.number,
        "title": _("Tisch %(table)d") % {"table": table.number},
        "captain": table.captain,
        "size": table.size,
        "games": table.games,
        "length": table.length,
        "state": str(table.state),
        "state_label": state_label(table.state),
        "stuck": table.stuck,
        "quiet": quiet,
        "progress": ngettext(
            "%(games)d von %(length)d Spiel", "%(games)d von %(length)d Spielen", table.length
        )
        % {"games": table.games, "length": table.length},
        "last_entry": _clock(table.last_entry_at),
        "last_entry_text": last_entry_text,
        # The desk's comment on a returned sheet, a stop after game n, the ruleset's note.
        "extra": " · ".join(
            text for text in (closed_early, table.return_comment, table.note or "") if text
        ),
        "url": reverse("scoring:sheet", args=[slug, round_number, table.number]),
    }


def last_round_left(board: Board) -> str:
    """What is left of the evening's last round before the final standings."""
    if board.sheets_left == 0:
        return _("Letzter Durchgang: alle Listen bestätigt, der Endstand steht.")
    left = ngettext(
        "Letzter Durchgang: bis zum Endstand noch %(count)d Liste bestätigen",
        "Letzter Durchgang: bis zum Endstand noch %(count)d Listen bestätigen",
        board.sheets_left,
    ) % {"count": board.sheets_left}
    if board.games_left:
        return left + ngettext(
            ", %(games)d Spiel ist noch einzutragen.",
            ", %(games)d Spiele sind noch einzutragen.",
            board.games_left,
        ) % {"games": board.games_left}
    return left + "."


def summary(board: Board) -> dict[str, Any]:
    """What is left before the next round can be seated, and the tables not confirmed."""
    following = board.round_number + 1
    if board.last_round and not board.next_round_seated:
        left = last_round_left(board)
    elif board.next_round_seated:
        left = _("Durchgang %(next)d ist bereits ausgelost.") % {"next": following}
    elif board.sheets_left == 0:
        left = _("Alle Listen bestätigt: Durchgang %(next)d kann ausgelost werden.") % {
            "next": following
        }
    else:
        left = ngettext(
            "Bis Durchgang %(next)d ausgelost werden kann: noch %(count)d Liste bestätigen",
            "Bis Durchgang %(next)d ausgelost werden kann: noch %(count)d Listen bestätigen",
            board.sheets_left,
        ) % {"next": following, "count": board.sheets_left}
        if board.games_left:
            left += ngettext(
                ", %(games)d Spiel ist noch einzutragen.",
                ", %(games)d Spiele sind noch einzutragen.",
                board.games_left,
            ) % {"games": board.games_left}
        else:
            left += "."
    unconfirmed = ""
    if board.unconfirmed:
        unconfirmed = _("Nicht bestätigt: Tisch %(tables)s") % {
            "tables": ", ".join(map(str, board.unconfirmed))
        }
    earlier: dict[int, list[str]] = {}
    for round_number, table in board.earlier_unconfirmed:
        earlier.setdefault(round_number, []).append(str(table))
    earlier_text = "; ".join(
        _("aus Durchgang %(round)d: Tisch %(tables)s") % {"round": number, "tables": ", ".join(t)}
        for number, t in earlier.items()
    )
    counts = _(
        "%(playing)d laufen · %(stuck)d ohne Eintrag · %(submitted)d abgegeben · "
        "%(confirmed)d von %(tables)d bestätigt"
    ) % {
        "playing": board.count(TableState.PLAYING) + board.count(TableState.RETURNED),
        "stuck": board.stuck_count,
        "submitted": board.count(TableState.SUBMITTED) + board.count(TableState.DISPUTED),
        "confirmed": board.count(TableState.CONFIRMED),
        "tables": len(board.tables),
    }
    return {
        "left": left,
        "unconfirmed": unconfirmed,
        "earlier": earlier_text,
        "counts": counts,
        "sheets_left": board.sheets_left,
        "games_left": board.games_left,
        "unconfirmed_tables": board.unconfirmed,
    }


def present(board: Board, slug: str, *, sort: str = SORTS[0]) -> dict[str, Any]:
    """The whole board: tables in attention order (or by number with ``sort="tisch"``)."""
    tables = list(board.tables) if sort == "tisch" else by_attention(list(board.tables))
    return {
        "round": board.round_number,
        "stuck_after": board.stuck_after,
        "sort": sort,
        "updated": _clock(board.now),
        "summary": summary(board),
        "tables": [present_table(table, slug, board.round_number) for table in tables],
    }
