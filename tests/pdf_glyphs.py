"""Which characters a PDF prints with a real glyph, read back from the PDF itself.

reportlab embeds each TrueType font as subsets of up to 256 characters: a subset's
``/ToUnicode`` map says which character each code stands for, and the embedded font file
(``/FontFile2``) has the glyph drawn for that code. A character its font lacks is written as
code 0, ``.notdef`` (an empty box on paper), which the text of the page reads as NUL.
:func:`printed_characters` reads every font on every page (also inside forms): which
character beyond ASCII is printed with a real glyph of which font (every font's first subset
lists all of ASCII whether used or not, so ASCII is not judged; DejaVu has all of it), and how
many boxes there are.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, field

from fontTools.ttLib import TTFont
from pypdf import PdfReader
from pypdf.generic import DictionaryObject, IndirectObject

BFCHAR = re.compile(rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>")
BFRANGE = re.compile(rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>")


@dataclass
class Glyphs:
    printed: dict[str, set[str]] = field(default_factory=dict)  # character: font base names
    boxes: int = 0  # characters drawn as .notdef

    def fonts_of(self, char: str) -> set[str]:
        return self.printed.get(char, set())


def _character(target: bytes) -> str:
    """reportlab writes a character beyond U+FFFF as its plain number (``<1F600>``), not as
    UTF-16 (``<D83DDE00>``); both are read."""
    if len(target) % 4 or len(target) == 4:
        return chr(int(target, 16))
    return bytes.fromhex(target.decode()).decode("utf-16-be")


def _to_unicode(data: bytes) -> dict[int, str]:
    mapping: dict[int, str] = {}
    for block in re.findall(rb"beginbfrange(.*?)endbfrange", data, re.S):
        for start, end, target in BFRANGE.findall(block):
            first = int(target, 16)
            for offset, code in enumerate(range(int(start, 16), int(end, 16) + 1)):
                mapping[code] = chr(first + offset)
    for block in re.findall(rb"beginbfchar(.*?)endbfchar", data, re.S):
        for code, target in BFCHAR.findall(block):
            mapping[int(code, 16)] = _character(target)
    return mapping


def _fonts(resources: DictionaryObject, seen: set[int]):
    if isinstance(resources, IndirectObject):
        resources = resources.get_object()
    for font in (resources.get("/Font") or {}).values():
        yield font.get_object()
    for xobject in (resources.get("/XObject") or {}).values():
        reference = xobject.indirect_reference if hasattr(xobject, "indirect_reference") else None
        xobject = xobject.get_object()
        key = id(xobject) if reference is None else reference.idnum
        if key in seen or "/Resources" not in xobject:
            continue
        seen.add(key)
        yield from _fonts(xobject["/Resources"], seen)


def printed_characters(data: bytes) -> Glyphs:
    """Which characters have a glyph in which embedded font, and how many empty boxes."""
    reader = PdfReader(io.BytesIO(data))
    glyphs = Glyphs()
    done: set[int] = set()
    for page in reader.pages:
        for font in _fonts(page["/Resources"], set()):
            descriptor = font.get("/FontDescriptor")
            if "/ToUnicode" not in font or descriptor is None:
                continue
            descriptor = descriptor.get_object()
            if "/FontFile2" not in descriptor or id(font) in done:
                continue
            done.add(id(font))
            name = str(font["/BaseFont"]).split("+")[-1]
            unicode = _to_unicode(font["/ToUnicode"].get_object().get_data())
            embedded = TTFont(io.BytesIO(descriptor["/FontFile2"].get_object().get_data()))
            cmap = {}
            for table in embedded["cmap"].tables:
                cmap.update(table.cmap)
            order = embedded.getGlyphOrder()
            for code, char in unicode.items():
                if char < "\x80":
                    continue  # every font's first subset lists all of ASCII, used or not
                if cmap.get(code, order[0]) != order[0]:
                    glyphs.printed.setdefault(char, set()).add(name)
        glyphs.boxes += page.extract_text().count("\x00")
    return glyphs
