"""The Italian language of Tokio (and Taipei, Yokohama, Pechino, Milella's duel).

Everything a player may say is built from the data tables below by small
expansion code, into one :class:`~grammars.phrase_table.PhraseTable` per phase and
rule set. That one table is both the phrase list handed to the recognizer
(:func:`tokio_phrases`) and the map from text back to intents
(:func:`parse_tokio`).

Phases (:class:`Phase`):

- ``claim``: a player declares a roll: its number word ("cinquantatré"), for a
  pair also "coppia di N" or "doppio N" ("sessantasei" = "coppia di sei"), for the
  special rolls their name ("tokio"/"tokyo", "taipei", "yokohama", "pechino") and
  number word (classic d6 "ventuno" = Tokio; d10 "dieci" = Pechino), or die by die
  in either order ("cinque tre", "tre e cinque"). Lead-in words around the roll
  mean nothing and are dropped ("ho fatto cinquantatré", "un cinque e un tre",
  "c'è una coppia di quattro"); each is a phrase of its own for the recognizer
  (:class:`~grammars.phrases.LeadInPhrase`), which its matcher skips.
- ``response``: "ci credi?" is a yes/no question: believe ("sì", "ci credo",
  "ti credo", "certo", "accetto", "va bene", "accetto senza guardare"...), doubt
  ("no", "dubito", "non ci credo", "non ti credo", "scopri i dadi", "fammi
  vedere", "alza il bicchiere"...), each also after its sì/no ("sì, ci credo");
  and, only when allowed, take the penalty ("prendo la penalità", "prendo una
  penalità", "passo"). When passing is allowed the question names three choices
  ("accetti, dubiti o passi?"), so a bare sì/no means nothing there.
- ``reveal``: the doubted dice, in any claim form (die by die and lead-ins included).
- ``confirm``: sì ("sì", "confermo", "certo"...) / no ("no", "non confermo",
  "no, ho sbagliato"...).

The commands of :mod:`grammars.commands` are valid in every phase.

>>> from engine.tokio.rules import preset
>>> classico = preset("classico")
>>> parse_tokio("Ehm, allora dico... cinquantatre!", Phase.CLAIM, classico)
SayRoll(roll=Roll(high=5, low=3))
>>> parse_tokio("ventuno", Phase.CLAIM, classico), roll_name(Roll(2, 1), classico)
(SayRoll(roll=Roll(high=2, low=1)), 'tokio')
>>> parse_tokio("tre e cinque", Phase.REVEAL, classico)
SayRoll(roll=Roll(high=5, low=3))
>>> parse_tokio("c'è un cinque e un tre", Phase.REVEAL, classico), parse_tokio("sì", Phase.RESPONSE, classico)
(SayRoll(roll=Roll(high=5, low=3)), BelieveIt())
>>> parse_tokio("quindici", Phase.CLAIM, classico)
NotUnderstood(text='quindici', reason=<Reason.NOT_A_ROLL: 'not_a_roll'>)
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from functools import cache

from engine.rolls import Dice, Ranking, RankingKind, Roll
from engine.tokio.rules import RaiseRule, TokioRules
from grammars.commands import assent_entries, command_entries, yes_no_entries
from grammars.intents import Intent, No, NotUnderstood, Yes
from grammars.it.numbers import NUMBER_OF_WORD, UNITS, number_phrase, number_word, spell_digits
from grammars.it.words import COMMAND_WORDS, NEGATORS, SPELLINGS, YES_NO_WORDS
from grammars.normalize import join, key, phrase, prepare
from grammars.phases import ListeningPhase, NotUnderstoodReason
from grammars.phrase_table import PhraseTable
from grammars.phrases import LeadInPhrase, Phrase, SpottedPhrase
from grammars.tokio.intents import BelieveIt, DoubtIt, SayRoll, TakeThePenalty
from grammars.tokio.words import (
    ACE_PAIR_SPELLINGS,
    CLAIM_LEAD_INS,
    DIE_BY_DIE,
    HEARD_ARTICLES,
    HELP_ANSWERS,
    HELP_ANSWERS_BLIND,
    HELP_ANSWERS_THREE_CHOICES,
    MILELLA_NAMES,
    NAME_SPELLINGS,
    PAIR,
    PAIR_SPELLINGS,
    RESPONSE_YES_NO,
    RESPONSES,
    ROLL_ARTICLES,
    SPECIAL_NAMES,
    SPOTTED_ACE_PAIRS,
    SPOTTED_RESPONSES,
    SPOTTED_TAKE_PENALTY,
    SPOTTED_WITHDRAW,
    TAKE_PENALTY,
    TAKE_PENALTY_MANNER,
)
from grammars.understanding.heard_words import spotted_phrases
from grammars.understanding.spotting import Spot, Vocabulary, understand


class Phase(ListeningPhase):
    """What the host is waiting for; each phase has its own small grammar."""

    CLAIM = "claim"
    """A player declares a roll."""
    RESPONSE = "response"
    """The next player believes or doubts (or takes the penalty, when allowed)."""
    REVEAL = "reveal"
    """The doubted cup is lifted: someone says the dice."""
    CONFIRM = "confirm"
    """A sì/no question."""


class Reason(NotUnderstoodReason):
    """Why :func:`parse_tokio` did not understand; the host picks its sentence from this."""

    EMPTY = "empty"
    """Nothing but silence, fillers or punctuation."""
    UNKNOWN = "unknown"
    """Nothing Tokio knows in any phase."""
    NOT_A_ROLL = "not_a_roll"
    """A number that is no roll reading: units above tens ("quindici"), one figure, zero."""
    NAME_NOT_IN_PLAY = "name_not_in_play"
    """A special name of other dice or rules ("taipei" with d6)."""
    TAKE_PENALTY_NOT_ALLOWED = "take_penalty_not_allowed"
    """"prendo la penalità" / "passo" when the rules or the moment do not allow it."""
    NOT_NOW = "not_now"
    """Valid in another phase, not in this one ("sessantadue" while waiting for a response)."""
    LEAD_IN_ONLY = "lead_in_only"
    """Only the words that open a roll ("ho fatto"), without the roll."""


# ---- data: the Italian words of Tokio


# ---- expansion


def _names(sides: int, kind: RankingKind) -> dict[Roll, str]:
    """The special rolls of these dice and ranking, with their canonical names."""
    ranking = Ranking(Dice(sides), kind)
    if kind is RankingKind.MILELLA:
        assert ranking.bottom is not None
        return {ranking.top: MILELLA_NAMES["top"], ranking.bottom: MILELLA_NAMES["bottom"]}
    return {ranking.top: SPECIAL_NAMES[sides]}


def roll_name(roll: Roll, rules: TokioRules) -> str:
    """The canonical Italian form of ``roll`` for the host to say.

    The special name for a special roll, "coppia di N" for a pair, else the
    number word of the roll read high-low. Faces must be 0..9.

    >>> from engine.tokio.rules import preset
    >>> c, m, d10 = preset("classico"), preset("milella"), preset("classico", sides=10)
    >>> roll_name(Roll(5, 3), c), roll_name(Roll(4, 4), c), roll_name(Roll(0, 0), d10)
    ('cinquantatré', 'coppia di quattro', 'coppia di zero')
    >>> roll_name(Roll(2, 1), d10), roll_name(Roll(1, 0), d10), roll_name(Roll(3, 1), m)
    ('ventuno', 'pechino', 'tokio')
    """
    name = _names(rules.sides, rules.ranking_kind).get(roll)
    if name is not None:
        return name
    if roll.is_pair:
        return PAIR.format(number_word(roll.high))
    return number_word(roll.number)


def _pair_spellings(face: int) -> tuple[str, ...]:
    """"coppia di N" and its other spellings ("doppio N", "coppia d'assi")."""
    word = number_word(face)
    aces = ACE_PAIR_SPELLINGS if face == 1 else ()
    return (PAIR.format(word), *(spelling.format(word) for spelling in PAIR_SPELLINGS), *aces)


def _claim_forms(roll: Roll, names: Mapping[Roll, str]) -> Iterator[Phrase]:
    """Every claim phrase of one roll: name, number word, "coppia di N" (or "doppio N")."""
    if roll in names:
        yield Phrase.of(*NAME_SPELLINGS[names[roll]])
    if roll.number:  # 0-0 has no number word: only "coppia di zero"
        yield number_phrase(roll.number)
    if roll.is_pair:
        yield phrase(*_pair_spellings(roll.high))


#: What a lead-in phrase means alone: nothing (the words of a claim without the roll).
_LEAD_IN_ALONE = NotUnderstood("", Reason.LEAD_IN_ONLY)


def _lead_ins() -> list[tuple[Phrase, Intent]]:
    """The lead-in phrases of claims and reveals ("fatto", "un", "c'è"), each meaning nothing alone."""
    return [(LeadInPhrase.of(*phrase(*spellings).variants), _LEAD_IN_ALONE) for spellings in CLAIM_LEAD_INS]


@cache
def _lead_in_tokens() -> frozenset[str]:
    """The tokens the parser drops from a claim or a reveal."""
    return frozenset(t for spellings in CLAIM_LEAD_INS for s in spellings for t in prepare(s))


def _responses(yes_no: bool) -> list[tuple[Phrase, Intent]]:
    """The answers to a claim, each also said after its sì/no ("sì, ci credo"); bare sì/no with ``yes_no``."""
    prefix = dict(RESPONSE_YES_NO)
    entries: list[tuple[Phrase, Intent]] = []
    for intent, wordings in RESPONSES:
        for w in wordings:
            entries.append((phrase(w, *SPELLINGS.get(w, ()), f"{prefix[intent]} {w}"), intent))
    if yes_no:
        entries += [(phrase(word), intent) for intent, word in RESPONSE_YES_NO]
    return entries


def _dice_forms(roll: Roll) -> Iterator[Phrase]:
    """Die-by-die phrases of one roll, higher die first, then lower die first."""
    orders = [(roll.high, roll.low)] if roll.is_pair else [(roll.high, roll.low), (roll.low, roll.high)]
    for a, b in orders:
        yield Phrase.of(*(form.format(UNITS[a], UNITS[b]) for form in DIE_BY_DIE))


def _wordings(rows: tuple[tuple[Intent, tuple[str, ...]], ...]) -> list[tuple[Phrase, Intent]]:
    return [(phrase(w), intent) for intent, wordings in rows for w in wordings]


@cache
def _table(
    phase: Phase, sides: int, kind: RankingKind, can_take_penalty: bool, named_choices: bool = False
) -> PhraseTable[Intent]:
    """The phrase table of one phase; cached per (phase, dice, ranking, flags)."""
    entries: list[tuple[Phrase, Intent]] = []
    alone: tuple[tuple[Phrase, Intent], ...] = ()  # "ok" alone, where a bare "sì" answers
    if phase in (Phase.CLAIM, Phase.REVEAL):
        names = _names(sides, kind)
        rolls = Ranking(Dice(sides), kind).ordered()
        for roll in rolls:
            entries += [(p, SayRoll(roll)) for p in _claim_forms(roll, names)]
        for roll in rolls:
            entries += [(p, SayRoll(roll)) for p in _dice_forms(roll)]
        entries += _lead_ins()
    elif phase is Phase.RESPONSE:
        # "accetti, dubiti o passi?" and "accetti senza guardare o scopri?" are no yes/no questions
        yes_no = not (can_take_penalty or named_choices)
        entries += _responses(yes_no=yes_no)
        alone = assent_entries({word: intent for intent, word in RESPONSE_YES_NO}["sì"]) if yes_no else ()
        if can_take_penalty:
            entries += _wordings((TAKE_PENALTY,))
    elif phase is Phase.CONFIRM:
        entries += yes_no_entries()
        alone = assent_entries()
    entries += command_entries()
    return PhraseTable(entries, alone=alone)


def _rules_table(
    phase: Phase, rules: TokioRules, can_take_penalty: bool, named_choices: bool = False
) -> tuple[Phase, PhraseTable[Intent]]:
    ph = Phase(phase)  # a member of another game's phases, or a bare name, must still be one of Tokio's
    response = ph is Phase.RESPONSE
    return ph, _table(ph, rules.sides, rules.ranking_kind, can_take_penalty and response, named_choices and response)


def tokio_table(
    phase: Phase, rules: TokioRules, *, can_take_penalty: bool = False, named_choices: bool = False
) -> PhraseTable[Intent]:
    """The cached :class:`PhraseTable` of ``phase`` (phrases with their intents)."""
    return _rules_table(phase, rules, can_take_penalty, named_choices)[1]


def tokio_phrases(
    phase: Phase, rules: TokioRules, *, can_take_penalty: bool = False, named_choices: bool = False
) -> tuple[Phrase, ...]:
    """Every phrase valid in ``phase`` under ``rules``, commands included.

    Claim and reveal list only rolls the dice in play can show, lowest first;
    ``can_take_penalty`` adds "prendo la penalità" / "passo" to the response phase.
    The response phase takes a bare "sì"/"no" unless the question names its choices:
    ``can_take_penalty`` ("accetti, dubiti o passi?") or ``named_choices`` (Lizumo's
    "accetti senza guardare o scopri?").

    >>> from engine.tokio.rules import preset
    >>> [p.text for p in tokio_phrases(Phase.CLAIM, preset("classico", sides=4))][:6]
    ['trentuno', 'trentadue', 'quarantuno', 'quarantadue', 'quarantatré', 'undici']
    """
    phrases = tokio_table(phase, rules, can_take_penalty=can_take_penalty, named_choices=named_choices).phrases
    return phrases + tokio_spotted(phase, rules, can_take_penalty=can_take_penalty, named_choices=named_choices)


def tokio_spotted(
    phase: Phase, rules: TokioRules, *, can_take_penalty: bool = False, named_choices: bool = False
) -> tuple[SpottedPhrase, ...]:
    """The content words the understanding spots in ``phase`` that no phrase of it spells, for the recognizer.

    Every phase: the negators; every phase but claims and reveals: the command content words;
    claims and reveals: the articles before a face and "due assi" (their commands are heard as
    phrases); the response: the spotted answers ("bluffi", "mi fido"); a sì/no question: the
    spotted sì and no ("procedi", "un attimo").

    >>> from engine.tokio.rules import preset
    >>> words = [p.text for p in tokio_spotted(Phase.RESPONSE, preset("classico"))]
    >>> "bluffi" in words, "non" in words, "dubito" in words, "ripetere" in words
    (True, True, False, True)
    """
    ph, table = _rules_table(phase, rules, can_take_penalty, named_choices)
    return _spotted(ph, table)


@cache
def _spotted(phase: Phase, table: PhraseTable[Intent]) -> tuple[SpottedPhrase, ...]:
    wordings: list[str] = [w for _, ws in COMMAND_WORDS for w in ws] + sorted(NEGATORS)
    if phase in (Phase.CLAIM, Phase.REVEAL):
        # a roll phase hears no command content word (ROLL_HEARD_ONLY): the negators and the words of rolls
        wordings = [*sorted(NEGATORS), *SPOTTED_ACE_PAIRS, *HEARD_ARTICLES]
    elif phase is Phase.RESPONSE:
        wordings += [w for _, ws in SPOTTED_RESPONSES for w in ws]
    elif phase is Phase.CONFIRM:
        wordings += [w for _, ws in YES_NO_WORDS for w in ws]
    return spotted_phrases(wordings, table.phrases)


def tokio_every_entry(phase: Phase, rules: TokioRules) -> tuple[tuple[Phrase, Intent], ...]:
    """Every ``(phrase, intent)`` ``phase`` may hold at some moment under ``rules``, each once.

    The response phase joins the take-penalty phrases and the bare sì/no, which are
    never valid together: what the vocabulary check and the confusability report need.
    A spotted word that decides nothing alone ("non", "il") means what a lead-in means alone.
    """
    seen: dict[str, tuple[Phrase, Intent]] = {}
    for flag in (True, False):
        for entry in tokio_table(phase, rules, can_take_penalty=flag).entries:
            seen.setdefault(entry[0].text, entry)
        for spotted in tokio_spotted(phase, rules, can_take_penalty=flag):
            alone = parse_tokio(spotted.text, phase, rules, can_take_penalty=flag)
            if type(alone) is NotUnderstood:  # "non", "il": nothing alone, as a lead-in (one for another: harmless)
                alone = _LEAD_IN_ALONE
            seen.setdefault(spotted.text, (spotted, alone))
    return tuple(seen.values())


def tokio_all_phrases(rules: TokioRules) -> dict[Phase, tuple[Phrase, ...]]:
    """Phase -> every phrase it may hold (see :func:`tokio_every_entry`), for vocabulary checks."""
    return {ph: tuple(p for p, _ in tokio_every_entry(ph, rules)) for ph in Phase}


# ---- examples for the help, taken from the phrase tables themselves


def _example_roll(rules: TokioRules) -> Roll:
    """An ordinary roll of these dice for examples: 5-3 where the dice have it (4-2 on d4)."""
    high = min(5, rules.dice.max_face)
    return Roll(high, high - 2)


def help_examples(
    phase: Phase,
    rules: TokioRules,
    *,
    can_take_penalty: bool = False,
    lizumo_top: bool = False,
    to_beat: Roll | None = None,
) -> tuple[str, ...]:
    """The phrases the help names for ``phase``: canonical texts of entries of that phase's table.

    Built from the same tables the parser reads, so every example is understood in
    that phase with those dice (the tests parse each one). In the claim phase
    ``to_beat`` is the believed claim: every example then beats it by the raise
    rule (:func:`legal_claims`), so none costs its declarer.

    >>> from engine.tokio.rules import preset
    >>> help_examples(Phase.CLAIM, preset("classico", sides=4))
    ('quarantadue', 'coppia di quattro', 'taipei')
    >>> help_examples(Phase.CLAIM, preset("lizumo"), to_beat=Roll(6, 6))
    ('tokio',)
    >>> help_examples(Phase.CLAIM, preset("lizumo"), to_beat=Roll(6, 5))
    ('coppia di quattro', 'tokio')
    >>> help_examples(Phase.CLAIM, preset("milella"), to_beat=Roll(3, 1))
    ('pechino', 'tokio')
    >>> help_examples(Phase.REVEAL, preset("classico", sides=10))
    ('cinque e tre', 'cinquantatré')
    """
    ph = Phase(phase)
    if ph is Phase.CLAIM:
        return tuple(_claim_example(roll, rules) for roll in _claim_examples(rules, to_beat))
    if ph is Phase.REVEAL:
        roll = _example_roll(rules)
        return (DIE_BY_DIE[0].format(UNITS[roll.high], UNITS[roll.low]), number_phrase(roll.number).text)
    if ph is Phase.RESPONSE:
        if lizumo_top:  # accept blind or reveal
            return _answers(HELP_ANSWERS_BLIND)
        if can_take_penalty:  # the question says "accetti, dubiti o passi?"
            return (*_answers(HELP_ANSWERS_THREE_CHOICES), TAKE_PENALTY[1][1])
        return _answers(HELP_ANSWERS)
    return tuple(p.text for p, _ in yes_no_entries())


def legal_claims(rules: TokioRules, to_beat: Roll | None) -> tuple[Roll, ...]:
    """Every roll that may be claimed over ``to_beat`` without a penalty, lowest first.

    ``Ranking.beats`` decides, with the raise rule: equal is enough under
    ``RaiseRule.AT_LEAST``. Milella's cycle makes Pechino legal over Tokio.

    >>> from engine.tokio.rules import preset
    >>> legal_claims(preset("classico"), Roll(2, 1)), legal_claims(preset("lizumo"), Roll(6, 6))
    ((Roll(high=2, low=1),), (Roll(high=2, low=1),))
    """
    ranking = rules.ranking
    if to_beat is None:
        return ranking.ordered()
    strictly = rules.raise_rule is RaiseRule.STRICTLY_HIGHER
    return tuple(
        roll for roll in ranking.ordered() if ranking.beats(roll, to_beat) or (roll == to_beat and not strictly)
    )


def _claim_examples(rules: TokioRules, to_beat: Roll | None) -> list[Roll]:
    """Up to three legal claims, lowest first: an ordinary roll, a pair, the special rolls that fit.

    The usual examples (5-3, the pair of four, the top) where they are legal, else
    the lowest legal ordinary roll and pair. Milella's Pechino is named only where a
    claim makes it notable (over Pechino itself, or over Tokio, which it beats).
    """
    legal = legal_claims(rules, to_beat)
    names = _names(rules.sides, rules.ranking_kind)
    ordinary = [r for r in legal if not r.is_pair and r not in names]
    pairs = [r for r in legal if r.is_pair]
    picks: list[Roll] = []
    if ordinary:
        picks.append(_example_roll(rules) if _example_roll(rules) in ordinary else ordinary[0])
    if pairs:
        picks.append(Roll(4, 4) if Roll(4, 4) in pairs else pairs[0])
    top, bottom = rules.ranking.top, rules.ranking.bottom
    if bottom is not None and bottom in legal and to_beat is not None:
        picks.append(bottom)
    if top in legal:
        picks.append(top)
    order = {roll: i for i, roll in enumerate(legal)}
    return sorted(picks, key=order.__getitem__)


def _claim_example(roll: Roll, rules: TokioRules) -> str:
    """The example wording of a claim: the special name, "coppia di N", or the number word."""
    names = _names(rules.sides, rules.ranking_kind)
    if roll in names:
        return NAME_SPELLINGS[names[roll]][0]
    if roll.is_pair:
        return PAIR.format(number_word(roll.high))
    return number_phrase(roll.number).text


def _answers(believe_doubt: tuple[str, str]) -> tuple[str, str]:
    """The (believe, doubt) help wordings, each checked to be one of its intent's wordings."""
    believe, doubt = believe_doubt
    return (_wording(BelieveIt(), believe), _wording(DoubtIt(), doubt))


