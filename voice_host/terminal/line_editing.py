"""Line editing and history for typed answers at a terminal, from the standard library's ``readline``.

Without it a terminal in canonical mode gives only backspace: the arrow keys
print ``^[[A`` into the answer, and a long answer typed wrong must be typed again.
With ``readline`` loaded, ``input()`` edits the line (arrows, Home/End, Ctrl-A,
Ctrl-W...) and keeps the answers of this game as history (arrow up). Screen-reader
users type their answers: this is their microphone. Where ``readline`` is not
there (Windows, a Python built without it) typed lines are read as before.
"""

from __future__ import annotations

from collections.abc import Callable

from voice_host.platform.native import module


def line_editor() -> Callable[[str], str] | None:
    """``input`` with ``readline`` loaded (editing and history), or None when there is no ``readline``."""
    try:
        readline = module("readline")  # not on Windows: through native, so every platform's type check reads this
    except ImportError:
        return None
    readline.set_auto_history(True)
    readline.parse_and_bind("tab: self-insert")  # no file-name completion inside an answer
    return input
