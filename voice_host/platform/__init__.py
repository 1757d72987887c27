"""Everything that differs between Linux, macOS and Windows, one small module each.

- ``dirs``: the state (journals), cache (solved tables) and model folders of each system;
- ``file_lock``: an exclusive, non-blocking lock on an open file;
- ``files``: the open flags and descriptor modes a regular file needs on each system;
- ``permissions``: owner-only modes where the system has Unix modes;
- ``signals``: the signals that stop the host, and holding them back during a write;
- ``native``: the operating-system modules whose names exist only on some systems.

Each function takes the system as a ``system: str = sys.platform`` parameter, the
one seam where tests fake another system; the rest of the host never looks at the
platform itself.
"""
