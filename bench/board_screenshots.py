"""The live board in a real browser: screenshots for the README, update latency and page weight.

Plays a Tokio game (Milella, four players) and a Yatzi game (three players,
physical dice) typed line by line with ``--tts print`` and ``--board``, opens
each board in Debian's headless Chromium (driven over the DevTools pipe, see
``tests/e2e/chromium.py``) and writes, into ``docs/``:

- ``board-tokio-phone.png``, ``board-tokio-tv.png``, ``board-yatzi-phone.png``,
  ``board-yatzi-tv.png`` (a phone in portrait, 390x844 at 2x; a television, 1920x1080).

Then it plays ``--rounds`` caught bluffs in a classico game and measures, for
each, the time from the host's outcome line (``--tts print``: the sentence as
it is said) to the page showing the new penalty (a MutationObserver in the
page stamps it). The session publishes a turn before it says it, so a
negative figure is a page that was ahead of the voice. The page weight is every file the page loads, plus ``/state``.

Run: ``python bench/board_screenshots.py [--rounds N]`` (needs ``apt-get install chromium``).
The last line is ``board latency_p50_ms=N latency_p95_ms=N latency_max_ms=N rounds=N page_bytes=N
tokio_state_bytes=N yatzi_state_bytes=N`` (one line).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "e2e"))

from board_game import BoardGame  # noqa: E402
from chromium import Chromium  # noqa: E402

DOCS = ROOT / "docs"
PHONE = {"width": 390, "height": 844, "scale": 2, "mobile": True}
TV = {"width": 1920, "height": 1080, "scale": 1, "mobile": False}

#: Milella, Anna, Bruno, Carla, Dario: the typed lines and the line each one waits for.
TOKIO = [
    # Anna's bluff is caught: one penalty, she opens again against Bruno
    ("cinquantatré", "ci credi?"), ("dubito", "scopri"), ("quarantadue", "Anna, tira"),
    # Bruno believes, raises and is caught: one penalty, he opens against Carla
    ("sessantuno", "ci credi?"), ("ci credo", "tira"), ("sessantaquattro", "ci credi?"), ("dubito", "scopri"),
    ("cinquantadue", "Bruno, tira"),
    # Bruno declares Tokio and Carla doubts a true Tokio: doubled, two penalties for Carla
    ("tokio", "ci credi?"), ("dubito", "scopri"), ("tokio", "Carla, tira"),
    # Carla's claim waits for Dario's answer on the screenshot
    ("coppia di quattro", "Dario, ci credi?"),
]

#: Anna, Bruno, Carla (Anna first), physical dice: three rounds scored, a fourth roll on the table.
YATZI = [
    ("sei sei sei due tre", "Anna,"), ("sei", "Bruno,"),
    ("cinque cinque cinque cinque uno", "Bruno,"), ("poker", "Carla,"),
    ("uno due tre quattro cinque", "Carla,"), ("scala massima", "Anna,"),
    ("quattro quattro quattro due due", "Anna,"), ("full", "Bruno,"),
    ("tre tre tre uno due", "Bruno,"), ("tre", "Carla,"),
    ("due due due cinque cinque", "Carla,"), ("tris", "Anna,"),
    ("cinque cinque cinque uno uno", "Anna,"), ("cinque", "Bruno,"),
    ("sei sei sei sei sei", "Bruno,"), ("yatzi", "Carla,"),
    ("quattro quattro uno due tre", "Carla,"), ("quattro", "Anna,"),
    ("due tre quattro cinque cinque", "Anna,"),
]

#: In the page: the wall-clock time each penalty count of Anna first shows.
WATCH = """
window.seen = {};
new MutationObserver(() => {
  const anna = document.querySelector('[data-name="Anna"]');
  if (anna && !(anna.dataset.penalties in window.seen)) window.seen[anna.dataset.penalties] = Date.now();
}).observe(document.body, {subtree: true, childList: true, attributes: true});
"""


def play(game: BoardGame, lines: list[tuple[str, str]]) -> None:
    for line, answer in lines:
        game.say(line)
        game.wait_for(answer, timeout=15)


def screenshots(name: str, options: list[str], lines: list[tuple[str, str]], ready: str, work: Path) -> int:
    """Play ``lines``, then shoot the board at both sizes; the size of ``/state`` at the end."""
    game = BoardGame(options, work)
    try:
        play(game, lines)
        for size, view in (("phone", PHONE), ("tv", TV)):
            browser = Chromium(**view)  # type: ignore[arg-type]
            try:
                browser.open(game.url)
                browser.wait_until(ready)
                time.sleep(0.2)  # fonts and layout settle
                browser.screenshot(str(DOCS / f"board-{name}-{size}.png"), full_page=size == "phone")
            finally:
                browser.close()
        with urllib.request.urlopen(game.url + "state") as answer:
            return len(answer.read())
    finally:
        game.close()


def page_weight(url: str) -> int:
    """Bytes of every file the page loads (the HTML, its script, its style, its icon)."""
    total = 0
    for path in ("", "board.js", "board.css", "favicon.svg"):
        with urllib.request.urlopen(url + path) as answer:
            total += len(answer.read())
    return total


def latency(rounds: int, work: Path) -> tuple[list[float], int]:
    """Milliseconds from each spoken penalty to the page showing it, and the page weight."""
    game = BoardGame(["--game", "tokio", "--players", "Anna,Bruno", "--rules", "classico",
                      "--limit", str(rounds + 1)], work)
    browser = Chromium(**TV)  # type: ignore[arg-type]
    offset = time.time() - time.monotonic()
    delays = []
    try:
        weight = page_weight(game.url)
        browser.open(game.url)
        browser.wait_until("document.querySelectorAll('.player').length === 2")
        browser.evaluate(WATCH)
        for count in range(1, rounds + 1):
            game.say("cinquantatré")
            game.wait_for("ci credi?")
            game.say("dubito")
            game.wait_for("scopri")
            game.say("quarantadue")
            spoken = game.wait_for(f"ne ha {count}.") + offset
            browser.wait_until(f"'{count}' in window.seen", timeout=5)
            shown = browser.evaluate(f"window.seen['{count}']") / 1000
            delays.append((shown - spoken) * 1000)
    finally:
        browser.close()
        game.close()
    return delays, weight


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=30)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        tokio = screenshots("tokio", ["--game", "tokio", "--players", "Anna,Bruno,Carla,Dario", "--rules", "milella"],
                            TOKIO, "document.querySelectorAll('.player').length === 4", work)
        yatzi = screenshots("yatzi", ["--game", "yatzi", "--players", "Anna,Bruno,Carla", "--first", "Anna"],
                            YATZI, "document.querySelectorAll('#dice .die').length === 5", work)
        delays, weight = latency(args.rounds, work)
    for name in ("tokio-phone", "tokio-tv", "yatzi-phone", "yatzi-tv"):
        print(f"wrote docs/board-{name}.png ({(DOCS / f'board-{name}.png').stat().st_size} bytes)")
    ordered = sorted(delays)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    print(f"board latency_p50_ms={statistics.median(ordered):.1f} latency_p95_ms={p95:.1f} "
          f"latency_max_ms={ordered[-1]:.1f} rounds={len(ordered)} page_bytes={weight} "
          f"tokio_state_bytes={tokio} yatzi_state_bytes={yatzi}")


if __name__ == "__main__":
    main()
