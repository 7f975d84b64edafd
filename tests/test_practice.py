"""Practice: the spaced-repetition schedule and the deal that favours the class's due words.

The probabilities are those ``incognito_nb/engine/practice.py`` documents; each is checked
over thousands of deals with fixed seeds, within 4.5 standard deviations of a binomial
count (so the test fails by chance less than once in a hundred thousand runs, and always
with the same seeds)."""

from __future__ import annotations

import math
from datetime import date, timedelta

import pytest

from incognito_nb import Deck, Drawing, Game, Phase
from incognito_nb.engine.class_record import DrawnWord, GameRecord
from incognito_nb.engine.practice import PRACTICE_SHARE, Practice, chance_due_word_is_dealt, chance_other_word_is_dealt
from incognito_nb.engine.schedule import INTERVALS, Calendar, due_words, practice_for, schedule, utc_day

PLAYERS = ("Ana", "Ben", "Cleo")
#: The week after the played games (finished on 1 November): the next lesson.
NEXT_WEEK = Calendar(utc_day, date(2026, 11, 8))
DEALS = 3000


def played(players, *, seed, missed_rounds=(), missed_artists=()) -> GameRecord:
    """Returns the record of a game where every card is right, except that nobody places a
    card on the drawings of ``missed_artists`` in ``missed_rounds`` (those words are missed)."""
    game = Game.new(players, seed=seed)
    while game.phase is not Phase.OVER:
        if game.phase is Phase.FIND:
            for voter in game.players:
                for artist in game.players:
                    if artist != voter and not (game.round in missed_rounds and artist in missed_artists):
                        game.cast_vote(voter, artist, game.lineup.index(game.secret_object(artist)) + 1)
        elif game.phase is Phase.HIDE:
            for player in game.players:
                game.submit_drawing(player, Drawing())
        game.advance(force=True)
    return GameRecord.from_game(game, finished="2026-11-01T09:00:00+00:00")


def secret_words(game: Game) -> set[str]:
    """Returns the words a game deals to its players over its rounds, from its piles."""
    data = game.to_dict()
    rounds, size, players = game.rules.rounds, game.rules.lineup_size, len(game.players)
    pile = list(data["table"]["objects"].values()) + data["piles"]["objects"]
    # round 1's secret objects are on the table; later rounds' lie at the top of the pile
    later = data["piles"]["objects"]
    words = set(data["table"]["objects"].values())
    for r in range(rounds - 1):
        words |= set(later[r * size: r * size + players])
    assert len(words) == rounds * players and pile
    return words


def within(count: int, trials: int, chance: float) -> bool:
    spread = 4.5 * math.sqrt(trials * chance * (1 - chance)) + 1
    return abs(count - trials * chance) <= spread


def test_a_word_the_class_missed_comes_back_next_lesson_with_the_documented_probability():
    first = played(PLAYERS, seed="week 1", missed_rounds=(1,), missed_artists=("Ana",))
    missed = {d.word for d in first.drawings if not d.found_by}
    assert len(missed) == 1 and due_words([first], NEXT_WEEK) == frozenset(missed)
    practice = practice_for([first], NEXT_WEEK)
    deck = Deck.builtin()
    slots, objects = 3 * len(PLAYERS), len(deck.objects)
    found = [d.word for d in first.drawings if d.found_by]
    came_back, found_back, plain_back = 0, 0, 0
    for seed in range(DEALS):
        dealt = secret_words(Game.new(PLAYERS, deck, seed=f"week 2/{seed}", practice=practice))
        came_back += bool(missed & dealt)
        found_back += len(set(found) & dealt)
        plain_back += bool(missed & secret_words(Game.new(PLAYERS, deck, seed=f"week 2/{seed}")))
    due_chance = chance_due_word_is_dealt(slots, 1)
    assert due_chance == pytest.approx(1 - 2 ** -9)
    assert within(came_back, DEALS, due_chance), (came_back, DEALS * due_chance)
    other = chance_other_word_is_dealt(slots, 1, objects)
    assert within(found_back, DEALS * len(found), other), (found_back, DEALS * len(found) * other)
    assert within(plain_back, DEALS, slots / objects), "without practice a word has S / N"


