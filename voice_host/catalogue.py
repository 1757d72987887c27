"""The one catalogue of what the host says, in Italian.

Every sentence a player hears (or reads on a screen reader) is built here, so the
wording can be reviewed, shortened or translated in one place. Sentences are
short: they are spoken in a noisy room.
"""

from __future__ import annotations

from typing import Sequence


def join_names(names: Sequence[str]) -> str:
    """"Anna, Bruno e Carla"."""
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " e " + names[-1]


def capitalized(sentence: str) -> str:
    """The sentence with its first letter in upper case ("quarantadue ..." -> "Quarantadue ...")."""
    return sentence[:1].upper() + sentence[1:]


def count(n: int, one: str, many: str) -> str:
    """"una penalità", "3 penalità", "una vita", "2 vite"."""
    return f"una {one}" if n == 1 else f"{n} {many}"


# --------------------------------------------------------------- session


def resumed() -> str:
    """Said when a journaled game is resumed."""
    return "Riprendo la partita da dove si era fermata."


def not_understood(reason: str = "") -> str:
    """Said when nothing valid matches what was heard."""
    return f"Non ho capito: {reason}." if reason else "Non ho capito."


def not_allowed(reason: str) -> str:
    """Said when the engine refuses an action."""
    return f"Non si può: {reason}."


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
    return "Vuoi finire la partita? Sì o no?"


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


# --------------------------------------------------------------- tokio


def tokio_opening(game_name: str, rules_name: str, sides: int, players: Sequence[str], limit: str) -> str:
    """Presents a Tokio game."""
    return (
        f"Si gioca a {game_name}, regole {rules_name}, dadi da {sides}. "
        f"Giocatori: {join_names(players)}. Si esce a {limit}."
    )


def round_opens(opener: str) -> str:
    """A chain round starts."""
    return f"Nuovo giro: apre {opener}."


def duel_opens(opener: str, opponent: str) -> str:
    """A Milella duel starts."""
    return f"Nuovo duello: {opener} contro {opponent}. Apre {opener}."


def ask_claim(player: str) -> str:
    """The opener of a round must roll and declare."""
    return f"{player}, tira e dichiara."


def ask_claim_over(player: str, claim: str, strictly: bool) -> str:
    """A believer must roll and declare at least (or more than) ``claim``."""
    bound = "più di" if strictly else "almeno"
    return f"{player}, tira e dichiara {bound} {claim}."


def ask_claim_top_again(player: str, claim: str) -> str:
    """Classico: who accepted Tokio must declare it again."""
    return f"{player}, tira: devi dichiarare di nuovo {claim}."


def ask_response(player: str, claimant: str, claim: str) -> str:
    """The receiver must believe or doubt."""
    return f"{player}, {claimant} dichiara {claim}: ci credi o dubiti?"


def ask_response_three(player: str, claimant: str, claim: str) -> str:
    """Classico: the receiver of Tokio has a third answer."""
    return f"{player}, {claimant} dichiara {claim}: accetti, dubiti o prendi la penalità?"


def ask_response_lizumo(player: str, claimant: str, claim: str) -> str:
    """Lizumo: the receiver of Tokio accepts blind or reveals."""
    return f"{player}, {claimant} dichiara {claim}: accetti senza guardare o scopri?"


def ask_reveal(claimant: str) -> str:
    """A doubted cup is lifted: which dice are there?"""
    return f"{claimant}, alza il bicchiere: che dadi ci sono?"


def claimed(player: str, claim: str) -> str:
    """Echoes a claim, so a misheard one can be undone at once."""
    return f"{player} dichiara {claim}."


def claim_too_low(claim: str, to_beat: str) -> str:
    """A claim lower than allowed."""
    return capitalized(f"{claim} non basta contro {to_beat}.")


def believed(player: str) -> str:
    """The receiver believes."""
    return f"{player} ci crede."


def doubted(player: str) -> str:
    """The receiver doubts."""
    return f"{player} dubita."


def revealed(roll: str, holds: bool) -> str:
    """The real roll and whether the claim held."""
    return f"Sotto c'è {roll}: era vero." if holds else f"Sotto c'è {roll}: era un bluff."


