"""The board's HTTP server: the page's own files, ``/state`` and ``/events``, read-only, bounded.

Standard library only (``asyncio``, one event loop on one thread): the board
serves three small files, a JSON document and one server-sent-events stream,
which needs no framework, and an event loop holds hundreds of idle connections
for a few kilobytes each where a thread per connection held megabytes.

- Only GET and HEAD; the other methods of HTTP get 405 (with ``Allow``), unknown
  ones 501; paths other than the page's files, ``/state`` and ``/events`` get
  404. Every refusal has a fixed plain-text body: nothing from the request is
  written back.
- A request's head must arrive whole within ``timeout`` seconds of the
  connection (slowloris: a header line every few seconds gains nothing) and
  within ``MAX_HEAD`` bytes (the standard library took 6.5 MB); otherwise the
  connection is refused and closed.
- At most ``max_clients`` connections at once. When they are all taken, the
  oldest connection still sending its head gives its place to the new one;
  with none, the new one is answered 503 and closed.
- An event stream keeps at most ``MAX_PENDING`` bytes the client has not taken
  (its queue): a client that stops reading is dropped once its queue is full,
  or once it has not taken a byte for ``timeout`` seconds. A stream always sends
  the latest state, never a backlog.
- A request naming the server by a domain name (``Host``) other than
  ``localhost`` is refused (400): the page is opened by IP address, and a web
  page elsewhere cannot rebind its own name to this computer to read the board.
- When the server closes (the game ended, or the host stops), every stream gets
  the last state and then an ``end`` event, so the page stops reconnecting.
  The game only ever replaces the hub's state
  (:class:`~voice_host.board.hub.StateHub`), so no client can slow it down.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import socket
import sys
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from grammars.it import catalogue as say
from voice_host.board.hub import Snapshot, StateHub
from voice_host.board.page import PageFile, page_files

logger = logging.getLogger(__name__)

#: Connections served at once (fewer when the process may open fewer files); one more is refused with 503.
MAX_CLIENTS = 512
#: Seconds a connection has to send its whole request head, and a stream to take what it was sent.
CLIENT_TIMEOUT = 5.0
#: Bytes a request head may take (request line and headers): a browser's are well under 2 KB.
MAX_HEAD = 8192
#: Bytes an event stream may leave unread before the client is dropped (a state is a few KB).
MAX_PENDING = 64 * 1024
#: Seconds :meth:`BoardServer.close` gives the streams to send the last state (the end of the game).
FLUSH_ON_CLOSE = 1.0
#: Seconds between two keep-alive comments on a quiet stream (so a vanished client is noticed).
KEEPALIVE = 5.0
#: File descriptors left to the rest of the process when the limit of open files bounds the connections.
SPARE_FILES = 64

#: Sent with every answer: nothing else may run in the page, nothing is cached, nobody may frame it.
SECURITY_HEADERS: Mapping[str, str] = {
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; "
        "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}

#: The other methods HTTP defines: refused with 405 (an unknown method gets 501).
REFUSED_METHODS = ("POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "CONNECT")

_REASONS = {200: "OK", 400: "Bad Request", 404: "Not Found", 405: "Method Not Allowed",
            501: "Not Implemented", 503: "Service Unavailable"}
#: The event that tells the page the board has closed for good (it stops reconnecting).
END_EVENT = b"event: end\ndata: {}\n\n"


class BoardServer:
    """Serves the board of ``hub`` on ``host``:``port`` from an event loop thread; :meth:`close` ends it."""

    def __init__(
        self,
        hub: StateHub,
        host: str = "127.0.0.1",
        port: int = 0,
        *,
        max_clients: int = MAX_CLIENTS,
        timeout: float = CLIENT_TIMEOUT,
        keepalive: float = KEEPALIVE,
        max_head: int = MAX_HEAD,
        max_pending: int = MAX_PENDING,
        pages: Mapping[str, Callable[[], PageFile]] | None = None,
    ) -> None:
        """Bind at once (``OSError`` when the address cannot be had); nothing is served before :meth:`start`.

        ``pages``: more read-only pages, by path, each made afresh on every request, off the event loop
        (the history's page: :mod:`voice_host.board.history_page`).
        """
        self.hub = hub
        family = socket.AF_INET6 if ipaddress.ip_address(host).version == 6 else socket.AF_INET
        self._socket = socket.socket(family, socket.SOCK_STREAM)
        try:
            self._socket.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            self._socket.bind((host, port))  # the event loop listens, at start()
        except OSError:
            self._socket.close()
            raise
        self._socket.setblocking(False)
        self._address = self._socket.getsockname()
        self._served = _Served(hub, page_files(), min(max_clients, _files_left()), timeout, keepalive,
                               max_head, max_pending, dict(pages or {}))
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._run, name="board", daemon=True)
        self._stopped = threading.Event()

    @property
    def host(self) -> str:
        """The address listened on."""
        return str(self._address[0])

    @property
    def port(self) -> int:
        """The port listened on (the one chosen, when asked for port 0)."""
        return int(self._address[1])

    def start(self) -> None:
        """Serve from a daemon thread (a game that ends never waits for it)."""
        self.hub.watch(self._wake)
        self._thread.start()
        self._served.listening.wait(5)  # connections made once this returns are queued, never refused

    def _wake(self) -> None:
        with contextlib.suppress(RuntimeError):  # the loop has already stopped
            self._loop.call_soon_threadsafe(self._served.changed)

    def _run(self) -> None:
        loop = self._loop
        asyncio.set_event_loop(loop)
        try:
            loop.run_until_complete(self._served.serve(self._socket))
        finally:
            tasks = asyncio.all_tasks(loop)
            for task in tasks:
                task.cancel()
            loop.run_until_complete(asyncio.gather(*tasks, return_exceptions=True))
            loop.close()
            self._stopped.set()

    def close(self) -> None:
        """Wake every stream, give them a moment to send the last state and the end, stop serving, free the port."""
        self.hub.close()
        if self._thread.is_alive():
            self._served.streams_done.wait(FLUSH_ON_CLOSE)
            with contextlib.suppress(RuntimeError):
                self._loop.call_soon_threadsafe(self._served.stop)
            self._stopped.wait(5)
        elif not self._thread.ident:
            self._loop.close()
        self._socket.close()


def _files_left() -> int:
    """How many connections the limit of open files leaves room for (Windows has no such limit to read)."""
    if sys.platform == "win32":
        return MAX_CLIENTS
    import resource

    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return MAX_CLIENTS
    return max(1, soft - SPARE_FILES)


@dataclass(eq=False)
class _Connection:
    """One client: its writer, when it came, and whether it is still sending its head."""

    writer: asyncio.StreamWriter
    since: float
    in_head: bool = True


@dataclass(eq=False)
class _Served:
    """The event loop's side: every connection, the wake-up of the streams, the limits."""

    hub: StateHub
    files: Mapping[str, PageFile]
    max_clients: int
    timeout: float
    keepalive: float
    max_head: int
    max_pending: int
    pages: Mapping[str, Callable[[], PageFile]]
    connections: dict[asyncio.Task[None], _Connection] = field(default_factory=dict)
    streams: int = 0
    streams_done: threading.Event = field(default_factory=threading.Event)
    listening: threading.Event = field(default_factory=threading.Event)
    _tick: asyncio.Event | None = None
    _stop: asyncio.Event | None = None

    async def serve(self, sock: socket.socket) -> None:
        """Accept connections on ``sock`` until :meth:`stop`."""
        self._tick = asyncio.Event()
        self._stop = asyncio.Event()
        self.streams_done.set()
        server = await asyncio.start_server(self._accepted, sock=sock, limit=self.max_head, backlog=128)
        self.listening.set()
        try:
            await self._stop.wait()
        finally:
            server.close()
            for task, connection in list(self.connections.items()):
                connection.writer.transport.abort()
                task.cancel()

    def stop(self) -> None:
        """End :meth:`serve` (from the loop)."""
        if self._stop is not None:
            self._stop.set()

    def changed(self) -> None:
        """A new state, or the hub closed: wake every stream (from the loop)."""
        if self._tick is not None:
            self._tick.set()
            self._tick = asyncio.Event()

    async def _accepted(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        if len(self.connections) >= self.max_clients and not self._make_room():
            await self._refuse_busy(writer)
            return
        connection = _Connection(writer, time.monotonic())
        self.connections[task] = connection
        try:
            await self._serve_one(reader, connection)
        except (OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError, asyncio.TimeoutError) as exc:
            logger.debug("board connection dropped: %r", exc)
        finally:
            self.connections.pop(task, None)
            if writer.transport.get_write_buffer_size():
                writer.transport.abort()  # what is left unsent would only wait for a client that does not read
            else:
                writer.close()

    def _make_room(self) -> bool:
        """Close the oldest connection still sending its head; False when there is none."""
        waiting = [(c.since, task) for task, c in self.connections.items() if c.in_head]
        if not waiting:
            return False
        _, task = min(waiting, key=lambda item: item[0])
        self.connections.pop(task).writer.transport.abort()
        task.cancel()
        return True

    async def _serve_one(self, reader: asyncio.StreamReader, connection: _Connection) -> None:
        writer = connection.writer
        try:
            head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), self.timeout)
        except asyncio.LimitOverrunError:
            await self._reply(writer, *_refusal(400), body=True)
            return
        except asyncio.IncompleteReadError as exc:
            if exc.partial.strip():
                await self._reply(writer, *_refusal(400), body=True)
            return
        except asyncio.TimeoutError:
            return  # a slow or silent client: closed, having been told nothing
        connection.in_head = False
        request = _parse_head(head)
        if request == 400:  # not HTTP at all: the shortest plain answer (nothing in it can run)
            _, kind, text = _refusal(400)
            writer.write(f"HTTP/1.0 400 Bad Request\r\nContent-Type: {kind}\r\nContent-Length: {len(text)}\r\n"
                         "X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n".encode() + text)
            await asyncio.wait_for(writer.drain(), self.timeout)
            return
        if isinstance(request, int):
            await self._reply(writer, *_refusal(request), body=True, allow=request in (405, 501))
            return
        method, path, host = request
        body = method != "HEAD"
        if not _addressed_by_ip(host):
            await self._reply(writer, *_refusal(400), body=body)
        elif path == "/events":
            await self._stream(writer, body=body)
        elif path == "/state":
            await self._reply(writer, 200, "application/json; charset=utf-8", self.hub.latest().json.encode(),
                              body=body)
        elif path in self.files:
            page = self.files[path]
            await self._reply(writer, 200, page.content_type, page.body, body=body)
        elif path in self.pages:  # made afresh (it reads a database): in a worker thread, never on the loop
            made = await asyncio.get_running_loop().run_in_executor(None, self.pages[path])
            await self._reply(writer, 200, made.content_type, made.body, body=body)
        else:
            await self._reply(writer, *_refusal(404), body=body)

    async def _reply(self, writer: asyncio.StreamWriter, status: int, content_type: str, data: bytes, *,
                     body: bool, allow: bool = False) -> None:
        head = _head(status, content_type, len(data), allow=allow)
        writer.write(head + data if body else head)
        await asyncio.wait_for(writer.drain(), self.timeout)

    async def _refuse_busy(self, writer: asyncio.StreamWriter) -> None:
        body = say.BOARD_REFUSALS[503].encode()
        head = _head(503, "text/plain; charset=utf-8", len(body), extra=(("Retry-After", "2"),))
        try:
            writer.write(head + body)
            await asyncio.wait_for(writer.drain(), 1.0)
        except (OSError, asyncio.TimeoutError):
            pass
        finally:
            writer.close()

    async def _stream(self, writer: asyncio.StreamWriter, *, body: bool) -> None:
        """Server-sent events: the latest state at once, then the latest after each change, keep-alives when quiet."""
        writer.write(_head(200, "text/event-stream; charset=utf-8", None))
        if not body:
            await asyncio.wait_for(writer.drain(), self.timeout)
            return
        with contextlib.suppress(OSError):  # a small kernel queue: a client that stops reading shows soon
            writer.get_extra_info("socket").setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, self.max_pending)
        self.streams += 1
        self.streams_done.clear()
        try:
            await self._send_states(writer)
        finally:
            self.streams -= 1
            if self.streams == 0:
                self.streams_done.set()

    async def _send_states(self, writer: asyncio.StreamWriter) -> None:
        self._queue(writer, b"retry: 1000\n\n")
        sent = -1
        while True:
            tick = self._tick
            assert tick is not None
            snapshot = self.hub.latest()
            if snapshot.seq != sent:
                self._queue(writer, _event(snapshot))
                sent = snapshot.seq
            if self.hub.closed:
                last = self.hub.latest()  # read after the close: the game's last state, published before it
                if last.seq != sent:
                    self._queue(writer, _event(last))
                self._queue(writer, END_EVENT)
                await asyncio.wait_for(writer.drain(), FLUSH_ON_CLOSE)
                return
            await asyncio.wait_for(writer.drain(), self.timeout)  # a client that takes nothing for that long goes
            try:
                await asyncio.wait_for(tick.wait(), self.keepalive)
            except asyncio.TimeoutError:
                self._queue(writer, b": \n\n")

    def _queue(self, writer: asyncio.StreamWriter, data: bytes) -> None:
        """Write ``data``, or drop the client when it would leave more than ``max_pending`` bytes unread."""
        if writer.transport.get_write_buffer_size() + len(data) > self.max_pending and \
                writer.transport.get_write_buffer_size() > 0:
            raise ConnectionError("the client's queue is full: it does not read")
        writer.write(data)


