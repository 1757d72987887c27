"""The one catalogue of what the host says, in Italian.

Every sentence a player hears (or reads on a screen reader) is built here, so the
wording can be reviewed, shortened or translated in one place. Sentences are
short: they are spoken in a noisy room.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from types import MappingProxyType


def join_names(names: Sequence[str]) -> str:
    """"Anna, Bruno e Carla"; "Dario ed Elena" (the euphonic d before the same vowel).

    >>> join_names(["Anna", "Bruno", "Carla"]), join_names(["Dario", "Elena"])
    ('Anna, Bruno e Carla', 'Dario ed Elena')
    """
    if len(names) <= 1:
        return "".join(names)
    last = names[-1]
    conjunction = " ed " if last[:1].lower() in ("e", "é", "è") else " e "
    return ", ".join(names[:-1]) + conjunction + last


def capitalized(sentence: str) -> str:
    """The sentence with its first letter in upper case ("quarantadue ..." -> "Quarantadue ...")."""
    return sentence[:1].upper() + sentence[1:]


def count(n: int, one: str, many: str) -> str:
    """"una penalità", "3 penalità", "una vita", "2 vite"."""
    return f"una {one}" if n == 1 else f"{n} {many}"


def decimal(value: float, digits: int) -> str:
    """A number with a decimal comma, as written in Italian."""
    return f"{value:.{digits}f}".replace(".", ",")


def or_names(items: Sequence[str]) -> str:
    """"full, chance o tris"."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " o " + items[-1]


def examples(phrases: Sequence[str]) -> str:
    """Alternatives: "cinquantatré, coppia di quattro o tokio"."""
    if len(phrases) <= 1:
        return "".join(phrases)
    return ", ".join(phrases[:-1]) + " o " + phrases[-1]


# --------------------------------------------------------------- session


def resumed() -> str:
    """Said when a journaled game is resumed."""
    return "Riprendo la partita da dove si era fermata."


def not_understood(reason: str = "") -> str:
    """Said when nothing valid matches what was heard."""
    return f"Non ho capito: {reason}." if reason else "Non ho capito."


def not_allowed() -> str:
    """Said when the engine refuses an action the dialog let through (its reason is for developers)."""
    return "Adesso non si può."


def answer_yes_or_no() -> str:
    """Said when a sì/no question gets another answer."""
    return "Rispondi sì o no."


def help_confirm() -> str:
    """Help during a sì/no question."""
    return "Puoi dire sì o no, oppure ripeti, classifica, annulla."


def common_commands() -> str:
    """The commands valid in every phase, for help sentences."""
    return "ripeti, classifica, aiuto, annulla, fine partita"


def confirm_end() -> str:
    """Asked after "fine partita"."""
    return "Finiamo la partita? Sì o no?"


def game_goes_on() -> str:
    """Said when the end of the game is not confirmed."""
    return "Va bene, si continua."


def game_stopped() -> str:
    """Said when the players end the game."""
    return "Partita finita su richiesta."


def question_cancelled() -> str:
    """Said when "annulla" cancels a pending sì/no question."""
    return "Domanda annullata."


def nothing_to_undo() -> str:
    """Said when "annulla" has nothing left to undo."""
    return "Non c'è niente da annullare."


def undone(what: str) -> str:
    """Said after undoing an action described by ``what``."""
    return f"Annullato: {what}"


def winner(name: str) -> str:
    """Said when the game has a winner."""
    return f"{name} vince la partita!"


def did_you_say(heard: str) -> str:
    """Asked back when a costly phrase was heard without certainty (a noisy table)."""
    return f"Hai detto {heard}? Sì o no?"


def which_one(first: str, second: str) -> str:
    """Asked when one utterance held two answers that disagree (issue 28): nothing is applied."""
    return f"Hai detto {first} ma anche {second}: quale delle due?"


def say_it_again() -> str:
    """Said when the player answers no to :func:`did_you_say`."""
    return "Scusa, ripeti."


def eliminated(player: str) -> str:
    """A player is out (said before the standings)."""
    return f"{player} è fuori."


def reprompt(player: str, question: str) -> str:
    """Said after a quiet wait: the question again, naming the player once.

    >>> reprompt("Bruno", "Cinquantatré. Bruno, ci credi?")
    'Cinquantatré. Bruno, ci credi?'
    >>> reprompt("Anna", "Hai detto dubito? Sì o no?")
    'Anna, hai detto dubito? Sì o no?'
    """
    if not player or player in question:
        return question
    return f"{player}, {question[:1].lower()}{question[1:]}"


def reprompt_help(examples: Sequence[str]) -> str:
    """Said after a second quiet wait: what may be said now, with (at most) two examples.

    >>> reprompt_help(["ci credo", "dubito", "passo"])
    'Puoi dire per esempio: ci credo, dubito.'
    >>> reprompt_help(["tira"])
    'Puoi dire per esempio: tira.'
    """
    return f"Puoi dire per esempio: {', '.join(examples[:2])}."


def keyboard_prompt(player: str) -> str:
    """The keyboard's prompt: whose turn it is ("Bruno> ")."""
    return f"{player}> "


def game_already_over() -> str:
    """Said when a journal of a game that is over (by its rules or by "fine partita") is resumed."""
    return "Questa partita è già finita. Ecco la classifica finale."


# --------------------------------------------------------------- tokio
# A believe step and a doubt round are said the way a quick human game master says
# them: the player first, each fact once, the question last. The claim is echoed in
# the question to the next player, so a misheard claim is heard at once.


def keyboard_fallback() -> str:
    """Said when voice input is not available and the keyboard takes over."""
    return "Il riconoscimento vocale non è disponibile: scrivete le risposte con la tastiera."


def heard_nothing() -> str:
    """Said when the utterance held only fillers or silence."""
    return "Non ho sentito niente."


# --- voice set-up ---
# Sentences of voice_host/audio and voice_host/voice_tools: model, vocabulary,
# microphone and speaker notices, and the lines of `voice-host check/devices/model`.


def voice_model_missing(name: str, searched: Sequence[str], download: str) -> str:
    """No vosk model here and downloading was not allowed; ``download`` is the command that fetches it."""
    return (
        f"Modello vocale italiano non trovato ({name}). Cercato in: {', '.join(searched)}. "
        f"Scaricalo con: {download}"
    )


def voice_model_not_at(path: str) -> str:
    """--model points at something that is not a vosk model."""
    return f"In {path} non c'è un modello vosk (servono le cartelle am e graph)."


