"""player_view: each viewer sees exactly what they may know, in every phase."""

from __future__ import annotations

import json

import pytest

from incognito_nb import Game, Phase
from tables import SIX, confirm_all, doodle, to_find, token, word_deck

VIEWERS = [None, *SIX[:4]]


def _game_in(phase: Phase) -> Game:
    game = Game.new(SIX[:4], word_deck(), seed=11)
    if phase is Phase.HIDE:
        game.update_drawing("Ben", doodle(3))
        return game
    to_find(game)
    game.cast_vote("Ana", "Ben", token(game, "Ben"))
    game.cast_vote("Cleo", "Ana", token(game, "Dev"))
    if phase is Phase.FIND:
        return game
    confirm_all(game)
    if phase is Phase.SCORE:
        return game
    game.advance()
    if phase is Phase.PREPARE:
        return game
    while game.phase is not Phase.OVER:
        if game.phase is Phase.HIDE:
            to_find(game)
            confirm_all(game)
        else:
            game.advance()
    return game


def _text(view) -> str:
    return json.dumps(view, ensure_ascii=False)


@pytest.mark.parametrize("phase", list(Phase))
@pytest.mark.parametrize("viewer", VIEWERS)
def test_views_are_json_safe_for_every_viewer_in_every_phase(phase, viewer):
    game = _game_in(phase)
    view = game.player_view(viewer)
    assert json.loads(json.dumps(view)) == view
    assert view["phase"] == phase.value and view["viewer"] == viewer


@pytest.mark.parametrize("phase", [Phase.HIDE, Phase.FIND])
@pytest.mark.parametrize("viewer", VIEWERS)
def test_before_scoring_a_view_holds_no_other_players_object(phase, viewer):
    game = _game_in(phase)
    view = game.player_view(viewer)
    others = [p for p in game.players if p != viewer]
    text = _text({k: v for k, v in view.items() if k != "lineup"})
    for other in others:
        assert game.secret_object(other) not in text
    if viewer is not None:
        assert view["object"] == game.secret_object(viewer)
    else:
        assert view["object"] is None


@pytest.mark.parametrize("viewer", VIEWERS)
def test_during_find_the_lineup_is_shown_but_not_who_drew_which_word(viewer):
    game = _game_in(Phase.FIND)
    view = game.player_view(viewer)
    assert view["lineup"] == list(game.lineup)
    assert view["reveal"] is None and view["history"] == []
    # nothing in the view pairs a player with a line-up word, except the viewer's own object
    for other in (p for p in game.players if p != viewer):
        assert game.secret_object(other) not in _text({k: v for k, v in view.items() if k != "lineup"})


@pytest.mark.parametrize("viewer", VIEWERS)
def test_during_find_a_viewer_sees_only_their_own_cards(viewer):
    game = _game_in(Phase.FIND)
    view = game.player_view(viewer)
    assert view["my_votes"] == (game.votes_of(viewer) if viewer else {})
    assert "votes" not in view
    text = _text(view)
    assert '"Ana": {"Ben"' not in text and '"Cleo": {"Ana"' not in text


def test_during_hide_boards_in_progress_stay_with_their_artist():
    game = _game_in(Phase.HIDE)
    assert game.player_view("Ben")["drawings"] == {"Ben": doodle(3).to_list()}
    assert game.player_view("Ana")["drawings"] == {"Ana": []}
    assert game.player_view(None)["drawings"] == {}


@pytest.mark.parametrize("viewer", VIEWERS)
def test_all_locations_are_public(viewer):
    view = _game_in(Phase.HIDE).player_view(viewer)
    assert set(view["locations"]) == set(SIX[:4])


@pytest.mark.parametrize("viewer", VIEWERS)
def test_at_the_scoreboard_step_everything_is_revealed_to_everyone(viewer):
    game = _game_in(Phase.SCORE)
    while game.reveal_step < len(game.players):
        game.reveal_next()
    reveal = game.player_view(viewer)["reveal"]
    assert reveal["objects"] == {p: game.history[0].objects[p] for p in game.players}
    assert reveal["votes"]["Ana"] == {"Ben": game.history[0].token_of("Ben")}
    assert reveal["found_by"]["Ben"] == ["Ana"]
    assert reveal["points"] == game.round_points(1)


@pytest.mark.parametrize("viewer", VIEWERS)
def test_game_over_shows_the_winners_and_every_round(viewer):
    game = _game_in(Phase.OVER)
    view = game.player_view(viewer)
    assert view["winners"] == list(game.winners) and view["winners"]
    assert [r["round"] for r in view["history"]] == [1, 2, 3]
    assert view["object"] is None and view["locations"] == {}


@pytest.mark.parametrize("phase", list(Phase))
@pytest.mark.parametrize("viewer", VIEWERS)
def test_a_view_without_drawings_names_the_same_boards_and_says_the_rest_alike(phase, viewer):
    game = _game_in(phase)
    whole, named = game.player_view(viewer), game.player_view(viewer, drawings=False)
    assert set(named["drawings"]) == set(whole["drawings"])
    assert all(value is None for value in named["drawings"].values())
    assert {k: v for k, v in named.items() if k != "drawings"} == {k: v for k, v in whole.items() if k != "drawings"}
