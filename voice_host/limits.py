"""How much the host reads from files and players: every read is bounded by these."""

from __future__ import annotations

MAX_UTTERANCE_BYTES = 1024
"""One typed or scripted utterance (a spoken phrase is a few dozen characters)."""

MAX_SCRIPT_BYTES = 16 * 1024 * 1024
"""A whole ``--input script:`` file."""

MAX_JOURNAL_LINE_BYTES = 16 * 1024
"""One journal record (the header with a dozen long names is well under 2 KB)."""

MAX_JOURNAL_BYTES = 4 * 1024 * 1024
"""A whole journal: about 40,000 records, read and replayed in about a second (a long
game with many ``annulla`` writes a few hundred records). The journal never writes a
record that would take it past this: the game stops there (exit 4), resumable, and the
resume compacts a journal past half of it (``voice_host.storage.journal.COMPACT_ABOVE``)."""

MAX_NAME_CHARS = 40
"""A player's name."""

MAX_SEATS = 64
"""Players and computer seats of one game: the journal's header holds at most this many names
(64 names of 40 four-byte characters fit well within ``MAX_JOURNAL_LINE_BYTES``)."""

MAX_JOURNAL_INT = 2**63 - 1
"""The largest integer (in absolute value) a journal may hold."""

MAX_JOURNAL_TEXT_CHARS = 256
"""The longest string a journal may hold."""
