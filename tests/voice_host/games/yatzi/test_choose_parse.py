"""In the virtual-dice turn the keeps and the boxes are heard together: a face said with a rolling verb is a die.

Found when the sealed half of the corpus was opened at the end (issue 28): the figure reported is the
one before this fix; the wordings here are new ones of the same kind.
"""

from __future__ import annotations

import pytest

from grammars.yatzi.intents import ChooseBox
from voice_host.games.yatzi.dialog import DialogPhase, YatziDialog


@pytest.mark.parametrize("text", ["rilancio tutti e sei i dadi", "tira di nuovo tutti e cinque", "tengo i tre dadi"])
def test_a_face_said_with_a_rolling_verb_is_never_taken_for_a_box(text: str) -> None:
    dialog = YatziDialog(["Anna"], virtual=True, seed=3)
    assert dialog.phase() is DialogPhase.CHOOSE
    assert not isinstance(dialog.parse(text, DialogPhase.CHOOSE), ChooseBox)
