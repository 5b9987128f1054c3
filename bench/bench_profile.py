"""Where the server's CPU goes under the capacity ladder's mix: py-spy on the running server.

    .venv/bin/python bench/bench_profile.py --py-spy /work/tools/bin/py-spy \\
        [--stacks sqlite postgres] [--factor 2] [--seconds 30] [--out /tmp/doko-profile]

py-spy is not a dependency of the project (install it apart, e.g. ``python3 -m venv /tmp/tools
&& /tmp/tools/bin/pip install py-spy``; it needs to be allowed to read the server's memory:
root, or ``ptrace_scope`` 0). Per stack, as ``bench_capacity.py`` does: the 400-player
tournament generated anew, the server of ``make serve`` started (``--server`` as there), warmed
up, then one step of the mix at factor ``--factor`` while py-spy samples every process of the
server (``--subprocesses``, on-CPU samples only, ``--format raw``: folded stacks). The step's
figures are printed as by the ladder, then the summary of the samples (``summarise``):

- **per request kind**: the share of the server's on-CPU samples spent in each kind's view
  (found by the view's class in the stack: the captain's page, its autosave, the public
  standings answered from the stamp (304) or rendered (200), the desk), in the middleware
  and Django's handler outside any view, in the server's event loop (uvicorn, h11, asyncio),
  in thread hops, in static files;
- **per part of the code** inside each kind (inclusive: a sample counts for every part on its
  stack): template rendering, forms, the ORM, the database driver, sessions, our rules and
  scoring, JSON;
- the top functions by own samples (leaf frames).

``python bench/bench_profile.py --summarise FILE...`` summarises raw files made before. The
sampler's own cost slows the server a little; compare shares, not the step's latencies.
"""

from __future__ import annotations

import argparse
import ast
import functools
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_capacity
import stack

FRAME_RE = re.compile(r"^(?P<function>.*) \((?P<file>[^()]*):(?P<line>\d+)\)$")

# Request kinds by the qualified names of our frames on the stack (first rule that matches).
KINDS = (
    ("captain autosave", ("CaptainAutosaveView.", "SheetAutosaveMixin.", "autosave_sheet")),
    ("captain page", ("CaptainSheetView.", "views_captain.")),
    ("standings poll, 304 from the stamp", ("answer_from_stamp",)),
    ("standings page, 200", ("PublicStandingsView.",)),
    ("desk (sheet page, confirm, reopen)", ("views.SheetView.", "views.SheetActionView.")),
    ("desk login", ("contrib/auth/views.py",)),
    # A TemplateResponse is rendered after its view returned, by Django's handler: the sheet
    # pages (captain, desk) and the public standings page, told apart by their parts below.
    ("rendering a page's template after its view", ("django/template/response.py",)),
)
# Parts of the code, inclusive (a sample counts for each part found on its stack).
PARTS = (
    ("template rendering", ("django/template/", "templatetags/")),
    ("the sheet's rows (sheet_rows tags)", ("templatetags/sheet_rows",)),
    ("forms", ("django/forms/", "/forms.py", "/forms/")),
    ("ORM (query building, model instances)", ("django/db/models/",)),
    ("database driver and connection", ("django/db/backends/", "sqlite3/", "psycopg")),
    ("sessions (stored) and password hashing", ("sessions/backends/", "auth/hashers")),
    ("cache (stamp, standings)", ("django/core/cache/", "tournament/cache/", "redis/")),
    ("rules engine (rules/)", ("/rules/",)),
    ("standings computation (scoring/standings/)", ("/scoring/standings/",)),
    ("JSON", ("json/",)),
    ("translation", ("django/utils/translation/", "gettext")),
)


def project_root() -> Path:
    return stack.ROOT


