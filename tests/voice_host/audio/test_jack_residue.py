"""PortAudio's JACK probe leaves nothing in /dev/shm once voice-host is done (issue 30)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from voice_host.audio.jack_residue import jack_residue, remove_if_ours, residue_folder

REPO = Path(__file__).resolve().parents[3]


def test_a_folder_made_inside_the_block_is_removed_and_one_there_before_is_kept(tmp_path: Path) -> None:
    made = tmp_path / "jack_db-made"
    with jack_residue(made):
        made.mkdir()
        (made / "__db.001").write_bytes(b"x")
    assert not made.exists()
    kept = tmp_path / "jack_db-kept"
    kept.mkdir()
    with jack_residue(kept):
        (kept / "metadata.db").write_bytes(b"x")
    assert kept.exists()
    other = tmp_path / "jack_db-other"
    other.mkdir()
    (other / "notes.txt").write_text("mine", encoding="utf-8")
    assert not remove_if_ours(other) and other.exists()


@pytest.mark.audio
@pytest.mark.system
def test_devices_leaves_no_jack_database_in_dev_shm(tmp_path: Path) -> None:
    folder = residue_folder()
    if folder is None:
        pytest.skip("Linux only")
    remove_if_ours(folder)  # a residue of an earlier run (it holds libjack's files only)
    if folder.exists():
        pytest.skip("a JACK database in use is there")
    env = dict(os.environ, PYTHONPATH=str(REPO))
    done = subprocess.run([sys.executable, "-m", "voice_host", "devices"], capture_output=True, env=env, timeout=60)
    assert done.returncode == 0 and not folder.exists()
