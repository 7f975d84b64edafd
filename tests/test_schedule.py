"""The practice schedule counts lessons, not games: a class of thirty plays at five tables a
lesson, and its words come back as those of a class of six at one table would, for the same
outcomes.  A lesson is the games of one day, on the server's local calendar."""

from __future__ import annotations

import time
from datetime import date, datetime, timedelta, timezone

from hypothesis import given, settings
from hypothesis import strategies as st

from incognito_nb.engine.class_record import ClassRecord, DrawnWord, GameRecord
from incognito_nb.engine.class_report import word_rows
from incognito_nb.engine.schedule import INTERVALS, TOP_BOX, Calendar, due_words, schedule, utc_day
from incognito_nb.store.backends import open_class_book
from incognito_nb.store.class_book import local_day

FIRST = date(2026, 9, 7)  # a Monday: a lesson a week from there
WORDS = ("owl", "key", "sock", "drum", "pear", "lamp")

#: A lesson's outcomes: the words drawn, in the order they were drawn, and whether the class found each.
Lesson = list[tuple[str, bool]]


def drawn(word: str, found: bool, round_: int, artist: str) -> DrawnWord:
    guessers = ("g1", "g2")
    return DrawnWord(round=round_, artist=artist, word=word, location="x", strokes=1, token=1,
                     cards={g: 1 for g in guessers} if found else {}, guessers=guessers)


def lesson_day(week: int) -> date:
    return FIRST + timedelta(weeks=week)


def games_of(lessons: list[Lesson], tables: list[list[int]]) -> list[GameRecord]:
    """Returns the class's games: lesson ``w``'s outcomes in order, cut into tables of
    ``tables[w]`` drawings each, one after the other (the first table finished at 9:00, the
    next a minute later...), each table's drawings one a round."""
    games = []
    for week, (outcomes, sizes) in enumerate(zip(lessons, tables)):
        start = 0
        for table, size in enumerate(sizes):
            part = outcomes[start:start + size]
            start += size
            finished = datetime(*lesson_day(week).timetuple()[:3], 9, table, tzinfo=timezone.utc)
            games.append(GameRecord(
                game_id=f"w{week}t{table}", finished=finished.isoformat(), deck="d", language="en",
                players=(), lineups=(), drawings=tuple(drawn(w, f, r, f"a{r}") for r, (w, f) in enumerate(part, 1))))
        assert start == len(outcomes)
    return games


def one_table(lessons: list[Lesson]) -> list[GameRecord]:
    return games_of(lessons, [[len(outcomes)] for outcomes in lessons])


