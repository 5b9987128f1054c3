"""The form of "Startgeld und Preise": fees in euros, payout share, the prize table.

Money is typed as people write it ("12", "12,50", "12.50 €") and becomes integer cents here;
a prize is either an amount ("50", "50 €") or a share of the prize money ("25 %", "12,5 %"),
or empty; beside it an optional non-cash prize. Each field says what is wrong with it.
"""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournament.fees.services import PrizeEntry
from tournament.models import (
    MAX_FEE_CENTS,
    MAX_PRIZE_CENTS,
    MAX_PRIZE_RANKS,
    PrizeRank,
    PrizeSettings,
)

AMOUNT = re.compile(r"^(\d{1,7})(?:[,.](\d{1,2}))?\s*(?:€|EUR|Euro)?$", re.IGNORECASE)
SHARE = re.compile(r"^(\d{1,3})(?:[,.](\d{1,2}))?\s*%$")
SHOWN_ROWS = 8  # empty lines offered below the prize table's lines


def parse_cents(text: str) -> int | None:
    """ "12,50 €" → 1250; None if it is no amount."""
    found = AMOUNT.match(text.strip())
    if not found:
        return None
    return int(found.group(1)) * 100 + int((found.group(2) or "0").ljust(2, "0"))


def parse_basis_points(text: str) -> int | None:
    """ "12,5 %" → 1250; None if it is no share."""
    found = SHARE.match(text.strip())
    if not found:
        return None
    return int(found.group(1)) * 100 + int((found.group(2) or "0").ljust(2, "0"))


def cents_text(cents: int | None) -> str:
    if cents is None:
        return ""
    whole, part = divmod(cents, 100)
    return f"{whole},{part:02d}" if part else str(whole)


def line_text(line: PrizeRank) -> str:
    if line.amount_cents is not None:
        return f"{cents_text(line.amount_cents)} €"
    if line.basis_points is not None:
        whole, part = divmod(line.basis_points, 100)
        return f"{whole},{part:02d} %".replace(",00", "") if part else f"{whole} %"
    return ""


class FeeField(forms.CharField):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(max_length=20, required=False, **kwargs)
        self.widget.attrs.update(inputmode="decimal", size=8, placeholder="0")

    def clean(self, value: Any) -> int:  # type: ignore[override]
        text = super().clean(value).strip()
        if not text:
            return 0
        cents = parse_cents(text)
        if cents is None:
            raise forms.ValidationError(
                _("Bitte einen Betrag in Euro angeben, z. B. 10 oder 12,50.")
            )
        if cents > MAX_FEE_CENTS:
            raise forms.ValidationError(_("Höchstens 1000 €."))
        return cents


class PrizesForm(forms.Form):
    member_fee = FeeField(label=gettext_lazy("Startgeld Mitglieder (€)"))
    guest_fee = FeeField(
        label=gettext_lazy("Startgeld Gäste (€)"),
        help_text=gettext_lazy("Gast ist, wer nicht als Mitglied des Vereins angemeldet ist."),
    )
    payout_percent = forms.IntegerField(
        label=gettext_lazy("Ausschüttung (Prozent des Topfs)"),
        min_value=0,
        max_value=100,
        help_text=gettext_lazy("DDV-Ranglistenturniere schütten alles aus, Vereine oft 80–90 %."),
    )
    one_per_table = forms.BooleanField(
        label=gettext_lazy("Ein Preis je Tisch"),
        required=False,
        help_text=gettext_lazy(
            "So viele Geldpreise wie Tische im letzten Durchgang: Plätze ohne eigenen Betrag "
            "oder Anteil teilen sich zu gleichen Teilen, was vom Preisgeld übrig bleibt."
        ),
    )
    version = forms.IntegerField(widget=forms.HiddenInput, min_value=0)

    def __init__(
        self, *args: Any, settings: PrizeSettings, lines: list[PrizeRank], **kwargs: Any
    ) -> None:
        initial = {
            "member_fee": cents_text(settings.member_fee_cents),
            "guest_fee": cents_text(settings.guest_fee_cents),
            "payout_percent": settings.payout_percent,
            "one_per_table": settings.one_per_table,
            "version": settings.version,
        }
        by_rank = {line.rank: line for line in lines}
        last = max(by_rank, default=0)
        self.row_count = min(last + SHOWN_ROWS, MAX_PRIZE_RANKS)
        for rank in range(1, self.row_count + 1):
            line = by_rank.get(rank)
            initial[f"money_{rank}"] = line_text(line) if line else ""
            initial[f"goods_{rank}"] = line.goods if line else ""
        kwargs.pop("initial", None)
        super().__init__(*args, initial=initial, **kwargs)
        if self.is_bound:  # a page with more lines than now offered keeps them (bounded)
            posted = [key for key in self.data if key.startswith(("money_", "goods_"))]
            ranks = [int(key.split("_")[1]) for key in posted if key.split("_")[1].isdigit()]
            self.row_count = min(max([self.row_count, *ranks]), MAX_PRIZE_RANKS)
        for rank in range(1, self.row_count + 1):
            money = forms.CharField(
                label=_("Platz %(rank)d") % {"rank": rank}, max_length=20, required=False
            )
            money.widget.attrs.update(size=8, placeholder="25 % / 50 €")
            goods = forms.CharField(
                label=_("Sachpreis Platz %(rank)d") % {"rank": rank}, max_length=100, required=False
            )
            self.fields[f"money_{rank}"] = money
            self.fields[f"goods_{rank}"] = goods

    def rows(self) -> list[tuple[int, forms.BoundField, forms.BoundField]]:
        return [
            (rank, self[f"money_{rank}"], self[f"goods_{rank}"])
            for rank in range(1, self.row_count + 1)
        ]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        lines = []
        for rank in range(1, self.row_count + 1):
            text = (data.get(f"money_{rank}") or "").strip()
            entry = PrizeEntry(goods=(data.get(f"goods_{rank}") or "").strip())
            if text:
                share = parse_basis_points(text)
                cents = None if share is not None else parse_cents(text)
                if share is None and cents is None:
                    self.add_error(
                        f"money_{rank}",
                        _(
                            "„%(text)s“ ist weder ein Betrag (50 oder 50,00 €) "
                            "noch ein Anteil (25 %%)."
                        )
                        % {"text": text},
                    )
                elif share is not None and share > 10_000:
                    self.add_error(f"money_{rank}", _("Ein Anteil ist höchstens 100 %."))
                elif cents is not None and cents > MAX_PRIZE_CENTS:
                    self.add_error(f"money_{rank}", _("Der Betrag ist zu groß."))
                else:
                    entry = PrizeEntry(amount_cents=cents, basis_points=share, goods=entry.goods)
            lines.append(entry)
        data["lines"] = lines
        return data
