"""Benchmark of the standings pages with 400 players after round 2.

Run from the repository root::

    .venv/bin/python bench/bench_standings.py [--players 400] [--iterations 200]

Server time of the public page (``/t/<slug>/tabelle/``), the organiser's page
(``/verwaltung/<slug>/tabelle/``) and the JSON API, through Django's test client in this process,
against a BASELINE page in the same process: the same rows and columns as a ready-made list,
rendered with the same base template by a plain template loop (``bench/templates/bench/``).
Requests of page and baseline alternate, so drift hits both alike.

Budgets: median at most 3x the baseline's, at most 10 queries. Measured with the public cache
off (``PUBLIC_CACHE_SECONDS=0``, the real cost of every request) and on (the setting's default of
5 s: one computation per 5 s, the other requests read the cache).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import common

MAX_RATIO = 3.0
MAX_QUERIES = 10


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--iterations", type=int, default=200)
    args = parser.parse_args(argv)

    common.setup()
    import bench_urls
    from django.conf import settings
    from django.core.cache import cache
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext, override_settings
    from django.urls import reverse

    from scoring.standings.ranking import compute_standings

    templates = [dict(settings.TEMPLATES[0])]
    templates[0]["DIRS"] = [*templates[0]["DIRS"], common.BENCH_DIR / "templates"]
    overrides = override_settings(TEMPLATES=templates, ROOT_URLCONF="bench_urls")
    overrides.enable()

    common.header("standings pages")
    tournament = common.ensure_demo(args.players, args.rounds)
    standings = compute_standings(tournament)
    rows = [
        {
            "rank": row.rank,
            "name": row.name,
            "url": f"/t/{tournament.slug}/spieler/{row.public_id}/",
            "rounds": list(row.rounds),
            "total": row.total,
            "games_won": row.games_won,
            "solos": row.solos,
        }
        for row in standings.rows
    ]
    columns = [
        "Platz",
        "Name",
        *[f"Durchg. {n}" for n in standings.round_numbers],
        "Punkte",
        "gewonnene Spiele",
        "Soli",
    ]
    rounds = list(tournament.rounds.order_by("number"))
    common_context = {"tournament": tournament, "rows": rows, "columns": columns}
    bench_urls.BASELINE["public"] = {
        **common_context,
        "base": "public/base_public.html",
        "page": "standings",
    }
    bench_urls.BASELINE["organiser"] = {
        **common_context,
        "base": "organiser_base.html",
        "rounds": rounds,
        "section": "standings",
    }
    print(
        f"tournament: {tournament.slug}, {len(rows)} rows after round {standings.after_round}, "
        f"{args.iterations} requests each (median and p95 of server time)"
    )

    public = Client()
    organiser = Client()
    organiser.force_login(common.bench_user())
    slug = tournament.slug
    cases = [
        ("public", public, reverse("public:standings", args=[slug]), "/bench/baseline/public/"),
        (
            "organiser",
            organiser,
            reverse("scoring:standings", args=[slug]),
            "/bench/baseline/organiser/",
        ),
        ("json api", public, reverse("api:standings", args=[slug]), None),
    ]

    failures = 0
    for cache_seconds in (0, 5):
        label = "cache off" if cache_seconds == 0 else f"cache on ({cache_seconds} s)"
        with override_settings(PUBLIC_CACHE_SECONDS=cache_seconds):
            cache.clear()
            print(f"-- {label}")
            for name, client, url, baseline_url in cases:
                response = client.get(url)
                assert response.status_code == 200, (url, response.status_code)
                with CaptureQueriesContext(connection) as queries:
                    client.get(url)
                count = len(queries.captured_queries)  # before the next request resets the log
                page_times, base_times = [], []
                base_size = 0
                if baseline_url:
                    base_response = client.get(baseline_url)
                    assert base_response.status_code == 200
                    base_size = len(base_response.content)
                for _ in range(3):  # warm-up
                    client.get(url)
                    if baseline_url:
                        client.get(baseline_url)
                for _ in range(args.iterations):
                    start = time.perf_counter()
                    client.get(url)
                    page_times.append(time.perf_counter() - start)
                    if baseline_url:
                        start = time.perf_counter()
                        client.get(baseline_url)
                        base_times.append(time.perf_counter() - start)
                page = common.summary(page_times)
                query_ok = count <= MAX_QUERIES
                line = (
                    f"{name:10s} median {common.ms(page['median'])}, p95 {common.ms(page['p95'])}, "
                    f"{count} queries [{common.verdict(query_ok)} <= {MAX_QUERIES}], "
                    f"{len(response.content) / 1024:.0f} kB"
                )
                ratio_ok = True
                if baseline_url:
                    base = common.summary(base_times)
                    ratio = page["median"] / base["median"]
                    ratio_ok = ratio <= MAX_RATIO
                    line += (
                        f"\n{'':10s} baseline median {common.ms(base['median'])}, "
                        f"p95 {common.ms(base['p95'])}, {base_size / 1024:.0f} kB; "
                        f"ratio {ratio:.2f}x [{common.verdict(ratio_ok)} <= {MAX_RATIO:g}x]"
                    )
                print(line, flush=True)
                failures += (not query_ok) + (not ratio_ok)
    overrides.disable()
    print(f"result: {'PASS' if not failures else f'FAIL ({failures} budgets missed)'}")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
