"""Help for the moment: `aiuto` and every "non ho capito" name what is legal now (issue 17, item 4).

Expected answers come from the rules (RULES.md 1.1-1.4), worked by hand: in Lizumo
d6 the only roll that beats a pair of six is Tokio; in classico who accepted Tokio
must declare Tokio again; Milella's Pechino beats Tokio. The property tests feed
every example the help names back to the dialog, at random positions of random
games, and require it to be acted upon at once.
"""

from __future__ import annotations

import random

import pytest
from fakes import ListListener, RecordingSpeaker
from tiers import in_full_only, sized

from engine.rolls import Roll
from engine.tokio import actions as ta
from engine.tokio.random_player import random_action
from engine.tokio.rules import RaiseRule, preset
from engine.yatzi import game as yg
from grammars import intents as it
from grammars.tokio.grammar import Phase
from grammars.yatzi.grammar import Phase as YPhase
from voice_host.core.dialog import Act, Confirm, Refuse
from voice_host.core.session import Session
from voice_host.games.tokio.dialog import TokioDialog
from voice_host.games.yatzi.dialog import DialogPhase, YatziDialog

PRESETS = [("classico", 6), ("classico", 4), ("classico", 8), ("classico", 10),
           ("lizumo", 6), ("lizumo", 4), ("lizumo", 8), ("lizumo", 10), ("milella", 6)]
IDS = [f"{name}-d{sides}" for name, sides in PRESETS]


def _tokio(rules_name: str, actions: list[ta.Action], sides: int = 6) -> TokioDialog:
    dialog = TokioDialog(preset(rules_name, sides=sides), ["Anna", "Bruno", "Carla"])
    for action in actions:
        dialog.apply(action)
    return dialog


def _said(make, answers: list[str]) -> list[str]:  # type: ignore[no-untyped-def]
    speaker = RecordingSpeaker()
    Session(make, ListListener(answers), speaker).run()
    return speaker.said


# ------------------------------------------------------------ Tokio: the examples fit the claim to beat


def test_lizumo_after_a_believed_pair_of_six_only_tokio_is_offered() -> None:
    dialog = _tokio("lizumo", [ta.Claim(Roll(6, 6)), ta.Believe()])
    assert dialog.help_examples(Phase.CLAIM) == ("tokio",)
    help_sentence = dialog.help(Phase.CLAIM)
    assert "tokio" in help_sentence and "coppia di quattro" not in help_sentence
    assert "cinquantatré" not in help_sentence


def test_lizumo_after_a_believed_pair_of_six_the_refusal_names_tokio_only() -> None:
    said = _said(lambda: TokioDialog(preset("lizumo"), ["Anna", "Bruno"]),
                 ["coppia di sei", "ci credo", "boh"])
    refusal = said[said.index("Bruno, tira: più di coppia di sei.") + 1]
    assert refusal.startswith("Non ho capito") and "tokio" in refusal
    assert "coppia di quattro" not in refusal and "cinquantatré" not in refusal


def test_classico_after_an_accepted_tokio_only_tokio_is_offered() -> None:
    dialog = _tokio("classico", [ta.Claim(Roll(2, 1)), ta.Believe()])
    assert dialog.help_examples(Phase.CLAIM) == ("tokio",)
    assert "coppia di quattro" not in dialog.help(Phase.CLAIM)


def test_every_claim_example_beats_the_believed_claim_by_the_raise_rule() -> None:
    # Lizumo, a believed 6-5: strictly higher, so no ordinary roll is legal; pairs and Tokio are.
    dialog = _tokio("lizumo", [ta.Claim(Roll(6, 5)), ta.Believe()])
    examples = dialog.help_examples(Phase.CLAIM)
    assert "cinquantatré" not in examples and "sessantacinque" not in examples
    assert "tokio" in examples and len(examples) >= 2


def test_milella_after_a_believed_tokio_pechino_is_offered_too() -> None:
    # Milella: Tokio (3-1) is beaten only by Pechino (2-1); at least Tokio means Tokio or Pechino.
    dialog = _tokio("milella", [ta.Claim(Roll(3, 1)), ta.Believe()])
    assert set(dialog.help_examples(Phase.CLAIM)) == {"tokio", "pechino"}


def test_milella_after_a_believed_pechino_pechino_is_offered_and_tokio_is_not() -> None:
    dialog = _tokio("milella", [ta.Claim(Roll(2, 1)), ta.Believe()])
    examples = dialog.help_examples(Phase.CLAIM)
    assert "pechino" in examples and "tokio" not in examples


# ------------------------------------------------------------ Tokio: the refusal fits the question


