"""``voice-host say`` and ``voice-host voci``: hear the host's voice, and list the voices there are.
"""

from __future__ import annotations

import argparse
import sys
from typing import TextIO

from grammars.it import catalogue
from voice_host.audio.errors import VoiceUnavailable
from voice_host.cli.voice_command import EXIT_OK, BadInput, guarded
from voice_host.user_command import user_command


@guarded
def cmd_voices(args: argparse.Namespace, out: TextIO | None = None) -> int:
    """List the installed voices, Italian first, marking the one ``play`` and ``say`` would use."""
    from voice_host.speak import voice_choice
    from voice_host.speak.speaker import TtsUnavailable, installed_voices, is_italian, italian_first

    out = out or sys.stdout
    try:
        found, default = installed_voices()
    except TtsUnavailable as exc:
        raise VoiceUnavailable(catalogue.tts_unavailable(str(exc))) from None
    voices = italian_first(found)
    chosen = voice_choice.choose(voices, args.voice)  # the one play and say would use
    if args.voice and chosen is None:
        raise BadInput(catalogue.voice_unknown_tts_voice(args.voice, user_command("voci")))
    chosen_id = chosen.id if chosen is not None else default
    italian = [voice for voice in voices if is_italian(voice)]
    if not italian:
        print(catalogue.voice_list_no_italian(), file=out)
    for title, group in ((True, italian), (False, voices[len(italian):])):
        if group:
            print(catalogue.voice_list_title(title, len(group)), file=out)
        for voice in group:
            print(catalogue.voice_list_line(voice.id == chosen_id, voice.id, voice.name, voice.languages), file=out)
    print(catalogue.voice_list_legend(chosen_id), file=out)
    return EXIT_OK


@guarded
def cmd_say(args: argparse.Namespace) -> int:
    """Say the text with the local voice; return when it has been played."""
    from voice_host.cli.voice_adapters import open_speaker

    text = " ".join(args.text).strip()
    if not text:
        raise BadInput(catalogue.voice_nothing_to_say())
    try:
        speaker = open_speaker("pyttsx3", voice=args.voice, rate=args.rate, volume=args.volume)
    except VoiceUnavailable as exc:  # an unknown --voice: the user's to fix, exit 2 as in play
        raise BadInput(str(exc)) from None
    try:
        speaker.say(text)
    finally:
        speaker.close()
    return EXIT_OK
