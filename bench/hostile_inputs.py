"""Benchmark: the hostile inputs of issue 9 through the real command line, time and peak memory side by side.

    python bench/hostile_inputs.py

Each case runs ``python -m voice_host`` in a subprocess and measures its wall
time and peak resident memory (``wait4``). The first row is a plain bad-option
refusal: the cost of starting the interpreter, which every row includes. The
last row is the largest journal the host accepts (just under 4 MB of real
records), read, checked and replayed.

Then the cases of issue 18, each with what "handled" means for it: hostile
Yatzi cache files under ``analizza`` (solved again and replaced: exit 0, at most
the progress bar on stderr, no file left behind or written through a link),
results into a closed pipe or a full disk, more players than a journal holds,
names that look alike, options that would do nothing, models that make vosk
abort or a FIFO in the model folder (one line, exit 2), and signals while the
model loads and as the game ends (the host's own exit code, no traceback, the
summary there).

Then the cases of issue 30 (the command line and its files, and the conventions
users expect): names equal but for a character that shows nothing, typed input
with standard input closed, an ASCII-only terminal, a handful of free file
descriptors, a long summary name, journal paths whose resume command must work
when pasted, ``play`` into a closed pipe or a full disk with
``PYTHONUNBUFFERED`` unset, hostile calibration and phrases files, endless
``--seconds``, an option given twice, the JACK probe's ``/dev/shm`` residue,
``--version``, the bare command, a misspelt option and an offline download.
More rounds may be appended to :data:`ROUNDS` (each returns its rows).

The last line counts, over every case of every round, the tracebacks, the
hangs and the wrong exit codes (the target is 0, 0, 0). ``--repo PATH`` runs
another checkout's code (the main branch, for the figures before). This prints
figures and asserts nothing.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

REPO = Path(__file__).resolve().parents[1]
TOKIO = ["play", "--game", "tokio", "--players", "Anna,Bruno", "--tts", "none"]
CONFIG = {"rules": "classico", "dice": 6, "limit": None, "players": ["Anna", "Bruno"], "first": None}


def _canonical(record: dict[str, Any]) -> str:
    return json.dumps(record, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def _chained(records: list[dict[str, Any]]) -> str:
    out, previous = [], ""
    for record in records:
        previous = hashlib.sha256((previous + "\n" + _canonical(record)).encode()).hexdigest()
        out.append(_canonical({**record, "sum": previous}) + "\n")
    return "".join(out)


def _header() -> dict[str, Any]:
    return {"journal": "voice-host journal", "version": 2, "game": "tokio", "config": CONFIG}


CODE = REPO


def run(args: list[str], folder: Path, stdin: IO[bytes] | None = None) -> tuple[int, int, float, float]:
    """Exit code, stderr lines, seconds and peak MB of ``voice-host ARGS``."""
    outcome = run_full(args, folder, stdin=stdin)
    return outcome.code, outcome.lines, outcome.seconds, outcome.peak_mb


@dataclass
class Outcome:
    """One run: exit code (None: still running at the time limit, killed), stderr and its figures."""

    code: int | None
    stderr: str
    seconds: float
    peak_mb: float

    @property
    def lines(self) -> int:
        """stderr lines; -1 for a traceback."""
        return -1 if self.traceback else len(self.stderr.strip().splitlines())

    @property
    def traceback(self) -> bool:
        return "Traceback" in self.stderr or "Exception ignored" in self.stderr or "Fatal Python" in self.stderr


def run_full(args: list[str], folder: Path, *, stdin: IO[bytes] | None = None, stdout: int | None = None,
             env: dict[str, str] | None = None, timeout: float = 600.0, signal_after: tuple[float, int] | None = None,
             ) -> Outcome:
    """``voice-host ARGS`` measured with wait4; killed after ``timeout`` s; ``signal_after`` = (delay, signum)."""
    environment = dict(os.environ, PYTHONPATH=str(CODE), XDG_STATE_HOME=str(folder / "state"), **(env or {}))
    with open(folder / ".err", "wb") as err:
        started = time.monotonic()
        proc = subprocess.Popen([sys.executable, "-m", "voice_host", *args], cwd=folder, env=environment,
                                stdin=stdin if stdin is not None else subprocess.DEVNULL,
                                stdout=subprocess.DEVNULL if stdout is None else stdout, stderr=err)
        signalled = False
        while True:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                code: int | None = os.waitstatus_to_exitcode(status)
                break
            elapsed = time.monotonic() - started
            if signal_after is not None and not signalled and elapsed >= signal_after[0]:
                proc.send_signal(signal_after[1])
                signalled = True
            if elapsed > timeout:
                proc.kill()
                _, status, usage = os.wait4(proc.pid, 0)
                code = None
                break
            time.sleep(0.005)
        seconds = time.monotonic() - started
    stderr = (folder / ".err").read_text("utf-8", errors="replace")
    return Outcome(code, stderr, seconds, usage.ru_maxrss / 1024)


def cases(folder: Path) -> list[tuple[str, list[str], str | None]]:
    """(name, arguments, stdin file) of every hostile case."""
    fifo = folder / "fifo"
    os.mkfifo(fifo)
    big = folder / "big.jsonl"
    with open(big, "wb") as handle:
        handle.write(_chained([_header()]).encode())
        handle.truncate(200 * 1024 * 1024)
    big_script = folder / "big.txt"
    with open(big_script, "wb") as handle:
        handle.write(b"dubito\n")
        handle.truncate(200 * 1024 * 1024)
    long_line = folder / "long.jsonl"
    with open(long_line, "wb") as handle:
        handle.write(_chained([_header()]).encode() + b"9" * (3 * 1024 * 1024) + b"\n")
    head = _chained([_header()])
    raw = {
        "digits.jsonl": head + '{"do":{"dice":[' + "9" * 5000 + ',1],"type":"claim"},"sum":"0"}\n',
        "nested.jsonl": head + "[" * 100_000 + "]" * 100_000 + "\n",
        "seed.jsonl": '{"config":{"players":["Anna"],"seed":1e400,"virtual":true},"game":"yatzi",'
                      '"journal":"voice-host journal","sum":"0","version":2}\n',
        "edited.jsonl": _chained([_header(), {"do": {"type": "claim", "dice": [5, 3]}}, {"do": {"type": "doubt"}},
                                  {"do": {"type": "reveal", "dice": [5, 2]}}]).replace("[5,2]", "[5,3]"),
        "booleans.jsonl": _chained([_header(), {"do": {"type": "claim", "dice": [True, 1]}}]),
    }
    for name, text in raw.items():
        (folder / name).write_text(text, encoding="utf-8")
    (folder / "bad.txt").write_bytes(b"cinquantatr\xc3\xa9\n\xff\xfe\n")
    resume = ["play", "--tts", "none", "--resume"]
    return [
        ("start-up only (bad option)", ["play", "--game", "tokio", "--players", "Anna", "--tts", "none"], None),
        ("--resume /dev/zero", [*resume, "/dev/zero"], None),
        ("--input script:/dev/zero", [*TOKIO, "--input", "script:/dev/zero"], None),
        ("keyboard < /dev/zero", [*TOKIO, "--input", "keyboard", "--no-journal"], "/dev/zero"),
        ("--resume FIFO", [*resume, str(fifo)], None),
        ("--input script:FIFO", [*TOKIO, "--input", f"script:{fifo}"], None),
        ("--resume 200 MB journal", [*resume, str(big)], None),
        ("--input script:200 MB", [*TOKIO, "--input", f"script:{big_script}"], None),
        ("--resume folder", [*resume, str(folder)], None),
        ("journal line of 3 MB", [*resume, str(long_line)], None),
        ("journal int of 5000 digits", [*resume, str(folder / "digits.jsonl")], None),
        ("journal nested 100000 deep", [*resume, str(folder / "nested.jsonl")], None),
        ('yatzi header "seed": 1e400', [*resume, str(folder / "seed.jsonl")], None),
        ("journal with an edited reveal", [*resume, str(folder / "edited.jsonl")], None),
        ('journal "dice":[true,1]', [*resume, str(folder / "booleans.jsonl")], None),
        ("script with invalid UTF-8", [*TOKIO, "--input", f"script:{folder / 'bad.txt'}"], None),
    ]


def largest_journal(folder: Path) -> tuple[Path, int]:
    """A real-looking journal just under the 4 MB limit: claims and undos, chained, written as a stream.

    (Streamed so that this process stays small: a child's peak memory as
    ``wait4`` reports it includes what it inherited at fork.)
    """
    path = folder / "largest.jsonl"
    previous, count = "", 0
    with open(path, "w", encoding="utf-8") as handle:
        record: dict[str, Any] = _header()
        while True:
            previous = hashlib.sha256((previous + "\n" + _canonical(record)).encode()).hexdigest()
            line = _canonical({**record, "sum": previous}) + "\n"
            if handle.tell() + len(line) > 4 * 1024 * 1024:
                break
            handle.write(line)
            count += 1
            record = {"do": {"type": "claim", "dice": [5, 3]}} if count % 2 else {"undo": True}
    return path, count


def main() -> None:
    global CODE
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repo", type=Path, default=REPO, help="the checkout whose code runs (default: this one)")
    parser.add_argument("--make-cache-files", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--only-rounds", action="store_true", help="only the rounds of ROUNDS (issue 30 on)")
    options = parser.parse_args()
    if options.make_cache_files:
        _make_cache_files(options.make_cache_files)
        return
    CODE = options.repo.resolve()
    if options.only_rounds:
        with tempfile.TemporaryDirectory(prefix="vh-hostile-") as name:
            rounds = [round_(Path(name)) for round_ in ROUNDS]
        tracebacks = sum(o.traceback for _, o, _ in ALL_ROWS)
        hangs = sum(o.code is None for _, o, _ in ALL_ROWS)
        wrong = sum(not ok and not o.traceback and o.code is not None for _, o, ok in ALL_ROWS)
        print(f"{'; '.join(rounds)}; {len(ALL_ROWS)} cases: {tracebacks} tracebacks, {hangs} hangs,"
              f" {wrong} wrong exit codes")
        return
    with tempfile.TemporaryDirectory(prefix="vh-hostile-") as name:
        folder = Path(name)
        print(f"{'case':<32} {'exit':>4} {'lines':>5} {'seconds':>8} {'peak MB':>8}")
        refused, slowest, peak, baseline = 0, 0.0, 0.0, 0.0
        first: list[tuple[int | None, bool, bool]] = []  # (code, traceback, as expected) of each first-round case
        tried = cases(folder)
        for number, (label, args, stdin_path) in enumerate(tried):
            stdin = open(stdin_path, "rb") if stdin_path else None
            try:
                code, lines, seconds, megabytes = run(args, folder, stdin)
            finally:
                if stdin is not None:
                    stdin.close()
            print(f"{label:<32} {code:>4} {lines:>5} {seconds:>8.3f} {megabytes:>8.1f}")
            first.append((code, lines == -1, code == 2))
            if number == 0:
                baseline = seconds
                continue
            refused += code == 2 and lines == 1
            slowest, peak = max(slowest, seconds), max(peak, megabytes)
        journal, records = largest_journal(folder)
        empty = folder / "empty.txt"
        empty.write_bytes(b"")
        size = journal.stat().st_size / (1024 * 1024)  # before the resume, which compacts it
        code, lines, big_seconds, big_mb = run(["play", "--resume", str(journal), "--input", f"script:{empty}",
                                                "--tts", "none"], folder)
        print(f"{'largest accepted journal':<32} {code:>4} {lines:>5} {big_seconds:>8.3f} {big_mb:>8.1f}")
        first.append((code, lines == -1, code == 3))
        second = second_round(folder)
        rounds = [round_(folder) for round_ in ROUNDS]
        tracebacks = sum(tb for _, tb, _ in first) + sum(o.traceback for _, o, _ in ALL_ROWS)
        hangs = sum(o.code is None for _, o, _ in ALL_ROWS)
        wrong = sum(not ok and not tb for _, tb, ok in first) + sum(
            not ok and not o.traceback and o.code is not None for _, o, ok in ALL_ROWS)
        print(f"hostile inputs: {refused}/{len(tried) - 1} refused with one line and exit 2; slowest {slowest:.2f} s"
              f" (start-up alone {baseline:.2f} s), peak {peak:.0f} MB; largest accepted journal {size:.1f} MB"
              f" ({records} records): {big_seconds:.2f} s, {big_mb:.0f} MB; {second}; {'; '.join(rounds)};"
              f" all {len(first) + len(ALL_ROWS)} cases: {tracebacks} tracebacks, {hangs} hangs,"
              f" {wrong} wrong exit codes")


# ---------------------------------------------------------------- issue 18


def _npy(array: Any) -> bytes:
    import io

    import numpy as np

    buffer = io.BytesIO()
    np.save(buffer, array)
    return buffer.getvalue()


def _zip(members: dict[str, bytes], method: int = 0) -> bytes:
    import io
    import zipfile

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED if method else zipfile.ZIP_STORED) as archive:
        for member, data in members.items():
            archive.writestr(member, data)
    return buffer.getvalue()


def _patched(data: bytes, *, method: int | None = None, flags: int | None = None) -> bytes:
    """Every member's compression method or flag bits changed in both of its zip headers."""
    import io
    import struct
    import zipfile

    out = bytearray(data)
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        locals_ = [info.header_offset for info in archive.infolist()]
        central = archive.start_dir
    places = [(at + 6, at + 8) for at in locals_]
    for _ in locals_:
        places.append((central + 8, central + 10))
        name, extra, comment = struct.unpack_from("<HHH", out, central + 28)
        central += 46 + name + extra + comment
    for flags_at, method_at in places:
        if flags is not None:
            struct.pack_into("<H", out, flags_at, flags)
        if method is not None:
            struct.pack_into("<H", out, method_at, method)
    return bytes(out)


