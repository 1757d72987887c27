"""The command line's edges (issue 30), each through a real ``python -m voice_host`` process:
exit codes and stderr lines are the process's behaviour."""

from __future__ import annotations

import os
import re
import resource
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]
pytestmark = pytest.mark.slow  # a real process per case: seconds in all
TOKIO = ["play", "--game", "tokio", "--players", "Anna,Bruno", "--tts", "print"]


def run(args: list[str], tmp_path: Path, *, stdin: bytes | None = b"", env: dict[str, str] | None = None,
        stdout: int | None = subprocess.PIPE, close_stdin: bool = False, nofile: int | None = None,
        ) -> subprocess.CompletedProcess[bytes]:
    environment = {k: v for k, v in os.environ.items() if k not in ("PYTHONUNBUFFERED", "VOICE_HOST_COMMAND")}
    environment.update(PYTHONPATH=str(REPO), XDG_STATE_HOME=str(tmp_path / "state"), **(env or {}))

    def limit() -> None:
        if close_stdin:
            os.close(0)
        if nofile is not None:
            resource.setrlimit(resource.RLIMIT_NOFILE, (nofile, nofile))

    return subprocess.run([sys.executable, "-m", "voice_host", *args], input=None if close_stdin else stdin,
                          stdin=subprocess.DEVNULL if close_stdin else None, stdout=stdout,
                          stderr=subprocess.PIPE, cwd=tmp_path, env=environment, timeout=60,
                          preexec_fn=limit if (close_stdin or nofile) else None)


def lines(done: subprocess.CompletedProcess[bytes]) -> list[str]:
    return done.stderr.decode("utf-8", "replace").strip().splitlines()


def one_italian_line(done: subprocess.CompletedProcess[bytes], code: int = 2) -> str:
    text = lines(done)
    assert done.returncode == code and len(text) == 1 and "Traceback" not in text[0], (done.returncode, text)
    return text[0]


def test_version_prints_the_version_of_the_package(tmp_path: Path) -> None:
    done = run(["--version"], tmp_path)
    init = (REPO / "voice_host" / "__init__.py").read_text(encoding="utf-8")
    version = re.search(r'^__version__ = "(.+)"$', init, re.M)
    assert version and done.returncode == 0 and done.stdout.decode().strip() == f"voice-host {version.group(1)}"
    assert "version = " not in (REPO / "pyproject.toml").read_text(encoding="utf-8").split("[project.optional")[0]


def test_the_command_alone_says_how_to_start_and_where_the_help_is(tmp_path: Path) -> None:
    done = run([], tmp_path)
    text = lines(done)
    assert done.returncode == 2 and text[0].startswith("uso: voice-host")
    assert "voice-host --help" in text[-1]
    # one usage text: each way to start named once, never two overlapping "how to play" lines
    whole = "\n".join(text)
    assert whole.count("voice-host serata") == 1 and whole.count("voice-host play --game tokio") == 1
    assert whole.count("uso:") == 1 and len(text) == 5


@pytest.mark.parametrize("command", [["play"], ["check"], ["model", "download"], ["voci"], ["say"]])
def test_help_has_italian_placeholders(tmp_path: Path, command: list[str]) -> None:
    text = run([*command, "--help"], tmp_path).stdout.decode()
    english = {"MODEL", "DICE", "SECONDS", "DEVICE", "PHRASES", "RULES", "PHASE", "DEST", "VOICE", "RATE",
               "VOLUME", "TEXT", "SUMMARY"}
    assert not english & set(text.replace("[", " ").replace("]", " ").split()), text


def test_help_gives_the_defaults(tmp_path: Path) -> None:
    text = " ".join(run(["check", "--help"], tmp_path).stdout.decode().split())
    assert "(predefinito: 3.0)" in text and "(predefinito: classico)" in text


@pytest.mark.parametrize(("args", "suggested"), [
    (["play", "--plyers", "Anna"], "--players"),
    (["plya"], "play"),
    (["play", "--game", "yatsi"], "yatzi"),
    ([*TOKIO, "--input", "keybord"], "keyboard"),
])
def test_a_misspelt_option_or_value_gets_a_suggestion(tmp_path: Path, args: list[str], suggested: str) -> None:
    assert f"forse intendevi {suggested}?" in one_italian_line(run(args, tmp_path))


def test_an_option_given_twice_with_different_values_is_refused(tmp_path: Path) -> None:
    line = one_italian_line(run(["play", "--game", "tokio", "--game", "yatzi", "--players", "Anna"], tmp_path))
    assert "--game" in line and "'tokio'" in line and "'yatzi'" in line


def test_keyboard_input_with_standard_input_closed_is_one_line(tmp_path: Path) -> None:
    line = one_italian_line(run([*TOKIO, "--input", "keyboard", "--no-journal"], tmp_path, close_stdin=True))
    assert "ingresso standard" in line


