"""Yatzi in the registry: its options, configuration checks, dialog, phrase lists, phase grammars and analysis."""

from __future__ import annotations

import argparse
import secrets
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from engine.errors import BadConfiguration
from engine.yatzi.score import RULE_SETS
from grammars.it import catalogue as say
from grammars.phrases import PhaseGrammar, Phrase
from voice_host.games.common import (
    MAX_SEED,
    ConfigError,
    check_config_players,
    check_keys,
    computer_names,
    first_player,
    player_names,
)
from voice_host.games.entry import AnyDialog, GameEntry
from voice_host.games.yatzi.history import SPEC as HISTORY

#: The game options Yatzi takes.
OPTIONS = ("players", "rules", "first", "virtual_dice", "seed", "computer")


def rule_set(args: argparse.Namespace) -> str:
    """The one place where Yatzi's ``--rules`` is checked: the engine's name of the rule set players named
    ("foglio", the sheet's and the default, or "standard"); the engine's own names are taken too."""
    named: str = args.rules or "foglio"
    rules = say.YATZI_RULE_OPTIONS.get(named, named)
    if rules not in RULE_SETS:
        raise ConfigError(say.rules_unknown(named, "Yatzi", list(say.YATZI_RULE_OPTIONS)))
    return rules


def make_config(args: argparse.Namespace) -> dict[str, Any]:
    """The journaled configuration of a Yatzi game from command-line options."""
    players = player_names(args.players)
    rules = rule_set(args)
    computers = computer_names(args, players)
    if args.seed is not None and not 0 <= args.seed <= MAX_SEED:
        raise ConfigError(say.seed_out_of_range(args.seed, MAX_SEED))
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    config: dict[str, Any] = {
        "players": players, "first": first_player(args.first, players + computers),
        "virtual": bool(args.virtual_dice), "seed": seed, "rules": rules,
    }
    if computers:
        config["computers"] = computers
    make_dialog(config)
    return config


def check_config(config: dict[str, Any]) -> None:
    """Strict types and ranges of a Yatzi configuration (from a journal or the command line)."""
    check_keys(config, required={"players", "virtual", "seed"}, optional={"first", "rules", "computers"})
    if type(config["virtual"]) is not bool:
        raise ConfigError(say.config_bad_value("virtual"))
    seed = config["seed"]
    if type(seed) is not int or not 0 <= seed <= MAX_SEED:
        raise ConfigError(say.config_bad_value("seed"))
    rules = config.get("rules", "seed")
    if not isinstance(rules, str) or rules not in RULE_SETS:
        raise ConfigError(say.config_bad_value("rules"))
    computers = config.get("computers", [])
    if not isinstance(computers, list) or not all(isinstance(c, str) and c for c in computers):
        raise ConfigError(say.config_bad_value("computers"))
    check_config_players(config, least=1 if not computers else 0, others=computers)


def make_dialog(config: dict[str, Any]) -> AnyDialog:
    """A new Yatzi dialog for ``config``."""
    from voice_host.games.yatzi.dialog import YatziDialog

    check_config(config)
    try:
        return YatziDialog(
            config["players"], virtual=config["virtual"], seed=config["seed"], first=config.get("first"),
            rules=RULE_SETS[config.get("rules", "seed")], computers=config.get("computers", []),
        )
    except BadConfiguration:
        raise ConfigError(say.yatzi_rules_impossible()) from None


def all_phrases(rules: str | None, dice: int | None) -> dict[str, tuple[Phrase, ...]]:
    """Every phase's phrases of Yatzi (the same under every rule set), for ``check``."""
    from grammars.yatzi.grammar import yatzi_all_phrases

    return {str(phase): p for phase, p in yatzi_all_phrases().items()}


def phase_grammars() -> Iterator[PhaseGrammar]:
    """Every Yatzi phase, for the confusability report; in the dice phases a face word means its face."""
    from grammars.intents import NotUnderstood
    from grammars.it.words import SKIP_WORDS
    from grammars.normalize import fold
    from grammars.phrases import SpottedPhrase
    from grammars.yatzi.grammar import Phase, parse_yatzi, yatzi_phrases
    from grammars.yatzi.words import HEARD_PATTERN_JOINS, PATTERN_COUNTS

    joins = frozenset((*HEARD_PATTERN_JOINS, *SKIP_WORDS, "nuovo"))
    def meaning_in(phase: Phase) -> Callable[[Phrase], object]:
        def meaning(p: Phrase) -> object:
            intent = parse_yatzi(p.text, phase)
            if isinstance(intent, NotUnderstood) and isinstance(p, SpottedPhrase):
                if p.text in joins:
                    return ("word", "")  # "di", "solo": a join of a longer answer, one taken for another is harmless
                if p.text in PATTERN_COUNTS:
                    return ("pattern", PATTERN_COUNTS[p.text])  # "yatzi", "yatzy": one pattern
            return ("word", fold(p.text)) if isinstance(intent, NotUnderstood) else intent

        return meaning

    for phase in Phase:
        yield PhaseGrammar(
            f"yatzi/{phase.value}", f"yatzi/{phase.value}", yatzi_phrases(phase), meaning_in(phase)
        )


def analysis(dialog: AnyDialog) -> str:
    """The analysis of a Yatzi game against optimal play (finished or not)."""
    from voice_host.games.yatzi.dialog import YatziDialog

    if not isinstance(dialog, YatziDialog):
        raise TypeError(f"not a Yatzi dialog: {type(dialog).__name__}")
    return dialog.analysis_text()


def describe_rules(config: dict[str, Any]) -> str:
    """The rules of ``config`` in one breath, as the evening's lobby offers them."""
    from grammars.evening.sentences import yatzi_rules

    named = {engine: spoken for spoken, engine in say.YATZI_RULE_OPTIONS.items()}
    rules = named.get(str(config.get("rules", "seed")), "foglio")
    return yatzi_rules(rules, bool(config["virtual"]), len(config.get("computers", [])))


ENTRY = GameEntry(
    make_config, make_dialog, OPTIONS, all_phrases, phase_grammars, analysis,
    decisions=Path(__file__).with_name("decisions.json"),
    describe_rules=describe_rules,
    history=HISTORY,
)
