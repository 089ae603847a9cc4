"""Reading a file a user hands us, bounded before it is parsed.

Every file the tool reads on a user's word (an experiment or strategy TOML, an EGN or a run's
JSON, a points file) goes through :func:`read_text`: at most ``MAX_BYTES`` are read, so
``/dev/zero`` or a runaway file cannot fill the memory, and a device or a pipe is refused
before it can block. :func:`check_nesting` then bounds the depth of brackets and the length of
a number, so that the parser can neither recurse past Python's stack (100,000 nested arrays)
nor spend minutes on an integer of 5,000 digits. Each limit breaks with a one-line
:class:`UserFileError` that the caller turns into its own error type.
"""

from __future__ import annotations

import json
import os
import stat
import sys
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

MAX_BYTES = 64 << 20  # 64 MiB: every file we read is far smaller
MAX_DEPTH = 64  # nested arrays / tables / objects
MAX_DIGITS = 40  # digits in one number (a 64-bit seed has 20)


class UserFileError(ValueError):
    """A user's file that cannot be read or breaks a limit; the text names the file."""


def read_text(path: str | os.PathLike, what: str, limit: int = MAX_BYTES) -> str:
    """The text of ``path`` (UTF-8), at most ``limit`` bytes; ``what`` names the file in the
    message ("experiment file", ...). Missing files raise ``FileNotFoundError`` unchanged so
    that callers can say "not found" in their own words."""
    shown = repr(str(path))
    try:
        with open(path, "rb") as f:
            if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
                raise UserFileError(f"{what} {shown} is not a regular file")
            data = f.read(limit + 1)
    except FileNotFoundError:
        raise
    except IsADirectoryError:
        raise UserFileError(f"{what} {shown} is not a regular file") from None
    except OSError as exc:
        raise UserFileError(f"cannot read {what} {shown}: {exc.strerror or exc}") from None
    if len(data) > limit:
        raise UserFileError(f"{what} {shown} is over {limit >> 20} MiB: not a file of ours")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise UserFileError(f"{what} {shown} is not a UTF-8 text file") from None


def check_nesting(text: str, what: str, *, toml: bool = False, depth: int = MAX_DEPTH,
                  digits: int = MAX_DIGITS) -> None:
    """Refuse brackets nested deeper than ``depth`` or a run of more than ``digits`` digits
    outside a quoted string (JSON and TOML alike: quotes ``"`` and ``'``, backslash escapes in
    ``"``; with ``toml``, ``#`` comments). A cheap linear scan, before any parser sees the
    text."""
    level = 0
    run = 0
    quote = ""
    escaped = False
    for ch in text:
        if quote:
            if escaped:
                escaped = False
            elif ch == "\\" and quote == '"':
                escaped = True
            elif ch == quote or ch == "\n":
                quote = ""
            continue
        if ch.isdigit():
            run += 1
            if run > digits:
                raise UserFileError(f"{what}: a number of more than {digits} digits")
            continue
        run = 0
        if ch in "\"'":
            quote = ch
        elif ch in "[{":
            level += 1
            if level > depth:
                raise UserFileError(f"{what}: brackets nested more than {depth} deep")
        elif ch in "]}":
            level = max(0, level - 1)
        elif ch == "#" and toml:
            quote = "\n"  # a TOML comment runs to the end of the line


def load_json(path: str | os.PathLike, what: str) -> Any:
    """``path`` read with the bounds above and parsed as JSON (``json.JSONDecodeError`` and
    ``FileNotFoundError`` pass through for the caller's message)."""
    text = read_text(path, what)
    check_nesting(text, f"{what} {str(path)!r}")
    return json.loads(text)


def load_toml(path: str | os.PathLike, what: str) -> dict[str, Any]:
    """``path`` read with the bounds above and parsed as TOML (``tomllib.TOMLDecodeError`` and
    ``FileNotFoundError`` pass through)."""
    text = read_text(path, what)
    check_nesting(text, f"{what} {str(path)!r}", toml=True)
    return tomllib.loads(text)


__all__ = ["MAX_BYTES", "MAX_DEPTH", "MAX_DIGITS", "UserFileError", "check_nesting",
           "load_json", "load_toml", "read_text"]
