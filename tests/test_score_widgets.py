"""The score phase and the end on screen: each drawing's reveal, the scoreboard, the podium.

Games are played through the engine's public API (the rule book's worked example,
round after round); what a person would read is taken from the widgets' HTML with the
tags stripped.
"""

from __future__ import annotations

import re

import ipywidgets
import pytest

from incognito_nb import Game, Phase
from incognito_nb.ui.widgets.gallery import Gallery
from incognito_nb.ui.i18n import language
from incognito_nb.ui.widgets.reveal import Reveal, drawing_points
from incognito_nb.ui.widgets.scoreboard import Podium, Scoreboard
from incognito_nb.ui.widgets.text import player_color, safe
from incognito_nb.ui.widgets.voting import VotePanel

from tables import ANA_BEN_CLEO, confirm_all, decoy_tokens, to_find, token

pytestmark = pytest.mark.usefixtures("callback_errors_fail_the_test")


def worked_example(game: Game) -> None:
    """Places the cards of RULES.md's worked example: Ana 3, Ben 1, Cleo 1."""
    decoys = decoy_tokens(game)
    game.cast_vote("Ben", "Ana", token(game, "Ana"))  # Ana's drawing: found by Ben only
    game.cast_vote("Cleo", "Ana", decoys[0])
    game.cast_vote("Ana", "Ben", token(game, "Ben"))  # Ben's drawing: found by everyone
    game.cast_vote("Cleo", "Ben", token(game, "Ben"))
    game.cast_vote("Ana", "Cleo", decoys[1])  # Cleo's drawing: found by no one (Ben: no card)


def mutual_finds(game: Game) -> None:
    """Ana and Ben find each other's objects; Cleo places nothing: Ana 3, Ben 3, Cleo 0."""
    game.cast_vote("Ana", "Ben", token(game, "Ben"))
    game.cast_vote("Ben", "Ana", token(game, "Ana"))


def scored_round(cards=worked_example, players=ANA_BEN_CLEO) -> Game:
    """Returns a game in round 1's score phase, after ``cards`` were placed."""
    game = to_find(Game.new(players, seed=1))
    cards(game)
    return confirm_all(game)


def finished_game(cards=worked_example, players=ANA_BEN_CLEO) -> Game:
    """Returns a game over after three rounds, each played with ``cards``."""
    game = Game.new(players, seed=1)
    while True:
        to_find(game)
        cards(game)
        confirm_all(game)
        if game.advance() is Phase.OVER:
            return game
        game.advance()


#: A chip's short form, shown on the projector only (its words are there for screen readers).
SHORT_CHIP = r'<span class="inc-chip-short"[^>]*>((?:<span[^>]*>[^<]*</span>|[^<])*)</span>'


def text(widget) -> str:
    """Returns what a person reads in an HTML widget off the projector: tags stripped, entities
    kept, the projector's short chips left out."""
    return " ".join(re.sub(r"<[^>]+>", "", re.sub(SHORT_CHIP, "", widget.value)).split())


def projected_chips(widget) -> list[str]:
    """Returns the short chips the projector shows in an HTML widget, as read."""
    return [" ".join(re.sub(r"<[^>]+>", "", chip).split()) for chip in re.findall(SHORT_CHIP, widget.value)]


def part(widget, css_class) -> ipywidgets.HTML:
    """Returns the one widget under ``widget`` that carries ``css_class``."""
    found = [w for w in walk(widget) if css_class in getattr(w, "_dom_classes", ())]
    assert len(found) == 1, (css_class, found)
    return found[0]


