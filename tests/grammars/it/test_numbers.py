"""grammars.it.numbers: number words 0..99, hand-written expectations."""

import pytest

from grammars.it.numbers import (
    NUMBER_OF_WORD,
    number_phrase,
    number_variants,
    number_word,
    parse_number,
    spell_digits,
)

CANONICAL = {
    0: "zero", 1: "uno", 2: "due", 3: "tre", 4: "quattro", 5: "cinque", 6: "sei", 7: "sette",
    8: "otto", 9: "nove", 10: "dieci", 11: "undici", 12: "dodici", 13: "tredici",
    14: "quattordici", 15: "quindici", 16: "sedici", 17: "diciassette", 18: "diciotto",
    19: "diciannove", 20: "venti", 21: "ventuno", 22: "ventidue", 23: "ventitré",
    28: "ventotto", 30: "trenta", 31: "trentuno", 33: "trentatré", 38: "trentotto",
    40: "quaranta", 41: "quarantuno", 43: "quarantatré", 48: "quarantotto", 53: "cinquantatré",
    57: "cinquantasette", 61: "sessantuno", 62: "sessantadue", 65: "sessantacinque",
    66: "sessantasei", 71: "settantuno", 77: "settantasette", 79: "settantanove",
    88: "ottantotto", 90: "novanta", 94: "novantaquattro", 98: "novantotto", 99: "novantanove",
}


@pytest.mark.parametrize("n, word", CANONICAL.items())
def test_number_word(n, word):
    assert number_word(n) == word


@pytest.mark.parametrize(
    "n, variants",
    [
        (5, ("cinque",)),
        (10, ("dieci",)),
        (20, ("venti",)),
        (21, ("ventuno", "venti uno")),
        (23, ("ventitré", "ventitre", "venti tre")),
        (33, ("trentatré", "trentatre", "trenta tre")),
        (42, ("quarantadue", "quaranta due")),
        (48, ("quarantotto", "quaranta otto")),
        (66, ("sessantasei", "sessanta sei")),
    ],
)
def test_number_variants(n, variants):
    assert number_variants(n) == variants
    assert number_phrase(n).text == variants[0]
    assert number_phrase(n).variants == variants


@pytest.mark.parametrize("n", [-1, 100, 1000])
def test_out_of_range(n):
    with pytest.raises(ValueError):
        number_word(n)


@pytest.mark.parametrize(
    "text, n",
    [
        ("trentatré", 33), ("trentatre", 33), ("TRENTATRÈ", 33), ("trenta tre", 33),
        ("quaranta due", 42), ("venti uno", 21), ("ventuno", 21), ("zero", 0), ("quindici", 15),
        ("53", 53), ("7", 7), ("05", 5), ("novantotto", 98), ("sessantuno", 61),
    ],
)
def test_parse_number(text, n):
    assert parse_number(text) == n


def test_parse_number_tokens():
    assert parse_number(["cinquanta", "tre"]) == 53
    assert parse_number(("sessantadue",)) == 62


@pytest.mark.parametrize("text", ["banana", "", "5 3", "100", "cinque tre", "venti venti", "trentatré e"])
def test_parse_number_none(text):
    assert parse_number(text) is None


def test_every_variant_round_trips():
    for n in range(100):
        for v in number_variants(n):
            assert parse_number(v) == n
    assert len(set(NUMBER_OF_WORD.values())) == 100


def test_spell_digits():
    assert spell_digits(("coppia", "di", "4")) == ("coppia", "di", "quattro")
    assert spell_digits(("53",)) == ("cinquantatre",)
    assert spell_digits(("5", "3")) == ("cinque", "tre")
    assert spell_digits(("123",)) == ("123",)