def _declared_huge(key: str, declared_mb: int) -> bytes:
    """A small zip whose values member inflates to ``declared_mb`` MB of zeros."""
    import io
    import zlib

    import numpy as np

    buffer = io.BytesIO()
    np.lib.format.write_array_header_1_0(buffer, {"descr": "<f4", "fortran_order": False,
                                                  "shape": (declared_mb * 1024 * 256,)})
    header = buffer.getvalue()
    squeeze = zlib.compressobj(9, zlib.DEFLATED, -15)
    chunks, crc, block = [squeeze.compress(header)], zlib.crc32(header), bytes(1 << 20)
    for _ in range(declared_mb):
        chunks.append(squeeze.compress(block))
        crc = zlib.crc32(block, crc)
    chunks.append(squeeze.flush())
    return _raw_zip([("key.npy", _npy(np.array(key)), None), ("checksum.npy", _npy(np.array("0" * 64)), None),
                     ("values.npy", b"".join(chunks), (crc, len(header) + declared_mb * len(block)))])


def _raw_zip(members: list[tuple[str, bytes, tuple[int, int] | None]]) -> bytes:
    """A zip written by hand: stored members, or (crc, size) for a member already deflated."""
    import struct
    import zlib

    body, central = b"", b""
    for name, data, deflated in members:
        crc, size = deflated if deflated else (zlib.crc32(data), len(data))
        method = 8 if deflated else 0
        fields = (20, 0, method, 0, 0, crc, len(data), size, len(name), 0)
        central += struct.pack("<4s6H3L5H2L", b"PK\x01\x02", 20, *fields, 0, 0, 0, 0, len(body)) + name.encode()
        body += struct.pack("<4s5H3L2H", b"PK\x03\x04", *fields) + name.encode() + data
    end = struct.pack("<4s4H2LH", b"PK\x05\x06", 0, 0, len(members), len(members), len(central), len(body), 0)
    return body + central + end


