"""Terminal cleaning: escape sequences, control characters and line breaks never reach a terminal."""

from __future__ import annotations

import pytest

from voice_host.terminal.printable import has_control, printable


@pytest.mark.parametrize("raw,shown", [
    ("Bruno\u001b]0;owned\u0007\u001b[2J", "Bruno"),          # OSC title + CSI clear screen
    ("\u001b[31mrosso\u001b[0m", "rosso"),                      # colours
    ("a\u001b]8;;http://x\u001b\\link\u001b]8;;\u001b\\b", "alinkb"),  # OSC 8 hyperlink ended by ST
    ("Anna\nBruno", "Anna Bruno"),                              # a line break splits no sentence
    ("Anna\r\nBruno\u2028Carla", "Anna  Bruno Carla"),
    ("x\u009b2Jy", "x2Jy"),                                     # 8-bit CSI: the control goes, plain text stays
    ("\u202eonna\u202c", "onna"),                              # bidi override
    ("Nicolò 🎲 perché", "Nicolò 🎲 perché"),                   # ordinary text is untouched
    ("\x00\x07\x08\x7f", ""),
    ("\udcff", ""),                                             # a lone surrogate (surrogateescape) cannot be printed
])
def test_printable_drops_escapes_and_controls(raw, shown):
    assert printable(raw) == shown


@pytest.mark.parametrize("name,bad", [
    ("Nicolò", False), ("Anna Maria", False), ("O'Brien", False),
    ("Bru\nno", True), ("Bruno\u001b[2J", True), ("Bruno\u2028", True), ("\u202eonnA", True), ("a\tb", True),
])
def test_has_control_finds_what_a_name_must_not_hold(name, bad):
    assert has_control(name) is bad