def voice_model_download_failed(name: str, reason: str) -> str:
    """The model download failed (offline, disk full, bad archive)."""
    return (
        f"Non riesco a scaricare il modello vocale {name}: {reason}. "
        "Serve la rete una volta sola; oppure scompattalo a mano in models/ e riprova."
    )


def voice_model_downloading(name: str, folder: str) -> str:
    """Printed before the download starts."""
    return f"Scarico il modello vocale {name} in {folder} (una volta sola)..."


def voice_model_unloadable(path: str, detail: str) -> str:
    """vosk refused to load the model folder."""
    return f"Il modello vocale in {path} non si carica: {detail}."


def voice_phrases_missing(phrases: Sequence[str], model: str) -> str:
    """Some phrases have no spelling the model knows."""
    listed = ", ".join(f"«{p}»" for p in phrases)
    return f"Il modello vocale {model} non conosce nessuna forma di queste frasi: {listed}."


def voice_no_microphone(detail: str, devices: str) -> str:
    """The microphone cannot be opened; ``devices`` is the command that lists them."""
    return f"Non riesco ad aprire il microfono: {audio_reason(detail)}. Vedi: {devices}"


def voice_no_audio_output(reason: str) -> str:
    """Warning printed once when speech falls back to text."""
    return f"voice-host: attenzione: non riesco a parlare ({audio_reason(reason)}); scrivo le frasi invece di dirle."


def voice_unknown_tts_voice(voice: str, voices: str) -> str:
    """--voice names no installed voice; ``voices`` is the command that lists them."""
    return f"La voce {voice!r} non esiste. Le voci installate: {voices}"


def voice_check_model(path: str | None, download: str) -> str:
    """`check`: the model line; ``download`` is the command that fetches a missing one."""
    return f"modello: {path}" if path else f"modello: MANCANTE ({download})"


def voice_check_phase(phase: str, covered: int, total: int, missing: Sequence[str]) -> str:
    """`check`: vocabulary coverage of one phase."""
    line = f"fase {phase}: {covered}/{total} frasi riconoscibili"
    return line + (f"; mancano: {', '.join(missing)}" if missing else "")


def voice_check_mic(level_db: float | None, loud: bool, detail: str = "") -> str:
    """`check`: the 3 s microphone level."""
    if level_db is None:
        return f"microfono: NON FUNZIONA ({detail})"
    return f"microfono: livello massimo {level_db:.0f} dBFS" + ("" if loud else " (silenzio: parlate più vicino?)")


def voice_check_speaker(voice: str | None, printing: bool) -> str:
    """`check`: the voice in use."""
    if printing:
        return f"voce: {voice or 'predefinita'}, ma nessuna uscita audio: il testo viene scritto"
    return f"voce: {voice or 'predefinita (nessuna voce italiana trovata)'}"


def voice_check_result(ok: bool) -> str:
    """`check`: the last line."""
    return "tutto pronto per giocare a voce." if ok else "qualcosa manca: vedi sopra."


def voice_selftest_line(phrase: str, heard: str, ok: bool) -> str:
    """`check --selftest`: one phrase."""
    return f"{'ok ' if ok else 'NO '} {phrase!r} -> {heard!r}"


def voice_selftest_total(right: int, total: int) -> str:
    """`check --selftest`: the accuracy line."""
    percent = 100.0 * right / total if total else 0.0
    return f"riconosciute {right}/{total} ({percent:.0f}%)"


def voice_selftest_nothing_heard() -> str:
    """`check --selftest`: what was heard when the listener returned nothing at all."""
    return "[niente]"


def voice_devices_title(inputs: bool) -> str:
    """`devices`: the heading of the inputs or of the outputs."""
    return "ingressi (microfoni):" if inputs else "uscite:"


def voice_device_line(default: bool, index: int, name: str, channels: int, rate: float) -> str:
    """`devices`: one device, ``*`` marking the default one."""
    mark = "*" if default else " "
    return f" {mark}{index:3d} {name} ({channels} canali, {rate:.0f} Hz)"


def voice_tool_failed(message: str) -> str:
    """A voice tool cannot work (no model, no microphone, no voice): one line, exit 1."""
    return f"voice-host: {message}"


def voice_bad_rules(rules: str, dice: int, detail: str) -> str:
    """`check --rules/--dice`: no such Tokio setting."""
    return f"regole {rules!r} con dadi da {dice}: {detail}"


def voice_phrases_unreadable(path: str, reason: str) -> str:
    """`check --phrases`: the file cannot be read."""
    return f"non posso leggere {path}: {reason}"


def voice_phrases_not_json(path: str, detail: str, line: int) -> str:
    """`check --phrases`: the file is not JSON."""
    return f"{path} non è JSON valido: {detail} (riga {line})"


def voice_phrases_not_an_object(path: str) -> str:
    """`check --phrases`: the JSON is not an object of phases."""
    return f"{path}: serve un oggetto {{fase: [frasi]}}"


def voice_phrases_bad_phrase(path: str, phase: str) -> str:
    """`check --phrases`: a phase holds something that is not a phrase."""
    return f"{path}: fase {phase!r}: ogni frase è un testo o una lista di testi"


def voice_negative_seconds() -> str:
    """`check --seconds` below zero."""
    return "--seconds non può essere negativo"


def voice_nothing_to_say() -> str:
    """`say` with an empty text."""
    return "niente da dire"


def voice_rate_bad(text: str, lowest: int, highest: int) -> str:
    """A --rate that is not a whole number of words per minute the voice can take."""
    return f"{text} non va bene: la velocità va da {lowest} a {highest} parole al minuto (normale 175)"


def voice_volume_bad(text: str) -> str:
    """A --volume that is not a number from 0 to 1."""
    return f"{text} non va bene: il volume va da 0 a 1 (per esempio 0,8)"


def voice_list_title(italian: bool, count: int) -> str:
    """`voci`: the heading of the Italian voices or of the others."""
    return f"voci italiane ({count}):" if italian else f"altre voci ({count}):"


def voice_list_line(chosen: bool, voice_id: str, name: str, languages: Sequence[str]) -> str:
    """`voci`: one voice, ``*`` marking the one the host would use."""
    return f" {'*' if chosen else ' '} {voice_id}: {name} ({', '.join(languages) or '?'})"


