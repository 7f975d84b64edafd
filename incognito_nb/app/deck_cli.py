"""``incognito-nb deck``: a teacher's word deck, checked before class rather than in front of it.

    incognito-nb deck check FILE.csv [FILE.csv ...]   counts, name, language, tables served
    incognito-nb deck template [FILE.csv | --path]    the template deck, to start from
    incognito-nb deck list                            the built-in decks

``check`` reads each file exactly as the dashboard will (:func:`load_deck`) and either
says what the deck holds and how many rounds it can deal at each table size, or lists
every problem with its line number.  Exit codes, for scripts: 0 when every deck is
ready for a full game; 1 when a deck reads well but is too small for a full game at any
table; 2 when a file has errors (or the command line is wrong).
"""

from __future__ import annotations

import argparse
import sys
from importlib import resources
from pathlib import Path
from typing import TextIO

from ..engine import Deck, DeckError, Rules, load_deck
from ..engine.rules import MAX_PLAYERS, MIN_PLAYERS

#: Exit codes of ``deck check``.
READY, TOO_SMALL, ERRORS = 0, 1, 2


def template_path() -> Path:
    """Returns the path of the template deck that ships with the package."""
    return Path(str(resources.files("incognito_nb.app") / "deck_template.csv"))


def parser() -> argparse.ArgumentParser:
    """Returns the command line of ``incognito-nb deck``."""
    cli = argparse.ArgumentParser(
        prog="incognito-nb deck",
        description="Check a CSV word deck, or start one from the template.",
    )
    commands = cli.add_subparsers(dest="command", required=True, metavar="{check,template,list}")
    check = commands.add_parser(
        "check", help="check CSV decks: counts, name, language and the tables each one serves",
        description="Reads each deck as the dashboard will, and prints what it holds and how many "
                    "rounds it can deal for 3 to 6 players, or every problem with its line number. "
                    "Exit code: 0 ready, 1 too small for a full game, 2 errors.",
    )
    check.add_argument("files", nargs="+", metavar="FILE.csv", help="a deck file (UTF-8 CSV)")
    template = commands.add_parser(
        "template", help="print the template deck, or copy it to FILE.csv",
        description="Prints the template deck (a complete small deck with comments explaining "
                    "the format), or copies it to FILE.csv, which must not exist yet.",
    )
    where = template.add_mutually_exclusive_group()
    where.add_argument("file", nargs="?", metavar="FILE.csv", help="where to copy the template")
    where.add_argument("--path", action="store_true", help="print where the template file is instead")
    commands.add_parser("list", help="list the built-in decks", description="Lists the built-in decks.")
    return cli


def main(argv: list[str] | None = None, *, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Runs ``incognito-nb deck`` with ``argv`` (the words after ``deck``); returns the exit code."""
    out = out or sys.stdout
    err = err or sys.stderr
    try:
        options = parser().parse_args(argv)
    except SystemExit as stop:  # argparse has printed the usage or the help
        return stop.code if isinstance(stop.code, int) else ERRORS
    if options.command == "check":
        return max(check(Path(file), out=out, err=err) for file in options.files)
    if options.command == "template":
        return template(options.file, show_path=options.path, out=out, err=err)
    return list_builtin(out=out)


def check(path: Path, *, out: TextIO, err: TextIO, rules: Rules = Rules()) -> int:
    """Checks one deck file and reports on it; returns its exit code (see the module docstring)."""
    try:
        deck = load_deck(path)
    except DeckError as error:
        problems = getattr(error, "errors", None) or [str(error)]
        if problems == [str(error)]:  # one problem that stopped the reading, said in full
            _say(problems[0], err)
            return ERRORS
        # Every problem, not only the first 25 that the error's own message lists.
        _say(f"{path.name} has {_count(len(problems), 'problem')}; fix them and try again:", err)
        for problem in problems:
            _say(f"  {problem}", err)
        return ERRORS
    for line in describe(deck, rules):
        _say(line, out)
    return READY if deck.capacity(rules.lineup_size)[MIN_PLAYERS] >= rules.rounds else TOO_SMALL


def describe(deck: Deck, rules: Rules = Rules()) -> list[str]:
    """Returns the report on a readable deck, one line each: what it holds and whom it serves."""
    capacity = deck.capacity(rules.lineup_size, MAX_PLAYERS)
    served = [players for players, rounds in capacity.items() if rounds >= rules.rounds]
    lines = [
        f"{_printable(deck.source or 'The deck')}: {_verdict(capacity, served)}",
        f"  Name:      {_printable(deck.name)}",
        f"  Language:  {_printable(deck.language)}",
        f"  Words:     {_count(len(deck.objects), 'object')}, {_count(len(deck.locations), 'location')}",
        "  Serves:    " + "; ".join(f"{players} players: {_count(rounds, 'round')}"
                                   for players, rounds in capacity.items()),
    ]
    needs_objects = rules.rounds * rules.lineup_size
    if served and len(served) < len(capacity):
        lines.append(f"  To seat {MAX_PLAYERS} players for {rules.rounds} rounds, the deck needs "
                     f"{rules.rounds * MAX_PLAYERS} locations: add locations.")
    elif not served:
        lines.append(f"  A game of {rules.rounds} rounds needs at least {needs_objects} objects and "
                     f"{rules.rounds * MIN_PLAYERS} locations ({rules.rounds} for each player): "
                     "add words to the deck.")
    return lines


def _verdict(capacity: dict[int, int], served: list[int]) -> str:
    if len(served) == len(capacity):
        return f"ready for {MIN_PLAYERS} to {MAX_PLAYERS} players."
    if served:
        return f"ready for {MIN_PLAYERS} to {served[-1]} players."
    return "too small for a game."


def template(file: str | None, *, show_path: bool, out: TextIO, err: TextIO) -> int:
    """Prints the template deck, its path, or copies it to ``file``; returns the exit code."""
    source = template_path()
    if show_path:
        _say(str(source), out)
        return READY
    text = source.read_text(encoding="utf-8")
    if file is None:
        out.write(text)
        return READY
    target = Path(file)
    try:
        with target.open("x", encoding="utf-8", newline="") as copy:
            copy.write(text)
    except FileExistsError:
        _say(f"{target} already exists; choose another file name, or delete it first.", err)
        return ERRORS
    except OSError as error:
        _say(f"{target} cannot be written ({error.strerror or error}); check the folder.", err)
        return ERRORS
    _say(f"Wrote {target}: change the name, the language and the words, then run "
         f"incognito-nb deck check {target}", out)
    return READY


def list_builtin(*, out: TextIO) -> int:
    """Prints the built-in decks: id, language, name and counts."""
    for deck_id in Deck.builtin_names():
        deck = Deck.builtin(deck_id)
        _say(f"{deck_id:<14} {deck.language:<3} {deck.name} "
             f"({_count(len(deck.objects), 'object')}, {_count(len(deck.locations), 'location')})", out)
    return READY


def _say(line: str, stream: TextIO) -> None:
    # A console that cannot show "ñ" or "ß" gets an escape rather than a crash.
    try:
        print(line, file=stream)
    except UnicodeEncodeError:
        encoding = getattr(stream, "encoding", None) or "ascii"
        print(line.encode(encoding, "backslashreplace").decode(encoding), file=stream)


def _printable(text: str) -> str:
    # A deck name comes from a file: it must not send escape sequences to the terminal.
    return "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in text)


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


if __name__ == "__main__":
    sys.exit(main())
