"""A teacher's classes in the store: kept beside the tables, in SQLite and in Redis alike,
exported, limited in time, and deleted without a trace."""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path

import pytest

from incognito_nb.engine.class_record import GameRecord
from incognito_nb.store.backends import open_class_book
from incognito_nb.store import StoreError
from incognito_nb.store.class_book import UnknownClass, UnknownStudent, class_key, finished_at

from class_games import play_game
from store_backends import Clock, redis_url, store_url  # noqa: F401 (fixtures)

STUDENTS = ("Zephyrine", "Bartholomew", "Clementine", "Dagobert")


def finished_game(seed: int, players=STUDENTS[:3], when: float = 1_790_000_000.0) -> GameRecord:
    game = play_game(players, random.Random(seed).choice, seed=seed)
    return GameRecord.from_game(game, finished=finished_at(when))


@pytest.fixture
def book(store_url):  # noqa: F811
    clock = Clock()
    opened = open_class_book(store_url, clock=clock)
    opened.test_clock = clock
    yield opened
    opened.close()


def test_a_class_keeps_its_names_and_its_games_oldest_first(book):
    book.add_class("3B Spanish", STUDENTS)
    later, earlier = finished_game(1, when=1_790_000_500.0), finished_game(2, when=1_790_000_000.0)
    assert book.add_game("3b spanish", later) and book.add_game("3B Spanish", earlier)
    assert not book.add_game("3B Spanish", later), "the same game is kept once"
    record = book.record("3B  spanish")
    assert record.name == "3B Spanish" and record.students == STUDENTS
    assert [g.game_id for g in record.games] == [earlier.game_id, later.game_id]
    assert record.games[1] == later
    assert [entry.name for entry in book.classes()] == ["3B Spanish"]


def test_an_unknown_class_is_refused_with_its_name(book):
    with pytest.raises(UnknownClass, match="4C"):
        book.record("4C")


def test_the_retention_limit_deletes_older_records(book):
    now = book.test_clock()
    book.add_class("3B", STUDENTS, keep_days=30)
    book.add_class("4C", STUDENTS)
    old, new = finished_game(1, when=now - 31 * 86400), finished_game(2, when=now - 29 * 86400)
    for name in ("3B", "4C"):
        book.add_game(name, old)
        book.add_game(name, new)
    assert [g.game_id for g in book.record("3B").games] == [new.game_id]
    assert len(book.record("4C").games) == 2, "a class without a limit keeps every game"


