"""The club evening on the local network (``make serve``): a secret key kept on disk and the
host names the laptop answers to.

Plain standard library: ``config.settings`` imports this before Django is set up.

Host names: Django refuses requests whose ``Host`` header is not in ``ALLOWED_HOSTS`` (a defence
against forged host names and DNS rebinding). ``*`` would switch that off, so network mode lists
what the laptop really is: ``localhost``, the loopback addresses, its host name (also as
``<name>.local`` for mDNS), and every address of its own it can find at start — the address of the
route to the outside (a UDP socket "connected" to a documentation address; nothing is sent), the
addresses the host name resolves to, and on Linux every local IPv4 address of every interface
(``/proc/net/fib_trie``, so a laptop that is also the Wi-Fi hotspot answers on that address too).
An address that appears later (new Wi-Fi) needs a restart; more names can be added with
``ALLOWED_HOSTS`` (comma separated, added to the computed list).
"""

from __future__ import annotations

import contextlib
import ipaddress
import itertools
import os
import secrets
import socket
import sys
from collections.abc import Iterable
from pathlib import Path

LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"]

# Routing targets that only pick the outgoing interface: no packet is ever sent (UDP connect).
PROBE_TARGETS = [
    (socket.AF_INET, "192.0.2.1"),  # TEST-NET-1, routed through the default gateway
    (socket.AF_INET, "10.255.255.254"),
    (socket.AF_INET, "172.31.255.254"),
    (socket.AF_INET, "192.168.255.254"),
    (socket.AF_INET6, "2001:db8::1"),  # IPv6 documentation prefix
]


# ---------------------------------------------------------------------------- secret key


def secret_key_from(path: Path) -> str:
    """The secret key stored at ``path``; created once (random, mode 0600) if missing.

    Written to a temporary file first and linked into place, so that two server processes
    starting at once agree on one key and nobody reads a half-written file.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists():
        temporary = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}")
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            with os.fdopen(descriptor, "w", encoding="ascii") as handle:
                handle.write(secrets.token_urlsafe(50) + "\n")
            # Another process may have been first: then its key is used.
            with contextlib.suppress(FileExistsError):
                os.link(temporary, path)
        finally:
            temporary.unlink(missing_ok=True)
    if path.stat().st_mode & 0o077:
        os.chmod(path, 0o600)
    key = path.read_text(encoding="ascii").strip()
    if len(key) < 50:
        raise RuntimeError(f"{path}: secret key too short; delete the file to make a new one")
    return key


def keep_private(database: Path) -> None:
    """Make the SQLite database ``database`` (created empty if missing) and its ``-wal`` and
    ``-shm`` files readable and writable by this user only (0600).

    SQLite creates the -wal and -shm files with the mode of the database file, so a database
    made here at 0600 keeps them private too; an older one made 0644 is corrected at start.
    """
    if str(database) in ("", ":memory:"):
        return
    database.parent.mkdir(parents=True, exist_ok=True)
    with contextlib.suppress(FileExistsError):
        os.close(os.open(database, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    for path in (database, Path(f"{database}-wal"), Path(f"{database}-shm")):
        with contextlib.suppress(FileNotFoundError):
            if path.stat().st_mode & 0o077:
                os.chmod(path, 0o600)


# ---------------------------------------------------------------------------- host names


def host_entry(address: str) -> str | None:
    """An address as ``ALLOWED_HOSTS`` spells it (IPv6 in brackets), or None if it is none."""
    address = address.split("%", 1)[0].strip("[]")  # no IPv6 zone ("fe80::1%wlan0")
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        return None
    if parsed.is_unspecified or parsed.is_multicast:
        return None
    return f"[{parsed.compressed}]" if parsed.version == 6 else parsed.compressed


def probed_addresses() -> list[str]:
    """The laptop's address on the route to each probe target (the primary address first)."""
    found = []
    for family, target in PROBE_TARGETS:
        try:
            with socket.socket(family, socket.SOCK_DGRAM) as probe:
                probe.connect((target, 9))
                found.append(probe.getsockname()[0])
        except OSError:
            continue  # no route to that network
    return found


def resolved_addresses(hostname: str) -> list[str]:
    try:
        infos = socket.getaddrinfo(hostname, None, proto=socket.IPPROTO_TCP)
    except OSError:
        return []
    return [info[4][0] for info in infos]


def linux_interface_addresses(fib_trie: Path = Path("/proc/net/fib_trie")) -> list[str]:
    """Every local IPv4 address of every interface (Linux only; elsewhere an empty list)."""
    try:
        lines = fib_trie.read_text(encoding="ascii", errors="replace").splitlines()
    except OSError:
        return []
    found = []
    for previous, line in itertools.pairwise(lines):
        if "/32 host LOCAL" in line:
            found.append(previous.strip().split()[-1])
    return found


def primary_address() -> str | None:
    """The address other devices most likely reach this laptop at (None if offline)."""
    for address in probed_addresses():
        entry = host_entry(address)
        if entry and not entry.startswith("["):
            return entry
    return None


def lan_hosts(extra: Iterable[str] = ()) -> list[str]:
    """``ALLOWED_HOSTS`` for network mode: loopback, host names, own addresses, ``extra``."""
    hostname = socket.gethostname().strip().lower()
    names = list(LOOPBACK_HOSTS)
    if hostname:
        names += [hostname, f"{hostname}.local"]
    addresses = probed_addresses() + linux_interface_addresses()
    if hostname:
        addresses += resolved_addresses(hostname)
    names += [entry for entry in map(host_entry, addresses) if entry]
    names += [item for item in extra if item]
    return list(dict.fromkeys(names))


def warn(message: str) -> None:
    """A loud line on the server's console (settings run before logging is configured)."""
    print(f"WARNING: {message}", file=sys.stderr)
