"""The built wheel, installed in a fresh virtual environment outside the checkout, is a working host.

The wheel is built from the checkout with ``pip wheel .`` (which must leave no
``build/`` folder there: ``tools/out_of_tree_backend.py``) and must hold every file
of the packages. The README's own pip steps, run as written in a copy of the
checkout (``pip install .`` builds the same wheel and installs it with its
dependencies into a new venv under a fresh home), give the ``voice-host`` command
that the end-to-end tests (all but the audio, vosk and system ones, and the files
whose subject does not depend on how the host is installed) run again against
(``VOICE_HOST_UNDER_TEST``), without ``PYTHONPATH`` and from temporary folders: a
file the host reads at run time but the wheel lacks, or a path into the source
tree, fails them. About a minute on two cores: build, install, some 70 end-to-end
tests.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from command import REPO

pytestmark = pytest.mark.slow

PACKAGES = ("engine", "grammars", "voice_host")


def _build_litter() -> set[str]:
    return {path.name for path in REPO.iterdir() if path.name == "build" or path.name.endswith(".egg-info")}


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel built from the checkout as a user would (``pip wheel .``); it must leave the checkout as it was."""
    before = _build_litter()  # an editable install's egg-info may be there already
    out = tmp_path_factory.mktemp("wheels")
    subprocess.run([sys.executable, "-m", "pip", "wheel", ".", "--no-deps", "-w", str(out), "-q"],
                   check=True, capture_output=True, timeout=300, cwd=REPO)
    assert _build_litter() == before, "pip wheel . left a build folder in the checkout"
    (built,) = out.glob("voice_host-*.whl")
    return built


@pytest.fixture(scope="module")
def readme_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh home where the README's pip steps were run as written, in a copy of the checkout: ``pip install .``
    builds the wheel and installs it with its dependencies into ``~/voice-host-env``. Every test of the installed
    command uses this one install (a second one cost a fifth of a minute of every full run)."""
    home = tmp_path_factory.mktemp("home")
    source = home / "voice-host"
    shutil.copytree(REPO, source, ignore=shutil.ignore_patterns(
        ".git", ".venv", "models", "__pycache__", "*.egg-info", "build", ".*_cache", ".hypothesis"))
    steps = _readme_block("or with pip into a virtual environment of your own:")
    assert steps == ["python3 -m venv ~/voice-host-env", "~/voice-host-env/bin/pip install ."], steps
    for step in steps:
        subprocess.run(step.replace("~", str(home)), shell=True, cwd=source, env=_home_env(home), check=True,
                       capture_output=True, timeout=600)
    return home


@pytest.fixture(scope="module")
def installed(readme_home: Path) -> Path:
    """The ``voice-host`` executable the README's steps installed."""
    command = readme_home / "voice-host-env" / "bin" / "voice-host"
    assert command.is_file()
    return command