def hostile_cache_bytes(folder: Path) -> list[tuple[str, bytes]]:
    """(name, contents) of each hostile Yatzi cache file (made in a child: this process stays small)."""
    import io

    import numpy as np

    sys.path.insert(0, str(REPO))
    from engine.yatzi.score import SEED_RULES
    from engine.yatzi.solver import MASKS, SolvedTable, upper_cap
    from voice_host.games.yatzi.table_cache import rules_key, write_table

    key = rules_key(SEED_RULES)
    good_path = folder / "good.npz"
    values = np.random.default_rng(0).uniform(0, 300, (2, MASKS, upper_cap(SEED_RULES) + 1)).astype(np.float32)
    write_table(SolvedTable(SEED_RULES, values), good_path)
    good = good_path.read_bytes()
    deflated = bytearray(_zip({"key.npy": _npy(np.array(key)), "checksum.npy": _npy(np.array("0" * 64)),
                               "values.npy": _npy(values)}, method=8))
    at = deflated.index(b"values.npy", 30) + len("values.npy") + 60
    deflated[at:at + 64] = bytes(b ^ 0x5A for b in deflated[at:at + 64])
    header = io.BytesIO()
    np.lib.format.write_array_header_1_0(header, {"descr": "<f4", "fortran_order": False, "shape": (2**40,)})
    huge_header = _zip({"key.npy": _npy(np.array(key)), "checksum.npy": _npy(np.array("0" * 64)),
                        "values.npy": header.getvalue() + bytes(64)})
    return [
        ("cache: a .npy file", _npy(values)),
        ("cache: encrypted flag", _patched(good, flags=1)),
        ("cache: compression method 99", _patched(good, method=99)),
        ("cache: corrupt deflate stream", bytes(deflated)),
        ("cache: header of 2**40 elements", huge_header),
        ("cache: 1 MB zip declaring 1 GB", _declared_huge(key, 1024)),
    ]