def voice_list_legend(chosen: str | None) -> str:
    """`voci`: the last line, which voice would be used and how to choose another."""
    used = f"userei {chosen}" if chosen else "userei la voce predefinita del sistema"
    return f"* = {used}; per sceglierne un'altra: --voice ID (anche in play e say)"


def voice_list_no_italian() -> str:
    """`voci`: no Italian voice is installed, and how to add one."""
    return (
        "nessuna voce italiana installata: su Linux installa espeak-ng; su Windows e macOS aggiungi "
        "la voce italiana nelle impostazioni di sintesi vocale del sistema"
    )


def calibration_in_use_measured(day: int, month: int, year: int) -> str:
    """`play` with voice: the thresholds in use were measured on this model by the self-test that day."""
    return f"ascolto calibrato su questo modello il {day:02d}/{month:02d}/{year}"


def calibration_in_use_proxy(model: str) -> str:
    """`play` with voice: the thresholds in use are the reference ones, measured on ``model`` itself."""
    return f"ascolto calibrato con le soglie di riferimento di {model}"


def calibration_in_use_none(selftest: str) -> str:
    """`play` with voice: no thresholds measured on this model; ``selftest`` is the command that measures them."""
    return f"ascolto non ancora calibrato: prova {selftest} (intanto, nel dubbio, chiedo conferma)"


def calibration_none_said() -> str:
    """`play` with voice, said at the start to the table: no thresholds measured on this model yet, so the host
    asks back what it doubts (the printed line names the self-test)."""
    return "L'ascolto non è ancora calibrato: nel dubbio vi chiederò conferma."


def calibration_file_ignored(path: str, reason: str, selftest: str) -> str:
    """`play` with voice: the stored calibration is not a whole one; it is ignored and the self-test rewrites it."""
    return f"la calibrazione salvata in {path} non è valida ({reason}): la ignoro; {selftest} la rifà"


def calibration_file_not_json() -> str:
    """Why a stored calibration is ignored: it is not JSON."""
    return "non è JSON"


def calibration_file_bad_fields() -> str:
    """Why a stored calibration is ignored: its fields are missing, extra or out of range."""
    return "campi mancanti o sbagliati"


def calibration_file_too_big() -> str:
    """Why a stored calibration is ignored: the file is far larger than one."""
    return "file troppo grande"


def calibration_file_link() -> str:
    """Why a stored calibration is ignored: it is a symbolic link, which is never followed."""
    return "è un collegamento simbolico"


def calibration_saved(path: str, weak: float, strong: float, margin: float) -> str:
    """`check --selftest`: the thresholds measured on this model, kept for the game."""
    return (
        f"calibrazione salvata in {path}: punteggio debole {decimal(weak, 1)}, forte {decimal(strong, 1)}, "
        f"margine {decimal(margin, 1)}"
    )


def calibration_too_few(clean: int, noisy: int, clean_needed: int, noisy_needed: int) -> str:
    """`check --selftest`: too few phrases heard as themselves to measure the thresholds."""
    return (
        f"calibrazione non salvata: servono almeno {clean_needed} frasi riconosciute nel silenzio e "
        f"{noisy_needed} nel brusio (ne ho {clean} e {noisy})"
    )


def voice_model_folder_unreadable() -> str:
    """Why the calibration is not saved: the model's folder cannot be read to fingerprint it."""
    return "non riesco a leggere la cartella del modello"


def calibration_not_saved(reason: str) -> str:
    """`check --selftest`: the thresholds were measured but cannot be written (a full disk, no permission)."""
    return f"calibrazione non salvata: {reason}"


#: What the audio stack (PortAudio, sounddevice, pyttsx3, Python's imports) says in English, and its Italian.
_AUDIO_REASONS: tuple[tuple[str, str], ...] = (
    (r"Error querying device -1",
     "nessun dispositivo audio predefinito (nessuna scheda audio, o il server audio è spento)"),
    (r"No (?P<kind>input|output) device matching (?P<name>.+)", "nessun dispositivo si chiama {name}"),
    (r"Multiple (?P<kind>input|output) devices found for (?P<name>.+)",
     "più dispositivi si chiamano {name}: usa il numero"),
    (r"Error querying device (?P<number>\d+)", "il dispositivo {number} non esiste"),
    (r"Invalid sample rate", "il dispositivo non accetta questa frequenza"),
    (r"Invalid number of channels", "il dispositivo non ha un canale adatto"),
    (r"Device unavailable", "il dispositivo è occupato o scollegato"),
    (r"Invalid device", "il dispositivo non esiste"),
    (r"Unanticipated host error", "errore del sistema audio"),
    (r"No module named '(?P<module>[^']+)'", "manca il pacchetto {module}"),
    (r"libespeak|espeak", "espeak-ng non è installato o non parte"),
    (r"no audio output", "nessuna uscita audio"),
    (r"wrote no audio", "la sintesi non ha prodotto suoni"),
    (r"speaker is closed", "la voce è già chiusa"),
    (r"did not finish within", "l'uscita audio non risponde"),
    (r"output stream (was closed|has stopped)", "l'uscita audio si è chiusa"),
)


def audio_reason(detail: str) -> str:
    """Why the audio failed, in Italian, from what the audio stack said in English.

    >>> audio_reason("Error querying device -1")
    'nessun dispositivo audio predefinito (nessuna scheda audio, o il server audio è spento)'
    >>> audio_reason("No input device matching 'usb'"), audio_reason("PaErrorCode -9999 something new")
    ("nessun dispositivo si chiama 'usb'", 'errore del sistema audio')
    """
    for pattern, italian in _AUDIO_REASONS:
        match = re.search(pattern, detail)
        if match:
            return italian.format(**match.groupdict())
    return "errore del sistema audio"


def audio_glitch() -> str:
    """Printed once when the sound card's buffer ran dry (ALSA "underrun"): what it means, in a word."""
    return "voice-host: l'audio si è interrotto per un attimo (il computer è sotto sforzo?)"


def voice_name_bad(voices: str) -> str:
    """An empty (or unprintable, or endless) --voice; ``voices`` is the command that lists them."""
    return f"scrivi l'id, il nome o la lingua di una voce (le elenca {voices})"


def computer_seats(names: Sequence[str], level: str) -> str:
    """Tokio: who the computer plays, and how well (said once, in the opening)."""
    verb = "è il computer" if len(names) == 1 else "sono il computer"
    return f"{join_names(names)} {verb}, livello {level}: i suoi dadi sono segreti."