@functools.lru_cache(maxsize=512)
def qualnames(path: str) -> list[tuple[int, int, str]]:
    """(first line, last line, qualified name) of every function in one of our files."""
    try:
        tree = ast.parse(Path(path).read_text(encoding="utf-8"))
    except (OSError, SyntaxError, ValueError):
        return []
    found: list[tuple[int, int, str]] = []

    def walk(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                name = f"{prefix}{child.name}"
                if not isinstance(child, ast.ClassDef):
                    found.append((child.lineno, child.end_lineno or child.lineno, name))
                walk(child, name + ".")

    walk(tree, Path(path).stem + ".")
    return found


def describe(frame: str) -> tuple[str, str]:
    """(file, qualified name) of one folded frame; our files get their class in the name."""
    match = FRAME_RE.match(frame)
    if not match:
        return "", frame
    path, function, line = match["file"], match["function"], int(match["line"])
    root = str(project_root())
    if path.startswith(root) and "/.venv/" not in path:
        best = ""
        for first, last, name in qualnames(path):
            if first <= line <= last:
                best = name  # the innermost (defined later, nested deeper)
        return path, best or function
    return path, function


def read_raw(paths: list[Path]) -> Counter[tuple[str, ...]]:
    stacks: Counter[tuple[str, ...]] = Counter()
    for path in paths:
        for row in path.read_text(encoding="utf-8", errors="replace").splitlines():
            folded, _, count = row.rpartition(" ")
            if not folded or not count.isdigit():
                continue
            frames = [f for f in folded.split(";") if not f.startswith(("process ", "thread "))]
            stacks[tuple(frames)] += int(count)
    return stacks


def kind_of(frames: list[tuple[str, str]]) -> str:
    names = [name for _path, name in frames]
    paths = [path for path, _name in frames]
    for kind, needles in KINDS:
        if any(needle in text for text in names + paths for needle in needles):
            return kind
    if any("django/core/handlers/" in path for path in paths):
        return "middleware and handler outside a view"
    if any("asgiref/" in path or "concurrent/futures" in path for path in paths):
        return "thread hops (asgiref, executor)"
    if any(part in path for path in paths for part in ("uvicorn/", "h11/", "asyncio/")):
        return "event loop (uvicorn, h11, asyncio)"
    return "other (start-up, garbage collection, logging)"


# Leaf frames that wait rather than compute (py-spy's idle detection lets some through):
# the event loop's select, a thread waiting for work or a lock, a socket read.
WAITING = (
    ("select", "selectors.py"),
    ("wait", "threading.py"),
    ("_worker", "concurrent/futures/thread.py"),
    ("wait", "psycopg/connection.py"),
    ("_recv", "multiprocessing/connection.py"),
    ("_wait_for_tstate_lock", "threading.py"),
)


def lock_wait(folded: tuple[str, ...]) -> bool:
    """SQLite's ``BEGIN IMMEDIATE`` waiting for the write lock (its busy handler sleeps in C,
    which py-spy counts as running)."""
    return any("_start_transaction_under_autocommit" in frame for frame in folded[-8:])


def waits(frame: str) -> bool:
    match = FRAME_RE.match(frame)
    if not match:
        return False
    function, path = match["function"], match["file"]
    return any(
        (function == name or function.endswith("." + name)) and path.endswith(where)
        for name, where in WAITING
    )


def summarise(stacks: Counter[tuple[str, ...]], top: int = 12) -> list[str]:
    waiting = sum(count for folded, count in stacks.items() if folded and waits(folded[-1]))
    locked = sum(count for folded, count in stacks.items() if folded and lock_wait(folded))
    stacks = Counter(
        {
            folded: count
            for folded, count in stacks.items()
            if folded and not waits(folded[-1]) and not lock_wait(folded)
        }
    )
    total = sum(stacks.values()) or 1
    kinds: Counter[str] = Counter()
    parts: dict[str, Counter[str]] = {}
    leaves: Counter[str] = Counter()
    for folded, count in stacks.items():
        frames = [describe(frame) for frame in folded]
        kind = kind_of(frames)
        kinds[kind] += count
        paths = " ".join(path for path, _name in frames)
        seen = parts.setdefault(kind, Counter())
        for part, needles in PARTS:
            if any(needle in paths for needle in needles):
                seen[part] += count
        if frames:
            path, name = frames[-1]
            leaves[f"{name} ({short(path)})"] += count
    lines = [
        f"{total} on-CPU samples of the server's processes ({waiting} more that wait: select, "
        f"a thread waiting for work or a lock, a database answer; {locked} waiting for SQLite's "
        "write lock in BEGIN IMMEDIATE; both left out)"
    ]
    for kind, count in kinds.most_common():
        lines.append(f"  {100 * count / total:5.1f} %  {kind}")
        for part, inside in parts.get(kind, Counter()).most_common():
            if inside / total >= 0.005:
                lines.append(
                    f"             {100 * inside / count:5.1f} % of it in {part} "
                    f"({100 * inside / total:.1f} % of all)"
                )
    lines.append("top functions by own samples (leaf frames):")
    for leaf, count in leaves.most_common(top):
        lines.append(f"  {100 * count / total:5.1f} %  {leaf}")
    return lines


def short(path: str) -> str:
    for marker in ("site-packages/", "python3.11/", str(project_root()) + "/"):
        if marker in path:
            return path.split(marker, 1)[1]
    return path


def profile_stack(name: str, args: argparse.Namespace) -> list[str]:
    env, workers, threads, data_dir = bench_capacity.stack_settings(name, args.server)
    plan_path = Path(tempfile.gettempdir()) / f"doko-profile-plan-{name}-{os.getpid()}.json"
    plan = stack.prepare(env, plan_path, captains=96, desk_tables=4)
    server = stack.start_server(env, workers, threads)
    out = Path(args.out) / f"{name}-k{args.factor:g}.raw"
    out.parent.mkdir(parents=True, exist_ok=True)
    print(f"\n-- {bench_capacity.LABELS[name]}: {' '.join(server.args)} on {server.url}")
    saved: dict[str, int] = {}
    try:
        stack.warm_up(server, plan)
        command = [args.py_spy, "record", "--pid", str(server.process.pid), "--subprocesses"]
        command += ["--rate", str(args.rate), "--format", "raw", "--output", str(out)]
        command += ["--duration", f"{args.seconds + 4:.0f}", "--nonblocking"]
        sampler = subprocess.Popen(
            command,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        time.sleep(2)  # py-spy finds the worker processes
        factor = args.factor
        offered = bench_capacity.offered_rate(factor)
        settings = {"poll_interval": bench_capacity.POLL / factor, "desk_pause": 10.0}
        settings.update(captain_pause=bench_capacity.PAUSE / factor)
        settings["etag"] = stack.current_etag(server, plan)
        meter = stack.CpuMeter([server])
        meter.start()
        result = stack.run_locust(
            plan_path,
            [server.url],
            users=bench_capacity.BASE,
            seconds=args.seconds,
            settings=settings,
            label=f"profile-{name}",
        )
        shares = meter.stop(result.client_cpu)
        saved = dict(result.extra["saved"])
        _out, errors = sampler.communicate(timeout=args.seconds + 60)
        if sampler.returncode != 0 or not out.exists():
            print(f"py-spy failed (exit {sampler.returncode}): {errors[-1000:]}")
            return []
        print(f"step k={factor:g} with py-spy attached:")
        for line in stack.step_lines(result, offered):
            print(line)
        print("  " + stack.cpu_line(shares))
        print(f"  cpu per request (server): {shares['server'] / result.rate * 1000:.1f} ms")
    finally:
        stack.stop_server(server)
    check = stack.verify(env, plan_path, saved, dict(result.extra["unknown"]))
    print(f"sheet versions: {check['saves']} saves, {len(check['problems'])} problems")
    if data_dir is not None:
        shutil.rmtree(data_dir, ignore_errors=True)
    lines = summarise(read_raw([out]))
    print(f"py-spy samples: {out}")
    for line in lines:
        print(line)
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--py-spy", default=shutil.which("py-spy") or "py-spy")
    parser.add_argument("--stacks", nargs="+", choices=list(bench_capacity.LABELS))
    parser.add_argument("--factor", type=float, default=2.0)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--rate", type=int, default=100, help="samples per second and process")
    parser.add_argument("--server", type=bench_capacity.server_shape)
    parser.add_argument("--out", default="/tmp/doko-profile")
    parser.add_argument("--summarise", nargs="+", type=Path, help="raw py-spy files made before")
    args = parser.parse_args(argv)
    if args.summarise:
        for line in summarise(read_raw(args.summarise)):
            print(line)
        return 0
    print(f"load average {os.getloadavg()[0]:.2f} at start, {os.cpu_count()} cores")
    for name in args.stacks or ["sqlite", "postgres"]:
        profile_stack(name, args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