def test_at_accetti_dubiti_o_passi_the_refusal_names_all_three() -> None:
    said = _said(lambda: TokioDialog(preset("classico"), ["Anna", "Bruno"]), ["tokio", "boh"])
    question = "Tokio! Bruno: accetti, dubiti o passi?"
    refusal = said[said.index(question) + 1]
    assert refusal.startswith("Non ho capito")
    for answer in ("accetto", "dubito", "passo"):
        assert answer in refusal, refusal


def test_at_lizumo_tokio_the_refusal_names_both_answers() -> None:
    said = _said(lambda: TokioDialog(preset("lizumo"), ["Anna", "Bruno"]), ["tokio", "boh"])
    refusal = said[said.index("Tokio! Bruno: accetti senza guardare o scopri?") + 1]
    assert refusal.startswith("Non ho capito") and "accetto" in refusal and "scopro" in refusal
    assert "ci credo" not in refusal


def test_the_claim_refusal_names_examples() -> None:
    said = _said(lambda: TokioDialog(preset("classico"), ["Anna", "Bruno"]), ["boh"])
    refusal = said[said.index("Anna, tira e dichiara.") + 1]
    assert refusal.startswith("Non ho capito") and "tokio" in refusal


# ------------------------------------------------------------ Tokio: every example is acted upon, anywhere


def _random_positions(rules_name: str, sides: int, games: int, seed: int):  # type: ignore[no-untyped-def]
    """A live dialog at every position of ``games`` random games (do not keep it: it moves on)."""
    rules = preset(rules_name, sides=sides)
    rng = random.Random(seed)
    for _ in range(games):
        dialog = TokioDialog(rules, ["Anna", "Bruno", "Carla"])
        steps = 0
        while not dialog.is_over() and steps < 60:
            yield dialog
            dialog.apply(random_action(dialog.engine, rng))
            steps += 1


@pytest.mark.parametrize("rules_name, sides", PRESETS, ids=IDS)
def test_every_tokio_example_is_acted_upon_at_random_positions(rules_name: str, sides: int) -> None:
    rules = preset(rules_name, sides=sides)
    ranking = rules.ranking
    seen_claims_over = 0
    for dialog in _random_positions(rules_name, sides, games=sized(full=6, fast=1), seed=sides * 31 + len(rules_name)):
        phase = dialog.phase()
        examples = dialog.help_examples(phase)
        help_sentence = dialog.help(phase)
        refusal = dialog.decide(dialog.parse("boh", phase))
        assert isinstance(refusal, Refuse) and refusal.sentence.startswith("Non ho capito")
        assert examples
        for example in examples:
            assert example in help_sentence, (example, help_sentence)
            assert example in refusal.sentence, (example, refusal.sentence)
            decision = dialog.decide(dialog.parse(example, phase))
            assert isinstance(decision, Act), (rules_name, example, decision)
            claim = dialog.engine.claim
            if phase is Phase.CLAIM and claim is not None:
                seen_claims_over += 1
                roll = decision.action.roll  # type: ignore[union-attr]
                if rules.raise_rule is RaiseRule.STRICTLY_HIGHER:
                    assert ranking.beats(roll, claim), (example, claim)
                else:
                    assert roll == claim or ranking.beats(roll, claim), (example, claim)
            # acted upon: an action the engine takes now, and no claim that costs its own maker
            assert decision.action in dialog.engine.legal_actions(), (example, decision)
            if phase is Phase.CLAIM:
                assert not dialog.engine.is_lower(decision.action.roll)  # type: ignore[union-attr]
    assert seen_claims_over > 0


@pytest.mark.parametrize("rules_name, sides", PRESETS, ids=IDS)
def test_every_example_said_by_aiuto_is_journaled_when_spoken(rules_name: str, sides: int) -> None:
    """Through the session, as at the table: "aiuto", then each example it named, at positions of a random game."""
    rules = preset(rules_name, sides=sides)
    rng = random.Random(sides * 7 + len(rules_name))
    dialog = TokioDialog(rules, ["Anna", "Bruno", "Carla"])
    journaled: list[dict[str, object]] = []
    for _ in range(16):
        if dialog.is_over():
            break
        for example in dialog.help_examples(dialog.phase()):
            speaker = RecordingSpeaker()
            session = Session(lambda: TokioDialog(rules, ["Anna", "Bruno", "Carla"]),
                              ListListener(["aiuto", example]), speaker, actions=list(journaled))
            session.run()
            help_sentence = speaker.said[speaker.said.index(dialog.prompt()) + 1]
            assert example in help_sentence, (example, help_sentence)
            assert session.actions[:-1] == journaled and len(session.actions) == len(journaled) + 1, example
        action = random_action(dialog.engine, rng)
        dialog.apply(action)
        journaled.append(dialog.encode(action))


# ------------------------------------------------------------ Yatzi


