"""Shared tables: the lobby, seats, moves and their authority, on SQLite and on Redis alike."""

from __future__ import annotations

import asyncio
import queue
import sqlite3
import threading
import time
from collections.abc import Callable
from datetime import timedelta

import pytest

from incognito_nb import DeckError, Game, IllegalAction, Phase, Rules
from incognito_nb.engine import Action, position
from incognito_nb.store import (
    CODE_ALPHABET,
    NotAllowed,
    Seat,
    StoreError,
    StoreUnavailable,
    TableKeys,
    UnknownTable,
    open_store,
    watch_async,
)
from incognito_nb.store.redis import RedisTableStore
from incognito_nb.store.sqlite import SqliteTableStore
from store_backends import free_port, make_store, redis_url, store, store_url  # noqa: F401 (fixtures)
from tables import ANA_BEN_CLEO, doodle, token, word_deck


def _table(store, names=ANA_BEN_CLEO, *, start=True, seed=11, rules=None):
    """Creates a table, seats ``names`` and (by default) starts; returns the keys and the seats."""
    keys = store.create_table(word_deck(), rules, seed=seed)
    seats = {name: store.join(keys.code, name) for name in names}
    if start:
        store.start(keys.code, keys.teacher_key)
    return keys, seats


def _refused(error_type, rule_or_text, call):
    with pytest.raises(error_type) as caught:
        call()
    if isinstance(caught.value, IllegalAction):
        assert caught.value.rule == rule_or_text, caught.value
    else:
        assert rule_or_text in str(caught.value), caught.value
    return str(caught.value)


# ------------------------------------------------------------------ the lobby
def test_a_table_gets_a_short_unambiguous_code_and_a_teacher_key(store):
    keys = store.create_table(word_deck(), seed=1)
    assert isinstance(keys, TableKeys) and len(keys.code) == 5 and set(keys.code) <= set(CODE_ALPHABET)
    assert not set(keys.code) & set("0O1IL") and len(keys.teacher_key) >= 20
    assert keys.teacher_key not in repr(keys)
    snapshot = store.read(keys.code)
    assert (snapshot.version, snapshot.players, snapshot.game, snapshot.started) == (1, (), None, False)
    assert snapshot.deck_name == "Numbered words" and snapshot.rules == Rules()


def test_every_live_table_has_its_own_code(store):
    codes = {store.create_table(word_deck()).code for _ in range(40)}
    assert len(codes) == 40


def test_players_join_in_seat_order_each_with_a_secret_token(store):
    keys, seats = _table(store, ("Ana", "Ben", "Cleo", "Dev"), start=False)
    assert store.read(keys.code).players == ("Ana", "Ben", "Cleo", "Dev")
    assert store.version(keys.code) == 5
    assert len({seat.token for seat in seats.values()}) == 4
    assert seats["Ana"] == Seat(keys.code, "Ana", seats["Ana"].token) and seats["Ana"].token not in repr(seats["Ana"])


def test_a_code_is_read_as_a_student_types_it(store):
    keys = store.create_table(word_deck())
    typed = f" {keys.code[:2].lower()}-{keys.code[2:].lower()} "
    assert store.join(typed, "Ana").code == keys.code


def test_a_missing_or_long_code_is_said_as_such(store):
    message = _refused(UnknownTable, "No table code", lambda: store.join("", "Ana"))
    assert not message.startswith(" ")
    message = _refused(UnknownTable, "is not a table code", lambda: store.join("Z" * 500, "Ana"))
    assert len(message) < 160


@pytest.mark.parametrize("code", ["ZZZZZ", "Z", "0OIL1", "", None, 12345])
def test_a_code_no_table_has_is_refused(store, code):
    store.create_table(word_deck())
    message = _refused(UnknownTable, "code", lambda: store.join(code, "Ana"))
    assert "projector" in message
    with pytest.raises(UnknownTable):
        store.version(code)


def test_names_are_cleaned_and_unique_whatever_their_case_and_spacing(store):
    keys = store.create_table(word_deck())
    assert store.join(keys.code, "  Ana   Maria ").name == "Ana Maria"
    message = _refused(IllegalAction, "player_names", lambda: store.join(keys.code, "ana  MARIA"))
    assert "'Ana Maria' has already joined" in message and "rejoin link" in message
    # A Spanish join form quotes the name typed as a Spanish reader expects, not as Python does.
    from incognito_nb.ui.i18n import language

    with pytest.raises(IllegalAction) as taken:
        store.join(keys.code, "ana maria")
    assert language("es").error(taken.value).startswith("Alguien llamado «Ana Maria» ya se ha unido a la mesa")
    with pytest.raises(IllegalAction) as long:
        store.join(keys.code, "María Fernanda de los Ángeles")
    assert language("es").error(long.value) == "El nombre «María Fernanda de los Án…» tiene 29 caracteres; usa como máximo 24."
    assert language("fr").error(long.value).startswith("Le nom «\u00a0María Fernanda de los Án…\u00a0» fait")
    assert str(long.value).startswith("The name 'María Fernanda de los Án'… is 29")
    _refused(IllegalAction, "player_names", lambda: store.join(keys.code, "   "))
    _refused(IllegalAction, "player_names", lambda: store.join(keys.code, "x" * 30))
    assert store.read(keys.code).players == ("Ana Maria",) and store.version(keys.code) == 2


