"""What the host says in a game of Tokio, in Italian: the rounds, the claims, the computer seat, the board's rules.

A believe step and a doubt round are said the way a quick human game master says
them: the player first, each fact once, the question last. The claim is echoed in
the question to the next player, so a misheard claim is heard at once. Sentences
every game shares are in :mod:`grammars.it.catalogue`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType

from engine.tokio.actions import PenaltyReason
from grammars.it.catalogue import capitalized, common_commands, count, examples, join_names

RULES_NAMES: Mapping[str, str] = {"classico": "classiche", "lizumo": "di Lizumo", "milella": "di Milella"}


def tokio_opening(game_name: str, rules: str, players: Sequence[str], limit: int, lives: bool, exact: bool) -> str:
    """Presents a Tokio game: the game, the rules, who plays, how one goes out, the truth test."""
    rules_name = RULES_NAMES.get(rules, rules)
    if lives:
        out = f"Ognuno ha {count(limit, 'vita', 'vite')}."
    else:
        out = f"Si esce con {count(limit, 'penalità', 'penalità')}."
    truth = "Al dubbio, il punto deve essere esatto." if exact else "Al dubbio, basta un punto almeno pari."
    return f"{game_name}, regole {rules_name}: {join_names(players)}. {out} {truth}"


def duel_opens(opener: str, opponent: str) -> str:
    """A Milella duel starts."""
    return f"Duello: {opener} contro {opponent}."


def ask_claim(player: str) -> str:
    """The opener of a round (or duel) must roll and declare."""
    return f"{player}, tira e dichiara."


def ask_claim_over(player: str, claim: str, strictly: bool) -> str:
    """A believer must roll and declare at least (or more than) ``claim``."""
    bound = "più di" if strictly else "almeno"
    return f"{player}, tira: {bound} {claim}."


def ask_claim_top_again(player: str, claim: str) -> str:
    """Classico: who accepted Tokio must declare it again."""
    return f"{player}, tira: di nuovo {claim}."


def ask_response(player: str, claim: str) -> str:
    """The receiver must believe or doubt; the claim is echoed first."""
    return f"{capitalized(claim)}. {player}, ci credi?"


def ask_response_three(player: str, claim: str) -> str:
    """Classico: the receiver of Tokio has a third answer."""
    return f"{capitalized(claim)}! {player}: accetti, dubiti o passi?"


def ask_response_lizumo(player: str, claim: str) -> str:
    """Lizumo: the receiver of Tokio accepts blind or reveals."""
    return f"{capitalized(claim)}! {player}: accetti senza guardare o scopri?"


def ask_reveal(claimant: str) -> str:
    """A doubted cup is lifted: which dice are there?"""
    return f"{claimant}, scopri i dadi."


def revealed(roll: str, holds: bool) -> str:
    """The real roll and whether the claim held."""
    return capitalized(f"{roll}: era vero.") if holds else capitalized(f"{roll}: bluff!")


#: A few words before the penalty, where the reveal or a confirmation has not said why (every reason listed).
_PENALTY_WHY: Mapping[PenaltyReason, str] = MappingProxyType(
    {
        PenaltyReason.LOWER_CLAIM: "",  # the confirmation before the claim named its cost
        PenaltyReason.BLUFF_CAUGHT: "",  # the reveal said "bluff!"
        PenaltyReason.WRONG_DOUBT: "",  # the reveal said "era vero."
        PenaltyReason.TOOK_PENALTY: " passa:",
        PenaltyReason.ACCEPTED_TOKIO: " accetta senza guardare:",
    }
)


def _penalty_why(reason: PenaltyReason) -> str:
    """The words of ``reason`` before the penalty ("" where they were said already)."""
    return _PENALTY_WHY[reason]


def penalised(player: str, amount: int, reason: PenaltyReason, doubled: bool, top: str, total: int) -> str:
    """Who takes how many penalties, why when not yet said, and the new count."""
    double = f", doppie per {the(top)}" if doubled else ""
    return f"{player}{_penalty_why(reason)} prende {count(amount, 'penalità', 'penalità')}{double}, ne ha {total}."


def lost_lives(player: str, amount: int, reason: PenaltyReason, doubled: bool, top: str, left: int) -> str:
    """Lives version of ``penalised``: who loses how many lives, why when not yet said, how many are left."""
    double = f", doppie per {the(top)}" if doubled else ""
    lost = f"{player}{_penalty_why(reason)} perde {count(amount, 'vita', 'vite')}{double}"
    if left == 0:
        return f"{lost}: è fuori."
    return f"{lost}, gliene resta una." if left == 1 else f"{lost}, gliene restano {left}."


def penalty_out(player: str, amount: int, reason: PenaltyReason, doubled: bool, top: str) -> str:
    """Penalties that put a player out."""
    double = f", doppie per {the(top)}" if doubled else ""
    return f"{player}{_penalty_why(reason)} prende {count(amount, 'penalità', 'penalità')}{double}: è fuori."


def duel_won(player: str) -> str:
    """Milella: the opener believed the reply; the replier wins the duel."""
    return f"{player} vince il duello."


def ranked_standings(unit: str, groups: Sequence[tuple[Sequence[str], str]]) -> str:
    """Ranked standings: ``unit`` ("Penalità", "Vite", "Punti") then groups of tied players and their value.

    >>> ranked_standings("Penalità", [(["Anna", "Bruno"], "1"), (["Carla"], "fuori")])
    'Penalità: Anna e Bruno 1, Carla fuori.'
    """
    return f"{unit}: " + ", ".join(f"{join_names(names)} {value}" for names, value in groups) + "."


def out_value() -> str:
    """The value of a player who is out, in the standings."""
    return "fuori"


def standings_unit(lives: bool) -> str:
    """The unit named once at the start of Tokio standings."""
    return "Vite" if lives else "Penalità"


def impossible_roll(claim: str, sides: int) -> str:
    """A roll these dice cannot show: refused without penalty."""
    return capitalized(f"{claim} non esiste con i dadi da {sides}.")


def confirm_low_claim(player: str, claim: str, to_beat: str, cost: str) -> str:
    """A claim lower than the one to beat costs its own declarer: confirm first."""
    return capitalized(f"{claim} è meno di {to_beat}: {cost}. {player}, confermi?")


def confirm_equal_claim(player: str, claim: str, cost: str) -> str:
    """Lizumo: an equal claim is not enough and costs its declarer: confirm first."""
    return capitalized(f"{claim} è uguale, serve di più: {cost}. {player}, confermi?")


def confirm_not_top(player: str, claim: str, top: str, cost: str) -> str:
    """Classico: after accepting Tokio, anything but Tokio costs: confirm first."""
    return capitalized(f"{claim} non è {top}: {cost}. {player}, confermi?")


def cost(amount: int, lives: bool) -> str:
    """What a confirmation says the player will pay: "prendi una penalità", "perdi 2 vite"."""
    if lives:
        return f"perdi {count(amount, 'vita', 'vite')}"
    return f"prendi {count(amount, 'penalità', 'penalità')}"


def claim_again() -> str:
    """Said when a costly claim is not confirmed."""
    return "Va bene, dichiara di nuovo."


def answer_again() -> str:
    """Said when a costly answer is not confirmed."""
    return "Va bene, rispondi di nuovo."


def cannot_take_penalty(top: str) -> str:
    """The third answer is only for the top roll in classico."""
    return f"Passare si può solo contro {the(top)}."


def truth_rule(exact: bool) -> str:
    """The truth test in force, for help sentences."""
    return "Al dubbio vale il punto esatto." if exact else "Al dubbio basta un punto almeno pari."


def help_claim(example_phrases: Sequence[str]) -> str:
    """What can be said when declaring."""
    return f"Dichiara un punto, per esempio {examples(example_phrases)}. Oppure: {common_commands()}."


def help_response(answers: Sequence[str], exact: bool) -> str:
    """What can be said when answering a claim, and the truth test in force."""
    return f"Puoi dire {examples(answers)}. {truth_rule(exact)} Oppure: {common_commands()}."


def help_reveal(example_phrases: Sequence[str]) -> str:
    """What can be said when telling the revealed dice."""
    return f"Di' i dadi, per esempio {examples(example_phrases)}. Oppure: {common_commands()}."


def not_a_roll(text: str) -> str:
    """A number that no two dice read as ("quindici")."""
    return capitalized(f"{text} non è un punto: le decine sono il dado più alto.")


def name_not_in_play(text: str, sides: int) -> str:
    """A special name of other dice ("taipei" with d6)."""
    return capitalized(f"{text} non si usa con i dadi da {sides}.")


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
    return f"{player} passa."


def undo_reveal(roll: str) -> str:
    """Names an undone reveal."""
    return f"sotto c'era {roll}."


def the(name: str) -> str:
    """``name`` with its definite article: "il tokio", "lo yokohama", "l'asso".

    >>> the("tokio"), the("yokohama"), the("pechino"), the("asso"), the("zero")
    ('il tokio', 'lo yokohama', 'il pechino', "l'asso", 'lo zero')
    """
    low = name.lower()
    if low[:1] in ("a", "e", "i", "o", "u"):
        return f"l'{name}"
    s_impure = low[:1] == "s" and low[1:2] not in ("a", "e", "i", "o", "u", "")
    if low[:1] in ("y", "z", "x") or low[:2] in ("gn", "ps", "pn") or s_impure:
        return f"lo {name}"
    return f"il {name}"


def ask_claim_over_but(player: str, claim: str, strictly: bool, top: str) -> str:
    """Milella, over a believed Pechino: every roll from Pechino up is enough, but not Tokio."""
    bound = "più di" if strictly else "almeno"
    return f"{player}, tira: {bound} {claim}, ma non {top}."


def ask_claim_one_of(player: str, claims: Sequence[str]) -> str:
    """Milella, over a believed Tokio: only these claims are enough (Tokio again, or Pechino)."""
    return f"{player}, tira: {examples(claims)}."


def help_claim_only(claim: str) -> str:
    """Help when only one claim is enough (Tokio again, or Tokio over a pair of six in Lizumo)."""
    return f"Dichiara {claim}: nient'altro basta. Oppure: {common_commands()}."


def help_claim_over(to_beat: str, strictly: bool, example_phrases: Sequence[str], but: str = "") -> str:
    """Help when declaring over a believed claim: ``example_phrases`` all beat it; ``but`` does not (Milella)."""
    bound = "più di" if strictly else "almeno"
    exception = f", ma non {but}" if but else ""
    return (
        f"Dichiara {bound} {to_beat}{exception}, per esempio {examples(example_phrases)}. "
        f"Oppure: {common_commands()}."
    )


def expected_claim_of(example_phrases: Sequence[str]) -> str:
    """Reason when a claim was expected, with claims that are enough now."""
    if len(example_phrases) == 1:
        return f"dichiara {example_phrases[0]}"
    return f"dichiara un punto, per esempio {examples(example_phrases)}"


def expected_answers(answers: Sequence[str]) -> str:
    """Reason when an answer to a claim was expected: every answer the question allows."""
    return f"di' {examples(answers)}"


def expected_reveal_of(example_phrases: Sequence[str]) -> str:
    """Reason when the revealed dice were expected."""
    return f"di' i dadi, per esempio {examples(example_phrases)}"


def no_passing_in_these_rules(answers: Sequence[str]) -> str:
    """"passo" under rules that have no third answer (Lizumo, Milella), with the answers they have."""
    return f"Con queste regole non si passa: di' {examples(answers)}."


def confirm_top_over_bottom(player: str, claim: str, to_beat: str, cost: str) -> str:
    """Milella: Tokio, the highest roll, does not beat Pechino: it costs its declarer, confirm first."""
    return capitalized(f"{claim} non batte {to_beat}: {cost}. {player}, confermi?")


def computer_strategy_computing(sides: int) -> str:
    """On stderr while the computer seat's strategy is solved: the first game of these rules only."""
    return f"Preparo il computer per queste regole con i dadi da {sides}: qualche secondo, solo la prima volta."


def board_tokio_rules(name: str, sides: int, limit: int, lives: bool, exact: bool, strictly_higher: bool) -> tuple[
    str, ...
]:
    """The Tokio rules in force, as the board lists them."""
    return (
        f"Regole {RULES_NAMES.get(name, name)}",
        f"dadi a {sides} facce",
        _board_limit(limit, lives),
        "al dubbio conta il punto esatto" if exact else "al dubbio basta almeno il punto detto",
        "si rilancia sempre più alto" if strictly_higher else "si rilancia pari o più alto",
    )


def _board_limit(limit: int, lives: bool) -> str:
    """How many penalties put a player out, or how many lives each has.

    >>> _board_limit(1, True), _board_limit(3, True), _board_limit(1, False), _board_limit(8, False)
    ('una vita a testa', '3 vite a testa', 'fuori alla prima penalità', 'fuori a 8 penalità')
    """
    if lives:
        return "una vita a testa" if limit == 1 else f"{limit} vite a testa"
    return "fuori alla prima penalità" if limit == 1 else f"fuori a {limit} penalità"
