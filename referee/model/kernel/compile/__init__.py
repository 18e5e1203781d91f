"""The rules compiled to straight-line Python by tracing them (issue 18): tracer.py records
what a rule does, emit.py writes and compiles the functions, compiled.py runs them."""
from .compiled import HOT, CompiledGame, Fallback, compiled

__all__ = ["HOT", "CompiledGame", "Fallback", "compiled"]
