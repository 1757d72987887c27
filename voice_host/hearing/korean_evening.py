"""The Korean proxy of a whole evening: a stand-in for each answer of the lobby and of a short game.

The Italian model cannot be had on the build machines (see :mod:`voice_host.hearing.korean`,
the proxy of the game's hearing). To play ``voice-host serata`` by voice through the real sink
with the real (Korean) model, each phase's Italian answers get a Korean stand-in: the
:class:`StandIn` listener asks the real vosk listener for the stand-ins of the phase now asked
(its commands included) and gives back the Italian answer each one stands for, so the lobby's
and the games' own parsers read it as typed Italian.

The stand-ins are common Korean words, not translations: each was kept because the Korean
model recognised espeak-ng's Korean for it in a grammar of 80 candidates for most of six
voices and rates (the check is described in issue 31's closing note), and within each phase no two
stand-ins of different meaning are close or a tail of each other by the confusability report
(:func:`grammars_for_report`, espeak-ng's Korean IPA; tested). Stand-ins repeat across phases,
as "sì" does in Italian: only the phrases of one phase compete in the recognizer.

The games are the registry's (the one list of games): :data:`GAME_STAND_INS` stand in for
them in the registry's order, given as ``games``.

>>> OWN["lobby_name"]["원숭이"], OWN["lobby_after"]["라면"], COMMANDS["마지막"]
('Anna', 'rivincita', 'fine partita')
>>> table("lobby_game", ("tokio", "yatzi"))["농구"], [p.text for p in phases(("tokio", "yatzi"))["lobby_game"]]
('yatzi', ['김치', '농구', '취소', '점수', '마지막', '다시'])
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from types import MappingProxyType

from grammars.evening.grammar import name_phrase
from grammars.phrases import PhaseGrammar, Phrase
from voice_host.core.ports import Heard, Listener, ListenRequest, Silence

#: Commands valid in every phase: stand-in -> the Italian command.
COMMANDS: Mapping[str, str] = MappingProxyType({
    "취소": "annulla", "점수": "classifica", "마지막": "fine partita", "다시": "ripeti",
})

#: The stand-ins of the games' names at the game question, for the registry's games in its order.
GAME_STAND_INS: tuple[str, ...] = ("김치", "농구")
#: The game question's phase (its stand-ins are the games', :data:`GAME_STAND_INS`).
GAME_PHASE = "lobby_game"

#: Phase -> its own stand-ins (stand-in -> the Italian answer it stands for).
OWN: Mapping[str, Mapping[str, str]] = MappingProxyType({
    # the lobby (grammars/evening): the rules in one breath, the names, sì/no, after a game
    "lobby_rules": {"좋아요": "va bene", "아니요": "no", "원숭이": "fuori a uno", "자동차": "con i dadi da dieci",
                    "감자": "col computer"},
    "lobby_name": {"원숭이": "Anna", "농구": "Bruno", "라면": "Carla", "백화점": "Marco", "됐어요": "basta così",
                   "네": "sì", "아니요": "no"},
    "lobby_confirm": {"네": "sì", "아니요": "no"},
    "lobby_after": {"라면": "rivincita", "농구": "cambiamo gioco", "다른 사람": "cambiamo giocatori",
                    "됐어요": "basta per stasera"},
    # a short Tokio game (classico, d6) and the sì/no of both games
    "claim": {"오 삼": "cinquantatré", "여든": "sessantuno", "삼백": "sessantacinque"},
    "response": {"좋아요": "ci credo", "김치": "dubito"},
    "reveal": {"오 삼": "cinque e tre", "여든": "sei e uno"},
    "confirm": {"네": "sì", "아니요": "no"},
})


def table(phase: str, games: Sequence[str] = ()) -> dict[str, str]:
    """The stand-ins of ``phase`` (its own, then the commands; a phase without its own: the commands);
    ``games``: the registry's games, named at the game question."""
    own = dict(zip(GAME_STAND_INS, games)) if phase == GAME_PHASE else OWN.get(phase, {})
    return {**own, **COMMANDS}


def phases(games: Sequence[str] = ()) -> dict[str, tuple[Phrase, ...]]:
    """Phase -> its stand-in phrases, commands included (what the model's vocabulary must cover)."""
    return {phase: tuple(Phrase.of(text) for text in table(phase, games)) for phase in (GAME_PHASE, *OWN)}


def grammars_for_report(games: Sequence[str]) -> list[PhaseGrammar]:
    """Each phase's stand-ins as the confusability report takes them: a stand-in means its Italian answer."""
    return [PhaseGrammar(f"korean-evening/{phase}", f"korean-evening/{phase}", phrases, _meaning(table(phase, games)))
            for phase, phrases in phases(games).items()]


def _meaning(stand_ins: Mapping[str, str]) -> Callable[[Phrase], object]:
    return lambda p: stand_ins[p.text]


@dataclass
class StandIn:
    """A ``Listener``: the real one (``inner``) asked for the phase's stand-ins, the answer given back in Italian.

    The request's own understanding (``spot``) reads Italian, so it is not passed on: the
    proxy hears its phrases only. A stand-in's Italian is heard as sure as its Korean was.
    """

    inner: Listener
    games: tuple[str, ...] = ()
    """The registry's games, in its order (the game question's answers)."""

    def listen(self, request: ListenRequest) -> Heard | Silence | None:
        """What the table said, in Italian (None: the input ended; silence as it is)."""
        stand_ins = table(str(request.phase), self.games)
        korean = replace(request, phrases=tuple(Phrase.of(text) for text in stand_ins), spot=None)
        heard = self.inner.listen(korean)
        if isinstance(heard, Heard):
            return Heard(stand_ins.get(heard.text, heard.text), heard.sure)
        return heard

    def usable(self, phrases: Sequence[Phrase]) -> dict[Phrase, tuple[str, ...]]:
        """The names the proxy can hear: those with a stand-in at the name question (as the lobby asks a
        voice listener before the evening, :func:`voice_host.evening.lobby.names_heard`)."""
        names = {name_phrase(name).text for name in OWN["lobby_name"].values()}
        return {p: p.variants for p in phrases if p.text in names}

    def close(self) -> None:
        """Close the real listener."""
        self.inner.close()
