"""grammars.tokio.grammar: phrase lists and parser. Expected values are hand-written;
only the round-trip tests derive expectations from the phrase tables, to check
that the two directions agree."""

import pytest

from engine.rolls import Roll
from engine.tokio.rules import preset
from grammars.intents import EndGame, Help, No, NotUnderstood, Repeat, Standings, Undo, Yes
from grammars.it.numbers import number_word
from grammars.normalize import fold, key
from grammars.tokio.grammar import Phase, Reason, parse_tokio, roll_name, tokio_all_phrases, tokio_phrases, tokio_table
from grammars.tokio.intents import BelieveIt, DoubtIt, SayRoll, TakeThePenalty

CLASSICO = preset("classico")
LIZUMO = preset("lizumo")
MILELLA = preset("milella")
D4 = preset("classico", sides=4)
D8 = preset("classico", sides=8)
D10 = preset("classico", sides=10)

ALL_RULES = [preset(name, sides=s) for name in ("classico", "lizumo") for s in (4, 6, 8, 10)] + [MILELLA]
RULE_IDS = [f"{r.name}-d{r.sides}" for r in ALL_RULES]
PHASES = ["claim", "response", "reveal", "confirm"]


def claim(text, rules=CLASSICO):
    return parse_tokio(text, "claim", rules)


def R(high, low):
    return SayRoll(Roll(high, low))


# ---- claims, hand-written


D6_ORDINARY = {
    "trentuno": R(3, 1), "trentadue": R(3, 2), "quarantuno": R(4, 1), "quarantadue": R(4, 2),
    "quarantatré": R(4, 3), "cinquantuno": R(5, 1), "cinquantadue": R(5, 2), "cinquantatré": R(5, 3),
    "cinquantaquattro": R(5, 4), "sessantuno": R(6, 1), "sessantadue": R(6, 2), "sessantatré": R(6, 3),
    "sessantaquattro": R(6, 4), "sessantacinque": R(6, 5),
}
D6_PAIRS = {
    "undici": R(1, 1), "ventidue": R(2, 2), "trentatré": R(3, 3), "quarantaquattro": R(4, 4),
    "cinquantacinque": R(5, 5), "sessantasei": R(6, 6),
    "coppia di uno": R(1, 1), "coppia di due": R(2, 2), "coppia di tre": R(3, 3),
    "coppia di quattro": R(4, 4), "coppia di cinque": R(5, 5), "coppia di sei": R(6, 6),
}


@pytest.mark.parametrize("rules", [CLASSICO, LIZUMO], ids=["classico", "lizumo"])
@pytest.mark.parametrize("text, intent", {**D6_ORDINARY, **D6_PAIRS}.items())
def test_d6_claims(rules, text, intent):
    assert claim(text, rules) == intent


@pytest.mark.parametrize("text", ["tokio", "tokyo", "Tokio", "TOKYO", "ventuno", "venti uno", "21"])
def test_classic_d6_top(text):
    assert claim(text) == R(2, 1)
    assert claim(text, LIZUMO) == R(2, 1)


@pytest.mark.parametrize(
    "rules, text, intent",
    [
        (D4, "taipei", R(2, 1)),
        (D4, "ventuno", R(2, 1)),
        (D4, "quarantatré", R(4, 3)),
        (D4, "coppia di quattro", R(4, 4)),
        (D4, "quarantaquattro", R(4, 4)),
        (D8, "yokohama", R(2, 1)),
        (D8, "ventuno", R(2, 1)),
        (D8, "ottantasette", R(8, 7)),
        (D8, "ottantotto", R(8, 8)),
        (D8, "coppia di otto", R(8, 8)),
        (D8, "settantuno", R(7, 1)),
        (D10, "pechino", R(1, 0)),
        (D10, "dieci", R(1, 0)),
        (D10, "ventuno", R(2, 1)),
        (D10, "venti", R(2, 0)),
        (D10, "novanta", R(9, 0)),
        (D10, "novantotto", R(9, 8)),
        (D10, "novantanove", R(9, 9)),
        (D10, "coppia di nove", R(9, 9)),
        (D10, "coppia di zero", R(0, 0)),
        (D10, "00", R(0, 0)),
        (D10, "10", R(1, 0)),
        (preset("lizumo", sides=10), "pechino", R(1, 0)),
        (preset("lizumo", sides=4), "taipei", R(2, 1)),
    ],
)
def test_other_dice_claims(rules, text, intent):
    assert claim(text, rules) == intent


