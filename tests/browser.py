"""Headless Chromium driven through the DevTools protocol (a websocket, `websocket-client`),
for the HTML report's browser test: open a page, evaluate, click where an element is, take
a screenshot, and collect every script error (exceptions thrown, console errors, log
entries at level error) seen on the way."""
from __future__ import annotations

import base64
import itertools
import json
import shutil
import subprocess
import time
from pathlib import Path
from typing import Any

DEADLINE = 30.0  # seconds for the browser to start, or a page to load, on a loaded machine


def find() -> str | None:
    """Debian's Chromium, when it is installed."""
    return shutil.which("chromium") or shutil.which("chromium-browser")


class Browser:
    def __init__(self, exe: str, profile: Path, size: tuple[int, int] = (1280, 900)) -> None:
        self.exe, self.profile, self.size = exe, profile, size
        self.errors: list[str] = []
        self._ids = itertools.count(1)
        self._loaded = False

    def __enter__(self) -> "Browser":
        import websocket  # the test extra: websocket-client
        from urllib.request import urlopen

        self.profile.mkdir(parents=True, exist_ok=True)
        (self.profile / "DevToolsActivePort").unlink(missing_ok=True)  # a profile used before: not its old port
        self.proc = subprocess.Popen(
            [self.exe, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
             "--disable-extensions", "--hide-scrollbars", "--remote-allow-origins=*", f"--user-data-dir={self.profile}",
             "--remote-debugging-port=0", f"--window-size={self.size[0]},{self.size[1]}", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            port = self._port()
            with urlopen(f"http://127.0.0.1:{port}/json/list", timeout=DEADLINE) as r:
                pages = [t for t in json.load(r) if t.get("type") == "page"]
            self.ws = websocket.create_connection(pages[0]["webSocketDebuggerUrl"], timeout=DEADLINE,
                                                  suppress_origin=True)
            for domain in ("Runtime", "Page", "Log"):
                self.call(f"{domain}.enable")
        except BaseException:
            self._stop()
            raise
        return self

    def __exit__(self, *exc: Any) -> None:
        try:
            self.ws.close()
        finally:
            self._stop()

    def _stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()

    def _port(self) -> int:
        """Chromium writes the port it chose into DevToolsActivePort in its profile."""
        f = self.profile / "DevToolsActivePort"
        end = time.monotonic() + DEADLINE
        while time.monotonic() < end:
            if self.proc.poll() is not None:
                raise RuntimeError(f"{self.exe} exited with {self.proc.returncode} at start")
            if f.is_file() and f.read_text().strip():
                return int(f.read_text().split()[0])
            time.sleep(0.05)
        raise RuntimeError(f"{self.exe} did not open its DevTools port within {DEADLINE} s")

    def _event(self, msg: dict) -> None:
        method, p = msg.get("method"), msg.get("params", {})
        if method == "Runtime.exceptionThrown":
            d = p["exceptionDetails"]
            self.errors.append(f"exception: {d.get('exception', {}).get('description') or d.get('text')}")
        elif method == "Runtime.consoleAPICalled" and p.get("type") in ("error", "assert"):
            self.errors.append("console: " + " ".join(str(a.get("value", a.get("description"))) for a in p["args"]))
        elif method == "Log.entryAdded" and p["entry"]["level"] == "error":
            self.errors.append(f"log: {p['entry']['text']}")
        elif method == "Page.loadEventFired":
            self._loaded = True

    def call(self, method: str, **params: Any) -> dict:
        n = next(self._ids)
        self.ws.send(json.dumps({"id": n, "method": method, "params": params}))
        while True:
            msg = json.loads(self.ws.recv())
            if msg.get("id") == n:
                if "error" in msg:
                    raise RuntimeError(f"{method}: {msg['error']}")
                return msg.get("result", {})
            self._event(msg)

    def open(self, url: str) -> None:
        self._loaded = False
        self.call("Page.navigate", url=url)
        while not self._loaded:
            self._event(json.loads(self.ws.recv()))

    def eval(self, expr: str) -> Any:
        r = self.call("Runtime.evaluate", expression=expr, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in r:
            raise RuntimeError(f"evaluating {expr!r}: {r['exceptionDetails']}")
        return r["result"].get("value")

    def click(self, selector: str) -> None:
        """A mouse press and release at the middle of the element, as a user's click."""
        x, y = self.eval(f"(e => {{ e.scrollIntoView({{block: 'center'}}); const r = e.getBoundingClientRect();"
                         f" return [r.x + r.width / 2, r.y + r.height / 2]; }})"
                         f"(document.querySelector({json.dumps(selector)}))")
        for kind in ("mousePressed", "mouseReleased"):
            self.call("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left", clickCount=1)

    def screenshot(self) -> bytes:
        return base64.b64decode(self.call("Page.captureScreenshot", format="png")["data"])

    def colours(self, png: bytes) -> int:
        """How many colours a PNG shows (one pixel in 7 sampled), decoded by the browser."""
        b64 = base64.b64encode(png).decode()
        return self.eval(
            "new Promise((ok, no) => { const i = new Image(); i.onerror = () => no(new Error('not an image'));"
            " i.onload = () => { const c = document.createElement('canvas'); c.width = i.width; c.height = i.height;"
            " const x = c.getContext('2d'); x.drawImage(i, 0, 0); const d = x.getImageData(0, 0, c.width, c.height).data;"
            " const seen = new Set(); for (let k = 0; k < d.length; k += 28) seen.add((d[k] << 16) | (d[k + 1] << 8) | d[k + 2]);"
            f" ok(seen.size); }}; i.src = 'data:image/png;base64,{b64}'; }})")
