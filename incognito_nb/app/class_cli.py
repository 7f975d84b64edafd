"""``incognito-nb class``: a teacher's classes, their record and report, from a script.

    incognito-nb class add NAME --names "Ana,Ben,Cleo" | --csv FILE [--keep-days N]
    incognito-nb class add NAME --keep-days N              (a class's limit, its names kept)
    incognito-nb class list
    incognito-nb class import NAME SAVE.json [SAVE.json ...] [--add-names]
    incognito-nb class report NAME [--csv FILE] [--students-csv FILE] [--pdf FILE]
    incognito-nb class export NAME [--out FILE]
    incognito-nb class delete NAME [--yes]
    incognito-nb class delete-student NAME STUDENT [--yes]
    incognito-nb class practice-deck NAME --csv FILE [--deck FILE.csv | ID]
    incognito-nb class seat-cards NAME --pdf FILE [--url URL] [--deck FILE.csv | ID] [--no-practice]
    incognito-nb class tables NAME [--url URL] [--deck FILE.csv | ID] [--no-practice]

Each takes ``--store PATH_OR_URL`` as ``incognito-nb classroom`` does (the classes live
beside the tables, see :mod:`incognito_nb.store.class_book`) and ``--language`` for its
messages and the files' headings.  The tables ``seat-cards`` makes deal with practice
(the words the class keeps missing come back, see :mod:`incognito_nb.engine.practice`)
unless ``--no-practice``; their finished games join the class's record by themselves.
``tables`` makes them without seating anyone: at the join door each student taps their
own name (see :mod:`incognito_nb.app.server.doors`).  The two deletions ask first at a terminal
(nothing brings the data back); a script passes ``--yes``, and with no terminal to ask at they
refuse.  Exit codes: 0 done, 1 refused (an unknown class, a save that is not a finished game,
when no save given could be added, a deletion not confirmed), 2 a wrong command line.
"""

from __future__ import annotations

import argparse
import csv
import io
import os
import sys
from pathlib import Path
from typing import Callable, TextIO
from urllib.parse import urlsplit

from ..engine import Deck, DeckError, Game, load_deck
from ..engine.class_record import GameRecord
from ..engine.errors import N_, Explained
from ..engine.players import name_key
from .addresses import is_loopback, lan_address
from ..store import default_store_url
from ..store.backends import open_class_book
from ..store.class_book import ClassBook, ErasureDelayed, finished_at
from incognito_nb.ui.i18n import LANGUAGES, PSEUDO, Language, first_language, language
from .serving import DEFAULT_PORT, LANGUAGE_HELP

DONE, REFUSED, USAGE = 0, 1, 2
#: First rows of a names CSV that are a header, not a student ("name", "first name", in each language).
NAME_HEADERS = {"name", "names", "first name", "first names", "nombre", "nombres", "prénom", "prénoms",
                "vorname", "vornamen"}


