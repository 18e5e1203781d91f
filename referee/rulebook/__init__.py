"""The rulebooks as text: sections by §, sentences and clauses with short hashes (text.py),
each game's outline and seed file (book.py). Pure Python: no z3, nothing game-specific."""