def penalty_reason(reason: str) -> str:
    """Why a penalty, by engine reason value."""
    return {
        "lower_claim": "ha dichiarato troppo poco",
        "bluff_caught": "ha bluffato",
        "wrong_doubt": "ha dubitato a torto",
        "took_penalty": "ha scelto la penalità",
        "accepted_tokio": "ha accettato senza guardare",
    }[reason]


def penalised(player: str, amount: int, reason: str, doubled: bool) -> str:
    """Who takes how many penalties, and why."""
    double = ", doppia per il tokio" if doubled else ""
    return f"{player} {penalty_reason(reason)}: prende {count(amount, 'penalità', 'penalità')}{double}."


def lost_lives(player: str, amount: int, reason: str, doubled: bool) -> str:
    """Lives version of ``penalised``."""
    double = ", doppio per il tokio" if doubled else ""
    return f"{player} {penalty_reason(reason)}: perde {count(amount, 'vita', 'vite')}{double}."


def penalty_total(player: str, penalties: int, limit: int) -> str:
    """A player's penalties after a penalty."""
    return f"{player} ha {count(penalties, 'penalità', 'penalità')} su {limit}."


def lives_left(player: str, lives: int) -> str:
    """A player's lives after losing some."""
    return f"A {player} resta {count(lives, 'vita', 'vite')}." if lives == 1 else f"A {player} restano {lives} vite."


def eliminated(player: str) -> str:
    """A player is out."""
    return f"{player} è fuori."


def duel_won(player: str, opponent: str) -> str:
    """Milella: a duel ends without penalty."""
    return f"{opponent} ci crede: {player} vince il duello."


def standings(entries: Sequence[str]) -> str:
    """The standings from per-player entries."""
    return "Classifica: " + "; ".join(entries) + "."


def standing_penalties(player: str, penalties: int, out: bool) -> str:
    """One player's entry, counted in penalties."""
    return f"{player} fuori" if out else f"{player} {count(penalties, 'penalità', 'penalità')}"


def standing_lives(player: str, lives: int, out: bool) -> str:
    """One player's entry, counted in lives."""
    return f"{player} fuori" if out else f"{player} {count(lives, 'vita', 'vite')}"


def impossible_roll(claim: str, sides: int) -> str:
    """A roll these dice cannot show: refused without penalty."""
    return capitalized(f"{claim} non esiste con i dadi da {sides}.")


def confirm_low_claim(claim: str, to_beat: str, cost: str) -> str:
    """A claim that costs its own declarer: confirm first."""
    return capitalized(f"{claim} non basta contro {to_beat}: {cost}. Confermi? Sì o no?")


def confirm_take_penalty(cost: str) -> str:
    """Classico's third answer: confirm first."""
    return f"Prendi {cost} e si ricomincia. Confermi? Sì o no?"


def confirm_accept_blind(cost: str) -> str:
    """Lizumo: accepting Tokio blind costs a life: confirm first."""
    return f"Accetti senza guardare e perdi {cost}. Confermi? Sì o no?"


def claim_again() -> str:
    """Said when a costly claim is not confirmed."""
    return "Va bene, dichiara di nuovo."


def answer_again() -> str:
    """Said when a costly answer is not confirmed."""
    return "Va bene, rispondi di nuovo."


def cannot_take_penalty() -> str:
    """The third answer is only for Tokio in classico."""
    return "La penalità si può scegliere solo contro il tokio."


def help_claim() -> str:
    """What can be said when declaring."""
    return f"Dichiara un punto, per esempio cinquantatré, coppia di quattro o tokio. Oppure: {common_commands()}."


def help_response(three: bool, lizumo: bool) -> str:
    """What can be said when answering a claim."""
    if lizumo:
        return f"Puoi dire accetto oppure scopro. Oppure: {common_commands()}."
    third = ", oppure prendo la penalità" if three else ""
    return f"Puoi dire ci credo oppure dubito{third}. Oppure: {common_commands()}."


def help_reveal() -> str:
    """What can be said when telling the revealed dice."""
    return f"Di' i dadi, per esempio cinque e tre, oppure il punto. Oppure: {common_commands()}."


def heard_nothing() -> str:
    """Said when the utterance held only fillers or silence."""
    return "Non ho sentito niente."


