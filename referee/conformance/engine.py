"""Another engine as a judge: one subprocess for the whole run, asked one log a line on its
stdin and answering one line on its stdout (protocol 1, docs/differential.md; the schemas
request.schema.json and answer.schema.json ship beside this module).

Nothing the engine does can hang the run or crash it: every write and every read waits at
most `timeout` seconds for that answer (the pipes are non-blocking and watched by a
selector, so an engine that stops reading is caught too), and an answer that is not one
JSON object, breaks the schema or answers another request is the engine's fault,
reported with its stdout line (`EngineFailed`, exit 2)."""
from __future__ import annotations

import json
import os
import selectors
import shlex
import subprocess
import threading
import time
from importlib import resources
from typing import Any, Sequence

import orjson

from ..errors import RefereeError
from ..children import end_group
from .said import Said

PROTOCOL = 1
TAIL = 4096  # bytes of an engine's stderr kept, for the message that quotes its end
MAX_ANSWER = 1 << 20  # an answer is a few fields: a longer line is the engine's fault


class EngineFailed(RefereeError):
    """The other engine died, fell silent or answered out of protocol (exit 2): its fault,
    located by its stdout line and the request answered."""

    kind = "engine"


def schema(which: str) -> dict:
    """The published JSON Schema of a request or an answer ("request" or "answer")."""
    return json.loads(resources.files(__package__).joinpath(f"{which}.schema.json").read_text(encoding="utf-8"))


def _validator():
    try:
        from jsonschema import Draft202012Validator
    except ImportError:  # an extra: pip install 'referee[differential]'
        raise EngineFailed("checking an engine's answers needs jsonschema: pip install 'referee[differential]'") from None
    return Draft202012Validator(schema("answer"))


