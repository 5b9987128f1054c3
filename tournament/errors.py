"""Domain errors: mistakes a user can make and must be told about in their language.

A ``DomainError`` carries a translated message and, where it helps, the field or place it is
about. Anything else that goes wrong is a programming error and is never shown to users.
"""

from __future__ import annotations

from collections.abc import Sequence


class DomainError(Exception):
    """A refused action, with a translated message meant for the user."""

    def __init__(self, message: str, *, field: str | None = None, problems: Sequence[str] = ()):
        super().__init__(message)
        self.message = str(message)
        self.field = field
        self.problems = [str(problem) for problem in problems]

    def __str__(self) -> str:
        if self.problems:
            return "\n".join([self.message, *self.problems])
        return self.message


class StaleWriteError(DomainError):
    """Someone else changed the object since the writer loaded it."""
