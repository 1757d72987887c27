"""The board's HTTP server on a real socket: read-only, only its own files, bounded, never blocking the game."""

from __future__ import annotations

import http.client
import json
import socket
import threading
import time

import pytest

from voice_host.board.hub import StateHub
from voice_host.board.server import REFUSED_METHODS, BoardServer


@pytest.fixture
def board():
    servers = []

    def start(**options):
        hub = StateHub()
        server = BoardServer(hub, "127.0.0.1", 0, **options)
        server.start()
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.close()


def _request(server, method, path, body=None):
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
    connection.request(method, path, body=body)
    response = connection.getresponse()
    data = response.read()
    connection.close()
    return response, data


def _raw(server, data: bytes) -> bytes:
    with socket.create_connection(("127.0.0.1", server.port), timeout=5) as sock:
        sock.sendall(data)
        chunks = []
        while chunk := sock.recv(65536):
            chunks.append(chunk)
    return b"".join(chunks)


def _events(sock_file, count):
    """The next ``count`` data lines of a server-sent-events stream, parsed."""
    found = []
    while len(found) < count:
        line = sock_file.readline()
        assert line, "the stream ended"
        if line.startswith(b"data: "):
            found.append(json.loads(line[len(b"data: "):]))
    return found


def _open_stream(server):
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=5)
    sock.sendall(b"GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    return sock, sock.makefile("rb")


def test_the_page_and_its_files_are_served_in_italian(board):
    server = board()
    response, page = _request(server, "GET", "/")
    assert response.status == 200 and response.getheader("Content-Type") == "text/html; charset=utf-8"
    text = page.decode()
    assert '<html lang="it">' in text and "<title>Tabellone</title>" in text and 'aria-live="polite"' in text
    assert "{{" not in text  # every label was filled in
    for path, kind in (("/board.js", "text/javascript"), ("/board.css", "text/css"), ("/favicon.svg", "image/svg")):
        response, body = _request(server, "GET", path)
        assert response.status == 200 and response.getheader("Content-Type").startswith(kind) and body


def test_state_is_the_latest_published_json(board):
    server = board()
    server.hub.publish({"game": "tokio", "players": [{"name": "Anna", "penalties": 2}]})
    response, body = _request(server, "GET", "/state")
    assert response.status == 200 and response.getheader("Content-Type").startswith("application/json")
    assert json.loads(body) == {"game": "tokio", "players": [{"name": "Anna", "penalties": 2}], "seq": 1}
    response, head_body = _request(server, "HEAD", "/state")
    assert response.status == 200 and head_body == b"" and response.getheader("Content-Length") == str(len(body))


@pytest.mark.parametrize("method", REFUSED_METHODS[:-1])  # CONNECT takes an authority, not a path
def test_every_other_method_is_refused_and_changes_nothing(board, method):
    server = board()
    server.hub.publish({"game": "tokio"})
    for path in ("/", "/state", "/events", "/nowhere"):
        response, body = _request(server, method, path, body=b'{"game": "yatzi"}')
        assert response.status == 405, (method, path)
        assert response.getheader("Allow") == "GET, HEAD"
        assert method != "HEAD" and (body == b"" or "guarda" in body.decode())
    assert server.hub.latest().seq == 1 and json.loads(server.hub.latest().json)["game"] == "tokio"


def test_an_unknown_method_is_not_implemented(board):
    response, _ = _request(board(), "BREW", "/state")
    assert response.status == 501 and response.getheader("Allow") == "GET, HEAD"


@pytest.mark.parametrize("path", [
    "/index.html", "/static/board.js", "/../../etc/passwd", "/%2e%2e/pyproject.toml", "/state/", "/events/x",
    "/board.js/", "//etc/passwd", "/voice_host/board/page.py",
])
def test_only_the_pages_own_files_are_served(board, path):
    response, body = _request(board(), "GET", path)
    assert response.status == 404 and body.decode() == "Qui non c'è niente: il tabellone è alla pagina principale."


def test_nothing_of_the_request_is_written_back(board):
    server = board()
    probe = "<script>alert(1)</script>"
    response, body = _request(server, "GET", "/" + probe.replace(" ", "%20"))
    assert response.status == 404 and b"<" not in body and b"alert" not in body
    raw = _raw(server, f"GET /{probe} HTTP/1.0\r\n\r\n".encode())
    assert b"alert" not in raw
    raw = _raw(server, f"{probe} {probe}\r\n\r\n".encode())  # not a request at all
    assert b"alert" not in raw and b"script" not in raw
    raw = _raw(server, f"GET / HTTP/1.0\r\nX-Test: {probe}\r\n\r\n".encode())
    assert b"alert" not in raw.split(b"\r\n\r\n", 1)[0]
    response, body = _request(server, "GET", "/state?" + probe.replace(" ", "%20"))
    assert response.status == 200 and b"alert" not in body


def test_answers_forbid_other_code_and_caching(board):
    response, _ = _request(board(), "GET", "/")
    assert "script-src 'self'" in response.getheader("Content-Security-Policy")
    assert response.getheader("X-Content-Type-Options") == "nosniff"
    assert response.getheader("Cache-Control") == "no-store"


def test_the_stream_sends_the_latest_state_then_each_new_one(board):
    server = board()
    server.hub.publish({"game": "tokio", "n": 1})
    sock, stream = _open_stream(server)
    with sock, stream:
        assert stream.readline().startswith(b"HTTP/1.0 200")
        assert [event["n"] for event in _events(stream, 1)] == [1]
        server.hub.publish({"game": "tokio", "n": 2})
        server.hub.publish({"game": "tokio", "n": 3})
        latest = _events(stream, 1)[0]
        if latest["n"] == 2:  # the reader may see the middle state, or only the latest: never an old one
            latest = _events(stream, 1)[0]
        assert latest == {"game": "tokio", "n": 3, "seq": 3}


def test_connections_beyond_the_limit_are_refused_and_a_freed_slot_serves_again(board):
    server = board(max_clients=3, keepalive=0.2)  # a closed stream is noticed at the next keep-alive
    streams = [_open_stream(server) for _ in range(3)]
    for _, stream in streams:
        assert stream.readline().startswith(b"HTTP/1.0 200")
    response, body = _request(server, "GET", "/state")
    assert response.status == 503 and "riprova" in body.decode()
    sock, stream = streams.pop()
    stream.close()
    sock.close()
    deadline = time.monotonic() + 5
    while (status := _request(server, "GET", "/state")[0].status) == 503 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert status == 200
    for sock, stream in streams:
        stream.close()
        sock.close()


def test_a_client_that_never_reads_never_blocks_the_game_and_loses_its_slot(board):
    server = board(max_clients=1, timeout=0.5)
    stuck = socket.socket()
    stuck.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    stuck.connect(("127.0.0.1", server.port))
    stuck.sendall(b"GET /events HTTP/1.0\r\n\r\n")  # and never reads a byte
    stop, published = threading.Event(), []

    def game():  # a game that goes on: a big state every few milliseconds, far more than the client takes
        while not stop.is_set():
            server.hub.publish({"game": "tokio", "said": ["x" * 200_000], "n": len(published)})
            published.append(True)
            time.sleep(0.005)

    thread = threading.Thread(target=game, daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    status = 503
    while status == 503 and time.monotonic() < deadline:
        time.sleep(0.1)
        status = _request(server, "GET", "/state")[0].status
    stop.set()
    thread.join(5)
    assert not thread.is_alive(), "publishing waited for a client"
    assert status == 200  # the stuck client was dropped after its timeout
    assert len(published) > 20
    stuck.close()


def test_a_silent_client_is_dropped_after_the_timeout(board):
    server = board(max_clients=1, timeout=0.3)
    with socket.create_connection(("127.0.0.1", server.port)) as silent:
        silent.settimeout(5)
        assert silent.recv(100) == b""  # closed by the server, having sent nothing
    assert _request(server, "GET", "/state")[0].status == 200


def test_close_sends_the_last_state_ends_the_streams_and_frees_the_port(board):
    server = board()
    sock, stream = _open_stream(server)
    assert _events(stream, 1)[0]["seq"] == 0  # the stream is served
    port = server.port
    server.hub.publish({"game": "tokio", "finished": True})  # the end of the game, then the host exits
    server.close()
    with sock, stream:
        sock.settimeout(5)
        rest = b"".join(iter(stream.readline, b""))  # the stream ends
    assert b'data: {"game": "tokio", "finished": true, "seq": 1}' in rest
    again = BoardServer(StateHub(), "127.0.0.1", port)
    again.close()


def test_many_clients_each_get_every_new_state(board):
    server = board()
    streams = [_open_stream(server) for _ in range(20)]
    try:
        for _, stream in streams:
            assert _events(stream, 1)[0]["seq"] == 0
        server.hub.publish({"game": "yatzi", "n": 1})
        assert all(_events(stream, 1)[0] == {"game": "yatzi", "n": 1, "seq": 1} for _, stream in streams)
    finally:
        for sock, stream in streams:
            stream.close()
            sock.close()


def test_the_wheel_carries_every_file_the_page_serves():
    import fnmatch
    from pathlib import Path

    tomllib = pytest.importorskip("tomllib")  # Python 3.11 on

    from voice_host.board.page import FILES

    root = Path(__file__).resolve().parents[3]
    globs = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["voice_host"]
    for name, _ in FILES.values():
        assert any(fnmatch.fnmatch(f"board/static/{name}", pattern) for pattern in globs), name
        assert (root / "voice_host" / "board" / "static" / name).is_file()


def test_a_page_elsewhere_cannot_rebind_its_name_to_read_the_board(board):
    server = board()
    server.hub.publish({"game": "tokio"})
    raw = _raw(server, b"GET /state HTTP/1.1\r\nHost: evil.example:80\r\n\r\n")
    assert raw.startswith(b"HTTP/1.0 400") and b"tokio" not in raw
    raw = _raw(server, f"GET /state HTTP/1.1\r\nHost: localhost:{server.port}\r\n\r\n".encode())
    assert raw.startswith(b"HTTP/1.0 200") and b"tokio" in raw


def test_ipv6_is_served_too():
    if not socket.has_ipv6:
        pytest.skip("no IPv6 here")
    try:
        server = BoardServer(StateHub(), "::1", 0)
    except OSError:
        pytest.skip("no IPv6 loopback here")
    server.start()
    try:
        connection = http.client.HTTPConnection("::1", server.port, timeout=5)
        connection.request("GET", "/state")
        assert json.loads(connection.getresponse().read()) == {"seq": 0}
        connection.close()
    finally:
        server.close()


def test_the_address_given_for_every_interface_is_one_a_phone_can_open():
    import ipaddress

    from voice_host.board.launch import shown_host

    assert shown_host("192.168.1.5") == "192.168.1.5"
    shown = shown_host("0.0.0.0")
    assert shown != "0.0.0.0"
    try:
        assert not ipaddress.ip_address(shown).is_unspecified
    except ValueError:
        assert shown  # no route out: the host name