def computer_claims(player: str) -> str:
    """A computer seat rolls its virtual dice and declares (the next question echoes the claim)."""
    return f"{player} tira e dichiara."


def computer_claims_lower(player: str, claim: str) -> str:
    """A computer seat declares less than it must (its penalty follows)."""
    return f"{player} dichiara {claim}."


def computer_believes(player: str) -> str:
    """A computer seat believes the claim it was given."""
    return f"{player} ci crede."


def computer_accepts_blind(player: str) -> str:
    """Lizumo: a computer seat accepts a Tokio without looking."""
    return f"{player} accetta senza guardare."


def computer_doubts(player: str) -> str:
    """A computer seat doubts the claim it was given (the claimant lifts the cup next)."""
    return f"{player} dubita."


def computer_takes_penalty(player: str) -> str:
    """Classico: a computer seat takes one penalty rather than answer a Tokio."""
    return f"{player} prende la penalità."


def computer_lifts(player: str) -> str:
    """A computer seat's claim was doubted: the host lifts its virtual cup."""
    return f"{player} scopre i dadi."


def voice_no_italian_voice_windows() -> str:
    """No Italian SAPI5 voice on Windows, and how to add one (SAPI5 sees only the "Desktop" voices)."""
    return ("nessuna voce italiana installata. Su Windows: Impostazioni › Ora e lingua › Lingua e area "
            "geografica › Aggiungi una lingua › Italiano, con la sintesi vocale; serve la voce "
            "«Microsoft Elsa Desktop»")


def voice_no_italian_voice_macos() -> str:
    """No Italian voice on macOS, and how to add one."""
    return ("nessuna voce italiana installata. Su macOS: Impostazioni di Sistema › Accessibilità › "
            "Contenuti letti ad alta voce › Voce di sistema › Gestisci voci › Italiano: Alice, Federica o Luca")


def voice_no_italian_voice_linux() -> str:
    """No Italian espeak-ng voice on Linux, and how to add one."""
    return ("nessuna voce italiana installata. Su Linux installa espeak-ng dalla distribuzione "
            "(per esempio: sudo apt install espeak-ng): la voce italiana è compresa")


def voice_model_probe_aborted(signal_name: str) -> str:
    """Why a model is unusable: vosk killed the trial process (an abort, a crash)."""
    return f"vosk si è interrotto ({signal_name}) mentre lo provavo"


def voice_model_probe_timeout(seconds: float) -> str:
    """Why a model is unusable: loading it and decoding a second of silence took too long."""
    return f"non ha finito di caricarsi in {seconds:g} secondi"


def voice_model_probe_failed() -> str:
    """Why a model is unusable: vosk refused it (an error, not a crash)."""
    return "vosk non riesce a usarlo"


def voice_model_odd_file(name: str, kind: str) -> str:
    """Why a model is unusable: a file inside it is not a regular file (``kind`` says what it is)."""
    return f"{name} {kind}"


def voice_model_too_many_files(most: int) -> str:
    """Why a model is unusable: far more files than a vosk model has."""
    return f"contiene più di {most} file"


# --------------------------------------------------------------- yatzi


# --------------------------------------------------------------- system errors and the command line
# What the operating system and argparse say, in Italian: the user reads one line.

_ERRNO_WORDS: Mapping[str, str] = {
    "ENOENT": "non esiste",
    "EACCES": "permesso negato",
    "EPERM": "permesso negato",
    "ENOSPC": "disco pieno",
    "EDQUOT": "spazio esaurito",
    "EISDIR": "è una cartella",
    "ENOTDIR": "una parte del percorso non è una cartella",
    "EROFS": "disco in sola lettura",
    "EEXIST": "esiste già",
    "EIO": "errore di lettura o scrittura del disco",
    "ENAMETOOLONG": "nome troppo lungo",
    "ELOOP": "troppi collegamenti simbolici",
    "EMFILE": "troppi file aperti",
    "ETIMEDOUT": "tempo scaduto",
    "ECONNREFUSED": "connessione rifiutata",
    "ENETUNREACH": "nessuna rete",
    "EHOSTUNREACH": "nessuna rete",
    "EADDRINUSE": "porta già in uso",
    "EADDRNOTAVAIL": "indirizzo non di questo computer",
}


def system_error(exc: BaseException) -> str:
    """A short Italian reason for an OS or network error ("disco pieno", "nessuna rete").

    >>> import errno
    >>> system_error(OSError(errno.ENOSPC, "No space left on device")), system_error(OSError(-2, "x"))
    ('disco pieno', 'errore di sistema -2')
    """
    import errno
    import socket

    if isinstance(exc, socket.gaierror):
        return "nessuna rete"
    reason = getattr(exc, "reason", None)  # urllib wraps the real error
    if isinstance(reason, BaseException):
        return system_error(reason)
    code = getattr(exc, "errno", None)
    if isinstance(code, int):
        name = errno.errorcode.get(code, "")
        return _ERRNO_WORDS.get(name, f"errore di sistema {code}")
    if isinstance(exc, TimeoutError):
        return "tempo scaduto"
    import urllib.error
    import zipfile

    if isinstance(exc, urllib.error.ContentTooShortError):
        return "scaricamento interrotto"
    if isinstance(exc, zipfile.BadZipFile):
        return "archivio danneggiato"
    return "errore imprevisto"


#: argparse's English messages (patterns) and their Italian form.
ARGPARSE_MESSAGES: tuple[tuple[str, str], ...] = (
    (r"^argument (?P<arg>\S+): invalid choice: (?P<value>.+) \(choose from (?P<choices>.+)\)$",
     "{arg}: {value} non va bene, scegli tra {choices}"),
    (r"^argument (?P<arg>\S+): invalid (?P<type>\S+) value: (?P<value>.+)$", "{arg}: valore non valido: {value}"),
    (r"^argument (?P<arg>\S+): expected one argument$", "{arg}: manca il valore"),
    (r"^argument (?P<arg>\S+): not allowed with argument (?P<other>.+)$", "{arg} non va insieme a {other}"),
    (r"^argument (?P<arg>\S+): (?P<message>.+)$", "{arg}: {message}"),
    (r"^the following arguments are required: (?P<args>.+)$", "manca: {args}"),
    (r"^unrecognized arguments: (?P<args>.+)$", "opzioni sconosciute: {args}"),
    (r"^ambiguous option: (?P<option>\S+) could match (?P<matches>.+)$",
     "l'opzione {option} è ambigua: {matches}"),
    (r"^one of the arguments (?P<args>.+) is required$", "serve una di queste opzioni: {args}"),
)

