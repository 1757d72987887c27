"""Freeing a vosk model: from ordinary code a signal reaches the caller; from ``__del__`` Python swallows it."""

from __future__ import annotations

import threading
from types import SimpleNamespace
from typing import Any

import pytest

from voice_host.model.loading import _safe_model_class, release_model

NULL = object()


def fake_vosk(freed: list[Any]) -> Any:
    """vosk 0.3.45's surface that ``_safe_model_class`` uses: ``Model``, ``_c.vosk_model_free``, ``_ffi.NULL``."""

    class Model:
        def __init__(self, path: str) -> None:
            self._handle = f"handle of {path}"

    return SimpleNamespace(Model=Model, _c=SimpleNamespace(vosk_model_free=freed.append),
                           _ffi=SimpleNamespace(NULL=NULL))


def interrupted_start(self: threading.Thread) -> None:
    """A Ctrl-C handled while ``Thread.start`` waits for the new thread to run."""
    raise KeyboardInterrupt


def test_release_frees_the_model_once_on_its_own_thread() -> None:
    freed: list[Any] = []
    model = _safe_model_class(fake_vosk(freed))("m")
    release_model(model)
    release_model(model)  # a second release, and the __del__ after it, free nothing more
    for thread in threading.enumerate():
        if thread.name == "vosk-free":
            thread.join(timeout=5)
    del model
    assert freed == ["handle of m"]


def test_a_ctrl_c_while_the_freeing_thread_starts_reaches_the_caller(monkeypatch: pytest.MonkeyPatch) -> None:
    model = _safe_model_class(fake_vosk([]))("m")
    monkeypatch.setattr(threading.Thread, "start", interrupted_start)
    with pytest.raises(KeyboardInterrupt):
        release_model(model)


def test_the_same_ctrl_c_inside_del_is_swallowed_which_is_why_the_host_releases_explicitly(
        monkeypatch: pytest.MonkeyPatch) -> None:
    unraisable: list[Any] = []
    monkeypatch.setattr("sys.unraisablehook", unraisable.append)
    model = _safe_model_class(fake_vosk([]))("m")
    monkeypatch.setattr(threading.Thread, "start", interrupted_start)
    del model  # no exception here: Python reports it as unraisable and goes on
    assert [type(u.exc_value) for u in unraisable] == [KeyboardInterrupt]


def test_a_refused_model_is_released_by_the_listener_factory_not_left_to_its_del(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    from voice_host.audio.errors import VoiceUnavailable
    from voice_host.cli import voice_adapters
    from voice_host.listen import listener

    released: list[str] = []

    class Model:
        def release(self) -> None:
            released.append("released")

    class Refusing:
        def check(self, phrases: Any) -> None:
            raise VoiceUnavailable("una frase non coperta")

    monkeypatch.setattr(voice_adapters, "find_or_download", lambda path, download: tmp_path)
    monkeypatch.setattr(listener, "load_model", lambda path: Model())
    monkeypatch.setattr(listener, "vocabulary_of", lambda model, name: Refusing())
    with pytest.raises(VoiceUnavailable):
        voice_adapters.open_voice_listener(str(tmp_path), {})
    assert released == ["released"]
