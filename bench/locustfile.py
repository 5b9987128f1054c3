"""The load mix of a tournament evening for locust, driven by ``bench_capacity.py`` and
``bench_cluster.py`` (not meant to be started by hand, but it can be, see below).

- ``Player``: a phone with the public standings open. Asks every ``poll_interval`` seconds
  with the page's ETag (``If-None-Match``), as the page's script does, starting from the ETag
  the driver read just before (setting ``etag``); 200 and 304 are both answers, counted apart.
- ``Captain``: a table captain with the table's link ``/e/<token>/``, as the page behaves since
  issue 13: GET the page once (CSRF token and ``revision``), then every ``captain_pause``
  seconds POST the table's games (16 or 20) to its autosave address ``sichern/`` with the
  revision of the last answer; the answer must be 200 with the new revision. A 409 is an error:
  each captain writes only its own sheet, so it would be a lost write.
- ``Desk``: the organiser, logged in, confirming: on its own tables (none of the captains'),
  one after the other every ``desk_pause`` seconds: reopen the table's sheet if it was confirmed
  before, then "save and confirm" all its games. Every confirmation is a new public ETag.
- ``Static``: a static file through the same stack (WhiteNoise in gunicorn), without pause:
  the floor.

Users start spread over their interval and keep that phase (``steady_pacing``; locust's own
``constant_pacing`` counts from the moment the user was created, so after the first task every
user of a kind fires in the same instant: 200 polls within 0.1 s every 5 s), and each keeps one
keep-alive connection. The plan (tables, links, form bodies, login) comes from ``bench/stack.py
prepare``; settings and hosts from the environment (``DOKO_LOCUST_*``). Besides locust's CSV
statistics this writes ``DOKO_LOCUST_RESULTS``: the measured seconds, polls by status, and the
successful and unanswered saves per table link (checked against the database afterwards).

By hand: ``DOKO_LOCUST_PLAN=/tmp/plan.json DOKO_LOCUST_HOSTS=http://127.0.0.1:8600
DOKO_LOCUST_RESULTS=/tmp/r.json .venv/bin/locust -f bench/locustfile.py --headless -u 301
-r 301 -t 30s``.
"""

from __future__ import annotations

import itertools
import json
import os
import random
import re
import time
from collections import Counter
from pathlib import Path
from urllib.parse import urlencode

import gevent
from locust import FastHttpUser, constant, events, task

PLAN = json.loads(Path(os.environ["DOKO_LOCUST_PLAN"]).read_text(encoding="utf-8"))
HOSTS = os.environ.get("DOKO_LOCUST_HOSTS", "").split(",")
SETTINGS = json.loads(os.environ.get("DOKO_LOCUST_SETTINGS", "{}"))
USERS = SETTINGS.get("users", {"Player": 200, "Captain": 100, "Desk": 1, "Static": 0})
POLL_INTERVAL = float(SETTINGS.get("poll_interval", 5.0))
CAPTAIN_PAUSE = float(SETTINGS.get("captain_pause", 10.0))
DESK_PAUSE = float(SETTINGS.get("desk_pause", 10.0))
CSRF_RE = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
REVISION_RE = re.compile(r'name="revision" value="(\d+)"')

polls: Counter[str] = Counter()
saved: Counter[str] = Counter()
unknown: Counter[str] = Counter()
# Saves sent and not answered yet: a save cut off when the test stops may still be stored.
inflight: Counter[str] = Counter()
window = {"start": 0.0, "stop": 0.0}
# Polls begun per tenth of a second: the spread check (an even spread of 200 phones polling every
# 5 s is 4 per tenth; locust's constant_pacing made it 200).
poll_starts: Counter[int] = Counter()
_numbers = {name: itertools.count() for name in ("Player", "Captain", "Desk", "Static")}


@events.test_start.add_listener
def _started(**_kwargs) -> None:
    window["start"] = time.monotonic()


@events.test_stop.add_listener
def _stopped(**_kwargs) -> None:
    window["stop"] = time.monotonic()
    with open(os.environ["DOKO_LOCUST_RESULTS"], "w", encoding="utf-8") as out:
        json.dump(
            {
                "seconds": window["stop"] - window["start"],
                "polls": dict(polls),
                "saved": dict(saved),
                "unknown": dict(unknown + inflight),
                "most_polls_in_a_tenth": max(poll_starts.values(), default=0),
            },
            out,
        )


def steady_pacing(user: Base) -> float:
    """Wait until the user's next turn: every ``interval`` seconds from its own start, whatever
    a request took (as the page's ``setInterval``); a turn missed by a slow answer is not made
    up with a burst."""
    now = time.monotonic()
    user.next_turn = max(user.next_turn + user.interval, now)
    return user.next_turn - now


class Base(FastHttpUser):
    abstract = True
    host = HOSTS[0]
    network_timeout = 30.0
    connection_timeout = 30.0
    interval = 1.0

    def on_start(self) -> None:
        self.number = next(_numbers[type(self).__name__])
        self.base = HOSTS[self.number % len(HOSTS)]
        gevent.sleep(random.uniform(0, self.interval))  # start spread over the interval
        self.next_turn = time.monotonic()  # and keep that phase (steady_pacing)

    def form(self, text: str) -> tuple[str, str] | None:
        csrf, revision = CSRF_RE.search(text), REVISION_RE.search(text)
        if csrf is None or revision is None:
            return None
        return csrf.group(1), revision.group(1)


