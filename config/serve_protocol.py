"""uvicorn's HTTP/1.1 protocol (h11) with two bounds on connections that send no request.

uvicorn closes an idle connection only after a first answer (``timeout_keep_alive``); a
connection that never sends a byte, or only part of a request head, would be kept for ever, and
a few thousand of them from one device fill a process's open files (``Too many open files`` in
``accept``): every other phone's page then times out. ``GuardedH11Protocol`` adds:

- **A head deadline.** A connection whose request line and headers are not complete
  ``HEAD_SECONDS`` after it opened (or after the first byte of a later request on a kept-alive
  connection) is closed. A phone on weak Wi-Fi sends its head (under 1 KB) in well under that;
  the body is read afterwards without this deadline.
- **A bound per client address.** Each process keeps at most ``PER_ADDRESS`` connections of one
  address. A new connection from an address at its bound takes the place of that address's
  oldest connection that has no request in progress (silent, half a head, or idle between
  requests; a browser opens a new one when it needs it); when all of them are busy with
  requests the new connection is closed. So a device that opens thousands of silent
  connections holds at most ``PER_ADDRESS`` in each process, and its own next page load still
  gets through. A club's Wi-Fi gives every phone its own address and a browser opens at most 6
  connections to one server, so an evening stays far below the bound; only a proxy or NAT in
  front would put many devices behind one address (then raise it: ``SERVE_PER_ADDRESS=200
  make serve``; the benchmarks' load client, one address for hundreds of phones, does).
"""

from __future__ import annotations

import os
from typing import ClassVar

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

HEAD_SECONDS = 10.0
PER_ADDRESS = int(os.environ.get("SERVE_PER_ADDRESS") or 32)


class GuardedH11Protocol(H11Protocol):
    """``H11Protocol`` with the head deadline and the bound per address (module docstring)."""

    # Per process: address -> its open connections, oldest first (a dict keeps the order).
    by_address: ClassVar[dict[str, dict[GuardedH11Protocol, None]]] = {}

    head_timer = None
    address: str | None = None

    def connection_made(self, transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        address = self.client[0] if self.client else ""
        peers = self.by_address.setdefault(address, {})
        if len(peers) >= PER_ADDRESS:
            oldest_waiting = next((peer for peer in peers if peer.waiting()), None)
            if oldest_waiting is None:
                transport.close()
                return
            oldest_waiting.close_quietly()
        peers[self] = None
        self.address = address
        self.arm_head_timer()

    def connection_lost(self, exc: Exception | None) -> None:
        self.disarm_head_timer()
        if self.address is not None:
            peers = self.by_address.get(self.address, {})
            peers.pop(self, None)
            if not peers:
                self.by_address.pop(self.address, None)
            self.address = None
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.conn.their_state is h11.IDLE:  # (part of) a head still to come
            self.arm_head_timer()
        else:
            self.disarm_head_timer()

    def waiting(self) -> bool:
        """Whether the connection has no request in progress (none yet, or between two)."""
        return self.conn.their_state is h11.IDLE and self.conn.our_state is h11.IDLE

    def arm_head_timer(self) -> None:
        if self.head_timer is None:
            self.head_timer = self.loop.call_later(HEAD_SECONDS, self.head_timed_out)

    def disarm_head_timer(self) -> None:
        if self.head_timer is not None:
            self.head_timer.cancel()
            self.head_timer = None

    def head_timed_out(self) -> None:
        self.head_timer = None
        if self.conn.their_state is h11.IDLE:
            self.close_quietly()

    def close_quietly(self) -> None:
        """Close without an answer (as uvicorn's keep-alive timeout does); the connection no
        longer counts for its address from now on."""
        self.disarm_head_timer()
        if self.address is not None:
            self.by_address.get(self.address, {}).pop(self, None)
        if not self.transport.is_closing():
            self.transport.close()
