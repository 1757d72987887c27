"""The board's HTTP server: the page's own files, ``/state`` and ``/events``, read-only, bounded.

Standard library only (``http.server``): the board serves three small files, a
JSON document and one server-sent-events stream, which needs no framework.

- Only GET and HEAD; the other methods of HTTP get 405 (with ``Allow``), unknown
  ones 501; paths other than the page's files, ``/state`` and ``/events`` get
  404. Every refusal has a fixed plain-text body: nothing from the request is
  written back.
- At most ``max_clients`` connections at once (a semaphore taken before a
  thread is started); one more is answered 503 and closed.
- A request naming the server by a domain name (``Host``) other than
  ``localhost`` is refused (400): the page is opened by IP address, and a web
  page elsewhere cannot rebind its own name to this computer to read the board.
- Each connection has its own socket timeout: a client that sends nothing, or
  never reads its stream, loses its connection after ``timeout`` seconds. The
  game only ever replaces the hub's state (:class:`~voice_host.board.hub.StateHub`),
  so no client can slow it down.
"""

from __future__ import annotations

import ipaddress
import logging
import socket
import sys
import threading
from collections.abc import Callable, Mapping
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import urlsplit

from grammars.it import catalogue as say
from voice_host.board.hub import StateHub
from voice_host.board.page import PageFile, page_files

logger = logging.getLogger(__name__)

#: Connections served at once; one more is refused with 503.
MAX_CLIENTS = 32
#: Seconds a connection may stay silent (sending its request) or unread (its stream) before it is dropped.
CLIENT_TIMEOUT = 10.0
#: Seconds :meth:`BoardServer.close` gives the streams to send the last state (the end of the game).
FLUSH_ON_CLOSE = 1.0
#: Seconds between two keep-alive comments on a quiet stream (so a vanished client is noticed).
KEEPALIVE = 5.0

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


class BoardServer:
    """Serves the board of ``hub`` on ``host``:``port`` from a daemon thread; :meth:`close` stops it."""

    def __init__(
        self,
        hub: StateHub,
        host: str = "127.0.0.1",
        port: int = 0,
        *,
        max_clients: int = MAX_CLIENTS,
        timeout: float = CLIENT_TIMEOUT,
        keepalive: float = KEEPALIVE,
        pages: Mapping[str, Callable[[], PageFile]] | None = None,
    ) -> None:
        """Bind at once (``OSError`` when the address cannot be had); nothing is served before :meth:`start`.

        ``pages``: more read-only pages, by path, each made afresh on every request
        (the history's page: :mod:`voice_host.board.history_page`).
        """
        self.hub = hub
        files = page_files()
        handler = type("BoardHandler", (_Handler,), {
            "hub": hub, "files": files, "timeout": timeout, "keepalive": keepalive, "pages": dict(pages or {}),
        })
        server_class = _V6Server if ipaddress.ip_address(host).version == 6 else _V4Server
        self._server = server_class((host, port), handler, max_clients)
        self._thread = threading.Thread(target=self._server.serve_forever, args=(0.1,), name="board", daemon=True)

    @property
    def host(self) -> str:
        """The address listened on."""
        return str(self._server.server_address[0])

    @property
    def port(self) -> int:
        """The port listened on (the one chosen, when asked for port 0)."""
        return int(self._server.server_address[1])

    def start(self) -> None:
        """Serve from a daemon thread (a game that ends never waits for it)."""
        self._thread.start()

    def close(self) -> None:
        """Wake every stream, give them a moment to send the last state, stop serving and release the port."""
        self.hub.close()
        self._server.streams_done(FLUSH_ON_CLOSE)
        if self._thread.is_alive():
            self._server.shutdown()
        self._server.server_close()


