"""The Django side of the load benchmarks, run as a subprocess with the server's own environment
(``python bench/stack_django.py prepare|verify``, called by ``stack.prepare`` and
``stack.verify``): see ``stack.py``'s docstring for what ``prepare`` and ``verify`` do."""

from __future__ import annotations

import json
import os
import random
import sys
from pathlib import Path

from stack import ORGANISER, ORGANISER_PASSWORD, ROOT, SEED


def static_outdated(root: Path) -> bool:
    """True unless ``root`` holds a manifest newer than every file under ``static/`` (WhiteNoise
    needs the manifest; making it compresses every file again, which takes long)."""
    manifest = root / "staticfiles.json"
    if not manifest.exists():
        return True
    newest = max(path.stat().st_mtime for path in (ROOT / "static").rglob("*") if path.is_file())
    return newest > manifest.stat().st_mtime


def _django() -> None:
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()


def _prepare(plan_path: str, captains: int, desk_tables: int, players: int) -> None:
    _django()
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.core.cache import cache
    from django.core.management import call_command
    from django.db import connection

    from demo.records import form_data, sheet_records
    from scoring.models import Sheet
    from tournament.models import Tournament

    call_command("migrate", interactive=False, verbosity=0)
    if static_outdated(Path(settings.STATIC_ROOT)):
        # The same manifest as production's storage, without compressing every file (that
        # took 45 s on a busy machine); WhiteNoise then serves the files uncompressed.
        from django.test.utils import override_settings

        manifest = "django.contrib.staticfiles.storage.ManifestStaticFilesStorage"
        storages = {**settings.STORAGES, "staticfiles": {"BACKEND": manifest}}
        with override_settings(STORAGES=storages):
            call_command("collectstatic", interactive=False, verbosity=0)
    users = get_user_model()
    if not users.objects.filter(username=ORGANISER).exists():
        users.objects.create_user(ORGANISER, password=ORGANISER_PASSWORD)
    slug = f"bench-{players}p-2r-open"
    call_command(
        "generate_demo",
        players=players,
        rounds=2,
        seed=SEED,
        slug=slug,
        open_round=True,
        replace=True,
        organiser=ORGANISER,
        stdout=sys.stderr,
    )
    # The tournament was made anew (same id, audit ids from 1 again): nothing cached from an
    # earlier run may answer for it (Redis keeps its keys between runs).
    cache.clear()
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("VACUUM ANALYZE")
    tournament = Tournament.objects.get(slug=slug)
    number = tournament.rounds_count
    sheets = list(
        Sheet.objects.filter(round__tournament=tournament, round__number=number)
        .select_related("table")
        .order_by("table__number")
    )
    if len(sheets) < captains + desk_tables:
        raise SystemExit(f"only {len(sheets)} tables for {captains} + {desk_tables}")
    tables = [
        {"table": s.table.number, "token": s.table.entry_token, "size": s.table.seats.count()}
        for s in sheets
    ]
    rng = random.Random(SEED)
    bodies = {
        str(size): [form_data(sheet_records(size, size * 4, rng)) for _ in range(3)]
        for size in (4, 5)
    }
    plan = {
        "slug": slug,
        "round": number,
        "standings": f"/t/{slug}/tabelle/",
        "static": "/static/css/app.css",
        "captains": tables[:captains],
        "desk": tables[captains : captains + desk_tables],
        "bodies": bodies,
        "username": ORGANISER,
        "password": ORGANISER_PASSWORD,
        "database": connection.vendor,
        "settings": {
            "cache": settings.CACHES["default"]["BACKEND"],
            "sessions": settings.SESSION_ENGINE,
            "cache_seconds": settings.PUBLIC_CACHE_SECONDS,
        },
    }
    Path(plan_path).write_text(json.dumps(plan))


def _verify(plan_path: str, counts_path: str) -> None:
    _django()
    from scoring.models import Sheet

    plan = json.loads(Path(plan_path).read_text())
    counts = json.loads(Path(counts_path).read_text())
    saved, unknown = counts["saved"], counts["unknown"]
    problems = []
    unanswered_saved = versions_total = 0
    sheets = Sheet.objects.filter(round__tournament__slug=plan["slug"], round__number=plan["round"])
    for sheet in sheets.select_related("table").prefetch_related("versions"):
        token = sheet.table.entry_token
        numbers = sorted(version.number for version in sheet.versions.all())
        n, ok, maybe = len(numbers), saved.get(token, 0), unknown.get(token, 0)
        versions_total += n
        where = f"table {sheet.table.number}"
        if numbers != list(range(1, n + 1)):
            problems.append(f"{where}: version numbers {numbers} have gaps or duplicates")
        elif n < ok:
            problems.append(f"{where}: {ok} successful saves, {n} versions (lost)")
        elif n > ok + maybe:
            problems.append(f"{where}: {ok} successful saves (+{maybe} unanswered), {n} versions")
        elif sheet.revision < n:
            problems.append(f"{where}: revision {sheet.revision} < {n} versions")
        unanswered_saved += n - ok
    print(
        json.dumps(
            {
                "problems": problems,
                "versions": versions_total,
                "saves": sum(saved.values()),
                "unanswered_saved": unanswered_saved,
                "confirmed": sheets.filter(status=Sheet.Status.CONFIRMED).count(),
            }
        )
    )


if __name__ == "__main__":
    command = sys.argv[1] if len(sys.argv) > 1 else ""
    if command == "prepare":
        _prepare(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]))
    elif command == "verify":
        _verify(sys.argv[2], sys.argv[3])
    else:
        raise SystemExit(
            "usage: stack_django.py prepare PLAN CAPTAINS DESK PLAYERS | verify PLAN COUNTS"
        )
