"""Common words that stand for "anything else" in the second, garbage-model decode.

A vosk grammar has no way to say "none of these phrases" unless the model has
``[unk]``; a few hundred common words of the language do the same job: talk
that is not for the host is decoded as them, a phrase that was said is not.
:data:`ITALIAN` is for the Italian model; other lists (the Korean proxy's) are
passed by the caller. Words the model does not know, words of the phrases
valid now and words that sound close to one (letters at least :data:`TOO_CLOSE`
similar, e.g. "점심" to "점수") are left out by :func:`filler_words`: a filler
that close would steal a phrase that was really said.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from voice_host.audio.text import words
from voice_host.hearing.confidence import letters, similarity

#: A filler this similar (letters) to a phrase word is left out.
TOO_CLOSE = 0.3

#: Frequent Italian words of table talk (none is a game phrase on its own, none a word
#: of :data:`ITALIAN_TALK`: the self-test's chatter must be caught by other words).
ITALIAN: tuple[str, ...] = tuple(
    """
    allora dopo adesso prima poi sempre mai già molto poco tanto troppo male così come dove
    quando perché questo quello quella io tu lui lei noi voi loro mio tuo suo nostro
    ciao grazie prego scusa buono bello brutto grande piccolo nuovo vecchio tempo giorno
    notte mattina oggi anno settimana amico amica famiglia mamma papà figlio
    acqua vino birra caffè pasta cena pranzo tavolo sedia porta finestra macchina
    strada città paese mondo vita fare fatto faccio fai fa andare vado vai va venire vengo vieni
    viene sapere so sai vedere vedo volere voglio vuoi potere puoi dovere devo deve mangiare
    bere parlare pensare penso guarda senti dai boh mah cioè comunque insomma però quindi infatti
    magari forse proprio davvero veramente tipo niente tutti qualcosa qualcuno altro altra stesso
    ecco eh ah oh beh certo esatto giusto vero okay film musica calcio squadra gol
    telefono messaggio libro scuola ufficio soldi euro bicchiere piatto
    """.split()
)


def filler_words(candidates: Iterable[str], knows: Callable[[str], bool], phrase_variants: Iterable[str]) -> list[str]:
    """The ``candidates`` the model ``knows`` that are no word of ``phrase_variants``, in order.

    >>> filler_words(["allora", "credo", "xyz", "crede"], lambda w: w != "xyz", ["ci credo"])
    ['allora']
    """
    taken = {w for v in phrase_variants for w in words(v)}
    spelled = [letters(w) for w in taken]
    seen: dict[str, None] = {}
    for candidate in candidates:
        for word in words(candidate):
            if word in taken or word in seen or not knows(word):
                continue
            mine = letters(word)
            if any(similarity(mine, other) >= TOO_CLOSE for other in spelled):
                continue
            seen[word] = None
    return list(seen)


#: Unrelated Italian table talk: the babble of ``check --selftest``.
ITALIAN_TALK: tuple[str, ...] = (
    "Domani piove, mi sa che resto a casa.",
    "Hai visto la partita di ieri sera?",
    "Mi passi il pane, per favore?",
    "Il treno è arrivato con mezz'ora di ritardo.",
    "Questa pizza è buonissima, chi l'ha fatta?",
    "Sabato andiamo al mare con i ragazzi.",
    "Il cameriere non ha ancora portato il conto.",
    "Mia sorella ha cambiato lavoro il mese scorso.",
)
