"""The settings of the environment (network mode in the server test) plus the test-only failing
URLs of ``failing_urls.py``: a page that raises, to see the real server's 500 page."""

from config.settings import *  # noqa: F403

ROOT_URLCONF = "tests.reliability.failing_urls"
