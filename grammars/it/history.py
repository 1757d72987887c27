"""The Italian of the history of games: figure labels, the spoken answers, the command line's lines.

Spoken answers are one breath (at most 20 words); the full tables go to the captions.

>>> most_wins([("Anna", 5)], 9)
'Ha vinto di più Anna: 5 vittorie su 9 partite.'
>>> most_wins([("Anna", 4), ("Bruno", 4)], 9)
'Pari tra Anna e Bruno, con 4 vittorie a testa.'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType

#: The label of every figure a game's history shows (columns of the tables, captions, the page).
LABELS: Mapping[str, str] = MappingProxyType({
    "games": "partite",
    "wins": "vittorie",
    "rounds": "giri",
    "penalties_taken": "penalità prese",
    "penalties_given": "penalità date",
    "doubts_right": "dubbi giusti",
    "doubts_wrong": "dubbi sbagliati",
    "bluffs_caught": "bluff scoperti",
    "bluffs_passed": "dichiarazioni credute",
    "tokio_declared": "Tokio dichiarati",
    "out_first": "primo eliminato",
    "average": "media",
    "best": "migliore",
    "yatzi_made": "yatzi fatti",
    "upper_bonus_rate": "quota bonus",
    "points_lost": "punti persi in media",
})

#: Column headers of ``storico`` (the games).
GAME_COLUMNS = ("quando", "gioco", "regole", "giocatori", "vincitore", "esito", "durata", "giornale")
#: How a game ended, as the tables say it.
RESULTS: Mapping[str, str] = MappingProxyType({"finished": "finita", "stopped": "interrotta"})


def _names(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " e " + names[-1]


def empty() -> str:
    """Said when the history holds no game yet."""
    return "Lo storico è ancora vuoto: nessuna partita finita."


def overview(games: int, players: int, leader: str | None, wins: int) -> str:
    """"statistiche": the history in one breath."""
    head = f"Nello storico ci sono {games} partite e {players} giocatori."
    return head if leader is None else f"{head} Guida {leader} con {wins} vittorie."


def most_wins(leaders: Sequence[tuple[str, int]], games: int) -> str:
    """"chi ha vinto di più?": the leader (or the tied leaders) and their wins."""
    if not leaders or leaders[0][1] == 0:
        return "Nessuno ha ancora vinto una partita nello storico."
    if len(leaders) == 1:
        name, wins = leaders[0]
        return f"Ha vinto di più {name}: {wins} vittorie su {games} partite."
    return f"Pari tra {_names([name for name, _ in leaders[:4]])}, con {leaders[0][1]} vittorie a testa."


def record(game: str, name: str, value: int, label: str) -> str:
    """"il record di Yatzi?": who holds it."""
    return f"Il record di {game.capitalize()} è di {name}: {value} punti."


def no_record(game: str) -> str:
    """"il record di ...?" when no game of it was finished."""
    return f"Nessuna partita di {game.capitalize()} finita nello storico."


def no_record_game() -> str:
    """"il record?" without a game, with more than one game that keeps one."""
    return "Il record di quale gioco?"


def player_line(name: str, games: int, wins: int, extra: str = "") -> str:
    """"come va Anna?": their games and wins, with one figure of their game."""
    head = f"{name}: {games} partite, {wins} vittorie"
    return f"{head}, {extra}." if extra else f"{head}."


def figure(label: str, value: str) -> str:
    """One figure said after a player's games and wins ("media 231")."""
    return f"{label} {value}"


def unknown_player(name: str) -> str:
    """"come va X?" for a name the history does not know."""
    return f"{name} non è ancora nello storico."


def best_bluffer(name: str, passed: int, caught: int) -> str:
    """"chi bluffa meglio?": the most believed claims for each one caught."""
    return f"Bluffa meglio {name}: {passed} dichiarazioni credute, {caught} bluff scoperti."


def no_bluffs() -> str:
    """"chi bluffa meglio?" with no game of bluffs in the history."""
    return "Nello storico non ci sono ancora bluff."


def unavailable(reason: str) -> str:
    """The history could not be read or written: the game goes on regardless."""
    return f"lo storico non è disponibile ({reason}); la partita non ne risente."


def set_aside(path: str, aside: str) -> str:
    """A database file that is not a history, or is damaged: moved aside and rebuilt from the journals."""
    return f"lo storico {path} era rovinato o non è nostro: l'ho spostato in {aside} e lo ricostruisco dai giornali."


def rebuilt(games: int, journals: int) -> str:
    """``storico --ricostruisci`` done."""
    return f"storico ricostruito: {games} partite da {journals} giornali."


def merged(kept: str, alias: str) -> str:
    """``storico --unisci A B`` done."""
    return f"d'ora in poi «{alias}» è «{kept}» nello storico."


def merge_unknown(name: str) -> str:
    """``--unisci`` with a name the history does not know."""
    return f"«{name}» non è nello storico: controlla il nome con voice-host statistiche."


def merge_same(name: str) -> str:
    """``--unisci`` of a player with themselves."""
    return f"«{name}» è già lo stesso giocatore."


def bad_date(text: str) -> str:
    """A date option that is not a date."""
    return f"data non valida: «{text}» (scrivila come 2024-03-31)."


def caption_table(title: str, header: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    """A small table for the captions: a title, then one line a row, the cells separated by " | "."""
    return [title, " | ".join(header), *(" | ".join(row) for row in rows)]


def stats_title() -> str:
    """The title of the statistics table in the captions."""
    return "Statistiche dello storico:"


def player_title(name: str) -> str:
    """The title of one player's figures in the captions."""
    return f"Statistiche di {name}:"


def hours_minutes(seconds: int | None) -> str:
    """A game's length as the tables show it ("1 h 05 min", "12 min"; "?" when unknown)."""
    if seconds is None:
        return "?"
    minutes = round(seconds / 60)
    return f"{minutes // 60} h {minutes % 60:02d} min" if minutes >= 60 else f"{minutes} min"


# ------------------------------------------------------------ the board's history page (/storico)

#: The fixed words of the board's history page.
PAGE: Mapping[str, str] = MappingProxyType({
    "title": "Storico delle partite",
    "wins_title": "Vittorie per giocatore",
    "scores_title": "Punteggi di {game} nel tempo",
    "scores_of": "{game}: i punteggi di {name}",
    "scores_note": "Le ultime {count} partite finite, dalla più vecchia alla più recente.",
    "stats_title": "Statistiche di {game}",
    "games_title": "Le ultime partite",
    "numbers": "I numeri del grafico",
    "name": "nome",
    "when": "quando",
    "score": "punti",
    "empty": "Lo storico è ancora vuoto: giocate una partita fino alla fine e la troverete qui.",
    "unavailable": "Lo storico non si può leggere adesso ({reason}).",
    "back": "Torna al tabellone",
    "bars_summary": "Grafico a barre: {items}.",
    "line_summary": "Grafico a linea di {count} partite: da {first} a {last} punti, migliore {best}.",
})


def page_word(key: str, **values: object) -> str:
    """One of :data:`PAGE`'s words, its ``{fields}`` filled in.

    >>> page_word("scores_of", game="Yatzi", name="Anna")
    'Yatzi: i punteggi di Anna'
    """
    return PAGE[key].format(**values)
