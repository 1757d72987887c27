"""A headless Chromium (Debian's package) driven over the DevTools protocol on a pipe: no websocket, no download.

``--remote-debugging-pipe`` makes Chromium read protocol messages from fd 3 and
write its answers to fd 4, each a JSON object ended by a NUL byte. That is the
whole client: the tests and ``bench/board_screenshots.py`` open a page, read the
DOM with ``Runtime.evaluate`` and take screenshots.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import shutil
import subprocess
import tempfile
import threading
import time
from typing import Any

#: Where Debian puts the browser (``apt-get install chromium``).
STDERR = subprocess.DEVNULL if not os.environ.get("BOARD_CHROMIUM_LOG") else None
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


class ProtocolError(RuntimeError):
    """Chromium answered a command with an error."""


class Chromium:
    """One headless Chromium with one page; ``close()`` ends it."""

    def __init__(self, width: int = 1280, height: int = 800, *, scale: float = 1, mobile: bool = False) -> None:
        if CHROMIUM is None:
            raise FileNotFoundError("chromium is not installed (apt-get install chromium)")
        self._profile = tempfile.mkdtemp(prefix="board-chromium-")
        to_browser_read, self._to_browser = os.pipe()
        self._from_browser, from_browser_write = os.pipe()

        def wire() -> None:  # in the child: the protocol's two fds, open across exec
            for source, target in ((to_browser_read, 3), (from_browser_write, 4)):
                if source == target:
                    os.set_inheritable(target, True)  # dup2 onto itself would keep close-on-exec
                else:
                    os.dup2(source, target)

        self._proc = subprocess.Popen(
            [CHROMIUM, "--headless", "--remote-debugging-pipe", "--no-sandbox", "--disable-gpu",
             "--no-first-run", "--no-default-browser-check", "--disable-extensions", "--mute-audio",
             "--hide-scrollbars", f"--user-data-dir={self._profile}", f"--window-size={width},{height}",
             "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=STDERR,
            preexec_fn=wire, close_fds=False,
        )
        os.close(to_browser_read)
        os.close(from_browser_write)
        self._next_id = 0
        self._answers: dict[int, dict[str, Any]] = {}
        self._arrived = threading.Condition()
        self._write_lock = threading.Lock()
        threading.Thread(target=self._read, daemon=True).start()
        target = self.call("Target.createTarget", url="about:blank")["targetId"]
        self._session = self.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        self.page("Page.enable")
        self.page("Runtime.enable")
        self.page("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=scale,
                  mobile=mobile)

    # ------------------------------------------------------------ protocol

    def call(self, method: str, session: str | None = None, **params: Any) -> dict[str, Any]:
        """Send one command (to the browser, or to ``session``) and wait for its answer."""
        with self._write_lock:
            self._next_id += 1
            ident = self._next_id
            message = {"id": ident, "method": method, "params": params}
            if session is not None:
                message["sessionId"] = session
            os.write(self._to_browser, json.dumps(message).encode() + b"\0")
        with self._arrived:
            if not self._arrived.wait_for(lambda: ident in self._answers, timeout=30):
                raise TimeoutError(f"chromium did not answer {method}")
            answer = self._answers.pop(ident)
        if "error" in answer:
            raise ProtocolError(f"{method}: {answer['error']}")
        result: dict[str, Any] = answer.get("result", {})
        return result

    def page(self, method: str, **params: Any) -> dict[str, Any]:
        """A command to the page."""
        return self.call(method, self._session, **params)

    def _read(self) -> None:
        buffer = b""
        while True:
            try:
                chunk = os.read(self._from_browser, 1 << 16)
            except OSError:
                return
            if not chunk:
                return
            buffer += chunk
            *messages, buffer = buffer.split(b"\0")
            for raw in messages:
                message = json.loads(raw)
                if "id" in message:
                    with self._arrived:
                        self._answers[message["id"]] = message
                        self._arrived.notify_all()

    # ------------------------------------------------------------ the page

    def open(self, url: str) -> None:
        """Load ``url`` and wait until it has loaded."""
        self.page("Page.navigate", url=url)
        self.wait_until("document.readyState === 'complete'")

    def evaluate(self, expression: str) -> Any:
        """The value of a JavaScript expression in the page."""
        result = self.page("Runtime.evaluate", expression=expression, returnByValue=True)
        if "exceptionDetails" in result:
            raise ProtocolError(str(result["exceptionDetails"]))
        return result["result"].get("value")

    def wait_until(self, expression: str, timeout: float = 10, every: float = 0.01) -> float:
        """Poll ``expression`` until it is true; the time (``time.monotonic``) it first was. TimeoutError after."""
        deadline = time.monotonic() + timeout
        while True:
            if self.evaluate(expression):
                return time.monotonic()
            if time.monotonic() > deadline:
                raise TimeoutError(f"never true: {expression}")
            time.sleep(every)

    def screenshot(self, path: str, *, full_page: bool = True) -> None:
        """Save the page as PNG (the whole page, or the viewport)."""
        params: dict[str, Any] = {"format": "png", "captureBeyondViewport": full_page}
        data = self.page("Page.captureScreenshot", **params)["data"]
        with open(path, "wb") as out:
            out.write(base64.b64decode(data))

    def close(self) -> None:
        """End the browser and remove its profile."""
        with contextlib.suppress(OSError, TimeoutError, ProtocolError):
            self.call("Browser.close")
        try:
            self._proc.wait(10)
        except subprocess.TimeoutExpired:
            self._proc.kill()
            self._proc.wait()
        os.close(self._to_browser)
        os.close(self._from_browser)
        shutil.rmtree(self._profile, ignore_errors=True)