@pytest.mark.parametrize("first, second", [
    ("Ana", "\u0410na"),           # a Cyrillic А that looks like the Latin A
    ("Zoé", "Zoe\u0301"),          # é typed as e and a combining accent
    ("ZOÉ", "zoé"),
    ("Cleo", "C1eo"),
])
def test_a_name_that_reads_as_one_already_seated_is_refused(store, first, second):
    keys = store.create_table(word_deck())
    store.join(keys.code, first)
    message = _refused(IllegalAction, "player_names", lambda: store.join(keys.code, second))
    assert repr(first) in message and "rejoin link" in message
    assert store.read(keys.code).players == (first,)


def test_a_name_is_stored_in_its_composed_form(store):
    keys = store.create_table(word_deck())
    assert store.join(keys.code, "Zoe\u0301").name == "Zoé" == store.read(keys.code).players[0]


def test_a_long_name_is_not_echoed_whole(store):
    keys = store.create_table(word_deck())
    message = _refused(IllegalAction, "player_names", lambda: store.join(keys.code, "A" * 500))
    assert "500 characters" in message and len(message) < 140


def test_a_table_seats_at_most_six(store):
    keys, _ = _table(store, ("Ana", "Ben", "Cleo", "Dev", "Eli", "Fay"), start=False)
    message = _refused(IllegalAction, "player_count", lambda: store.join(keys.code, "Gus"))
    assert message.startswith(f"Table {keys.code} is full: 6 players")
    assert store.version(keys.code) == 7


def test_a_smaller_line_up_seats_fewer(store):
    keys, _ = _table(store, ("Ana", "Ben", "Cleo", "Dev"), start=False, rules=Rules(lineup_size=4))
    _refused(IllegalAction, "player_count", lambda: store.join(keys.code, "Eli"))


def test_rejoin_returns_the_seat_of_a_token(store):
    keys, seats = _table(store)
    assert store.rejoin(keys.code.lower(), seats["Ben"].token) == seats["Ben"]
    message = _refused(NotAllowed, "not valid", lambda: store.rejoin(keys.code, "forged-token"))
    assert message.startswith(f"This rejoin link is not valid for table {keys.code}")


def test_start_deals_the_game_game_new_would_deal(store):
    rules = Rules(rounds=2)
    keys, _ = _table(store, start=False, seed=42, rules=rules)
    assert store.start(keys.code, keys.teacher_key) == 5
    snapshot = store.read(keys.code)
    assert snapshot.started and snapshot.rules == rules
    expected = Game.new(ANA_BEN_CLEO, word_deck(), seed=42, rules=rules)
    assert snapshot.game.to_json() == expected.to_json()
    assert snapshot.game.phase is Phase.HIDE and snapshot.players == snapshot.game.players


def test_the_teacher_key_is_checked_without_changing_the_table(store):
    keys, seats = _table(store, start=False)
    version = store.version(keys.code)
    store.check_teacher(keys.code, keys.teacher_key)
    _refused(NotAllowed, "teacher link is not valid", lambda: store.check_teacher(keys.code, "guess"))
    _refused(NotAllowed, "teacher link is not valid", lambda: store.check_teacher(keys.code, seats["Ana"].token))
    _refused(NotAllowed, "teacher link is not valid", lambda: store.check_teacher(keys.code, None))
    _refused(UnknownTable, "no table", lambda: store.check_teacher("ZZZZZ", keys.teacher_key))
    assert store.version(keys.code) == version


def test_start_needs_the_teacher_key_and_three_players(store):
    keys, _ = _table(store, ("Ana", "Ben"), start=False)
    _refused(NotAllowed, "teacher link is not valid", lambda: store.start(keys.code, "guess"))
    message = _refused(IllegalAction, "player_count", lambda: store.start(keys.code, keys.teacher_key))
    assert "3 to 6 players" in message
    store.join(keys.code, "Cleo")
    store.start(keys.code, keys.teacher_key)
    _refused(IllegalAction, "started", lambda: store.start(keys.code, keys.teacher_key))


def test_a_deck_too_small_is_refused_when_the_table_is_created(store):
    with pytest.raises(DeckError, match="too small"):
        store.create_table(word_deck(objects=10))


def test_a_view_holds_the_lobby_and_then_only_the_viewers_player_view(store):
    keys, _ = _table(store, start=False)
    lobby = store.read(keys.code).view(None)
    assert lobby == {"code": keys.code, "version": 4, "players": list(ANA_BEN_CLEO),
                     "deck": {"name": "Numbered words", "language": "en"}, "language": "en",
                     "started": False, "game": None}
    store.start(keys.code, keys.teacher_key)
    snapshot = store.read(keys.code)
    assert snapshot.view("Ben")["game"] == snapshot.game.player_view("Ben")
    assert snapshot.view(None)["game"] == snapshot.game.player_view(None)
    with pytest.raises(IllegalAction):
        snapshot.view("Zed")


