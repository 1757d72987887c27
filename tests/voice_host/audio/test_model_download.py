"""The first download of the model, end to end: vosk's own downloader against a real HTTP server on 127.0.0.1.

The server offers a zip of the Korean test model under the Italian model's name
(``vosk.MODEL_PRE_URL`` points at it). The download goes through the real code
path: the reachability check, vosk's progress bar, the unzip in a scratch folder,
the move into place; the model then loads. A download cut short, a corrupt
archive and an archive without the model leave nothing behind and say so in
Italian.
"""

from __future__ import annotations

import functools
import http.server
import threading
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from voice_host.audio.errors import VoiceUnavailable
from voice_host.model import store as model_store

pytestmark = [pytest.mark.vosk, pytest.mark.slow]

NAME = model_store.MODEL_NAME
ARCHIVE = f"{NAME}.zip"


@pytest.fixture(scope="module")
def served(ko_model_path: str, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder to serve, holding the Korean model zipped as ``vosk-model-small-it-0.22.zip``."""
    folder = tmp_path_factory.mktemp("served")
    model = Path(ko_model_path)
    with zipfile.ZipFile(folder / ARCHIVE, "w", zipfile.ZIP_STORED) as archive:
        for path in sorted(model.rglob("*")):
            if path.is_file():
                archive.write(path, f"{NAME}/{path.relative_to(model).as_posix()}")
    (folder / "broken").mkdir()
    (folder / "broken" / ARCHIVE).write_bytes(b"PK\x03\x04 not really a zip" * 100)
    (folder / "empty").mkdir()
    with zipfile.ZipFile(folder / "empty" / ARCHIVE, "w") as archive:
        archive.writestr("README", "no model in here")
    return folder


class CutShort(http.server.SimpleHTTPRequestHandler):
    """Announces the whole archive and sends a third of it: a connection lost mid-download."""

    def do_GET(self) -> None:
        path = Path(self.translate_path(self.path))
        data = path.read_bytes()
        self.send_response(200)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data[: len(data) // 3])

    def log_message(self, format: str, *args: object) -> None:
        pass


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


def _serve(folder: Path, handler: type[http.server.SimpleHTTPRequestHandler]) -> Iterator[str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(folder)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture
def server(served: Path) -> Iterator[str]:
    yield from _serve(served, Quiet)


def _point_vosk_at(monkeypatch: pytest.MonkeyPatch, url: str) -> None:
    import vosk

    monkeypatch.setattr(vosk, "MODEL_PRE_URL", url)


def test_the_first_download_unpacks_the_model_into_place_and_it_loads(
    server: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import vosk

    _point_vosk_at(monkeypatch, server)
    dest = tmp_path / "models"
    target = model_store.download_model(dest)
    assert target == dest / NAME and model_store.is_model_dir(target)
    assert [p.name for p in dest.iterdir()] == [NAME]  # no archive, no scratch folder left
    assert model_store.find_model(None, dirs=[dest]) == target
    vosk.SetLogLevel(-1)
    assert vosk.Model(str(target)) is not None  # loads: vosk raises when a model cannot be created


def test_no_progress_frames_off_a_terminal(server: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                           capfd: pytest.CaptureFixture[str]) -> None:
    _point_vosk_at(monkeypatch, server)
    model_store.download_model(tmp_path)
    err = capfd.readouterr().err
    assert "\r" not in err and "%" not in err, err  # standard error here is a file, not a terminal


def test_a_second_download_is_not_needed(server: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _point_vosk_at(monkeypatch, server)
    first = model_store.download_model(tmp_path)
    _point_vosk_at(monkeypatch, "http://127.0.0.1:9/")  # nothing listens there now
    assert model_store.download_model(tmp_path) == first


@pytest.mark.parametrize(("where", "reason"), [("broken/", "archivio danneggiato"), ("empty/", None)])
def test_a_bad_archive_leaves_nothing_and_says_so(
    server: str, where: str, reason: str | None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _point_vosk_at(monkeypatch, server + where)
    with pytest.raises(VoiceUnavailable) as error:
        model_store.download_model(tmp_path)
    message = str(error.value)
    assert message.startswith(f"Non riesco a scaricare il modello vocale {NAME}: ")
    if reason:
        assert reason in message
    assert f"{NAME}.zip" in message and str(tmp_path) in message  # what to fetch by hand, and where
    assert "Traceback" not in message and "Errno" not in message
    assert not any(tmp_path.iterdir())


def test_a_download_cut_short_leaves_nothing_and_says_so(
    served: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for url in _serve(served, CutShort):
        _point_vosk_at(monkeypatch, url)
        with pytest.raises(VoiceUnavailable) as error:
            model_store.download_model(tmp_path)
    assert str(error.value).startswith(f"Non riesco a scaricare il modello vocale {NAME}: ")
    assert [p.name for p in tmp_path.iterdir()] == [f"{NAME}.zip.part"]  # kept: the next try resumes it
