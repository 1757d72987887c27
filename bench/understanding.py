"""How many answers of a corpus the host understands, by kind (common, rare).

Reads a corpus in the format of ``tests/corpus/natural_answers.txt`` with an optional
fifth column, the kind (``setting | script | natural | canonical | kind``; a line
without it is common). Each line is played twice through the real session and
dialogs (fakes only at the ports, ``tests/corpus/natural_corpus.py``): its position then
the natural answer, its position then the canonical phrase. A line is understood when
both runs said the same sentences and journaled the same records, and the canonical
phrase was understood there.

Run: ``python bench/understanding.py [CORPUS] [-v]`` (default: the open half,
``tests/corpus/natural_answers_open.txt``); ``-v`` lists the lines not understood.
The last line is ``understanding corpus=NAME common_pct=X rare_pct=Y n=N``.
"""

from __future__ import annotations

import sys
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "corpus"))

from natural_corpus import KINDS, OPEN_CORPUS, judge, load, new_dialog  # noqa: E402


def _pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}" if whole else "n/a"


def _playable(setting: str) -> bool:
    """True when the corpus loader knows how to play ``setting`` (a game's, or the evening's lobby)."""
    if setting == "serata":  # the lobby's own runner, tests/corpus/evening_corpus.py
        return True
    try:
        new_dialog(setting)
    except ValueError:
        return False
    return True


def main(argv: list[str]) -> int:
    paths = [a for a in argv if not a.startswith("-")]
    path = Path(paths[0]) if paths else OPEN_CORPUS
    try:
        lines = load(path)
    except (OSError, ValueError) as error:
        print(f"Il corpus non si legge: {error}", file=sys.stderr)
        return 2
    known = [line for line in lines if _playable(line.setting)]
    if len(known) < len(lines):  # a setting this host does not play
        skipped = Counter(line.setting for line in lines if not _playable(line.setting))
        print("  skipped: " + ", ".join(f"{n} of setting {s!r}" for s, n in skipped.items()))
    lines = known
    total: Counter[str] = Counter()
    passed: Counter[str] = Counter()
    with tempfile.TemporaryDirectory() as folder:
        for line in lines:
            verdict = judge(line, Path(folder))
            total[line.kind] += 1
            if verdict.passed:
                passed[line.kind] += 1
            elif "-v" in argv:
                print(verdict.explain(), file=sys.stderr)
    for kind in KINDS:
        print(f"  {kind:7}: {passed[kind]}/{total[kind]} understood")
    print(
        f"understanding corpus={path.stem} common_pct={_pct(passed['common'], total['common'])}"
        f" rare_pct={_pct(passed['rare'], total['rare'])} n={len(lines)}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