def parser() -> argparse.ArgumentParser:
    """Returns the command line of ``incognito-nb class``."""
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--store", metavar="PATH_OR_URL",
                        help=f"where the classes live, beside the tables: a SQLite file or redis://host:port/db "
                             f"(default: {default_store_url()})")
    common.add_argument("--language", choices=(*LANGUAGES, PSEUDO), default=None, help=LANGUAGE_HELP)
    cli = argparse.ArgumentParser(prog="incognito-nb class",
                                  description="Keep a class's list of first names and the record of its games.")
    commands = cli.add_subparsers(dest="command", required=True)
    add = commands.add_parser("add", parents=[common], help="add a class (or change its names)")
    add.add_argument("name", metavar="NAME")
    names = add.add_mutually_exclusive_group()  # a class already there keeps its names without them
    names.add_argument("--names", help='the first names, separated by commas: "Ana,Ben,Cleo" (a class already '
                                       'added keeps its own when neither --names nor --csv is given)')
    names.add_argument("--csv", metavar="FILE", help="a CSV file with one first name per row, in its first column")
    add.add_argument("--keep-days", type=int, metavar="N",
                     help="delete the class's game records once they are N days old (default: keep them)")
    commands.add_parser("list", parents=[common], help="list the classes")
    imports = commands.add_parser("import", parents=[common], help="add finished games from table-mode saves")
    imports.add_argument("name", metavar="NAME")
    imports.add_argument("saves", nargs="+", metavar="SAVE.json")
    imports.add_argument("--add-names", action="store_true",
                         help="add a save's players who are not on the class list to it")
    report = commands.add_parser("report", parents=[common], help="write the class's report")
    report.add_argument("name", metavar="NAME")
    report.add_argument("--csv", metavar="FILE", help="each word's figures (no student names)")
    report.add_argument("--students-csv", metavar="FILE", help="each student's words (for the teacher only)")
    report.add_argument("--pdf", metavar="FILE", help="the report to print")
    export = commands.add_parser("export", parents=[common], help="write the class and its record as JSON")
    export.add_argument("name", metavar="NAME")
    export.add_argument("--out", metavar="FILE", help="the file to write (default: print it)")
    delete = commands.add_parser("delete", parents=[common], help="delete the class and every record of it")
    delete.add_argument("name", metavar="NAME")
    forget = commands.add_parser("delete-student", parents=[common],
                                 help="delete one student's first name, drawings, cards and points from the class "
                                      "and every record of its games")
    forget.add_argument("name", metavar="NAME")
    forget.add_argument("student", metavar="STUDENT", help="the student's first name, as the class lists it")
    for deletion in (delete, forget):
        deletion.add_argument("--yes", action="store_true",
                              help="delete without asking first (for a script; nothing brings the data back)")
    practice = commands.add_parser("practice-deck", parents=[common],
                                   help="write the words the class keeps missing as a deck CSV")
    practice.add_argument("name", metavar="NAME")
    practice.add_argument("--csv", metavar="FILE", required=True)
    practice.add_argument("--deck", metavar="FILE.csv|ID", help="the deck whose locations come with the words "
                                                                 "(default: the built-in deck in the language of the "
                                                                 "class's last game)")
    seats = commands.add_parser("seat-cards", parents=[common],
                                help="make tables for the class and print a seat card for each student")
    seats.add_argument("name", metavar="NAME")
    seats.add_argument("--pdf", metavar="FILE", required=True)
    taps = commands.add_parser("tables", parents=[common],
                               help="make tables for the class, where each student taps their name to join")
    taps.add_argument("name", metavar="NAME")
    for made in (seats, taps):
        made.add_argument("--url", help="the classroom server's address as the students' devices reach it "
                                        f"(default: this computer's address on its network, port {DEFAULT_PORT})")
        made.add_argument("--deck", metavar="FILE.csv|ID", help="the deck the tables play with")
        made.add_argument("--no-practice", action="store_true",
                          help="deal plainly, without favouring the words the class keeps missing")
    return cli


def main(argv: list[str] | None = None, *, out: TextIO | None = None, err: TextIO | None = None,
         ask: Callable[[str], str] | None = None) -> int:
    """Runs ``incognito-nb class`` with ``argv`` (the words after ``class``); returns the exit code.

    ``ask`` puts a deletion's question to the teacher and returns their answer (by default
    :func:`input`, when the standard input is a terminal).
    """
    out, err = out or sys.stdout, err or sys.stderr
    try:
        options = parser().parse_args(argv)
    except SystemExit as stop:
        return stop.code if isinstance(stop.code, int) else USAGE
    options.ask = ask if ask is not None else (input if sys.stdin.isatty() else None)
    options.err = err
    lang = language(first_language(options.language, os.environ.get("INCOGNITO_NB_LANGUAGE")))
    try:
        with open_class_book(options.store or default_store_url()) as book:
            return COMMANDS[options.command](book, options, lang, out)
    except (Explained, OSError) as error:
        print(f"incognito-nb class: {lang.error(error)}", file=err)
        return REFUSED


