"""The club and its evenings of the season tests (``tests/seasons/conftest.py``)."""

from tests.seasons.conftest import club, play_evening  # noqa: F401
