"""The house scoring values in words, from the rules engine's own numbers.

One list for the printed legend of the score sheets and the public rules page, so that paper
and screen never disagree with the engine.
"""

from __future__ import annotations

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from rules.hausregeln import ScoringOptions, label, translate
from rules.hausregeln.engine import REVOKE_PENALTY, REVOKE_SHARE, REVOKE_SOLOIST_GAIN
from rules.hausregeln.vocabulary import SPECIAL_VALUE, TYPE_POINTS, Kind, Special


def legend_lines(options: ScoringOptions, language: str | None = None) -> list[tuple[str, str]]:
    """The house scoring values as (what, points) pairs, from the rules engine's own numbers."""
    lang = language or get_language() or "de"
    specials = [
        (label(special.value, lang), SPECIAL_VALUE[special])
        for special in (
            Special.FUCHS_GEFANGEN,
            Special.DOPPELKOPF,
            Special.CHARLIE_AM_END,
            Special.CHARLIE_AM_END_GEFANGEN,
            Special.FUCHS_AM_END,
            Special.FUCHS_AM_END_GEFANGEN,
            Special.HERZSTICH,
        )
    ]
    solos = " / ".join(
        f"{translate(f'term.kind.{kind.value}', lang)} {TYPE_POINTS[kind]}"
        for kind in (Kind.SOLO_BUBEN, Kind.SOLO_DAMEN, Kind.SOLO_TRUMPF)
    )
    lines = [
        (_("Gewonnen („120“)"), "1"),
        (_("Gegner unter 90 / 60 / 30 / schwarz"), _("je 1")),
        (_("Re, Kontra, Sub, In"), _("je 1")),
        (_("Absagen: keine 90 / 60 / 30, schwarz"), _("je 1")),
        (_("Gegen (Kontra gewinnt)"), str(SPECIAL_VALUE[Special.GEGEN])),
        (solos, ""),
        (_("Solo verloren („verloren“)"), "1"),
        (
            _("Sonderpunkte: %(list)s")
            % {"list": ", ".join(f"{name} {value}" for name, value in specials)},
            "",
        ),
        (
            _("Normalspiel: Sieger +Wert, Verlierer −Wert; Solo: Solist ±3 × Wert, Gegner ∓ Wert"),
            "",
        ),
        (
            _(
                "Verwerfen: Verursacher −%(penalty)d, die anderen je +%(share)d; im Solo, wenn "
                "ein Gegner verwirft: Solist +%(gain)d, die anderen 0"
            )
            % {"penalty": REVOKE_PENALTY, "share": REVOKE_SHARE, "gain": REVOKE_SOLOIST_GAIN},
            "",
        ),
        (_("120 : 120 – Kontra gewinnt, „120“ zählt dabei nicht"), ""),
    ]
    if not options.pre_lead_counts:
        lines.append((_("Re/Kontra nur vor dem ersten Ausspielen: kein Punkt"), ""))
    if options.ddv_absage_bonus:
        lines.append((_("120 gegen „keine 90“ usw. (DDV): je 1"), ""))
    return lines
