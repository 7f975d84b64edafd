"""The reveal at one pace: the table's step, moved by the teacher, and what each view holds at it."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from incognito_nb.engine import Action, Game, IllegalAction, Phase, apply_action
from incognito_nb.engine import reveal
from tables import SIX, confirm_all, to_find, token, word_deck

FOUR = SIX[:4]
VIEWERS = [None, *FOUR]


def _scored(players=FOUR, seed: int = 11) -> Game:
    """A round of ``players`` just scored: Ana found Ben's object, Cleo took Dev's for Ana's."""
    game = to_find(Game.new(players, word_deck(), seed=seed))
    game.cast_vote("Ana", "Ben", token(game, "Ben"))
    game.cast_vote("Cleo", "Ana", token(game, "Dev") if "Dev" in players else 1)
    return confirm_all(game)


def _at(step: int) -> Game:
    game = _scored()
    for _ in range(step):
        game.reveal_next()
    return game


def _text(value) -> str:
    return json.dumps(value, ensure_ascii=False)


STEPS = range(len(FOUR) + 1)


# ---------------------------------------------------------------- the table's step
def test_the_reveal_shows_the_first_drawing_as_soon_as_the_round_is_scored():
    game = _scored()
    assert game.phase is Phase.SCORE and game.reveal_step == 0
    assert reveal.revealed(game.players, 0) == ("Ana",)


def test_the_teachers_next_shows_each_drawing_in_seating_order_then_the_scoreboard():
    game = _scored()
    seen = [reveal.revealed(game.players, game.reveal_step)]
    moves = game.moves
    while game.reveal_step < len(game.players):
        game.reveal_next()
        seen.append(reveal.revealed(game.players, game.reveal_step))
    assert seen[-1] == seen[-2] == game.players  # the scoreboard step shows every drawing too
    assert [s[-1] for s in seen[:-1]] == list(game.players)
    assert game.moves == moves + len(game.players)  # every Next is a move


def test_next_is_refused_once_the_scoreboard_is_shown_and_changes_nothing():
    game = _at(len(FOUR))
    before = game.to_json()
    with pytest.raises(IllegalAction) as refused:
        game.reveal_next()
    assert refused.value.rule == "reveal_over" and game.to_json() == before


@pytest.mark.parametrize("phase", [Phase.HIDE, Phase.FIND, Phase.PREPARE])
def test_next_is_refused_outside_the_score_phase(phase):
    game = Game.new(FOUR, word_deck(), seed=2)
    if phase is not Phase.HIDE:
        to_find(game)
    if phase is Phase.PREPARE:
        confirm_all(game).advance()
    before = game.to_json()
    with pytest.raises(IllegalAction) as refused:
        game.reveal_next()
    assert refused.value.rule == "phase" and game.to_json() == before


def test_the_teacher_may_move_on_before_the_reveal_ends_and_the_next_reveal_starts_at_its_first_drawing():
    game = _at(2)
    game.advance()
    assert game.phase is Phase.PREPARE and game.reveal_step == 0
    game.advance()
    confirm_all(to_find(game))
    assert game.phase is Phase.SCORE and game.reveal_step == 0


def test_next_is_an_action_of_the_table_that_replays():
    action = Action.reveal_next()
    assert action == Action.from_dict(action.to_dict()) and action.player is None
    with pytest.raises(IllegalAction):
        Action("reveal_next", "Ana", {})  # made by the table, not a player
    game, twin = _scored(), _scored()
    assert apply_action(game, action) == 1
    twin.reveal_next()
    assert game.to_json() == twin.to_json()


# ---------------------------------------------------------------- saves
@pytest.mark.parametrize("step", STEPS)
def test_a_saved_reveal_comes_back_at_its_step(step):
    game = _at(step)
    restored = Game.from_json(game.to_json())
    assert restored.reveal_step == step and restored.to_json() == game.to_json()


def test_a_save_from_before_the_reveal_was_kept_loads_at_the_first_drawing():
    game = _scored()
    old = json.loads(game.to_json())
    del old["reveal"]
    old["version"] = 1
    restored = Game.from_json(json.dumps(old))
    assert restored.phase is Phase.SCORE and restored.reveal_step == 0
    assert restored.to_json() == game.to_json()


@pytest.mark.parametrize("bad", [-1, len(FOUR) + 1, "2", None, 1.0])
def test_a_reveal_step_the_game_cannot_reach_is_a_damaged_save(bad):
    data = _scored().to_dict()
    data["reveal"] = bad
    with pytest.raises(Exception, match="damaged"):
        Game.from_dict(data)


