"""Actions as data: stored, sent and replayed, they make the same moves as the Game methods."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from incognito_nb import Drawing, Game, IllegalAction, Phase, Stroke
from incognito_nb.engine import Action, Rules, apply_action, position, position_of
from tables import ANA_BEN_CLEO, SIX, doodle, to_find, token, word_deck


def _refused(rule: str, build):
    with pytest.raises(IllegalAction) as caught:
        build()
    assert caught.value.rule == rule, caught.value
    return str(caught.value)


# ------------------------------------------------------------------ the data
@pytest.mark.parametrize("action", [
    Action.update_drawing("Ana", doodle(1)),
    Action.submit_drawing("Ana", []),
    Action.cast_vote("Ben", "Ana", 3),
    Action.cast_vote("Ben", "Ana", None),
    Action.confirm_votes("Cleo"),
    Action.advance(),
    Action.advance(force=True),
])
def test_an_action_survives_json_and_its_repr(action):
    text = json.dumps(action.to_dict())
    assert Action.from_dict(json.loads(text)) == action
    assert eval(repr(action), {"Action": Action}) == action


def test_a_drawing_travels_as_its_list_data():
    assert Action.update_drawing("Ana", doodle(2)).args == {"drawing": doodle(2).to_list()}
    assert Action.submit_drawing("Ana", doodle(2).to_list()) == Action.submit_drawing("Ana", doodle(2))


def test_advance_is_made_by_the_table_not_a_player():
    assert Action.advance().player is None
    _refused("action", lambda: Action("advance", "Ana", {"force": False}))


@pytest.mark.parametrize("kind, player, args", [
    ("dance", "Ana", {}),
    (None, "Ana", {}),
    ("cast_vote", None, {"artist": "Ana", "number": 1}),
    ("cast_vote", 7, {"artist": "Ana", "number": 1}),
    ("cast_vote", "Ben", {"artist": "Ana"}),
    ("cast_vote", "Ben", {"artist": "Ana", "number": 1, "colour": "red"}),
    ("cast_vote", "Ben", {"artist": "Ana", "number": "3"}),
    ("cast_vote", "Ben", {"artist": "Ana", "number": True}),
    ("cast_vote", "Ben", {"artist": "Ana", "number": 2.0}),
    ("cast_vote", "Ben", {"artist": ["Ana"], "number": 2}),
    ("confirm_votes", "Ben", {"force": True}),
    ("advance", None, {"force": "yes"}),
    ("advance", None, {}),
    ("submit_drawing", "Ana", {"drawing": {"strokes": []}}),
    ("update_drawing", "Ana", {"drawing": "a cat"}),
    ("update_drawing", "Ana", [("drawing", [])]),
])
def test_a_badly_shaped_action_is_refused_by_the_action_rule(kind, player, args):
    message = _refused("action", lambda: Action(kind, player, args))
    assert message.endswith(".")


@pytest.mark.parametrize("data", [
    None, "cast_vote", ["cast_vote", "Ben"], {"player": "Ben"},
    {"kind": "confirm_votes", "player": "Ben", "args": {}, "secret": 1},
])
def test_data_that_is_not_an_action_is_refused(data):
    _refused("action", lambda: Action.from_dict(data))


def test_from_dict_accepts_a_missing_player_and_args():
    assert Action.from_dict({"kind": "advance", "args": {"force": False}}) == Action.advance()
    assert Action.from_dict({"kind": "confirm_votes", "player": "Ana"}) == Action.confirm_votes("Ana")


# ------------------------------------------------------------------ applying
def test_apply_action_makes_each_move_as_the_method_does():
    by_method = Game.new(ANA_BEN_CLEO, word_deck(), seed=4)
    by_action = Game.new(ANA_BEN_CLEO, word_deck(), seed=4)
    by_method.update_drawing("Ana", doodle(1))
    apply_action(by_action, Action.update_drawing("Ana", doodle(1)))
    for seat, player in enumerate(ANA_BEN_CLEO):
        by_method.submit_drawing(player, doodle(seat))
        assert apply_action(by_action, Action.submit_drawing(player, doodle(seat))) is None
    assert by_method.advance() is apply_action(by_action, Action.advance()) is Phase.FIND
    by_method.cast_vote("Ben", "Ana", token(by_method, "Ana"))
    apply_action(by_action, Action.cast_vote("Ben", "Ana", token(by_action, "Ana")))
    by_method.cast_vote("Cleo", "Ana", 1)
    apply_action(by_action, Action.cast_vote("Cleo", "Ana", 1))
    by_method.cast_vote("Cleo", "Ana", None)
    apply_action(by_action, Action.cast_vote("Cleo", "Ana", None))
    by_method.confirm_votes("Cleo")
    apply_action(by_action, Action.confirm_votes("Cleo"))
    assert by_method.advance(force=True) is apply_action(by_action, Action.advance(force=True)) is Phase.SCORE
    assert by_action.to_json() == by_method.to_json()


def test_a_refused_move_keeps_the_engine_rule_and_changes_nothing():
    game = to_find(Game.new(ANA_BEN_CLEO, word_deck(), seed=5))
    before = game.to_json()
    message = _refused("own_drawing", lambda: apply_action(game, Action.cast_vote("Ana", "Ana", 1)))
    assert message == "Ana cannot place a card on their own drawing."
    _refused("phase", lambda: apply_action(game, Action.update_drawing("Ana", doodle())))
    _refused("token_range", lambda: apply_action(game, Action.cast_vote("Ben", "Ana", 9)))
    _refused("unknown_player", lambda: apply_action(game, Action.confirm_votes("Zed")))
    assert game.to_json() == before


@pytest.mark.parametrize("strokes", [
    [{"points": [], "color": "#000000"}],
    [{"points": [[1, 2]], "color": "red"}],
    [{"points": [[1, 2]], "width": 500}],
    [{"points": [["x", 2]]}],
    ["a stroke"],
    [{"points": [[1, 2]], "pressure": 0.5}],
])
def test_a_drawing_that_is_not_a_drawing_is_refused_and_changes_nothing(strokes):
    game = Game.new(ANA_BEN_CLEO, word_deck(), seed=6)
    before = game.to_json()
    message = _refused("drawing", lambda: apply_action(game, Action.submit_drawing("Ana", strokes)))
    assert message.startswith("Ana's drawing cannot be used:")
    assert game.to_json() == before


def test_an_action_changed_after_it_was_built_is_checked_again():
    game = Game.new(ANA_BEN_CLEO, word_deck(), seed=7)
    action = Action.confirm_votes("Ana")
    action.args["force"] = True  # the dict inside a frozen action is still a dict
    _refused("action", lambda: apply_action(game, action))
    _refused("action", lambda: apply_action(game, {"kind": "advance", "player": None, "args": {"force": True}}))
    assert game.phase is Phase.HIDE and game.moves == 0


def test_an_action_is_a_value():
    one, two = Action.cast_vote("Ben", "Ana", 3), Action.cast_vote("Ben", "Ana", 3)
    assert one == two and hash(one) == hash(two)
    assert one != Action.cast_vote("Ben", "Ana", 4)
    args = {"artist": "Ana", "number": 3}
    action = Action("cast_vote", "Ben", args)
    args["number"] = 4
    assert action.args["number"] == 3, "an action keeps its own copy of its arguments"


# ------------------------------------------------------------------ replay
_NUMBERS = st.one_of(st.none(), st.integers(min_value=-1, max_value=8))


def _random_action(data, players) -> Action:
    who = data.draw(st.sampled_from(list(players) + ["Zed"]), label="who")
    kind = data.draw(st.sampled_from(["update", "submit", "vote", "vote", "vote", "confirm", "advance"]), label="kind")
    if kind in ("update", "submit"):
        x = data.draw(st.floats(min_value=-50, max_value=900), label="x")
        drawing = Drawing((Stroke([(x, 10), (x / 2, 300)]),))
        return (Action.update_drawing if kind == "update" else Action.submit_drawing)(who, drawing)
    if kind == "vote":
        artist = data.draw(st.sampled_from(list(players)), label="artist")
        return Action.cast_vote(who, artist, data.draw(_NUMBERS, label="number"))
    if kind == "confirm":
        return Action.confirm_votes(who)
    return Action.advance(force=data.draw(st.booleans(), label="force"))


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(count=st.integers(min_value=3, max_value=6), seed=st.integers(0, 10**6), data=st.data())
def test_replaying_the_accepted_actions_rebuilds_the_game(count, seed, data):
    game = Game.new(SIX[:count], word_deck(), seed=seed)
    accepted = []
    for step in range(1, 120):
        if game.phase is Phase.OVER:
            break
        action = _random_action(data, game.players) if step % 20 else Action.advance(force=True)
        before = game.to_json()
        try:
            apply_action(game, action)
        except IllegalAction:
            assert game.to_json() == before
            continue
        accepted.append(json.dumps(action.to_dict()))  # as a store would keep it
    replayed = Game.new(SIX[:count], word_deck(), seed=seed)
    for text in accepted:
        apply_action(replayed, Action.from_dict(json.loads(text)))
    assert replayed.to_json() == game.to_json()


# ------------------------------------------------------------------ a teacher's move names where it was made
def _score_phase(seed: int = 3) -> Game:
    game = Game.new(ANA_BEN_CLEO, word_deck(), seed=seed)
    game.advance(force=True)
    game.advance(force=True)
    return game


def test_an_advance_named_at_a_phase_the_game_has_left_is_refused_and_changes_nothing():
    game = Game.new(ANA_BEN_CLEO, word_deck(), seed=3)
    at_hide = position_of(game)
    assert apply_action(game, Action.advance(force=True, at=at_hide)) is Phase.FIND
    before = game.to_json()
    text = _refused("moved_on", lambda: apply_action(game, Action.advance(force=True, at=at_hide)))
    assert "moved on from the hide phase of round 1" in text
    assert game.to_json() == before and game.phase is Phase.FIND


def test_a_reveal_step_named_at_a_step_the_reveal_has_left_is_refused_and_changes_nothing():
    game = _score_phase()
    at_first = position_of(game)
    assert at_first == position(1, Phase.SCORE, 0) == {"round": 1, "phase": "score", "step": 0}
    assert apply_action(game, Action.reveal_next(at=at_first)) == 1
    before = game.to_json()
    _refused("moved_on", lambda: apply_action(game, Action.reveal_next(at=at_first)))
    _refused("moved_on", lambda: apply_action(game, Action.advance(at=at_first)))  # never skips the reveal
    assert game.to_json() == before and game.reveal_step == 1


def test_the_reveal_is_never_skipped_by_a_second_page_moving_on_from_the_find_phase():
    game = Game.new(ANA_BEN_CLEO, word_deck(), seed=3, rules=Rules(rounds=1))
    game.advance(force=True)
    at_find = position_of(game)
    for name in game.players:
        game.confirm_votes(name)
    apply_action(game, Action.advance(at=at_find))  # the first page: find → score
    _refused("moved_on", lambda: apply_action(game, Action.advance(at=at_find)))  # the second, behind
    assert game.phase is Phase.SCORE and game.reveal_step == 0


def test_an_advance_without_a_position_applies_as_it_always_did():
    """A log entry written before moves named their position replays as before."""
    game = _score_phase()
    old = Action.from_dict({"kind": "reveal_next", "player": None, "args": {}})
    assert old == Action.reveal_next() and apply_action(game, old) == 1
    assert apply_action(game, Action.from_dict({"kind": "advance", "player": None, "args": {"force": False}})) \
        is Phase.PREPARE


def test_a_position_survives_json_and_a_badly_shaped_one_is_refused_by_the_action_rule():
    action = Action.advance(force=True, at=position(2, "find"))
    assert Action.from_dict(json.loads(json.dumps(action.to_dict()))) == action
    assert eval(repr(action), {"Action": Action}) == action
    for at in ({"round": 1, "phase": "find"}, {"round": 0, "phase": "find", "step": 0},
               {"round": 1, "phase": "dance", "step": 0}, {"round": 1, "phase": ["find"], "step": 0},
               {"round": True, "phase": "find", "step": 0}, {"round": 1, "phase": "find", "step": -1},
               [1, "find", 0], "find"):
        _refused("action", lambda: Action("advance", None, {"force": False, "at": at}))
        _refused("action", lambda: Action("reveal_next", None, {"at": at}))
    _refused("action", lambda: Action("cast_vote", "Ben", {"artist": "Ana", "number": 1, "at": position(1, "find")}))


def test_the_teachers_pause_of_the_drawing_timer_is_the_games_until_the_hide_phase_ends():
    """The pause is the table's, as the reveal's step is: a move in the log, kept in a save,
    said as the state wanted (two pages pressing Pause at once leave it paused)."""
    game = Game.new(ANA_BEN_CLEO, word_deck(), seed=3)
    at_hide = position_of(game)
    assert not game.timer_paused
    assert apply_action(game, Action.pause_timer(True, at=at_hide)) is True
    assert apply_action(game, Action.pause_timer(True, at=at_hide)) is True and game.timer_paused
    assert Game.from_json(game.to_json()).timer_paused  # a page built again shows it paused
    assert apply_action(game, Action.pause_timer(False)) is False and not game.timer_paused
    apply_action(game, Action.pause_timer(True, at=at_hide))
    game.advance(force=True)  # the find phase: the next hide phase starts counting
    assert not game.timer_paused and not Game.from_json(game.to_json()).timer_paused
    before = game.to_json()
    _refused("moved_on", lambda: apply_action(game, Action.pause_timer(False, at=at_hide)))
    _refused("phase", lambda: apply_action(game, Action.pause_timer(True)))
    assert game.to_json() == before


def test_the_drawing_time_left_is_the_games_and_a_pause_stands_it_still():
    """The projected page starts the hide phase's timer at the table's clock: the game keeps
    when drawing ends, so a page built again (a reload, a save read back) shows the same time
    left, not the full time; a pause keeps the seconds left, a resume sets a new end."""
    game = Game.new(ANA_BEN_CLEO, word_deck(), seed=3)
    at_hide = position_of(game)
    assert game.drawing_time.left_at(1000.0) is None  # no timer started yet
    assert apply_action(game, Action.start_timer(90, now=1000.0, at=at_hide)) == 90
    assert Game.from_json(game.to_json()).drawing_time.left_at(1030.0) == 60  # reloaded 30 s later
    _refused("timer_started", lambda: apply_action(game, Action.start_timer(90, now=1031.0, at=at_hide)))
    apply_action(game, Action.pause_timer(True, now=1040.0, at=at_hide))
    apply_action(game, Action.pause_timer(True, now=1045.0, at=at_hide))  # a second page's press: no change
    paused = Game.from_json(game.to_json())
    assert paused.timer_paused and paused.drawing_time.left_at(5000.0) == 50  # time stands still
    apply_action(paused, Action.pause_timer(False, now=2000.0, at=at_hide))
    assert Game.from_json(paused.to_json()).drawing_time.left_at(2010.0) == 40
    assert paused.drawing_time.left_at(9999.0) == 0  # never below zero
    paused.advance(force=True)  # the find phase: no timer; the next hide phase starts its own
    assert paused.drawing_time.left_at(2010.0) is None and "timer" not in paused.to_dict()
    _refused("phase", lambda: apply_action(paused, Action.start_timer(90, now=2020.0)))
    # Paused before it started (the desk pressed first): it starts with its full time, standing still.
    early = Game.new(ANA_BEN_CLEO, word_deck(), seed=3)
    early.pause_timer(True, now=10.0)
    early.start_timer(60, now=20.0)
    assert early.drawing_time.left_at(500.0) == 60


def test_a_drawing_timer_is_seconds_and_times_on_the_tables_clock():
    """The browser can set any trait, and a log or a save can be edited: a timer is 1 to 3600
    whole seconds and a time a finite number of seconds; anything else changes nothing."""
    for seconds in (0, -5, 3601, 1.5, True, "90", None):
        _refused("action", lambda: Game.new(ANA_BEN_CLEO, word_deck(), seed=3).start_timer(seconds, 1000.0))
    for now in (float("nan"), float("inf"), -1, "now", None, True):
        _refused("action", lambda: Action.start_timer(90, now=now))
        _refused("action", lambda: Action("pause_timer", None, {"paused": True, "now": now}))
    action = Action.start_timer(90, now=1000.5, at=position(1, "hide"))
    assert Action.from_dict(json.loads(json.dumps(action.to_dict()))) == action and action.player is None
    _refused("action", lambda: Action("start_timer", "Ana", {"seconds": 90, "now": 1.0}))  # a player starts none
    game = Game.new(ANA_BEN_CLEO, word_deck(), seed=3)
    game.start_timer(90, 1000.0)
    data = game.to_dict()
    assert "timer" in data and "timer" not in Game.new(ANA_BEN_CLEO, word_deck(), seed=3).to_dict()  # old saves
    for timer in ({"seconds": 90, "ends": "soon"}, {"seconds": 0, "ends": 1.0}, {"seconds": 90, "left": 3.0},
                  {"seconds": 90, "ends": float("nan")}, {"seconds": 90}, [90]):
        with pytest.raises(ValueError):
            Game.from_dict({**data, "timer": timer})
    with pytest.raises(ValueError):  # a pause that left more than the timer's whole time
        Game.from_dict({**data, "paused": True, "timer": {"seconds": 90, "left": 91.0}})
    game.advance(force=True)
    with pytest.raises(ValueError):  # a timer outside the hide phase
        Game.from_dict({**game.to_dict(), "timer": data["timer"]})


def test_the_pause_is_the_tables_move_and_is_true_or_false():
    action = Action.pause_timer(True, at=position(1, "hide"))
    assert Action.from_dict(json.loads(json.dumps(action.to_dict()))) == action
    assert action.player is None
    _refused("action", lambda: Action("pause_timer", "Ana", {"paused": True}))  # a player pauses nothing
    for paused in (1, "yes", None):
        _refused("action", lambda: Action("pause_timer", None, {"paused": paused}))
    _refused("action", lambda: Action("pause_timer", None, {}))
