"""Everything the lobby says and prints: one small function a sentence, as in the catalogue."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from grammars.it.catalogue import count, join_names, or_names
from grammars.it.numbers import number_word

#: How the rule sets of every game are said after "Regole": ``--rules`` value -> words.
RULES_SPOKEN: Mapping[str, str] = {
    "classico": "classiche", "lizumo": "di Lizumo", "milella": "di Milella",
    "foglio": "del foglio", "standard": "standard",
}

#: The names the lobby hears for a rule set: the spoken words -> ``--rules`` value.
RULES_HEARD: Mapping[str, str] = {
    "classiche": "classico", "classico": "classico", "normali": "classico",
    "lizumo": "lizumo", "di lizumo": "lizumo", "milella": "milella", "di milella": "milella",
    "del foglio": "foglio", "foglio": "foglio", "standard": "standard",
}


def welcome(games: Sequence[str]) -> str:
    """The evening's first question: which game."""
    return f"Buonasera! {or_names([g.capitalize() for g in games])}?"


def which_game(games: Sequence[str]) -> str:
    """The game question again (after "cambiamo gioco")."""
    return f"{or_names([g.capitalize() for g in games])}?"


def tokio_rules(rules: str, sides: int, limit: int, lives: bool, computers: int, level: str) -> str:
    """Tokio's rules in one breath, ending with the question.

    >>> tokio_rules("classico", 6, 1, False, 0, "medio")
    'Regole classiche, dadi da sei, fuori alla prima penalità: va bene?'
    """
    penalties = "fuori alla prima penalità" if limit == 1 else f"fuori a {number_word(limit)} penalità"
    out = count(limit, "vita", "vite") if lives else penalties
    seat = f", col computer {level}" if computers else ""
    return f"Regole {RULES_SPOKEN.get(rules, rules)}, dadi da {number_word(sides)}, {out}{seat}: va bene?"


def yatzi_rules(rules: str, virtual: bool, computers: int) -> str:
    """Yatzi's rules in one breath, ending with the question."""
    dice = "dadi virtuali" if virtual else "dadi veri"
    seat = ", col computer" if computers else ""
    return f"Regole {RULES_SPOKEN.get(rules, rules)}, {dice}{seat}: va bene?"


def what_to_change() -> str:
    """After "no" to the rules."""
    return "Cosa cambiamo? Per esempio: dadi da dieci, a cinque penalità, regole di Milella, col computer."


def cannot_change(detail: str) -> str:
    """A change the game cannot take: the game's own reason."""
    return f"Così non si può: {detail}"


def option_not_in_game(game: str) -> str:
    """A change that the game has no such option for ("dadi virtuali" at Tokio)."""
    return f"A {game.capitalize()} questo non si sceglie."


def who_plays() -> str:
    """The first name is asked."""
    return "Chi gioca? Un nome alla volta."


def name_heard(name: str) -> str:
    """A name, repeated to be confirmed; the next name confirms it too."""
    return f"{name}, giusto? Il prossimo, o basta così."


def name_dropped(name: str) -> str:
    """ "no" to the name just heard."""
    return f"Tolgo {name}. Ripetete il nome, oppure dite giocatore e un numero, come giocatore tre."


def name_unknown(number: int) -> str:
    """A name the lobby cannot hear: the fallbacks."""
    return (
        f"Questo nome non lo conosco. Dite giocatore {number_word(number)}, "
        "oppure scrivete i nomi all'avvio con --players."
    )


def name_taken(name: str) -> str:
    """Two players with the same name."""
    return f"{name} c'è già. Per l'altro dite un altro nome, oppure giocatore e un numero."


def table_empty() -> str:
    """ "basta così" with nobody named."""
    return "Non c'è ancora nessuno. Chi gioca?"


def table_short(detail: str) -> str:
    """Too few players for the game: the game's reason, and the question."""
    return f"{detail.rstrip('. ')}. Chi altro gioca?"


def table_count(names: Sequence[str], said: int) -> str:
    """ "siamo in tre" when the names so far are not three."""
    if not names:
        return who_plays()
    have = f"Per ora ho {join_names(list(names))}"
    return f"{have}: chi altro gioca?" if said > len(names) else f"{have}: chi non gioca?"


def players_again(names: Sequence[str]) -> str:
    """The last table offered again."""
    return f"Giocano {join_names(names)}?"


def another() -> str:
    """After a game."""
    return "Un'altra?"


def opener(name: str) -> str:
    """Who opens the rematch and why."""
    return f"Apre {name}, che ha perso l'ultima."


def entered(name: str) -> str:
    """ "entra Marco"."""
    return f"Entra {name}."


def left(name: str) -> str:
    """ "esce Bruno"."""
    return f"Esce {name}."


def not_at_table(name: str) -> str:
    """ "esce" a name that does not play."""
    return f"{name} non sta giocando."


