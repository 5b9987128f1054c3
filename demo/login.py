"""The demo's published organiser login (README, docs/anleitung.md): valid only in ``make run``.

``config.auth`` refuses this password on the network and on the internet, for every user.
"""

DEMO_USER = "demo"
DEMO_PASSWORD = "doko-demo"
