"""What the host says in a game of Yatzi, in Italian: the turns, the boxes, the coach, the analysis, the board's rules.

Sentences every game shares are in :mod:`grammars.it.catalogue`.
"""

from __future__ import annotations

from collections.abc import Sequence

from grammars.it.catalogue import YATZI_RULES_SPOKEN, capitalized, common_commands, decimal, join_names, or_names


def yatzi_opening(players: Sequence[str], virtual: bool, computers: Sequence[str] = ()) -> str:
    """Presents a Yatzi game: who plays, how long, whose dice (the computer seats' the host rolls)."""
    humans = len(players) - len(computers)
    if virtual or humans == 0:
        dice = "i dadi li tiro io"
    else:
        dice = "con i tuoi dadi" if humans == 1 else "con i vostri dadi"
        if computers:
            dice += f"; per {join_names(computers)} li tiro io"
    return f"{join_names(players)}, giochiamo a Yatzi: tredici turni, {dice}."


def yatzi_round(turn: int, turns: int) -> str:
    """A new round of turns starts (the prompt that follows names the player)."""
    return "Ultimo turno." if turn == turns else f"Turno {turn} di {turns}."


def start_rule() -> str:
    """Physical dice: how the first player is chosen (seed: the lowest die starts)."""
    return "Per cominciare, un dado a testa: comincia chi fa meno."


def ask_start_die(player: str) -> str:
    """Physical dice: ``player`` rolls one die to choose who starts."""
    return f"{player}, tira un dado e di' il numero."


def start_tie(players: Sequence[str], value: str) -> str:
    """Physical dice: the lowest die is shared; those players roll again."""
    return f"{join_names(players)} hanno fatto {value}: ritirate."


def start_decided(player: str, value: str) -> str:
    """Physical dice: ``player`` had the lowest die."""
    return f"Comincia {player}, che ha fatto {value}."


def start_dice(entries: Sequence[tuple[str, str]], tie_break: bool, physical: bool = False) -> str:
    """The host's one die per player, the first round or a tie-break; ``physical``: the players' own
    dice are physical (a computer seat plays), so the host says it rolls the start dice for everyone."""
    listed = ", ".join(f"{player} {value}" for player, value in entries)
    if tie_break:
        return f"Spareggio: {listed}."
    if physical:
        return f"Per cominciare tiro io un dado a testa, comincia chi fa meno: {listed}."
    return f"Un dado a testa, comincia chi fa meno: {listed}."


def first_player(player: str) -> str:
    """Virtual dice: who starts, after the dice were said."""
    return f"Comincia {player}."


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


def scored_with_bonus(player: str, points: int, box: str, bonus: int, total: int) -> str:
    """Points written in an upper box that reach the bonus, in one sentence."""
    return f"{player} segna {points} in {box} e prende il bonus di {bonus}: totale {total}."


def yatzi_tie() -> str:
    """The game ends in a tie at the top (the standings that follow say who and how much)."""
    return "Partita finita in parità."


def yatzi_winner(name: str) -> str:
    """The game has a winner (the standings that follow give the points)."""
    return f"{name} vince la partita!"


def yatzi_solo_end(name: str, total: int) -> str:
    """A game of one player ends."""
    return f"Partita finita: {name} fa {points(total)}."


def yatzi_standings(groups: Sequence[tuple[Sequence[str], int]]) -> str:
    """Standings, highest total first; players on the same total are said together ("Anna e Bruno a 40")."""
    if len(groups) == 1:
        return f"Tutti pari a {groups[0][1]}."
    entries = [
        f"{names[0]} {total}" if len(names) == 1 else f"{join_names(names)} a {total}" for names, total in groups
    ]
    return "Classifica: " + "; ".join(entries) + "."


def yatzi_solo_total(player: str, total: int) -> str:
    """A lone player's "classifica"."""
    return f"{player} ha {points(total)}."


def box_taken(box: str) -> str:
    """A box already filled."""
    return capitalized(f"{box} è già segnata: scegline un'altra.")


def confirm_counted_dice(player: str, dice: str) -> str:
    """Dice said by counts that may also be a dictation cut short ("tre sei due quattro"): confirm first."""
    return f"{player}, hai {dice}?"


def confirm_zero(player: str, box: str, best: str, points: int) -> str:
    """A zero where another free box scores more: confirm first."""
    return f"{player}, {box} vale zero e {best} vale {points}. Confermi?"


def no_rolls_left() -> str:
    """Virtual dice: the three rolls are used."""
    return "I tiri sono finiti: scegli la casella."


def roll_first() -> str:
    """A box or a keep before the first roll."""
    return "Prima tira i dadi."