def evening_over(wins: Mapping[str, Mapping[str, int]]) -> str:
    """The evening's standings in one breath: wins per player per game."""
    parts = []
    for game, by_player in wins.items():
        won = [f"{name} {count(n, 'vittoria', 'vittorie')}" for name, n in by_player.items() if n]
        parts.append(f"a {game.capitalize()} " + (join_names(won) if won else "nessuna vittoria"))
    said = "; ".join(parts) if parts else "nessuna partita finita"
    return f"Stasera: {said}. Buonanotte!"


def evening_table_title() -> str:
    """The printed table's title."""
    return "Classifica della serata"


def resumed_evening() -> str:
    """A resumed evening, between games."""
    return "Riprendiamo la serata."


def evening_already_over() -> str:
    """A finished evening resumed."""
    return "Questa serata è già finita."


def not_understood_lobby(examples: Sequence[str]) -> str:
    """An answer the lobby did not understand, with two examples."""
    return f"Non ho capito. Potete dire, per esempio, {or_names(list(examples[:2]))}."


def undone_lobby() -> str:
    """ "annulla" in the lobby."""
    return "Annullato."


def nothing_to_undo_lobby() -> str:
    """ "annulla" with nothing to take back."""
    return "Non c'è niente da annullare."


def help_lobby(examples: Sequence[str]) -> str:
    """ "aiuto" in the lobby."""
    return f"Potete dire, per esempio: {', '.join(examples)}."


def settings_bad(path: str, key: str, detail: str) -> str:
    """A bad settings file: one line naming the key; the defaults apply."""
    return f"Impostazioni in {path}: {key} non va ({detail}); uso i valori predefiniti."


def settings_option_bad(path: str, key: str, detail: str) -> str:
    """A hand-written option default of the settings file cannot be used; the option keeps its own."""
    return f"Impostazioni in {path}, {key}: {detail.rstrip('.')}; per {key} uso il valore predefinito."


def settings_unknown_keys(path: str, keys: Sequence[str]) -> str:
    """Keys the settings file has that the host does not know."""
    return f"Impostazioni in {path}: non conosco {join_names(list(keys))}; le ignoro."


def usage_bare(serata: str, play: str, resume: str, help_command: str) -> str:
    """``voice-host`` alone at a terminal: one usage text, what to type and what each does."""
    rows = (
        (serata, "una serata intera a voce: il gioco, le regole e i giocatori si dicono a voce"),
        (play, "una sola partita con le opzioni scritte; finita la partita, si ferma"),
        (resume, "riprende l'ultima serata o partita non finita"),
    )
    width = max(len(command) for command, _ in rows)
    lines = [f"  {command.ljust(width)}   {what}" for command, what in rows]
    return "\n".join(["uso: voice-host COMANDO [opzioni]", *lines, f"tutti i comandi e le opzioni: {help_command}"])


def resuming(what: str) -> str:
    """Which journal ``riprendi`` resumes."""
    return f"Riprendo {what}."


def nothing_to_resume(folder: str) -> str:
    """``riprendi`` with nothing unfinished."""
    return f"Non c'è nessuna serata o partita da riprendere in {folder}."


def input_ended_evening() -> str:
    """The answers ended before the evening did (a game or the lobby's question still open)."""
    return "le risposte sono finite a serata in corso"


def resume_evening_with(command: str) -> str:
    """The last line of an evening that can go on."""
    return f"per riprendere la serata: {command}"


def evening_started(path: str) -> str:
    """Where the evening's journal is."""
    return f"serata registrata in {path}"


def save_rules() -> str:
    """At the end of an evening whose rules are not the saved ones."""
    return "Salvo queste regole come predefinite?"


def rules_saved() -> str:
    """ "sì" to :func:`save_rules`."""
    return "Regole salvate: la prossima volta ve le propongo."


def rules_kept() -> str:
    """ "no" to :func:`save_rules`."""
    return "Va bene, le regole salvate restano quelle."


def settings_none(path: str) -> str:
    """``voice-host impostazioni`` with no file yet."""
    return f"Nessuna impostazione salvata finora; il file sarà {path}"


def settings_shown(path: str) -> str:
    """``voice-host impostazioni``: the first line, where the file is."""
    return f"Impostazioni in {path}"


#: The settings file's keys as ``voice-host impostazioni`` names them.
SETTINGS_LABELS: Mapping[str, str] = {
    "game": "gioco", "rules": "regole", "dice": "dadi", "limit": "limite", "players": "ultimo tavolo",
    "names": "nomi ricordati", "voice": "voce", "rate": "velocità della voce", "volume": "volume",
    "earcon": "suono del microfono", "reprompt_s": "attese prima di ripetere", "board": "porta del tabellone",
}
#: What a hand-written option key of the settings file must be, said when it is not.
SETTINGS_KINDS: Mapping[str, str] = {
    "voice": "ci vuole un nome tra virgolette", "rate": "ci vuole un numero intero",
    "volume": "ci vuole un numero da 0 a 1", "earcon": "ci vuole true o false",
    "reprompt_s": "ci vogliono dei secondi, come \"20,30\"", "board": "ci vuole un numero di porta",
}
