"""Benchmark of the season table: 12 evenings of 400 players (a pool of 500 members).

Run from the repository root::

    .venv/bin/python bench/bench_seasons.py [--evenings 12] [--players 400] [--iterations 100]

The season is made once by ``manage.py generate_demo --club bench-saison --evenings 12`` (about a
minute) and reused while complete. Server time of the organiser's season page, the public page,
the JSON API, PDF and Excel, through Django's test client in this process; the pages against the
standings benchmark's BASELINE template (the same rows as a ready-made list, plain template loop,
same base template). Budgets as for today's standings: median at most 3x the baseline's, at most
10 queries.
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
CLUB = "bench-saison"


def ensure_season(evenings: int, players: int, rounds: int):
    from django.core.management import call_command

    from scoring.models import Season
    from tournament.models import ClubMembership

    season = Season.objects.filter(club__slug=CLUB, slug="2025").first()
    if season is None or season.tournaments.count() != evenings:
        start = time.perf_counter()
        call_command(
            "generate_demo",
            club=CLUB,
            evenings=evenings,
            players=players,
            rounds=rounds,
            seed=common.DEMO_SEED,
            replace=True,
            stdout=sys.stderr,
        )
        print(f"  (generated in {time.perf_counter() - start:.1f} s)", file=sys.stderr)
        common.vacuum()
        season = Season.objects.get(club__slug=CLUB, slug="2025")
    ClubMembership.objects.get_or_create(
        user=common.bench_user(), club=season.club, defaults={"role": "organiser"}
    )
    return season


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--evenings", type=int, default=12)
    parser.add_argument("--players", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--iterations", type=int, default=100)
    args = parser.parse_args(argv)

    common.setup()
    import bench_urls
    from django.conf import settings
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext, override_settings
    from django.urls import reverse

    from seasons.ranking import compute_season

    templates = [dict(settings.TEMPLATES[0])]
    templates[0]["DIRS"] = [*templates[0]["DIRS"], common.BENCH_DIR / "templates"]
    overrides = override_settings(TEMPLATES=templates, ROOT_URLCONF="bench_urls")
    overrides.enable()

    common.header("season table")
    season = ensure_season(args.evenings, args.players, args.rounds)
    table = compute_season(season)
    rows = [
        {
            "rank": row.rank,
            "name": row.name,
            "url": f"/v/{CLUB}/saison/2025/mitglied/{table.public_ids[row.member_id]}/",
            "rounds": [row.evenings, row.rounds],
            "total": row.points,
            "games_won": row.average,
            "solos": "",
        }
        for row in table.rows
    ]
    context = {
        "rows": rows,
        "columns": ["Platz", "Name", "Abende", "Durchgänge", "Punkte", "Schnitt", ""],
    }
    bench_urls.BASELINE["public"] = {**context, "base": "public/base_public.html"}
    bench_urls.BASELINE["organiser"] = {**context, "base": "organiser_base.html"}
    print(
        f"season: {CLUB}/2025, {len(table.tournaments)} evenings, {len(rows)} members, "
        f"{args.iterations} requests each (median and p95 of server time)"
    )
    public, organiser = Client(), Client()
    organiser.force_login(common.bench_user())
    season_args = [CLUB, "2025"]
    cases = [
        ("organiser", organiser, reverse("seasons:detail", args=season_args), "organiser"),
        ("public", public, reverse("public:season", args=season_args), "public"),
        ("json api", public, reverse("api:season", args=season_args), None),
        ("pdf", organiser, reverse("seasons:pdf", args=season_args), None),
        ("xlsx", organiser, reverse("seasons:xlsx", args=season_args), None),
    ]
    failures = 0
    for name, client, url, baseline in cases:
        iterations = (
            args.iterations if name not in ("pdf", "xlsx") else max(args.iterations // 10, 3)
        )
        response = client.get(url)
        assert response.status_code == 200, (url, response.status_code)
        with CaptureQueriesContext(connection) as queries:
            client.get(url)
        count = len(queries.captured_queries)
        baseline_url = f"/bench/baseline/{baseline}/" if baseline else None
        page_times, base_times = [], []
        for _ in range(iterations):
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
                f"\n{'':10s} baseline median {common.ms(base['median'])}; "
                f"ratio {ratio:.2f}x [{common.verdict(ratio_ok)} <= {MAX_RATIO:g}x]"
            )
        print(line, flush=True)
        failures += (not query_ok) + (not ratio_ok)
    overrides.disable()
    print(f"result: {'PASS' if not failures else f'FAIL ({failures} budgets missed)'}")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