#: The words argparse prints around the help.
ARGPARSE_WORDS: Mapping[str, str] = {
    "usage": "uso: ",
    "positional": "argomenti",
    "options": "opzioni",
    "help": "mostra questo aiuto ed esce",
    "commands": "comandi",
}


def usage_error(message: str) -> str:
    """One line for a command-line mistake."""
    return f"voice-host: {error(message)}"


def error(message: str) -> str:
    """An error, as the program prints it after its name."""
    return f"errore: {message}"


def not_a_yatzi_journal(path: str) -> str:
    """``analizza`` on a journal of another game."""
    return f"{path}: non è una partita di Yatzi"


def not_an_analysed_journal(path: str, games: Sequence[str]) -> str:
    """``analizza`` on a journal of a game it cannot analyse; ``games`` are those it can.

    >>> not_an_analysed_journal("g.jsonl", ["Yatzi"])
    'g.jsonl: non è una partita di Yatzi'
    """
    return f"{path}: non è una partita di {or_names(games)}"


def input_ended() -> str:
    """The script or the typed input ended before the game did (exit 3)."""
    return "le risposte sono finite a partita in corso"
# --- yatzi: consiglio, computer, analysis ---


# --- command line and journal errors ---
# Lines printed on stderr (one line, then exit 2 or 4) and the few sentences the
# host says when it cannot keep the game safe. Paths and names are quoted as given;
# the command line cleans every line before printing it.


def file_kind_directory() -> str:
    """What a path is when a file was expected."""
    return "è una cartella"


def file_kind_fifo() -> str:
    """What a path is when a file was expected."""
    return "è una pipe (FIFO)"


def file_kind_socket() -> str:
    """What a path is when a file was expected."""
    return "è un socket"


def file_kind_device() -> str:
    """What a path is when a file was expected."""
    return "è un dispositivo"


def journal_exists(path: str, resume: str) -> str:
    """A new game would overwrite an existing journal; ``resume`` is the command that continues it."""
    return f"{path} esiste già: per continuare quella partita usa {resume}"


def journal_cannot_create(path: str, reason: str) -> str:
    """The journal file cannot be created."""
    return f"non posso creare il giornale {path}: {reason}"


def journal_cannot_open(path: str, reason: str) -> str:
    """An existing journal cannot be opened."""
    return f"non posso leggere il giornale {path}: {reason}"


def journal_cannot_read(path: str, reason: str) -> str:
    """An existing journal cannot be read."""
    return f"non posso leggere il giornale {path}: {reason}"


def journal_not_a_file(path: str, kind: str) -> str:
    """The journal path is a FIFO, a device or a folder."""
    return f"{path} non è un giornale: {kind}"


def journal_too_big(path: str, megabytes: int) -> str:
    """A journal far larger than any game writes."""
    return f"{path} non è un giornale di voice-host: supera {megabytes} MB"


def journal_locked(path: str) -> str:
    """Another process has the journal open."""
    return f"{path}: la partita è già aperta da un altro processo"


def journal_empty(path: str) -> str:
    """The journal file is empty."""
    return f"{path} non è un giornale di voice-host (è vuoto)"


def journal_header_torn(path: str) -> str:
    """The journal was cut while its first line was written: no game was ever started in it."""
    return f"{path}: giornale interrotto durante la creazione, nessuna partita da riprendere: cancellalo"


def journal_foreign(path: str) -> str:
    """The file is not a voice-host journal."""
    return f"{path} non è un giornale di voice-host"


def journal_version(path: str, version: int | None) -> str:
    """A journal written by another version of the format."""
    return f"{path}: versione del giornale {version if version is not None else '?'} non supportata"


def journal_bad_header(path: str) -> str:
    """The first line lacks the game or its configuration, or has wrong types."""
    return f"{path}: intestazione del giornale non valida"


def journal_bad_config(path: str, reason: str) -> str:
    """The configuration in the header cannot make a game."""
    return f"{path}: intestazione del giornale non valida ({reason})"


def journal_corrupt(path: str, line: int) -> str:
    """A line that is not a JSON object of the journal's types."""
    return f"{path}, riga {line}: giornale danneggiato"


def journal_line_too_long(path: str, line: int) -> str:
    """A line longer than any record."""
    return f"{path}, riga {line}: giornale danneggiato (riga troppo lunga)"


def journal_tampered(path: str, line: int) -> str:
    """A record whose checksum does not follow from the records before it."""
    return f"{path}, riga {line}: giornale modificato, tolto o spostato a mano (somma di controllo errata)"


def journal_undo_without_action(path: str, line: int) -> str:
    """An undo record with nothing to undo."""
    return f"{path}, riga {line}: annulla senza azioni da annullare"


def journal_unknown_record(path: str, line: int) -> str:
    """A record that is neither an action nor an undo."""
    return f"{path}, riga {line}: voce sconosciuta"


def journal_replay_failed(path: str, detail: str) -> str:
    """The journaled actions do not make a legal game."""
    return f"{path}: il giornale non corrisponde a una partita valida ({detail})"


def journal_write_failed(path: str, reason: str) -> str:
    """A record could not be written."""
    return f"non posso scrivere nel giornale {path}: {reason}"


def journal_started(path: str, resume: str) -> str:
    """Where the default journal of a new game is; ``resume`` is the command that resumes it."""
    return f"giornale {path} (per riprendere: {resume})"


def journal_folder_unwritable(folder: str, reason: str) -> str:
    """The default journal folder cannot be made or written."""
    return f"non posso salvare la partita in {folder}: {reason}; per giocare senza giornale usa --no-journal"


def say_cannot_save_at_start() -> str:
    """Spoken when the game cannot start because its journal cannot be written."""
    return (
        "Non posso salvare la partita, quindi non la comincio. Per giocare senza salvarla, usate l'opzione no journal."
    )


def say_cannot_save_any_more() -> str:
    """Spoken when a step cannot be saved mid-game: the game stops, resumable up to the last step."""
    return (
        "Non riesco più a salvare la partita, mi fermo qui. "
        "L'ultima mossa non è stata registrata: potete riprendere da prima."
    )


def summary_cannot_write(path: str, reason: str) -> str:
    """The summary could not be written at exit."""
    return f"non posso scrivere il riepilogo {path}: {reason}"


