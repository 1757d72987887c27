"""Tokio in the registry: its options, configuration checks, dialog, phrase lists and phase grammars."""

from __future__ import annotations

import argparse
import secrets
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from types import MappingProxyType
from typing import Any

from engine.errors import BadConfiguration
from engine.rolls import RankingKind
from engine.tokio.level import Level
from engine.tokio.rules import PRESETS, TruthTest, preset
from grammars.it import catalogue as say
from grammars.phrases import PhaseGrammar, Phrase
from voice_host.games.common import (
    MAX_LIMIT,
    MAX_SEED,
    ConfigError,
    check_config_players,
    check_keys,
    computer_names,
    first_player,
    player_names,
)
from voice_host.games.entry import AnyDialog, GameEntry
from voice_host.games.tokio.history import SPEC as HISTORY

#: The dice Tokio is played with (``--dice``).
SIDES = (4, 6, 8, 10)

#: ``--truth`` values -> the engine's truth test (RULES.md 1.2 step 3).
TRUTH_OPTIONS: Mapping[str, TruthTest] = MappingProxyType({"exact": TruthTest.EXACT, "at-least": TruthTest.AT_LEAST})

#: ``--computer-level`` values -> the computer seat's level.
LEVELS: Mapping[str, Level] = MappingProxyType({level.value: level for level in Level})

#: The game options Tokio takes. Humans play with real dice; --seed fixes the computer seats' virtual dice.
OPTIONS = ("players", "rules", "dice", "limit", "first", "seed", "truth", "computer", "computer_level")


def make_config(args: argparse.Namespace) -> dict[str, Any]:
    """The journaled configuration of a Tokio game from command-line options."""
    players = player_names(args.players)
    computers = computer_names(args, players)
    if len(players) + len(computers) < 2:
        raise ConfigError(say.tokio_needs_two())
    if args.limit is not None and args.limit > MAX_LIMIT:
        raise ConfigError(say.limit_out_of_range(args.limit, MAX_LIMIT))
    if args.rules is not None and args.rules not in PRESETS:
        raise ConfigError(say.rules_unknown(args.rules, "Tokio", list(PRESETS)))
    config = {
        "rules": args.rules or "classico",
        "dice": args.dice,
        "limit": args.limit,
        "truth": None if args.truth is None else TRUTH_OPTIONS[args.truth].value,
        "players": players,
        "first": first_player(args.first, [*players, *computers]),
    }
    if computers:
        if args.seed is not None and not 0 <= args.seed <= MAX_SEED:
            raise ConfigError(say.seed_out_of_range(args.seed, MAX_SEED))
        level = getattr(args, "computer_level", None) or Level.MEDIO.value
        seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
        config |= {"computers": computers, "level": level, "seed": seed}
    make_dialog(config)  # validate now, with the user's options in view
    return config


def check_config(config: dict[str, Any]) -> None:
    """Strict types and ranges of a Tokio configuration (from a journal or the command line)."""
    optional = {"dice", "limit", "first", "truth", "computers", "level", "seed"}
    check_keys(config, required={"rules", "players"}, optional=optional)
    if not isinstance(config["rules"], str) or config["rules"] not in PRESETS:
        raise ConfigError(say.config_bad_value("rules"))
    truth = config.get("truth")
    if truth is not None and (not isinstance(truth, str) or truth not in {t.value for t in TruthTest}):
        raise ConfigError(say.config_bad_value("truth"))
    dice, limit = config.get("dice"), config.get("limit")
    if dice is not None and (type(dice) is not int or dice not in SIDES):
        raise ConfigError(say.config_bad_value("dice"))
    if limit is not None and (type(limit) is not int or not 1 <= limit <= MAX_LIMIT):
        raise ConfigError(say.config_bad_value("limit"))
    computers = config.get("computers", [])
    if not isinstance(computers, list) or not all(isinstance(c, str) and c for c in computers):
        raise ConfigError(say.config_bad_value("computers"))
    level = config.get("level")
    known_level = isinstance(level, str) and level in LEVELS
    if computers and (not known_level or type(config.get("seed")) is not int):
        raise ConfigError(say.config_bad_value("seed" if known_level else "level"))
    if computers and not 0 <= config["seed"] <= MAX_SEED:
        raise ConfigError(say.config_bad_value("seed"))
    if not computers and ("level" in config or "seed" in config):
        raise ConfigError(say.config_bad_value("level" if "level" in config else "seed"))
    check_config_players(config, least=1 if computers else 2, others=computers)
    if len(config["players"]) + len(computers) < 2:
        raise ConfigError(say.tokio_needs_two())


