"""Make the fallback fonts of the PDF printouts (a developer's tool, not run by the app).

The printouts write in DejaVu (``output/printouts/fonts``); a name in Chinese, Japanese or
Korean, or with an emoji, needs glyphs DejaVu has not. This script writes two compact fallback
fonts:

- ``DokoCJK.ttf`` from Noto Sans CJK SC (SIL Open Font License 1.1; Debian's fonts-noto-cjk):
  the characters of GB2312, JIS X 0208, Big5 level 1 and KS X 1001 (the Han characters, kana
  and Hangul syllables of everyday names in Chinese, Japanese and Korean), CJK punctuation and
  full-width forms. The CFF outlines are converted to TrueType outlines, because reportlab
  embeds only TrueType fonts.
- ``DokoEmoji.ttf`` from Symbola 2.60 (George Douros: "free for any use; may be opened,
  edited, modified, regenerated, packaged and redistributed"; Debian's fonts-symbola): the
  emoji, pictographs and symbols blocks, monochrome.

Run (needs fontTools from requirements-dev.txt):

    python tools/make_pdf_fonts.py /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc \
        /usr/share/fonts/truetype/ancient-scripts/Symbola_hint.ttf output/printouts/fonts
"""

from __future__ import annotations

import sys
from pathlib import Path

from fontTools.pens.cu2quPen import Cu2QuPen
from fontTools.pens.recordingPen import DecomposingRecordingPen
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.subset import Options, Subsetter
from fontTools.ttLib import TTCollection, TTFont, newTable

CJK_INDEX_SC = 2  # the faces of NotoSansCJK-Regular.ttc: JP, KR, SC, TC, HK, ...
CJK_CODECS = ("gb2312", "shift_jis")  # shift_jis: JIS X 0208 only (euc_jp adds JIS X 0212)
CJK_RANGES = (
    (0x3000, 0x30FF),  # CJK punctuation, Hiragana, Katakana
    (0x3130, 0x318F),  # Hangul compatibility Jamo
    (0x31F0, 0x31FF),  # Katakana phonetic extensions
    (0xFF00, 0xFFEF),  # full-width and half-width forms
)
EMOJI_RANGES = (
    (0x2190, 0x21FF),  # arrows
    (0x2300, 0x23FF),  # technical (⌚ ⏰)
    (0x2460, 0x24FF),  # enclosed numbers
    (0x25A0, 0x27BF),  # shapes, misc symbols, dingbats
    (0x2900, 0x297F),
    (0x2B00, 0x2BFF),
    (0x1F000, 0x1FAFF),  # cards, enclosed, pictographs, emoticons, transport, ...
)


def _encodable(codec: str, char: str) -> bool:
    try:
        char.encode(codec)
    except UnicodeEncodeError:
        return False
    return True


def cjk_characters() -> set[int]:
    chars = {
        code
        for code in range(0x4E00, 0x9FFF + 1)
        if any(_encodable(codec, chr(code)) for codec in CJK_CODECS)
    }
    # KS X 1001: the 2,350 Hangul syllables with a two-byte code (Python's euc_kr writes the
    # others as eight-byte sequences of Jamo).
    chars.update(
        code
        for code in range(0xAC00, 0xD7A3 + 1)
        if _encodable("euc_kr", chr(code)) and len(chr(code).encode("euc_kr")) == 2
    )
    # Big5 level 1: the 5,401 frequent Han characters (codes A440 to C67E).
    for code in range(0x4E00, 0x9FFF + 1):
        try:
            encoded = chr(code).encode("big5")
        except UnicodeEncodeError:
            continue
        if b"\xa4\x40" <= encoded <= b"\xc6\x7e":
            chars.add(code)
    for start, end in CJK_RANGES:
        chars.update(range(start, end + 1))
    chars.add(0x20)  # "山田 さくら" in one run
    return chars


def subset(font: TTFont, characters: set[int]) -> TTFont:
    options = Options()
    options.layout_features = []  # reportlab neither shapes nor substitutes
    options.name_IDs = ["*"]
    options.notdef_outline = True
    options.hinting = False
    options.desubroutinize = True
    subsetter = Subsetter(options)
    subsetter.populate(unicodes=characters & set(font.getBestCmap()))
    subsetter.subset(font)
    return font


def cff_to_truetype(font: TTFont) -> TTFont:
    """Replace the CFF table by glyf/loca with quadratic outlines (reportlab needs these)."""
    glyph_set = font.getGlyphSet()
    glyf = newTable("glyf")
    glyf.glyphOrder = font.getGlyphOrder()
    glyf.glyphs = {}
    for name in glyf.glyphOrder:
        recording = DecomposingRecordingPen(glyph_set)
        glyph_set[name].draw(recording)
        pen = TTGlyphPen(None)
        recording.replay(Cu2QuPen(pen, max_err=1.0, reverse_direction=True))
        glyf.glyphs[name] = pen.glyph()
    font["glyf"] = glyf
    font["loca"] = newTable("loca")
    del font["CFF "]
    if "VORG" in font:
        del font["VORG"]
    maxp = font["maxp"]
    maxp.tableVersion = 0x00010000
    for attribute in (
        "maxZones",
        "maxTwilightPoints",
        "maxStorage",
        "maxFunctionDefs",
        "maxInstructionDefs",
        "maxStackElements",
        "maxSizeOfInstructions",
        "maxComponentElements",
        "maxPoints",
        "maxContours",
        "maxCompositePoints",
        "maxCompositeContours",
        "maxComponentDepth",
    ):
        setattr(maxp, attribute, 0)
    maxp.maxZones = 1
    font["head"].glyphDataFormat = 0
    font["head"].indexToLocFormat = 1
    post = font["post"]
    post.formatType = 2.0
    post.extraNames = []
    post.mapping = {}
    font.sfntVersion = "\x00\x01\x00\x00"
    return font


def rename(font: TTFont, family: str) -> None:
    for record in font["name"].names:
        if record.nameID in (1, 4, 16):
            record.string = family
        elif record.nameID == 6:
            record.string = family.replace(" ", "")


def main(cjk_path: str, emoji_path: str, out_dir: str) -> None:
    out = Path(out_dir)
    cjk = TTCollection(cjk_path).fonts[CJK_INDEX_SC]
    cjk = cff_to_truetype(subset(cjk, cjk_characters()))
    rename(cjk, "Doko CJK")
    cjk.save(out / "DokoCJK.ttf")
    emoji_chars = {code for start, end in EMOJI_RANGES for code in range(start, end + 1)}
    emoji_chars.add(0x20)
    emoji = subset(TTFont(emoji_path), emoji_chars)
    rename(emoji, "Doko Emoji")
    emoji.save(out / "DokoEmoji.ttf")
    for name in ("DokoCJK.ttf", "DokoEmoji.ttf"):
        font = TTFont(out / name)
        print(name, len(font.getBestCmap()), "characters", (out / name).stat().st_size, "bytes")


if __name__ == "__main__":
    main(*sys.argv[1:4])