def summary_folder_unusable(path: str) -> str:
    """The summary's folder is missing or protected (checked before the game)."""
    return f"non posso scrivere il riepilogo {path}: cartella inesistente o protetta"


def summary_not_a_file(path: str, kind: str) -> str:
    """The summary path is a folder, a FIFO or a device."""
    return f"non posso scrivere il riepilogo {path}: {kind}"


def summary_is_input(path: str, what: str) -> str:
    """The summary would overwrite the journal or the script."""
    return f"--summary {path} è anche {what}: il riepilogo lo sovrascriverebbe, scegli un altro file"


def what_journal() -> str:
    """Names the journal in summary_is_input."""
    return "il giornale"


def what_script() -> str:
    """Names the script in summary_is_input."""
    return "lo script"


def options_ignored_on_resume(options: Sequence[str]) -> str:
    """Options that a resumed game cannot take (its configuration is in the journal)."""
    return f"--resume riprende la partita com'era: togli {', '.join(options)}"


def options_ignored_by_game(game: str, options: Sequence[str]) -> str:
    """Options that the chosen game does not use."""
    return f"{game} non usa {', '.join(options)}: " + ("toglila" if len(options) == 1 else "toglile")


def options_conflict(first: str, second: str) -> str:
    """Two options that exclude each other."""
    return f"{first} e {second} insieme non hanno senso: scegline una"


def bad_input_option(value: str) -> str:
    """An unknown --input."""
    return f"--input {value}: scegli auto, voice, keyboard o script:PERCORSO"


def missing_game() -> str:
    """Neither --game nor --resume."""
    return "manca --game (tokio o yatzi), oppure --resume GIORNALE"


def unknown_command(name: str) -> str:
    """A subcommand that does not exist."""
    return f"comando sconosciuto {name!r}"


def script_cannot_read(path: str, reason: str) -> str:
    """The script file cannot be opened."""
    return f"non posso leggere lo script {path}: {reason}"


def script_too_big(path: str, megabytes: int) -> str:
    """A script larger than any game needs."""
    return f"lo script {path} supera {megabytes} MB"


def script_line_too_long(path: str, line: int, limit: int) -> str:
    """A script line longer than any utterance."""
    return f"{path}, riga {line}: riga troppo lunga (più di {limit} byte)"


def script_not_utf8(path: str, line: int) -> str:
    """A script line that is not UTF-8 text."""
    return f"{path}, riga {line}: non è testo UTF-8"


def typed_line_too_long(limit: int) -> str:
    """A typed line longer than any utterance."""
    return f"riga scritta troppo lunga (più di {limit} byte): mi fermo"


def interrupted_by_signal(name: str) -> str:
    """The host was asked to stop by a signal (SIGTERM, SIGHUP)."""
    return f"interrotto da {name}"


def io_failed(reason: str) -> str:
    """The terminal or a device failed mid-game."""
    return f"il terminale o un dispositivo non risponde ({reason})"


def players_missing() -> str:
    """No --players."""
    return "servono i giocatori: --players Anna,Bruno,Carla"


def player_name_empty(text: str) -> str:
    """An empty name in --players."""
    return f"nome di giocatore vuoto in --players {text!r}"


def player_names_repeated(text: str) -> str:
    """Two names that are the same (after Unicode normalization, ignoring case and look-alike letters)."""
    return f"nomi ripetuti in --players {text!r}"


def player_name_control(name: str) -> str:
    """A name holding a line break or a control character."""
    return f"il nome {name!r} contiene un a capo o un carattere di controllo"


def player_name_too_long(name: str, limit: int) -> str:
    """A name longer than the limit."""
    return f"il nome {name[:limit]!r}... è troppo lungo (al massimo {limit} caratteri)"


def computer_names_bad(names: Sequence[str]) -> str:
    """A --computer name that is empty or already at the table."""
    return f"--computer: nome vuoto o già in gioco ({', '.join(names)})"


def first_not_a_player(first: str, players: Sequence[str]) -> str:
    """--first names nobody in --players."""
    return f"--first {first}: non è tra i giocatori ({', '.join(players)})"


def tokio_needs_two() -> str:
    """Tokio with one player."""
    return "Tokio si gioca in almeno due"


def unknown_game(name: str, games: Sequence[str]) -> str:
    """A game name the host does not know."""
    return f"gioco sconosciuto {name!r}: scegli tra {', '.join(games)}"


def rules_unknown(rules: str, game: str, choices: Sequence[str]) -> str:
    """A --rules value the game does not have."""
    return f"--rules {rules}: per {game} scegli {examples(choices)}"


def seed_out_of_range(seed: int, limit: int) -> str:
    """A --seed outside 0..limit."""
    return f"--seed {seed}: deve essere tra 0 e {limit}"


def limit_out_of_range(limit: int, most: int) -> str:
    """A --limit above the most the host accepts."""
    return f"--limit {limit}: al massimo {most}"


def config_bad_value(key: str) -> str:
    """A configuration value of the wrong type or out of range."""
    return f"valore non valido per {key}"


def tts_unavailable(detail: str) -> str:
    """Speech synthesis cannot be loaded: the host prints instead."""
    return f"attenzione: sintesi vocale non disponibile ({audio_reason(detail)}), scrivo il testo"


def recognition_not_installed(detail: str) -> str:
    """The speech recognizer's packages are missing."""
    return f"riconoscimento vocale non installato ({detail})"


def not_a_number(text: str) -> str:
    """An option that wants a whole number."""
    return f"non è un numero: {text!r}"


def at_least_one(value: int) -> str:
    """An option that wants a number of at least 1."""
    return f"deve essere almeno 1: {value}"


def bad_reprompt_waits(text: str) -> str:
    """A ``--reprompt-s`` that is not one or two numbers of seconds, or 0/off."""
    return f"{text!r} non va bene: uno o due numeri di secondi (per esempio 20 o 20,30), oppure 0 o off"


def bad_computer_pause(text: str, most: float) -> str:
    """A ``--computer-pause-s`` that is not a number of seconds from 0 to ``most``."""
    return f"{text!r} non va bene: un numero di secondi da 0 a {most:g} (per esempio 1,2)"


def milella_needs_d6() -> str:
    """Milella's ranking (Pechino 2-1, Tokio 3-1) exists for six-sided dice only."""
    return "le regole di Milella si giocano solo con i dadi da 6"


