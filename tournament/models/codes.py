"""Random values the models hand out: entry tokens, the short codes printed beside the QR codes
and the participants' and members' public ids."""

from __future__ import annotations

import secrets


def new_entry_token() -> str:
    return secrets.token_urlsafe(24)


# The short code printed beside the QR code, typed on a phone without a camera: no characters
# that are easily confused (I/l/1, O/0), shown as two groups of four ("KD7R-M2QX").
SHORT_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
SHORT_CODE_LENGTH = 8


def new_short_code() -> str:
    return "".join(secrets.choice(SHORT_CODE_ALPHABET) for _ in range(SHORT_CODE_LENGTH))


def normalize_short_code(text: str) -> str:
    """What was typed ("kd7r m2qx", "KD7R-M2QX") as the stored code; "" if it cannot be one."""
    code = "".join(char for char in str(text).upper() if not char.isspace() and char not in "-_.")
    if len(code) != SHORT_CODE_LENGTH or any(char not in SHORT_CODE_ALPHABET for char in code):
        return ""
    return code


PUBLIC_ID_BYTES = 9  # 72 random bits, 12 characters of [A-Za-z0-9_-]


def new_public_id() -> str:
    """The participant's id in public URLs (player pages): random, so that nobody can walk
    through the players of every tournament by counting."""
    return secrets.token_urlsafe(PUBLIC_ID_BYTES)