def cache_cases(folder: Path) -> list[tuple[str, Any]]:
    """(name, prepare(cache file path) -> check() or None) for each hostile Yatzi cache file."""
    made = folder / "cache-files"
    made.mkdir()
    subprocess.run([sys.executable, __file__, "--make-cache-files", str(made)], check=True)
    victim = folder / "victim.txt"

    def write(data_path: Path) -> Any:
        def prepare(path: Path) -> None:
            path.write_bytes(data_path.read_bytes())
        return prepare

    def fifo(path: Path) -> None:
        os.mkfifo(path)

    def folder_there(path: Path) -> Any:
        path.mkdir()
        return lambda: not [p for p in path.parent.iterdir() if p.name.endswith(".tmp")]

    def planted(path: Path) -> Any:
        victim.write_text("precious\n", encoding="utf-8")
        for pid in range(os.getpid(), os.getpid() + 3000):  # the pids the next processes will get
            (path.parent / f".{path.name}.{pid}.tmp").symlink_to(victim)
        return lambda: victim.read_bytes() == b"precious\n" and not path.is_symlink()

    labels = json.loads((made / "labels.json").read_text(encoding="utf-8"))["labels"]
    return [*[(label, write(made / f"{number}.bin")) for number, label in enumerate(labels)],
            ("cache: FIFO", fifo), ("cache: folder at its path", folder_there),
            ("cache: links at pid temporaries", planted)]