def add(book: ClassBook, options: argparse.Namespace, lang: Language, out: TextIO) -> int:
    known = any(e.name.casefold() == options.name.strip().casefold() for e in book.classes())
    if options.names is not None:
        names = options.names.split(",")
    elif options.csv is not None:
        names = read_names(Path(options.csv))
    elif known:  # only the retention limit changes
        names = list(book.entry(options.name).students)
    else:
        raise Explained(N_("{name} is a new class: give its first names with --names \"Ana,Ben,Cleo\" or --csv "
                           "FILE."), name=options.name.strip())
    keep_days = options.keep_days
    if keep_days is None and known:
        keep_days = book.entry(options.name).keep_days  # new names keep the class's retention limit
    entry = book.add_class(options.name, [n for n in names if n.strip()], keep_days=keep_days)
    print(lang.ngettext("The class {name} has {n} student: {names}.", "The class {name} has {n} students: {names}.",
                        len(entry.students), name=entry.name, names=lang.names(entry.students)), file=out)
    if entry.keep_days:
        print(lang.ngettext("Its game records are deleted once they are {n} day old.",
                            "Its game records are deleted once they are {n} days old.", entry.keep_days), file=out)
    return DONE


def read_names(path: Path) -> list[str]:
    """Returns the first names in a CSV file's first column (a header row such as "name" skipped,
    or the report's students CSV's "student", in any language: that file is read back as it is).

    :raises Explained: for a file that is not there or not UTF-8 text (a spreadsheet's own
        format, or a CSV saved in an older encoding).
    """
    try:
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise Explained(N_("There is no file {file}: check its name and folder."), file=str(path)) from None
    except UnicodeDecodeError:
        raise Explained(N_("{file} is not UTF-8 text: save the list from the spreadsheet as 'CSV UTF-8 (comma "
                           "delimited)', one first name per row, and add the class again."), file=path.name) from None
    try:  # a spreadsheet saves with commas, semicolons or tabs; a single column has none of them
        # (sniffed on the rows that hold something: a row of spaces has none of them either)
        dialect = csv.Sniffer().sniff("\n".join(line for line in text.splitlines() if line.strip())[:2048],
                                      delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    rows = [row[0].strip() for row in csv.reader(io.StringIO(text), dialect) if row and row[0].strip()]
    if rows and (rows[0].casefold() in NAME_HEADERS or rows[0].casefold() in _students_headers()):
        rows = rows[1:]
    return rows


def _students_headers() -> set[str]:
    """Returns the first heading of the report's students CSV in every language ("student",
    "alumno"...): a list of names taken from that file starts with it."""
    return {language(code).pgettext("CSV column", "student").casefold() for code in LANGUAGES}


def list_classes(book: ClassBook, options: argparse.Namespace, lang: Language, out: TextIO) -> int:
    entries = book.classes()
    if not entries:
        print(lang._("There is no class yet; add one with `incognito-nb class add NAME --names \"Ana,Ben,Cleo\"`."),
              file=out)
    for entry in entries:
        games = len(book.record(entry.name).games)
        print(lang.ngettext("{name}: {n} student, {games}", "{name}: {n} students, {games}", len(entry.students),
                            name=entry.name, games=lang.ngettext("{n} game", "{n} games", games)), file=out)
    return DONE


def import_saves(book: ClassBook, options: argparse.Namespace, lang: Language, out: TextIO) -> int:
    entry = book.entry(options.name)
    games, skipped = [], 0
    for save in options.saves:
        path = Path(save)
        try:  # a folder's saves hold games in play too: each is said and passed over
            game = Game.from_json(path.read_bytes())
            record = GameRecord.from_game(game, finished=finished_at(path.stat().st_mtime))
        except (Explained, OSError) as error:
            print(lang._("{file} was not added: {problem}", file=path.name, problem=lang.error(error)), file=out)
            skipped += 1
            continue
        strangers = [p for p in game.players if p not in entry.students]
        if strangers and not options.add_names:
            print(lang._("{file}: {names} are not on the class list of {name}; add them with --add-names, "
                         "or fix the list with `incognito-nb class add`.", file=path.name,
                         names=lang.names(strangers), name=entry.name), file=out)
            return REFUSED
        games.append(record)
        if strangers:
            entry = book.add_class(entry.name, [*entry.students, *strangers], keep_days=entry.keep_days)
    added = sum(book.add_game(entry.name, record) for record in games)
    print(lang.ngettext("{n} game added to {name} ({kept} already there).",
                        "{n} games added to {name} ({kept} already there).", added,
                        name=entry.name, kept=len(games) - added), file=out)
    return REFUSED if skipped and not games else DONE


def report(book: ClassBook, options: argparse.Namespace, lang: Language, out: TextIO) -> int:
    from .files.class_files import check_games, report_pdf, students_csv, words_csv

    record = check_games(book.record(options.name))  # a class with no game yet: no file is written
    written = []
    if options.csv:  # with a byte-order mark, as the game's results: spreadsheets then read the accents
        written.append(_write(options.csv, words_csv(record, lang, calendar=book.calendar()).encode("utf-8-sig")))
    if options.students_csv:
        written.append(_write(options.students_csv, students_csv(record, lang).encode("utf-8-sig")))
    if options.pdf:
        written.append(_write(options.pdf, report_pdf(record, lang=lang)))
    if not written:
        out.write(words_csv(record, lang, calendar=book.calendar()))
    for path in written:
        print(lang._("Wrote {path}.", path=path), file=out)
    return DONE


def export(book: ClassBook, options: argparse.Namespace, lang: Language, out: TextIO) -> int:
    from .files.class_files import record_json

    text = record_json(book.record(options.name))
    if options.out:
        print(lang._("Wrote {path}.", path=_write(options.out, text)), file=out)
    else:
        out.write(text)
    return DONE


def delete(book: ClassBook, options: argparse.Namespace, lang: Language, out: TextIO) -> int:
    entry = book.entry(options.name)
    question = lang._("Delete the class {name}, its first names, every record of its games and its tables? This "
                      "cannot be undone.", name=entry.name)  # the class report page's question, word for word
    if not confirmed(options, question, lang, out):
        return REFUSED
    late: ErasureDelayed | None = None
    try:
        book.delete_class(entry.name)
    except ErasureDelayed as delayed:  # done, but a page kept the names in the store's log
        late = delayed
    print(lang._("Deleted the class {name}, its first names and every record of its games.", name=entry.name),
          file=out)
    return _erased(late, options, lang)


def delete_student(book: ClassBook, options: argparse.Namespace, lang: Language, out: TextIO) -> int:
    entry = book.entry(options.name)
    key = name_key(options.student)
    kept = next((s for s in book.students_of(entry.name) if name_key(s) == key), None)
    question = lang._("Delete {student} from the class {name}: their first name, and their drawings, cards and "
                      "points in every record of its games? The tables that seat them are deleted too. This cannot "
                      "be undone.", student=kept, name=entry.name)
    if kept is not None and not confirmed(options, question, lang, out):  # an unknown name is refused below
        return REFUSED
    try:
        student, late = book.delete_student(entry.name, options.student), None
    except ErasureDelayed as delayed:  # done, but a page kept the name in the store's log
        student, late = delayed.student, delayed
    print(lang._("Deleted {student} from the class {name}: their first name, and their drawings, cards and points "
                 "in every record of its games; the tables that seated them are gone too.",
                 student=student, name=entry.name), file=out)
    return _erased(late, options, lang)


def _erased(late: ErasureDelayed | None, options: argparse.Namespace, lang: Language) -> int:
    """Says, after a deletion, that its names stay in the store's log for now (and what to do)."""
    if late is not None:
        print(f"incognito-nb class: {lang.error(late)}", file=options.err)
    return DONE


def confirmed(options: argparse.Namespace, question: str, lang: Language, out: TextIO) -> bool:
    """Returns whether the teacher confirms a deletion: ``--yes``, or yes to ``question`` at
    the terminal.  Says why nothing was deleted when not."""
    if options.yes:
        return True
    if options.ask is None:
        print("incognito-nb class: " + lang._("Nothing was deleted: there is no one here to ask. Run the command "
                                              "again with --yes to delete without a question."), file=options.err)
        return False
    yes = lang.pgettext("the first letter of the answer yes, at a terminal", "y")
    no = lang.pgettext("the first letter of the answer no, at a terminal", "n")
    try:
        answer = options.ask(f"{question} [{yes}/{no.upper()}] ").strip().casefold()
    except EOFError:  # Ctrl-D
        answer = ""
    if answer[:1] in {yes.casefold(), "y"}:
        return True
    print(lang._("Nothing was deleted."), file=out)
    return False


def practice_deck(book: ClassBook, options: argparse.Namespace, lang: Language, out: TextIO) -> int:
    """Writes the practice deck of the class's latest language to ``--csv``, and, for a class
    that played decks of other languages too and keeps missing some of their words, one deck
    for each beside it, its language in its name as a deck file says it (``practice.fr.csv``)."""
    from ..engine.class_report import deck_languages, missing_words
    from .files.class_files import practice_deck_csv

    record = book.record(options.name)
    deck = choose_deck(options.deck) if options.deck else None
    # With a byte-order mark, as the report's CSV files: a spreadsheet reads the words' accents.
    text = practice_deck_csv(record, deck, lang=lang).encode("utf-8-sig")
    print(lang._("Wrote {path}.", path=_write(options.csv, text)), file=out)
    missing = {row.language for row in missing_words(record)}
    target = Path(options.csv)
    for code in deck_languages(record)[1:]:
        if code in missing:
            text = practice_deck_csv(record, deck if deck is not None and deck.language == code else None, code,
                                     lang=lang).encode("utf-8-sig")
            path = target.with_name(f"{target.stem}.{code}{target.suffix or '.csv'}")
            print(lang._("Wrote {path}.", path=_write(str(path), text)), file=out)
    return DONE


def seat_cards(book: ClassBook, options: argparse.Namespace, lang: Language, out: TextIO) -> int:
    from .files.seat_cards import class_tables, seat_cards_pdf

    tables = class_tables(book, options.name, choose_deck(options.deck), base_url=server_url(options, lang),
                          lang=lang, practice=not options.no_practice, seat=True)
    _write(options.pdf, seat_cards_pdf(book.entry(options.name).name, tables, lang=lang))
    _say_tables(tables, lang, out)
    print(lang._("Wrote {path}.", path=options.pdf), file=out)
    return DONE


def tables(book: ClassBook, options: argparse.Namespace, lang: Language, out: TextIO) -> int:
    from .files.seat_cards import class_tables

    made = class_tables(book, options.name, choose_deck(options.deck), base_url=server_url(options, lang),
                        lang=lang, practice=not options.no_practice)
    _say_tables(made, lang, out)
    return DONE


def server_url(options: argparse.Namespace, lang: Language) -> str:
    """Returns the classroom server's address the tables' links lead to: ``--url``, else this
    computer's on its network; warns when the students' devices cannot open it (127.0.0.1)."""
    url = options.url or f"http://{lan_address() or '127.0.0.1'}:{DEFAULT_PORT}"
    if is_loopback(urlsplit(url).hostname):
        print("incognito-nb class: " + lang._(
            "The links lead to {url}, which a student's device cannot open: on it, that address means the "
            "device itself. Give --url with this computer's address on the class's network, as "
            "incognito-nb classroom --host 0.0.0.0 prints it.", url=url), file=options.err)
    return url


def _say_tables(made, lang: Language, out: TextIO) -> None:
    for table in made:
        print(lang._("Table {code} ({names}): teacher page {url}", code=table.code,
                     names=lang.names(table.names), url=table.teacher_url), file=out)


def choose_deck(name: str | None) -> Deck:
    """Returns the deck a ``--deck`` option names: a CSV file, a built-in deck's id, or the default."""
    if name and (name.endswith(".csv") or os.sep in name):
        return load_deck(name)
    try:
        return Deck.builtin(name)
    except DeckError:
        return load_deck(name or "")


def _write(path: str, content: str | bytes) -> str:
    target = Path(path)
    if isinstance(content, str):
        target.write_text(content, encoding="utf-8")
    else:
        target.write_bytes(content)
    return str(target)


COMMANDS = {"add": add, "list": list_classes, "import": import_saves, "report": report, "export": export,
            "delete": delete, "delete-student": delete_student, "practice-deck": practice_deck, "seat-cards": seat_cards, "tables": tables}