def not_a_roll(text: str) -> str:
    """A number that no two dice read as ("quindici")."""
    return capitalized(f"{text} non è un punto: le decine sono il dado più alto.")


def name_not_in_play(text: str, sides: int) -> str:
    """A special name of other dice ("taipei" with d6)."""
    return capitalized(f"{text} non si usa con i dadi da {sides}.")


def claim_as_number() -> str:
    """Dice said one by one while declaring."""
    return "Dichiara il punto come numero, per esempio cinquantatré."


def expected_claim() -> str:
    """Reason when a claim was expected."""
    return "dichiara un punto"


def expected_response() -> str:
    """Reason when believe/doubt was expected."""
    return "di' ci credo o dubito"


def expected_reveal() -> str:
    """Reason when dice were expected."""
    return "di' i dadi"


def undo_claim(player: str, claim: str) -> str:
    """Names an undone claim."""
    return f"{player} dichiara {claim}."


def undo_believe(player: str) -> str:
    """Names an undone belief."""
    return f"{player} ci crede."


def undo_doubt(player: str) -> str:
    """Names an undone doubt."""
    return f"{player} dubita."


def undo_take_penalty(player: str) -> str:
    """Names an undone choice of the penalty."""
    return f"{player} prende la penalità."


def undo_reveal(roll: str) -> str:
    """Names an undone reveal."""
    return f"sotto c'era {roll}."


def keyboard_fallback() -> str:
    """Said when voice input is not available and the keyboard takes over."""
    return "Il riconoscimento vocale non è disponibile: scrivete le risposte con la tastiera."


# --- voice set-up ---
# Sentences of voice_host/audio and voice_host/voice_commands: model, vocabulary,
# microphone and speaker notices, and the lines of `voice-host check/devices/model`.


