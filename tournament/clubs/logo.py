"""A club's logo for the header of its printouts, kept in the database (``Club.logo``).

Several app servers share only the database, so the logo is never a file on disk. An upload is
treated as hostile: at most ``MAX_BYTES``, a PNG or JPEG as Pillow reads it (the file's name
and type as sent say nothing), at most ``MAX_SIDE`` pixels a side as its header says *before*
any pixel is decoded. What is stored is a fresh PNG drawn from the pixels only (no EXIF, no
text chunks, no colour profile), scaled to at most ``STORED_SIDE`` pixels on its long side.
"""

from __future__ import annotations

import io
import warnings

from django.utils.translation import gettext as _
from PIL import Image, ImageOps, UnidentifiedImageError

from tournament.errors import DomainError

MAX_BYTES = 512 * 1024
MAX_SIDE = 4000
STORED_SIDE = 600
FORMATS = frozenset({"PNG", "JPEG"})


class LogoRefused(DomainError):
    """An upload that is not stored; the message says why (shown at the form's field)."""


def _not_an_image() -> LogoRefused:
    return LogoRefused(_("Das Logo muss ein PNG- oder JPEG-Bild sein."), field="logo")


def too_large(size: int) -> LogoRefused:
    return LogoRefused(
        _("Das Logo ist zu groß (%(size)d KB; höchstens %(limit)d KB).")
        % {"size": (size + 1023) // 1024, "limit": MAX_BYTES // 1024},
        field="logo",
    )


def clean_logo(data: bytes) -> bytes:
    """The upload ``data`` as the PNG to store; ``LogoRefused`` if it is not acceptable."""
    if len(data) > MAX_BYTES:
        raise too_large(len(data))
    try:
        with warnings.catch_warnings():
            # Pillow only warns about a large image; here anything above the limit is refused.
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            image = Image.open(io.BytesIO(data), formats=sorted(FORMATS))
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise LogoRefused(
            _("Das Logo hat viel zu viele Pixel (höchstens %(limit)d × %(limit)d).")
            % {"limit": MAX_SIDE},
            field="logo",
        ) from None
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError):
        raise _not_an_image() from None
    with image:
        if image.format not in FORMATS:
            raise _not_an_image()
        width, height = image.size  # from the header: nothing decoded yet
        if width > MAX_SIDE or height > MAX_SIDE or width < 1 or height < 1:
            raise LogoRefused(
                _(
                    "Das Logo ist %(width)d × %(height)d Pixel groß; höchstens "
                    "%(limit)d × %(limit)d Pixel."
                )
                % {"width": width, "height": height, "limit": MAX_SIDE},
                field="logo",
            )
        try:
            image.load()
            upright = ImageOps.exif_transpose(image)
        except (OSError, ValueError, SyntaxError, Image.DecompressionBombError):
            raise LogoRefused(
                _("Das Logo lässt sich nicht lesen (die Datei ist beschädigt)."), field="logo"
            ) from None
        return _stored_png(upright)


def _stored_png(image: Image.Image) -> bytes:
    has_alpha = image.mode in ("RGBA", "LA", "PA") or "transparency" in image.info
    mode = "RGBA" if has_alpha else "RGB"
    converted = image.convert(mode)
    converted.thumbnail((STORED_SIDE, STORED_SIDE), Image.Resampling.LANCZOS)
    # Only the pixels go into the new image: no EXIF, ICC profile or text from the upload.
    clean = Image.new(mode, converted.size)
    clean.paste(converted)
    buffer = io.BytesIO()
    clean.save(buffer, format="PNG", optimize=True)
    return buffer.getvalue()
