"""The Yatzi coach: "consiglio" answers, the computer seat's choices and the post-game analysis.

Built on the solved table of the game's rules (:mod:`voice_host.games.yatzi.table_cache`), loaded on
first use: the first game with new rules computes it once, with a progress bar.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache

from engine.yatzi import game as yg
from engine.yatzi.advice import Advice, Advisor, Option
from engine.yatzi.analysis import Decision, PlayerReport, advise_now, analyse
from engine.yatzi.score import YatziRules
from engine.yatzi.solver import SolvedTable
from grammars.yatzi import sentences as yatzi_say
from grammars.yatzi.grammar import box_name, say_dice
from voice_host.games.yatzi.table_cache import load_table


@lru_cache(maxsize=4)
def shared_table(rules: YatziRules) -> SolvedTable:
    """The table of ``rules``, read (or solved) once per process: undo and resume rebuild dialogs."""
    return load_table(rules)


class Coach:
    """Advice for one game's rules; the table is loaded when first needed."""

    def __init__(self, rules: YatziRules, load: Callable[[YatziRules], SolvedTable] = shared_table) -> None:
        self.rules = rules
        self._load = load
        self._advisor: Advisor | None = None

    @property
    def advisor(self) -> Advisor:
        """The advisor over the solved table (loading or solving it the first time)."""
        if self._advisor is None:
            self._advisor = Advisor(self._load(self.rules))
        return self._advisor

    def advise(self, game: yg.YatziGame) -> Advice:
        """The options of the player in hand with the dice on the table."""
        return advise_now(self.advisor, game)

    def advice_sentence(self, game: yg.YatziGame, virtual: bool, keeps: bool) -> str:
        """What "consiglio" answers now (the dialog handles the start phase).

        ``keeps``: the player may still keep and roll (virtual dice, rolls left, no "basta").
        """
        player = game.to_act
        if player is None:
            return ""
        if game.dice is None:
            if not virtual:
                return yatzi_say.advice_dice_first()
            card = {box: points for box, points in game.scorecard(player).boxes if points is not None}
            return yatzi_say.advice_roll(self.advisor.expected_final(card, game.yatzi_bonuses(player)))
        advice = self.advise(game)
        return option_advice(advice.best if keeps else advice.boxes[0])

    def box_cost(self, game: yg.YatziGame, box: str) -> tuple[float, str]:
        """Expected points lost by writing the dice in ``box`` rather than in the best box, and that box."""
        advice = self.advise(game)
        best = advice.boxes[0]
        assert best.box is not None
        return advice.box_option(box).cost - best.cost, best.box

    def computer_choice(self, game: yg.YatziGame) -> Option:
        """The optimal choice for the player in hand (a computer seat)."""
        return self.advise(game).best

    def analyse(
        self, players: Sequence[str], first: str | None, history: Sequence[yg.Action], humans: Sequence[str],
        virtual: bool,
    ) -> dict[str, PlayerReport]:
        """Each human's decisions priced against optimal play."""
        return analyse(self.advisor, players, first, history, virtual, humans)


def option_advice(option: Option) -> str:
    """An option as a consiglio sentence."""
    if option.box is not None:
        return yatzi_say.advice_box(box_name(option.box), option.expected)
    assert option.keep is not None
    if not option.keep:
        return yatzi_say.advice_reroll_all(option.expected)
    return yatzi_say.advice_keep(say_dice(option.keep), option.expected)


def choice_words(option: Option) -> str:
    """An option as named in the analysis: a box, or a keep."""
    if option.box is not None:
        return yatzi_say.analysis_choice_box(box_name(option.box))
    return yatzi_say.analysis_choice_keep(say_dice(option.keep or ()))


def spoken_analysis(reports: Sequence[PlayerReport]) -> list[str]:
    """Briefly, for each player: points lost and the costliest decision."""
    out: list[str] = []
    for report in reports:
        worst = report.costliest(1)
        if not worst:
            out.append(yatzi_say.analysis_perfect(report.player))
            continue
        out.append(yatzi_say.analysis_lost(report.player, yatzi_say.points_words(report.lost)))
        d = worst[0]
        out.append(yatzi_say.analysis_costliest(d.turn, choice_words(d.chosen), choice_words(d.best),
                                          yatzi_say.points_words(d.cost)))
    return out


def printed_analysis(reports: Sequence[PlayerReport]) -> str:
    """In full, for each player: points lost and the three costliest decisions."""
    if not reports:
        return yatzi_say.analysis_no_humans()
    lines: list[str] = []
    for report in reports:
        lines.append(yatzi_say.analysis_header(report.player, report.lost, len(report.decisions)))
        costly: Sequence[Decision] = report.costliest(3)
        if not costly:
            lines.append(yatzi_say.analysis_none())
        for d in costly:
            lines.append(yatzi_say.analysis_line(d.turn, say_dice(d.dice), d.rolls_left, choice_words(d.chosen),
                                           choice_words(d.best), d.cost))
    return "\n".join(lines)