@pytest.mark.parametrize(
    "text, intent",
    [
        ("tokio", R(3, 1)), ("tokyo", R(3, 1)), ("trentuno", R(3, 1)),
        ("pechino", R(2, 1)), ("ventuno", R(2, 1)),
        ("trentadue", R(3, 2)), ("sessantacinque", R(6, 5)), ("coppia di sei", R(6, 6)),
    ],
)
def test_milella_claims(text, intent):
    assert claim(text, MILELLA) == intent


def test_d10_zero_pair_has_no_number_word():
    variants = {v for p in tokio_phrases("claim", D10) for v in p.variants}
    assert "coppia di zero" in variants
    assert "zero" not in variants
    assert claim("zero", D10) == NotUnderstood("zero", Reason.NOT_A_ROLL)


def test_classic_d6_claim_phrase_texts():
    texts = [p.text for p in tokio_phrases("claim", CLASSICO)]
    assert texts[:28] == [
        "trentuno", "trentadue", "quarantuno", "quarantadue", "quarantatré",
        "cinquantuno", "cinquantadue", "cinquantatré", "cinquantaquattro",
        "sessantuno", "sessantadue", "sessantatré", "sessantaquattro", "sessantacinque",
        "undici", "coppia di uno", "ventidue", "coppia di due", "trentatré", "coppia di tre",
        "quarantaquattro", "coppia di quattro", "cinquantacinque", "coppia di cinque",
        "sessantasei", "coppia di sei", "tokio", "ventuno",
    ]
    assert "ripeti" in texts and "fine partita" in texts
    tokio = next(p for p in tokio_phrases("claim", CLASSICO) if p.text == "tokio")
    assert tokio.variants == ("tokio", "tokyo")
    q = next(p for p in tokio_phrases("claim", CLASSICO) if p.text == "quarantatré")
    assert q.variants == ("quarantatré", "quarantatre", "quaranta tre")


def test_claim_lists_only_possible_rolls():
    d4 = {v for p in tokio_phrases("claim", D4) for v in p.variants}
    assert "cinquantuno" not in d4 and "tokio" not in d4 and "coppia di cinque" not in d4
    d6 = {v for p in tokio_phrases("claim", CLASSICO) for v in p.variants}
    assert "dieci" not in d6 and "settantuno" not in d6 and "pechino" not in d6
    assert "venti" not in d6 and "coppia di zero" not in d6


@pytest.mark.parametrize(
    "rules, text, intent",
    [
        (D4, "cinquantuno", R(5, 1)),
        (D4, "coppia di sei", R(6, 6)),
        (CLASSICO, "dieci", R(1, 0)),
        (CLASSICO, "settantasette", R(7, 7)),
        (CLASSICO, "coppia di zero", R(0, 0)),
        (D8, "novantanove", R(9, 9)),
        (MILELLA, "settantadue", R(7, 2)),
    ],
)
def test_impossible_rolls_still_parse(rules, text, intent):
    assert claim(text, rules) == intent
    assert parse_tokio(text, "reveal", rules) == intent


# ---- roll_name


@pytest.mark.parametrize(
    "rules, roll, name",
    [
        (CLASSICO, Roll(5, 3), "cinquantatré"),
        (CLASSICO, Roll(4, 4), "coppia di quattro"),
        (CLASSICO, Roll(2, 1), "tokio"),
        (CLASSICO, Roll(3, 1), "trentuno"),
        (CLASSICO, Roll(6, 1), "sessantuno"),
        (LIZUMO, Roll(2, 1), "tokio"),
        (D4, Roll(2, 1), "taipei"),
        (D8, Roll(2, 1), "yokohama"),
        (D8, Roll(8, 8), "coppia di otto"),
        (D10, Roll(1, 0), "pechino"),
        (D10, Roll(2, 1), "ventuno"),
        (D10, Roll(2, 0), "venti"),
        (D10, Roll(0, 0), "coppia di zero"),
        (MILELLA, Roll(3, 1), "tokio"),
        (MILELLA, Roll(2, 1), "pechino"),
        (MILELLA, Roll(4, 3), "quarantatré"),
    ],
)
def test_roll_name(rules, roll, name):
    assert roll_name(roll, rules) == name


@pytest.mark.parametrize("rules", ALL_RULES, ids=RULE_IDS)
def test_roll_name_round_trip(rules):
    texts = {p.text for p in tokio_phrases("claim", rules)}
    for roll in rules.dice.all_rolls():
        name = roll_name(roll, rules)
        assert name in texts
        assert claim(name, rules) == SayRoll(roll)


