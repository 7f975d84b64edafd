"""``incognito-nb deck``: a teacher's word deck, checked before class rather than in front of it.

    incognito-nb deck check FILE.csv [FILE.csv ...]   counts, name, language, tables served
    incognito-nb deck template [FILE.csv | --path]    the template deck, to start from
    incognito-nb deck list                            the built-in decks

The template is written in the teacher's language, with words of the deck's language (see
:mod:`.deck_template`), as the teacher's spreadsheet opens it (``kind;word;hint`` in Spanish,
French and German, with a byte-order mark in a file); ``--path`` names the shipped English file.

``check`` reads each file exactly as the dashboard will (:func:`load_deck`) and either
says what the deck holds and how many rounds it can deal at each table size, or lists
every problem with its line number.  Exit codes, for scripts: 0 when every deck is
ready for a full game; 1 when a deck reads well but is too small for a full game at any
table; 2 when a file has errors (or the command line is wrong).  Each command says what it
says in ``--language`` (or ``$INCOGNITO_NB_LANGUAGE``), as ``incognito-nb class`` does.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TextIO

from ..engine import Deck, DeckError, Rules, load_deck
from ..engine.decks import IN_FILE, language_in_file_name, locations_count, objects_count, players_count, rounds_count
from ..engine.rules import MAX_PLAYERS, MIN_PLAYERS
from incognito_nb.ui.i18n import (DEFAULT_LANGUAGE, LANGUAGES, PSEUDO, Language, first_language, language,
                                  same_language)
from .deck_template import template_path, template_text
from .serving import LANGUAGE_HELP

__all__ = ["main", "check", "describe", "template", "template_path", "template_text", "list_builtin"]

#: Exit codes of ``deck check``.
READY, TOO_SMALL, ERRORS = 0, 1, 2


def parser() -> argparse.ArgumentParser:
    """Returns the command line of ``incognito-nb deck``."""
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--language", choices=(*LANGUAGES, PSEUDO), default=None, help=LANGUAGE_HELP)
    cli = argparse.ArgumentParser(
        prog="incognito-nb deck",
        description="Check a CSV word deck, or start one from the template.",
    )
    commands = cli.add_subparsers(dest="command", required=True, metavar="{check,template,list}")
    check = commands.add_parser(
        "check", parents=[common], help="check CSV decks: counts, name, language and the tables each one serves",
        description="Reads each deck as the dashboard will, and prints what it holds and how many "
                    "rounds it can deal for 3 to 6 players, or every problem with its line number. "
                    "Exit code: 0 ready, 1 too small for a full game, 2 errors.",
    )
    check.add_argument("files", nargs="+", metavar="FILE.csv", help="a deck file (UTF-8 CSV)")
    template = commands.add_parser(
        "template", parents=[common], help="print the template deck, or copy it to FILE.csv",
        description="Prints the template deck (a complete small deck with comments explaining "
                    "the format), or copies it to FILE.csv, which must not exist yet.",
    )
    where = template.add_mutually_exclusive_group()
    where.add_argument("file", nargs="?", metavar="FILE.csv", help="where to copy the template")
    where.add_argument("--path", action="store_true", help="print where the template file is instead")
    commands.add_parser("list", parents=[common], help="list the built-in decks",
                        description="Lists the built-in decks.")
    return cli


def main(argv: list[str] | None = None, *, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Runs ``incognito-nb deck`` with ``argv`` (the words after ``deck``); returns the exit code."""
    out = out or sys.stdout
    err = err or sys.stderr
    try:
        options = parser().parse_args(argv)
    except SystemExit as stop:  # argparse has printed the usage or the help
        return stop.code if isinstance(stop.code, int) else ERRORS
    chosen = first_language(options.language, os.environ.get("INCOGNITO_NB_LANGUAGE"), default="")
    lang = language(chosen or DEFAULT_LANGUAGE)
    if options.command == "check":
        return max(check(Path(file), out=out, err=err, lang=lang) for file in options.files)
    if options.command == "template":
        return template(options.file, show_path=options.path, out=out, err=err, lang=lang, chosen=bool(chosen))
    return list_builtin(out=out, lang=lang)


def check(path: Path, *, out: TextIO, err: TextIO, rules: Rules = Rules(), lang: Language | None = None) -> int:
    """Checks one deck file and reports on it in ``lang``; returns its exit code (see the module docstring)."""
    lang = lang or language()
    try:
        deck = load_deck(path)
    except DeckError as error:
        problems = lang.problems(error)
        if len(problems) == 1:  # one problem that stopped the reading, said in full
            _say(problems[0], err)
            return ERRORS
        # Every problem, not only the first 25 that the error's own message lists.
        _say(lang.ngettext("{file} has {n} problem; fix it and try again:",
                           "{file} has {n} problems; fix them and try again:", len(problems), file=path.name), err)
        for problem in problems:
            _say(f"  {problem}", err)
        return ERRORS
    for line in describe(deck, rules, lang):
        _say(line, out)
    return READY if deck.capacity(rules.lineup_size)[MIN_PLAYERS] >= rules.rounds else TOO_SMALL


