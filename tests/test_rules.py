"""The rule book (../shared/RULES.md), one test per rule and clarification."""

from __future__ import annotations

import pytest

from incognito_nb import Deck, DeckError, Drawing, Game, IllegalAction, Phase, Rules, Stroke
from incognito_nb.engine import MAX_DRAWING_POINTS, MAX_DRAWING_STROKES, Action, apply_action
from tables import ANA_BEN_CLEO, SIX, confirm_all, decoy_tokens, doodle, to_find, token, word_deck

# ---------------------------------------------------------------- setup


@pytest.mark.parametrize("count", [3, 4, 5, 6])
def test_three_to_six_players_sit_at_a_table(count):
    game = Game.new(SIX[:count], word_deck(), seed=1)
    assert game.players == SIX[:count]


@pytest.mark.parametrize("count", [0, 1, 2, 7])
def test_fewer_than_three_or_more_than_six_players_are_refused(count):
    names = [f"Player {i}" for i in range(count)]
    with pytest.raises(IllegalAction, match="3 to 6 players") as refused:
        Game.new(names, word_deck(30, 30), seed=1)
    assert refused.value.rule == "player_count"


@pytest.mark.parametrize("names", [["Ana", "ana", "Ben"], ["Ana", " Ben ", "ben"], ["Ana", "Ben  Li", "ben li"]])
def test_duplicate_names_are_refused_whatever_their_case_and_spacing(names):
    with pytest.raises(IllegalAction, match="different name"):
        Game.new(names, word_deck(), seed=1)


@pytest.mark.parametrize("blank", ["", "   ", "\t"])
def test_blank_names_are_refused(blank):
    with pytest.raises(IllegalAction, match="cannot be blank"):
        Game.new(["Ana", blank, "Ben"], word_deck(), seed=1)


def test_names_are_trimmed_and_too_long_names_are_refused():
    game = Game.new(["  Ana ", "Ben   Li", "Cleo"], word_deck(), seed=1)
    assert game.players == ("Ana", "Ben Li", "Cleo")
    with pytest.raises(IllegalAction, match="at most 24"):
        Game.new(["Ana", "B" * 25, "Cleo"], word_deck(), seed=1)


def test_each_player_is_dealt_one_secret_object_and_one_public_location():
    game = Game.new(SIX[:4], word_deck(), seed=2)
    objects = [game.secret_object(p) for p in game.players]
    locations = [game.location(p) for p in game.players]
    assert len(set(objects)) == 4 and len(set(locations)) == 4
    assert all(o.startswith("object") for o in objects)
    assert all(loc.startswith("location") for loc in locations)


def test_no_object_or_location_appears_twice_in_one_game():
    game = Game.new(SIX[:3], word_deck(), seed=3)
    seen_objects, seen_locations = [], []
    while game.phase is not Phase.OVER:
        seen_locations += [game.location(p) for p in game.players]
        to_find(game)
        seen_objects += list(game.lineup)  # players' objects and decoys alike are used up
        confirm_all(game)
        game.advance()
        if game.phase is Phase.PREPARE:
            game.advance()
    assert len(seen_objects) == len(set(seen_objects)) == 18
    assert len(seen_locations) == len(set(seen_locations)) == 9


def test_a_deck_too_small_for_the_table_is_refused_naming_both_counts():
    with pytest.raises(DeckError) as refused:
        Game.new(SIX[:4], word_deck(objects=17, locations=11), seed=1)
    message = str(refused.value)
    assert "18 objects" in message and "12 locations" in message  # needed
    assert "17 objects" in message and "11 locations" in message  # available


def test_a_deck_just_big_enough_is_accepted():
    game = Game.new(SIX[:4], word_deck(objects=18, locations=12), seed=1)
    assert game.round == 1


def test_the_deal_is_reproducible_from_players_deck_and_seed():
    one = Game.new(SIX[:5], word_deck(), seed=42)
    two = Game.new(SIX[:5], word_deck(), seed=42)
    other = Game.new(SIX[:5], word_deck(), seed=43)
    assert one.to_json() == two.to_json()
    assert [other.secret_object(p) for p in SIX[:5]] != [one.secret_object(p) for p in SIX[:5]]


def test_the_default_deck_is_used_when_none_is_given():
    game = Game.new(ANA_BEN_CLEO, seed=1)
    assert game.secret_object("Ana") in Deck.builtin().objects


# ---------------------------------------------------------------- hide


def test_the_game_starts_in_round_one_hiding_the_object():
    game = Game.new(ANA_BEN_CLEO, word_deck(), seed=1)
    assert (game.round, game.phase) == (1, Phase.HIDE)
    assert game.lineup == ()


