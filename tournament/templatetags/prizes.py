"""Template filters for fees and prizes: ``euros`` (cents as "12,50 €"), ``fee_payment``."""

from __future__ import annotations

from typing import Any

from django import template
from django.core.exceptions import ObjectDoesNotExist

from tournament.fees.money import euros as euros_text

register = template.Library()


@register.filter
def euros(cents: int | None) -> str:
    return "" if cents is None else euros_text(int(cents))


@register.filter
def fee_payment(participant: Any) -> Any:
    """The participant's payment or None (the reverse one-to-one raises when there is none)."""
    try:
        return participant.fee_payment
    except ObjectDoesNotExist:
        return None
