"""Loading a vosk model safely, and the model's vocabulary.

A damaged model can make vosk abort the process, hang, or fail: it is tried
first in a child process (:mod:`voice_host.model.probe`), then loaded
here with the stop signals deferred, and freed away from the main thread.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from grammars.phrases import Phrase
from voice_host.model.vocabulary import Vocabulary


def load_model(path: str, probe_seconds: float | None = None) -> Any:
    """Load a vosk model quietly (vosk logs to stderr otherwise), once it is known to load and decode.

    The model is first tried in a child process (:mod:`voice_host.model.probe`,
    remembered per folder contents): a model that makes vosk abort, hang or fail
    raises :class:`~voice_host.model.probe.ModelUnusable` with the reason in
    Italian. Then it is loaded here with SIGINT, SIGTERM and SIGHUP deferred until
    ``vosk.Model()`` returns, and freed, when dropped, away from the main thread:
    a signal never meets a half-built or half-freed model, and is never lost.
    """
    from pathlib import Path

    import vosk

    from grammars.it import catalogue
    from voice_host.model.probe import PROBE_SECONDS, ModelUnusable, probe
    from voice_host.platform.stop_signals import deferred_signals

    probe(Path(path), PROBE_SECONDS if probe_seconds is None else probe_seconds)
    vosk.SetLogLevel(-1)
    with deferred_signals():
        try:
            return _safe_model_class(vosk)(path)
        except Exception:  # vosk's "Failed to create a model": the probe passed, the files changed since
            raise ModelUnusable(catalogue.voice_model_probe_failed()) from None


def _safe_model_class(vosk: Any) -> Any:
    """``vosk.Model`` whose ``__del__`` neither fails on a model never built nor frees in the main thread.

    vosk's own ``__del__`` reads ``self._handle``, which a failed ``__init__``
    never set, and a signal handled while it frees the model (in C, for a
    fraction of a second) raises inside ``__del__``, where Python swallows it.
    Freed in a short daemon thread instead, the main thread handles the signal.
    """
    import sys
    import threading

    free = vosk._c.vosk_model_free  # vosk 0.3.45: the function vosk.Model.__del__ calls
    null = vosk._ffi.NULL

    class SafeModel(vosk.Model):  # type: ignore[misc]
        def release(self) -> None:
            """Free the model now, on a short daemon thread; a signal meanwhile is raised to the caller."""
            handle = self.__dict__.pop("_handle", null)
            if handle == null:
                return
            if sys.is_finalizing():  # a thread started now would never run, and start() would wait for ever
                free(handle)
                return
            try:
                threading.Thread(target=free, args=(handle,), name="vosk-free", daemon=True).start()
            except RuntimeError:  # the interpreter is shutting down: no new thread
                free(handle)

        def __del__(self) -> None:
            self.release()

    return SafeModel


def release_model(model: Any) -> None:
    """Free ``model`` (from :func:`load_model`) now, from ordinary code rather than from its ``__del__``.

    Starting the freeing thread waits until the thread runs; a Ctrl-C or stop
    signal handled during that wait raises inside ``__del__``, where Python
    swallows it: the host went on to the keyboard after a Ctrl-C (a model
    refused for its vocabulary, dropped while the start-up's fallback ran;
    seen under load in the signal trials). Called here, the signal reaches the
    caller and stops the host.
    """
    release = getattr(model, "release", None)
    if release is not None:
        release()


def vocabulary_of(model: Any, model_name: str) -> Vocabulary:
    """A :class:`Vocabulary` backed by ``model.vosk_model_find_word`` (-1 = unknown)."""
    return Vocabulary(lambda word: model.vosk_model_find_word(word) != -1, model_name)


def check_all(vocabulary: Vocabulary, all_phrases: Mapping[str, Sequence[Phrase]]) -> None:
    """Raise :class:`VoiceUnavailable` when some phrase has no spelling the model knows."""
    vocabulary.check(all_phrases)