def test_a_player_marks_the_drawing_done_and_may_send_it_again_until_the_phase_ends():
    game = Game.new(ANA_BEN_CLEO, word_deck(), seed=1)
    game.submit_drawing("Ana", doodle(1))
    game.submit_drawing("Ana", doodle(2))
    assert game.done == ("Ana",)
    assert game.drawing("Ana") == doodle(2)


def test_the_find_phase_waits_for_every_drawing():
    game = Game.new(ANA_BEN_CLEO, word_deck(), seed=1)
    game.submit_drawing("Ana", doodle())
    with pytest.raises(IllegalAction, match="Ben and Cleo") as refused:
        game.advance()
    assert refused.value.rule == "all_done"
    assert game.phase is Phase.HIDE


def test_the_game_says_whom_each_phase_still_waits_for_in_seating_order():
    game = Game.new(ANA_BEN_CLEO, word_deck(), seed=1)
    assert game.waiting == ANA_BEN_CLEO
    game.submit_drawing("Ben", doodle())
    assert game.waiting == ("Ana", "Cleo")  # still drawing
    game.advance(force=True)
    assert game.waiting == ANA_BEN_CLEO  # the find phase: nobody has confirmed yet
    game.confirm_votes("Cleo")
    assert game.waiting == ("Ana", "Ben")
    game.confirm_votes("Ana")
    game.confirm_votes("Ben")
    assert game.waiting == ()
    game.advance()
    assert game.phase is Phase.SCORE and game.waiting == ()  # the reveal waits for the teacher, not a player


def test_the_teacher_ends_the_hide_phase_and_unfinished_boards_count_as_they_stand():
    game = Game.new(ANA_BEN_CLEO, word_deck(), seed=1)
    game.submit_drawing("Ana", doodle(1))
    game.update_drawing("Ben", doodle(2))  # still drawing, not done
    assert game.advance(force=True) is Phase.FIND
    assert game.drawing("Ben") == doodle(2)
    assert game.drawing("Cleo") == Drawing()  # an empty board is allowed


def test_drawings_are_made_only_in_the_hide_phase():
    game = to_find(Game.new(ANA_BEN_CLEO, word_deck(), seed=1))
    before = game.to_json()
    with pytest.raises(IllegalAction, match="hide phase") as refused:
        game.submit_drawing("Ana", doodle(5))
    assert refused.value.rule == "phase"
    assert game.to_json() == before


# ---------------------------------------------------------------- the drawing cap