def voice_model_missing(name: str, searched: Sequence[str]) -> str:
    """No vosk model here and downloading was not allowed."""
    return (
        f"Modello vocale italiano non trovato ({name}). Cercato in: {', '.join(searched)}. "
        "Scaricalo con: voice-host model download"
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


def voice_no_microphone(detail: str) -> str:
    """The microphone cannot be opened."""
    return f"Non riesco ad aprire il microfono: {detail}. Vedi: voice-host devices"


def voice_no_audio_output(reason: str) -> str:
    """Warning printed once when speech falls back to text."""
    return f"voice-host: attenzione: non riesco a parlare ({reason}); scrivo le frasi invece di dirle."


def voice_unknown_tts_voice(voice: str) -> str:
    """--voice names no installed voice."""
    return f"La voce {voice!r} non esiste. Le voci installate: voice-host check"


def voice_check_model(path: str | None) -> str:
    """`check`: the model line."""
    return f"modello: {path}" if path else "modello: MANCANTE (voice-host model download)"


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


# --------------------------------------------------------------- yatzi


def yatzi_opening(players: Sequence[str], virtual: bool) -> str:
    """Presents a Yatzi game."""
    dice = "i dadi li tiro io" if virtual else "tirate i vostri dadi e ditemi i valori"
    return f"Si gioca a Yatzi: {join_names(players)}. Tredici turni a testa; {dice}."


def yatzi_turn(player: str, turn: int, turns: int) -> str:
    """A player's turn starts."""
    return f"Turno {turn} di {turns}: gioca {player}."


def ask_physical_dice(player: str) -> str:
    """Physical dice: the player rolls (up to three times) and says the five final values."""
    return f"{player}, tira i dadi e di' i cinque valori."


def ask_virtual_roll(player: str) -> str:
    """Virtual dice: the player asks for the first roll."""
    return f"{player}, di' tira."


def ask_box(player: str, dice: str) -> str:
    """The dice are final: which box?"""
    return f"{player}, con {dice}: dove segni?"


def ask_keep_or_box(player: str, dice: str, rolls_left: int) -> str:
    """Virtual dice with rolls left: keep, reroll or score."""
    rolls = "resta un tiro" if rolls_left == 1 else f"restano {rolls_left} tiri"
    return f"{player}, hai {dice}; {rolls}. Tieni, ritiri o segni?"


def scored(player: str, points: int, box: str, total: int) -> str:
    """Points written in a box."""
    return f"{player} segna {points} in {box}: totale {total}."


def bonus_earned(player: str, bonus: int, total: int) -> str:
    """The upper bonus."""
    return f"Bonus di {bonus} per {player}: totale {total}."


def yatzi_tie(names: Sequence[str], total: int) -> str:
    """The game ends in a tie at the top."""
    return f"Pareggio tra {join_names(names)} con {total} punti."


def yatzi_winner(name: str, total: int) -> str:
    """The game has a winner."""
    return f"{name} vince la partita con {total} punti!"


def yatzi_entry(player: str, total: int) -> str:
    """One player's entry in the standings."""
    return f"{player} {total}"


def box_taken(box: str) -> str:
    """A box already filled."""
    return capitalized(f"{box} è già segnata: scegline un'altra.")


def confirm_zero(box: str, best: str, points: int) -> str:
    """A zero where another free box scores more: confirm first."""
    return capitalized(f"{box} vale zero con questi dadi, {best} vale {points}. Segni zero? Sì o no?")


def choose_again() -> str:
    """Said when a zero is not confirmed."""
    return "Va bene, scegli la casella."


def no_rolls_left() -> str:
    """Virtual dice: the three rolls are used."""
    return "I tiri sono finiti: scegli la casella."


def roll_first() -> str:
    """A box or a keep before the first roll."""
    return "Prima tira i dadi."


def not_on_table(dice: str) -> str:
    """Keep/reroll of dice that are not on the table."""
    return f"Sul tavolo non ci sono {dice}."


def dice_are_physical() -> str:
    """Virtual commands with physical dice."""
    return "I dadi sono vostri: di' i cinque valori."


def say_five_dice() -> str:
    """Reason: a dictation with the wrong number of dice."""
    return "servono cinque dadi, per esempio tre tre tre cinque sei"


def card(player: str, free: str, upper: int, threshold: int) -> str:
    """The current player's free boxes and upper total."""
    return f"Scheda di {player}: libere {free}. Parte alta {upper} su {threshold}."


def card_full(player: str, upper: int) -> str:
    """A player with no free box."""
    return f"Scheda di {player}: tutta segnata. Parte alta {upper}."


def help_dice() -> str:
    """What can be said when telling physical dice."""
    return f"Di' i cinque dadi, per esempio tre tre tre cinque sei. Oppure: scheda, {common_commands()}."


def help_box() -> str:
    """What can be said when choosing a box."""
    return (
        "Di' la casella: assi, due, tre, quattro, cinque, sei, tris, poker, full, "
        f"scala minima, scala massima, yatzi, chance. Oppure: scheda, {common_commands()}."
    )


def help_virtual() -> str:
    """What can be said with virtual dice."""
    return (
        "Puoi dire tira, tengo con i dadi da tenere, ritira con i dadi da ritirare, "
        f"basta, oppure la casella. Oppure: scheda, {common_commands()}."
    )


def undo_dice(player: str, dice: str) -> str:
    """Names undone dice."""
    return f"i dadi di {player}, {dice}."


def undo_score(player: str, box: str) -> str:
    """Names an undone score."""
    return f"{player} segna in {box}."


def expected_dice() -> str:
    """Reason when physical dice were expected."""
    return "di' i cinque dadi"


def expected_box() -> str:
    """Reason when a box was expected."""
    return "di' la casella"


def expected_virtual() -> str:
    """Reason when a virtual-dice command was expected."""
    return "di' tira, tengo, ritira o la casella"


# --- command line and journal errors ---
# Lines printed on stderr (one line, then exit 2 or 4) and the few sentences the
# host says when it cannot keep the game safe. Paths and names are quoted as given;
# the command line cleans every line before printing it.


def disk_full() -> str:
    """The reason of a write that failed for lack of space."""
    return "disco pieno"


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


def journal_exists(path: str) -> str:
    """A new game would overwrite an existing journal."""
    return f"{path} esiste già: usa --resume {path} per continuare quella partita"


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


def journal_started(path: str) -> str:
    """Where the default journal of a new game is."""
    return f"giornale {path} (per riprendere: voice-host play --resume {path})"


def journal_folder_unwritable(folder: str, reason: str) -> str:
    """The default journal folder cannot be made or written."""
    return f"non posso salvare la partita in {folder}: {reason}; per giocare senza giornale usa --no-journal"


def say_cannot_save_at_start() -> str:
    """Spoken when the game cannot start because its journal cannot be written."""
    return "Non posso salvare la partita, quindi non la comincio. Per giocare senza salvarla, usate l'opzione no journal."


def say_cannot_save_any_more() -> str:
    """Spoken when a step cannot be saved mid-game: the game stops, resumable up to the last step."""
    return "Non riesco più a salvare la partita, mi fermo qui. L'ultima mossa non è stata registrata: potete riprendere da prima."


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
    return f"{game} non usa {', '.join(options)}: toglile"


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


def input_ended_early() -> str:
    """The script or keyboard input ended before the game."""
    return "l'input è finito prima della partita"


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
    """Two names that are the same (after Unicode normalization, ignoring case)."""
    return f"nomi ripetuti in --players {text!r}"


def player_name_control(name: str) -> str:
    """A name holding a line break or a control character."""
    return f"il nome {name!r} contiene un a capo o un carattere di controllo"


def player_name_too_long(name: str, limit: int) -> str:
    """A name longer than the limit."""
    return f"il nome {name[:limit]!r}... è troppo lungo (al massimo {limit} caratteri)"


def first_not_a_player(first: str, players: Sequence[str]) -> str:
    """--first names nobody in --players."""
    return f"--first {first}: non è tra i giocatori ({', '.join(players)})"


def tokio_needs_two() -> str:
    """Tokio with one player."""
    return "Tokio si gioca in almeno due"


def unknown_game(name: str, games: Sequence[str]) -> str:
    """A game name the host does not know."""
    return f"gioco sconosciuto {name!r}: scegli tra {', '.join(games)}"


def yatzi_rules_unknown(rules: str) -> str:
    """A --rules value Yatzi does not have."""
    return f"--rules {rules}: Yatzi non ha queste regole"


def seed_out_of_range(seed: int, limit: int) -> str:
    """A --seed outside 0..limit."""
    return f"--seed {seed}: deve essere tra 0 e {limit}"


def limit_out_of_range(limit: int, most: int) -> str:
    """A --limit above the most the host accepts."""
    return f"--limit {limit}: al massimo {most}"


def config_bad_value(key: str) -> str:
    """A configuration value of the wrong type or out of range."""
    return f"valore non valido per {key}"


_ARGPARSE_MESSAGES = (
    (r"argument (\S+): invalid choice: (.*) \(choose from (.*)\)", "{0}: {1} non è tra le scelte ({2})"),
    (r"argument (\S+): expected one argument", "{0} vuole un valore"),
    (r"argument (\S+): invalid \w+ value: (.*)", "{0}: valore non valido {1}"),
    (r"argument (\S+): not allowed with argument (\S+)", "{0} e {1} non vanno insieme"),
    (r"argument (\S+): ignored explicit argument (.*)", "{0} non vuole un valore ({1})"),
    (r"argument (\S+): (.*)", "{0}: {1}"),
    (r"unrecognized arguments: (.*)", "opzioni sconosciute: {0}"),
    (r"the following arguments are required: (.*)", "manca {0}"),
)


def tts_unavailable(detail: str) -> str:
    """Speech synthesis cannot be loaded: the host prints instead."""
    return f"attenzione: sintesi vocale non disponibile ({detail}), scrivo il testo"


def recognition_not_installed(detail: str) -> str:
    """The speech recognizer's packages are missing."""
    return f"riconoscimento vocale non installato ({detail})"


def not_a_number(text: str) -> str:
    """An option that wants a whole number."""
    return f"non è un numero: {text!r}"


def at_least_one(value: int) -> str:
    """An option that wants a number of at least 1."""
    return f"deve essere almeno 1: {value}"


def usage_error(message: str) -> str:
    """An argparse error message (English) in Italian; unknown ones are kept as they are."""
    import re

    for pattern, italian in _ARGPARSE_MESSAGES:
        match = re.fullmatch(pattern, message)
        if match:
            return italian.format(*match.groups())
    return message
