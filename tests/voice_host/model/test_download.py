"""The model download against a real HTTP server on loopback: a stall ends, a break resumes, a short file fails."""

from __future__ import annotations

import http.server
import io
import threading
import time
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from voice_host.audio.errors import VoiceUnavailable
from voice_host.model.store import download_model, is_model_dir

NAME = "vosk-model-small-it-test"
pytestmark = pytest.mark.slow  # a loopback server, a stall of a second


def _archive() -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr(f"{NAME}/am/final.mdl", b"m" * 200_000)
        archive.writestr(f"{NAME}/graph/HCLr.fst", b"g" * 10)
    return buffer.getvalue()


class _Server(http.server.ThreadingHTTPServer):
    data = b""
    mode = "whole"  # "break": the first answer stops half-way; "stall": sends half, then nothing
    ranges: list[str]


class _Handler(http.server.BaseHTTPRequestHandler):
    server: _Server

    def log_message(self, *args: object) -> None:
        pass

    def do_GET(self) -> None:
        data, asked = self.server.data, self.headers.get("Range")
        self.server.ranges.append(asked or "")
        start = int(asked.split("=")[1].rstrip("-")) if asked else 0
        self.send_response(206 if asked else 200)
        if asked:
            self.send_header("Content-Range", f"bytes {start}-{len(data) - 1}/{len(data)}")
        self.send_header("Content-Length", str(len(data) - start))
        self.end_headers()
        body = data[start:]
        if self.server.mode in ("break", "stall") and not asked:
            self.wfile.write(body[: len(body) // 2])
            self.wfile.flush()
            if self.server.mode == "stall":
                time.sleep(3)
            return
        self.wfile.write(body)


@pytest.fixture
def server() -> Iterator[_Server]:
    httpd = _Server(("127.0.0.1", 0), _Handler)
    httpd.data, httpd.ranges = _archive(), []
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield httpd
    httpd.shutdown()
    httpd.server_close()


def _url(server: _Server) -> str:
    return f"http://127.0.0.1:{server.server_address[1]}/"


def test_a_broken_download_fails_then_resumes_where_it_stopped(server: _Server, tmp_path: Path) -> None:
    server.mode = "break"
    with pytest.raises(VoiceUnavailable):
        download_model(tmp_path, name=NAME, base_url=_url(server))
    part = tmp_path / f"{NAME}.zip.part"
    half = part.stat().st_size
    assert 0 < half < len(server.data)
    target = download_model(tmp_path, name=NAME, base_url=_url(server))
    assert is_model_dir(target) and server.ranges[-1] == f"bytes={half}-"  # only the rest was asked for
    assert not part.exists() and (target / "am" / "final.mdl").read_bytes() == b"m" * 200_000


def test_a_stalled_connection_ends_within_the_limit(server: _Server, tmp_path: Path) -> None:
    server.mode = "stall"
    started = time.monotonic()
    with pytest.raises(VoiceUnavailable) as failure:
        download_model(tmp_path, name=NAME, base_url=_url(server), stall_s=0.5)
    assert time.monotonic() - started < 2.5 and "secondi" in str(failure.value)


def test_without_a_network_the_message_names_the_file_and_the_folder(tmp_path: Path) -> None:
    with pytest.raises(VoiceUnavailable) as failure:
        download_model(tmp_path, name=NAME, base_url="https://no-such-host.invalid/models/")
    message = str(failure.value)
    assert f"https://no-such-host.invalid/models/{NAME}.zip" in message and str(tmp_path) in message