class Player(Base):
    fixed_count = USERS.get("Player", 0)
    interval = POLL_INTERVAL
    wait_time = steady_pacing

    def on_start(self) -> None:
        super().on_start()
        # The page is open already (the driver's ETag of a moment ago): every poll is
        # conditional from the start, as on phones that have the standings open.
        self.etag = SETTINGS.get("etag", "")

    @task
    def poll(self) -> None:
        poll_starts[int(time.monotonic() * 10)] += 1
        headers = {"If-None-Match": self.etag} if self.etag else {}
        with self.client.get(
            self.base + PLAN["standings"],
            headers=headers,
            name="standings poll",
            catch_response=True,
        ) as response:
            if response.status_code == 304:
                polls["304"] += 1
                response.success()
            elif response.status_code == 200:
                polls["200"] += 1
                self.etag = response.headers.get("ETag", "")
                response.success()
            else:
                response.failure(f"HTTP {response.status_code}")


class Captain(Base):
    """As the captain's page does since issue 13: open the link once, then every
    ``captain_pause`` seconds the autosave (``sichern/``) with the revision of the last answer."""

    fixed_count = USERS.get("Captain", 0)
    interval = CAPTAIN_PAUSE
    wait_time = steady_pacing

    def on_start(self) -> None:
        super().on_start()
        self.table = PLAN["captains"][self.number % len(PLAN["captains"])]
        self.path = f"{self.base}/e/{self.table['token']}/"
        self.bodies = itertools.cycle(PLAN["bodies"][str(self.table["size"])])
        self.found: tuple[str, str] | None = None

    def open_page(self) -> bool:
        with self.client.get(self.path, name="captain GET", catch_response=True) as response:
            self.found = self.form(response.text or "") if response.status_code == 200 else None
            if self.found is None:
                response.failure(f"HTTP {response.status_code}, form fields missing")
                return False
            response.success()
        return True

    @task
    def save(self) -> None:
        if self.found is None and not self.open_page():
            return
        csrf, revision = self.found
        body = dict(next(self.bodies), csrfmiddlewaretoken=csrf, revision=revision)
        token = self.table["token"]
        inflight[token] += 1
        with self.client.post(
            self.path + "sichern/",
            data=urlencode(body),
            headers={"Content-Type": "application/x-www-form-urlencoded", "Referer": self.path},
            name="captain autosave",
            catch_response=True,
        ) as response:
            inflight[token] -= 1
            if response.status_code == 200:
                answer = response.json()
                self.found = (csrf, str(answer["revision"]))
                if answer["state"] == "saved":
                    saved[token] += 1
                response.success()
            elif response.status_code == 0:  # no answer: it may or may not have been saved
                unknown[token] += 1
                self.found = None  # read the revision from the page again
                response.failure(f"no answer: {response.error}")
            else:
                self.found = None
                response.failure(f"HTTP {response.status_code}")


class Desk(Base):
    fixed_count = USERS.get("Desk", 0)
    interval = DESK_PAUSE
    wait_time = steady_pacing

    def on_start(self) -> None:
        super().on_start()
        login = self.base + "/konto/anmelden/"
        page = self.client.get(login, name="desk login")
        csrf = CSRF_RE.search(page.text or "")
        body = {
            "username": PLAN["username"],
            "password": PLAN["password"],
            "csrfmiddlewaretoken": csrf.group(1) if csrf else "",
        }
        with self.client.post(
            login,
            data=urlencode(body),
            headers={"Content-Type": "application/x-www-form-urlencoded", "Referer": login},
            name="desk login",
            allow_redirects=False,
            catch_response=True,
        ) as response:
            if response.status_code != 302:
                response.failure(f"login: HTTP {response.status_code}")
        self.tables = itertools.cycle(PLAN["desk"])

    def sheet_page(self, path: str) -> tuple[str, str, bool] | None:
        """The page's CSRF token and revision, and whether the sheet is confirmed (its reopen
        form is shown; asked of the page, since a table confirmed in an earlier step of the
        ladder is still confirmed)."""
        with self.client.get(path, name="desk GET", catch_response=True) as response:
            text = response.text or ""
            found = self.form(text) if response.status_code == 200 else None
            if found is None:
                response.failure(f"HTTP {response.status_code}, form fields missing")
                return None
            return (*found, 'oeffnen/"' in text)

    def post(self, path: str, body: dict, name: str, token: str = "") -> bool:
        inflight[token] += 1
        with self.client.post(
            path,
            data=urlencode(body),
            headers={"Content-Type": "application/x-www-form-urlencoded", "Referer": path},
            name=name,
            allow_redirects=False,
            catch_response=True,
        ) as response:
            inflight[token] -= 1
            if response.status_code == 302:
                return True
            response.failure(f"HTTP {response.status_code}")
            return False

    @task
    def confirm(self) -> None:
        table = next(self.tables)
        path = (
            f"{self.base}/verwaltung/{PLAN['slug']}/durchgang/{PLAN['round']}"
            f"/tisch/{table['table']}/"
        )
        found = self.sheet_page(path)
        if found is None:
            return
        csrf, revision, confirmed = found
        if confirmed:
            reopen = {"csrfmiddlewaretoken": csrf, "revision": revision, "reason": "Lasttest"}
            if not self.post(path + "oeffnen/", reopen, "desk reopen"):
                return
            found = self.sheet_page(path)
            if found is None:
                return
            csrf, revision, _confirmed = found
        body = dict(PLAN["bodies"][str(table["size"])][0])
        body.update(csrfmiddlewaretoken=csrf, revision=revision, confirm="1")
        if self.post(path, body, "desk confirm", table["token"]):
            saved[table["token"]] += 1


class Static(Base):
    fixed_count = USERS.get("Static", 0)
    interval = 0.0
    wait_time = constant(0)

    @task
    def static(self) -> None:
        self.client.get(self.base + PLAN["static"], name="static file")
