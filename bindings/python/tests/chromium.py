"""Headless Chromium, driven over the DevTools protocol on a pipe (``--remote-debugging-pipe``):
Chromium reads commands from its file descriptor 3 and writes answers and events to 4, each a
JSON message ended by a NUL byte. The standard library suffices; no WebDriver, no network port.
The timeline page's tests and bench use it (make test-timeline, make bench)."""

from __future__ import annotations

import base64
import fcntl
import json
import os
import select
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any, Dict, List, Optional

#: The browser's program names, Debian's first.
PROGRAMS = ("chromium", "chromium-browser", "google-chrome")

#: The key codes DevTools needs for the keys the tests press.
KEY_CODES = {"ArrowLeft": 37, "ArrowRight": 39, "Home": 36, "End": 35}


def program() -> Optional[str]:
    """The path of the browser, or None when none is installed."""
    for name in PROGRAMS:
        found = shutil.which(name)
        if found:
            return found
    return None


class Browser:
    """One headless Chromium with one page (``with Browser() as browser: browser.open(path)``)."""

    def __init__(self, width: int = 1400, height: int = 900) -> None:
        path = program()
        if path is None:
            raise RuntimeError("no Chromium on PATH (Debian: apt-get install chromium; make test-deps installs it)")
        self._profile = tempfile.mkdtemp(prefix="navcore-chromium-")
        to_browser, self._commands = os.pipe()
        self._answers, from_browser = os.pipe()
        high = [fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 100) for fd in (to_browser, from_browser)]

        def descriptors() -> None:
            os.dup2(high[0], 3)
            os.dup2(high[1], 4)

        self._process = subprocess.Popen(
            [path, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
             "--disable-extensions", "--remote-debugging-pipe", f"--user-data-dir={self._profile}", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            preexec_fn=descriptors, close_fds=False)
        for fd in [to_browser, from_browser, *high]:
            os.close(fd)
        self._next_id = 0
        self._buffer = b""
        self._session: Optional[str] = None
        target = self.call("Target.createTarget", {"url": "about:blank"}, session=False)["targetId"]
        self._session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True}, session=False)["sessionId"]
        self.call("Page.enable")
        self.call("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})

    def __enter__(self) -> "Browser":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def close(self) -> None:
        """Ends the browser and removes its profile."""
        try:
            self.call("Browser.close", session=False)
        except (OSError, RuntimeError):
            pass
        try:
            self._process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait()
        for fd in (self._commands, self._answers):
            try:
                os.close(fd)
            except OSError:
                pass
        shutil.rmtree(self._profile, ignore_errors=True)

    def call(self, method: str, params: Optional[Dict[str, Any]] = None, session: bool = True, timeout: float = 60) -> Any:
        """Sends one command (to the page's session unless ``session`` is False) and returns its result."""
        self._next_id += 1
        message: Dict[str, Any] = {"id": self._next_id, "method": method, "params": params or {}}
        if session and self._session is not None:
            message["sessionId"] = self._session
        os.write(self._commands, json.dumps(message).encode("utf-8") + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            answer = self._read(deadline)
            if answer.get("id") == self._next_id:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error']}")
                return answer.get("result", {})

    def _read(self, deadline: float) -> Dict[str, Any]:
        """The next message from the browser."""
        while b"\0" not in self._buffer:
            remaining = deadline - time.monotonic()
            if remaining <= 0 or not select.select([self._answers], [], [], remaining)[0]:
                raise RuntimeError("the browser did not answer in time")
            chunk = os.read(self._answers, 1 << 20)
            if not chunk:
                raise RuntimeError("the browser closed its pipe")
            self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        parsed: Dict[str, Any] = json.loads(message)
        return parsed

    def evaluate(self, expression: str) -> Any:
        """The value of a JavaScript expression in the page (awaited when a promise)."""
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True})
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def open(self, path: Path, ready: str = "document.body && document.body.dataset.ready === 'true'", timeout: float = 60) -> float:
        """Opens file ``path`` and waits until ``ready`` is true; the seconds that took."""
        started = time.monotonic()
        self.call("Page.navigate", {"url": path.resolve().as_uri()})
        while not self.evaluate(f"!!({ready})"):
            if time.monotonic() - started > timeout:
                raise RuntimeError(f"{path} was not ready after {timeout} s")
            time.sleep(0.02)
        return time.monotonic() - started

    def press(self, key: str) -> None:
        """Presses and releases ``key`` as the keyboard does (a key of KEY_CODES)."""
        for kind in ("keyDown", "keyUp"):
            self.call("Input.dispatchKeyEvent", {"type": kind, "key": key, "code": key, "windowsVirtualKeyCode": KEY_CODES[key]})

    def screenshot(self, path: Path) -> None:
        """Saves the page as PNG."""
        path.write_bytes(base64.b64decode(self.call("Page.captureScreenshot", {"format": "png"})["data"]))
