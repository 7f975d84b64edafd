"""A whole game scripted through the public facade alone, as a teacher would in a notebook."""

from __future__ import annotations

import subprocess
import sys

from incognito_nb import Deck, Drawing, Game, Phase, Rules, Stroke


def test_a_six_player_game_with_forced_phases_changed_votes_and_a_restore_mid_round():
    players = ["Ana", "Ben", "Cleo", "Dev", "Eli", "Fay"]
    game = Game.new(players, Deck.builtin(), seed=2026, rules=Rules())
    expected_totals = dict.fromkeys(players, 0)
    for round_ in (1, 2, 3):
        assert (game.round, game.phase) == (round_, Phase.HIDE)
        for seat, player in enumerate(players[:-1]):  # Fay never presses Done
            game.submit_drawing(player, Drawing((Stroke([(seat * 10, 5), (400, 300)], width=6),)))
        game.update_drawing("Fay", Drawing((Stroke([(1, 1)]),)))
        game = Game.from_json(game.to_json())  # the kernel died mid-round; nothing is lost
        assert game.drawing("Fay") == Drawing((Stroke([(1, 1)]),))
        game.advance(force=True)  # the teacher ends the hide phase
        lineup = game.lineup
        assert len(lineup) == 6 and set(lineup) == {game.secret_object(p) for p in players}
        # Ana finds everyone, after changing her mind once; the others find only Ana.
        wrong = {p: (lineup.index(game.secret_object(p)) + 1) % 6 + 1 for p in players}
        game.cast_vote("Ana", "Ben", wrong["Ben"])
        game.cast_vote("Ana", "Ben", None)
        for artist in players[1:]:
            game.cast_vote("Ana", artist, lineup.index(game.secret_object(artist)) + 1)
        for voter in players[1:]:
            game.cast_vote(voter, "Ana", lineup.index(game.secret_object("Ana")) + 1)
        for voter in players[:-1]:
            game.confirm_votes(voter)
        game = Game.from_json(game.to_json())
        game.advance(force=True)  # Fay's placed card counts though unconfirmed
        points = game.round_points(round_)
        # Ana: 5 correct cards, and found by everyone: 5 + 0. Others: 1 card each, +2 as
        # artists found by Ana alone (some but not all).
        assert points == {"Ana": 5, "Ben": 3, "Cleo": 3, "Dev": 3, "Eli": 3, "Fay": 3}
        for p in players:
            expected_totals[p] += points[p]
        assert game.scores == expected_totals
        game.advance()
        if game.phase is Phase.PREPARE:
            game.advance()
    assert game.phase is Phase.OVER
    assert game.scores == {"Ana": 15, "Ben": 9, "Cleo": 9, "Dev": 9, "Eli": 9, "Fay": 9}
    assert game.winners == ("Ana",)


def test_a_three_player_game_fills_the_lineup_with_three_decoys_every_round():
    game = Game.new(["Ana", "Ben", "Cleo"], Deck.builtin("nature"), seed=4)
    decoys_seen = set()
    while game.phase is not Phase.OVER:
        if game.phase is Phase.HIDE:
            game.advance(force=True)
            objects = {game.secret_object(p) for p in game.players}
            decoys = set(game.lineup) - objects
            assert len(decoys) == 3 and not decoys & decoys_seen
            decoys_seen |= decoys
        game.advance(force=True)
    assert len(decoys_seen) == 9


def test_the_demo_game_plays_to_the_end():
    result = subprocess.run([sys.executable, "-m", "incognito_nb"], capture_output=True, text=True, check=True)
    assert "Round 3" in result.stdout
    assert "Final scores" in result.stdout
    assert "wins!" in result.stdout or "share the victory" in result.stdout