class _V4Server(ThreadingHTTPServer):
    """A threading server that serves at most ``max_clients`` connections at once."""

    daemon_threads = True
    block_on_close = False
    request_queue_size = 64  # a table's phones reconnecting at once are not dropped for a full backlog

    def __init__(self, address: tuple[str, int], handler: type[BaseHTTPRequestHandler], max_clients: int) -> None:
        self._slots = threading.BoundedSemaphore(max_clients)
        self._streams = 0
        self._streams_changed = threading.Condition()
        super().__init__(address, handler)

    def stream_started(self) -> None:
        """A connection became an event stream."""
        with self._streams_changed:
            self._streams += 1

    def stream_ended(self) -> None:
        """An event stream ended."""
        with self._streams_changed:
            self._streams -= 1
            self._streams_changed.notify_all()

    def streams_done(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds for every stream to end; True if they all did."""
        with self._streams_changed:
            return self._streams_changed.wait_for(lambda: self._streams == 0, timeout)

    def process_request(self, request: Any, client_address: Any) -> None:
        """Start the connection's thread if a slot is free; else answer 503 here and close it."""
        if not self._slots.acquire(blocking=False):
            _refuse_busy(request)
            self.shutdown_request(request)
            return
        try:
            super().process_request(request, client_address)
        except BaseException:
            self._slots.release()
            raise

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        """Serve one connection, give its slot back, then close it.

        The slot is free before the socket closes, so a client that sees the close
        and connects again is never turned away by its own old connection.
        """
        try:
            self.finish_request(request, client_address)
        except Exception:
            self.handle_error(request, client_address)
        finally:
            self._slots.release()
            self.shutdown_request(request)

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A connection's failure is the client's: logged, never printed over the captions."""
        logger.debug("board connection from %s failed: %s", client_address, sys.exc_info()[1])


class _V6Server(_V4Server):
    address_family = socket.AF_INET6


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


def _refuse_busy(request: socket.socket) -> None:
    body = say.BOARD_REFUSALS[503].encode()
    head = f"HTTP/1.0 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n" \
           f"Content-Length: {len(body)}\r\nRetry-After: 2\r\nConnection: close\r\n\r\n"
    try:
        request.settimeout(1.0)
        request.sendall(head.encode() + body)
    except OSError:
        pass


class _Handler(BaseHTTPRequestHandler):
    """One connection: GET or HEAD of a page file, ``/state`` or ``/events``; anything else refused."""

    hub: StateHub
    files: Mapping[str, PageFile]
    pages: Mapping[str, Callable[[], PageFile]]
    keepalive: float
    server_version = "voice-host-board"
    sys_version = ""

    def do_GET(self) -> None:
        """The page's files, the state, or the stream of states."""
        self._serve(body=True)

    def do_HEAD(self) -> None:
        """The same headers as GET, no body."""
        self._serve(body=False)

    def _serve(self, *, body: bool) -> None:
        path = urlsplit(self.path).path
        if not _addressed_by_ip(self.headers.get("Host")):
            self.send_error(400)
        elif path == "/events":
            self._stream(body=body)
        elif path == "/state":
            self._send(200, "application/json; charset=utf-8", self.hub.latest().json.encode(), body=body)
        elif path in self.files:
            page = self.files[path]
            self._send(200, page.content_type, page.body, body=body)
        elif path in self.pages:
            made = self.pages[path]()
            self._send(200, made.content_type, made.body, body=body)
        else:
            self.send_error(404)

    def _stream(self, *, body: bool) -> None:
        """Server-sent events: the latest state at once, then each newer one, keep-alives when quiet."""
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream; charset=utf-8")
        self._common_headers()
        self.end_headers()
        if not body:
            return
        self.close_connection = True
        server = self.server
        assert isinstance(server, _V4Server)
        server.stream_started()
        try:
            self._send_states()
        finally:
            server.stream_ended()

    def _send_states(self) -> None:
        try:
            self.wfile.write(b"retry: 1000\n\n")
            snapshot = self.hub.latest()
            while True:
                self.wfile.write(f"id: {snapshot.seq}\ndata: {snapshot.json}\n\n".encode())
                self.wfile.flush()
                newer = self.hub.wait_newer(snapshot.seq, self.keepalive)
                while newer is None:
                    if self.hub.closed:
                        return
                    self.wfile.write(b": \n\n")
                    self.wfile.flush()
                    newer = self.hub.wait_newer(snapshot.seq, self.keepalive)
                snapshot = newer
        except OSError:  # the client went away, or stopped reading for longer than the timeout
            return

    def _send(self, status: int, content_type: str, data: bytes, *, body: bool, allow: bool = False) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        if allow:
            self.send_header("Allow", "GET, HEAD")
        self._common_headers()
        self.end_headers()
        if body:
            self.wfile.write(data)

    def _common_headers(self) -> None:
        for name, value in SECURITY_HEADERS.items():
            self.send_header(name, value)

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """A refusal with a fixed Italian body: nothing of the request is written back."""
        status = code if code in say.BOARD_REFUSALS else 400
        self.close_connection = True
        body = say.BOARD_REFUSALS[status].encode()
        self._send(status, "text/plain; charset=utf-8", body, body=self.command != "HEAD", allow=status in (405, 501))

    def _refuse_method(self) -> None:
        self.send_error(405)

    do_POST = do_PUT = do_DELETE = do_PATCH = do_OPTIONS = do_TRACE = do_CONNECT = _refuse_method

    def log_message(self, format: str, *args: Any) -> None:
        """Requests are logged at debug level, never printed over the captions."""
        logger.debug("board: %s", format % args)