def test_a_table_keeps_the_interface_language_its_teacher_chose(store):
    keys = store.create_table(word_deck(), seed=1, language="es")
    assert store.read(keys.code).language == "es" and store.read(keys.code).view(None)["language"] == "es"
    assert store.read(store.create_table(word_deck(), seed=2).code).language == "en"  # English unless told
    assert store.language(keys.code) == "es"
    _refused(UnknownTable, "There is no table", lambda: store.language("ZZZZZ"))
    version = store.set_language(keys.code, keys.teacher_key, "de")
    assert store.read(keys.code).language == "de" and store.version(keys.code) == version == 2
    store.join(keys.code, "Ana")  # a change of the lobby keeps the language
    assert store.read(keys.code).language == "de"


def test_only_the_teacher_changes_a_tables_language_and_only_to_a_language_code(store):
    keys = store.create_table(word_deck(), seed=1)
    ana = store.join(keys.code, "Ana")
    _refused(NotAllowed, "not valid", lambda: store.set_language(keys.code, ana.token, "fr"))
    for wrong in ("<script>", "", "español", None, 42):
        _refused(StoreError, "not a language code", lambda: store.set_language(keys.code, keys.teacher_key, wrong))
        _refused(StoreError, "not a language code", lambda: store.create_table(word_deck(), language=wrong))
    assert store.read(keys.code).language == "en" and store.version(keys.code) == 2


def test_late_joiners_are_refused_once_the_game_has_started(store):
    keys, _ = _table(store)
    version = store.version(keys.code)
    message = _refused(IllegalAction, "started", lambda: store.join(keys.code, "Dev"))
    assert "rejoin link" in message and store.version(keys.code) == version


def test_the_teacher_removes_a_player_from_the_lobby_only(store):
    keys, seats = _table(store, ("Ana", "Ben", "Cleo", "Dev"), start=False)
    _refused(NotAllowed, "teacher link", lambda: store.remove_player(keys.code, seats["Ana"].token, "Ben"))
    assert store.remove_player(keys.code, keys.teacher_key, " ben ") == 6
    assert store.read(keys.code).players == ("Ana", "Cleo", "Dev")
    _refused(NotAllowed, "not valid", lambda: store.rejoin(keys.code, seats["Ben"].token))
    _refused(IllegalAction, "unknown_player", lambda: store.remove_player(keys.code, keys.teacher_key, "Ben"))
    assert store.join(keys.code, "Ben").name == "Ben"  # the name is free again
    store.start(keys.code, keys.teacher_key)
    message = _refused(IllegalAction, "started", lambda: store.remove_player(keys.code, keys.teacher_key, "Dev"))
    assert "End the phase instead" in message


def test_the_teacher_reissues_a_lost_rejoin_link(store):
    keys, seats = _table(store)
    _refused(NotAllowed, "teacher link", lambda: store.reissue_seat(keys.code, seats["Ana"].token, "Ana"))
    seat = store.reissue_seat(keys.code, keys.teacher_key, "ana")
    assert seat.name == "Ana" and seat.token != seats["Ana"].token
    assert store.rejoin(keys.code, seat.token) == seat
    _refused(NotAllowed, "not valid", lambda: store.rejoin(keys.code, seats["Ana"].token))
    store.act(keys.code, Action.submit_drawing("Ana", doodle()), seat_token=seat.token)
    _refused(IllegalAction, "unknown_player", lambda: store.reissue_seat(keys.code, keys.teacher_key, "Zed"))


def test_a_seat_is_given_again_only_under_its_exact_name(store):
    # For a caller that knows who asks (the JupyterHub service): a new token, the old link dead.
    keys, seats = _table(store)
    seat = store.seat_again(keys.code, "Ana")
    assert seat.name == "Ana" and seat.token != seats["Ana"].token
    assert store.rejoin(keys.code, seat.token) == seat
    _refused(NotAllowed, "not valid", lambda: store.rejoin(keys.code, seats["Ana"].token))
    for other in ("ana", "\u0410na", "Zed"):  # another case, a look-alike, nobody: another person
        _refused(IllegalAction, "unknown_player", lambda: store.seat_again(keys.code, other))


# ------------------------------------------------------------------ moves
def test_a_player_moves_with_their_own_seat(store):
    keys, seats = _table(store)
    assert store.act(keys.code, Action.update_drawing("Ana", doodle(1)), seat_token=seats["Ana"].token) == 6
    assert store.act(keys.code, Action.submit_drawing("Ben", doodle(2)), seat_token=seats["Ben"].token) == 7
    game = store.read(keys.code).game
    assert game.drawing("Ana") == doodle(1) and game.done == ("Ben",)
    assert store.actions(keys.code) == [(6, Action.update_drawing("Ana", doodle(1))),
                                        (7, Action.submit_drawing("Ben", doodle(2)))]


def test_a_seat_cannot_act_for_another_player(store):
    keys, seats = _table(store)
    before = store.read(keys.code)
    message = _refused(NotAllowed, "cannot act", lambda: store.act(
        keys.code, Action.submit_drawing("Ben", doodle()), seat_token=seats["Ana"].token))
    assert message == "Ana's seat cannot act for Ben."
    _refused(NotAllowed, "own seat", lambda: store.act(
        keys.code, Action.submit_drawing("Ben", doodle()), teacher_key=keys.teacher_key))
    _refused(NotAllowed, "own seat", lambda: store.act(keys.code, Action.submit_drawing("Ben", doodle())))
    assert store.read(keys.code).version == before.version and store.actions(keys.code) == []