def test_with_as_many_due_words_as_secret_objects_each_comes_back_half_the_time():
    first = played(PLAYERS, seed="week 1", missed_rounds=(1, 2, 3), missed_artists=PLAYERS)
    due = due_words([first], NEXT_WEEK)
    assert len(due) == 9
    chance = chance_due_word_is_dealt(9, 9)
    assert chance == pytest.approx(PRACTICE_SHARE)
    count = sum(len(due & secret_words(Game.new(PLAYERS, seed=f"week 2/{seed}", practice=Practice(due))))
                for seed in range(DEALS // 3))
    assert within(count, (DEALS // 3) * 9, chance), (count, DEALS // 3 * 9 * chance)


def test_turning_practice_off_restores_the_plain_deal_exactly():
    first = played(PLAYERS, seed="week 1", missed_rounds=(1, 2), missed_artists=("Ben", "Cleo"))
    for seed in range(50):
        plain = Game.new(PLAYERS, seed=seed).to_dict()
        assert Game.new(PLAYERS, seed=seed, practice=None).to_dict() == plain
        assert Game.new(PLAYERS, seed=seed, practice=Practice(frozenset())).to_dict() == plain
        assert Game.new(PLAYERS, seed=seed, practice=Practice(frozenset({"no such word"}))).to_dict() == plain
        practised = Game.new(PLAYERS, seed=seed, practice=practice_for([first], NEXT_WEEK))
        assert practised.to_dict() == Game.new(PLAYERS, seed=seed, practice=practice_for([first], NEXT_WEEK)).to_dict()
        pile = list(practised.to_dict()["table"]["lineup"]) + practised.to_dict()["piles"]["objects"]
        assert len(pile) == len(set(pile)) == len(Deck.builtin().objects), "no word twice, none lost"


def drawing(word: str, found: int, could: int = 2) -> DrawnWord:
    guessers = tuple(f"g{i}" for i in range(could))
    return DrawnWord(round=1, artist="a", word=word, location="x", strokes=1, token=1,
                     cards={g: 1 for g in guessers[:found]}, guessers=guessers)


def game_of(*drawings: DrawnWord, week: int = 0) -> GameRecord:
    """Returns a game of the class's lesson in week ``week`` (a lesson a week, on Mondays)."""
    return GameRecord(game_id=f"g{week}", finished=f"{monday(week)}T09:00:00+00:00", deck="d",
                      language="en", players=(), lineups=(), drawings=drawings)


def monday(week: int) -> date:
    return date(2026, 11, 2) + timedelta(weeks=week)


def week(n: int) -> Calendar:
    """Returns the calendar of the lesson in week ``n`` (before it is played)."""
    return Calendar(utc_day, monday(n))


def test_a_found_word_moves_up_a_box_and_comes_back_later():
    games = [game_of(drawing("owl", 1))]
    assert schedule(games, utc_day)["owl"].box == 2 and "owl" not in due_words(games, week(1))
    games.append(game_of(week=1))
    assert "owl" in due_words(games, week(2)), f"box 2 comes back after {INTERVALS[2]} lessons"
    games.append(game_of(drawing("owl", 2), week=2))
    assert schedule(games, utc_day)["owl"].box == 3
    assert schedule(games, utc_day)["owl"].due_lesson == 2 + INTERVALS[3]
    assert "owl" not in due_words(games, week(20)), "weeks without a game are no lessons"
    games += [game_of(week=n) for n in range(3, 2 + INTERVALS[3])]
    assert "owl" not in due_words(games, week(2 + INTERVALS[3] - 1)), "the lesson before: not yet"
    assert "owl" in due_words(games, week(2 + INTERVALS[3]))


def test_a_missed_word_goes_back_to_the_first_box_and_comes_back_next_lesson():
    games = [game_of(drawing("owl", 2)), game_of(week=1), game_of(drawing("owl", 2), week=2),
             game_of(drawing("owl", 0), week=3)]
    assert schedule(games, utc_day)["owl"].box == 1 and "owl" in due_words(games, week(4))


def test_the_class_finds_a_word_when_at_least_half_who_could_found_it():
    assert schedule([game_of(drawing("owl", 1, could=2))], utc_day)["owl"].box == 2
    assert schedule([game_of(drawing("owl", 1, could=3))], utc_day)["owl"].box == 1


def test_a_table_made_for_a_class_deals_with_its_practice_or_plainly(tmp_path):
    from incognito_nb.store import open_store

    first = played(PLAYERS, seed="week 1", missed_rounds=(1, 2, 3), missed_artists=PLAYERS)
    practice = practice_for([first], NEXT_WEEK)
    with open_store(tmp_path / "classroom.sqlite") as store:
        for chosen in (practice, None):
            keys = store.create_table(Deck.builtin(), seed="week 2", practice=chosen)
            for name in PLAYERS:
                store.join(keys.code, name)
            store.start(keys.code, keys.teacher_key)
            dealt = store.read(keys.code).game.to_dict()
            assert dealt == Game.new(PLAYERS, Deck.builtin(), seed="week 2", practice=chosen).to_dict()
            assert (dealt == Game.new(PLAYERS, Deck.builtin(), seed="week 2").to_dict()) == (chosen is None)
