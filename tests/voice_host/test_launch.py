"""The console script's first module quiets Ctrl-C before it imports anything that takes time."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

# -S: no site, so nothing but launch itself can have imported pathlib (as in a wheel install, whose site
# imports no editable finder)
PROBE = f"""
import sys
sys.path.insert(0, {str(REPO)!r})
import voice_host.launch
print(sorted(name for name in ("pathlib", "signal", "typing", "importlib.util") if name in sys.modules))
"""


def test_importing_launch_loads_nothing_slow_before_main_quiets_ctrl_c() -> None:
    # pathlib alone took 12-17 ms of imports (urllib.parse, ipaddress...) in which Ctrl-C printed a traceback
    run = subprocess.run([sys.executable, "-S", "-c", PROBE], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "[]"


# Python's handler for SIGINT and a host's for SIGTERM (both raise), SIGHUP ignored as under nohup
AT_EXIT = f"""
import signal, sys
sys.path.insert(0, {str(REPO)!r})
from voice_host.launch import quiet_exit
signal.signal(signal.SIGINT, signal.default_int_handler)
signal.signal(signal.SIGTERM, lambda signum, frame: None)
signal.signal(signal.SIGHUP, signal.SIG_IGN)
quiet_exit()
print([signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)])
"""


def test_once_the_command_ended_stop_signals_take_their_default_action_and_an_ignored_one_stays_ignored() -> None:
    # a signal in the interpreter's shutdown then ends the process quietly, not with a KeyboardInterrupt traceback
    run = subprocess.run([sys.executable, "-c", AT_EXIT], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "[<Handlers.SIG_DFL: 0>, <Handlers.SIG_DFL: 0>, <Handlers.SIG_IGN: 1>]"
