"""Play again with this class: a new game at the same table, on SQLite and on Redis alike.

The same seats (names, order, seat tokens), a new deal, the deck the teacher chooses (the
same by default), and only with the teacher's key, once the game is over.  What is kept
of the finished game: its results can be made from it until Play again is pressed (see
``incognito_nb/store/next_game.py``); after that the table holds the new game.
"""

from __future__ import annotations

import asyncio

import pytest

from incognito_nb import Deck, DeckError, IllegalAction, Phase, Rules
from incognito_nb.app.files.exports import results_csv, takeaway_files
from incognito_nb.engine import Action
from incognito_nb.store import NotAllowed, watch_async
from store_backends import make_store, redis_url, store, store_url  # noqa: F401 (fixtures)
from tables import ANA_BEN_CLEO, doodle, word_deck


def _finished(store, rounds: int = 1, seed: int = 11):
    """Plays a table of Ana, Ben and Cleo to its podium (each draws a doodle); returns keys and seats."""
    keys = store.create_table(word_deck(), Rules(rounds=rounds), seed=seed)
    seats = {name: store.join(keys.code, name) for name in ANA_BEN_CLEO}
    store.start(keys.code, keys.teacher_key)
    while store.read(keys.code).game.phase is not Phase.OVER:
        game = store.read(keys.code).game
        if game.phase is Phase.HIDE:
            for number, (name, seat) in enumerate(seats.items()):
                store.act(keys.code, Action.submit_drawing(name, doodle(number).to_list()), seat_token=seat.token)
        store.act(keys.code, Action.advance(force=True), teacher_key=keys.teacher_key)
    return keys, seats


def test_play_again_deals_a_new_game_to_the_same_seats_with_the_same_tokens(store):
    keys, seats = _finished(store)
    before = store.read(keys.code)
    version = store.play_again(keys.code, keys.teacher_key)
    after = store.read(keys.code)
    assert version == after.version == before.version + 1
    assert after.code == keys.code and after.players == before.players == ANA_BEN_CLEO
    game = after.game
    assert game.phase is Phase.HIDE and game.round == 1 and game.history == () and game.scores == {
        "Ana": 0, "Ben": 0, "Cleo": 0}
    assert all(not game.drawing(name) for name in ANA_BEN_CLEO)  # clean boards
    for name, seat in seats.items():  # every seat link keeps working, and plays in the new game
        assert store.rejoin(keys.code, seat.token).name == name
    store.act(keys.code, Action.submit_drawing("Ana", doodle().to_list()), seat_token=seats["Ana"].token)
    assert store.read(keys.code).game.done == ("Ana",)
    assert after.deck_name == before.deck_name and after.rules == before.rules == Rules(rounds=1)


def test_play_again_is_a_new_deal(store):
    keys, _ = _finished(store)
    first = store.read(keys.code).game
    store.play_again(keys.code, keys.teacher_key)
    second = store.read(keys.code).game
    dealt = lambda game: ({p: game.secret_object(p) for p in game.players}, {p: game.location(p) for p in game.players})
    first_deal = ({p: first.history[0].objects[p] for p in first.players}, None)
    assert dealt(second)[0] != first_deal[0]  # a new seed deals other objects
    assert second.to_json() != first.to_json()


def test_play_again_with_a_chosen_deck_deals_from_it(store):
    keys, _ = _finished(store)
    other = Deck(objects=tuple(f"Zcosa{i}" for i in range(20)), locations=tuple(f"Zsitio{i}" for i in range(20)),
                 name="Otra baraja", language="es")
    store.play_again(keys.code, keys.teacher_key, other)
    snapshot = store.read(keys.code)
    assert (snapshot.deck_name, snapshot.deck_language) == ("Otra baraja", "es")
    game = snapshot.game
    assert all(game.secret_object(p).startswith("Zcosa") and game.location(p).startswith("Zsitio")
               for p in game.players)
    # The table keeps the chosen deck: another game deals from it again.
    while store.read(keys.code).game.phase is not Phase.OVER:
        store.act(keys.code, Action.advance(force=True), teacher_key=keys.teacher_key)
    store.play_again(keys.code, keys.teacher_key)
    assert store.read(keys.code).deck_name == "Otra baraja"


def test_play_again_with_a_deck_too_small_is_refused_by_the_engine_and_changes_nothing(store):
    keys, _ = _finished(store)
    version = store.version(keys.code)
    tiny = Deck(objects=("a", "b", "c"), locations=("x", "y", "z"), name="Tiny")
    with pytest.raises(DeckError) as refused:
        store.play_again(keys.code, keys.teacher_key, tiny)
    assert store.version(keys.code) == version and store.read(keys.code).game.phase is Phase.OVER
    # Play again keeps the table's rounds: the advice is another deck, never fewer rounds.
    assert "choose another deck" in str(refused.value) and "fewer rounds" not in str(refused.value)


def test_only_the_teacher_key_plays_again_never_a_students_seat(store):
    keys, seats = _finished(store)
    version = store.version(keys.code)
    for credential in (seats["Ana"].token, "not-a-key", None):
        with pytest.raises(NotAllowed):
            store.play_again(keys.code, credential)
    assert store.version(keys.code) == version and store.read(keys.code).game.phase is Phase.OVER


def test_play_again_is_refused_while_the_game_is_in_play_or_before_it_starts(store):
    keys = store.create_table(word_deck(), seed=3)
    for name in ANA_BEN_CLEO:
        store.join(keys.code, name)
    with pytest.raises(IllegalAction) as caught:
        store.play_again(keys.code, keys.teacher_key)
    assert caught.value.rule == "not_started"
    store.start(keys.code, keys.teacher_key)
    with pytest.raises(IllegalAction) as caught:
        store.play_again(keys.code, keys.teacher_key)
    assert caught.value.rule == "not_over"
    assert store.read(keys.code).game.round == 1


def test_the_finished_games_files_are_made_before_play_again_and_the_new_game_replaces_it(store):
    """What this project chose: the finished game's results are downloadable until Play
    again (the teacher page makes them from the table it reads); then the table holds
    the new game, whose files wait for its own scored rounds."""
    keys, _ = _finished(store, rounds=2)
    finished = store.read(keys.code).game
    files = takeaway_files(finished)
    assert {"poster.pdf", "results.csv", "vocabulary.csv", "drawings.zip"} <= set(files)
    assert "Ana" in results_csv(finished)
    store.play_again(keys.code, keys.teacher_key)
    assert finished.phase is Phase.OVER and len(finished.history) == 2  # the copy read before is untouched
    assert store.read(keys.code).game.history == ()
    assert store.replay(keys.code).to_json() == store.read(keys.code).game.to_json()


def test_another_kernel_reads_the_new_game_from_a_watch(store, store_url):  # noqa: F811 (fixture)
    """A page in another kernel, holding the finished game, hears of Play again and reads the
    new game (the students' phones move to it by themselves)."""
    keys, _ = _finished(store)
    other = make_store(store_url)
    try:
        held = other.read(keys.code)
        assert held.game.phase is Phase.OVER

        async def hear() -> int:
            heard = asyncio.Event()
            watch = watch_async(other, keys.code, lambda version: heard.set(), since=held.version)
            try:
                store.play_again(keys.code, keys.teacher_key)
                await asyncio.wait_for(heard.wait(), 10)
            finally:
                watch.stop()
            return other.version(keys.code)

        version = asyncio.run(hear())
        moved = other.read(keys.code, since=held.version)
        assert moved.version == version and moved.game.phase is Phase.HIDE and moved.game.history == ()
        assert moved.changes is None  # a new game: the page renders it whole
    finally:
        other.close()
