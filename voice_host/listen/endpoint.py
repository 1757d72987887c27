"""The endpoint stage: when one utterance has ended, decided chunk by chunk without vosk.

vosk 0.3.45 has no runtime endpointer, and at a noisy table its own endpoint,
which waits for real silence, may never come. :class:`UtteranceEnd` is told,
for each chunk, what the grammar decoder made of it (vosk's own final result,
or its partial) and says when to end the utterance early
(:meth:`UtteranceEnd.finalize_now`, with the phase's
:class:`~voice_host.listen.early_end.EarlyEndpointer`, or after a stretch of
sound well under the utterance's loudest, :class:`BackgroundEnd`), and which
result is the utterance's (:meth:`UtteranceEnd.ended`): a final that a longer
phrase extends ("sessanta" of "sessanta due") waits for the quiet vosk would
have waited. Pure: audio levels and texts, no decoder.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

from voice_host.listen.early_end import PREFIX_PAUSE_S, EarlyEndpointer, rms
from voice_host.listen.messages import Decoded
from voice_host.model.tokens import words

#: Audio with no new word (counted from the end of speech) before answering with an early final that a
#: longer phrase extends, when vosk's partial looked complete but its final is a prefix ("다시" of "다시 시작":
#: the partial lags the audio by a few frames), and the room did not stay quiet: vosk's own rule2 trailing
#: silence (0.3 s here lost a clean "아니요" over babble in bench/hearing.py --offline). When every chunk since
#: the end of speech was quiet, the prefix pause (:data:`~voice_host.listen.early_end.PREFIX_PAUSE_S`) is enough,
#: as for a partial that is a prefix: waiting 0.5 s there made "다시" the slowest phrase of bench/latency.py.
PENDING_S = 0.5
#: Quiet audio after a dictation ("tre tre cinque") whose every word is a phrase of the phase before it ends:
#: a little longer than a prefix phrase's pause, since a player dictating dice may pause between them.
#: The dictation is decoded and verified within the pause (:data:`DICTATION_DECODE_S`), and answered once the
#: pause has lasted this long; a word said within it joins the dictation (:meth:`UtteranceEnd.ended`).
SEQUENCE_PAUSE_S = 0.35
#: Silence after a whole dictation before it is decoded, to be answered once the pause has lasted
#: :data:`SEQUENCE_PAUSE_S`: the decisive phrases' short hold. vosk's result depends on the silence it has heard
#: after the words, and less of it is better: over 72 clean dictations of two to four dice with pauses of
#: 0.1-0.33 s between them (``bench/dictation.py``, two seeds), 89 % came out whole decoded after 0.1 s of
#: silence, 86 % after 0.2 s, 69 % after 0.3 s and 67 % after 0.35 s (the last word "일흔" heard "예순");
#: through the sink (``--live``) 88 % after 0.1 s, 71 % after 0.3 s.
#: A word said within the pause is decoded on its own and joins the waiting dictation (:meth:`UtteranceEnd.ended`).
DICTATION_DECODE_S = 0.1
#: After speech, this much audio at least :data:`UNDER_PEAK_DB` under the utterance's
#: loudest chunk, with the partial result unchanged, ends it even though vosk, which waits for real silence, has not
#: (talk at the next table never stops).
BACKGROUND_END_S = 0.3
UNDER_PEAK_DB = 6.0
#: Quieter than this is silence, which vosk's own endpoint handles (a pause between words).
BACKGROUND_RMS = 150.0
#: Chunks among which the loudest is looked for (about two seconds).
PEAK_CHUNKS = 40
#: Digital silence fed to the grammar decoder once a player has paused in silence for the decisive hold
#: (:meth:`UtteranceEnd.look_ahead_due`): vosk's partial result lags the audio by about 0.3 s, and the pause
#: rules can only end an utterance on the words it shows. With it they show 0.2 s sooner (issue 33: the turn
#: gap; through the sink a clean "네" ended 0.3 s after the word, waiting for its partial).
LOOK_AHEAD_S = 0.2


class BackgroundEnd:
    """Tells when, after a partial result, the audio has stayed well under the recent loudest for a while.

    >>> import numpy as np
    >>> end = BackgroundEnd(sample_rate=16000)
    >>> loud, under = np.full(1600, 3000, "<i2").tobytes(), np.full(1600, 900, "<i2").tobytes()
    >>> [end.ended(c, "서른") for c in (loud, under, under, under)]
    [False, False, False, True]
    """

    def __init__(self, *, sample_rate: int = 16000) -> None:
        self._bytes_per_s = 2.0 * sample_rate
        self._levels: deque[float] = deque(maxlen=PEAK_CHUNKS)
        self._under_s = 0.0
        self._under_partial = ""

    def ended(self, data: bytes, partial: str) -> bool:
        """Account for ``data`` (after which the partial result is ``partial``); True when the utterance ended."""
        level = rms(data)
        self._levels.append(level)
        under = BACKGROUND_RMS <= level <= max(self._levels) * 10 ** (-UNDER_PEAK_DB / 20)
        if not partial or not under or partial != self._under_partial:
            self._under_s = 0.0
            self._under_partial = partial
            return False
        self._under_s += len(data) / self._bytes_per_s
        if self._under_s < BACKGROUND_END_S:
            return False
        self._under_s = 0.0
        self._levels.clear()
        return True


class UtteranceEnd:
    """The end of each utterance of one phase.

    ``endpointer`` holds the phase's variants; ``background`` (shared by every
    phase of a listener) follows the recent loudest; ``early=False`` keeps vosk's
    own endpoint only. ``most_words`` is the most words an utterance of the phase
    can have and still be a phrase (see :meth:`is_talk`; None: no limit).
    ``dictation`` tells whether a text is a whole dictation of the phase's phrases
    (every word one, none left waiting for more): such a partial ends a dictation
    after :data:`SEQUENCE_PAUSE_S` of quiet (None: a dictation waits for vosk's endpoint).
    ``answer`` tells whether a partial holds an answer the understanding spots ("[unk] [unk] bluffi"):
    such a partial is not cut as talk until it is twice as long as ``most_words`` (None: it is cut).
    ``complete`` (set per request, from :attr:`~voice_host.core.ports.ListenRequest.complete`) tells
    whether a whole dictation is a whole answer nothing could be added to (five dice): it then ends after
    the decisive phrases' short silence, not the dictation pause.
    """

    def __init__(
        self,
        endpointer: EarlyEndpointer,
        background: BackgroundEnd,
        *,
        sample_rate: int = 16000,
        early: bool = True,
        most_words: int | None = None,
        dictation: Callable[[str], bool] | None = None,
        answer: Callable[[str], bool] | None = None,
    ) -> None:
        self.endpointer = endpointer
        self._most_words = most_words
        self._answer = answer
        self._dictation = dictation
        self._background = background
        self._bytes_per_s = 2.0 * sample_rate
        self._early = early
        self._pending: Decoded | None = None  # an early final that a longer phrase could still extend
        self._dictating = False  # the pending final is a whole dictation waiting out its pause
        self._loud_at_decode = 0  # the endpointer's loud chunks when the waiting dictation was decoded
        self._pending_s = 0.0
        self._pending_still = False  # every chunk since the end of speech was quiet
        self._looked_after = -1  # the loud chunks before the pause in which the look-ahead was fed
        self._unseen = False  # the dictation was decoded with no word of it shown (vosk's partial lagging)
        self.complete: Callable[[str], bool] | None = None

    @property
    def pending(self) -> bool:
        """True while an ended result waits for a longer phrase that would extend it."""
        return self._pending is not None

    @property
    def waiting(self) -> Decoded | None:
        """The whole dictation decoded within the player's pause, while it waits for the pause to last."""
        return self._pending if self._dictating else None

    def reset(self) -> None:
        """Forget the current utterance (the host spoke, or the phase changed)."""
        self.endpointer.reset()
        self._pending = None
        self._dictating = False
        self._unseen = False
        self._looked_after = -1

    def watches(self, sequence: bool) -> bool:
        """True when partial results are worth asking for (our early endpoint is on; for a dictation, when
        it can tell a whole one)."""
        return self._early and (not sequence or self._dictation is not None)

    def look_ahead_due(self) -> bool:
        """True once per pause, when the grammar decoder should be fed :data:`LOOK_AHEAD_S` of silence.

        The player spoke, then paused in silence (not only quiet: at a noisy table the padding would be a
        hole in the room's sound) for the decisive hold: the least that tells a pause from a quiet chunk
        inside a word. Not while an ended result waits for its extension: the decoder holds no word then
        (but a waiting dictation's next word, said within its pause, is looked ahead for as any word).
        """
        ends = self.endpointer
        extension_awaited = self._pending is not None and not self._dictating
        if ends.loud_chunks == self._looked_after or not self._early or extension_awaited:
            return False
        if ends.paused_s <= 0.0 or ends.silent_s < ends.decisive_hold_s - 1e-6:
            return False
        self._looked_after = ends.loud_chunks
        return True

    def is_talk(self, partial: str) -> bool:
        """True when ``partial`` has more words than any utterance of the phase could: talk at the table.

        Over babble vosk never hears the silence that ends an utterance, and its
        decode grows with the talk; such an utterance is dropped as soon as it is
        too long to be a phrase, not decoded to its end (nor by the second decoder). A longer
        sentence that holds a spotted answer ("secondo me bluffi, dubito" said slowly) is heard on
        up to twice that length: the verify stage judges it as any other utterance.
        """
        if self._most_words is None:
            return False
        said = len(words(partial))
        if said <= self._most_words:
            return False
        return said > 2 * self._most_words or self._answer is None or not self._answer(partial)

    def finalize_now(self, data: bytes, partial: str, *, quiet_level: float, sequence: bool = False) -> bool:
        """After ``data``, whose partial result is ``partial``: True when the utterance should end now.

        A dictation (``sequence``) is decoded only with a whole dictation heard (with what it continues),
        once the player has paused: after :data:`DICTATION_DECODE_S` of silence (the decisive phrases' short
        hold for a whole answer, ``complete``: five dice said), or after :data:`SEQUENCE_PAUSE_S` of quiet in a
        noisy room. It must not end after its first word, nor in the next table's talk; :meth:`ended`
        answers it once the pause has lasted (a whole answer at once). A word vosk's partial does not show
        yet is decoded after the same silence, since its final will tell it.
        """
        if sequence:
            ends = self.endpointer
            ends.update(data, partial, quiet_level=quiet_level)  # counts the quiet after the last word
            if self._dictating and not partial:
                # a sound since the waiting dictation was decoded, no word of it shown (the partial lags):
                # decoded again once the pause has lasted, so that a word said within it is not lost
                return ends.loud_chunks > self._loud_at_decode and ends.quiet_s >= SEQUENCE_PAUSE_S - 1e-6
            if not partial and self._pending is None:
                # vosk's partial lags a short word: the proxy's "물" ("tira", a whole answer) showed 0.29 s after
                # it ended, the look-ahead's padding notwithstanding, and the answer waited for it. After the decode
                # delay of silence following speech, the final tells what was said, as for a phrase
                # (:meth:`ended` holds it as any dictation decoded within the pause)
                self._unseen = ends.paused_s > 0.0 and ends.silent_s >= DICTATION_DECODE_S - 1e-6
                return self._unseen
            said = partial if self._pending is None else f"{self._pending.text} {partial}"
            if not partial or not self._whole(said):
                return False
            if ends.quiet_s >= SEQUENCE_PAUSE_S - 1e-6:
                return True
            if ends.quiet_s <= 0.0:
                return False
            if self.complete is not None and self.complete(said):
                return ends.silent_s >= ends.decisive_hold_s - 1e-6
            return ends.silent_s >= DICTATION_DECODE_S - 1e-6
        extendable = self.endpointer.is_extendable(partial)
        if self._background.ended(data, partial) and not extendable:
            return True
        # Silence counts in the pause even before vosk's partial shows the word: the partial lags the audio
        # (up to 0.4 s through the sink), and the player's pause began at the word's end. Only silence, though:
        # counting a noisy room's quiet there too lost a phrase over babble in bench/hearing.py --offline.
        level = quiet_level if partial else min(quiet_level, BACKGROUND_RMS)
        if self.endpointer.update(data, partial, quiet_level=level):
            return True
        # after speech, the prefix pause of silence with no word shown yet: the player has stopped, and vosk's
        # final (which decodes every frame) tells what was said, as its own endpoint would 0.2-0.7 s later
        return not words(partial) and self.endpointer.paused_s >= PREFIX_PAUSE_S - 1e-6

    def ended(
        self, data: bytes, final: Decoded | None, early: bool, partial: str, *, quiet_level: float | None = None,
        sequence: bool = False,
    ) -> tuple[Decoded, bool] | None:
        """The utterance's result and whether it ended early, once ``data`` (with ``final`` or ``partial``) ends it.

        ``final`` is the grammar decoder's result when this chunk ended an utterance
        (``early``: by :meth:`finalize_now`), else None; ``partial`` its partial result then.
        ``quiet_level``: the level at or under which a chunk is quiet (None: no chunk counts as quiet).
        ``sequence``: a dictation. A whole one decoded within its pause (by :meth:`finalize_now`, or by vosk's
        own endpoint, which the look-ahead's padding can bring 0.3 s after the last word) waits (:attr:`waiting`)
        until the pause has lasted :data:`SEQUENCE_PAUSE_S` (quiet counted as :meth:`finalize_now` counts it),
        unless it is a whole answer; what the player says meanwhile is decoded on its own and joins it.
        """
        pending = self._pending
        if self._dictating:
            return self._dictation_ended(final, early, partial)
        if final is None:
            if pending is None:
                return None
            self._pending_s = 0.0 if partial else self._pending_s + len(data) / self._bytes_per_s
            self._pending_still = self._pending_still and quiet_level is not None and rms(data) <= quiet_level
            wait = PREFIX_PAUSE_S if self._pending_still else PENDING_S
            if self._pending_s < wait - 1e-9:  # audio time summed chunk by chunk
                return None
            self._pending = None
            return pending, False
        if pending is not None:
            self._pending = None
            return pending.then(final), False
        unseen, self._unseen = self._unseen, False
        within = self._whole(final.text) or (unseen and bool(final.text))  # decoded within the pause
        if sequence and within and not self._answered(final):
            self._pending, self._dictating = final, True
            self._loud_at_decode = self.endpointer.loud_chunks
            return None
        if early and self.endpointer.is_extendable(final.text):
            # a prefix ("sessanta" of "sessanta due"): answered at once when the endpointer ended it after the
            # player's pause; when vosk's partial looked complete instead, wait as long as vosk would have
            if self.endpointer.quiet_s >= PREFIX_PAUSE_S - 1e-9:
                return final, early
            self._pending, self._pending_s = final, self.endpointer.quiet_s
            self._pending_still = self.endpointer.quiet_s > 0.0
            return None
        return final, early

    def _whole(self, text: str) -> bool:
        """True when ``text`` is a whole dictation of the phase's phrases (False when the phase takes none)."""
        return self._dictation is not None and self._dictation(text)

    def _answered(self, dictation: Decoded) -> bool:
        """True when a dictation decoded within the pause need wait no longer: its pause has lasted, or nothing
        could be added. One that is not whole (decoded unseen: "sono", the dice to follow) waits as long as
        vosk's own endpoint would have (:data:`PENDING_S`)."""
        pause = SEQUENCE_PAUSE_S if self._whole(dictation.text) else PENDING_S
        if self.endpointer.quiet_s >= pause - 1e-6:
            return True
        return self.complete is not None and self.complete(dictation.text)

    def _dictation_ended(self, final: Decoded | None, early: bool, partial: str) -> tuple[Decoded, bool] | None:
        """:meth:`ended` while a dictation waits out its pause: answered once it lasted; joined by more said."""
        pending = self._pending
        assert pending is not None
        if final is not None and final.text:
            pending = pending.then(final)  # the player went on: the rest of the dictation joins it
        elif partial:
            return None  # a word within the pause: its own end decides
        # an early decode, or no word in vosk's own final, waits out the pause; vosk's own final of a word
        # (it waited for its own silence) answers the joined dictation
        if (final is None or early or not final.text) and not self._answered(pending):
            self._pending = pending
            self._loud_at_decode = self.endpointer.loud_chunks
            return None
        self._pending, self._dictating = None, False
        return pending, early or final is None  # ended by its pause, before vosk's own endpoint

    def done(self) -> None:
        """The utterance was handed on: the next starts clean."""
        self.endpointer.reset()
        self._dictating = False
        self._unseen = False
        self._looked_after = -1