def test_an_ascii_terminal_gets_the_game_without_accents(tmp_path: Path) -> None:
    done = run([*TOKIO, "--input", "keyboard", "--no-journal"], tmp_path, stdin="cinquantatré\n".encode(),
               env={"LC_ALL": "POSIX", "PYTHONUTF8": "0", "PYTHONIOENCODING": ""})
    assert done.returncode == 3 and b"Traceback" not in done.stderr
    assert b"Cinquantatre'. Bruno, ci credi?" in done.stdout  # the typed answer was understood, said plainly


@pytest.mark.system
def test_very_few_file_descriptors_give_one_line_not_a_traceback(tmp_path: Path) -> None:
    done = run([*TOKIO, "--tts", "none"], tmp_path, stdin="cinquantatré\n".encode(), nofile=5)
    assert "ulimit -n" in one_italian_line(done)


def test_a_small_soft_limit_is_raised_and_the_game_plays(tmp_path: Path) -> None:
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < 64:
        pytest.skip("the hard limit itself is small here")
    hard = 4096 if hard == resource.RLIM_INFINITY else hard
    environment = dict(os.environ, PYTHONPATH=str(REPO), XDG_STATE_HOME=str(tmp_path / "state"))
    code = (f"import resource, sys; resource.setrlimit(resource.RLIMIT_NOFILE, (6, {hard}));"
            f" sys.argv[1:] = {[*TOKIO, '--input', 'keyboard']!r};"
            " from voice_host.cli.main import main; sys.exit(main())")
    done = subprocess.run([sys.executable, "-c", code], input="cinquantatré\n".encode(), capture_output=True,
                          env=environment, cwd=tmp_path, timeout=60)
    assert done.returncode == 3 and b"Bruno, ci credi?" in done.stdout, done.stderr


def test_a_long_valid_summary_name_is_written(tmp_path: Path) -> None:
    name = "riepilogo-" + "x" * 235 + ".json"  # 250 bytes: valid; its temporary name would be 265
    done = run([*TOKIO, "--input", "keyboard", "--no-journal", "--summary", name], tmp_path,
               stdin="cinquantatré\nfine partita\nsì\n".encode())
    assert done.returncode == 0, done.stderr
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(("riepilogo", ".riepilogo"))] == [name]


@pytest.mark.parametrize("name", [b"a\nb.jsonl", b"g\xff.jsonl", b"it's \x1b[2J.jsonl"])
def test_the_printed_resume_command_works_when_pasted(tmp_path: Path, name: bytes) -> None:
    script = tmp_path / "s.txt"
    script.write_text("cinquantatré\n", encoding="utf-8")
    journal = os.path.join(os.fsencode(tmp_path), name)
    done = run([*TOKIO, "--input", f"script:{script}", "--journal", os.fsdecode(journal)], tmp_path)
    printed = lines(done)[-1]
    command = printed[printed.index("voice-host play"):]
    assert command.isprintable()
    # pasted into bash: the words it makes are the command's arguments
    words = subprocess.run(["bash", "-c", f"printf '%s\\0' {command}"], capture_output=True, check=True).stdout
    assert words.split(b"\0")[:-1] == [b"voice-host", b"play", b"--resume", journal]


def test_play_into_a_closed_pipe_or_a_full_disk_is_exit_4_and_one_line(tmp_path: Path) -> None:
    script = tmp_path / "s.txt"
    script.write_text("cinquantatré\ndubito\n", encoding="utf-8")
    args = [*TOKIO, "--input", f"script:{script}", "--no-journal"]
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        closed = run(args, tmp_path, stdout=write_end)
    finally:
        os.close(write_end)
    one_italian_line(closed, 4)
    with open("/dev/full", "wb") as full:
        one_italian_line(run(args, tmp_path, stdout=full.fileno()), 4)


@pytest.mark.parametrize("seconds", ["nan", "inf", "1e309", "-1"])
def test_check_refuses_seconds_that_are_not_a_finite_duration(tmp_path: Path, seconds: str) -> None:
    assert "--seconds" in one_italian_line(run(["check", "--seconds", seconds], tmp_path))


def test_check_phrases_refuses_a_fifo_at_once_and_bad_files_in_one_line(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "fifo")
    (tmp_path / "latin1.json").write_bytes(b'{"f": ["citt\xe0"]}')
    (tmp_path / "deep.json").write_text("[" * 4000 + "]" * 4000, encoding="utf-8")
    for name in ("fifo", "latin1.json", "deep.json"):
        one_italian_line(run(["check", "--phrases", str(tmp_path / name), "--seconds", "0"], tmp_path))