def describe(deck: Deck, rules: Rules = Rules(), lang: Language | None = None) -> list[str]:
    """Returns the report on a readable deck in ``lang``, one line each: what it holds and whom it serves."""
    lang = lang or language()
    capacity = deck.capacity(rules.lineup_size, MAX_PLAYERS)
    served = [players for players, rounds in capacity.items() if rounds >= rules.rounds]
    labels = [lang._("Name:"), lang._("Language:"), lang._("Words:"), lang._("Serves:")]
    width = max(len(label) for label in labels) + 2
    name, language_code, words, serves = (label.ljust(width) for label in labels)
    lines = [
        lang._(IN_FILE, source=_printable(deck.source or lang._("The deck")), problem=_verdict(capacity, served, lang)),
        f"  {name}{_printable(deck.name)}",
        f"  {language_code}{_printable(deck.language)}",
        f"  {words}{lang.say(objects_count(len(deck.objects)))}, {lang.say(locations_count(len(deck.locations)))}",
        f"  {serves}" + "; ".join(lang._("{players}: {rounds}", players=lang.say(players_count(players)),
                                          rounds=lang.say(rounds_count(rounds)))
                                  for players, rounds in capacity.items()),
    ]
    if served and len(served) < len(capacity):
        lines.append("  " + lang._("To seat {players} for {rounds}, the deck needs {locations}: add locations.",
                                   players=lang.say(players_count(MAX_PLAYERS)),
                                   rounds=lang.say(rounds_count(rules.rounds)),
                                   locations=lang.say(locations_count(rules.rounds * MAX_PLAYERS))))
    elif not served:
        lines.append("  " + lang._("A game of {rounds} needs at least {objects} and {locations} ({each} for each "
                                   "player): add words to the deck.", rounds=lang.say(rounds_count(rules.rounds)),
                                   objects=lang.say(objects_count(rules.rounds * rules.lineup_size)),
                                   locations=lang.say(locations_count(rules.rounds * MIN_PLAYERS)),
                                   each=lang.number(rules.rounds)))
    return lines


def _verdict(capacity: dict[int, int], served: list[int], lang: Language) -> str:
    if served:
        return lang._("ready for {low} to {high} players.", low=MIN_PLAYERS, high=served[-1])
    return lang._("too small for a game.")


def template(file: str | None, *, show_path: bool, out: TextIO, err: TextIO, lang: Language | None = None,
             chosen: bool = True) -> int:
    """Prints the template deck, its path, or copies it to ``file``; returns the exit code.

    The template speaks ``lang`` and shows words of the file name's language (``comida.es.csv``),
    else of ``lang``; a file name's language the page speaks is the template's too when the
    teacher ``chose`` no language (no ``--language``, no ``$INCOGNITO_NB_LANGUAGE``)."""
    lang = lang or language()
    if show_path:
        _say(str(template_path()), out)
        return READY
    if file is None:
        out.write(template_text(lang))
        return READY
    target = Path(file)
    code = language_in_file_name(target.name) or None
    speaks = next((c for c in LANGUAGES if code and same_language(c, code)), None)
    said = lang if chosen or speaks is None else language(speaks)
    text = template_text(said, code or (lang.code if lang.code in LANGUAGES else None),
                         command=f"incognito-nb deck check {target.name}")
    try:
        # With a byte-order mark, as the class's CSV files: Excel then reads the accents.
        with target.open("x", encoding="utf-8-sig", newline="") as copy:
            copy.write(text)
    except FileExistsError:
        _say(lang._("{file} already exists; choose another file name, or delete it first.", file=str(target)), err)
        return ERRORS
    except OSError as error:
        _say(lang._("{file} cannot be written ({reason}); check the folder.", file=str(target),
                    reason=str(error.strerror or error)), err)
        return ERRORS
    _say(lang._("Wrote {file}: change the name, the language and the words, then run {command}", file=str(target),
                command=f"incognito-nb deck check {target}"), out)
    return READY


def list_builtin(*, out: TextIO, lang: Language | None = None) -> int:
    """Prints the built-in decks: id, language, name and counts."""
    lang = lang or language()
    for deck_id in Deck.builtin_names():
        deck = Deck.builtin(deck_id)
        _say(f"{deck_id:<14} {deck.language:<3} {deck.name} ({lang.say(objects_count(len(deck.objects)))}, "
             f"{lang.say(locations_count(len(deck.locations)))})", out)
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


if __name__ == "__main__":
    sys.exit(main())
