"""grammars.commands: phase-independent commands and sì/no."""

import pytest

from grammars.commands import command_phrases, command_table, parse_command, yes_no_phrases
from grammars.intents import EndGame, Help, No, Repeat, Standings, Undo, Yes


@pytest.mark.parametrize(
    "text, intent",
    [
        ("ripeti", Repeat()),
        ("Ripeti!", Repeat()),
        ("puoi ripetere?", Repeat()),
        ("classifica", Standings()),
        ("punteggi", Standings()),
        ("aiuto", Help()),
        ("cosa posso dire", Help()),
        ("Ehm... cosa posso dire?", Help()),
        ("annulla", Undo()),
        ("fine partita", EndGame()),
        ("FINE PARTITA.", EndGame()),
    ],
)
def test_commands(text, intent):
    assert parse_command(text) == intent
    assert parse_command(text, yes_no=True) == intent


@pytest.mark.parametrize(
    "text, intent", [("sì", Yes()), ("si", Yes()), ("Sì!", Yes()), ("si'", Yes()), ("no", No()), ("No.", No())]
)
def test_yes_no(text, intent):
    assert parse_command(text, yes_no=True) == intent
    assert parse_command(text) is None


@pytest.mark.parametrize("text", ["", "banana", "ripeti ripeti", "fine", "allora"])
def test_not_a_command(text):
    assert parse_command(text, yes_no=True) is None


def test_phrases():
    texts = [p.text for p in command_phrases()]
    for expected in ["ripeti", "classifica", "punteggi", "aiuto", "cosa posso dire", "annulla", "fine partita"]:
        assert expected in texts
    variants = [p.variants for p in yes_no_phrases()]
    assert ("sì", "si") in variants and ("no",) in variants and ("non confermo",) in variants


def test_every_variant_parses_to_its_intent():
    table = command_table(yes_no=True)
    for phr, intent in table.entries:
        for v in phr.variants:
            assert parse_command(v, yes_no=True) == intent