def _make_cache_files(folder: Path) -> None:
    cases = hostile_cache_bytes(folder)
    for number, (_, data) in enumerate(cases):
        (folder / f"{number}.bin").write_bytes(data)
    from engine.yatzi.score import SEED_RULES
    from voice_host.games.yatzi.table_cache import rules_key

    (folder / "labels.json").write_text(json.dumps({"labels": [label for label, _ in cases],
                                                    "key": rules_key(SEED_RULES)}), encoding="utf-8")


def _yatzi_journal(folder: Path) -> Path:
    journal = folder / "y18.jsonl"
    script = folder / "y18.txt"
    script.write_text("sei sei sei sei sei\nassi\nsì\n", encoding="utf-8")
    run_full(["play", "--game", "yatzi", "--players", "Anna", "--tts", "none", "--input", f"script:{script}",
              "--journal", str(journal)], folder)
    return journal


def _one_line(outcome: Outcome, code: int = 2) -> bool:
    return outcome.code == code and outcome.lines == 1


def second_round(folder: Path) -> str:
    """The cases of issue 18, printed one per row; returns the figures for the last line."""
    import shutil

    sys.path.insert(0, str(REPO / "tests"))
    from damaged_models import DAMAGES, damaged_model, korean_model, linked_copy

    rows: list[tuple[str, Outcome, bool]] = []
    journal = _yatzi_journal(folder)
    cache = folder / "cache18"
    cases = cache_cases(folder)
    key = json.loads((folder / "cache-files" / "labels.json").read_text(encoding="utf-8"))["key"]
    table = cache / "voice-host" / f"yatzi-{key}.npz"
    for label, prepare in cases:
        shutil.rmtree(cache, ignore_errors=True)
        table.parent.mkdir(parents=True)
        check = prepare(table)
        outcome = run_full(["analizza", str(journal)], folder, env={"XDG_CACHE_HOME": str(cache)}, timeout=60)
        bar_only = all("%" in line for line in outcome.stderr.strip().splitlines())  # the solve's progress bar
        rows.append((label, outcome, outcome.code == 0 and not outcome.traceback and bar_only
                     and outcome.peak_mb < 300 and (check is None or check())))
    korean = korean_model()
    names = [("--players Anna,An\u200bna", "Anna,An\u200bna"), ("--players Anna,\uff21nna", "Anna,\uff21nna"),
             ("--players Anna,\u0410nna (Cyrillic)", "Anna,\u0410nna"),
             ("65 players", ",".join(f"P{i}" for i in range(65)))]
    for label, players in names:
        outcome = run_full(["play", "--game", "tokio", "--players", players, "--tts", "none", "--no-journal",
                            "--input", "keyboard"], folder)
        rows.append((label, outcome, _one_line(outcome)))
    for label, extra in (("--model with --input keyboard", ["--input", "keyboard", "--tts", "print", "--model", "m"]),
                         ("--voice with --tts none", ["--input", "keyboard", "--tts", "none", "--voice", "it"])):
        outcome = run_full([*TOKIO[:5], "--no-journal", *extra], folder)
        rows.append((label, outcome, _one_line(outcome)))
    rows += _output_rows(folder, journal, korean)
    if korean is not None:
        for damage in DAMAGES:
            model = damaged_model(korean, folder / f"model-{len(rows)}", damage)
            outcome = run_full([*TOKIO, "--input", "voice", "--model", str(model), "--no-journal"], folder,
                               env={"XDG_CACHE_HOME": str(folder / "cache-models")}, timeout=120)
            rows.append((f"model: {damage}", outcome, _one_line(outcome)))
        model = linked_copy(korean, folder / "model-fifo")
        (model / "conf" / "model.conf").unlink()
        os.mkfifo(model / "conf" / "model.conf")
        outcome = run_full([*TOKIO, "--input", "voice", "--model", str(model), "--no-journal"], folder, timeout=30)
        rows.append(("model: FIFO in the folder", outcome, _one_line(outcome)))
        rows += _model_signal_rows(folder, korean)
    rows += _summary_signal_rows(folder)
    ALL_ROWS.extend(rows)
    handled = 0
    for label, outcome, ok in rows:
        code = "hang" if outcome.code is None else str(outcome.code)
        print(f"{label:<36} {code:>4} {outcome.lines:>5} {outcome.seconds:>8.3f} {outcome.peak_mb:>8.1f}"
              f" {'ok' if ok else 'FAILED'}")
        handled += ok
    tracebacks = sum(outcome.traceback for _, outcome, _ in rows)
    hangs = sum(outcome.code is None for _, outcome, _ in rows)
    peak = max(outcome.peak_mb for _, outcome, _ in rows)
    return (f"issue 18: {handled}/{len(rows)} handled ({tracebacks} tracebacks, {hangs} hangs,"
            f" peak {peak:.0f} MB)")


