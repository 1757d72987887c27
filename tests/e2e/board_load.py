"""Hostile clients against a live board on loopback, and one real viewer timed while they run.

Three kinds of hostile client, each reconnecting as soon as the board drops it
(they stop by themselves when the run ends):

- ``slowloris``: a request line, then one more header line every two seconds,
  never the blank line that ends the request;
- ``big``: the largest request head the standard library's server accepts (99
  header lines of 65,000 bytes), sent as fast as the board takes it;
- ``mute``: ``GET /events`` with a tiny receive buffer, then never a byte read.

The viewer opens the page and ``/state`` on fresh connections, as a phone does,
retrying a refusal (503) or a dropped connection until it has both or
``give_up`` seconds passed. Everything stays on 127.0.0.1 and is bounded in
count and time. Used by ``bench/board_load.py`` and ``tests/e2e/test_board_load.py``.
"""

from __future__ import annotations

import asyncio
import contextlib
import http.client
import socket
import threading
import time
from dataclasses import dataclass, field

#: The mix of hostile clients, as shares of the total.
MIX = (("big", 0.30), ("slowloris", 0.35), ("mute", 0.35))
#: One header line as long as ``http.server`` accepts (65,536 with its CRLF), 99 of them (it refuses the 101st).
BIG_LINE = b"X-Big: " + b"a" * 64_990 + b"\r\n"
BIG_LINES = 99


@dataclass
class Load:
    """What a run measured: the viewer's times (ms; a give-up counts as ``give_up``) and the server's peak memory."""

    viewer_ms: list[float] = field(default_factory=list)
    failures: int = 0
    peak_rss_kb: int = 0
    hostile_connects: int = 0

    def p95(self) -> float:
        """The 95th percentile of the viewer's times (nearest rank)."""
        ordered = sorted(self.viewer_ms)
        return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))] if ordered else float("nan")


class Hostile:
    """``count`` hostile clients against ``port`` on 127.0.0.1, in an event loop on a thread of their own."""

    def __init__(self, port: int, count: int) -> None:
        self.port = port
        self.kinds = [kind for kind, share in MIX for _ in range(round(count * share))][:count]
        while len(self.kinds) < count:
            self.kinds.append("mute")
        self.connects = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=lambda: asyncio.run(self._main()), name="hostile", daemon=True)

    def start(self) -> None:
        """Start every client (they connect within a moment)."""
        self._thread.start()

    def stop(self) -> None:
        """Stop every client and close its connection."""
        self._stop.set()
        self._thread.join(30)

    async def _main(self) -> None:
        tasks = [asyncio.create_task(self._client(kind, i)) for i, kind in enumerate(self.kinds)]
        while not self._stop.is_set():
            await asyncio.sleep(0.05)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def _client(self, kind: str, index: int) -> None:
        await asyncio.sleep(index * 0.005)  # a burst, not one instant
        while not self._stop.is_set():
            sock = socket.socket()
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            sock.setblocking(False)
            writer = None
            try:
                await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", self.port))
                self.connects += 1
                if kind == "mute":
                    await self._mute(sock)
                else:
                    reader, writer = await asyncio.open_connection(sock=sock)
                    await getattr(self, "_" + kind)(reader, writer)
            except (OSError, asyncio.IncompleteReadError):
                pass
            finally:
                if writer is not None:
                    writer.close()
                else:
                    sock.close()
            await asyncio.sleep(0.2)  # dropped: come back, as an attacker would

    async def _slowloris(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        writer.write(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        await writer.drain()
        n = 0
        while not self._stop.is_set() and not reader.at_eof():
            await _sleep_or_eof(reader, 2.0)
            n += 1
            writer.write(f"X-Slow-{n}: {n}\r\n".encode())
            await writer.drain()

    async def _big(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        writer.write(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        for _ in range(BIG_LINES):
            writer.write(BIG_LINE)
            await writer.drain()
            if self._stop.is_set():
                return
        writer.write(b"\r\n")
        await writer.drain()
        while not self._stop.is_set() and not reader.at_eof():
            await _sleep_or_eof(reader, 1.0)

    async def _mute(self, sock: socket.socket) -> None:
        sock.send(b"GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        while not self._stop.is_set():  # never a byte read: the small buffer fills and stays full
            await asyncio.sleep(0.5)
            try:
                if sock.recv(1, socket.MSG_PEEK | socket.MSG_DONTWAIT) == b"":
                    return  # dropped by the board (a peek takes nothing out of the buffer)
            except BlockingIOError:
                pass


async def _sleep_or_eof(reader: asyncio.StreamReader, seconds: float) -> None:
    """Wait ``seconds``, reading (and dropping) whatever the server sends; return early at its end."""
    with contextlib.suppress(asyncio.TimeoutError):
        data = await asyncio.wait_for(reader.read(65536), seconds)
        if not data:
            return


def view_once(port: int, give_up: float) -> float | None:
    """Milliseconds for a viewer to get the page and ``/state`` (retrying refusals), or None after ``give_up`` s."""
    start = time.monotonic()
    needed = ["/", "/state"]
    while needed:
        left = give_up - (time.monotonic() - start)
        if left <= 0:
            return None
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=left)
            connection.request("GET", needed[0])
            response = connection.getresponse()
            body = response.read()
            connection.close()
            if response.status == 200 and body:
                needed.pop(0)
                continue
        except (OSError, http.client.HTTPException):
            pass
        time.sleep(0.05)
    return (time.monotonic() - start) * 1000


def rss_kb(pid: int, key: str = "VmHWM") -> int:
    """A memory figure of process ``pid`` in kB (``VmHWM``: its peak resident set so far)."""
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        for line in status:
            if line.startswith(key + ":"):
                return int(line.split()[1])
    return 0


def run(port: int, pid: int, hostile: int, views: int, *, warmup: float = 3.0, every: float = 0.25,
        give_up: float = 5.0) -> Load:
    """``hostile`` clients on the board at ``port`` (served by process ``pid``), a viewer timed ``views`` times."""
    load = Load()
    clients = Hostile(port, hostile)
    clients.start()
    try:
        time.sleep(warmup)
        for _ in range(views):
            took = view_once(port, give_up)
            if took is None:
                load.failures += 1
                took = give_up * 1000
            load.viewer_ms.append(took)
            time.sleep(every)
        load.peak_rss_kb = rss_kb(pid)
    finally:
        clients.stop()
        load.hostile_connects = clients.connects
    return load