def test_a_reveal_step_outside_the_score_phase_is_a_damaged_save():
    data = to_find(Game.new(FOUR, word_deck(), seed=1)).to_dict()
    data["reveal"] = 1
    with pytest.raises(Exception, match="damaged"):
        Game.from_dict(data)


# ---------------------------------------------------------------- what each view holds
def _unrevealed(game: Game, viewer: str | None) -> list[str]:
    shown = reveal.revealed(game.players, game.reveal_step)
    return [p for p in game.players if p not in shown and p != viewer]


@pytest.mark.parametrize("step", STEPS)
@pytest.mark.parametrize("viewer", VIEWERS)
def test_a_view_holds_the_answers_cards_and_points_of_the_drawings_shown_and_no_others(viewer, step):
    game = _at(step)
    record = game.history[-1]
    shown = reveal.revealed(game.players, step)
    view = game.player_view(viewer)
    cut = view["reveal"]
    assert cut["step"] == step and cut["revealed"] == list(shown)
    assert cut["objects"] == {a: record.objects[a] for a in shown}
    assert cut["found_by"] == {a: list(record.found_by(a)) for a in shown}
    assert cut["drawing_points"] == {a: reveal.drawing_points(record, a) for a in shown}
    for voter in game.players:
        assert cut["votes"][voter] == {a: c for a, c in record.votes[voter].items() if a in shown}
    assert view["my_votes"] == ({a: c for a, c in record.votes[viewer].items() if a in shown} if viewer else {})
    # Nothing else in the view names the object hidden in a drawing not shown yet (the
    # line-up shows every word, as in the find phase; the viewer knows their own).
    text = _text({k: v for k, v in view.items() if k not in ("lineup", "reveal")}) + _text(
        {k: v for k, v in cut.items() if k != "lineup"})
    for artist in _unrevealed(game, viewer):
        assert _text(record.objects[artist]) not in text  # quoted: "object 1" is in "object 12"


@pytest.mark.parametrize("step", STEPS)
@pytest.mark.parametrize("viewer", VIEWERS)
def test_the_rounds_points_and_scoreboard_reach_a_view_only_at_the_scoreboard_step(viewer, step):
    game = _at(step)
    view = game.player_view(viewer)
    if step < len(FOUR):
        assert view["reveal"]["points"] is None and view["reveal"]["scoreboard"] is False
        assert view["history"] == [] and view["scores"] == {p: 0 for p in FOUR}
    else:
        assert view["reveal"]["points"] == game.round_points(1) and view["reveal"]["scoreboard"] is True
        assert [r["round"] for r in view["history"]] == [1] and view["scores"] == game.scores


def test_the_scores_before_the_scoreboard_are_those_of_the_rounds_shown_before():
    game = _at(len(FOUR))
    game.advance()
    game.advance()
    confirm_all(to_find(game))
    view = game.player_view("Ana")
    assert [r["round"] for r in view["history"]] == [1]
    assert view["scores"] == game.round_points(1)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(count=st.integers(min_value=3, max_value=6), seed=st.integers(0, 10**6), data=st.data())
def test_at_no_step_does_any_view_hold_an_unrevealed_artists_object_or_cards(count, seed, data):
    players = SIX[:count]
    game = to_find(Game.new(players, word_deck(), seed=seed))
    for voter in players:
        for artist in players:
            if artist != voter and data.draw(st.booleans(), label="votes"):
                try:
                    game.cast_vote(voter, artist, data.draw(st.integers(1, 6), label="card"))
                except IllegalAction:
                    pass  # a card already used
    confirm_all(game)
    record = game.history[-1]
    while True:
        shown = reveal.revealed(players, game.reveal_step)
        for viewer in (None, *players):
            view = game.player_view(viewer)
            cut = view["reveal"]
            hidden = [a for a in players if a not in shown]
            assert not set(cut["objects"]) & set(hidden)
            assert not set(cut["found_by"]) & set(hidden) and not set(cut["drawing_points"]) & set(hidden)
            assert all(not set(cards) & set(hidden) for cards in cut["votes"].values())
            assert not set(view["my_votes"]) & set(hidden)
            outside = _text({k: v for k, v in view.items() if k not in ("lineup", "reveal", "object")}) + _text(
                {k: v for k, v in cut.items() if k != "lineup"})
            for artist in hidden:
                if artist != viewer and record.objects[artist] not in {record.objects[a] for a in shown}:
                    assert _text(record.objects[artist]) not in outside
            if game.reveal_step < len(players):
                assert cut["points"] is None and len(view["history"]) == game.round - 1
        if game.reveal_step == len(players):
            break
        game.reveal_next()