def _wording(intent: Intent, text: str) -> str:
    """``text``, checked to be one of the wordings of ``intent`` in :data:`RESPONSES`."""
    wordings = dict(RESPONSES)[intent]
    assert text in wordings, f"{text!r} is not a wording of {intent!r}"
    return text


# ---- readings valid whatever the dice (so impossible rolls still parse)


@cache
def _readings() -> dict[str, Roll]:
    """Key -> roll for every number word that reads as a roll (tens >= units) and every pair."""
    out: dict[str, Roll] = {}
    for n in range(10, 100):
        high, low = divmod(n, 10)
        if high >= low:
            for variant in number_phrase(n).variants:
                out[key(variant)] = Roll(high, low)
    for face in range(10):
        for spelling in _pair_spellings(face):
            out[key(spelling)] = Roll(face, face)
    return out


@cache
def _dice_readings() -> dict[str, Roll]:
    """Key -> roll for two faces 0..9 said one by one."""
    return {
        key(form.format(UNITS[a], UNITS[b])): Roll.of(a, b) for a in range(10) for b in range(10) for form in DIE_BY_DIE
    }


@cache
def _name_keys() -> frozenset[str]:
    return frozenset(key(s) for spellings in NAME_SPELLINGS.values() for s in spellings)


@cache
def _take_penalty_keys() -> frozenset[str]:
    return frozenset(key(w) for w in (*TAKE_PENALTY[1], *SPOTTED_TAKE_PENALTY))