def _output_rows(folder: Path, journal: Path, korean: Path | None) -> list[tuple[str, Outcome, bool]]:
    rows = []
    home_cache = {"XDG_CACHE_HOME": str(folder / "cache18")}  # the table solved by the cache cases
    tools = [("analizza", ["analizza", str(journal)])]
    if korean is not None:
        tools.append(("model path", ["model", "path", "--model", str(korean)]))
    for label, args in tools:
        read_end, write_end = os.pipe()
        os.close(read_end)
        outcome = run_full(args, folder, stdout=write_end, env=home_cache)
        os.close(write_end)
        rows.append((f"{label} | closed pipe", outcome, outcome.code == 4 and outcome.lines == 0))
        full = os.open("/dev/full", os.O_WRONLY)
        outcome = run_full(args, folder, stdout=full, env=home_cache)
        os.close(full)
        rows.append((f"{label} > /dev/full", outcome, _one_line(outcome, 4)))
    return rows


def _model_signal_rows(folder: Path, korean: Path) -> list[tuple[str, Outcome, bool]]:
    """SIGTERM, SIGINT, SIGHUP over the imports, the model's load and its free (no microphone here)."""
    rows = []
    env = {"XDG_CACHE_HOME": str(folder / "cache-signals")}
    run_full([*TOKIO[:5], "--input", "voice", "--model", str(korean), "--no-journal", "--tts", "none"],
             folder, env=env, timeout=120)  # remembers the verdict where the host has a probe
    for delay in (0.8, 1.6, 2.4):
        for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
            stdin_read, stdin_write = os.pipe()  # stdin stays open: the game waits, it never ends by itself
            with os.fdopen(stdin_read, "rb") as stdin:
                outcome = run_full([*TOKIO[:5], "--input", "auto", "--model", str(korean), "--no-journal",
                                    "--tts", "none"], folder, stdin=stdin, env=env, timeout=30,
                                   signal_after=(delay, signum))
            os.close(stdin_write)
            ok = outcome.code in (128 + signum, -signum) and not outcome.traceback
            rows.append((f"{signal.Signals(signum).name} at {delay:.1f} s, model", outcome, ok))
    return rows


def _summary_signal_rows(folder: Path) -> list[tuple[str, Outcome, bool]]:
    """A signal 0-30 ms after the typed input ends, once the game is under way: as the host writes the summary."""
    import random

    rng = random.Random(18)
    rows = []
    environment = dict(os.environ, PYTHONPATH=str(CODE), XDG_STATE_HOME=str(folder / "state"))
    for step in range(9):
        signum = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)[step % 3]
        summary = folder / f"summary18-{step}.json"
        with open(folder / ".err", "wb") as err:
            started = time.monotonic()
            proc = subprocess.Popen([sys.executable, "-m", "voice_host", *TOKIO[:5], "--tts", "print", "--input",
                                     "keyboard", "--no-journal", "--summary", str(summary)], cwd=folder,
                                    env=environment, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=err,
                                    text=True)
            assert proc.stdin is not None and proc.stdout is not None
            proc.stdin.write("cinquantatré\n")
            proc.stdin.flush()
            for line in proc.stdout:
                if "Bruno, ci credi?" in line:
                    break
            proc.stdin.close()
            time.sleep(rng.uniform(0.0, 0.03))
            proc.send_signal(signum)
            proc.stdout.read()
            _, status, usage = os.wait4(proc.pid, 0)
        outcome = Outcome(os.waitstatus_to_exitcode(status), (folder / ".err").read_text("utf-8", errors="replace"),
                          time.monotonic() - started, usage.ru_maxrss / 1024)
        ok = (outcome.code == 3 or outcome.code in (128 + signum, -signum)) and not outcome.traceback
        rows.append((f"{signal.Signals(signum).name} as the game ends", outcome, ok and summary.exists()))
    return rows