def _virtual_after(rolls: int, seed: int = 3) -> YatziDialog:
    dialog = YatziDialog(["Anna"], virtual=True, seed=seed)
    for _ in range(rolls - 1):  # the first roll is made at once
        decision = dialog.decide(dialog.parse("ritira tutto", dialog.phase()))
        assert isinstance(decision, Act)
        dialog.apply(decision.action)
    return dialog


@pytest.mark.parametrize("text", ["tengo tre", "ritira tutto", "tira", "ritira due"])
def test_after_the_third_roll_keeping_or_rolling_says_the_rolls_are_over(text: str) -> None:
    dialog = _virtual_after(3)
    assert dialog.engine.rolls_left == 0 and dialog.phase() is YPhase.BOX
    decision = dialog.decide(dialog.parse(text, dialog.phase()))
    assert decision == Refuse("I tiri sono finiti: scegli la casella.")


def test_after_the_third_roll_the_typed_game_says_the_rolls_are_over() -> None:
    said = _said(lambda: YatziDialog(["Anna"], virtual=True, seed=3), ["ritira tutto", "ritira tutto", "tengo tre"])
    assert said[-2] == "I tiri sono finiti: scegli la casella."


def test_box_refusal_names_free_boxes() -> None:
    dialog = _virtual_after(3)
    decision = dialog.decide(dialog.parse("boh", dialog.phase()))
    assert isinstance(decision, Refuse) and decision.sentence.startswith("Non ho capito")
    best = dialog.help_examples(YPhase.BOX)[0]
    assert best in decision.sentence


@pytest.mark.parametrize("virtual", [False, True])
def test_yatzi_help_mentions_consiglio(virtual: bool) -> None:
    dialog = YatziDialog(["Anna"], virtual=virtual, seed=1)
    assert "consiglio" in dialog.help(dialog.phase())
    if virtual:
        assert dialog.phase() is DialogPhase.CHOOSE
    else:
        dialog.apply(yg.RecordRoll((2, 2, 3, 3, 3)))
    assert "consiglio" in dialog.help(dialog.phase())
    assert not isinstance(dialog.parse("consiglio", dialog.phase()), it.NotUnderstood)


def _yatzi_positions(virtual: bool, seed: int, steps: int) -> list[YatziDialog]:
    """Dialogs at successive positions of one random game (each a fresh replay)."""
    rng = random.Random(seed)
    history: list[object] = []
    out: list[YatziDialog] = []

    def fresh() -> YatziDialog:
        dialog = YatziDialog(["Anna", "Bruno"], virtual=virtual, seed=seed, first="Anna")
        for action in history:
            dialog.apply(action)  # type: ignore[arg-type]
        return dialog

    dialog = fresh()
    for _ in range(steps):
        if dialog.is_over():
            break
        out.append(fresh())
        game = dialog.engine
        if game.phase is yg.YatziPhase.ROLL:
            action: object = yg.RecordRoll(tuple(rng.randint(1, 6) for _ in range(5)))
        elif dialog.phase() is DialogPhase.CHOOSE and rng.random() < 0.6:
            dice = list(game.dice or ())
            keep = tuple(d for d in dice if rng.random() < 0.5)
            decision = dialog.decide(dialog.parse("ritira tutto", dialog.phase())) if not keep else None
            if decision is None:
                words = " ".join(str(d) for d in keep)
                decision = dialog.decide(dialog.parse(f"tengo {words}", dialog.phase()))
            if not isinstance(decision, Act):
                dialog = fresh()
                continue
            action = decision.action
        else:
            action = yg.Score(rng.choice(list(game.free_boxes())))
        dialog.apply(action)  # type: ignore[arg-type]
        history.append(action)
    return out


@pytest.mark.parametrize("virtual, seed", [(False, 1), (True, 3), *in_full_only([(False, 2), (True, 4)])])
def test_every_yatzi_example_is_acted_upon_at_random_positions(virtual: bool, seed: int) -> None:
    for dialog in _yatzi_positions(virtual, seed, steps=70):
        phase = dialog.phase()
        examples = dialog.help_examples(phase)
        text = dialog.help(phase)
        refusal = dialog.decide(dialog.parse("boh", phase))
        assert isinstance(refusal, Refuse) and refusal.sentence.startswith("Non ho capito")
        for index, example in enumerate(examples):
            assert example in text
            assert example in refusal.sentence, (example, refusal.sentence)
            intent = dialog.parse(example, phase)
            decision = dialog.decide(intent)
            if isinstance(decision, Refuse):
                assert decision.sentence == "", (phase, example, decision)  # "basta": the box question follows
                continue
            assert isinstance(decision, Act) or (index > 0 and isinstance(decision, Confirm)), (example, decision)
