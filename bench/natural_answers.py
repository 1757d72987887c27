"""How many natural answers of the corpus the host understands as their canonical phrase.

Plays every line of ``tests/corpus/natural_answers.txt`` twice through the real
session and dialogs (fakes only at the ports): its position then the natural
answer, its position then the canonical phrase, and counts the lines whose two
runs said and journaled the same (see ``tests/corpus/natural_corpus.py``).
``-v`` lists the lines that differ. Run: ``python bench/natural_answers.py``.
The last line is ``natural-answers utterances=N understood=M pct=P``.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "corpus"))

from natural_corpus import judge, load  # noqa: E402


def main(argv: list[str]) -> int:
    lines = load()
    passed = 0
    with tempfile.TemporaryDirectory() as folder:
        for line in lines:
            verdict = judge(line, Path(folder))
            if verdict.passed:
                passed += 1
            elif "-v" in argv:
                print(verdict.explain(), file=sys.stderr)
    print(f"natural-answers utterances={len(lines)} understood={passed} pct={100 * passed / len(lines):.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
