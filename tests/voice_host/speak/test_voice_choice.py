"""Choosing the voice by language over the voice lists each system's driver gives (shapes copied from
pyttsx3's SAPI5, NSSS and espeak drivers: ids, names and language tags as they report them)."""

from __future__ import annotations

import pytest

from voice_host.speak.speaker import VoiceInfo
from voice_host.speak.voice_choice import choose, driver_name, no_voice_message, voices_for_language

SAPI5_TOKENS = "HKEY_LOCAL_MACHINE\\SOFTWARE\\Microsoft\\Speech\\Voices\\Tokens\\"
ZIRA = VoiceInfo(SAPI5_TOKENS + "TTS_MS_EN-US_ZIRA_11.0", "Microsoft Zira Desktop - English (United States)",
                 ("en-us",))
DAVID = VoiceInfo(SAPI5_TOKENS + "TTS_MS_EN-US_DAVID_11.0", "Microsoft David Desktop - English (United States)",
                  ("en-us",))
ELSA = VoiceInfo(SAPI5_TOKENS + "TTS_MS_IT-IT_ELSA_11.0", "Microsoft Elsa Desktop - Italian", ("it-it",))

ALEX = VoiceInfo("com.apple.speech.synthesis.voice.Alex", "Alex", ("en_us",))
LUCIANA = VoiceInfo("com.apple.voice.compact.pt-BR.Luciana", "Luciana", ("pt_br",))
EDDY = VoiceInfo("com.apple.eloquence.it-IT.Eddy", "Eddy (Italiano (Italia))", ("it_it",))
LUCA = VoiceInfo("com.apple.voice.compact.it-IT.Luca", "Luca", ("it_it",))
ALICE = VoiceInfo("com.apple.voice.compact.it-IT.Alice", "Alice", ("it_it",))
FEDERICA = VoiceInfo("com.apple.voice.premium.it-IT.Federica", "Federica (Premium)", ("it_it",))

ENGLISH = VoiceInfo("gmw/en", "English (Great Britain)", ("en-gb",))
MBROLA_IT = VoiceInfo("mb/mb-it3", "italian-mbrola-3", ("it",))
ESPEAK_IT = VoiceInfo("roa/it", "Italian", ("it",))


def test_each_system_speaks_through_its_own_driver() -> None:
    assert [driver_name(s) for s in ("win32", "darwin", "linux", "freebsd14")] == ["sapi5", "nsss", "espeak", "espeak"]


def test_windows_chooses_elsa_among_english_voices() -> None:
    assert choose([ZIRA, ELSA, DAVID], None, "win32") == ELSA


def test_windows_elsa_counts_even_when_sapi5_gives_no_language() -> None:
    untagged = VoiceInfo(ELSA.id, ELSA.name, ("unknown locale: 1040",))
    assert choose([ZIRA, untagged], None, "win32") == untagged


def test_windows_with_english_voices_only_has_no_voice() -> None:
    assert choose([ZIRA, DAVID], None, "win32") is None
    message = no_voice_message("win32")
    assert "nessuna voce italiana" in message and "«Microsoft Elsa Desktop»" in message
    assert "Impostazioni › Ora e lingua" in message


def test_macos_prefers_alice_then_federica_then_luca_over_novelty_voices() -> None:
    assert choose([ALEX, EDDY, LUCA, FEDERICA, ALICE], None, "darwin") == ALICE
    assert voices_for_language([ALEX, EDDY, LUCA, FEDERICA, ALICE], "darwin") == [ALICE, FEDERICA, LUCA, EDDY]


def test_macos_takes_any_italian_voice_when_none_of_the_known_ones_is_there() -> None:
    assert choose([ALEX, EDDY], None, "darwin") == EDDY


def test_macos_a_name_that_only_starts_like_a_known_one_in_another_language_is_not_italian() -> None:
    assert choose([ALEX, LUCIANA], None, "darwin") is None
    assert "Gestisci voci" in no_voice_message("darwin") and "Alice, Federica o Luca" in no_voice_message("darwin")


def test_linux_prefers_espeaks_own_voice_over_mbrola() -> None:
    assert choose([ENGLISH, MBROLA_IT, ESPEAK_IT], None, "linux") == ESPEAK_IT


def test_linux_without_an_italian_voice_names_espeak_ng() -> None:
    assert choose([ENGLISH], None, "linux") is None
    assert "espeak-ng" in no_voice_message("linux")


@pytest.mark.parametrize("requested", ["gmw/en", "English (Great Britain)", "en-gb", "ENGLISH (great britain)"])
def test_a_requested_voice_wins_by_id_name_or_language(requested: str) -> None:
    assert choose([ESPEAK_IT, ENGLISH], requested, "linux") == ENGLISH


def test_an_unknown_requested_voice_is_none_even_when_an_italian_one_exists() -> None:
    assert choose([ESPEAK_IT], "klingon", "linux") is None
