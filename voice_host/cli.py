"""Command line: ``voice-host play ...`` and the voice tools. The one place that wires adapters.

Exit codes: 0 the game finished (or the players ended it); 3 the input ended
first; 2 bad arguments or unreadable files (one clear line, no traceback).
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import sys
from typing import Any, NoReturn, Sequence

from engine.errors import IllegalAction
from voice_host import catalogue as say
from voice_host.captions import CaptionedSpeaker
from voice_host.games import ConfigError, config_from_args, dialog_factory
from voice_host.journal import Journal, JournalError
from voice_host.ports import Listener, Speaker
from voice_host.session import Outcome, Session
from voice_host.text_io import KeyboardListener, PrintSpeaker, ScriptListener, SilentSpeaker

EXIT_OK, EXIT_USAGE, EXIT_INPUT_ENDED, EXIT_INTERRUPTED = 0, 2, 3, 130


class UsageError(Exception):
    """Bad arguments or files: printed as one line, exit 2."""


class _Parser(argparse.ArgumentParser):
    """argparse that reports errors in one line instead of usage + message."""

    def error(self, message: str) -> NoReturn:
        print(f"voice-host: errore: {message}", file=sys.stderr)
        raise SystemExit(EXIT_USAGE)


def build_parser() -> argparse.ArgumentParser:
    """The full command-line parser."""
    parser = _Parser(prog="voice-host", description="Un conduttore di giochi di dadi che ascolta e parla.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    play = sub.add_parser("play", help="gioca una partita")
    play.add_argument("--game", choices=["tokio", "yatzi"], help="il gioco")
    play.add_argument("--players", help="i giocatori in ordine di gioco, separati da virgole")
    play.add_argument("--rules", choices=["classico", "lizumo", "milella"], help="le regole di Tokio")
    play.add_argument("--dice", type=int, choices=[4, 6, 8, 10], help="facce dei dadi di Tokio")
    play.add_argument("--limit", type=_positive, help="penalità (o vite) per uscire")
    play.add_argument("--first", help="chi apre (di solito il primo della lista)")
    play.add_argument("--virtual-dice", action="store_true", help="Yatzi: i dadi li tira il computer")
    play.add_argument("--seed", type=int, help="seme dei dadi virtuali")
    play.add_argument("--input", default="auto", help="auto, voice, keyboard o script:PERCORSO")
    play.add_argument("--tts", default="pyttsx3", choices=["pyttsx3", "print", "none"], help="come parla")
    play.add_argument("--captions", default="on", choices=["on", "off"],
                      help="scrive anche ogni frase detta, una per riga (predefinito: on)")
    play.add_argument("--summary", help="file JSON con il riepilogo, scritto all'uscita")
    play.add_argument("--journal", help="giornale della partita (per riprenderla)")
    play.add_argument("--resume", metavar="JOURNAL", help="riprende la partita di un giornale")
    play.add_argument("--model", help="cartella del modello vosk italiano")
    play.add_argument("--voice", help="voce della sintesi (id o nome)")
    play.add_argument("--rate", type=int, help="velocità della voce (parole al minuto)")
    play.add_argument("--volume", type=float, help="volume della voce, da 0 a 1")
    play.add_argument("--device", help="microfono (numero o nome, vedi voice-host devices)")
    _register_voice_commands(sub)
    return parser


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"non è un numero: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"deve essere almeno 1: {value}")
    return value


def _register_voice_commands(sub: Any) -> None:
    """Add devices/check/say/model when the voice tools are installed with the package."""
    try:
        from voice_host import voice_commands
    except ImportError:
        return
    voice_commands.register(sub)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``voice-host`` console script."""
    args = build_parser().parse_args(argv)
    try:
        if args.command == "play":
            return play(args)
        handler = getattr(args, "handler", None)
        if handler is None:
            raise UsageError(f"comando sconosciuto {args.command!r}")
        return int(handler(args))
    except (UsageError, ConfigError, JournalError) as exc:
        print(f"voice-host: errore: {exc}", file=sys.stderr)
        return EXIT_USAGE


def play(args: argparse.Namespace) -> int:
    """Run one game as the options say; return the exit code.

    Everything that can fail on bad arguments or files is checked before the
    journal is created or a device is opened, so an error leaves nothing behind.
    """
    if args.summary:
        _check_writable(args.summary)
    if args.input not in ("auto", "voice", "keyboard") and not args.input.startswith("script:"):
        raise UsageError(f"--input {args.input}: scegli auto, voice, keyboard o script:PERCORSO")
    game, config, actions, contents_journal = _game_from_args(args)
    script = _open_script(args)
    speaker = open_speaker(args)
    listeners: list[Listener] = [script] if script else []
    journal = contents_journal
    try:
        if not listeners:
            listeners.append(open_listener(args, game, config, speaker))
        journal = journal or _create_journal(args, game, config)
        session = Session(dialog_factory(game, config), listeners[0], speaker, journal, actions)
    except (IllegalAction, ValueError, KeyError, TypeError) as exc:
        _close(listeners, speaker, journal)
        if not args.resume:
            raise
        raise JournalError(f"{args.resume}: il giornale non corrisponde a una partita valida ({exc})") from None
    except BaseException:
        _close(listeners, speaker, journal)
        raise
    outcome: Outcome | None = None
    try:
        outcome = session.run()
    except KeyboardInterrupt:
        print(file=sys.stderr)
    finally:
        _close(listeners, speaker, journal)
        if args.summary:
            _write_summary(args.summary, session.dialog.summary())
    if outcome is None:
        return EXIT_INTERRUPTED
    if outcome is Outcome.INPUT_ENDED:
        print("voice-host: l'input è finito prima della partita", file=sys.stderr)
        return EXIT_INPUT_ENDED
    return EXIT_OK


