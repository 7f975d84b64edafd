"""Invariants of random games, checked with hypothesis through the public API."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from incognito_nb import Drawing, Game, IllegalAction, Phase, Stroke
from incognito_nb.engine import MAX_DRAWING_POINTS, MAX_DRAWING_STROKES, Action, apply_action, position, position_of
from tables import SIX, word_deck

NUMBERS = st.one_of(st.none(), st.integers(min_value=-1, max_value=8))


def _expected_points(game: Game) -> dict[str, int]:
    """Recounts the last scored round from the cards alone, as the rule book words it."""
    record = game.history[-1]
    points = {p: 0 for p in game.players}
    for artist in game.players:
        right = record.lineup.index(record.objects[artist]) + 1
        finders = [v for v in game.players if v != artist and record.votes[v].get(artist) == right]
        points.update({v: points[v] + 1 for v in finders})
        if 0 < len(finders) < len(game.players) - 1:
            points[artist] += 2
    return points


def _random_action(data, game: Game):
    players = list(game.players)
    who = data.draw(st.sampled_from(players + ["Zed"]), label="who")
    kind = data.draw(st.sampled_from(["draw", "submit", "vote", "vote", "vote", "confirm", "advance"]), label="kind")
    if kind in ("draw", "submit"):
        x = data.draw(st.floats(min_value=0, max_value=800), label="x")
        drawing = Drawing((Stroke([(x, 10), (x / 2, 300)]),))
        return lambda: (game.submit_drawing if kind == "submit" else game.update_drawing)(who, drawing)
    if kind == "vote":
        artist = data.draw(st.sampled_from(players), label="artist")
        number = data.draw(NUMBERS, label="number")
        return lambda: game.cast_vote(who, artist, number)
    if kind == "confirm":
        return lambda: game.confirm_votes(who)
    force = data.draw(st.booleans(), label="force")
    return lambda: game.advance(force=force)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(count=st.integers(min_value=3, max_value=6), seed=st.integers(0, 10**6), data=st.data())
def test_random_legal_games_keep_the_rules(count, seed, data):
    game = Game.new(SIX[:count], word_deck(), seed=seed)
    steps = 0
    while game.phase is not Phase.OVER:
        steps += 1
        action = _random_action(data, game) if steps % 25 else (lambda: game.advance(force=True))
        before, phase, round_ = game.to_json(), game.phase, game.round
        try:
            action()
        except IllegalAction:
            assert game.to_json() == before, "a refused action changed the game"
            continue
        if game.phase is Phase.SCORE and phase is Phase.FIND:
            assert game.round_points(round_) == _expected_points(game)
            assert Game.from_json(game.to_json()).to_json() == game.to_json()
    totals = game.scores
    assert totals == {p: sum(r.points[p] for r in game.history) for p in game.players}
    best = max(totals.values())
    assert set(game.winners) == {p for p, t in totals.items() if t == best}
    assert len(game.history) == game.rules.rounds


@settings(max_examples=60, deadline=None)
@given(count=st.integers(min_value=3, max_value=6), seed=st.integers(0, 10**6), data=st.data())
def test_cards_a_voter_holds_are_always_distinct_and_never_on_their_own_drawing(count, seed, data):
    game = Game.new(SIX[:count], word_deck(), seed=seed)
    game.advance(force=True)
    for _ in range(30):
        try:
            _random_action(data, game)()
        except IllegalAction:
            pass
        for voter in game.players:
            cards = game.votes_of(voter)
            assert voter not in cards
            assert len(set(cards.values())) == len(cards)
            assert all(1 <= n <= 6 for n in cards.values())


def _stroke_of(points: int) -> Stroke:
    return Stroke([(i % 800, i // 800) for i in range(points)])


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_no_sequence_of_edits_takes_a_drawing_past_the_cap(data):
    game = Game.new(SIX[:3], word_deck(), seed=1)
    for _ in range(40):
        board = game.drawing("Ana")
        sizes = data.draw(st.lists(st.one_of(st.integers(1, 3), st.integers(1_000, 5_000)), max_size=3),
                          label="strokes")
        strokes = [_stroke_of(n) for n in sizes]
        keep = data.draw(st.one_of(st.none(), st.none(), st.none(), st.integers(0, len(board))), label="keep")
        kind = data.draw(st.sampled_from(["edit", "edit", "edit", "action", "update", "submit"]), label="kind")
        kept = board.strokes if keep is None else board.strokes[:keep]
        try:
            if kind == "edit":
                game.edit_drawing("Ana", strokes, keep=keep)
            elif kind == "action":
                apply_action(game, Action.edit_drawing("Ana", strokes, keep=keep))
            else:
                getattr(game, f"{kind}_drawing")("Ana", Drawing(kept + tuple(strokes)))
        except (IllegalAction, ValueError):
            assert game.drawing("Ana") == board, "a refused edit changed the board"
        after = game.drawing("Ana")
        assert after.points <= MAX_DRAWING_POINTS and len(after) <= MAX_DRAWING_STROKES


POSITIONS = st.builds(position, st.integers(1, 3), st.sampled_from(list(Phase)), st.integers(0, 6))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(count=st.integers(min_value=3, max_value=6), seed=st.integers(0, 10**6), data=st.data())
def test_a_teachers_move_named_anywhere_but_where_the_game_stands_changes_nothing(count, seed, data):
    """Two teacher pages never move the game on twice: a move names where it was made."""
    game, twin = Game.new(SIX[:count], word_deck(), seed=seed), Game.new(SIX[:count], word_deck(), seed=seed)
    for _ in range(40):
        at = data.draw(st.one_of(st.just(position_of(game)), POSITIONS), label="at")
        kind = data.draw(st.sampled_from(["advance", "reveal_next"]), label="kind")
        named = Action.advance(force=True, at=at) if kind == "advance" else Action.reveal_next(at=at)
        plain = Action.advance(force=True) if kind == "advance" else Action.reveal_next()
        before = game.to_json()
        try:
            apply_action(game, named)
        except IllegalAction as error:
            assert game.to_json() == before, "a refused move changed the game"
            assert error.rule != "moved_on" or at != position_of(game)
            if error.rule == "moved_on":
                continue
        else:
            assert at == position_of(twin), "a move named where the game no longer stands was made"
        try:
            apply_action(twin, plain)  # the same move, unnamed, from the same position: the same game
        except IllegalAction:
            pass
        assert twin.to_json() == game.to_json()