def tokio_rules_impossible() -> str:
    """Any other Tokio configuration the engine refuses (the command line checks the usual ones first)."""
    return "queste regole di Tokio non si possono giocare"


def yatzi_rules_impossible() -> str:
    """A Yatzi configuration the engine refuses (the command line checks the usual ones first)."""
    return "questa partita di Yatzi non si può preparare"


def journal_action_not_legal() -> str:
    """A journaled action the rules do not allow where it stands."""
    return "un'azione non si può fare in quel punto della partita"


def journal_record_unreadable() -> str:
    """A journaled record the host cannot make sense of."""
    return "una riga non si può leggere"


def tokio_bad_record(record: str) -> str:
    """A Tokio journal record of the wrong shape (types, values, keys) or with dice these dice cannot show."""
    return f"azione di Tokio non valida nel giornale: {record}"


def journal_folder_missing(path: str, folder: str) -> str:
    """The journal's folder does not exist: named as the folder, not as the file."""
    return f"non posso creare il giornale {path}: la cartella {folder} non esiste"


#: Yatzi's rule sets as players name them with --rules -> the engine's names: the rules of the sheet
#: (seed yatzi.txt, the default) and the standard American rules.
YATZI_RULE_OPTIONS: Mapping[str, str] = MappingProxyType({"foglio": "seed", "standard": "standard"})

#: The engine's names of Yatzi's rule sets as the host says them ("le regole del foglio").
YATZI_RULES_SPOKEN: Mapping[str, str] = MappingProxyType({"seed": "del foglio", "standard": "standard"})

def device_option_help(devices: str) -> str:
    """The help of ``play --device``; ``devices`` is the command that lists the microphones."""
    return f"microfono (numero o nome, vedi {devices})"


def resume_with(command: str, reason: str = "") -> str:
    """Printed when the host stops with a game that can go on: why (if given), then the command that resumes it.

    >>> resume_with("voice-host play --resume /tmp/g.jsonl", "interrotto da SIGTERM")
    'interrotto da SIGTERM; per riprendere la partita: voice-host play --resume /tmp/g.jsonl'
    """
    hint = f"per riprendere la partita: {command}"
    return f"{reason}; {hint}" if reason else hint


def journal_record_after_end(path: str, line: int) -> str:
    """A record after the line that ended the game."""
    return f"{path}, riga {line}: voce dopo la fine della partita"


def too_many_seats(count: int, most: int) -> str:
    """More players (and computer seats) than a journal can hold."""
    return f"troppi giocatori ({count}): al massimo {most}"


def journal_full(path: str, megabytes: int) -> str:
    """The journal has reached the size a resume accepts: the game stops before it is outgrown."""
    return f"{path}: il giornale ha raggiunto il limite di {megabytes} MB, non posso salvare altre mosse"


def options_unused_with(setting: str, options: Sequence[str]) -> str:
    """Options that do nothing with the input or the voice chosen."""
    return f"con {setting} {', '.join(options)} non servono: toglile"


def typed_input_too_long(megabytes: int) -> str:
    """More typed input in all than a script may hold (a stream that never ends)."""
    return f"troppo testo dalla tastiera (più di {megabytes} MB): mi fermo"


def player_name_invisible(name: str, code: str) -> str:
    """A name holding an invisible or formatting character (``code``: U+200B); ``name`` is shown without it."""
    return f"il nome {name!r} contiene un carattere invisibile ({code})"


def output_failed(reason: str) -> str:
    """What a command prints (an analysis, a path, a list) could not be written out."""
    return f"non riesco a scrivere il risultato ({reason})"


#: The help of the command line: the program, each subcommand and option.
CLI_HELP: Mapping[str, str] = MappingProxyType(
    {
        "voice-host": "Un conduttore di giochi di dadi che ascolta e parla.",
        "play": "gioca una partita",
        "--game": "il gioco",
        "--players": "i giocatori in ordine di gioco, separati da virgole",
        "--rules": "le regole: Tokio classico, lizumo o milella; Yatzi foglio (quelle del foglio) o standard",
        "--dice": "facce dei dadi di Tokio",
        "--limit": "penalità (o vite) per uscire",
        "--truth": "Tokio, al dubbio: punto esatto (exact) o almeno pari (at-least); di solito come le regole",
        "--first": "chi comincia (Tokio: di solito il primo della lista; Yatzi: chi fa meno con un dado)",
        "--virtual-dice": "Yatzi: i dadi li tira il computer",
        "--computer": "un posto giocato dal computer, con dadi virtuali (ripetibile)",
        "--computer-level": "Tokio: quanto gioca bene il computer: facile, medio (predefinito) o forte",
        "--seed": "seme dei dadi virtuali",
        "--input": "auto, voice, keyboard o script:PERCORSO",
        "--tts": "come parla",
        "--captions": "scrive anche ogni frase detta, una per riga (predefinito: on)",
        "--summary": "file JSON con il riepilogo, scritto all'uscita",
        "--journal": "giornale della partita (per riprenderla)",
        "--no-journal": "gioca senza giornale (la partita non si potrà riprendere)",
        "--resume": "riprende la partita di un giornale",
        "--model": "cartella del modello vosk italiano",
        "--voice": "voce della sintesi (id o nome)",
        "--rate": "velocità della voce (parole al minuto)",
        "--volume": "volume della voce, da 0 a 1",
        "--board": "mostra la partita dal vivo su una pagina web a questa porta (solo da guardare)",
        "--board-host": "indirizzo IP di questo computer per aprire il tabellone alla rete di casa "
                        "(senza, lo vede solo questo computer)",
        "--earcon": "con la voce, un breve suono quando il microfono si apre (predefinito: on)",
        "--barge-in": "con la voce, ascolta anche mentre parla: basta, zitto, stop o ok ho capito lo interrompono; "
        "off: ascolta solo quando ha finito di parlare (predefinito: on)",
        "--reprompt-s": "secondi di silenzio prima di ripetere la domanda e poi di dare un aiuto, "
                        "per esempio 20 o 20,30; 0 o off: mai (predefinito: 20,20)",
        "--computer-pause-s": "con la voce, secondi di pausa del computer prima di ogni sua mossa, "
                              "da 0 a 10 (predefinito: 1,2; con --input script: 0)",
        "analizza": "Yatzi: le scelte di ogni giocatore contro il gioco ottimo",
        "journal": "il giornale di una partita di Yatzi",
        # the voice tools (voice_host/cli/voice_tools.py); "voice tools --x" is an option of both check and say
        "devices": "microfoni e uscite audio",
        "check": "controlla modello, vocabolario, microfono e voce",
        "check --model": "cartella del modello vosk",
        "check --game": "il gioco da controllare",
        "check --rules": "regole di Tokio (classico, lizumo, milella)",
        "check --dice": "facce dei dadi",
        "check --phrases": "file JSON {fase: [[variante, ...], ...]} al posto di Tokio",
        "check --device": "microfono (numero o nome)",
        "check --seconds": "secondi di ascolto del microfono",
        "check --selftest": "pronuncia ogni frase, la riconosce (senza audio) e calibra l'ascolto su questo modello",
        "check --phase": "solo queste fasi (per --selftest)",
        "say": "pronuncia un testo",
        "voci": "elenca le voci installate, prima le italiane, e quella che userei",
        "voci --voice": "mostra quale voce sceglierebbe --voice",
        "say text": "il testo",
        "model": "il modello vocale: download o path",
        "model download": "scarica il modello italiano",
        "model download --dest": "cartella di destinazione (predefinita ~/.cache/vosk su Linux)",
        "model path": "dove si trova il modello",
        "model path --model": "cartella del modello vosk",
        "voice tools --voice": "voce della sintesi (id, nome o lingua)",
        "voice tools --rate": "velocità (parole al minuto)",
        "voice tools --volume": "volume da 0 a 1",
    }
)