def start_first() -> str:
    """Anything but one die while choosing who starts."""
    return "Prima vediamo chi comincia."


def not_on_table(dice: str) -> str:
    """Keep/reroll of dice that are not on the table."""
    return f"Sul tavolo non ci sono {dice}."


def dice_are_physical() -> str:
    """Virtual commands with physical dice."""
    return "I dadi sono vostri: di' i cinque valori."


def say_five_dice() -> str:
    """Reason: a dictation with the wrong number of dice."""
    return "servono cinque dadi, per esempio tre tre tre cinque sei"


def say_one_die() -> str:
    """Reason: more than one die while choosing who starts."""
    return "un dado solo, per esempio quattro"


def card(player: str, free: str, upper: int, threshold: int) -> str:
    """The current player's free boxes and upper total."""
    return f"Scheda di {player}: libere {free}. Parte alta {upper} su {threshold}."


def card_full(player: str, upper: int) -> str:
    """A player with no free box."""
    return f"Scheda di {player}: tutta segnata. Parte alta {upper}."


def yatzi_commands(card: bool) -> str:
    """The commands valid in a Yatzi phase, for help sentences."""
    return f"consiglio, scheda, {common_commands()}" if card else common_commands()


def help_start(example: str) -> str:
    """What can be said when telling one die to choose who starts."""
    return f"Di' il numero del tuo dado, per esempio {example}. Oppure: {yatzi_commands(False)}."


def help_dice(example: str) -> str:
    """What can be said when telling physical dice."""
    return f"Di' i cinque dadi, per esempio {example}. Oppure: {yatzi_commands(True)}."


def help_box(examples: Sequence[str]) -> str:
    """What can be said when choosing a box: ``examples`` are free boxes."""
    return f"Di' la casella, per esempio {or_names(examples)}. Oppure: {yatzi_commands(True)}."


def help_choose(keep: str, reroll: str, stop: str, box: str) -> str:
    """What can be said with virtual dice and rolls left (examples fit the dice on the table)."""
    return (
        f"Puoi dire {keep}, {reroll}, {stop} o la casella, per esempio {box}. "
        f"Oppure: {yatzi_commands(True)}."
    )


def help_virtual(roll: str) -> str:
    """What can be said with virtual dice before a roll."""
    return f"Di' {roll}. Oppure: {yatzi_commands(True)}."


def undo_dice(player: str, dice: str) -> str:
    """Names undone dice."""
    return f"i dadi di {player}, {dice}."


def undo_start_die(player: str, value: str) -> str:
    """Names an undone die of the roll for who starts."""
    return f"il dado di {player}, {value}."


def undo_score(player: str, box: str) -> str:
    """Names an undone score."""
    return f"{player} segna in {box}."


def yatzi_bad_record(record: str) -> str:
    """A Yatzi journal record of the wrong shape (types, values, keys)."""
    return f"azione di Yatzi non valida nel giornale: {record}"


def yatzi_dice_not_from_seed(player: str, journaled: str, rolled: str) -> str:
    """A virtual-dice record whose dice are not the ones the game's seed gives."""
    return f"i dadi virtuali di {player} nel giornale ({journaled}) non sono quelli del seme ({rolled})"


def expected_start_of(example: str) -> str:
    """Reason when the one die for who starts was expected, with an example."""
    return f"di' il numero del tuo dado, per esempio {example}"


def expected_dice_of(example: str) -> str:
    """Reason when physical dice were expected, with an example."""
    return f"di' i cinque dadi, per esempio {example}"


def expected_roll_of(roll: str) -> str:
    """Reason when virtual dice are still to be rolled."""
    return f"di' {roll}"


def expected_choice_of(keep: str, reroll: str, stop: str, box: str) -> str:
    """Reason with virtual dice and rolls left: examples fitted to the dice on the table."""
    return f"di' {keep}, {reroll}, {stop} o la casella, per esempio {box}"


def expected_box_of(boxes: Sequence[str]) -> str:
    """Reason when a box was expected: ``boxes`` are free boxes, best first."""
    return f"di' la casella, per esempio {or_names(boxes)}"


def points(total: int) -> str:
    """A whole number of points: "1 punto", "0 punti", "42 punti"."""
    return f"{total} punto" if total == 1 else f"{total} punti"


def solver_computing(rules_name: str) -> str:
    """Label of the progress bar while the optimal strategy is computed (first use only)."""
    spoken = YATZI_RULES_SPOKEN.get(rules_name, rules_name)
    return f"Calcolo la strategia ottimale per le regole {spoken}, solo la prima volta"


