"""Common words that stand for "anything else" in the second, garbage-model decode.

A vosk grammar has no way to say "none of these phrases" unless the model has
``[unk]``; a few hundred common words of the language do the same job: talk
that is not for the host is decoded as them, a phrase that was said is not.
:data:`ITALIAN` is for the Italian model; other lists (the Korean proxy's) are
passed by the caller. Words the model does not know, and words of the phrases
valid now, are left out by :func:`filler_words`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from voice_host.audio.text import words

#: Frequent Italian words of table talk (none is a game phrase on its own).
ITALIAN: tuple[str, ...] = tuple(
    """
    allora dopo adesso prima poi sempre mai ancora già molto poco tanto troppo male così come dove
    quando perché chi questo quello questa quella io tu lui lei noi voi loro mio tuo suo nostro
    ciao grazie prego scusa buono bello brutto grande piccolo nuovo vecchio casa lavoro tempo giorno
    sera notte mattina oggi ieri domani anno mese settimana amico amica famiglia mamma papà figlio
    acqua vino birra caffè pane pizza pasta cena pranzo tavolo sedia porta finestra macchina treno
    strada città paese mondo vita fare fatto faccio fai fa andare vado vai va venire vengo vieni
    viene sapere so sai vedere vedo visto volere voglio vuoi potere puoi dovere devo deve mangiare
    bere parlare pensare penso guarda senti dai boh mah cioè comunque insomma però quindi infatti
    magari forse proprio davvero veramente tipo niente tutti qualcosa qualcuno altro altra stesso
    ecco eh ah oh beh certo esatto giusto vero okay film musica calcio partita squadra gol
    telefono messaggio libro scuola ufficio soldi euro conto cameriere bicchiere piatto
    """.split()
)


def filler_words(candidates: Iterable[str], knows: Callable[[str], bool], phrase_variants: Iterable[str]) -> list[str]:
    """The ``candidates`` the model ``knows`` that are no word of ``phrase_variants``, in order.

    >>> filler_words(["allora", "credo", "xyz"], lambda w: w != "xyz", ["ci credo"])
    ['allora']
    """
    taken = {w for v in phrase_variants for w in words(v)}
    seen: dict[str, None] = {}
    for candidate in candidates:
        for word in words(candidate):
            if word not in taken and word not in seen and knows(word):
                seen[word] = None
    return list(seen)