@cache
def _known(sides: int, kind: RankingKind) -> frozenset[str]:
    """Every key some phase understands under these dice and ranking."""
    known: set[str] = set(_readings()) | set(_dice_readings())
    for ph in Phase:
        known.update(_table(ph, sides, kind, True))
    return frozenset(known)


def _tokens(text: str) -> tuple[str, ...]:
    """Prepared tokens with typed digits spelt out ("00" is the pair of zeros)."""
    tokens: list[str] = []
    for t in prepare(text):
        if t == "00":
            tokens += PAIR.format(UNITS[0]).split()
        else:
            tokens.append(t)
    return spell_digits(tokens)


def _why(k: str, phase: Phase, sides: int, kind: RankingKind, can_take_penalty: bool) -> Reason:
    if phase is Phase.RESPONSE and not can_take_penalty and k in _take_penalty_keys():
        return Reason.TAKE_PENALTY_NOT_ALLOWED
    if phase in (Phase.CLAIM, Phase.REVEAL):
        if k in NUMBER_OF_WORD:
            return Reason.NOT_A_ROLL
        if k in _name_keys():
            return Reason.NAME_NOT_IN_PLAY
    if k in _known(sides, kind):
        return Reason.NOT_NOW
    return Reason.UNKNOWN


def parse_tokio(
    text: str, phase: Phase, rules: TokioRules, *, can_take_penalty: bool = False, named_choices: bool = False
) -> Intent:
    """What ``text`` means in ``phase`` under ``rules``; never raises on any text.

    Case, punctuation, accents, fillers ("ehm", "allora", "dico"), the "e"
    between dice and typed digits ("53", "5 3", "coppia di 4") do not matter.
    Claims and reveals give :class:`SayRoll`, also for a roll the dice in play
    cannot show ("cinquantuno" with d4 -> ``SayRoll(Roll(5, 1))``), which the
    host refuses. Anything else that is not valid now gives
    ``NotUnderstood(text, reason)`` with a :class:`Reason`.

    >>> from engine.tokio.rules import preset
    >>> parse_tokio("non ci credo", Phase.RESPONSE, preset("classico"))
    DoubtIt()
    >>> parse_tokio("passo", Phase.RESPONSE, preset("classico")).reason
    <Reason.TAKE_PENALTY_NOT_ALLOWED: 'take_penalty_not_allowed'>
    >>> parse_tokio("coppia di 4", Phase.CLAIM, preset("lizumo"))
    SayRoll(roll=Roll(high=4, low=4))
    """
    ph, table = _rules_table(phase, rules, can_take_penalty, named_choices)
    tokens = _tokens(text)
    if not tokens:
        alone = table.alone(text)  # "ok": a yes where "sì" is one
        return alone if alone is not None else NotUnderstood(text, Reason.EMPTY)
    if ph in (Phase.CLAIM, Phase.REVEAL):
        tokens = tuple(t for t in tokens if t not in _lead_in_tokens()) or tokens
    k = join(tokens)
    hit = table.get(k)
    if isinstance(hit, NotUnderstood):  # lead-in words alone
        return NotUnderstood(text, hit.reason)
    if hit is not None:
        return hit
    if ph in (Phase.CLAIM, Phase.REVEAL):
        roll = _readings().get(k)
        if roll is None:
            roll = _dice_readings().get(k)
        if roll is not None:
            return SayRoll(roll)
    allowed = can_take_penalty and ph is Phase.RESPONSE
    vocabulary = _vocabulary(ph, rules.sides, rules.ranking_kind, allowed, named_choices and ph is Phase.RESPONSE)
    spotted = understand(_ARTICLE_BEFORE_Z.sub("", text), vocabulary, _penalty_manner)
    if isinstance(spotted, NotUnderstood) and type(spotted) is NotUnderstood:
        return NotUnderstood(text, spotted.reason)  # a refusal spotted ("prendo la penalità" not allowed now)
    if spotted is not None:
        return spotted
    return NotUnderstood(text, _why(k, ph, rules.sides, rules.ranking_kind, allowed))


