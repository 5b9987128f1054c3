"""The house rules' entry forms as data (:class:`rules.entry.EntrySpec`): the sheet page's quick
entry (winners, value, kind), the extras of a row (soloist, who revoked), direct points per seat
and the calculator (kind, Re party, Augen, Ansagen, Absagen, Sonderpunkte), with the labels in
the language asked for. What the sheet pages show today, said once here."""

from __future__ import annotations

from functools import cache

from rules.entry import EntryField, EntryForm, EntrySpec
from rules.hausregeln.i18n import label, resolve_language, translate
from rules.hausregeln.options import ScoringOptions
from rules.hausregeln.vocabulary import ONE_RE_KIND_VALUES, Kind

# The Sonderpunkte a calculator can enter ("Gegen" is computed), in the sheet's order.
CALCULATOR_SPECIALS = (
    "fuchs_gefangen",
    "fuchs_am_end_gefangen",
    "fuchs_am_end",
    "charlie_am_end",
    "charlie_am_end_gefangen",
    "doppelkopf",
    "herzstich",
)

# The head of a record's field path → the input of the page it belongs to.
FIELD_INPUTS = {
    "winners": "winners",
    "value": "value",
    "kind": "kind",
    "re": "soloist",
    "revoke": "offender",
    "points": "points",
    "sitting_out": "row",
    "table_size": "row",
}
INPUTS = ("winners", "value", "kind", "soloist", "offender", "points")
RECORD_FIELDS = ("augen_re", "statements", "specials", "schwarz", "kind", "re")
ADVICE = ("winners", "value", "kind", "soloist", "offender", "points", "record")


def kind_label(kind: str, lang: str) -> str:
    """The kind of game as the rules name it ("Damensolo"), capitalised for a column."""
    text = translate(f"term.kind.{kind}", lang)
    return text[:1].upper() + text[1:]


def row_label(number: int, lang: str = "de") -> str:
    return translate("form.row", lang, number=number)


def offered(options: ScoringOptions | None) -> tuple[tuple[str, ...] | None, tuple[str, ...]]:
    """What a row may be under ``options``: the kinds in the order of :class:`Kind` (``None``
    without options: every kind, as before options existed) and the Schmeißen reasons the
    engine accepts (empty: no Schmeißen row)."""
    if options is None:
        return None, ()
    kinds = tuple(kind.value for kind in Kind if kind in options.played_kinds)
    if options.schmeissen == "not_entered":
        return kinds, ()
    reasons = tuple(
        reason
        for reason in options.schmeissen_reasons
        if (reason not in ("neunen", "neunen_koenige") or options.deck == 48)
        and (reason != "armut" or (options.armut and options.armut_untaken == "redeal"))
    )
    return kinds, reasons


@cache
def entry_spec(
    table_size: int,
    lang: str = "de",
    kinds_offered: tuple[str, ...] | None = None,
    schmeissen_reasons: tuple[str, ...] = (),
) -> EntrySpec:
    """Every entry form of a house-rules row at ``table_size`` seats, in ``lang``: the kinds
    ``kinds_offered`` (every kind when ``None``) and, with ``schmeissen_reasons``, a Schmeißen
    line (the seat that threw in and its reason) — see :func:`offered`."""
    lang = resolve_language(lang)

    def text(key: str) -> str:
        return translate(key, lang)

    values = tuple(kind.value for kind in Kind) if kinds_offered is None else kinds_offered
    kinds = tuple((kind, kind_label(kind, lang)) for kind in values)
    seat = "seat"
    quick = EntryForm(
        "quick",
        text("form.quick"),
        (
            EntryField("winners", text("form.winners"), "seats", max_length=12),
            EntryField("value", text("form.value"), "int", bounds=(-9999, 9999), max_length=4),
            EntryField("kind", text("form.kind"), "choice", choices=kinds),
        ),
    )
    extra = EntryForm(
        "extra",
        "",
        (
            EntryField(
                "soloist",
                text("form.soloist"),
                seat,
                placeholder=text("form.from_winners"),
                extra=True,
            ),
            EntryField("offender", text("form.offender"), seat, extra=True),
        ),
    )
    direct = EntryForm(
        "direct",
        text("form.direct"),
        (
            EntryField(
                "p{seat}",
                text("form.points"),
                "points",
                bounds=(-9999, 9999),
                max_length=4,
                extra=True,
            ),
        ),
    )
    calculator = EntryForm(
        "calculator",
        text("form.calculator"),
        (
            EntryField("kind", text("form.kind"), "choice", choices=kinds),
            EntryField("record", text("form.record"), "json"),
        ),
    )
    forms = (quick, extra, direct, calculator)
    if schmeissen_reasons:
        forms += (
            EntryForm(
                "schmeissen",
                text("form.schmeissen"),
                (
                    EntryField(
                        "schmeissen_seat",
                        text("form.schmeissen_seat"),
                        seat,
                        placeholder="–",
                        extra=True,
                        record_path="schmeissen.seat",
                    ),
                    EntryField(
                        "schmeissen_reason",
                        text("form.schmeissen_reason"),
                        "choice",
                        choices=tuple(
                            (reason, translate(f"term.reason.{reason}", lang))
                            for reason in schmeissen_reasons
                        ),
                        placeholder="–",
                        extra=True,
                        record_path="schmeissen.reason",
                    ),
                ),
                line=True,
            ),
        )
    return EntrySpec(
        table_size=table_size,
        forms=forms,
        solo_kinds=tuple(sorted(kind for kind in ONE_RE_KIND_VALUES if kind in values)),
        parties=(("re", "Re", "Re", "Sub"), ("kontra", "Kontra", "Kontra", "In")),
        specials=tuple((key, label(key, lang)) for key in CALCULATOR_SPECIALS),
        calls_before_lead=True,
        field_inputs=dict(FIELD_INPUTS),
        input_names={name: text(f"form.{name}") for name in INPUTS},
        record_names={name: text(f"form.{name}") for name in RECORD_FIELDS},
        advice={name: text(f"advice.{name}") for name in ADVICE},
    )
