"""Silence is not the end: after quiet waits the host asks again, then helps, then waits; silence decides nothing.

The real Tokio and Yatzi dialogs and engines; fakes only at the ports (the
listener returns ``Silence`` where a speech listener's patience would run out).
Expected sentences are the host's questions as RULES.md's turns put them
(Anna opens, Bruno answers her claim) and the issue's reprompt design.
"""

from __future__ import annotations

from pathlib import Path

from fakes import ListListener, RecordingSpeaker

from engine.tokio.rules import preset
from grammars import intents as it
from grammars.tokio.grammar import Phase
from grammars.tokio.intents import BelieveIt, DoubtIt
from grammars.yatzi.grammar import Phase as YatziPhase
from voice_host.core.ports import Silence
from voice_host.core.session import Outcome, Session
from voice_host.games.tokio.dialog import TokioDialog
from voice_host.games.yatzi.dialog import YatziDialog
from voice_host.storage.journal import Journal, read_journal

QUIET = Silence(20.0)
HELP_LEAD = "Puoi dire per esempio: "


def _tokio(lines, *, reprompt_s=(20.0, 20.0), cue=False, journal=None):
    listener, speaker = ListListener(lines), RecordingSpeaker()
    rules = preset("classico")
    session = Session(lambda: TokioDialog(rules, ["Anna", "Bruno"]), listener, speaker, journal,
                      reprompt_s=reprompt_s, cue=cue)
    return session, listener, speaker


def _examples(help_line: str) -> list[str]:
    assert help_line.startswith(HELP_LEAD) and help_line.endswith("."), help_line
    return help_line[len(HELP_LEAD):-1].split(", ")


def test_a_quiet_wait_repeats_the_question_with_the_name_then_a_short_help_then_waits_quietly() -> None:
    session, listener, speaker = _tokio(["cinquantatré", QUIET, QUIET, "dubito", "cinque e tre"])
    session.run()
    # the response question, asked once, again after the first wait, then the help after the second
    question = "Cinquantatré. Bruno, ci credi?"
    assert speaker.turns[1] == [question] and speaker.turns[2] == [question]
    assert len(speaker.turns[3]) == 1
    examples = _examples(speaker.turns[3][0])
    # two examples, legal now: one believes, one doubts (each as the parser reads it at this question)
    dialog = TokioDialog(preset("classico"), ["Anna", "Bruno"])
    dialog.apply(dialog.decide(dialog.parse("cinquantatré", Phase.CLAIM)).action)  # type: ignore[union-attr]
    intents = {type(dialog.parse(example, Phase.RESPONSE)) for example in examples}
    assert len(examples) == 2 and intents == {BelieveIt, DoubtIt}
    # the listener was told how long to wait each time, then to wait for as long as it takes
    waits = [(r.phase, r.patience_s) for r in listener.requests]
    assert waits[:4] == [("claim", 20.0), ("response", 20.0), ("response", 20.0), ("response", None)]
    # and the answer given after all that works as it would have at once: Bruno doubted wrongly
    assert [p.penalties for p in session.dialog.engine.players] == [0, 1]


def test_silence_decides_nothing_the_game_is_the_same_as_without_it(tmp_path: Path) -> None:
    answers = ["cinquantatré", "dubito", "cinque e tre"]
    quiet = [QUIET, "cinquantatré", QUIET, QUIET, "dubito", QUIET, "cinque e tre"]
    plain_journal = Journal.create(tmp_path / "plain.jsonl", "tokio", {})
    plain, _, plain_speaker = _tokio(answers, journal=plain_journal)
    plain.run()
    quiet_journal = Journal.create(tmp_path / "quiet.jsonl", "tokio", {})
    waited, _, waited_speaker = _tokio(quiet, journal=quiet_journal)
    waited.run()
    plain_journal.close()
    quiet_journal.close()
    assert read_journal(tmp_path / "quiet.jsonl")[0].actions == read_journal(tmp_path / "plain.jsonl")[0].actions
    assert len(waited.actions) == 3
    # what the host said is the plain game's, plus only the reprompts and the help
    extra = [s for s in waited_speaker.said if s not in plain_speaker.said or s.startswith(HELP_LEAD)]
    assert [s.startswith(HELP_LEAD) for s in extra] == [True]
    assert waited_speaker.said.count("Anna, tira e dichiara.") == plain_speaker.said.count("Anna, tira e dichiara.") + 1