# ---- understanding: the phase's decisive phrases spotted anywhere (issue 28)

#: "uno" before "zero" is the article ("avevo un nove e uno zero"), not a die.
_ARTICLE_BEFORE_Z = re.compile(r"\buno\s+(?=zero\b)", re.IGNORECASE)

#: What a negated answer means ("non mi fido" doubts, "non dubito" believes).
_OPPOSITES: Mapping[Intent, Intent] = {BelieveIt(): DoubtIt(), DoubtIt(): BelieveIt(), Yes(): No(), No(): Yes()}


def _penalty_manner(spots: list[Spot]) -> list[Spot]:
    """``spots`` without the words of manner ("senza guardare") when the penalty is taken: they are part of it.

    >>> take, blind = Spot(TakeThePenalty(), "mi becco la penalità", False), Spot(BelieveIt(), "senza guardare", False)
    >>> _penalty_manner([take, blind]) == [take], _penalty_manner([blind]) == [blind]
    (True, True)
    """
    if not any(isinstance(s.meaning, TakeThePenalty) for s in spots):
        return spots
    manner = {key(w) for w in TAKE_PENALTY_MANNER}
    return [s for s in spots if key(s.said) not in manner]


def _roll_reading(k: str) -> Intent | None:
    roll = _readings().get(k) or _dice_readings().get(k)
    return SayRoll(roll) if roll is not None else None


