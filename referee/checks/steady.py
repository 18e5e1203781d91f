"""A run of z3 that depends on its input alone, not on what ran before it in the process.

z3 numbers each term it makes, reusing the numbers of freed terms, and its search follows
those numbers (the order of a sum's parts, of a hash table's buckets). So one query can be
proved in one process and given up on in another, with the same budget of work counted in
units (work.py): measured, Twister's claim "at most 2 tokens on a square" was reached by
`referee audit twister` and given up on by `referee audit`, which audits four games before
it in the same z3 context. Two things make the numbering depend on history:

- the terms earlier checks made and freed: each audit starts in a z3 context of its own
  (and the names of the free outcomes of undecided rulings are counted per context:
  kernel/rules._fresh; a counter for the whole process made a second scenario build in one
  process ask z3 about other terms);
- *when* Python frees terms held in reference cycles (a traceback's frames hold the terms
  of the check that raised): its cycle collector runs when the allocations of any thread
  cross a threshold, and a pool's result thread allocates at times that depend on the
  machine's load. Inside `steady()` the collector runs only at `settle()`, which the callers
  place between their checks: the same run frees the same terms at the same points.

z3's Python API keeps its default context in a module variable (`z3.z3._main_ctx`, made on
first use by `main_ctx()`). The block sets a new one and puts the caller's back when it ends,
so terms the caller made before stay usable after; terms of either context keep it alive
until they are freed. A cache of z3 terms is kept on the context itself (`context_memo`): it
ends with its block, and a term of one context never meets a term of another."""
from __future__ import annotations

import gc
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, Iterator

_inside: ContextVar[bool] = ContextVar("steady", default=False)


@contextmanager
def steady() -> Iterator[None]:
    """z3 work in a fresh default context, with Python's cycle collector run only at settle().
    Inside another steady() block it changes nothing: that block's terms stay usable."""
    if _inside.get():
        yield
        return
    import z3

    token = _inside.set(True)
    was = gc.isenabled()
    gc.collect()  # what earlier work left, freed before the new context's first term
    gc.disable()
    # What the caller holds is set aside (gc.freeze): settle() then walks only what the block
    # made. A collection walks every tracked object, and a caller's heap (a test session, a
    # library user's) made each settle() cost what that heap holds, not what the block made:
    # measured, a Welcome boundary build 2.6 s alone, 11.8 s beside 5M objects, 131 s in the
    # test session. Which cycles are freed, and when, is unchanged (the frozen were all
    # reachable when frozen); one a caller drops during the block is freed after it.
    gc.freeze()
    caller, ctrl_c = z3.z3._main_ctx, z3.get_param("ctrl_c")
    # Ctrl-C is Python's KeyboardInterrupt, once the check under way returns: z3's own
    # handler ended that check as "unknown" and the audit went on, a proof not established
    # for the keystroke (a hostile run, s64: audits ended by Ctrl-C with exit 1, findings)
    z3.set_param("ctrl_c", False)
    z3.z3._main_ctx = z3.Context()  # the parameter is read as a context is made
    try:
        yield
    finally:
        z3.z3._main_ctx = caller
        z3.set_param("ctrl_c", ctrl_c)
        _inside.reset(token)
        gc.unfreeze()
        if was:
            gc.enable()


# games a long generation plays between two settle() points: its cycles (replays' tracebacks)
# freed as it goes, at the same points every run, rather than all held to its end
GAMES_PER_SETTLE = 50


def settle() -> None:
    """A point where the cycles made so far are freed: the same point in every run."""
    if not gc.isenabled():
        gc.collect()


def worker_start() -> None:
    """In a worker process forked inside a steady block: one thread only, so the cycle
    collector runs at the same points in every run once it starts from a collected heap
    (the count of allocations the fork inherited is the parent's, threads included)."""
    gc.collect()
    gc.enable()


def context_memo(cfg: Any) -> dict:
    """A cache of z3 terms made under `cfg`, kept on the z3 context they belong to: a
    block's terms are not pinned past its end (as a Config's own memo would), and never meet
    another context's. The Config is held beside its cache, so its id stays its own."""
    import z3

    ctx = z3.main_ctx()
    per = getattr(ctx, "referee_memo", None)
    if per is None:
        per = ctx.referee_memo = {}
    got = per.get(id(cfg))
    if got is None:
        got = per[id(cfg)] = (cfg, {})
    return got[1]