# ---- response, reveal, confirm, commands


@pytest.mark.parametrize(
    "text, intent",
    [
        ("ci credo", BelieveIt()), ("credo", BelieveIt()), ("accetto", BelieveIt()), ("va bene", BelieveIt()),
        ("dubito", DoubtIt()), ("non ci credo", DoubtIt()), ("non accetto", DoubtIt()),
        ("scopri", DoubtIt()), ("scopro", DoubtIt()), ("alza", DoubtIt()),
    ],
)
@pytest.mark.parametrize("flag", [False, True])
def test_response(text, intent, flag):
    assert parse_tokio(text, "response", CLASSICO, can_take_penalty=flag) == intent


@pytest.mark.parametrize("text", ["prendo la penalità", "prendo la penalita", "Prendo la penalita'", "passo", "Passo."])
def test_take_penalty(text):
    assert parse_tokio(text, "response", CLASSICO, can_take_penalty=True) == TakeThePenalty()
    assert parse_tokio(text, "response", CLASSICO) == NotUnderstood(text, Reason.TAKE_PENALTY_NOT_ALLOWED)


@pytest.mark.parametrize("text", ["ok", "Ok!", "okay", "okei"])
def test_ok_alone_answers_a_yes_no_question_as_si_does_and_nothing_else(text):
    assert parse_tokio(text, "response", CLASSICO) == parse_tokio("sì", "response", CLASSICO) == BelieveIt()
    assert parse_tokio(text, "confirm", CLASSICO) == Yes()
    # "accetti, dubiti o passi?" names its answers: neither a bare "sì" nor "ok" answers it
    assert parse_tokio(text, "response", CLASSICO, can_take_penalty=True) == NotUnderstood(text, Reason.EMPTY)
    assert parse_tokio(text, "claim", CLASSICO) == NotUnderstood(text, Reason.EMPTY)  # no question asked
    # with other words "ok" is the filler it always was
    assert parse_tokio(f"{text} dubito", "response", CLASSICO) == DoubtIt()
    assert parse_tokio(f"{text}, no", "confirm", CLASSICO) == No()
    assert parse_tokio(f"{text}, cinquantatré", "claim", CLASSICO) == R(5, 3)


def test_ok_is_in_the_recognizers_phrases_where_it_answers():
    def words(phase, **flags):
        return {v for p in tokio_phrases(phase, CLASSICO, **flags) for v in p.variants}

    assert "ok" in words("confirm") and "ok" in words("response")
    assert "ok" not in words("response", can_take_penalty=True) and "ok" not in words("claim")


def test_take_penalty_listed_only_when_allowed():
    without = {v for p in tokio_phrases("response", CLASSICO) for v in p.variants}
    with_ = {v for p in tokio_phrases("response", CLASSICO, can_take_penalty=True) for v in p.variants}
    assert "passo" not in without and "prendo la penalità" not in without
    assert {"passo", "prendo la penalità", "prendo la penalita"} <= with_
    assert "passo" in {v for p in tokio_all_phrases(CLASSICO)["response"] for v in p.variants}


@pytest.mark.parametrize(
    "rules, text, intent",
    [
        (CLASSICO, "cinque e tre", R(5, 3)),
        (CLASSICO, "cinque tre", R(5, 3)),
        (CLASSICO, "tre e cinque", R(5, 3)),
        (CLASSICO, "tre cinque", R(5, 3)),
        (CLASSICO, "5 3", R(5, 3)),
        (CLASSICO, "3-5", R(5, 3)),
        (CLASSICO, "3 e 5", R(5, 3)),
        (CLASSICO, "cinquantatré", R(5, 3)),
        (CLASSICO, "quattro e quattro", R(4, 4)),
        (CLASSICO, "coppia di quattro", R(4, 4)),
        (CLASSICO, "due e uno", R(2, 1)),
        (CLASSICO, "uno e due", R(2, 1)),
        (CLASSICO, "tokio", R(2, 1)),
        (CLASSICO, "sette e tre", R(7, 3)),  # impossible with d6: the host refuses it
        (D10, "uno e zero", R(1, 0)),
        (D10, "zero e uno", R(1, 0)),
        (D10, "zero zero", R(0, 0)),
        (D10, "pechino", R(1, 0)),
        (MILELLA, "tre e uno", R(3, 1)),
        (MILELLA, "tokio", R(3, 1)),
        (D8, "otto e sette", R(8, 7)),
    ],
)
def test_reveal(rules, text, intent):
    assert parse_tokio(text, "reveal", rules) == intent