def five_tables(lessons: list[Lesson]) -> list[GameRecord]:
    """Each lesson's drawings over five tables, as even as they go (a class of 30, tables of 6)."""
    return games_of(lessons, [[len(o) // 5 + (t < len(o) % 5) for t in range(5)] for o in lessons])


def boxes_and_due(games: list[GameRecord], today: date) -> tuple[dict, frozenset[str]]:
    places = schedule(games, utc_day)
    return ({w: (p.box, p.last_lesson) for w, p in places.items()}, due_words(games, Calendar(utc_day, today)))


def test_five_tables_a_lesson_give_the_same_boxes_and_due_words_as_one_table():
    # Lesson 0: each word drawn and found at each of five tables (the top box); then, for
    # seven lessons, one table missed owl and the others found it, and sock was drawn.
    lessons = [[(w, True) for w in WORDS] * 5] + [[("owl", False)] + [("owl", True)] * 4 + [("sock", True)] * 25] * 7
    for week in range(1, len(lessons) + 1):
        so_far = lessons[:week]
        for today in (lesson_day(week - 1), lesson_day(week)):  # later the same day, and the next lesson
            assert boxes_and_due(five_tables(so_far), today) == boxes_and_due(one_table(so_far), today), (week, today)
    places = schedule(five_tables(lessons), utc_day)
    # A lesson is one step, however many tables drew the word.
    assert places["key"].box == 2 and places["key"].due_lesson == INTERVALS[2], "found at five tables: one box up"
    assert places["owl"].box == 1 and places["owl"].due_lesson == 8, "missed at one table of five: back to box 1"
    assert places["sock"].box == TOP_BOX and places["sock"].due_lesson == 7 + INTERVALS[TOP_BOX]
    assert due_words(five_tables(lessons), Calendar(utc_day, lesson_day(8))) == {"owl", "key", "drum", "pear", "lamp"}, \
        "a word of the top box does not come back after a lesson of five tables"


def test_a_word_missed_at_another_table_an_hour_ago_comes_back_next_lesson_not_at_once():
    first = [("owl", True)] * 6 + [("key", False)] * 6
    games = five_tables([first])
    assert schedule(games, utc_day)["owl"].box == 2, "found at five tables: one box up, not five"
    assert due_words(games, Calendar(utc_day, lesson_day(0))) == frozenset(), "the same lesson: nothing due"
    assert due_words(games, Calendar(utc_day, lesson_day(1))) == {"key"}, "the next lesson: the missed word"
    second = five_tables([first, [("sock", True)] * 5])
    assert due_words(second, Calendar(utc_day, lesson_day(1))) == {"key"}, "due for every table of that lesson"


lessons_drawn = st.lists(st.lists(st.tuples(st.sampled_from(WORDS), st.booleans()), max_size=12),
                         min_size=1, max_size=10)


@settings(max_examples=150, deadline=None)
@given(lessons=lessons_drawn, data=st.data())
def test_splitting_a_lessons_games_over_more_tables_never_changes_the_schedule(lessons, data):
    tables = []
    for outcomes in lessons:
        cuts = sorted(data.draw(st.lists(st.integers(0, len(outcomes)), max_size=5), label="cuts"))
        tables.append([b - a for a, b in zip([0, *cuts], [*cuts, len(outcomes)])])
    split = games_of(lessons, tables)
    whole = one_table(lessons)
    for today in (lesson_day(len(lessons) - 1), lesson_day(len(lessons)), lesson_day(len(lessons) + 30)):
        assert boxes_and_due(split, today) == boxes_and_due(whole, today)


def test_a_lesson_is_a_day_on_the_servers_calendar_not_cut_at_midnight_utc(monkeypatch):
    """A lesson from 15:50 to 16:40 in UTC−8 runs past midnight UTC: still one lesson."""
    monkeypatch.setenv("TZ", "PST+8")
    time.tzset()
    try:
        early, late = "2026-11-02T23:50:00.000000+00:00", "2026-11-03T00:40:00.000000+00:00"
        assert local_day(early) == local_day(late) == date(2026, 11, 2)
        lessons = [[("owl", False)], [("owl", True)]]
        games = one_table(lessons)
        games = [GameRecord(g.game_id, t, g.deck, g.language, g.players, g.lineups, g.drawings)
                 for g, t in zip(games, (early, late))]
        assert schedule(games, local_day)["owl"].last_lesson == 0, "one lesson"
        assert schedule(games, utc_day)["owl"].last_lesson == 1, "UTC would cut it in two"
        assert due_words(games, Calendar(local_day, date(2026, 11, 2))) == frozenset()
    finally:
        monkeypatch.delenv("TZ")
        time.tzset()


def test_the_class_book_deals_todays_later_tables_in_todays_lesson(tmp_path):
    now = [datetime(*lesson_day(0).timetuple()[:3], 10, 0, tzinfo=timezone.utc).timestamp()]
    with open_class_book(tmp_path / "classroom.sqlite", clock=lambda: now[0]) as book:
        book.add_class("3B", ["Ana", "Ben", "Cleo"])
        for game in five_tables([[("owl", False), ("key", True)] * 5]):  # 9:00 to 9:04 UTC
            book.add_game("3B", game)
        assert book.practice("3B").due == frozenset(), "an hour later, the same lesson"
        now[0] += 7 * 86400
        assert book.practice("3B").due == {"owl"}, "a week later, the next lesson"


def test_a_words_trend_sets_the_latest_lesson_at_all_its_tables_against_the_lessons_before():
    # Lesson 0: one table found owl.  Lesson 1: the first table missed it, the second found it.
    games = games_of([[("owl", True)], [("owl", False), ("owl", True)]], [[1], [1, 1]])
    owl = next(row for row in word_rows(ClassRecord("4B", (), tuple(games))) if row.word == "owl")
    assert owl.trend == -50, "the latest lesson's share (50 %) against the lesson before (100 %)"
    assert owl.box == 1, "missed at a table of the latest lesson"
