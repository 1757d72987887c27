"""No traceback for any bytes: random and mutated journals, scripts, typed bytes and names.

Each example runs ``voice_host.cli.main.main`` in-process (captured stdout, stderr and
stdin) and must end in normal play (exit 0 or 3) or one clean error line (exit
2), with nothing but printable text on the terminal. ``test_a_handful_through_the_real_process``
repeats a few of the same inputs through ``python -m voice_host``.

With the ``ci`` profile the tests here run 2,350 examples in all; with ``fast``
each runs as many as the profile says.
"""

from __future__ import annotations

import contextlib
import functools
import io
import json
import os
import subprocess
import sys
import tempfile
import unicodedata
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, example, given, settings
from hypothesis import strategies as st
from journal_text import chained_lines, header

from voice_host.cli import main as cli

REPO = Path(__file__).resolve().parents[3]
GAMES = REPO / "tests" / "e2e" / "games"


def _examples(full: int) -> int:
    """``full`` with the default (ci) profile; the profile's own count with a smaller one."""
    profile = settings.default.max_examples
    return full if profile >= 100 else profile


def _fuzz(full: int) -> Any:
    return settings(max_examples=_examples(full), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def run_main(argv: list[str], stdin: bytes = b"") -> tuple[int, str, str]:
    """``voice-host ARGV`` in this process; any exception escaping ``main`` fails the test."""
    out, err = io.StringIO(), io.StringIO()
    fake_stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    old_stdin = sys.stdin
    sys.stdin = fake_stdin
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = cli.main(argv)
            except SystemExit as exit_:  # argparse's own errors (one line too: cli._Parser)
                code = exit_.code if isinstance(exit_.code, int) else 1
    finally:
        sys.stdin = old_stdin
    return code, out.getvalue(), err.getvalue()


def check_clean_outcome(code: int, stdout: str, stderr: str, count: bool = True) -> None:
    """Normal play, or one error line and exit 2; only printable text either way."""
    assert code in (0, 2, 3), (code, stderr)
    if count:
        event(f"exit {code}" if code != 2 else f"exit 2: {_kind_of_error(stderr)}")
    if code == 2:
        lines = stderr.strip("\n").split("\n")
        assert len(lines) == 1 and lines[0].startswith("voice-host: errore: "), stderr
    for text in (stdout, stderr):
        assert not any(unicodedata.category(c) in ("Cc", "Cs") and c != "\n" for c in text), repr(text)


def _kind_of_error(stderr: str) -> str:
    for needle in ("modificato", "danneggiato", "voce sconosciuta", "intestazione", "non corrisponde", "versione",
                   "non è un giornale", "interrotto", "UTF-8", "troppo lunga", "nome", "ripetuti", "annulla",
                   "vuoto"):
        if needle in stderr:
            return needle
    return "other"


@functools.cache
def _played_journals() -> tuple[bytes, ...]:
    """Real journals written by real games (a Tokio game with an undo, and a virtual-dice Yatzi game)."""
    with tempfile.TemporaryDirectory(prefix="vh-fuzz-") as name:
        return _play_journals(Path(name))


def _play_journals(folder: Path) -> tuple[bytes, ...]:
    """The journals of the three plays, written in ``folder``."""
    journals = []
    plays = [
        (["--game", "tokio", "--players", "Anna,Bruno", "--dice", "8", "--limit", "2"],
         (GAMES / "classico_d8.txt").read_text(encoding="utf-8").replace("\n", "\nannulla\n", 1)),
        (["--game", "yatzi", "--players", "Anna,Bruno", "--virtual-dice", "--seed", "7"],
         (GAMES / "yatzi_virtual.txt").read_text(encoding="utf-8")),
        # ended by the players: its last line is {"end": "stopped"}
        (["--game", "tokio", "--players", "Anna,Bruno"], "cinquantatré\nci credo\nfine partita\nsì\n"),
    ]
    for number, (options, script) in enumerate(plays):
        script_path, journal = folder / f"s{number}.txt", folder / f"j{number}.jsonl"
        script_path.write_text(script, encoding="utf-8")
        code, _, err = run_main(["play", *options, "--input", f"script:{script_path}", "--tts", "none",
                                 "--journal", str(journal)])
        assert code in (0, 3), err
        journals.append(journal.read_bytes())
    return tuple(journals)


def resume(data: bytes) -> tuple[int, str, str]:
    """Resume the journal ``data`` with an empty script."""
    with tempfile.TemporaryDirectory() as folder:
        journal, script = Path(folder) / "j.jsonl", Path(folder) / "s.txt"
        journal.write_bytes(data)
        script.write_bytes(b"")
        return run_main(["play", "--resume", str(journal), "--input", f"script:{script}", "--tts", "print"])


# ---------------------------------------------------------------- journals


@st.composite
def mutated_journal(draw: st.DrawFn) -> bytes:
    """A real journal with bytes flipped, inserted, cut, or lines dropped, doubled or swapped."""
    data = draw(st.sampled_from(_played_journals()))
    lines = data.split(b"\n")
    kind = draw(st.sampled_from(["flip", "insert", "cut", "truncate", "drop", "double", "swap", "replace"]))
    where = draw(st.integers(0, max(len(data) - 1, 0)))
    line = draw(st.integers(0, max(len(lines) - 2, 0)))
    if kind == "flip":
        return data[:where] + bytes([data[where] ^ draw(st.integers(1, 255))]) + data[where + 1:]
    if kind == "insert":
        return data[:where] + draw(st.binary(min_size=1, max_size=40)) + data[where:]
    if kind == "cut":
        return data[:where] + data[where + draw(st.integers(1, 60)):]
    if kind == "truncate":
        return data[:where]
    if kind == "drop":
        del lines[line]
    elif kind == "double":
        lines.insert(line, lines[line])
    elif kind == "swap":
        other = draw(st.integers(0, max(len(lines) - 2, 0)))
        lines[line], lines[other] = lines[other], lines[line]
    else:
        lines[line] = draw(st.binary(max_size=80))
    return b"\n".join(lines)


JSON_LEAF = st.one_of(
    st.none(), st.booleans(), st.integers(-(2**70), 2**70), st.text(max_size=12),
    st.sampled_from([0, 1, 6, 7, -1, 10, "claim", "reveal", "doubt", "score", "dice", "keep_roll", "yatzi",
                     "classico", "Anna", "Nicolò", "\u001b[2J", "Anna\nBruno"]),
)
JSON_VALUE = st.recursive(JSON_LEAF, lambda inner: st.one_of(
    st.lists(inner, max_size=6), st.dictionaries(st.text(max_size=8), inner, max_size=4)), max_leaves=12)


def _set_somewhere(value: Any, new: Any, path: list[int]) -> Any:
    """``value`` with one of its nested parts (chosen by ``path``) replaced by ``new``."""
    if not path or not isinstance(value, (dict, list)) or not value:
        return new
    if isinstance(value, dict):
        key = sorted(value)[path[0] % len(value)]
        return {**value, key: _set_somewhere(value[key], new, path[1:])}
    index = path[0] % len(value)
    return [*value[:index], _set_somewhere(value[index], new, path[1:]), *value[index + 1:]]


@st.composite
def rechained_journal(draw: st.DrawFn) -> bytes:
    """A real journal with one value changed anywhere, then its checksums recomputed: only types and rules stand."""
    data = draw(st.sampled_from(_played_journals()))
    records = []
    for line in data.decode("utf-8").splitlines():
        record = json.loads(line)
        record.pop("sum")
        records.append(record)
    index = draw(st.integers(0, len(records) - 1))
    path = draw(st.lists(st.integers(0, 10), min_size=1, max_size=4))  # never the whole record
    records[index] = _set_somewhere(records[index], draw(JSON_VALUE), path)
    if draw(st.booleans()):
        records.insert(draw(st.integers(1, len(records))), draw(st.dictionaries(
            st.sampled_from(["do", "undo", "sum", "x"]), JSON_VALUE, min_size=1, max_size=2)))
    try:
        return "".join(chained_lines(records)).encode("utf-8")
    except ValueError:  # an integer too long for str(): write it raw, unchained
        return data


@_fuzz(600)
@given(mutated_journal())
def test_mutated_journals_resume_or_give_one_line(data):
    check_clean_outcome(*resume(data))


@_fuzz(600)
@given(rechained_journal())
@example("".join(chained_lines([header(), {"do": {"type": "claim", "dice": [True, 1]}}])).encode())
@example("".join(chained_lines([header("yatzi", {"players": ["Anna"], "virtual": True, "seed": True})])).encode())
@example("".join(chained_lines([header("tokio", {"rules": "classico", "limit": 10**18, "players": ["A", "B"]})]))
         .encode())
@example("".join(chained_lines([header("tokio", {"rules": "classico", "players": ["A\u001b[2J", "B"]})])).encode())
@example("".join(chained_lines([header("tokio", {"rules": [], "players": ["A", "B"]})])).encode())  # found by seed 2
@example("".join(chained_lines([header("tokio", {"rules": "classico", "first": ["A"], "players": ["A", "B"]})]))
         .encode())
def test_rechained_journals_with_wrong_types_resume_or_give_one_line(data):
    check_clean_outcome(*resume(data))


@_fuzz(200)
@given(st.binary(max_size=300))
@example(b"")
@example(b'{"config":{"seed":1e400},"game":"yatzi","journal":"voice-host journal","sum":"0","version":2}\n')
@example(b"[" * 100_000 + b"\n")
@example(b"\xff\xfe\x00garbage\n")
def test_random_bytes_as_a_journal_give_one_line(data):
    check_clean_outcome(*resume(data))


# ---------------------------------------------------------------- scripts and typed bytes

SCRIPTS = [(GAMES / name).read_bytes() for name in ("classico_d6.txt", "lizumo_d4.txt", "yatzi_duo.txt")]
TOKIO = ["play", "--game", "tokio", "--players", "Anna,Bruno,Carla", "--no-journal", "--tts", "print"]
YATZI = ["play", "--game", "yatzi", "--players", "Anna,Bruno", "--no-journal", "--tts", "print"]


@st.composite
def script_bytes(draw: st.DrawFn) -> bytes:
    """A real game's lines with random bytes spliced in, or random bytes."""
    if draw(st.booleans()):
        return draw(st.binary(max_size=400))
    data = draw(st.sampled_from(SCRIPTS))
    where = draw(st.integers(0, len(data)))
    return data[:where] + draw(st.binary(max_size=60)) + data[where + draw(st.integers(0, 30)):]


@_fuzz(400)
@given(script_bytes(), st.booleans())
@example(b"cinquantatr\xc3\xa9\n\xff\xfe\n", False)
@example(b"\x00" * 5000, False)
@example("\u001b]0;owned\u0007\u001b[2Jtre tre tre\n".encode(), True)
def test_any_script_plays_or_gives_one_line(data, yatzi):
    with tempfile.TemporaryDirectory() as folder:
        script = Path(folder) / "s.txt"
        script.write_bytes(data)
        check_clean_outcome(*run_main([*(YATZI if yatzi else TOKIO), "--input", f"script:{script}"]))


@_fuzz(400)
@given(script_bytes(), st.booleans())
@example(b"\xff\xfe\n", False)
@example(b"\x00" * 5000, False)
@example(b"\r\r\r\n\x1b[2J\n", True)
def test_any_typed_bytes_play_or_give_one_line(data, yatzi):
    check_clean_outcome(*run_main([*(YATZI if yatzi else TOKIO), "--input", "keyboard"], stdin=data))


@_fuzz(150)
@given(st.text(max_size=60), st.sampled_from(["tokio", "yatzi"]))
@example("Nicolò," + unicodedata.normalize("NFD", "Nicolò"), "tokio")
@example("Anna,Bruno\u001b]0;owned\u0007\u001b[2J", "tokio")
@example("Anna,Bru\nno", "yatzi")
def test_any_names_play_or_give_one_line(names, game):
    argv = ["play", "--game", game, "--players", names, "--no-journal", "--tts", "print", "--input", "keyboard"]
    check_clean_outcome(*run_main(argv, stdin="cinquantatré\n".encode()))


# ---------------------------------------------------------------- the same through the real process


@pytest.mark.slow  # seconds of simulation or processes: the full tier
def test_a_handful_through_the_real_process(tmp_path):
    tokio = _played_journals()[0]
    cases = [
        tokio[:-5],                                  # torn tail
        tokio.replace(b'"type":"doubt"', b'"type":"believe"', 1),  # edited record
        b"\n".join(tokio.split(b"\n")[:2] + tokio.split(b"\n")[3:]),  # a record removed
        b"\xff\xfe\x00garbage\n",
        b'{"config":{"seed":1e400},"game":"yatzi","journal":"voice-host journal","sum":"0","version":2}\n',
        b"[" * 100_000 + b"\n",
    ]
    env = dict(os.environ, PYTHONPATH=str(REPO), XDG_STATE_HOME=str(tmp_path / "state"))
    script = tmp_path / "s.txt"
    script.write_bytes(b"")
    for number, data in enumerate(cases):
        journal = tmp_path / f"j{number}.jsonl"
        journal.write_bytes(data)
        proc = subprocess.run([sys.executable, "-m", "voice_host", "play", "--resume", str(journal),
                               "--input", f"script:{script}", "--tts", "print"],
                              capture_output=True, text=True, env=env, timeout=60)
        assert "Traceback" not in proc.stderr
        check_clean_outcome(proc.returncode, proc.stdout, proc.stderr, count=False)
        assert (proc.returncode == 3) == (number == 0), (number, proc.stderr)
