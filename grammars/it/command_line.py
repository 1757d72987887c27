"""The Italian of the command line's edges: version, first hints, help placeholders, suggestions, limits.

Kept apart from :mod:`grammars.it.catalogue` (which holds the game's and the
tools' sentences) because it is one job: what a user who types a command wrong,
on an unusual terminal or machine, reads back.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

#: The placeholder of each option's value in the help, by argparse ``dest`` (the options that name none).
PLACEHOLDERS: Mapping[str, str] = MappingProxyType({
    "model": "CARTELLA", "rules": "REGOLE", "dice": "FACCE", "phrases": "FILE", "device": "MICROFONO",
    "seconds": "SECONDI", "phase": "FASE", "dest": "CARTELLA", "voice": "VOCE", "rate": "N", "volume": "V",
    "text": "TESTO", "game": "GIOCO", "summary": "FILE",
})


#: The help of ``--version``.
VERSION_HELP = "mostra la versione ed esce"


def version_line(version: str) -> str:
    """``voice-host --version``."""
    return f"voice-host {version}"


def default_note(value: str) -> str:
    """Appended to an option's help: its value when not given."""
    return f"(predefinito: {value})"


def how_to_start(play: str, help_command: str) -> str:
    """``voice-host`` alone: how to start a game, and where the help is."""
    return f"per giocare: {play}; tutte le opzioni: {help_command}"


def did_you_mean(candidates: list[str]) -> str:
    """The close matches of a misspelt option, command or value."""
    return "forse intendevi " + " o ".join(candidates) + "?"


def option_repeated(option: str, first: str, second: str) -> str:
    """The same option given twice with different values."""
    return f"{option} è data due volte con valori diversi ({first!r} e {second!r}): scegline uno"


def stdin_closed() -> str:
    """``--input keyboard`` (or ``auto`` falling back to it) with standard input closed."""
    return "l'ingresso standard è chiuso: non posso leggere le risposte da tastiera (usa --input script:FILE)"


def too_few_files(limit: int, needed: int) -> str:
    """The system lets this process open fewer files than it needs (``ulimit -n``)."""
    return (f"il sistema consente di aprire solo {limit} file insieme (ulimit -n), ne servono almeno {needed}: "
            f"alza il limite, per esempio con ulimit -n 1024")


def out_of_files() -> str:
    """Too many open files while running."""
    return "troppi file aperti (ulimit -n): alza il limite, per esempio con ulimit -n 1024, e riprova"


def not_a_finite_number(text: str) -> str:
    """A number of seconds that is not a finite number."""
    return f"{text!r} non è un numero di secondi valido"


def seconds_too_many(limit: int) -> str:
    """More seconds than a check listens."""
    return f"al massimo {limit} secondi"


def phrases_too_deep(path: str) -> str:
    """``check --phrases``: a JSON file nested too deep."""
    return f"{path}: il JSON è annidato troppo in profondità"


def phrases_not_utf8(path: str) -> str:
    """``check --phrases``: a file that is not UTF-8 text."""
    return f"{path}: non è testo UTF-8"


def no_devices(inputs: bool) -> str:
    """``devices``: no microphone (or no output)."""
    what = "nessun microfono" if inputs else "nessuna uscita audio"
    return (f"  {what}: collegane uno, controlla che il sistema audio (PulseAudio, PipeWire) sia avviato "
            "e che l'utente possa usarlo (gruppo audio)")


def download_by_hand(url: str, folder: str) -> str:
    """Without a network: the file to fetch elsewhere and the folder to unpack it into."""
    return f"scaricalo a mano da {url} e scompattalo in {folder}"


def download_size_wrong(got: int, expected: int) -> str:
    """The downloaded archive is not the size the server announced."""
    return f"il file scaricato è di {got} byte invece di {expected}"


def download_stalled(seconds: int) -> str:
    """No byte arrived for a while."""
    return f"nessun dato per {seconds} secondi"


def download_checksum_wrong() -> str:
    """The downloaded archive's SHA-256 is not the one known for it."""
    return "il file scaricato è rovinato (controllo SHA-256 fallito)"
