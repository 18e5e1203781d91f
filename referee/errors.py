"""The errors of referee: one family, three kinds kept apart, as python-chess keeps an
unreadable move apart from an illegal one.

- `Unreadable` (exit 2): the input cannot be read -- a log line, a header field, an
  option, a component file. Nothing about the rules is decided.
- `Illegal` (exit 1): the input is read and breaks a rule -- an event, or a setup.
- `Undecided` (exit 1): the rules give no answer in the situation reached.

Every error carries what a user needs to find it: `file`, `line`, `field` and `cite` (the §),
each None where it does not apply, and `exit_code`. This module imports nothing of
referee, so every layer (kernel, replays, checks, cli) can raise these.
"""
from __future__ import annotations


class RefereeError(Exception):
    """The base of every error referee raises on purpose."""

    exit_code = 2
    kind = "error"

    def __init__(self, message: str, *, file: str | None = None, line: int | None = None,
                 field: str | None = None, cite: str | None = None):
        super().__init__(message)
        self.message, self.file, self.line, self.field, self.cite = message, file, line, field, cite

    def located(self) -> str:
        """`file:line: message [§]`, each part present where known."""
        where = ":".join(str(x) for x in (self.file, self.line) if x is not None)
        cite = f" [{self.cite}]" if self.cite else ""
        return f"{where + ': ' if where else ''}{self.message}{cite}"


class Unreadable(RefereeError):
    """Input that cannot be read: exit 2."""

    exit_code = 2
    kind = "unreadable"


class Illegal(RefereeError):
    """Input that is read and breaks a rule: exit 1."""

    exit_code = 1
    kind = "illegal"


class Undecided(RefereeError):
    """The rules give no answer here (reported, never guessed): exit 1."""

    exit_code = 1
    kind = "undecided"


# A message longer than this is cut where it is shown (a verdict's problem, a line on stderr):
# a value the input gave is quoted in it, and a 900 KB player name must not make a 900 KB line.
MAX_MESSAGE = 1000


def brief(text: str) -> str:
    """`text`, or its start and how long it was when longer than MAX_MESSAGE."""
    if len(text) <= MAX_MESSAGE:
        return text
    return f"{text[:MAX_MESSAGE - 200]} ... ({len(text):,} characters in all: the rest is not shown)"


def printable(text: str, keep: str = "") -> str:
    """`text` as a terminal may be given it: what a terminal would act on or a reader could
    not tell apart is escaped, the rest (letters, accents, any script) as it is. A byte that
    is not UTF-8 (held by Python as a lone surrogate, which no UTF-8 output can write: `-f
    json` crashed) is \\xNN, that byte; a control or format character (a newline that would
    forge a verdict line of its own, an escape sequence the terminal would run -- ESC, CSI,
    OSC, a C1 control --, a right-to-left override) is \\xNN, \\uNNNN or \\UNNNNNNNN.
    The characters of `keep` are left as they are ("\\n": a text of several lines, each
    line escaped). A text without such characters is returned unchanged.

    The one helper for every text from outside (a file name, a rulebook's sentence, a log's
    value, another engine's answer) that reaches a terminal: cli/common.py applies it to
    all that its consoles print; JSON output is left exact (its strings are escaped by JSON)."""
    if text.isprintable():
        return text
    out = []
    for c in text:
        o = ord(c)
        if 0xDC80 <= o <= 0xDCFF:  # os.fsdecode's stand-in for the byte o - 0xDC00
            out.append(f"\\x{o - 0xDC00:02x}")
        elif c.isprintable() or c in keep:
            out.append(c)
        else:
            out.append(f"\\x{o:02x}" if o < 0x100 else f"\\u{o:04x}" if o < 0x10000 else f"\\U{o:08x}")
    return "".join(out)


# Scripts whose letters pass for Latin ones: 'а' (Cyrillic) prints as 'a', 'Ａ' (fullwidth) as 'A'.
LOOK_ALIKE_SCRIPTS = ("CYRILLIC", "GREEK", "ARMENIAN", "CHEROKEE", "FULLWIDTH")


def look_alikes(text: str) -> str:
    """'' or a note naming the letters of `text` that only look Latin, when it mixes them with
    Latin letters or is made of fullwidth ones: a name refused, or two names told apart, that
    a reader would otherwise see as the same text ('Squirе' with a Cyrillic е)."""
    if text.isascii():
        return ""
    import unicodedata

    latin, odd = False, []
    for c in text:
        if not c.isalpha():
            continue
        name = unicodedata.name(c, "")
        script = "FULLWIDTH" if name.startswith("FULLWIDTH") else name.split(" ", 1)[0]
        latin = latin or script == "LATIN"
        if script in LOOK_ALIKE_SCRIPTS and all(c != o for o, _ in odd):
            odd.append((c, name))
    if not odd or not (latin or all(n.startswith("FULLWIDTH") for _, n in odd)):
        return ""
    return " (look-alike letters: " + ", ".join(f"'{c}' is U+{ord(c):04X} {n}" for c, n in odd[:3]) + "; not plain Latin)"


def json_escaped(doc: str) -> str:
    """A JSON document with every character a terminal could act on written as a \\u escape:
    JSON escapes the C0 controls in its strings itself, not DEL, the C1 controls (U+009B is
    a CSI to some terminals) nor the format characters (a right-to-left override). The
    strings read back exactly as they were; outside them a document holds only its own
    punctuation and blanks, which are left as they are."""
    if doc.isprintable():
        return doc
    out = []
    for c in doc:
        o = ord(c)
        if c.isprintable() or c in "\n\t ":
            out.append(c)
        elif o < 0x10000:
            out.append(f"\\u{o:04x}")
        else:  # outside the BMP: a surrogate pair, as JSON spells it
            o -= 0x10000
            out.append(f"\\u{0xD800 + (o >> 10):04x}\\u{0xDC00 + (o & 0x3FF):04x}")
    return "".join(out)