def test_a_seat_cannot_vote_as_another_player(store):
    keys, seats = _table(store)
    store.act(keys.code, Action.advance(force=True), teacher_key=keys.teacher_key)
    game = store.read(keys.code).game
    vote = Action.cast_vote("Ben", "Ana", token(game, "Ana"))
    _refused(NotAllowed, "cannot act", lambda: store.act(keys.code, vote, seat_token=seats["Cleo"].token))
    store.act(keys.code, vote, seat_token=seats["Ben"].token)
    assert store.read(keys.code).game.votes_of("Ben") == {"Ana": token(game, "Ana")}
    assert store.read(keys.code).game.votes_of("Cleo") == {}


def test_only_the_teacher_key_ends_a_phase(store):
    keys, seats = _table(store)
    version = store.version(keys.code)
    _refused(NotAllowed, "Only the teacher", lambda: store.act(
        keys.code, Action.advance(force=True), seat_token=seats["Ana"].token))
    _refused(NotAllowed, "teacher link is not valid", lambda: store.act(
        keys.code, Action.advance(force=True), teacher_key=seats["Ana"].token))
    assert store.version(keys.code) == version
    assert store.act(keys.code, Action.advance(force=True), teacher_key=keys.teacher_key) == version + 1
    assert store.read(keys.code).game.phase is Phase.FIND



def test_a_seat_moves_on_only_from_a_phase_every_player_has_finished(store):
    """The last student's page moves on at once, as the teacher page would by itself: a
    seat may end drawing or finding once nobody is left, never sooner, never the reveal."""
    keys, seats = _table(store)
    ana, last = seats["Ana"].token, list(seats)[-1]
    at_hide = position(1, Phase.HIDE)
    version = store.version(keys.code)
    _refused(IllegalAction, "all_done", lambda: store.act(keys.code, Action.advance(at=at_hide), seat_token=ana))
    _refused(NotAllowed, "not valid", lambda: store.act(keys.code, Action.advance(at=at_hide), seat_token="forged"))
    assert store.version(keys.code) == version  # nothing written
    for seat, name in enumerate(seats):
        store.act(keys.code, Action.submit_drawing(name, doodle(seat)), seat_token=seats[name].token)
    store.act(keys.code, Action.advance(at=at_hide), seat_token=seats[last].token)
    assert store.read(keys.code).game.phase is Phase.FIND
    _refused(IllegalAction, "moved_on", lambda: store.act(  # a second page that saw the same: refused
        keys.code, Action.advance(at=at_hide), seat_token=ana))
    _refused(IllegalAction, "all_confirmed", lambda: store.act(
        keys.code, Action.advance(at=position(1, Phase.FIND)), seat_token=ana))
    for name in seats:
        store.act(keys.code, Action.confirm_votes(name), seat_token=seats[name].token)
    store.act(keys.code, Action.advance(at=position(1, Phase.FIND)), seat_token=ana)
    game = store.read(keys.code).game
    assert (game.phase, game.reveal_step) == (Phase.SCORE, 0)
    version = store.version(keys.code)
    for move in (Action.advance(at=position(1, Phase.SCORE, 0)), Action.advance(force=True),
                 Action.reveal_next(at=position(1, Phase.SCORE, 0))):
        _refused(NotAllowed, "Only the teacher", lambda: store.act(keys.code, move, seat_token=ana))
    assert store.version(keys.code) == version  # the reveal is the teacher's

def _to_reveal(store, keys, seats) -> None:
    """Plays the table's round up to its reveal: every drawing done, every card confirmed."""
    for seat, name in enumerate(seats):
        store.act(keys.code, Action.submit_drawing(name, doodle(seat)), seat_token=seats[name].token)
    store.act(keys.code, Action.advance(), teacher_key=keys.teacher_key)
    for name in seats:
        store.act(keys.code, Action.confirm_votes(name), seat_token=seats[name].token)
    store.act(keys.code, Action.advance(), teacher_key=keys.teacher_key)


def test_only_the_teacher_key_moves_the_reveal_on(store):
    keys, seats = _table(store)
    _to_reveal(store, keys, seats)
    version = store.version(keys.code)
    _refused(NotAllowed, "Only the teacher", lambda: store.act(
        keys.code, Action.reveal_next(), seat_token=seats["Ana"].token))
    _refused(NotAllowed, "Only the teacher", lambda: store.act(keys.code, Action.reveal_next()))
    _refused(NotAllowed, "teacher link is not valid", lambda: store.act(
        keys.code, Action.reveal_next(), teacher_key=seats["Ana"].token))
    assert store.version(keys.code) == version and store.read(keys.code).game.reveal_step == 0
    assert store.act(keys.code, Action.reveal_next(), teacher_key=keys.teacher_key) == version + 1
    assert store.read(keys.code).game.reveal_step == 1