@pytest.mark.parametrize("text, intent", [("sì", Yes()), ("si", Yes()), ("Sì!", Yes()), ("no", No()), ("NO", No())])
def test_confirm(text, intent):
    assert parse_tokio(text, "confirm", CLASSICO) == intent


@pytest.mark.parametrize(
    "text, intent",
    [
        ("ripeti", Repeat()), ("classifica", Standings()), ("punteggi", Standings()), ("aiuto", Help()),
        ("cosa posso dire", Help()), ("annulla", Undo()), ("fine partita", EndGame()),
    ],
)
@pytest.mark.parametrize("phase", PHASES)
def test_commands_in_every_phase(phase, text, intent):
    assert parse_tokio(text, phase, CLASSICO) == intent
    assert text in {v for p in tokio_phrases(phase, CLASSICO) for v in p.variants}


def test_phase_enum_and_strings_agree():
    assert parse_tokio("ci credo", Phase.RESPONSE, CLASSICO) == BelieveIt()
    assert tokio_phrases(Phase.CLAIM, CLASSICO) == tokio_phrases("claim", CLASSICO)
    assert set(tokio_all_phrases(CLASSICO)) == set(PHASES)
    with pytest.raises(ValueError):
        parse_tokio("ci credo", "bidding", CLASSICO)


def test_tables_are_cached():
    assert tokio_table("claim", CLASSICO) is tokio_table("claim", preset("classico", limit=5))


# ---- noise


@pytest.mark.parametrize(
    "phase, text, intent",
    [
        ("claim", "ehm allora dico sessantadue", R(6, 2)),
        ("claim", "Ehm... allora, dico: SESSANTADUE!", R(6, 2)),
        ("claim", "uhm, io dico cinquantatre", R(5, 3)),
        ("claim", "beh, trentatre'", R(3, 3)),
        ("claim", "ok quaranta tre", R(4, 3)),
        ("claim", "ehmmm coppia di 4", R(4, 4)),
        ("claim", "53", R(5, 3)),
        ("claim", "  TOKYO  ", R(2, 1)),
        ("claim", "e sessantuno", R(6, 1)),
        ("reveal", "cinque e e tre", R(5, 3)),
        ("reveal", "allora: cinque, tre.", R(5, 3)),
        ("reveal", "ehm 6 e 6", R(6, 6)),
        ("response", "ehm, ci credo!", BelieveIt()),
        ("response", "Io non ci credo", DoubtIt()),
        ("response", "beh... dubito", DoubtIt()),
        ("response", "VA BENE", BelieveIt()),
        ("confirm", "ehm si", Yes()),
        ("confirm", "allora, no.", No()),
    ],
)
def test_noise(phase, text, intent):
    assert parse_tokio(text, phase, CLASSICO) == intent


# ---- not understood


@pytest.mark.parametrize(
    "phase, rules, text, reason",
    [
        ("claim", CLASSICO, "banana", Reason.UNKNOWN),
        ("claim", CLASSICO, "", Reason.EMPTY),
        ("claim", CLASSICO, "ehm allora", Reason.EMPTY),
        ("claim", CLASSICO, "?!", Reason.EMPTY),
        ("claim", CLASSICO, "quindici", Reason.NOT_A_ROLL),
        ("claim", CLASSICO, "tredici", Reason.NOT_A_ROLL),
        ("claim", CLASSICO, "cinque", Reason.NOT_A_ROLL),
        ("claim", CLASSICO, "trentacinque", Reason.NOT_A_ROLL),
        ("claim", CLASSICO, "35", Reason.NOT_A_ROLL),
        ("reveal", CLASSICO, "quindici", Reason.NOT_A_ROLL),
        ("claim", CLASSICO, "taipei", Reason.NAME_NOT_IN_PLAY),
        ("claim", D10, "tokio", Reason.NAME_NOT_IN_PLAY),
        ("claim", CLASSICO, "pechino", Reason.NAME_NOT_IN_PLAY),
        ("claim", CLASSICO, "ci credo", Reason.NOT_NOW),
        ("claim", CLASSICO, "sì", Reason.NOT_NOW),
        ("claim", CLASSICO, "passo", Reason.NOT_NOW),
        ("response", CLASSICO, "sessantadue", Reason.NOT_NOW),
        ("response", CLASSICO, "tokio", Reason.NOT_NOW),
        ("response", CLASSICO, "confermo", Reason.NOT_NOW),
        ("response", CLASSICO, "passo", Reason.TAKE_PENALTY_NOT_ALLOWED),
        ("response", CLASSICO, "banana", Reason.UNKNOWN),
        ("confirm", CLASSICO, "ci credo", Reason.NOT_NOW),
        ("confirm", CLASSICO, "forse", Reason.UNKNOWN),
        ("reveal", CLASSICO, "dubito", Reason.NOT_NOW),
    ],
)
def test_not_understood(phase, rules, text, reason):
    result = parse_tokio(text, phase, rules)
    assert result == NotUnderstood(text, reason)
    assert isinstance(result, NotUnderstood) and result.text == text