def points_words(points: float) -> str:
    """An average number of points, rounded for the ear: "un punto", "12 punti", "meno di mezzo punto"."""
    rounded = round(points)
    if rounded == 0:
        return "meno di mezzo punto"
    return "un punto" if rounded == 1 else f"{rounded} punti"


def advice_keep(keep: str, expected: float) -> str:
    """consiglio with virtual dice: which dice to keep (said as values), and the expected final score."""
    return f"Tieni {keep}: in media {round(expected)} punti a fine partita."


def advice_reroll_all(expected: float) -> str:
    """consiglio: keep nothing and roll all five again."""
    return f"Ritira tutto: in media {round(expected)} punti a fine partita."


def advice_box(box: str, expected: float) -> str:
    """consiglio: the box to fill now, and the expected final score."""
    return f"Segna in {box}: in media {round(expected)} punti a fine partita."


def advice_roll(expected: float) -> str:
    """consiglio before the roll: nothing to choose yet."""
    return f"Tira: in media {round(expected)} punti a fine partita."


def advice_dice_first() -> str:
    """consiglio with physical dice before the dictation: the box needs the dice."""
    return "Dimmi prima i dadi, poi ti consiglio la casella."


def advice_not_yet() -> str:
    """consiglio while choosing who starts."""
    return "Prima vediamo chi comincia."


def confirm_costly_box(player: str, box: str, cost: str, best: str) -> str:
    """After a consiglio, the player chose another box: what it costs on average, then the question."""
    return f"{player}, {box} costa in media {cost} rispetto a {best}. Confermi?"


def computer_keeps(player: str, dice: str, keep: str) -> str:
    """A computer seat keeps some dice and rolls the others."""
    return f"{player} ha {dice}: tiene {keep}."


def computer_rerolls_all(player: str, dice: str) -> str:
    """A computer seat rolls all five dice again."""
    return f"{player} ha {dice}: ritira tutto."


def computer_has(player: str, dice: str) -> str:
    """A computer seat's final dice, before the box it fills is said."""
    return f"{player} ha {dice}."


def yatzi_bonus_earned(player: str, bonus: int, total: int) -> str:
    """A further yatzi with 50 already in the yatzi box (standard rules)."""
    return f"Altro yatzi! {player} prende {bonus} punti in più: totale {total}."


def analysis_lost(player: str, lost: str) -> str:
    """Post-game analysis, spoken: a player's expected points lost against optimal play."""
    return f"{player} ha perso in media {lost} rispetto al gioco ottimo."


def analysis_perfect(player: str) -> str:
    """Post-game analysis, spoken: a player who always made the best choice."""
    return f"{player} ha sempre fatto la scelta migliore."


def analysis_costliest(turn: int, chosen: str, best: str, cost: str) -> str:
    """Post-game analysis, spoken: the costliest decision, briefly."""
    return f"La scelta più costosa, al turno {turn}: {chosen} invece di {best}, {cost}."


def analysis_choice_box(box: str) -> str:
    """A box choice, as named in the analysis."""
    return box


def analysis_choice_keep(keep: str) -> str:
    """A keep, as named in the analysis ("tenere tre e tre", "ritirare tutto")."""
    return f"tenere {keep}" if keep else "ritirare tutto"


def analysis_header(player: str, lost: float, decisions: int) -> str:
    """Printed analysis: a player's line."""
    choices = "scelta" if decisions == 1 else "scelte"
    return f"{player}: persi in media {decimal(lost, 1)} punti in {decisions} {choices} rispetto al gioco ottimo"


def analysis_line(turn: int, dice: str, rolls_left: int, chosen: str, best: str, cost: float) -> str:
    """Printed analysis: one costly decision in full."""
    rolls = {0: "nessun tiro rimasto", 1: "un tiro rimasto"}.get(rolls_left, f"{rolls_left} tiri rimasti")
    return f"  turno {turn}, dadi {dice} ({rolls}): {chosen} invece di {best}, {decimal(cost, 2)} punti in meno"


def analysis_none() -> str:
    """Printed analysis: no decision cost anything."""
    return "  nessuna scelta costosa"


def analysis_no_humans() -> str:
    """Printed analysis of a game with only computer seats."""
    return "Nessun giocatore umano da analizzare."


def board_yatzi_rules(name: str, bonus_value: int, threshold: int, extra_yatzi: int) -> tuple[str, ...]:
    """The Yatzi rules in force, as the board lists them."""
    extra = (f"ogni yatzi in più vale {extra_yatzi}",) if extra_yatzi else ()
    spoken = YATZI_RULES_SPOKEN.get(name, name)
    return (f"Regole {spoken}", f"bonus di {bonus_value} da {threshold} punti di parte alta", *extra)