def test_a_kernel_that_comes_late_finds_the_reveal_where_the_teacher_left_it(store, store_url):
    keys, seats = _table(store)
    _to_reveal(store, keys, seats)
    store.act(keys.code, Action.reveal_next(), teacher_key=keys.teacher_key)
    store.act(keys.code, Action.reveal_next(), teacher_key=keys.teacher_key)
    for options in ({}, {"compact_every": 1}):  # the second writes its move as a snapshot
        late = make_store(store_url, **options)
        try:
            assert late.rejoin(keys.code, seats["Cleo"].token).name == "Cleo"
            assert late.read(keys.code).game.reveal_step == 2 == late.replay(keys.code).reveal_step
            assert late.read(keys.code).view("Cleo")["game"]["reveal"]["revealed"] == ["Ana", "Ben", "Cleo"]
            assert late.read(keys.code).view("Cleo")["game"]["reveal"]["points"] is None
            if options:  # a teacher page on another kernel shows the scoreboard
                late.act(keys.code, Action.reveal_next(), teacher_key=keys.teacher_key)
        finally:
            late.close()
    game = store.read(keys.code).game
    assert game.reveal_step == 3 and game.phase is Phase.SCORE
    _refused(IllegalAction, "reveal_over", lambda: store.act(keys.code, Action.reveal_next(),
                                                             teacher_key=keys.teacher_key))


def test_forged_and_foreign_credentials_are_refused(store):
    keys, seats = _table(store)
    other, other_seats = _table(store, seed=12)
    move = Action.update_drawing("Ana", doodle())
    for forged in ("", "x" * 22, other_seats["Ana"].token, keys.teacher_key, None, 42):
        with pytest.raises(NotAllowed):
            store.act(keys.code, move, seat_token=forged)
    with pytest.raises(NotAllowed):
        store.act(keys.code, Action.advance(force=True), teacher_key=other.teacher_key)
    with pytest.raises(NotAllowed):
        store.rejoin(keys.code, other_seats["Ana"].token)
    assert store.actions(keys.code) == [] and store.version(keys.code) == 5


def test_only_the_teachers_key_pauses_the_drawing_timer_and_every_kernel_reads_the_pause(store, store_url):
    """The teacher's desk pauses the timer that the projected page counts down in another
    kernel: the pause is the table's, read by any kernel (a page reloaded keeps it), and a
    student's seat, another table's key or no key at all cannot pause it."""
    keys, seats = _table(store)
    other, _ = _table(store, seed=12)
    at = position(1, Phase.HIDE)
    for credentials in ({"seat_token": seats["Ana"].token}, {"teacher_key": other.teacher_key}, {}):
        with pytest.raises(NotAllowed):
            store.act(keys.code, Action.pause_timer(True, at=at), **credentials)
    assert store.actions(keys.code) == [] and not store.read(keys.code).game.timer_paused
    version = store.act(keys.code, Action.pause_timer(True, at=at), teacher_key=keys.teacher_key)
    elsewhere = make_store(store_url)  # the projected page's kernel, or a page reloaded
    try:
        assert elsewhere.version(keys.code) == version
        assert elsewhere.read(keys.code).game.timer_paused and elsewhere.replay(keys.code).timer_paused
        elsewhere.act(keys.code, Action.pause_timer(False, at=at), teacher_key=keys.teacher_key)
    finally:
        elsewhere.close()
    assert not store.read(keys.code).game.timer_paused


def test_the_drawing_time_left_is_the_tables_and_a_reloaded_page_reads_it_at_the_stores_clock(store_url):
    """The projected page starts the timer; a page reloaded in another kernel 30 s later reads
    60 s of 90 left, not 90; a pause from the desk keeps 50 s however long it lasts, and only
    the teacher's key starts, pauses or resumes it."""
    now = [1_000_000.0]
    projected, reloaded = make_store(store_url, lambda: now[0]), make_store(store_url, lambda: now[0])
    try:
        keys, seats = _table(projected)
        at = position(1, Phase.HIDE)
        start = Action.start_timer(90, now=projected.now(), at=at)
        for credentials in ({"seat_token": seats["Ana"].token}, {}):
            with pytest.raises(NotAllowed):
                projected.act(keys.code, start, **credentials)
        projected.act(keys.code, start, teacher_key=keys.teacher_key)
        now[0] += 30
        assert reloaded.read(keys.code).game.drawing_time.left_at(reloaded.now()) == 60
        now[0] += 10
        pause = Action.pause_timer(True, now=reloaded.now(), at=at)
        with pytest.raises(NotAllowed):
            reloaded.act(keys.code, pause, seat_token=seats["Ben"].token)
        reloaded.act(keys.code, pause, teacher_key=keys.teacher_key)
        now[0] += 600  # a long pause
        assert projected.read(keys.code).game.drawing_time.left_at(projected.now()) == 50
        assert projected.replay(keys.code).drawing_time.left_at(projected.now()) == 50  # the log replays it
        projected.act(keys.code, Action.pause_timer(False, now=projected.now(), at=at), teacher_key=keys.teacher_key)
        now[0] += 20
        assert reloaded.read(keys.code).game.drawing_time.left_at(reloaded.now()) == 30
        with pytest.raises(IllegalAction) as again:  # a second projected page starts no second timer
            reloaded.act(keys.code, Action.start_timer(90, now=reloaded.now(), at=at), teacher_key=keys.teacher_key)
        assert again.value.rule == "timer_started"
    finally:
        projected.close()
        reloaded.close()