def _keyed(rows: tuple[tuple[Intent, tuple[str, ...]], ...]) -> dict[str, Intent]:
    return {key(variant): intent for intent, wordings in rows for w in wordings for variant in phrase(w).variants}


@cache
def _vocabulary(phase: Phase, sides: int, kind: RankingKind, can_take_penalty: bool, named_choices: bool) -> Vocabulary:
    """The decisive phrases of one phase for spotting: its table's, and the spotted-only wordings."""
    table = _table(phase, sides, kind, can_take_penalty, named_choices)
    keys: dict[str, Intent] = {k: m for k, m in table.items() if not isinstance(m, NotUnderstood)}
    lookup = None
    drop: frozenset[str] = frozenset()
    if phase in (Phase.CLAIM, Phase.REVEAL):
        lookup = _roll_reading
        drop = _lead_in_tokens() | ROLL_ARTICLES
        keys.update({key(w): SayRoll(Roll(1, 1)) for w in SPOTTED_ACE_PAIRS})
        elsewhere = NotUnderstood("", Reason.NAME_NOT_IN_PLAY)  # "tokio" with d8
        keys.update({k: elsewhere for k in _name_keys() if k not in keys})
    elif phase is Phase.RESPONSE:
        for k, m in _keyed(SPOTTED_RESPONSES).items():
            keys.setdefault(k, m)
        if can_take_penalty:
            for k, m in _keyed(((TakeThePenalty(), (*SPOTTED_TAKE_PENALTY, *SPOTTED_WITHDRAW)),)).items():
                keys.setdefault(k, m)
        else:
            refusal = NotUnderstood("", Reason.TAKE_PENALTY_NOT_ALLOWED)
            keys.update({k: refusal for k in _take_penalty_keys() if k not in keys})
    elif phase is Phase.CONFIRM:
        for k, m in _keyed(YES_NO_WORDS).items():
            keys.setdefault(k, m)
    weak = _keyed(COMMAND_WORDS)
    known = frozenset(t for k in (*_readings(), *_dice_readings()) for t in k.split()) if lookup else frozenset()
    protected = frozenset(t for k in _known(sides, kind) for t in k.split())
    return Vocabulary(keys, lookup, weak, _OPPOSITES, drop, _spelt, known=known, protected=protected)


def _spelt(token: str) -> tuple[str, ...]:
    """One token with typed digits spelt out, as :func:`_tokens` does."""
    if token == "00":
        return tuple(PAIR.format(UNITS[0]).split())
    return tuple(spell_digits([token]))
