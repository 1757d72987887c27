"""Typed input has a total bound, like a script (issue 18, item 8): a stream that never ends stops."""

from __future__ import annotations

import io

import pytest

from voice_host.core.ports import ListenRequest
from voice_host.limits import MAX_SCRIPT_BYTES, MAX_UTTERANCE_BYTES
from voice_host.terminal.text_io import InputTooLong, KeyboardListener

REQUEST = ListenRequest("claim", ())


@pytest.mark.parametrize("as_text", [False, True])
def test_typed_input_stops_past_the_script_limit(as_text: bool) -> None:
    line = "x" * (MAX_UTTERANCE_BYTES - 1) + "\n"  # the longest line allowed, again and again
    lines = MAX_SCRIPT_BYTES // len(line)
    data = line * (lines + 1)
    stream = io.StringIO(data) if as_text else io.BytesIO(data.encode())
    listener = KeyboardListener(stream)
    for _ in range(lines):
        assert listener.listen(REQUEST) is not None  # all of 16 MB is read
    with pytest.raises(InputTooLong, match="più di 16 MB"):
        listener.listen(REQUEST)


def test_typed_input_within_the_limit_ends_as_usual() -> None:
    listener = KeyboardListener(io.BytesIO(b"dubito\n"))
    heard = listener.listen(REQUEST)
    assert heard is not None and heard.text == "dubito"
    assert listener.listen(REQUEST) is None
