"""Ctrl-C held back while a block runs that must not stop half-way (files renamed into
place, a line of output being printed): `hit` says one came; the block decides where it
takes effect. Only the main thread gets SIGINT, so elsewhere nothing is held."""
from __future__ import annotations

import signal
import threading


class HeldInterrupt:
    def __enter__(self) -> "HeldInterrupt":
        self.hit, self.old = False, None
        if threading.current_thread() is threading.main_thread():
            self.old = signal.signal(signal.SIGINT, self._hit)
        return self

    def _hit(self, *_) -> None:
        self.hit = True

    def __exit__(self, *exc) -> bool:
        if self.old is not None:
            signal.signal(signal.SIGINT, self.old)
        return False