def test_after_the_help_the_host_stays_quiet_however_long_the_silence() -> None:
    # a listener that (wrongly) keeps returning silence to a request without patience is just listened to again
    session, listener, speaker = _tokio([QUIET, QUIET, "cinquantatré"])
    session.run()
    assert [r.patience_s for r in listener.requests[:3]] == [20.0, 20.0, None]
    assert speaker.turns[1] == ["Anna, tira e dichiara."]
    assert len(speaker.turns[2]) == 1 and speaker.turns[2][0].startswith(HELP_LEAD)
    assert len(speaker.turns) == 4  # then nothing until the claim (whose turn asks Bruno)
    assert len(session.actions) == 1


def test_the_waits_come_from_the_option_and_off_means_no_patience_at_all() -> None:
    session, listener, _ = _tokio(["cinquantatré", QUIET, "dubito"], reprompt_s=(3.0, 7.5))
    session.run()
    assert [r.patience_s for r in listener.requests[:4]] == [3.0, 3.0, 7.5, 3.0]
    never, quiet_listener, quiet_speaker = _tokio(["cinquantatré", "dubito"], reprompt_s=())
    never.run()
    assert all(r.patience_s is None for r in quiet_listener.requests)
    assert not any(s.startswith(HELP_LEAD) for s in quiet_speaker.said)


def test_a_pending_question_is_asked_again_naming_the_player_and_helped_with_yes_and_no() -> None:
    session, listener, speaker = _tokio(["fine partita", QUIET, QUIET, "no", "cinquantatré"])
    session.run()
    assert speaker.turns[1] == ["Finiamo la partita? Sì o no?"]
    assert speaker.turns[2] == ["Anna, finiamo la partita? Sì o no?"]
    assert _examples(speaker.turns[3][0]) == ["sì", "no"]
    assert [r.phase for r in listener.requests[:5]] == ["claim", "confirm", "confirm", "confirm", "claim"]
    assert len(session.actions) == 1  # "no": the game went on, and the claim is in force


def test_the_request_names_who_must_answer() -> None:
    session, listener, _ = _tokio(["cinquantatré", "dubito", "cinque e tre"])
    session.run()
    # Anna claims, Bruno answers, Anna (the claimant) lifts the cup, then Bruno, who lost the doubt, opens
    assert [r.who for r in listener.requests] == ["Anna", "Bruno", "Anna", "Bruno"]


def test_yatzi_start_die_is_asked_of_the_player_rolling_it_and_its_help_has_its_one_example() -> None:
    listener, speaker = ListListener([QUIET, QUIET, "quattro"]), RecordingSpeaker()
    session = Session(lambda: YatziDialog(["Anna", "Bruno"]), listener, speaker, reprompt_s=(5.0, 5.0))
    session.run()
    assert listener.requests[0].who == "Anna"
    question = "Anna, tira un dado e di' il numero."
    assert speaker.turns[0][-1] == question and speaker.turns[1] == [question]
    (example,) = _examples(speaker.turns[2][0])  # the start has one example: a die's face
    assert not isinstance(session.dialog.parse(example, YatziPhase.START), it.NotUnderstood)


def test_every_turn_before_listening_asks_for_the_cue_and_the_last_does_not() -> None:
    session, _, speaker = _tokio(["cinquantatré", QUIET, "dubito", "cinque e tre", "cinquantatré"], cue=True)
    session.run()
    assert speaker.cues == [True] * len(speaker.turns)  # input ended: every turn was followed by listening
    ends = ["cinquantatré", "dubito", "cinque e tre"]
    listener, finished = ListListener(ends), RecordingSpeaker()
    rules = preset("classico", limit=1)
    session = Session(lambda: TokioDialog(rules, ["Anna", "Bruno"]), listener, finished, cue=True)
    assert session.run() is Outcome.FINISHED
    assert finished.cues == [True] * (len(finished.turns) - 1) + [False]  # the winner is announced, nobody listens
    plain_session, _, plain = _tokio(["cinquantatré"], cue=False)
    plain_session.run()
    assert not any(plain.cues)