def _game_from_args(
    args: argparse.Namespace,
) -> tuple[str, dict[str, Any], list[dict[str, Any]], Journal | None]:
    """Game, configuration, actions in force and (on resume) the reopened journal."""
    if args.resume:
        journal, contents = Journal.resume(args.resume)
        return contents.game, contents.config, contents.actions, journal
    if not args.game:
        raise UsageError("manca --game (tokio o yatzi), oppure --resume GIORNALE")
    return args.game, config_from_args(args), [], None


def _open_script(args: argparse.Namespace) -> Listener | None:
    """The script listener when ``--input script:PATH``; fails early on an unreadable file."""
    if not args.input.startswith("script:"):
        return None
    path = args.input[len("script:"):]
    try:
        return ScriptListener(path, echo=sys.stdout if args.tts == "print" else None)
    except OSError as exc:
        raise UsageError(f"non posso leggere lo script {path}: {exc.strerror}") from None


def _create_journal(args: argparse.Namespace, game: str, config: dict[str, Any]) -> Journal | None:
    """A new journal at ``--journal`` or in the user's state folder."""
    path = args.journal or _default_journal_path(game)
    if path is None:
        return None
    journal = Journal.create(path, game, config)
    if not args.journal:
        print(f"voice-host: giornale {path} (per riprendere: voice-host play --resume {path})", file=sys.stderr)
    return journal


def _close(listeners: list[Listener], speaker: Speaker, journal: Journal | None) -> None:
    for listener in listeners:
        listener.close()
    speaker.close()
    if journal is not None:
        journal.close()


def _default_journal_path(game: str) -> str | None:
    """A fresh file under the user's state folder, or None when it cannot be made."""
    base = os.environ.get("XDG_STATE_HOME") or os.path.join(os.path.expanduser("~"), ".local", "state")
    folder = os.path.join(base, "voice-host")
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError:
        print(f"voice-host: attenzione: non posso creare {folder}, partita senza giornale", file=sys.stderr)
        return None
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S-%f")
    return os.path.join(folder, f"{game}-{stamp}.jsonl")


def open_speaker(args: argparse.Namespace) -> Speaker:
    """The speaker the options ask for, with captions unless ``--captions off``.

    ``--tts print`` already prints every sentence, so it gets no captions; with
    captions, a voice that cannot work prints only its warning (the captions
    carry the text).
    """
    if args.tts == "print":
        return PrintSpeaker()
    captions = getattr(args, "captions", "on") == "on"
    speaker = _open_voice(args, print_fallback=not captions) if args.tts == "pyttsx3" else SilentSpeaker()
    return CaptionedSpeaker(speaker) if captions else speaker


def _open_voice(args: argparse.Namespace, *, print_fallback: bool) -> Speaker:
    """The pyttsx3 speaker, or a printing (or, under captions, silent) one when it cannot work."""
    try:
        from voice_host.audio.factory import VoiceUnavailable
        from voice_host.audio.factory import open_speaker as open_tts
    except ImportError as exc:
        print(f"voice-host: attenzione: sintesi vocale non disponibile ({exc}), scrivo il testo", file=sys.stderr)
        return PrintSpeaker() if print_fallback else SilentSpeaker()
    try:
        return open_tts("pyttsx3", voice=args.voice, rate=args.rate, volume=args.volume, print_fallback=print_fallback)
    except VoiceUnavailable as exc:  # an unknown --voice, a bad --rate: the user's to fix
        raise UsageError(str(exc)) from None


def open_listener(args: argparse.Namespace, game: str, config: dict[str, Any], speaker: Speaker) -> Listener:
    """The listener the options ask for; ``auto`` falls back to the keyboard without a model."""
    kind = args.input
    if kind == "keyboard":
        return KeyboardListener()
    if kind not in ("auto", "voice"):  # checked again here for callers other than play()
        raise UsageError(f"--input {kind}: scegli auto, voice, keyboard o script:PERCORSO")
    try:
        from voice_host.audio.factory import VoiceUnavailable, open_voice_listener
    except ImportError as exc:
        message = f"riconoscimento vocale non installato ({exc})"
        if kind == "voice":
            raise UsageError(message) from None
        _fall_back(speaker, message)
        return KeyboardListener()
    try:
        return open_voice_listener(args.model, all_phrases(game, config), device=args.device)
    except VoiceUnavailable as exc:
        if kind == "voice":
            raise UsageError(str(exc)) from None
        _fall_back(speaker, str(exc))
        return KeyboardListener()


def all_phrases(game: str, config: dict[str, Any]) -> dict[str, Any]:
    """Every phrase of every phase of ``game``, for the recognizer's vocabulary check."""
    return dict(dialog_factory(game, config)().all_phrases())


def _fall_back(speaker: Speaker, reason: str) -> None:
    print(f"voice-host: {reason}", file=sys.stderr)
    speaker.say(say.keyboard_fallback())


def _check_writable(path: str) -> None:
    """Fail before the game, not after it, when the summary cannot be written."""
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder) or not os.access(folder, os.W_OK):
        raise UsageError(f"non posso scrivere il riepilogo {path}: cartella inesistente o protetta")


def _write_summary(path: str, summary: dict[str, Any]) -> None:
    try:
        with open(path, "w", encoding="utf-8") as handle:
            json.dump(summary, handle, ensure_ascii=False, indent=2)
            handle.write("\n")
    except OSError as exc:
        print(f"voice-host: errore: non posso scrivere il riepilogo {path}: {exc.strerror}", file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