# ---------------------------------------------------------------- issue 30: the command line and its files

#: Every row of the rounds after the first, for the last line's totals.
ALL_ROWS: list[tuple[str, Outcome, bool]] = []


def _print_rows(rows: list[tuple[str, Outcome, bool]]) -> int:
    for label, outcome, ok in rows:
        code = "hang" if outcome.code is None else str(outcome.code)
        print(f"{label:<36} {code:>4} {outcome.lines:>5} {outcome.seconds:>8.3f} {outcome.peak_mb:>8.1f}"
              f" {'ok' if ok else 'FAILED'}")
    ALL_ROWS.extend(rows)
    return sum(ok for _, _, ok in rows)


def _nofile(limit: int) -> Any:
    import resource

    return lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (limit, limit))


def run_raw(args: list[str], folder: Path, *, stdin: Any = subprocess.DEVNULL, stdout: Any = subprocess.DEVNULL,
            env: dict[str, str] | None = None, preexec: Any = None, timeout: float = 60.0,
            drop: tuple[str, ...] = ("PYTHONUNBUFFERED",)) -> Outcome:
    """``voice-host ARGS`` as users run it (``PYTHONUNBUFFERED`` unset), with a time limit (None: a hang)."""
    environment = {k: v for k, v in os.environ.items() if k not in drop}
    environment.update(PYTHONPATH=str(CODE), XDG_STATE_HOME=str(folder / "state"), **(env or {}))
    started = time.monotonic()
    with open(folder / ".err30", "wb") as err:
        proc = subprocess.Popen([sys.executable, "-m", "voice_host", *args], cwd=folder, env=environment,
                                stdin=stdin, stdout=stdout, stderr=err, preexec_fn=preexec)
        try:
            code: int | None = proc.wait(timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
            code = None
    return Outcome(code, (folder / ".err30").read_text("utf-8", errors="replace"), time.monotonic() - started, 0.0)


def _pasted_words(stderr: str) -> list[bytes]:
    """The words bash makes of the resume command in the last stderr line (as a user pastes it)."""
    line = stderr.strip().splitlines()[-1] if stderr.strip() else ""
    if "voice-host play" not in line:
        return []
    command = line[line.index("voice-host play"):]
    done = subprocess.run(["bash", "-c", f"printf '%s\\0' {command}"], capture_output=True)
    return done.stdout.split(b"\0")[:-1]


def third_round(folder: Path) -> str:
    """The cases of issue 30, printed one per row; returns the figures for the last line."""
    sys.path.insert(0, str(REPO / "tests"))
    from damaged_models import korean_model

    work = folder / "r30"
    work.mkdir()
    script = work / "s.txt"
    script.write_text("cinquantatré\ndubito\n", encoding="utf-8")
    tokio = ["play", "--game", "tokio", "--players", "Anna,Bruno", "--tts", "print"]
    rows: list[tuple[str, Outcome, bool]] = []

    def add(label: str, outcome: Outcome, ok: bool) -> None:
        rows.append((label, outcome, ok and not outcome.traceback and outcome.code is not None))

    for label, players in (("names: Anna + U+FE0F", "Anna,Anna\ufe0f"), ("names: An U+034F na", "Anna,An\u034fna"),
                           ("names: Hangul filler alone", "Anna,\u3164"),
                           ("names: An U+E0100 na", "Anna,An\U000e0100na")):
        outcome = run_raw([*tokio, "--players", players, "--input", "keyboard", "--no-journal"], work)
        add(label, outcome, _one_line(outcome))
    outcome = run_raw([*tokio, "--input", "keyboard", "--no-journal"], work, stdin=None,
                      preexec=lambda: os.close(0))
    add("keyboard, stdin closed", outcome, _one_line(outcome))
    typed = work / "typed.txt"
    typed.write_text("cinquantatré\n", encoding="utf-8")
    with open(typed, "rb") as stdin:
        outcome = run_raw([*tokio, "--input", "keyboard", "--no-journal"], work, stdin=stdin,
                          env={"LC_ALL": "POSIX", "PYTHONUTF8": "0"}, drop=("PYTHONUNBUFFERED", "PYTHONIOENCODING"))
    add("LC_ALL=POSIX PYTHONUTF8=0", outcome, outcome.code == 3)
    outcome = run_raw([*tokio, "--tts", "none"], work, preexec=_nofile(5))
    add("ulimit -n 5, --input auto", outcome, _one_line(outcome))
    long_name = "riepilogo-" + "x" * 235 + ".json"
    ending = work / "end.txt"
    ending.write_text("cinquantatré\nfine partita\nsì\n", encoding="utf-8")
    outcome = run_raw([*tokio, "--input", f"script:{ending}", "--no-journal", "--summary", long_name], work)
    add("--summary of 250 bytes", outcome, outcome.code == 0 and (work / long_name).exists())
    for label, name in (("journal path with a newline", b"a\nb.jsonl"),
                        ("journal path with byte 0xff", b"g\xff.jsonl")):
        journal = os.path.join(os.fsencode(work), name)
        outcome = run_raw([*tokio, "--input", f"script:{script}", "--journal", os.fsdecode(journal)], work)
        words = _pasted_words(outcome.stderr)
        add(label, outcome, outcome.code == 3 and words[-1:] == [journal])
    read_end, write_end = os.pipe()
    os.close(read_end)
    outcome = run_raw([*tokio, "--input", f"script:{script}", "--no-journal"], work, stdout=write_end)
    os.close(write_end)
    add("play | closed pipe (buffered)", outcome, _one_line(outcome, 4))
    with open("/dev/full", "wb") as full:
        outcome = run_raw([*tokio, "--input", f"script:{script}", "--no-journal"], work, stdout=full)
    add("play > /dev/full (buffered)", outcome, _one_line(outcome, 4))
    korean = korean_model()
    if korean is not None:
        name = hashlib.sha256(str(korean.resolve()).encode("utf-8")).hexdigest()[:20]
        stored = work / "state" / "voice-host" / "calibration" / f"{name}.json"
        stored.parent.mkdir(parents=True, exist_ok=True)
        digits = ('{"fingerprint": "' + "0" * 64 + '", "format": 1, "measured_on": "2026-01-01", "model": "m", '
                  '"rival_margin": ' + "9" * 400 + ', "strong_score": 1.0, "weak_score": 0.5}')
        for label, text in (("calibration: 400 digits", digits), ("calibration: 4000 nested", "[" * 4000)):
            stored.write_text(text, encoding="utf-8")
            outcome = run_raw(["check", "--model", str(korean), "--seconds", "0"], work,
                              env={"XDG_CACHE_HOME": str(work / "cache")}, timeout=120)
            add(label, outcome, outcome.code == 1 and "ignor" in outcome.stderr)
    os.mkfifo(work / "phrases.fifo")
    (work / "latin1.json").write_bytes(b'{"f": ["citt\xe0"]}')
    (work / "deep.json").write_text("[" * 4000 + "]" * 4000, encoding="utf-8")
    for label, name in (("check --phrases FIFO", "phrases.fifo"), ("check --phrases not UTF-8", "latin1.json"),
                        ("check --phrases 4000 nested", "deep.json")):
        outcome = run_raw(["check", "--phrases", str(work / name), "--seconds", "0"], work, timeout=20)
        add(label, outcome, _one_line(outcome))
    for value in ("nan", "inf", "1e309"):
        outcome = run_raw(["check", "--seconds", value], work, timeout=20)
        add(f"check --seconds {value}", outcome, _one_line(outcome))
    outcome = run_raw(["play", "--game", "tokio", "--game", "yatzi", "--players", "Anna"], work)
    add("--game tokio --game yatzi", outcome, _one_line(outcome))
    shm = Path("/dev/shm")
    residue = shm / f"jack_db-{os.getuid()}"  # an earlier run's (libjack's files only): gone, so a new one shows
    if residue.is_dir() and set(os.listdir(residue)) <= {"__db.001", "__db.002", "__db.003", "metadata.db"}:
        import shutil

        shutil.rmtree(residue, ignore_errors=True)
    before = set(os.listdir(shm)) if shm.is_dir() else set()
    outcome = run_raw(["devices"], work)
    after = set(os.listdir(shm)) if shm.is_dir() else set()
    add("devices: new files in /dev/shm", outcome, outcome.code == 0 and after <= before)
    outcome = run_raw(["--version"], work)
    add("--version", outcome, outcome.code == 0)
    outcome = run_raw([], work)
    add("voice-host alone", outcome, outcome.code == 2 and "--help" in outcome.stderr)
    outcome = run_raw(["play", "--plyers", "Anna"], work)
    add("play --plyers (misspelt)", outcome, _one_line(outcome) and "--players" in outcome.stderr)
    outcome = run_raw(["model", "download", "--dest", str(work / "models")], work, timeout=120)
    add("model download, offline", outcome, outcome.code == 1 and ".zip" in outcome.stderr)
    handled = _print_rows(rows)
    return f"issue 30: {handled}/{len(rows)} handled"


#: The rounds after issue 18's, in order; each prints its rows (adding them to :data:`ALL_ROWS`) and returns
#: its figures for the last line. Later rounds (the board's) are appended here.
ROUNDS: list[Any] = [third_round]


if __name__ == "__main__":
    main()
