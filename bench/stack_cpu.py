"""CPU counted while a benchmark step runs: the machine's cores and our processes' share, read
from ``/proc`` (Linux). Part of ``stack.py``'s tools (re-exported there)."""

from __future__ import annotations

import os
import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from stack import Server


def machine_cpu() -> tuple[int, int]:
    """(idle, total) jiffies of all cores since boot, from /proc/stat."""
    with open("/proc/stat", encoding="ascii") as stat:
        values = [int(value) for value in stat.readline().split()[1:9]]
    return values[3] + values[4], sum(values)


def _proc_stats() -> list[tuple[int, str, int, int]]:
    """(pid, command, parent pid, CPU ticks incl. reaped children) of every process."""
    stats = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="utf-8", errors="replace") as stat:
                text = stat.read()
        except OSError:
            continue
        fields = text[text.rindex(")") + 2 :].split()
        ticks = sum(int(value) for value in fields[11:15])  # utime stime cutime cstime
        command = text[text.index("(") + 1 : text.rindex(")")]
        stats.append((int(entry), command, int(fields[1]), ticks))
    return stats


class CpuMeter:
    """Cores busy between ``start`` and ``stop``: the machine, our server masters with their
    workers, PostgreSQL and Redis (all their processes on the machine, also those serving
    others), the load client (locust), the rest."""

    def __init__(self, servers: list[Server]) -> None:
        self.masters = {server.process.pid for server in servers}

    def _sample(self) -> dict[str, float]:
        stats = _proc_stats()
        tick = os.sysconf("SC_CLK_TCK")
        idle, total = machine_cpu()
        return {
            "idle": idle,
            "total": total,
            "server": sum(t for p, _c, parent, t in stats if self.masters & {p, parent}) / tick,
            "postgres": sum(t for _p, c, _parent, t in stats if c == "postgres") / tick,
            "redis": sum(t for _p, c, _parent, t in stats if c.startswith("redis")) / tick,
            "now": time.monotonic(),
        }

    def start(self) -> None:
        self.before = self._sample()

    def stop(self, client_seconds: float) -> dict[str, float]:
        after = self._sample()
        before = self.before
        seconds = after["now"] - before["now"]
        cores = os.cpu_count() or 1
        idle = (after["idle"] - before["idle"]) / max(1, after["total"] - before["total"])
        busy = (1 - idle) * cores
        shares = {
            key: (after[key] - before[key]) / seconds for key in ("server", "postgres", "redis")
        }
        shares["client"] = client_seconds / seconds
        shares["machine"] = busy
        shares["other"] = max(
            0.0, busy - sum(shares[k] for k in ("server", "postgres", "redis", "client"))
        )
        return shares


def cpu_line(shares: dict[str, float]) -> str:
    cores = os.cpu_count() or 1
    return (
        f"cpu (cores busy): machine {shares['machine']:.2f} of {cores}; server "
        f"{shares['server']:.2f}, PostgreSQL {shares['postgres']:.2f}, Redis "
        f"{shares['redis']:.2f}, locust {shares['client']:.2f}, other {shares['other']:.2f}"
    )


# ---------------------------------------------------------------------------- locust
