"""Piped typed input skips comment lines, as a script does: a header naming "Yokohama" is no claim (issue 28)."""

from __future__ import annotations

import io

from voice_host.core.ports import ListenRequest
from voice_host.terminal.text_io import KeyboardListener


def test_a_comment_line_is_not_an_utterance() -> None:
    listener = KeyboardListener(io.BytesIO(b"# classico Yokohama, d8\n  # another\nottantasette\n"))
    heard = listener.listen(ListenRequest("claim", ()))
    assert heard is not None and heard.text == "ottantasette"
    assert listener.listen(ListenRequest("claim", ())) is None
