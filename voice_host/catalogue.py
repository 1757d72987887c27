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


def did_you_say(heard: str) -> str:
    """Asked back when a costly phrase was heard without certainty (a noisy table)."""
    return f"Hai detto {heard}? Sì o no?"


def say_it_again() -> str:
    """Said when the player answers no to :func:`did_you_say`."""
    return "Scusa, ripeti."


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