def _ink(points: int, x: float = 10) -> Stroke:
    """A stroke of ``points`` points (a zigzag on the board)."""
    return Stroke([(x + i % 700, 20 + (i // 700) % 500) for i in range(points)], color="#0072b2", width=4)


def _full_board(game: Game, player: str) -> None:
    """Draws ``player``'s board up to the cap, in strokes of 5,000 points."""
    left = MAX_DRAWING_POINTS
    while left:
        game.edit_drawing(player, [_ink(min(5_000, left))])
        left -= min(5_000, left)


def test_drawing_full_a_change_past_the_cap_is_refused_and_nothing_drawn_is_lost():
    game = Game.new(ANA_BEN_CLEO, word_deck(), seed=1)
    _full_board(game, "Ana")
    board = game.drawing("Ana")
    assert board.points == MAX_DRAWING_POINTS
    for move in (lambda: game.edit_drawing("Ana", [_ink(1)]),
                 lambda: game.edit_drawing("Ana", [_ink(4_000), _ink(1_001)], keep=len(board) - 1),
                 lambda: game.update_drawing("Ana", board.adding(_ink(1))),
                 lambda: game.submit_drawing("Ana", board.adding(_ink(1)))):
        with pytest.raises(IllegalAction, match="drawing is full.*Undo or clear") as refused:
            move()
        assert refused.value.rule == "drawing_full"
        assert game.drawing("Ana") == board and game.done == ()


def test_drawing_full_undo_and_clear_make_room_again():
    game = Game.new(ANA_BEN_CLEO, word_deck(), seed=1)
    _full_board(game, "Ana")
    game.edit_drawing("Ana", keep=len(game.drawing("Ana")) - 1)  # an undo
    game.edit_drawing("Ana", [_ink(5_000)])
    assert game.drawing("Ana").points == MAX_DRAWING_POINTS
    game.edit_drawing("Ana", keep=0)  # a clear
    game.submit_drawing("Ana", Drawing([_ink(3)]))
    assert game.drawing("Ana").points == 3 and game.done == ("Ana",)


def test_drawing_full_the_cap_counts_strokes_too():
    game = Game.new(ANA_BEN_CLEO, word_deck(), seed=1)
    dots = [_ink(1, x) for x in range(MAX_DRAWING_STROKES)]
    game.update_drawing("Ben", Drawing(dots))
    with pytest.raises(IllegalAction) as refused:
        game.edit_drawing("Ben", [_ink(1)])
    assert refused.value.rule == "drawing_full"
    assert len(game.drawing("Ben")) == MAX_DRAWING_STROKES


def test_drawing_full_a_move_sent_as_data_is_refused_like_a_call():
    game = Game.new(ANA_BEN_CLEO, word_deck(), seed=1)
    _full_board(game, "Ana")
    for action in (Action.edit_drawing("Ana", [_ink(1)]),
                   Action.submit_drawing("Ana", game.drawing("Ana").adding(_ink(1)))):
        with pytest.raises(IllegalAction) as refused:
            apply_action(game, action)
        assert refused.value.rule == "drawing_full"
    assert game.drawing("Ana").points == MAX_DRAWING_POINTS


# ---------------------------------------------------------------- find


def test_the_lineup_holds_every_players_object_at_tokens_one_to_six():
    game = to_find(Game.new(SIX, word_deck(), seed=1))
    assert len(game.lineup) == 6
    assert sorted(game.lineup) == sorted(game.secret_object(p) for p in SIX)


@pytest.mark.parametrize("count", [3, 4, 5])
def test_decoys_fill_the_lineup_to_six_with_fewer_players(count):
    game = to_find(Game.new(SIX[:count], word_deck(), seed=count))
    assert len(game.lineup) == len(set(game.lineup)) == 6
    assert len(decoy_tokens(game)) == 6 - count


def test_the_lineup_order_is_random_not_seating_order():
    orders = set()
    for seed in range(8):
        game = to_find(Game.new(SIX, word_deck(), seed=seed))
        orders.add(tuple(token(game, p) for p in SIX))
    assert len(orders) > 1


def test_a_correct_card_scores_one_for_the_guesser():
    game = to_find(Game.new(ANA_BEN_CLEO, word_deck(), seed=1))
    game.cast_vote("Ben", "Ana", token(game, "Ana"))
    confirm_all(game)
    assert game.round_points(1)["Ben"] == 1


def test_a_player_never_votes_on_their_own_drawing():
    game = to_find(Game.new(ANA_BEN_CLEO, word_deck(), seed=1))
    with pytest.raises(IllegalAction, match="own drawing") as refused:
        game.cast_vote("Ana", "Ana", 1)
    assert refused.value.rule == "own_drawing"


def test_each_number_is_used_at_most_once_by_the_same_voter():
    game = to_find(Game.new(ANA_BEN_CLEO, word_deck(), seed=1))
    game.cast_vote("Ana", "Ben", 4)
    before = game.to_json()
    with pytest.raises(IllegalAction, match="already placed card 4") as refused:
        game.cast_vote("Ana", "Cleo", 4)
    assert refused.value.rule == "distinct_votes"
    assert game.to_json() == before


def test_different_voters_may_use_the_same_number():
    game = to_find(Game.new(ANA_BEN_CLEO, word_deck(), seed=1))
    game.cast_vote("Ana", "Cleo", 2)
    game.cast_vote("Ben", "Cleo", 2)
    assert game.votes_of("Ana") == {"Cleo": 2} and game.votes_of("Ben") == {"Cleo": 2}


def test_without_distinct_votes_a_number_may_be_used_twice():
    game = to_find(Game.new(ANA_BEN_CLEO, word_deck(), seed=1, rules=Rules(distinct_votes=False)))
    game.cast_vote("Ana", "Ben", 3)
    game.cast_vote("Ana", "Cleo", 3)
    assert game.votes_of("Ana") == {"Ben": 3, "Cleo": 3}


@pytest.mark.parametrize("number", [0, 7, -1, True, 2.0, "3"])
def test_a_card_names_a_token_of_the_lineup(number):
    game = to_find(Game.new(ANA_BEN_CLEO, word_deck(), seed=1))
    with pytest.raises(IllegalAction) as refused:
        game.cast_vote("Ana", "Ben", number)
    assert refused.value.rule == "token_range"


def test_a_card_may_be_changed_until_confirmed_and_taken_back():
    game = to_find(Game.new(ANA_BEN_CLEO, word_deck(), seed=1))
    game.cast_vote("Ana", "Ben", 1)
    game.cast_vote("Ana", "Ben", 2)
    game.cast_vote("Ana", "Cleo", 1)  # card 1 is free again
    game.cast_vote("Ana", "Cleo", None)
    assert game.votes_of("Ana") == {"Ben": 2}
    game.confirm_votes("Ana")
    with pytest.raises(IllegalAction, match="already confirmed") as refused:
        game.cast_vote("Ana", "Ben", 3)
    assert refused.value.rule == "confirmed"
    assert game.votes_of("Ana") == {"Ben": 2}


def test_a_drawing_left_without_a_card_counts_as_not_found():
    game = to_find(Game.new(ANA_BEN_CLEO, word_deck(), seed=1))
    game.cast_vote("Ben", "Ana", token(game, "Ana"))  # Cleo leaves Ana's drawing without a card
    confirm_all(game)
    assert game.history[-1].found_by("Ana") == ("Ben",)
    assert game.round_points(1)["Ana"] == 2  # found by one of two: the artist scores


def test_the_find_phase_waits_until_every_player_confirms():
    game = to_find(Game.new(ANA_BEN_CLEO, word_deck(), seed=1))
    game.confirm_votes("Ana")
    with pytest.raises(IllegalAction, match="Ben and Cleo") as refused:
        game.advance()
    assert refused.value.rule == "all_confirmed"


def test_cards_placed_but_not_confirmed_count_when_the_teacher_ends_the_phase():
    game = to_find(Game.new(ANA_BEN_CLEO, word_deck(), seed=1))
    game.cast_vote("Ben", "Ana", token(game, "Ana"))  # never confirmed
    assert game.advance(force=True) is Phase.SCORE
    assert game.round_points(1)["Ben"] == 1


def test_cards_are_placed_only_in_the_find_phase():
    game = Game.new(ANA_BEN_CLEO, word_deck(), seed=1)
    with pytest.raises(IllegalAction, match="find phase"):
        game.cast_vote("Ana", "Ben", 1)
    with pytest.raises(IllegalAction, match="find phase"):
        game.confirm_votes("Ana")


def test_strangers_cannot_act():
    game = to_find(Game.new(ANA_BEN_CLEO, word_deck(), seed=1))
    for action in (lambda: game.cast_vote("Zed", "Ana", 1), lambda: game.cast_vote("Ana", "Zed", 1),
                   lambda: game.confirm_votes("Zed"), lambda: game.player_view("Zed")):
        with pytest.raises(IllegalAction, match="Nobody called 'Zed'") as refused:
            action()
        assert refused.value.rule == "unknown_player"


# ---------------------------------------------------------------- score


def _score_one_drawing(finders: int, players=SIX[:4]) -> int:
    """Plays one round where ``finders`` of the others find Ana, and returns Ana's points."""
    game = to_find(Game.new(players, word_deck(), seed=9))
    right, wrong = token(game, "Ana"), decoy_tokens(game)[0] if decoy_tokens(game) else token(game, players[1])
    for voter in players[1 : 1 + finders]:
        game.cast_vote(voter, "Ana", right)
    for voter in players[1 + finders :]:
        game.cast_vote(voter, "Ana", wrong if wrong != token(game, voter) else None)
    confirm_all(game)
    return game.round_points(1)["Ana"]


def test_artist_scores_two_when_found_by_some_but_not_all():
    assert _score_one_drawing(1) == 2
    assert _score_one_drawing(2) == 2


def test_artist_scores_zero_when_everyone_finds_it():
    assert _score_one_drawing(3) == 0


def test_artist_scores_zero_when_no_one_finds_it():
    assert _score_one_drawing(0) == 0


def test_all_means_all_the_other_players_and_a_missing_card_is_not_found():
    game = to_find(Game.new(SIX[:4], word_deck(), seed=9))
    for voter in ("Ben", "Cleo"):  # Dev places no card on Ana's drawing
        game.cast_vote(voter, "Ana", token(game, "Ana"))
    confirm_all(game)
    assert game.round_points(1)["Ana"] == 2


def test_worked_example_of_the_rule_book():
    game = to_find(Game.new(ANA_BEN_CLEO, word_deck(), seed=5))
    assert len(decoy_tokens(game)) == 3  # three decoys fill the line
    decoy_a, decoy_b, _ = decoy_tokens(game)
    # Ana's drawing: Ben correct, Cleo wrong.
    game.cast_vote("Ben", "Ana", token(game, "Ana"))
    game.cast_vote("Cleo", "Ana", decoy_a)
    # Ben's drawing: Ana correct, Cleo correct.
    game.cast_vote("Ana", "Ben", token(game, "Ben"))
    game.cast_vote("Cleo", "Ben", token(game, "Ben"))
    # Cleo's drawing: Ana wrong, Ben none.
    game.cast_vote("Ana", "Cleo", decoy_b)
    confirm_all(game)
    record = game.history[0]
    assert record.found_by("Ana") == ("Ben",)
    assert record.found_by("Ben") == ("Ana", "Cleo")
    assert record.found_by("Cleo") == ()
    assert game.round_points(1) == {"Ana": 3, "Ben": 1, "Cleo": 1}


def test_points_are_recorded_after_each_round_and_summed():
    game = Game.new(ANA_BEN_CLEO, word_deck(), seed=4)
    with pytest.raises(IllegalAction, match="not been scored") as refused:
        game.round_points(1)
    assert refused.value.rule == "not_scored"
    totals = {p: 0 for p in ANA_BEN_CLEO}
    for _ in range(3):
        to_find(game)
        game.cast_vote("Ben", "Ana", token(game, "Ana"))
        confirm_all(game)
        for player, points in game.round_points(game.round).items():
            totals[player] += points
        assert game.scores == totals
        game.advance()
        if game.phase is Phase.PREPARE:
            game.advance()
    assert game.scores == {"Ana": 6, "Ben": 3, "Cleo": 0}


# ---------------------------------------------------------------- prepare and the end


def test_prepare_clears_the_boards_and_the_next_round_deals_new_cards():
    game = to_find(Game.new(ANA_BEN_CLEO, word_deck(), seed=1))
    first = {p: (game.secret_object(p), game.location(p)) for p in ANA_BEN_CLEO}
    game.cast_vote("Ana", "Ben", 1)
    confirm_all(game)
    assert game.advance() is Phase.PREPARE
    assert game.round == 1
    assert all(game.drawing(p) == Drawing() for p in ANA_BEN_CLEO)
    assert game.lineup == ()
    assert game.advance() is Phase.HIDE
    assert game.round == 2
    assert all(game.votes_of(p) == {} for p in ANA_BEN_CLEO)  # voting cards return to their owners
    second = {p: (game.secret_object(p), game.location(p)) for p in ANA_BEN_CLEO}
    assert all(first[p][0] != second[p][0] and first[p][1] != second[p][1] for p in ANA_BEN_CLEO)


def test_the_game_lasts_three_rounds_and_ends_without_a_fourth_preparation():
    game = Game.new(ANA_BEN_CLEO, word_deck(), seed=1)
    phases = []
    while game.phase is not Phase.OVER:
        if game.phase is Phase.HIDE:
            to_find(game)
            confirm_all(game)
        else:
            game.advance()
        phases.append((game.round, game.phase))
    assert phases == [(1, Phase.SCORE), (1, Phase.PREPARE), (2, Phase.HIDE), (2, Phase.SCORE),
                      (2, Phase.PREPARE), (3, Phase.HIDE), (3, Phase.SCORE), (3, Phase.OVER)]
    with pytest.raises(IllegalAction, match="game is over") as refused:
        game.advance(force=True)
    assert refused.value.rule == "game_over"


def test_the_number_of_rounds_is_a_rule_option():
    game = Game.new(ANA_BEN_CLEO, word_deck(), seed=1, rules=Rules(rounds=1))
    to_find(game)
    confirm_all(game)
    assert game.advance() is Phase.OVER


def _play_to_the_end(game: Game, votes) -> Game:
    """Plays every round with ``votes(game)`` placing the cards."""
    while game.phase is not Phase.OVER:
        to_find(game)
        votes(game)
        confirm_all(game)
        game.advance()
        if game.phase is Phase.PREPARE:
            game.advance()
    return game


def test_the_highest_total_wins():
    def ben_finds_ana(game):
        game.cast_vote("Ben", "Ana", token(game, "Ana"))

    game = Game.new(ANA_BEN_CLEO, word_deck(), seed=1)
    assert game.winners == ()
    _play_to_the_end(game, ben_finds_ana)
    assert game.scores == {"Ana": 6, "Ben": 3, "Cleo": 0}
    assert game.winners == ("Ana",)


def test_tied_leaders_all_share_the_victory():
    game = _play_to_the_end(Game.new(ANA_BEN_CLEO, word_deck(), seed=1), lambda game: None)
    assert game.scores == {"Ana": 0, "Ben": 0, "Cleo": 0}
    assert game.winners == ANA_BEN_CLEO


def test_seats_are_numbered_in_seating_order():
    game = Game.new(SIX, word_deck(), seed=1)
    assert [game.seat(p) for p in SIX] == [1, 2, 3, 4, 5, 6]