def everything_in(store_url: str) -> str:  # noqa: F811
    """Returns every key, table name and row of the store as one text, to search."""
    if store_url.startswith("redis://"):
        import redis

        client = redis.Redis.from_url(store_url, decode_responses=True)
        parts = []
        for key in client.scan_iter("*"):
            kind = client.type(key)
            value = {"string": client.get, "hash": client.hgetall, "zset": lambda k: client.zrange(k, 0, -1),
                     "list": lambda k: client.lrange(k, 0, -1), "set": client.smembers}[kind](key)
            parts.append(f"{key} {value}")
        return "\n".join(parts)
    conn = sqlite3.connect(store_url)
    parts = []
    for (table,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'"):
        parts.append(table)
        parts.extend(repr(row) for row in conn.execute(f'SELECT * FROM "{table}"'))
    conn.close()
    return "\n".join(parts)


def test_deleting_a_class_leaves_nothing_of_it_in_the_store(book, store_url):  # noqa: F811
    book.add_class("Zanzibar Spanish", STUDENTS, keep_days=90)
    book.add_class("Other", ("Ana", "Ben"))
    for seed in range(3):
        book.add_game("Zanzibar Spanish", finished_game(seed))
    from incognito_nb.app.files.seat_cards import seat_tables  # the seat cards' tables hold the names too
    from incognito_nb.engine import Deck
    from incognito_nb.ui.i18n import language

    made = seat_tables(book.store, book.entry("Zanzibar Spanish"), Deck.builtin(), base_url="http://h", lang=language())
    book.add_tables("Zanzibar Spanish", {t.code: t.names for t in made})
    book.store.start(made[0].code, made[0].teacher_url.split("key=")[1])
    ids = [g.game_id for g in book.record("Zanzibar Spanish").games]
    before = everything_in(store_url)
    assert "Zanzibar" in before and all(name in before for name in STUDENTS)
    book.delete_class("Zanzibar Spanish")
    after = everything_in(store_url)
    for trace in ("Zanzibar", "zanzibar", *STUDENTS, *ids, made[0].code):
        assert trace not in after
    assert "Other" in after and "Ana" in after, "another class is kept"
    if not store_url.startswith("redis://"):
        raw = b"".join(path.read_bytes() for path in (Path(store_url), Path(store_url + "-wal")) if path.exists())
        for trace in ("Zanzibar", *STUDENTS):
            assert trace.encode() not in raw, f"{trace} is still in the file's bytes"
    with pytest.raises(UnknownClass):
        book.record("Zanzibar Spanish")
    assert len(ids) == 3


def test_a_game_played_at_a_table_made_for_the_class_joins_its_record_when_it_ends(book):
    from incognito_nb.app.files.seat_cards import seat_tables
    from incognito_nb.engine import Action, Deck
    from incognito_nb.ui.i18n import language

    book.add_class("3B", STUDENTS[:3])
    (table,) = seat_tables(book.store, book.entry("3B"), Deck.builtin(), base_url="http://h", lang=language())
    book.add_tables("3B", {table.code: table.names})
    key = table.teacher_url.split("key=")[1]
    book.store.start(table.code, key)
    assert book.record("3B").games == (), "a game in play is not part of the record"
    while book.store.read(table.code).game.phase.value != "over":
        book.store.act(table.code, Action.advance(force=True), teacher_key=key)
    games = book.record("3B").games
    assert len(games) == 1 and games[0].players == STUDENTS[:3]
    assert len(book.record("3B").games) == 1, "collected once"


def test_a_class_tables_game_joins_the_record_at_its_game_over_once_even_after_play_again(book):
    """The move that ends the game adds it (the table may be gone before anyone reads the
    record); Play again then deals a new game without counting the first one twice."""
    from incognito_nb.app.files.seat_cards import class_tables
    from incognito_nb.engine import Action, Deck
    from incognito_nb.ui.i18n import language

    book.add_class("3B", STUDENTS[:3])
    (table,) = class_tables(book, "3B", Deck.builtin(), base_url="http://h", lang=language(), seat=True)
    key = table.teacher_url.split("key=")[1]

    def play_to_the_end():
        if not book.store.read(table.code).started:
            book.store.start(table.code, key)
        while book.store.read(table.code).game.phase.value != "over":
            book.store.act(table.code, Action.advance(force=True), teacher_key=key)

    play_to_the_end()
    first = book.store.read(table.code).game
    kept = book._read_games(class_key("3B"))  # as stored, before any reading collects the tables
    assert [json.loads(text)["game_id"] for text in kept] == [GameRecord.from_game(first, finished="x").game_id]
    book.store.play_again(table.code, key)
    assert len(book.record("3B").games) == 1, "Play again does not count the finished game twice"
    play_to_the_end()
    book._delete_tables((table.code,))  # an idle table removed: its games are in the record already
    games = book.record("3B").games
    assert len(games) == 2 and games[0].game_id != games[1].game_id


def test_deleting_a_student_leaves_nothing_of_them_in_the_store_and_the_others_figures_whole(book, store_url):  # noqa: F811
    """A parent's request: one student's first name, drawings, cards and points go from the
    class's list, every record of its games and the tables that seat them; the others' stay."""
    from incognito_nb.app.files.seat_cards import class_tables
    from incognito_nb.engine import Action, Deck
    from incognito_nb.ui.i18n import language

    gone = "Éloïse-Marguerite"
    students = (*STUDENTS, gone, "Ferdinand", "Gwendolyn")  # seven: two tables, of four and three
    book.add_class("3B Spanish", students)
    book.add_class("Other", ("Anselm", "Benedikt", "Cosima"))
    games = [finished_game(seed, players=(students[seed], gone, students[seed + 1])) for seed in range(3)]
    games.append(finished_game(9, players=STUDENTS[:3]))
    for game in games:
        book.add_game("3B Spanish", game)
    tables = class_tables(book, "3B Spanish", Deck.builtin(), base_url="http://h", lang=language(), seat=True)
    hers = next(t for t in tables if gone in t.names)
    others = next(t for t in tables if gone not in t.names)
    for table in (hers, others):  # a finished game at each: hers is collected before the table goes
        key = table.teacher_url.split("key=")[1]
        book.store.start(table.code, key)
        while book.store.read(table.code).game.phase.value != "over":
            book.store.act(table.code, Action.advance(force=True), teacher_key=key)
    before = book.record("3B Spanish")
    assert len(before.games) == 6 and gone in everything_in(store_url)

    assert book.delete_student("3b spanish", "éloïse-MARGUERITE") == gone
    after = everything_in(store_url)
    for trace in ("Marguerite", "Éloïse", hers.code):
        assert trace not in after, trace
    if not store_url.startswith("redis://"):
        raw = b"".join(path.read_bytes() for path in (Path(store_url), Path(store_url + "-wal")) if path.exists())
        assert b"Marguerite" not in raw, "no byte of the file keeps her name"
    record = book.record("3B Spanish")
    assert record.students == tuple(s for s in students if s != gone)
    assert [g.game_id for g in record.games] == [g.game_id for g in before.games], "every game is kept"
    assert book.entry("3B Spanish").tables.keys() == {others.code} and book.store.read(others.code).game
    for old, new in zip(before.games, record.games):
        assert gone not in new.players and gone not in new.points
        assert new.points == {p: n for p, n in old.points.items() if p != gone}, "the others' points stay"
        assert new.lineups == old.lineups, "the words dealt stay"
        theirs = [d for d in old.drawings if d.artist != gone]
        assert [(d.artist, d.word, d.round) for d in new.drawings] == [(d.artist, d.word, d.round) for d in theirs]
        for drawing in new.drawings:
            assert gone not in drawing.guessers and gone not in drawing.cards
            assert len(drawing.guessers) == len(new.players) - 1
    assert "Cosima" in after, "another class is kept"
    with pytest.raises(UnknownStudent, match="Marguerite"):
        book.delete_student("3B Spanish", gone)
    assert not book.add_game("3B Spanish", games[0]), "her game, imported again, is known as kept"


def test_the_last_student_of_a_class_is_not_deleted_alone(book):
    book.add_class("Solo", ("Zephyrine",))
    with pytest.raises(StoreError, match="delete the class instead"):
        book.delete_student("Solo", "zephyrine")
    assert book.entry("Solo").students == ("Zephyrine",)


def test_no_byte_of_a_deleted_student_stays_where_sqlite_keeps_freed_pages(tmp_path, monkeypatch):
    """SQLite's own default leaves deleted rows in the file's free pages (Debian's build turns
    ``secure_delete`` on, other builds may not): the tables of last week, removed idle when
    this week's are made, must not keep a student's name or drawing once she is deleted."""
    from incognito_nb.app.files.seat_cards import class_tables
    from incognito_nb.engine import Action, Deck, Drawing, Stroke
    from incognito_nb.store.class_sqlite import SqliteClassBook
    from incognito_nb.store.sqlite import SqliteTableStore
    from incognito_nb.ui.i18n import language

    connect = sqlite3.connect

    def default_off(*args, **kwargs):  # an SQLite built with SQLite's own default
        conn = connect(*args, **kwargs)
        conn.execute("PRAGMA secure_delete = OFF")
        return conn

    monkeypatch.setattr(sqlite3, "connect", default_off)
    clock, path, gone = Clock(), tmp_path / "classroom.sqlite", "Xochitl"
    book = SqliteClassBook(SqliteTableStore(path, clock=clock), clock=clock)
    book.add_class("3B", ("Ana", "Ben", gone))
    (table,) = class_tables(book, "3B", Deck.builtin(), base_url="http://h", lang=language(), seat=True)
    book.store.start(table.code, table.teacher_key)
    hers = next(seat.token for seat in table.seats if seat.name == gone)
    book.store.act(table.code, Action.submit_drawing(gone, Drawing((Stroke([(777.125, 1.0), (2.0, 3.0)]),))),
                   seat_token=hers)
    while book.store.read(table.code).game.phase.value != "over":
        book.store.act(table.code, Action.advance(force=True), teacher_key=table.teacher_key)
    clock.offset += 7 * 86400  # a week later, this week's tables remove last week's, idle for a day
    class_tables(book, "3B", Deck.builtin(), base_url="http://h", lang=language(), seat=True)
    book.delete_student("3B", gone)
    book.close()
    raw = b"".join(p.read_bytes() for p in tmp_path.iterdir())
    assert (raw.count(gone.encode()), raw.count(b"777.125")) == (0, 0), "her name or drawing stays in the file"


def _file_bytes(path: Path) -> bytes:
    """Returns the bytes of a SQLite store and of its write-ahead log."""
    return b"".join(p.read_bytes() for p in (path, Path(f"{path}-wal")) if p.exists())


def _reading_page(path: Path) -> sqlite3.Connection:
    """Returns a connection in the middle of a read, as a page's kernel is while it reads the store."""
    page = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    page.execute("BEGIN")
    page.execute("SELECT entry FROM classes").fetchall()
    return page


def test_a_deletion_waits_for_a_page_reading_the_store_then_empties_its_log(tmp_path):
    """A page's kernel reads the store as the teacher deletes a student: its read holds the
    write-ahead log, which a first checkpoint cannot empty; the deletion tries again until
    the read ends, and then no byte of the file or of its log keeps her name."""
    import threading

    from incognito_nb.store.class_sqlite import SqliteClassBook
    from incognito_nb.store.sqlite import SqliteTableStore

    clock, path, gone = Clock(), tmp_path / "classroom.sqlite", "Xochitl"
    book = SqliteClassBook(SqliteTableStore(path, clock=clock, busy_timeout=0.1), clock=clock)
    book.add_class("3B", ("Ana", "Ben", gone))
    page = _reading_page(path)
    ends = threading.Timer(0.5, page.execute, ("COMMIT",))  # five of the store's waits later
    ends.start()
    assert book.delete_student("3B", gone) == gone
    ends.join()
    assert gone.encode() not in _file_bytes(path), "her name stays in the store's log"
    assert b"Ana" in _file_bytes(path)
    page.close()
    book.close()


def test_a_deletion_waiting_for_a_reader_lets_the_class_write_meanwhile(tmp_path, monkeypatch):
    """A checkpoint waiting for a reader holds back every writer (docs/platform-notes.md): at
    the store's own busy timeout a class's strokes would wait it out, a try after another,
    and a kernel whose wait is shorter fail.  The deletion's tries wait a moment each."""
    import sqlite3
    import threading
    import time

    from incognito_nb.store import class_sqlite
    from incognito_nb.store.class_book import ErasureDelayed
    from incognito_nb.store.sqlite import SqliteTableStore

    monkeypatch.setattr(class_sqlite, "ERASE_PATIENCE", 2.0)
    clock, path = Clock(), tmp_path / "classroom.sqlite"
    book = class_sqlite.SqliteClassBook(SqliteTableStore(path, clock=clock, busy_timeout=5.0), clock=clock)
    book.add_class("3B", ("Ana", "Ben", "Xochitl"))
    book.store._connection().execute("CREATE TABLE strokes (n INTEGER)")
    page = _reading_page(path)
    said = []

    def delete() -> None:
        try:
            book.delete_student("3B", "Xochitl")
        except ErasureDelayed as delayed:  # the page read on throughout
            said.append(delayed)

    deleting = threading.Thread(target=delete)
    deleting.start()
    student = sqlite3.connect(path, timeout=1.0, isolation_level=None)  # another kernel, a shorter wait
    try:
        while deleting.is_alive():  # a stroke every 0.1 s, all through the deletion's tries
            student.execute("INSERT INTO strokes VALUES (1)")
            time.sleep(0.1)
    finally:
        deleting.join()
        student.close()
        page.execute("COMMIT")
        page.close()
        book.close()
    assert said, "the page read on: the deletion says the names stay in the log"


def test_a_deletion_that_cannot_empty_the_log_says_so_and_what_to_do(tmp_path, monkeypatch):
    """A page that reads on past the deletion's patience: the deletion is done, says that the
    names stay in the log and what to do (`incognito-nb class delete` says it after its own
    line); done as it says, the log goes."""
    import io
    from argparse import Namespace

    from incognito_nb.app import class_cli
    from incognito_nb.store import class_sqlite
    from incognito_nb.store.class_book import ErasureDelayed
    from incognito_nb.store.sqlite import SqliteTableStore
    from incognito_nb.ui.i18n import language

    monkeypatch.setattr(class_sqlite, "ERASE_PATIENCE", 0.3)
    clock, path, gone = Clock(), tmp_path / "classroom.sqlite", "Xochitl"
    book = class_sqlite.SqliteClassBook(SqliteTableStore(path, clock=clock, busy_timeout=0.1), clock=clock)
    book.add_class("3B", ("Ana", "Ben", gone))
    book.add_class("4C", ("Zephyrine", "Bartholomew"))
    page = _reading_page(path)
    with pytest.raises(ErasureDelayed, match="stop the classroom server, then run `incognito-nb class list`") as late:
        book.delete_student("3b", gone.lower())
    assert late.value.student == gone and str(path) in str(late.value)
    assert book.students_of("3B") == ["Ana", "Ben"], "the deletion itself is done"
    out, err = io.StringIO(), io.StringIO()
    options = Namespace(name="4C", yes=True, ask=None, err=err)
    assert class_cli.delete(book, options, language("en"), out) == class_cli.DONE
    assert out.getvalue() == "Deleted the class 4C, its first names and every record of its games.\n"
    assert err.getvalue().startswith("incognito-nb class: A page was reading the classroom's store")
    assert f"{path}-wal" in err.getvalue() and "incognito-nb class list" in err.getvalue()
    assert b"Zephyrine" in _file_bytes(path), "a page still reads: the names stay in the log"
    from incognito_nb.app.class_page import ClassPage
    from incognito_nb.app.server import class_doors

    name, student, said = class_doors.delete_student(book.store, "3b", "ana")  # the report page's Delete
    assert (name, student, said.student) == ("3B", "Ana", "Ana")
    book.add_class("5D", ("Cosima", "Dora"))
    notebook = ClassPage(book, lang=language("fr"), folder=tmp_path / "files")
    notebook.choose("5D")
    notebook.delete()
    assert notebook.delete() and "Une page lisait le stockage de la classe" in notebook.said.value
    page.execute("COMMIT")
    page.close()
    book.close()  # the classroom server stopped
    assert class_cli.main(["list", "--store", str(path)], out=io.StringIO()) == class_cli.DONE
    raw = _file_bytes(path)
    assert [raw.count(trace) for trace in (gone.encode(), b"Zephyrine", b"Ana", b"Cosima")] == [0, 0, 0, 0]
