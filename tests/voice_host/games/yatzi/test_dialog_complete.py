"""The Yatzi dialog tells the listener when a dictation is a whole answer (issue 33: the turn gap).

Worked by hand: five dice make a roll; seed 3's first virtual roll is 1 4 5 5 5
(tests/corpus/natural_answers.txt), so a keep is whole only when it names all five.
"""

from __future__ import annotations

import numpy as np
from fakes import ListListener, RecordingSpeaker

from grammars.yatzi.grammar import Phase
from voice_host.core.session import Session
from voice_host.games.yatzi.dialog import DialogPhase, YatziDialog
from voice_host.listen.early_end import EarlyEndpointer
from voice_host.listen.endpoint import BackgroundEnd, UtteranceEnd
from voice_host.listen.messages import Decoded

RATE = 16000
QUIET = np.zeros(RATE // 20, "<i2").tobytes()  # 50 ms
LOUD = np.full(RATE // 20, 3000, "<i2").tobytes()


def test_the_session_asks_for_a_dictation_with_the_dialogs_completion_and_for_whole_phrases_without() -> None:
    listener = ListListener(["tre", "cinque", "tre tre tre cinque sei", "full"])
    Session(lambda: YatziDialog(["Anna", "Bruno"]), listener, RecordingSpeaker()).run()
    by_phase = {str(r.phase): r for r in listener.requests}
    dice = by_phase[str(Phase.DICE)]
    assert dice.sequence and dice.complete is not None
    assert dice.complete("tre tre tre cinque e sei") and not dice.complete("tre tre tre cinque")
    assert by_phase[str(Phase.START)].complete is None and by_phase[str(Phase.BOX)].complete is None


def test_after_a_virtual_roll_a_keep_is_whole_only_when_it_names_every_die() -> None:
    dialog = YatziDialog(["Anna"], virtual=True, seed=3)
    assert sorted(dialog.engine.dice or ()) == [1, 4, 5, 5, 5] and dialog.phase() is DialogPhase.CHOOSE
    choose = DialogPhase.CHOOSE
    assert not dialog.complete("tengo i cinque", choose)  # the ace and the four are left: "e il quattro"
    assert not dialog.complete("tengo cinque cinque", choose)
    assert dialog.complete("tengo uno quattro e i cinque", choose)
    assert dialog.complete("basta", choose) and dialog.complete("tira", choose)
    assert dialog.complete("chance", choose) and not dialog.complete("scala", choose)


def test_a_keep_paused_before_its_last_die_is_not_cut_by_the_dialogs_completion() -> None:
    dialog = YatziDialog(["Anna"], virtual=True, seed=3)
    words = [("tengo",), ("uno",), ("quattro",), ("cinque",), ("e",), ("i",)]
    end = UtteranceEnd(EarlyEndpointer(words, sample_rate=RATE), BackgroundEnd(), dictation=lambda text: True)
    end.complete = lambda text: dialog.complete(text, DialogPhase.CHOOSE)
    # "tengo cinque", a 0.3 s pause (longer than the short hold): decoded within it, not answered (the decoder
    # starts again after the decode: its partial is empty then)
    assert _answer(end, LOUD, "tengo cinque") is None
    assert [_answer(end, QUIET, "tengo cinque" if end.waiting is None else "") for _ in range(6)] == [None] * 6
    assert end.waiting is not None and end.waiting.text == "tengo cinque"
    # then "... cinque cinque e uno e quattro" (the decoder shows what was said since): every die named, so two
    # silent chunks answer it, whole
    rest = "cinque cinque e uno e quattro"
    assert _answer(end, LOUD, rest) is None
    assert [_answer(end, QUIET, rest) for _ in range(2)] == [None, "tengo cinque cinque cinque e uno e quattro"]


def _answer(end: UtteranceEnd, data: bytes, partial: str) -> str | None:
    """One chunk as the listener handles it: decoded when the endpoint stage says so; the answer, if any."""
    final = Decoded(partial, 40.0) if end.finalize_now(data, partial, quiet_level=300.0, sequence=True) else None
    result = end.ended(data, final, final is not None, "" if final else partial, quiet_level=300.0, sequence=True)
    return None if result is None else result[0].text
