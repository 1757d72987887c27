"""Italian table talk: what the host hears that is not for it.

:data:`COMMON_WORDS` are the garbage model's words (``voice_host/hearing/fillers.py``):
talk that is not a game phrase is decoded as them. :data:`TALK` is the babble that
``voice-host check --selftest`` plays under the phrases.
"""

from __future__ import annotations

#: Frequent Italian words of table talk (none a word of :data:`TALK`: the self-test's chatter
#: must be caught by other words). A few are also phrases or lead-ins of some phase ("come",
#: "scusa", "certo", "fatto"): ``filler_words`` leaves the words of the phrases valid now out
#: of that phase's garbage model.
COMMON_WORDS: tuple[str, ...] = tuple(
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


#: Unrelated Italian table talk: the babble of ``check --selftest``.
TALK: tuple[str, ...] = (
    "Domani piove, mi sa che resto a casa.",
    "Hai visto la partita di ieri sera?",
    "Mi passi il pane, per favore?",
    "Il treno è arrivato con mezz'ora di ritardo.",
    "Questa pizza è buonissima, chi l'ha fatta?",
    "Sabato andiamo al mare con i ragazzi.",
    "Il cameriere non ha ancora portato il conto.",
    "Mia sorella ha cambiato lavoro il mese scorso.",
)
