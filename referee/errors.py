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
    """`text`, or its start, how long it was and its end when longer than MAX_MESSAGE: the
    end is kept because a message says why last (`<a path of 5,000 characters>: cannot
    write: File name too long`), and the middle is what a long value fills."""
    if len(text) <= MAX_MESSAGE:
        return text
    return (f"{text[:MAX_MESSAGE - 400]} ... ({len(text):,} characters in all: the middle is not shown) ... "
            f"{text[-200:]}")


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
LOOK_ALIKE_SCRIPTS = frozenset({"CYRILLIC", "GREEK", "ARMENIAN", "CHEROKEE", "FULLWIDTH"})
# The Cyrillic and Greek letters drawn as Latin ones in common fonts (a subset of Unicode's
# confusables.txt, UTS #39): what a name prints as, for telling two names apart by eye.
_AS_LATIN = str.maketrans(
    "аеорсухіјѕһԁԛԝАВЕКМНОРСТХУІЈЅ" "ΑΒΕΖΗΙΚΜΝΟΡΤΥΧαιονρ",
    "aeopcyxijshdqwABEKMHOPCTXYIJS" "ABEZHIKMNOPTYXaiovp")


def _script(c: str) -> str:
    import unicodedata

    name = unicodedata.name(c, "")
    return "FULLWIDTH" if name.startswith("FULLWIDTH") else name.split(" ", 1)[0]


def as_printed(text: str) -> str:
    """`text` as a reader sees it: NFKC (fullwidth 'Ａ' is 'A'), look-alike letters as the Latin
    ones they are drawn as ('Асе' is 'Ace')."""
    import unicodedata

    return unicodedata.normalize("NFKC", text).translate(_AS_LATIN)


def look_alikes(text: str) -> str:
    """'' or a note naming the letters that only look Latin in the words of `text` that a reader
    would take for Latin ones: a word mixing them with Latin letters ('Squirе', a Cyrillic е), or
    made of them alone and printed as a Latin word ('Асе', 'Ａｎａ')."""
    if text.isascii():
        return ""
    import re
    import unicodedata

    odd: list[str] = []
    for word in re.findall(r"\w+", text):
        if word.isascii():
            continue
        scripts = {_script(c) for c in word if c.isalpha()}
        seen = as_printed(word)
        if ("LATIN" in scripts and scripts & LOOK_ALIKE_SCRIPTS) or (seen.isascii() and seen != word):
            odd += [c for c in word if _script(c) in LOOK_ALIKE_SCRIPTS and c not in odd]
    if not odd:
        return ""
    return (" (look-alike letters: " + ", ".join(f"'{c}' is U+{ord(c):04X} {unicodedata.name(c, '?')}" for c in odd[:3])
            + (f" and {len(odd) - 3} more" if len(odd) > 3 else "") + "; not plain Latin)")


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