class Engine:
    """The engine process. Use as a context manager: the process is ended on exit."""

    def __init__(self, command: str | Sequence[str], timeout: float = 10.0):
        try:
            self.argv = shlex.split(command) if isinstance(command, str) else list(command)
        except ValueError as e:  # an unbalanced quote
            raise EngineFailed(f"engine {command!r}: cannot split the command as a shell would: {e}") from None
        if not self.argv:
            raise EngineFailed("the engine command is empty: give the command that starts it")
        self.title = " ".join(self.argv)
        self.timeout = timeout
        self.asked = 0  # requests sent, answers read: the answer's stdout line is its id
        self._check = _validator()
        self._tail = b""  # the end of the engine's stderr, quoted when it fails
        try:
            # a session of its own: close() ends the processes it started too, never left
            # running after the run (a hostile run, s61: an engine's forked child outlived it)
            self.proc = subprocess.Popen(self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=subprocess.PIPE, bufsize=0, start_new_session=True)
        except OSError as e:
            raise EngineFailed(f"engine {self.title!r}: cannot start it: {e.strerror or e}") from None
        # drained as it comes, its last TAIL bytes kept: an engine that floods its stderr held
        # it all, in a temporary file, then in memory (a hostile run, s53 G3: 9 GB in 5 s)
        self._drainer = threading.Thread(target=self._drain, daemon=True)
        self._drainer.start()
        for f in (self.proc.stdin, self.proc.stdout):
            os.set_blocking(f.fileno(), False)
        self._sel = selectors.DefaultSelector()
        self._buf = bytearray()
        self.failed = False  # then close() ends it at once: it has had its chance

    def __enter__(self) -> "Engine":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        """Close its stdin (the end of the run), give it a moment, then kill it."""
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        try:
            self.proc.wait(timeout=0 if self.failed else 2)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        end_group(self.proc.pid)  # what it started and left behind
        self.proc.stdout.close()
        self._sel.close()

    # ------------------------------------------------------------------ one question
    def said(self, lines: Sequence[bytes], name: str, game: Any = None) -> Said:
        self.asked += 1
        where = f"engine {self.title!r}: stdout line {self.asked} (the answer to {name!r})"
        try:
            said = self._answer(orjson.dumps(request(self.asked, game, name, lines)) + b"\n", where)
            if said.line is not None and said.line > len(lines):  # a line the log has not: no verdict on it
                raise EngineFailed(f"{where}: line {said.line}, past the log's {len(lines)} lines: the answer "
                                   "names a line the log does not have")
            return said
        except EngineFailed:
            self.failed = True
            raise

    def _answer(self, req: bytes, where: str) -> Said:
        raw = self._exchange(req, where)
        try:
            ans = orjson.loads(raw)
        except orjson.JSONDecodeError as e:
            raise EngineFailed(f"{where}: not a JSON object ({e}): {_clip(raw)}") from None
        if isinstance(ans, dict):  # a key given twice: which value the engine meant cannot be known (as in a log)
            from ..replays.log import Unreadable, duplicate_key

            try:
                duplicate_key(0, raw)
            except Unreadable as e:
                raise EngineFailed(f"{where}: {e.message}: {_clip(raw)}") from None
        for k in ("id", "line"):  # before the schema: it counts 5.0 as an integer, and words 2^64 as 1.8e19
            x = ans.get(k) if isinstance(ans, dict) else None
            if type(x) is float:
                what = ("a whole number past 64 bits (read as a decimal)" if x.is_integer() and abs(x) >= 2 ** 63
                        else f"{x!r} is a decimal number")
                raise EngineFailed(f"{where}: {k}: {what}, expected a whole number: {_clip(raw)}")
        errs = sorted(self._check.iter_errors(ans), key=lambda e: [str(x) for x in e.absolute_path])
        if errs:
            e = errs[0]
            at = "/".join(map(str, e.absolute_path)) or "the answer"
            # jsonschema's message quotes the whole value: a 500 KB cite would push the reason out of view
            said = e.message if len(e.message) <= 200 else f"breaks {e.validator} {e.validator_value!r}"
            raise EngineFailed(f"{where}: {at}: {said}, which answer.schema.json does not allow: {_clip(raw)}")
        if ans["id"] != self.asked:
            raise EngineFailed(f"{where}: id is {ans['id']}, expected {self.asked} (answers come in the order asked)")
        return Said(ans["verdict"], ans.get("line"), ans.get("cite"), ans.get("field"), None, ans.get("message"))

    def _exchange(self, data: bytes, where: str) -> bytes:
        """Write the request, read one answer line, within `timeout` seconds in all."""
        deadline = time.monotonic() + self.timeout
        out, inp = self.proc.stdout, self.proc.stdin
        view = memoryview(data)
        while True:
            nl = self._buf.find(b"\n")
            if nl > MAX_ANSWER:  # a whole line may arrive in one read past the limit: measured, not only awaited
                raise EngineFailed(f"{where}: an answer line longer than {MAX_ANSWER} bytes")
            if nl >= 0:
                line = bytes(self._buf[:nl]).rstrip(b"\r")
                del self._buf[:nl + 1]
                return line
            if len(self._buf) > MAX_ANSWER:
                raise EngineFailed(f"{where}: an answer line longer than {MAX_ANSWER} bytes")
            left = deadline - time.monotonic()
            if left <= 0:
                raise EngineFailed(f"{where}: no answer within {self.timeout:g} s (the timeout of one answer)"
                                   + self._stderr())
            self._sel.register(out, selectors.EVENT_READ)
            if view:
                self._sel.register(inp, selectors.EVENT_WRITE)
            try:
                ready = self._sel.select(left)
            finally:
                self._sel.unregister(out)
                if view:
                    self._sel.unregister(inp)
            for key, _ in ready:
                if key.fileobj is inp:
                    try:
                        view = view[os.write(inp.fileno(), view):]
                    except (BrokenPipeError, ConnectionResetError):
                        raise EngineFailed(f"{where}: the engine stopped reading its requests{self._gone()}") from None
                else:
                    chunk = os.read(out.fileno(), 65536)
                    if not chunk:
                        raise EngineFailed(f"{where}: the engine closed its stdout{self._gone()}")
                    self._buf += chunk

    def _gone(self) -> str:
        try:
            code = self.proc.wait(timeout=1)
            return f" (it exited with code {code}){self._stderr()}"
        except subprocess.TimeoutExpired:
            return self._stderr()

    def _drain(self) -> None:
        err = self.proc.stderr
        while chunk := err.read(TAIL):
            self._tail = (self._tail + chunk)[-TAIL:]
        err.close()

    def _stderr(self) -> str:
        if self.proc.poll() is not None:  # ended: what it wrote last is read to its end (or for 1 s)
            self._drainer.join(timeout=1)
        tail = self._tail[-300:].decode("utf-8", "replace").strip()
        return f"; its stderr ends: {tail}" if tail else ""


def request(n: int, game: Any, name: str, lines: Sequence[bytes]) -> dict:
    """Request `n` (request.schema.json): judge the log `lines` of `game` (a Game or None)."""
    return {"protocol": PROTOCOL, "id": n, "game": getattr(game, "name", None), "name": name,
            "lines": [x.decode("utf-8", "replace") for x in lines]}


def _clip(raw: bytes) -> str:
    s = raw.decode("utf-8", "replace")
    return s if len(s) <= 120 else s[:117] + "..."
