"""A game as plain data: Game.to_dict and Game.from_dict give back the same game, at every phase."""

from __future__ import annotations

import itertools
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from incognito_nb import Drawing, Game, IllegalAction, Phase, Rules, SaveError, Stroke
from incognito_nb.engine import saves
from tables import ANA_BEN_CLEO, SIX, confirm_all, doodle, to_find, token, word_deck


def observed(game: Game) -> dict:
    """Returns everything a caller can learn about a game through its public members."""
    players = game.players
    return {
        "repr": repr(game),
        "data": game.to_dict(),
        "json": game.to_json(),
        "views": {viewer: game.player_view(viewer) for viewer in (None, *players)},
        "progress": game.progress(),
        "rules": game.rules,
        "table": (game.round, game.phase, game.reveal_step, game.moves, game.deck_name, game.deck_language, game.lineup,
                  game.done, game.confirmed, game.scores, game.winners, game.history),
        "seats": {p: (game.seat(p), game.location(p), game.secret_object(p), game.drawing(p), game.votes_of(p))
                  for p in players},
    }


def assert_same_game(restored: Game, game: Game) -> None:
    assert observed(restored) == observed(game)
    # ... and the two play on alike: the next deal comes from the same piles.
    for g in (game, restored):
        while g.phase is not Phase.OVER:
            g.advance(force=True)
    assert observed(restored) == observed(game)


def phases_of_a_game():
    """Yields a game of two rounds at each moment worth keeping, from the deal to the podium."""
    game = Game.new(SIX[:4], word_deck(), seed=8, rules=Rules(rounds=2, lineup_size=5))
    yield game.copy()
    game.submit_drawing("Ana", doodle(1))
    game.update_drawing("Ben", doodle(2))
    yield game.copy()
    game.advance(force=True)
    yield game.copy()
    game.cast_vote("Cleo", "Ana", token(game, "Ana"))
    game.confirm_votes("Cleo")
    yield game.copy()
    game.advance(force=True)
    yield game.copy()
    game.advance()
    yield game.copy()
    game.advance()
    yield game.copy()
    confirm_all(to_find(game))
    yield game.copy()
    game.advance()
    yield game.copy()


@pytest.mark.parametrize("moment", range(9))
def test_a_game_read_back_from_its_data_is_the_same_game_at_every_phase(moment):
    game = list(phases_of_a_game())[moment]
    assert_same_game(Game.from_dict(game.to_dict()), game)


def test_a_games_data_is_plain_json_safe_data():
    for game in phases_of_a_game():
        data = game.to_dict()
        assert json.loads(json.dumps(data)) == data
        assert Game.from_dict(json.loads(json.dumps(data))).to_dict() == data


def test_the_save_text_is_the_games_data_with_its_format_and_version():
    game = confirm_all(to_find(Game.new(ANA_BEN_CLEO, word_deck(), seed=1)))
    assert json.loads(game.to_json()) == {"format": "incognito-nb/game", "version": 2, **game.to_dict()}


def test_a_games_data_read_back_changes_independently_of_it():
    game = Game.new(ANA_BEN_CLEO, word_deck(), seed=2)
    data = game.to_dict()
    restored = Game.from_dict(data)
    restored.submit_drawing("Ana", doodle(3))
    assert game.to_dict() == data and game.done == ()


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: d.pop("table"),
        lambda d: d.update(format="incognito-nb/game"),
        lambda d: d.update(moves=-1),
        lambda d: d["table"]["votes"]["Ana"].update(Ben=9),
        lambda d: d["history"][0]["points"].update(Ana=5),
    ],
)
def test_data_a_game_cannot_have_is_refused_as_a_damaged_save(damage):
    data = confirm_all(to_find(Game.new(ANA_BEN_CLEO, word_deck(), seed=1))).to_dict()
    damage(data)
    with pytest.raises(SaveError, match="damaged"):
        Game.from_dict(data)


def test_a_save_of_an_older_version_is_migrated_before_it_is_read(monkeypatch):
    game = to_find(Game.new(ANA_BEN_CLEO, word_deck(), seed=4))
    old = json.loads(game.to_json())
    old.update(version=0, seed_text=old.pop("seed"))  # as if version 0 named the seed otherwise
    monkeypatch.setitem(saves.MIGRATIONS, 0, lambda d: {**{k: v for k, v in d.items() if k != "seed_text"},
                                                        "seed": d["seed_text"], "version": 1})
    assert Game.from_json(json.dumps(old)).to_json() == game.to_json()
    monkeypatch.delitem(saves.MIGRATIONS, 0)
    with pytest.raises(SaveError, match="version 0"):
        Game.from_json(json.dumps(old))


def _play(data, game: Game) -> None:
    """Tries one random action on the game, as anyone at the table might."""
    players = list(game.players)
    who = data.draw(st.sampled_from(players), label="who")
    kind = data.draw(st.sampled_from(["stroke", "submit", "vote", "vote", "confirm", "reveal", "advance"]), label="kind")
    try:
        if kind == "stroke":
            x = data.draw(st.floats(min_value=0, max_value=800), label="x")
            game.edit_drawing(who, [Stroke([(x, 10), (x / 2, 300)])])
        elif kind == "submit":
            game.submit_drawing(who, Drawing((Stroke([(1, 1), (2, 2)]),)))
        elif kind == "vote":
            artist = data.draw(st.sampled_from(players), label="artist")
            game.cast_vote(who, artist, data.draw(st.one_of(st.none(), st.integers(1, 6)), label="number"))
        elif kind == "confirm":
            game.confirm_votes(who)
        elif kind == "reveal":
            game.reveal_next()
        else:
            game.advance(force=data.draw(st.booleans(), label="force"))
    except IllegalAction:
        pass


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(count=st.integers(min_value=3, max_value=6), seed=st.integers(0, 10**6), data=st.data())
def test_every_moment_of_a_random_game_reads_back_from_its_data(count, seed, data):
    game = Game.new(SIX[:count], word_deck(), seed=seed)
    for step in itertools.count(1):
        assert observed(Game.from_dict(game.to_dict())) == observed(game)
        if game.phase is Phase.OVER:
            break
        if step % 20 == 0:  # the teacher ends the phase, so that every game reaches its end
            game.advance(force=True)
        else:
            _play(data, game)
    assert_same_game(Game.from_dict(game.to_dict()), game)