def _event(snapshot: Snapshot) -> bytes:
    return f"id: {snapshot.seq}\ndata: {snapshot.json}\n\n".encode()


def _head(status: int, content_type: str, length: int | None, *, allow: bool = False,
          extra: tuple[tuple[str, str], ...] = ()) -> bytes:
    """The status line and headers of an answer (HTTP/1.0: one request a connection)."""
    lines = [f"HTTP/1.0 {status} {_REASONS[status]}", "Server: voice-host-board", f"Content-Type: {content_type}"]
    if length is not None:
        lines.append(f"Content-Length: {length}")
    if allow:
        lines.append("Allow: GET, HEAD")
    lines += [f"{name}: {value}" for name, value in (*SECURITY_HEADERS.items(), *extra)]
    lines.append("Connection: close")
    return ("\r\n".join(lines) + "\r\n\r\n").encode("ascii")


def _refusal(status: int) -> tuple[int, str, bytes]:
    """A refusal's status, type and fixed Italian body."""
    return status, "text/plain; charset=utf-8", say.BOARD_REFUSALS[status].encode()


def _parse_head(head: bytes) -> tuple[str, str, str | None] | int:
    """``(method, path, Host)`` of a GET or HEAD request head; else the status that refuses it.

    >>> _parse_head(b"GET /state?x=1 HTTP/1.1\\r\\nHost: 127.0.0.1:8000\\r\\n\\r\\n")
    ('GET', '/state', '127.0.0.1:8000')
    >>> [_parse_head(h) for h in (b"POST / HTTP/1.1\\r\\n\\r\\n", b"BREW / HTTP/1.1\\r\\n\\r\\n", b"GET /\\r\\n\\r\\n")]
    [405, 501, 400]
    """
    lines = head.decode("latin-1").split("\r\n")
    parts = lines[0].split(" ")
    if len(parts) != 3 or not parts[2].startswith("HTTP/1.") or not parts[0].isalpha() or not parts[0].isupper():
        return 400
    method, target, _ = parts
    if method not in ("GET", "HEAD"):
        return 405 if method in REFUSED_METHODS else 501
    host = None
    for line in lines[1:]:
        if not line:
            continue
        name, colon, value = line.partition(":")
        if not colon or not name or name != name.strip():
            return 400
        if name.lower() == "host":
            host = value.strip()
    return method, urlsplit(target).path, host


def _addressed_by_ip(host: str | None) -> bool:
    """True for no ``Host`` header, or one that names an IP address or ``localhost`` (any port).

    >>> [_addressed_by_ip(h) for h in (None, "192.168.1.5:8000", "[::1]:80", "localhost:8000", "evil.example:8000")]
    [True, True, True, True, False]
    """
    if host is None:
        return True
    name = host.strip()
    if name.startswith("["):
        name = name[1:name.find("]")] if "]" in name else name
    else:
        name = name.rsplit(":", 1)[0] if name.count(":") == 1 else name
    if name.lower() == "localhost":
        return True
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


