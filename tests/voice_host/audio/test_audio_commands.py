"""voice-host devices/check/say/model, on the real stack (Korean model, null sink)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from test_audio_vosk import A, B

from grammars.phrases import Phrase
from voice_host.audio.errors import VoiceUnavailable
from voice_host.cli.check import run_check
from voice_host.model import store as model_store

REPO = Path(__file__).resolve().parents[3]


def voice_host(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "voice_host.cli.voice_tools", *args],
        capture_output=True, text=True, timeout=120, env=env,
    )


@pytest.mark.audio
def test_devices_lists_the_pulse_input_and_output(pulse: str) -> None:
    result = voice_host("devices")
    assert result.returncode == 0
    inputs, outputs = result.stdout.split("uscite:")
    assert "pulse" in inputs and "pulse" in outputs


@pytest.mark.audio
@pytest.mark.vosk
def test_check_reports_model_coverage_mic_and_voice(pulse: str, espeak: str, ko_model_path: str) -> None:
    out = io.StringIO()
    code = run_check(ko_model_path, {"a": A.phrases, "b": B.phrases}, seconds=0.5, voice="ko", out=out)
    lines = out.getvalue().splitlines()
    assert code == 0, lines
    assert lines[0] == f"modello: {ko_model_path}"
    assert "fase a: 8/8 frasi riconoscibili" in lines and "fase b: 4/4 frasi riconoscibili" in lines
    assert any(line.startswith("microfono: livello massimo") for line in lines)
    assert any(line.startswith("voce: ko") for line in lines)


@pytest.mark.audio
@pytest.mark.vosk
def test_check_fails_naming_the_phrases_the_model_lacks(pulse: str, espeak: str, ko_model_path: str) -> None:
    out = io.StringIO()
    phases = {"a": (*A.phrases, Phrase.of("sessantadue", "sessanta due"))}
    assert run_check(ko_model_path, phases, seconds=0, out=out) == 1
    assert "fase a: 8/9 frasi riconoscibili; mancano: sessantadue" in out.getvalue()


@pytest.mark.audio
@pytest.mark.vosk
def test_selftest_speaks_and_recognizes_every_phrase(espeak: str, ko_model_path: str, tmp_path: Path) -> None:
    phrases = tmp_path / "phrases.json"
    phrases.write_text(
        json.dumps({"a": ["다시 시작", "점수 취소", ["여덟", "yeodeol"]]}, ensure_ascii=False), encoding="utf-8"
    )
    result = voice_host(
        "check", "--model", ko_model_path, "--phrases", str(phrases), "--voice", "ko", "--rate", "150", "--selftest"
    )
    lines = result.stdout.splitlines()
    per_phrase = [line for line in lines if line.startswith(("ok ", "NO "))]
    assert [line.split("'")[1] for line in per_phrase] == ["다시 시작", "점수 취소", "여덟"], result.stdout
    right = sum(line.startswith("ok ") for line in per_phrase)
    assert lines[-1].startswith(f"riconosciute {right}/3")
    # espeak's Korean through the small Korean model is not perfect; most must pass
    assert right >= 2, result.stdout
    assert result.returncode == (0 if right == 3 else 1)


@pytest.mark.slow
@pytest.mark.parametrize(
    "args",
    [
        ("check", "--dice", "7"),
        ("check", "--phrases", "/nonexistent.json"),
        ("check", "--seconds", "-1"),
        ("say",),
        ("model",),
        ("nonsense",),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: tuple[str, ...]) -> None:
    result = voice_host(*args)
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr


@pytest.mark.audio
def test_say_speaks_through_the_default_output(pulse: str, espeak: str) -> None:
    assert voice_host("say", "Benvenuti", "al", "tavolo").returncode == 0


@pytest.mark.vosk
def test_model_is_found_from_the_explicit_path_env_and_models_dirs(
    ko_model_path: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    model = Path(ko_model_path)
    assert model_store.find_model(ko_model_path) == model
    with pytest.raises(VoiceUnavailable, match="non c'è un modello"):
        model_store.find_model(str(tmp_path))
    (tmp_path / "vosk-model-small-it-0.22").symlink_to(model)
    monkeypatch.setenv("VOSK_MODEL_PATH", str(tmp_path))
    assert model_store.search_dirs()[0] == tmp_path
    assert model_store.find_model() == tmp_path / "vosk-model-small-it-0.22"
    assert model_store.find_model(dirs=[tmp_path / "empty"]) is None


@pytest.mark.vosk
def test_model_path_without_a_model_exits_1_with_the_searched_folders(tmp_path: Path) -> None:
    import os

    # PYTHONPATH: run this tree's code, not whichever tree the virtualenv's editable install points at
    env = {**os.environ, "HOME": str(tmp_path), "VOSK_MODEL_PATH": str(tmp_path / "none"), "PYTHONPATH": str(REPO)}
    result = subprocess.run(
        [sys.executable, "-m", "voice_host.cli.voice_tools", "model", "path"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=60,
    )
    if result.returncode == 0:
        pytest.skip(f"a model is installed system-wide here: {result.stdout.strip()}")
    assert result.returncode == 1
    assert "vosk-model-small-it-0.22" in result.stderr and "voice-host model download" in result.stderr


@pytest.mark.vosk
def test_download_failure_becomes_a_clear_message_not_an_exit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import vosk

    monkeypatch.setattr(vosk, "MODEL_PRE_URL", "http://127.0.0.1:9/")  # nothing listens: refused at once
    with pytest.raises(VoiceUnavailable) as error:
        model_store.download_model(tmp_path)
    assert "vosk-model-small-it-0.22" in str(error.value) and "models/" in str(error.value)
    assert "connessione rifiutata" in str(error.value) and "Errno" not in str(error.value)
    assert not any(tmp_path.iterdir())  # no half-unpacked model left behind


@pytest.mark.vosk
def test_download_without_a_network_says_so_in_italian(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import vosk

    monkeypatch.setattr(vosk, "MODEL_PRE_URL", "http://nessun-host.invalid/")  # .invalid never resolves
    with pytest.raises(VoiceUnavailable) as error:
        model_store.download_model(tmp_path)
    assert "nessuna rete" in str(error.value) and "Errno" not in str(error.value)


def test_open_voice_listener_without_a_model_raises_voice_unavailable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from voice_host.cli.voice_adapters import open_voice_listener

    monkeypatch.setattr(model_store, "search_dirs", lambda: [tmp_path])
    with pytest.raises(VoiceUnavailable, match="Modello vocale italiano non trovato"):
        open_voice_listener(None, {"a": A.phrases}, download=False)


@pytest.mark.vosk
def test_open_voice_listener_stops_on_uncovered_phrases(ko_model_path: str) -> None:
    from voice_host.cli.voice_adapters import open_voice_listener

    with pytest.raises(VoiceUnavailable, match="dubito"):
        open_voice_listener(ko_model_path, {"a": (*A.phrases, Phrase.of("dubito"))})


@pytest.mark.audio
@pytest.mark.vosk
def test_open_voice_listener_gives_a_working_listener(pulse: str, ko_model_path: str) -> None:
    from voice_host.cli.voice_adapters import open_voice_listener

    listener: Any = open_voice_listener(ko_model_path, {"a": A.phrases, "b": B.phrases})
    try:
        assert listener.grammar(A.phrases)[:2] == ["다시", "취소"]
    finally:
        listener.close()


def test_check_covers_both_games_by_default() -> None:
    from voice_host.cli.check import game_phrases_for

    phrases = game_phrases_for("all", "classico", 6)
    assert {"tokio/claim", "tokio/response", "tokio/reveal", "tokio/confirm",
            "yatzi/dice", "yatzi/box", "yatzi/virtual", "yatzi/confirm", "yatzi/start"} == set(phrases)
    assert "scala minima" in {p.text for p in phrases["yatzi/box"]}
    assert "cinquantatré" in {p.text for p in phrases["tokio/claim"]}
    assert set(game_phrases_for("yatzi", "classico", 6)) == {"dice", "box", "virtual", "confirm", "start"}


@pytest.mark.audio
def test_an_unknown_tts_voice_is_the_users_to_fix_not_a_silent_fallback(pulse: str) -> None:
    from voice_host.cli.voice_adapters import open_speaker

    # espeak-ng has no voice by this name: the user gets the Italian line (exit 2 upstream),
    # not a printed fallback as when the machine has no audio output.
    with pytest.raises(VoiceUnavailable, match="La voce 'nessuna-voce-xq' non esiste"):
        open_speaker("pyttsx3", voice="nessuna-voce-xq")