def test_a_move_the_rules_refuse_changes_nothing(store):
    keys, seats = _table(store)
    store.act(keys.code, Action.update_drawing("Ana", doodle(3)), seat_token=seats["Ana"].token)
    before = store.read(keys.code)
    _refused(IllegalAction, "phase", lambda: store.act(
        keys.code, Action.cast_vote("Ana", "Ben", 1), seat_token=seats["Ana"].token))
    _refused(IllegalAction, "drawing", lambda: store.act(
        keys.code, Action.submit_drawing("Ana", [{"points": []}]), seat_token=seats["Ana"].token))
    _refused(IllegalAction, "all_done", lambda: store.act(
        keys.code, Action.advance(), teacher_key=keys.teacher_key))
    after = store.read(keys.code)
    assert after.version == before.version and after.game.to_json() == before.game.to_json()
    assert after.updated_at == before.updated_at and len(store.actions(keys.code)) == 1


def test_a_move_before_the_start_is_refused(store):
    keys, seats = _table(store, start=False)
    _refused(IllegalAction, "not_started", lambda: store.act(
        keys.code, Action.update_drawing("Ana", doodle()), seat_token=seats["Ana"].token))
    _refused(IllegalAction, "action", lambda: store.act(keys.code, {"kind": "advance"}, teacher_key=keys.teacher_key))


def test_the_log_replays_into_the_stored_game(store):
    keys, seats = _table(store)
    for seat, name in enumerate(ANA_BEN_CLEO):
        store.act(keys.code, Action.submit_drawing(name, doodle(seat)), seat_token=seats[name].token)
    store.act(keys.code, Action.advance(), teacher_key=keys.teacher_key)
    game = store.read(keys.code).game
    store.act(keys.code, Action.cast_vote("Ben", "Ana", token(game, "Ana")), seat_token=seats["Ben"].token)
    store.act(keys.code, Action.confirm_votes("Ben"), seat_token=seats["Ben"].token)
    log = store.actions(keys.code)
    assert [version for version, _ in log] == list(range(6, 6 + len(log)))
    assert log[-1][0] == store.version(keys.code)
    replayed = Game.new(ANA_BEN_CLEO, word_deck(), seed=11)
    for _, action in log:
        from incognito_nb.engine import apply_action

        apply_action(replayed, action)
    assert replayed.to_json() == store.read(keys.code).game.to_json() == store.replay(keys.code).to_json()


def test_the_version_is_cheap_to_poll_and_says_what_changed(store):
    keys, seats = _table(store)
    version = store.version(keys.code)
    assert not store.changed_since(keys.code, version)
    before = store.read(keys.code)
    store.act(keys.code, Action.update_drawing("Cleo", doodle()), seat_token=seats["Cleo"].token)
    assert store.changed_since(keys.code, version)
    after = store.read(keys.code)
    assert after.created_at == before.created_at < after.updated_at
    assert after.updated_at >= before.updated_at


def test_a_second_kernel_sees_the_same_table(store, store_url):
    keys, seats = _table(store)
    other = make_store(store_url)
    try:
        assert other.rejoin(keys.code, seats["Ana"].token).name == "Ana"
        other.act(keys.code, Action.submit_drawing("Ana", doodle()), seat_token=seats["Ana"].token)
        assert store.read(keys.code).game.done == ("Ana",)
    finally:
        other.close()


def test_idle_tables_are_purged_and_live_ones_kept(store):
    old, _ = _table(store)
    store.test_clock.offset = 10 * 3600
    live, seats = _table(store, seed=2)
    store.test_clock.offset = 25 * 3600
    store.act(live.code, Action.update_drawing("Ana", doodle()), seat_token=seats["Ana"].token)
    assert store.purge_idle(timedelta(hours=24)) == 1
    with pytest.raises(UnknownTable):
        store.read(old.code)
    with pytest.raises(UnknownTable):
        store.actions(old.code)
    assert store.read(live.code).version == 6
    assert store.purge_idle(timedelta(hours=24)) == 0
    store.test_clock.offset = 50 * 3600
    assert store.purge_idle() == 1
    _refused(UnknownTable, "There is no table", lambda: store.act(
        live.code, Action.update_drawing("Ana", doodle()), seat_token=seats["Ana"].token))


def test_the_tables_created_lately_are_listed_newest_first_wherever_they_were_made(store):
    old, _ = _table(store, start=False)
    store.test_clock.offset = 3600
    first = store.create_table(word_deck())
    store.test_clock.offset = 3601
    newest = store.create_table(word_deck())
    store.join(old.code, "Dan")  # changed lately, but created an hour ago: not listed
    assert store.created_since(timedelta(minutes=20)) == [newest.code, first.code]
    assert store.created_since(timedelta(minutes=20), limit=1) == [newest.code]
    assert store.created_since(timedelta(hours=2)) == [newest.code, first.code, old.code]


