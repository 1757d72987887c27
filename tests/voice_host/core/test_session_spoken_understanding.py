"""Speech hears what the parser understands: the session gives the listener the phase's understanding.

The listener here stands for vosk in grammar mode at the port: every word that is no word
of the request's phrases becomes "[unk]", then the real matcher (with the request's ``spot``)
maps the text onto a phrase or drops it, as :class:`~voice_host.listen.listener.VoskListener`
does. Differential: a natural answer spoken does exactly what its canonical phrase does.
"""

from __future__ import annotations

import itertools
import sys
from pathlib import Path

from grammars.normalize import normalize
from voice_host.core.ports import Heard, ListenRequest
from voice_host.core.session import Session
from voice_host.listen.nearest_phrase import PhraseMatcher
from voice_host.model.tokens import UNK
from voice_host.storage.journal import Journal

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "corpus"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from fakes import RecordingSpeaker
from natural_corpus import new_dialog

_RUNS = itertools.count()


class GrammarModeListener:
    """Utterances as a grammar-mode recognizer outputs them, through the real matcher; dropped ones are skipped."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = list(lines)
        self.dropped: list[str] = []

    def listen(self, request: ListenRequest) -> Heard | None:
        usable = {p: p.variants for p in request.phrases}
        grammar = {w for variants in usable.values() for v in variants for w in v.split()}
        matcher = PhraseMatcher(usable, request.spot)
        while self.lines:
            said = self.lines.pop(0)
            heard = " ".join(w if w in grammar else UNK for w in normalize(said).split())
            found = matcher.match_sequence(heard) if request.sequence else matcher.match(heard)
            if found.phrase is not None:
                return Heard(found.phrase.text)
            self.dropped.append(said)
        return None

    def close(self) -> None:
        pass


def _play(setting: str, lines: list[str], folder: Path) -> tuple[tuple[str, ...], tuple[str, ...], list[str]]:
    listener, speaker = GrammarModeListener(lines), RecordingSpeaker()
    path = folder / f"{next(_RUNS)}.jsonl"
    journal = Journal.create(str(path), setting.split("/")[0], {})
    try:
        Session(new_dialog(setting), listener, speaker, journal).run()
    finally:
        journal.close()
    return tuple(speaker.said), tuple(path.read_text(encoding="utf-8").splitlines()[1:]), listener.dropped


def test_a_doubt_said_among_other_words_does_what_dubito_does(tmp_path: Path) -> None:
    spoken = _play("tokio/classico/d6", ["cinquantatré", "secondo me bluffi"], tmp_path)
    canonical = _play("tokio/classico/d6", ["cinquantatré", "dubito"], tmp_path)
    assert spoken[:2] == canonical[:2] and not spoken[2]
    assert len(spoken[1]) == 2  # the claim and the doubt journaled


def test_a_negated_trust_doubts_and_a_trust_believes(tmp_path: Path) -> None:
    doubt = _play("tokio/classico/d6", ["cinquantatré", "no, non mi fido"], tmp_path)
    assert doubt[:2] == _play("tokio/classico/d6", ["cinquantatré", "dubito"], tmp_path)[:2]
    trust = _play("tokio/classico/d6", ["cinquantatré", "va bene, mi fido"], tmp_path)
    assert trust[:2] == _play("tokio/classico/d6", ["cinquantatré", "ci credo"], tmp_path)[:2]


def test_table_talk_is_dropped_and_the_answer_after_it_is_heard(tmp_path: Path) -> None:
    talk = "ma che ne dici di una pizza dopo la partita"
    spoken = _play("tokio/classico/d6", ["cinquantatré", talk, "dubito"], tmp_path)
    assert spoken[2] == [talk]
    assert spoken[:2] == _play("tokio/classico/d6", ["cinquantatré", "dubito"], tmp_path)[:2]


def test_a_conflict_spoken_is_asked_naming_both_and_nothing_is_applied(tmp_path: Path) -> None:
    said, journal, dropped = _play("tokio/classico/d6", ["cinquantatré", "ci credo anzi dubito"], tmp_path)
    assert "Hai detto ci credo ma anche dubito: quale delle due?" in said
    assert len(journal) == 1 and not dropped


def test_yatzi_dice_said_by_pattern_do_what_the_five_dice_do(tmp_path: Path) -> None:
    start = ["tre", "cinque"]  # who starts: Anna's die, Bruno's
    spoken = _play("yatzi/physical", [*start, "tris di quattro più un due e un cinque"], tmp_path)
    canonical = _play("yatzi/physical", [*start, "quattro quattro quattro due cinque"], tmp_path)
    assert spoken[:2] == canonical[:2] and not spoken[2]