def make_dialog(config: dict[str, Any]) -> AnyDialog:
    """A new Tokio dialog for ``config``."""
    from voice_host.games.tokio.dialog import TokioDialog

    check_config(config)
    check_dice(config["rules"], config.get("dice"))
    try:
        truth = config.get("truth")
        rules = preset(
            config["rules"], sides=config.get("dice"), limit=config.get("limit"),
            truth_test=None if truth is None else TruthTest(truth),
        )
        computers = config.get("computers", [])
        level = LEVELS[config["level"]] if computers else Level.MEDIO
        return TokioDialog(
            rules, config["players"], config.get("first"), computers=computers, level=level,
            seed=config.get("seed", 0),
        )
    except BadConfiguration:
        raise ConfigError(say.tokio_rules_impossible()) from None


def check_dice(rules: str | None, dice: int | None) -> None:
    """ConfigError, in Italian, when ``rules`` cannot be played with ``dice`` (Milella: d6 only)."""
    milella = rules is not None and rules in PRESETS and PRESETS[rules].ranking_kind is RankingKind.MILELLA
    if milella and dice not in (None, 6):
        raise ConfigError(say.milella_needs_d6())


def all_phrases(rules: str | None, dice: int | None) -> dict[str, tuple[Phrase, ...]]:
    """Every phase's phrases of Tokio under ``rules`` (a preset) and ``dice``, for ``check``."""
    from grammars.tokio.grammar import tokio_all_phrases

    check_dice(rules, dice)
    try:
        return {str(phase): p for phase, p in tokio_all_phrases(preset(rules or "classico", sides=dice)).items()}
    except BadConfiguration:
        raise ConfigError(say.tokio_rules_impossible()) from None
    except KeyError:
        raise ConfigError(say.rules_unknown(str(rules), "Tokio", list(PRESETS))) from None


def phase_grammars(dice: Sequence[int] = SIDES) -> Iterator[PhaseGrammar]:
    """Every Tokio phase for every preset and dice its rules allow, for the confusability report."""
    from grammars.tokio.grammar import Phase, tokio_every_entry
    for name in PRESETS:
        for sides in dice:
            try:
                rules = preset(name, sides=sides)
            except BadConfiguration:
                continue  # Milella plays d6 only
            for phase in Phase:
                entries = tokio_every_entry(phase, rules)  # the response's take-penalty phrases and sì/no too
                meaning = {p.text: intent for p, intent in entries}
                phrases = tuple(p for p, _ in entries)
                yield PhaseGrammar(
                    f"tokio/{name}/d{sides}/{phase.value}", f"tokio/{phase.value}", phrases, _by_text(meaning)
                )


def _by_text(meaning: Mapping[str, object]) -> Callable[[Phrase], object]:
    """What a phrase of one phase means, looked up by its text in ``meaning``."""
    return lambda phrase: meaning[phrase.text]


def describe_rules(config: dict[str, Any]) -> str:
    """The rules of ``config`` in one breath, as the evening's lobby offers them."""
    from engine.tokio.rules import Counting
    from grammars.evening.sentences import tokio_rules

    rules = preset(config["rules"], sides=config.get("dice"), limit=config.get("limit"))
    computers = config.get("computers", [])
    return tokio_rules(
        rules.name, rules.sides, rules.limit, rules.counting is Counting.LIVES, len(computers),
        str(config.get("level", Level.MEDIO.value)),
    )


ENTRY = GameEntry(
    make_config, make_dialog, OPTIONS, all_phrases, phase_grammars,
    decisions=Path(__file__).with_name("decisions.json"),
    choices={"dice": SIDES, "truth": tuple(TRUTH_OPTIONS), "computer_level": tuple(LEVELS)},
    describe_rules=describe_rules,
    history=HISTORY,
)