# ---- round trip: every variant of every phrase of every phase, for every rule set


def _phase_variants(rules):
    for phase in PHASES:
        for flag in (False, True):
            yield phase, flag, tokio_table(phase, rules, can_take_penalty=flag)


@pytest.mark.parametrize("rules", ALL_RULES, ids=RULE_IDS)
def test_round_trip(rules):
    count = 0
    for phase, flag, table in _phase_variants(rules):
        for phr, intent in table.entries:
            assert phr.variants[0] == phr.text
            for v in phr.variants:
                # noisy forms of the same variant mean the same
                noisy = f"Ehm, allora... {fold(v).upper()}!"
                for text in (v, noisy):
                    # a lead-in alone ("fatto") is not understood, and says what was heard
                    expected = NotUnderstood(text, intent.reason) if isinstance(intent, NotUnderstood) else intent
                    assert parse_tokio(text, phase, rules, can_take_penalty=flag) == expected, (phase, text)
                count += 1
    assert count > 100


@pytest.mark.parametrize("rules", ALL_RULES, ids=RULE_IDS)
@pytest.mark.parametrize("phase", PHASES)
def test_no_variant_means_two_things(rules, phase):
    meaning_of_key = {}
    phrase_of_variant = {}
    for phr, intent in tokio_table(phase, rules, can_take_penalty=True).entries:
        for v in phr.variants:
            assert phrase_of_variant.setdefault(v, phr) == phr, f"{v!r} in two phrases"
            assert meaning_of_key.setdefault(key(v), intent) == intent, f"{v!r} means two things"


@pytest.mark.parametrize("rules", ALL_RULES, ids=RULE_IDS)
def test_claim_and_reveal_cover_exactly_the_possible_rolls(rules):
    rolls = set(rules.dice.all_rolls())
    for phase in ("claim", "reveal"):
        said = {i.roll for _, i in tokio_table(phase, rules).entries if isinstance(i, SayRoll)}
        assert said == rolls


@pytest.mark.parametrize("rules", ALL_RULES, ids=RULE_IDS)
def test_every_possible_roll_said_die_by_die(rules):
    # Revealed dice, and a claim said as the dice it names ("cinque tre" is 53).
    for roll in rules.dice.all_rolls():
        a, b = number_word(roll.high), number_word(roll.low)
        for text in (f"{a} e {b}", f"{a} {b}", f"{b} e {a}", f"{b} {a}", f"{roll.high} {roll.low}"):
            for phase in ("claim", "reveal"):
                assert parse_tokio(text, phase, rules) == SayRoll(roll)


def test_phrase_counts():
    # d6: 14 ordinary + 6 pairs (2 forms) + Tokio (name + ventuno) = 28 roll phrases,
    # plus die by die: 15 non-pairs in two orders and 6 pairs in one = 36.
    claims = [p for p, i in tokio_table("claim", CLASSICO).entries if isinstance(i, SayRoll)]
    assert len(claims) == 14 + 6 * 2 + 2 + 15 * 2 + 6
    # d10: 44 ordinary + 10 pairs (2 forms, but 0-0 only one) + Pechino (name + dieci),
    # plus die by die: 45 non-pairs in two orders and 10 pairs in one.
    claims10 = [p for p, i in tokio_table("claim", D10).entries if isinstance(i, SayRoll)]
    assert len(claims10) == 44 + 10 * 2 - 1 + 2 + 45 * 2 + 10
    reveals = [p for p, i in tokio_table("reveal", CLASSICO).entries if isinstance(i, SayRoll)]
    assert len(reveals) == len(claims)
