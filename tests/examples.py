"""How many examples a property test draws, by hypothesis profile.

``ci`` (the default, ``make test``) draws a third of a test's stated count, at least 20; ``deep``
(``make test-deep``, ``HYPOTHESIS_PROFILE=deep``) draws four times the stated count. Tests that
state no count take the profile's own ``max_examples`` (registered in ``tests/conftest.py``).
"""

from __future__ import annotations

import os

PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "ci")


def examples(stated: int) -> int:
    """The number of examples for a test whose full-depth count is ``stated``."""
    return stated * 4 if PROFILE == "deep" else max(20, stated // 3)
