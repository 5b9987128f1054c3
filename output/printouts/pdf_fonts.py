"""The fonts of the PDF printouts, and how a name in any script finds a font that has it.

Vocabulary:

- **Main fonts**: DejaVu Sans and Serif, regular and bold (in ``fonts``, beside this file);
  they cover Latin with ß, umlauts, Turkish and Polish letters, Greek, Cyrillic, and (Sans)
  Arabic and Hebrew.
- **Fallback fonts**: ``DokoCJK`` (a subset of Noto Sans CJK: the Han characters, kana and
  Hangul of everyday Chinese, Japanese and Korean names) and ``DokoEmoji`` (monochrome emoji
  and symbols from Symbola). Both are made by ``tools/make_pdf_fonts.py``; neither has a bold.
- **Run**: a stretch of text written in one font. A text in a main font is split into runs:
  each character goes to the first font of its *chain* that has it (the same font's other
  weight or style first, then CJK, then emoji); a character no font has stays in the main font.
- **Ignorable**: joiners and variation selectors of emoji sequences, direction marks, soft
  hyphens (no glyph of their own; reportlab does not shape, so "👨‍👩‍👧" prints as its three
  emoji).
- **Visual order**: reportlab writes left to right and does not join Arabic letters, so a text
  with Arabic or Hebrew is turned into what the eye sees first (:func:`visual`): the Arabic
  letters in their joined forms (``arabic_reshaper``), each stretch of right-to-left words
  reversed. Enough for a name on one line; no full bidirectional algorithm.

The canvas of every printout (:class:`FallbackCanvas`) splits ``drawString`` and its centred
and right-aligned forms into runs; paragraph text gets its runs as ``<font face>`` tags from
:func:`markup`; widths are measured with :func:`text_width`.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape as xml_escape

import arabic_reshaper
from reportlab import rl_config
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

FONT_DIR = Path(__file__).resolve().parent / "fonts"

SANS = "DokoSans"
SANS_BOLD = "DokoSans-Bold"
SERIF = "DokoSerif"
SERIF_BOLD = "DokoSerif-Bold"
CJK = "DokoCJK"
EMOJI = "DokoEmoji"
FONT_FILES = {
    SANS: "DejaVuSans.ttf",
    SANS_BOLD: "DejaVuSans-Bold.ttf",
    SERIF: "DejaVuSerif.ttf",
    SERIF_BOLD: "DejaVuSerif-Bold.ttf",
    CJK: "DokoCJK.ttf",
    EMOJI: "DokoEmoji.ttf",
}
# Where a character missing in a main font is looked for, in this order: the same weight in
# the other style before the other weight (a bold name stays bold), then the fallbacks.
CHAINS = {
    SANS: (SANS, SERIF, SANS_BOLD, CJK, EMOJI),
    SANS_BOLD: (SANS_BOLD, SERIF_BOLD, SANS, SERIF, CJK, EMOJI),
    SERIF: (SERIF, SANS, SERIF_BOLD, CJK, EMOJI),
    SERIF_BOLD: (SERIF_BOLD, SANS_BOLD, SERIF, SANS, CJK, EMOJI),
}
# Joiners, direction marks and overrides, soft hyphen, variation selectors, tags, skin tones.
IGNORABLE = re.compile(
    "[\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufe00-\ufe0f\ufeff"
    "\U000e0000-\U000e007f\U0001f3fb-\U0001f3ff]"
)

RIGHT_TO_LEFT = "\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefe"  # Hebrew, Arabic (+ forms), Syriac…
RTL_STRETCH = re.compile(f"[{RIGHT_TO_LEFT}](?:[{RIGHT_TO_LEFT}\\s]*[{RIGHT_TO_LEFT}])?")


def visual(text: str) -> str:
    """``text`` in the order it is seen: Arabic letters joined, right-to-left words reversed
    (with the spaces between them), everything else as it is."""
    if not re.search(f"[{RIGHT_TO_LEFT}]", text):
        return text
    return RTL_STRETCH.sub(lambda match: match[0][::-1], arabic_reshaper.reshape(text))


@cache
def register_fonts() -> None:
    """Register the embedded fonts once per process; ``<b>`` in paragraphs picks the bold one.

    Also: page streams are compressed but not ASCII85-encoded on top (reportlab's default; its
    pure-Python encoder was a tenth of a round's printing time, and a PDF is binary anyway)."""
    rl_config.useA85 = 0
    for name, filename in FONT_FILES.items():
        pdfmetrics.registerFont(TTFont(name, str(FONT_DIR / filename)))
    pdfmetrics.registerFontFamily(
        SANS, normal=SANS, bold=SANS_BOLD, italic=SANS, boldItalic=SANS_BOLD
    )
    pdfmetrics.registerFontFamily(
        SERIF, normal=SERIF, bold=SERIF_BOLD, italic=SERIF, boldItalic=SERIF_BOLD
    )
    for fallback in (CJK, EMOJI):  # no bold of their own: bold text uses the same glyphs
        pdfmetrics.registerFontFamily(
            fallback, normal=fallback, bold=fallback, italic=fallback, boldItalic=fallback
        )


@cache
def _characters(font: str) -> frozenset[int]:
    register_fonts()
    return frozenset(pdfmetrics.getFont(font).face.charToGlyph)


def has_glyph(font: str, char: str) -> bool:
    return ord(char) in _characters(font)


def runs(text: str, font: str) -> list[tuple[str, str]]:
    """``text`` as (font, part) runs for writing in ``font``, ignorable characters left out;
    one run in ``font`` when it has every character (or ``font`` is not one of ours)."""
    if text.isascii() or font not in CHAINS:  # most texts (numbers, German words): at once
        return [(font, text)] if text else []
    return list(_runs(text, font))


@lru_cache(maxsize=4096)  # a printout writes the same names and words many times
def _runs(text: str, font: str) -> tuple[tuple[str, str], ...]:
    text = visual(IGNORABLE.sub("", text))
    if all(ord(char) in _characters(font) for char in text):
        return ((font, text),) if text else ()
    chain = CHAINS[font]
    result: list[tuple[str, str]] = []
    for char in text:
        code = ord(char)
        chosen = next((name for name in chain if code in _characters(name)), font)
        if result and char == " " and code in _characters(result[-1][0]):
            chosen = result[-1][0]  # a space between two CJK words needs no switch of font
        if result and result[-1][0] == chosen:
            result[-1] = (chosen, result[-1][1] + char)
        else:
            result.append((chosen, char))
    return tuple(result)


def text_width(text: str, font: str, size: float) -> float:
    """The width of ``text`` as :func:`runs` writes it (``stringWidth`` with fallbacks)."""
    return sum(pdfmetrics.stringWidth(part, name, size) for name, part in runs(text, font))


def markup(text: str, font: str = SANS_BOLD) -> str:
    """Paragraph mini-HTML for ``text`` (escaped, so "A & B <C>" prints as typed) with a
    ``<font face>`` around each run in a fallback font. ``font`` is the paragraph's font;
    by default the runs are cut so that a regular and a bold sans paragraph both print."""
    parts = []
    for name, part in runs(text, font):
        escaped = xml_escape(part)
        parts.append(escaped if name == font else f'<font face="{name}">{escaped}</font>')
    return "".join(parts)


class FallbackCanvas(Canvas):
    """A canvas whose strings are written in runs: a character its font lacks comes from the
    font's chain (CJK, emoji, …) instead of printing as an empty box."""

    def stringWidth(
        self, text: str, fontName: str | None = None, fontSize: float | None = None
    ) -> float:
        return text_width(
            text, fontName or self._fontname, self._fontsize if fontSize is None else fontSize
        )

    def _draw_runs(self, x: float, y: float, text: str, **options: Any) -> None:
        font, size, leading = self._fontname, self._fontsize, self._leading
        for name, part in runs(text, font):
            if name != self._fontname:
                self.setFont(name, size, leading)
            super().drawString(x, y, part, **options)
            x += pdfmetrics.stringWidth(part, name, size)
        if self._fontname != font:
            self.setFont(font, size, leading)

    def _single_run(self, text: str) -> bool:
        parts = runs(text, self._fontname)
        return len(parts) == 1 and parts[0] == (self._fontname, text)

    def drawString(self, x: float, y: float, text: str, **options: Any) -> None:
        if self._single_run(text):
            super().drawString(x, y, text, **options)
        else:
            self._draw_runs(x, y, text, **options)

    def drawRightString(self, x: float, y: float, text: str, **options: Any) -> None:
        if self._single_run(text):
            super().drawRightString(x, y, text, **options)
        else:
            self._draw_runs(x - self.stringWidth(text), y, text, **options)

    def drawCentredString(self, x: float, y: float, text: str, **options: Any) -> None:
        if self._single_run(text):
            super().drawCentredString(x, y, text, **options)
        else:
            self._draw_runs(x - self.stringWidth(text) / 2, y, text, **options)