def _home_env(home: Path) -> dict[str, str]:
    """This environment without the checkout on ``PYTHONPATH``, at ``home``, with no model to be found."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env.update(HOME=str(home), XDG_STATE_HOME=str(home / "state"), VOSK_MODEL_PATH=str(home / "none"))
    return env


def _source_files(package: str) -> set[str]:
    root = REPO / package
    return {
        path.relative_to(REPO).as_posix()
        for path in root.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc"
    }


def test_the_wheel_holds_every_file_of_the_packages_and_nothing_else(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    expected = set().union(*(_source_files(package) for package in PACKAGES))
    assert "voice_host/games/tokio/decisions.json" in expected  # a data file the confusability report reads
    assert expected - names == set()
    tops = {name.split("/", 1)[0] for name in names}
    assert tops == {*PACKAGES, "voice_host-0.1.0.dist-info"}


def test_the_wheel_declares_the_voice_host_command(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        entry_points = archive.read("voice_host-0.1.0.dist-info/entry_points.txt").decode()
    assert "voice-host = voice_host.launch:main" in entry_points


def test_the_installed_host_imports_its_own_copy_not_the_checkout(installed: Path, tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    python = installed.with_name("python")
    where = subprocess.run([str(python), "-c", "import voice_host, grammars, engine; print(voice_host.__file__)"],
                           capture_output=True, text=True, cwd=tmp_path, env=env, check=True).stdout
    assert not where.startswith(str(REPO)) and "site-packages" in where


#: End-to-end files whose subject is the same whether the host runs from the checkout or from the wheel: game
#: logic worked by hand, hostile input, journal replays, load, captions, the board's games in a browser (its page
#: is read again here by the evening's and the history's browser tests). They run once, in the checkout's own
#: run; what the wheel must carry (every command and its exit codes, the Italian texts, the names list, the
#: board's page, the history, the solver and strategy caches, the evening) is exercised by the rest, run again
#: here against the installed command.
SAME_INSTALLED_OR_NOT = (
    "test_installed_wheel.py", "test_hardening.py", "test_hardening_2.py", "test_board_load.py",
    "test_tokio_truth_test.py", "test_tokio_scripted_games.py", "test_cli_second_reading.py",
    "test_journal_compaction_cli.py", "test_board_browser.py", "test_yatzi_games.py", "test_cli_captions.py",
    "test_journal_resume.py", "test_natural_game.py",
)


def test_the_non_audio_end_to_end_tests_pass_against_the_installed_command(installed: Path) -> None:
    env = dict(os.environ, VOICE_HOST_UNDER_TEST=str(installed))
    env.pop("PYTHONPATH", None)
    ignored = [arg for name in SAME_INSTALLED_OR_NOT for arg in ("--ignore", f"tests/e2e/{name}")]
    proc = subprocess.run(
        # the system trials (random signal timings, concurrent processes) need quiet cores: they run once,
        # one at a time, in the checkout's own run (see ./run), not again here beside other work
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-m", "not audio and not vosk and not system",
         "-n", "2", *ignored, "tests/e2e"],
        cwd=REPO, env=env, capture_output=True, text=True, timeout=600,
    )
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-2000:]
    last = proc.stdout.splitlines()[-1]
    assert int(last.split(" passed")[0].split()[-1]) >= 60, last  # the whole chosen set ran, not a few


def _readme_block(after: str) -> list[str]:
    """The commands of the README's first ``sh`` block after the line ``after``, comments dropped."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    block = text.split(after, 1)[1].split("```sh\n", 1)[1].split("```", 1)[0]
    return [line.split("  #", 1)[0].strip() for line in block.splitlines() if line.strip()]


def test_the_readmes_pip_steps_install_a_host_that_plays(readme_home: Path, installed: Path) -> None:
    # the README's own lines were run as written (readme_home); its command to play, from another folder
    play = _readme_block("Then, from any folder:")[-1]
    assert play == "voice-host play --game tokio --players Anna,Bruno,Carla"
    elsewhere = readme_home / "table"
    elsewhere.mkdir()
    # typed answers (no model here), printed voice; the input ends after the first claim
    proc = subprocess.run([str(installed), *play.split()[1:], "--tts", "print", "--input", "keyboard"],
                          input="cinquantatré\n", cwd=elsewhere, env=_home_env(readme_home), capture_output=True,
                          text=True, timeout=60)
    assert "Anna, tira e dichiara." in proc.stdout
    assert proc.returncode == 3, proc.stderr  # the README's code for "the input ended before the game"


def test_the_installed_host_does_not_look_for_a_model_in_site_packages(installed: Path, tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VOSK_MODEL_PATH")}
    env["HOME"] = str(tmp_path)
    proc = subprocess.run([str(installed), "model", "path"], capture_output=True, text=True, cwd=tmp_path, env=env,
                          timeout=60)
    assert proc.returncode == 1  # no model here: the searched folders are listed
    searched = proc.stderr.split(":", 1)[1]
    assert str(tmp_path / "models") in searched and str(tmp_path / ".cache" / "vosk") in searched
    assert "site-packages" not in searched, proc.stderr