def walk(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from walk(child)


# -- the reveal ---------------------------------------------------------------------------


def test_the_reveals_of_a_round_add_up_to_its_points():
    game = scored_round()
    record = game.history[-1]
    reveals = [Reveal(record, artist, seat_of=game.seat) for artist in game.players]
    total = {p: 0 for p in game.players}
    for reveal in reveals:
        for player, points in reveal.points.items():
            total[player] += points
        reveal.close()
    assert total == dict(record.points) == {"Ana": 3, "Ben": 1, "Cleo": 1}


def test_a_drawing_found_by_some_but_not_all_scores_its_artist_two():
    game = scored_round()
    record = game.history[-1]
    reveal = Reveal(record, "Ana", seat_of=game.seat)
    assert "inc-reveal" in reveal._dom_classes
    assert reveal.board.drawing == record.drawings["Ana"]
    assert reveal.lineup.highlighted == record.token_of("Ana")
    assert "inc-token-true" in reveal.lineup.card(record.token_of("Ana"))
    artist = part(reveal, "inc-reveal-artist").value
    assert ">Ana</span>" in artist and f"in: {safe(record.locations['Ana'])}" in artist
    assert f"The hidden object was: {record.objects['Ana']}" in text(part(reveal, "inc-reveal-answer"))
    cards = text(part(reveal, "inc-reveal-cards"))
    wrong = record.votes["Cleo"]["Ana"]
    assert cards == f"Ben: card {record.token_of('Ana')} ✔ Cleo: card {wrong} ✘"
    # Projected: each chip short, the card's number and the points it gained on it; the points
    # line's finders for screen readers only there, and the finders' own line left out.
    cards_part, points_part = part(reveal, "inc-reveal-cards"), part(reveal, "inc-reveal-points")
    assert projected_chips(cards_part) == [f"Ben {record.token_of('Ana')} ✔ +1", f"Cleo {wrong} ✘"]
    assert re.search(r'<span class="inc-points-gained[^"]*">[^<]*<span[^>]*>Ben</span>; </span>', points_part.value)
    assert 'class="inc-found-named"' in part(reveal, "inc-reveal-found").value
    assert text(part(reveal, "inc-reveal-found")) == "Found by Ben"
    assert text(part(reveal, "inc-reveal-points")) == "+1 Ben; Ana (artist) +2"
    reveal.close()


def test_a_drawing_found_by_everyone_scores_its_artist_nothing():
    game = scored_round()
    reveal = Reveal(game.history[-1], "Ben", seat_of=game.seat)
    assert text(part(reveal, "inc-reveal-found")) == "Found by Ana and Cleo"
    assert text(part(reveal, "inc-reveal-points")) == "+1 Ana, +1 Cleo; Ben (artist) +0: found by everyone"
    reveal.close()


def test_a_drawing_found_by_no_one_scores_nothing_and_shows_missing_cards():
    game = scored_round()
    record = game.history[-1]
    reveal = Reveal(record, "Cleo", seat_of=game.seat)
    cards = part(reveal, "inc-reveal-cards")
    assert text(cards) == f"Ana: card {record.votes['Ana']['Cleo']} ✘ Ben: no card ✘"
    assert "inc-vote-chip-none" in cards.value and "inc-vote-chip-wrong" in cards.value
    assert text(part(reveal, "inc-reveal-found")) == "Found by no one"
    # Said once: "Found by no one" above, the artist's +0 here (not "No one finds it; … found by no one").
    assert text(part(reveal, "inc-reveal-points")) == "Cleo (artist) +0"
    assert drawing_points(record, "Cleo") == {}
    reveal.close()


def test_each_card_is_shown_in_its_voters_colour_with_the_name_too():
    game = scored_round()
    reveal = Reveal(game.history[-1], "Ana", seat_of=game.seat)
    chips = re.findall(r'class="inc-vote-chip[^"]*" style="background:(#[0-9a-f]{6});[^"]*">'
                       r'<span class="inc-chip-words[^"]*"><span[^>]*>([^<]*)</span>',
                       part(reveal, "inc-reveal-cards").value)
    assert chips == [(player_color(2), "Ben"), (player_color(3), "Cleo")]
    reveal.close()


def test_names_are_said_together_as_in_a_sentence():
    assert [language("en").names(n) for n in (["Ana"], ["Ana", "Ben"], ["Ana", "Ben", "Cleo"])] == [
        "Ana", "Ana and Ben", "Ana, Ben and Cleo"
    ]


# -- the scoreboard -----------------------------------------------------------------------


def numbers(row) -> list[str]:
    return re.findall(r'<span class="inc-score-number[^"]*"[^>]*>([^<]*)</span>', row.value)


def now(row) -> str:
    """Returns the text of the row's cell marked as the round being played."""
    cell = row.value.split('<span class="inc-score-number inc-score-now"', 1)[1].split('>', 1)[1]
    cell = cell.split('<span class="inc-score-number', 1)[0]
    return " ".join(re.sub(r"<[^>]+>", "", cell).split())


def test_the_scoreboard_lists_players_in_seating_order_with_round_and_total():
    game = scored_round()
    board = Scoreboard(game)
    assert "inc-scoreboard" in board._dom_classes
    assert text(part(board, "inc-score-header")) == "Player R1 this round R2 R3 total"
    rows = [w for w in board.children if "inc-score-row" in w._dom_classes]
    assert [text(r).split()[0] for r in rows] == ["Ana", "Ben", "Cleo"]
    assert [numbers(r) for r in rows] == [
        ["3", "–", "–", "3"],
        ["1", "–", "–", "1"],
        ["1", "–", "–", "1"],
    ]
    assert [now(r) for r in rows] == ["3", "1", "1"] and now(part(board, "inc-score-header")) == "R1 this round"
    board.close()


def test_a_players_own_scoreboard_marks_their_row_and_no_other():
    game = scored_round()
    board = Scoreboard(game, you="Ben")
    rows = [w for w in board.children if "inc-score-row" in w._dom_classes]
    assert ["inc-score-you" in r._dom_classes for r in rows] == [False, True, False]
    assert ['aria-current="true"' in r.value for r in rows] == [False, True, False]
    projected = Scoreboard(game)
    assert not any("inc-score-you" in w._dom_classes or "aria-current" in w.value for w in projected.children)
    board.close()
    projected.close()


def test_the_scoreboard_follows_the_game_when_refreshed():
    game = scored_round()
    board = Scoreboard(game)
    game.advance()  # prepare
    game.advance()  # round 2 hide: nothing scored this round yet
    board.refresh()
    assert numbers(board.children[1]) == ["3", "–", "–", "3"] and now(board.children[1]) == "–"
    to_find(game)
    worked_example(game)
    confirm_all(game)
    board.refresh()
    assert numbers(board.children[1]) == ["3", "3", "–", "6"] and now(board.children[1]) == "3"
    board.close()


def test_the_scoreboard_totals_are_the_games_totals_at_the_end():
    game = finished_game()
    board = Scoreboard(game)
    assert [numbers(r)[-1] for r in board.children[1:]] == [str(game.scores[p]) for p in game.players]
    assert numbers(board.children[1]) == ["3", "3", "3", "9"]
    # The game is over: no round is "this round", and every row's rounds add up to its total.
    assert "inc-score-now" not in board.children[0].value + board.children[1].value
    assert "this round" not in text(part(board, "inc-score-header"))
    for row in board.children[1:]:
        *rounds, total = (int(n) for n in numbers(row))
        assert sum(rounds) == total
    board.close()


# -- the podium ---------------------------------------------------------------------------


def test_the_podium_names_a_single_winner_in_words():
    game = finished_game()
    podium = Podium(game)
    assert "inc-winners" in podium.winners._dom_classes
    assert text(podium.winners) == "Ana wins!"
    assert [text(r) for r in podium.children[1:]] == ["1st Ana 9 points", "2nd Ben 3 points", "2nd Cleo 3 points"]
    podium.close()


def test_tied_winners_share_the_victory_and_the_place():
    game = finished_game(mutual_finds)
    podium = Podium(game)
    assert game.winners == ("Ana", "Ben")
    assert text(podium.winners) == "Ana and Ben share the victory!"
    assert [text(r) for r in podium.children[1:]] == ["1st Ana 9 points", "1st Ben 9 points", "3rd Cleo 0 points"]
    podium.close()


def test_a_table_where_no_one_scores_all_share_the_victory():
    game = finished_game(lambda game: None)
    podium = Podium(game)
    assert text(podium.winners) == "Ana, Ben and Cleo share the victory!"
    podium.close()


def test_places_are_said_as_ranks():
    assert [language("en").place(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd"
    ]


@pytest.mark.parametrize("code, places", [
    ("fr", ["1re place Ana 9 points", "1re place Ben 9 points", "3e place Cleo 0 point"]),
    ("es", ["1.er puesto Ana 9 puntos", "1.er puesto Ben 9 puntos", "3.er puesto Cleo 0 puntos"]),
    ("de", ["1. Platz Ana 9 Punkte", "1. Platz Ben 9 Punkte", "3. Platz Cleo 0 Punkte"]),
])
def test_the_podium_says_each_place_so_that_it_suits_any_player(code, places):
    """The French podium said "1er" before Ana as before Ben, the Spanish "1.º": a bare ordinal
    takes the gender of the player it ranks, which a name does not tell. Each place is said
    with the word for it, whose own gender it takes ("1re place", "1.er puesto", "1. Platz")."""
    podium = Podium(finished_game(mutual_finds), lang=language(code))
    assert [text(r).replace("\xa0", " ") for r in podium.children[1:]] == places
    podium.close()


# -- names typed by people ----------------------------------------------------------------

TRICKY = ("<img src=x onerror=f()>", "$x^2$", "Cleo")


def test_names_typed_by_people_are_shown_as_typed_never_as_markup():
    def tricky_cards(game):
        game.cast_vote(TRICKY[0], TRICKY[1], token(game, TRICKY[1]))

    found = to_find(Game.new(TRICKY, seed=1))
    game = finished_game(tricky_cards, TRICKY)
    screens = [
        Gallery(found), VotePanel(found, "Cleo"),
        Reveal(game.history[-1], TRICKY[1], seat_of=game.seat), Scoreboard(game), Podium(game),
    ]
    for screen in screens:
        values = [w.value for w in walk(screen) if isinstance(w, ipywidgets.HTML)]
        # The cards' panel is drawn by its JavaScript: its heading and titles as markup,
        # everything else as text (textContent, title), which the browser never parses.
        values += [v for w in walk(screen) if isinstance(w, VotePanel) for v in [w.heading, *(r["title"] for r in w.rows)]]
        # The gallery's captions go into its tiles as markup too (gallery.js).
        values += [v for w in walk(screen) if isinstance(w, Gallery) for v in w.captions]
        shown = " ".join(values)
        assert "<img" not in shown and "&lt;img src=x onerror=f()&gt;" in shown, type(screen).__name__
        assert "$x^2$" not in shown and "&#36;x^2&#36;" in shown, type(screen).__name__
        screen.close()