def foreign_top_level_package(name: str, where: str) -> str:
    """Another installed distribution ships a top-level package with voice-host's name; its own is used."""
    return (f"attenzione: un altro pacchetto Python installato si chiama anche «{name}» ({where}); "
            "uso quello di voice-host. Meglio installare voice-host in un ambiente tutto suo: pipx install .")


# --------------------------------------------------------------- live board
# The page of `play --board` (voice_host/board/): its labels, the rules in force as
# short lines, what the host prints and says about the address, and the few plain
# bodies of its HTTP refusals. The page shows the game; it never asks anything.

#: The page's labels, by the key the page's script looks up ("{n}"/"{m}" are filled in there).
BOARD_WORDS: Mapping[str, str] = MappingProxyType(
    {
        "title": "Tabellone",
        "waiting": "In attesa della partita…",
        "offline": "Collegamento perso: riprovo…",
        "to_act": "Di mano",
        "claim": "Da battere",
        "claim_by": "detto da {n}",
        "no_claim": "ancora nessuna dichiarazione",
        "out": "fuori",
        "penalties": "penalità",
        "penalties_of": "{n} penalità su {m}",
        "lives_of": "{n} vite su {m}",
        "life_of": "{n} vita su {m}",
        "rules": "Regole",
        "host_says": "Il conduttore dice",
        "outcome": "Ultimo esito",
        "finished": "Partita finita",
        "winner": "Vince {n}",
        "tie": "Pareggio",
        "standings": "Classifica",
        "players": "Giocatori",
        "dice": "Dadi in tavola",
        "no_dice": "nessun dado in tavola",
        "die": "dado da {n}",
        "roll_of": "tiro {n} di {m}",
        "round_of": "giro {n} di {m}",
        "choosing_start": "Si sceglie chi comincia",
        "card": "Schede",
        "box": "Casella",
        "upper": "Parte alta",
        "bonus": "Bonus (da {n})",
        "bonus_missing": "mancano {n}",
        "lower": "Parte bassa",
        "yatzi_bonus": "Yatzi in più",
        "total": "Totale",
        "computer": "computer",
        # issue 30: a game the players stopped, the board closed for good, what the live region says
        "stopped": "Partita interrotta",
        "closed": "Il tabellone è chiuso: la partita qui è finita.",
        "announce_claim": "{n} dichiara {m}.",
        "announce_dice": "Dadi: {n}.",
        # issue 31: the board between the games of an evening (serata --board), and the history page's link
        "evening": "La serata",
        "evening_games": "Partite giocate",
        "evening_next": "Ora",
        "evening_player": "Giocatore",
        "evening_total": "Vittorie",
        "evening_none": "Nessuna partita ancora",
        "evening_nobody": "nessun vincitore",
        "evening_winner": "vince {n}",
        "history_link": "Storico delle partite",
    }
)


def board_address(url: str) -> str:
    """Printed once when the board listens."""
    return f"tabellone dal vivo su {url}"


def board_address_spoken(host: str, port: int) -> str:
    """Said once when the board listens on the local network."""
    return f"Il tabellone è aperto: indirizzo {host}, porta {port}."


def board_open_to_others(host: str, every_network: bool) -> str:
    """--board-host on an address others can reach: printed and said once (issue 30)."""
    if every_network:
        return ("Attenzione: il tabellone è visibile a chiunque su tutte le reti di questo computer, "
                "anche una Wi-Fi pubblica.")
    return f"Attenzione: il tabellone è visibile a chiunque sia sulla rete di {host}."


def board_not_started(port: int, reason: str) -> str:
    """The board could not listen: the game goes on without it."""
    return f"tabellone non aperto sulla porta {port} ({reason}): si gioca senza"


def board_bad_port(text: str) -> str:
    """--board with something that is not a port."""
    return f"--board vuole una porta da 1 a 65535 (0: una libera qualsiasi), non {text!r}"


def board_bad_host(text: str) -> str:
    """--board-host with something that is not an IP address."""
    return f"--board-host vuole un indirizzo IP di questo computer, come 192.168.1.5, non {text!r}"


def board_host_without_board() -> str:
    """--board-host without --board."""
    return "--board-host serve solo insieme a --board PORTA"


#: The plain bodies of the board's HTTP refusals, by status.
BOARD_REFUSALS: Mapping[int, str] = MappingProxyType(
    {
        400: "Richiesta non capita.",
        404: "Qui non c'è niente: il tabellone è alla pagina principale.",
        405: "Il tabellone si guarda soltanto.",
        501: "Il tabellone si guarda soltanto.",
        503: "Troppi collegamenti al tabellone: riprova tra poco.",
    }
)


# ---- barge-in: listening while the host speaks (issue 33)


def barge_in_unavailable(reason: str) -> str:
    """--barge-in on where the echo canceller cannot run: the host stays half duplex (said once)."""
    return f"Ascolto mentre parlo non disponibile ({reason}): ascolto solo quando ho finito di parlare."