def test_creating_a_table_clears_away_tables_idle_for_a_day(store):
    old, _ = _table(store)
    store.test_clock.offset = 25 * 3600
    store.create_table(word_deck())
    with pytest.raises(UnknownTable):
        store.version(old.code)


def test_threads_of_one_kernel_share_a_store(store):
    keys, seats = _table(store)
    versions, errors = [], []

    def draw(name):
        try:
            for i in range(15):
                versions.append(store.act(keys.code, Action.update_drawing(name, doodle(i)),
                                          seat_token=seats[name].token))
        except Exception as error:  # pragma: no cover - reported below
            errors.append(error)

    threads = [threading.Thread(target=draw, args=(name,)) for name in ANA_BEN_CLEO]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert sorted(versions) == list(range(6, 6 + 45))
    assert [v for v, _ in store.actions(keys.code)] == sorted(versions)


# ------------------------------------------------------------------ change notices
def test_watch_async_hears_of_a_change_made_by_another_kernel(store, store_url):
    keys, seats = _table(store)
    other = make_store(store_url)

    async def scenario():
        heard = asyncio.Queue()
        # From the version it has seen: a change made before it listens is heard as well.
        watch = watch_async(store, keys.code, heard.put_nowait, since=store.version(keys.code))
        version = await asyncio.get_running_loop().run_in_executor(
            None, lambda: other.act(keys.code, Action.update_drawing("Ana", doodle()), seat_token=seats["Ana"].token))
        assert await asyncio.wait_for(heard.get(), timeout=10) == version
        watch.stop()
        await asyncio.sleep(0)
        assert not watch.running

    try:
        asyncio.run(scenario())
    finally:
        other.close()


def test_watch_async_reports_a_version_missed_before_it_started(store):
    keys, seats = _table(store)
    seen = store.version(keys.code)
    store.act(keys.code, Action.update_drawing("Ana", doodle()), seat_token=seats["Ana"].token)

    async def scenario():
        heard = asyncio.Queue()
        watch = watch_async(store, keys.code, heard.put_nowait, since=seen)
        try:
            return await asyncio.wait_for(heard.get(), timeout=2)
        finally:
            watch.stop()

    assert asyncio.run(scenario()) == seen + 1


def test_watch_async_ends_when_the_table_is_gone(store):
    keys, _ = _table(store)

    async def scenario():
        errors = asyncio.Queue()
        watch = watch_async(store, keys.code, lambda v: None, on_error=errors.put_nowait, interval=0.02)
        await asyncio.sleep(0.05)
        store.test_clock.offset = 30 * 3600
        store.purge_idle()
        error = await asyncio.wait_for(errors.get(), timeout=3)
        await asyncio.sleep(0.01)
        return error, watch.running

    error, running = asyncio.run(scenario())
    assert isinstance(error, UnknownTable) and not running


def test_watch_async_needs_a_running_loop(store):
    keys, _ = _table(store)
    with pytest.raises(RuntimeError, match="running asyncio loop"):
        watch_async(store, keys.code, print)


# ------------------------------------------------------------------ opening a store
def test_open_store_takes_a_path_or_a_sqlite_url(tmp_path):
    for url in (tmp_path / "a.sqlite", str(tmp_path / "b.sqlite"), f"sqlite:///{tmp_path}/c.sqlite",
                str(tmp_path / "new folder" / "d.sqlite")):
        with open_store(url) as opened:
            assert isinstance(opened, SqliteTableStore)
            assert opened.path.is_file()


def test_open_store_takes_a_redis_url(redis_url):
    with open_store(redis_url) as opened:
        assert isinstance(opened, RedisTableStore) and opened.url == redis_url


@pytest.mark.parametrize("url", ["http://example.org/store", "postgresql://db/x", "", "   ", ":memory:", 42])
def test_open_store_refuses_what_it_cannot_use(url):
    with pytest.raises(StoreError):
        open_store(url)


def test_a_folder_is_not_a_store_file(tmp_path):
    with pytest.raises(StoreError, match="is a folder"):
        open_store(tmp_path)


def test_nothing_is_lost_when_a_store_is_opened_again(tmp_path):
    path = tmp_path / "classroom.sqlite"
    with open_store(path) as first:
        keys, seats = _table(first)
        first.act(keys.code, Action.submit_drawing("Ana", doodle()), seat_token=seats["Ana"].token)
    with open_store(f"sqlite:///{path}") as again:
        assert again.read(keys.code).game.done == ("Ana",) and again.version(keys.code) == 6


