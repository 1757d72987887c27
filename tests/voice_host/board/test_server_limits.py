"""The board's server against slow, greedy and non-reading clients, on real loopback sockets, bounded in time."""

from __future__ import annotations

import http.client
import socket
import time

import pytest

from voice_host.board.hub import StateHub
from voice_host.board.server import BoardServer


@pytest.fixture
def board():
    servers = []

    def start(**options):
        server = BoardServer(StateHub(), "127.0.0.1", 0, **options)
        server.start()
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.close()


def _status(server, path="/state", timeout=5.0):
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=timeout)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        response.read()
        return response.status
    finally:
        connection.close()


def _closed_by_server(sock, within):
    """True when the server closes ``sock`` within ``within`` seconds (whatever it sent first)."""
    sock.settimeout(within)
    deadline = time.monotonic() + within
    try:
        while time.monotonic() < deadline:
            if sock.recv(65536) == b"":
                return True
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False
    return False


@pytest.mark.slow  # waits for the board's deadline: the full tier
def test_a_head_sent_a_line_at_a_time_is_cut_at_the_total_deadline(board):
    # slowloris: each line well within any per-read timeout, the head never done
    server = board(timeout=0.6)
    with socket.create_connection(("127.0.0.1", server.port), timeout=5) as slow:
        slow.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        started = time.monotonic()
        closed = False
        for n in range(12):  # a line every 0.15 s for up to 1.8 s
            time.sleep(0.15)
            try:
                slow.sendall(f"X-{n}: {n}\r\n".encode())
            except (BrokenPipeError, ConnectionResetError):
                closed = True
                break
        closed = closed or _closed_by_server(slow, 0.5)
        assert closed and time.monotonic() - started < 1.8


def test_a_head_larger_than_its_budget_is_refused_at_once(board):
    server = board()
    with socket.create_connection(("127.0.0.1", server.port), timeout=5) as greedy:
        greedy.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        sent = 0
        try:
            for _ in range(99):  # the standard library would read 99 lines of 65,000 bytes
                greedy.sendall(b"X-Big: " + b"a" * 65_000 + b"\r\n")
                sent += 65_000
        except (BrokenPipeError, ConnectionResetError):
            pass
        assert _closed_by_server(greedy, 2)
        assert sent < 4_000_000  # cut long before the 6.4 MB were taken
    assert _status(server) == 200


@pytest.mark.slow  # waits for a queue to fill over the socket: the full tier
def test_a_stream_that_never_reads_is_dropped_once_its_queue_is_full(board):
    server = board(max_pending=16_384, timeout=30)  # the queue, not the timeout, must drop it
    mute = socket.socket()
    mute.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    mute.connect(("127.0.0.1", server.port))
    mute.sendall(b"GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    time.sleep(0.2)
    for n in range(60):  # 60 states of 20 KB: far more than a small kernel buffer and the queue hold
        server.hub.publish({"game": "tokio", "said": ["x" * 20_000], "n": n})
        time.sleep(0.01)
    deadline = time.monotonic() + 5
    while server._served.streams and time.monotonic() < deadline:
        time.sleep(0.05)
    assert server._served.streams == 0
    mute.close()


def test_a_full_board_makes_room_for_a_viewer_by_closing_the_oldest_unfinished_head(board):
    server = board(max_clients=4, timeout=30)
    slow = []
    for _ in range(4):
        sock = socket.create_connection(("127.0.0.1", server.port), timeout=5)
        sock.sendall(b"GET / HTTP/1.1\r\n")  # and never the rest
        slow.append(sock)
        time.sleep(0.05)
    try:
        started = time.monotonic()
        assert _status(server, "/") == 200
        assert _status(server, "/state") == 200
        assert time.monotonic() - started < 1.0
        assert _closed_by_server(slow[0], 1)  # the oldest went first
    finally:
        for sock in slow:
            sock.close()


def test_viewers_reading_their_streams_are_never_the_ones_closed(board):
    server = board(max_clients=2, keepalive=0.2)
    streams = []
    for _ in range(2):
        sock = socket.create_connection(("127.0.0.1", server.port), timeout=5)
        sock.sendall(b"GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        streams.append(sock)
    try:
        for sock in streams:
            assert sock.recv(4096).startswith(b"HTTP/1.0 200")
        assert _status(server) == 503  # a full board of real viewers: the newcomer waits, nobody is pushed out
        for sock in streams:
            sock.settimeout(2)
            assert sock.recv(4096)  # still served (a keep-alive at least)
    finally:
        for sock in streams:
            sock.close()


def test_the_end_of_the_board_is_a_final_event_after_the_last_state(board):
    server = board()
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=5)
    sock.sendall(b"GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    stream = sock.makefile("rb")
    with sock, stream:
        while not stream.readline().startswith(b"data: "):
            pass
        server.hub.publish({"game": "tokio", "finished": True})
        server.close()
        rest = b"".join(iter(stream.readline, b""))
    assert rest.index(b'"finished": true') < rest.index(b"event: end\n")