def _corrupt_first_pages_after_the_header(path):
    data = bytearray(path.read_bytes())
    page = int.from_bytes(data[16:18], "big")
    data[page: page * 3] = b"\xde\xad\xbe\xef" * (page * 2 // 4)
    path.write_bytes(bytes(data))


@pytest.mark.parametrize("damage", ["not a database", "damaged pages", "another program's database", "newer layout"])
def test_a_damaged_store_file_is_refused_and_left_as_it_is(tmp_path, damage):
    path = tmp_path / "classroom.sqlite"
    if damage == "not a database":
        path.write_bytes(b"These are my lesson notes, not a database.\n" * 100)
    else:
        with open_store(path) as store:
            for seed in range(3):
                _table(store, seed=seed)
        if damage == "damaged pages":
            _corrupt_first_pages_after_the_header(path)
        elif damage == "another program's database":
            path.unlink()
            with sqlite3.connect(path) as conn:
                conn.execute("CREATE TABLE marks (pupil TEXT, mark INTEGER)")
            conn.close()
        else:
            with sqlite3.connect(path) as conn:
                conn.execute("UPDATE schema_version SET version = 99")
            conn.close()
    before = path.read_bytes()
    with pytest.raises(StoreUnavailable) as caught:
        with open_store(path) as store:
            store.read(store.create_table(word_deck()).code)
    message = str(caught.value)
    assert str(path) in message and "othing was changed in it" in message, message
    assert path.read_bytes() == before


def test_a_redis_store_without_the_redis_package_says_what_to_install(monkeypatch):
    monkeypatch.setitem(__import__("sys").modules, "redis", None)  # as if not installed
    with pytest.raises(StoreError, match=r"pip install \"incognito-nb\[redis\]\""):
        open_store("redis://127.0.0.1:6379/0")


def test_an_unreachable_redis_gives_a_clear_message():
    pytest.importorskip("redis")
    url = f"redis://127.0.0.1:{free_port()}/0"
    started = time.perf_counter()
    with pytest.raises(StoreUnavailable, match=r"The game store at redis://127\.0\.0\.1:\d+/0 cannot be reached"):
        open_store(url)
    assert time.perf_counter() - started < 5


def test_a_redis_that_goes_away_mid_game_gives_a_clear_message(redis_url):
    from store_backends import running_redis

    with running_redis() as url:
        store = open_store(url)
        keys, seats = _table(store)
    with pytest.raises(StoreUnavailable, match="cannot be reached"):
        store.act(keys.code, Action.update_drawing("Ana", doodle()), seat_token=seats["Ana"].token)
    with pytest.raises(StoreUnavailable, match="cannot be reached"):
        store.version(keys.code)
    store.close()


def test_redis_keys_are_namespaced_and_expire(redis_url):
    import redis

    client = redis.Redis.from_url(redis_url, decode_responses=True)
    client.flushdb()
    with open_store(redis_url) as store:
        keys, seats = _table(store)
        store.act(keys.code, Action.update_drawing("Ana", doodle()), seat_token=seats["Ana"].token)
    names = set(client.keys("*"))
    assert names == {f"incognito:table:{keys.code}:{part}" for part in ("state", "snapshot", "actions")} | {
        "incognito:tables"}
    assert all(0 < client.ttl(name) <= 24 * 3600 for name in names if name.startswith("incognito:table:"))
    stored = client.hgetall(f"incognito:table:{keys.code}:state")
    assert keys.teacher_key not in str(stored) and seats["Ana"].token not in str(stored)


def test_redis_pushes_every_change_to_watchers(redis_url):
    import redis

    client = redis.Redis.from_url(redis_url)

    def patterns(fine: Callable[[int], bool]) -> None:
        """Waits until the patterns Redis counts subscribed to are ``fine`` (the store's
        listener subscribes, or has left)."""
        deadline = time.monotonic() + 10
        while not fine(client.pubsub_numpat()):
            assert time.monotonic() < deadline, f"Redis counts {client.pubsub_numpat()} patterns after 10 s"
            time.sleep(0.01)

    with open_store(redis_url) as store:
        keys, seats = _table(store)
        heard, arrived = [], threading.Event()

        def on_change(version):
            heard.append(version)
            if len(heard) == 2:
                arrived.set()

        before = client.pubsub_numpat()
        store.watch(keys.code, on_change)
        patterns(lambda n: n > before)
        for i in range(2):
            store.act(keys.code, Action.update_drawing("Ana", doodle(i)), seat_token=seats["Ana"].token)
        assert arrived.wait(10) and heard == [6, 7]
        store.unwatch(keys.code, on_change)
        # Another watcher hears the next change; the one that left hears none.
        later = queue.Queue()
        patterns(lambda n: n == before)  # no watcher left: the listener has stopped
        store.watch(keys.code, later.put)
        patterns(lambda n: n > before)
        store.act(keys.code, Action.update_drawing("Ana", doodle()), seat_token=seats["Ana"].token)
        assert later.get(timeout=10) == 8
        assert heard == [6, 7]


def test_sqlite_has_no_listener_thread(tmp_path):
    with open_store(tmp_path / "classroom.sqlite") as store:
        keys, _ = _table(store)
        with pytest.raises(StoreError, match="poll version"):
            store.watch(keys.code, print)
        assert store.is_local and not store.pushes_changes


def test_importing_the_store_does_not_load_the_redis_client():
    import subprocess
    import sys

    probe = "import sys, incognito_nb.store; print('redis' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "False"


def test_secrets_are_stored_only_as_digests(tmp_path):
    path = tmp_path / "classroom.sqlite"
    with open_store(path) as store:
        keys, seats = _table(store)
    text = b"".join(p.read_bytes() for p in tmp_path.iterdir())
    for secret in [keys.teacher_key, *(seat.token for seat in seats.values())]:
        assert secret.encode() not in text
