"""The find phase on screen: the line-up, the gallery and a player's voting cards.

Driven without a browser: games are played through the engine's public API, buttons
are pressed with ``.click()`` (what a browser's click message runs), and what a person
would see is read from the widgets' values, classes and flags.
"""

from __future__ import annotations

import json
import re

import ipywidgets
import pytest
from ipycanvas.canvas import _CanvasManager
from ipywidgets.widgets import widget as widget_module

from incognito_nb import Drawing, Game, IllegalAction, Rules
from incognito_nb.ui.widgets.gallery import Gallery
from incognito_nb.ui.widgets.lineup import LineupView
from incognito_nb.ui.widgets.painted_board import pack_strokes
from incognito_nb.ui.widgets.shared import is_shared
from incognito_nb.ui.widgets.text import safe
from incognito_nb.ui.widgets.voting import VotePanel

from tables import ANA_BEN_CLEO, decoy_tokens, doodle, to_find, token
from widget_text import mentions

pytestmark = pytest.mark.usefixtures("callback_errors_fail_the_test")


def find_game(**kwargs) -> Game:
    return to_find(Game.new(ANA_BEN_CLEO, seed=1, **kwargs))


def with_class(widget, css_class):
    """Returns the widgets under ``widget`` (itself included) that carry ``css_class``, in screen order."""
    found = [widget] if css_class in getattr(widget, "_dom_classes", ()) else []
    for child in getattr(widget, "children", ()):
        found += with_class(child, css_class)
    return found


def model_ids(widget) -> set[str]:
    """Returns the model ids of ``widget`` and every widget it holds (children, layout, style;
    not the layout and styles the whole kernel shares, which outlive any screen)."""
    ids = {widget.model_id}
    for part in list(getattr(widget, "children", ())) + [getattr(widget, "layout", None), getattr(widget, "style", None)]:
        if isinstance(part, ipywidgets.Widget) and not is_shared(part):
            ids |= model_ids(part)
    return ids


def widgets_built_by(build):
    """Runs ``build``; returns what it built and the widgets it added to the kernel, by model id.

    The one canvas manager ipycanvas shares between all canvases is left out: it is
    created with the first canvas of the process, whichever that is; so are the layout
    and styles the kernel's widgets share (:mod:`incognito_nb.ui.widgets.shared`).
    """
    before = set(widget_module._instances)
    built = build()
    added = {
        key: w for key, w in widget_module._instances.items()
        if key not in before and not isinstance(w, _CanvasManager) and not is_shared(w)
    }
    return built, added


def state_text(widget) -> str:
    """Returns the widget's synced state as the browser receives it, model ids blanked."""
    text = json.dumps(widget.get_state(), default=repr, sort_keys=True, ensure_ascii=False)
    return re.sub(r"IPY_MODEL_[0-9a-f]+", "IPY_MODEL_", text)


# -- the line-up --------------------------------------------------------------------------


def test_lineup_shows_one_card_per_token_in_token_order():
    words = ("cup", "hat", "key", "owl", "egg", "fan")
    lineup = LineupView(words)
    assert "inc-lineup" in lineup._dom_classes
    starts = [lineup.value.index(f'class="inc-token inc-token-{n}"') for n in range(1, 7)]
    assert starts == sorted(starts)
    for number, word in enumerate(words, start=1):
        assert f">{number}<" in lineup.card(number) and f">{word}</span>" in lineup.card(number)
        assert lineup.card(number) in lineup.value
    lineup.close()


def test_lineup_marks_the_true_object_with_a_tick_not_colour_alone():
    lineup = LineupView(("cup", "hat", "key", "owl", "egg", "fan"))
    lineup.highlight(3)
    assert lineup.value.count("inc-token-true") == 1 and 'class="inc-token inc-token-3 inc-token-true"' in lineup.value
    assert "✔" in lineup.card(3) and all("✔" not in lineup.card(n) for n in (1, 2, 4, 5, 6))
    assert lineup.value.count("✔") == 1
    lineup.highlight(None)
    assert "inc-token-true" not in lineup.value and "✔" not in lineup.value
    with pytest.raises(ValueError):
        lineup.highlight(7)
    lineup.close()


def test_lineup_words_are_shown_as_typed_never_as_markup():
    lineup = LineupView(("<img src=x onerror=alert(1)>", "$x^2$", "c", "d", "e", "f"))
    assert "&lt;img src=x" in lineup.value and "<img" not in lineup.value
    assert "&#36;x^2&#36;" in lineup.card(2)
    lineup.close()


# -- the gallery ---------------------------------------------------------------------------


def test_gallery_shows_every_drawing_in_seating_order_with_its_location():
    game = find_game()
    gallery = Gallery(game)
    assert "inc-gallery" in gallery._dom_classes
    assert "repeat(auto-fill" in gallery.layout.grid_template_columns
    assert len(gallery.boards) == len(gallery.captions) == len(gallery.names) == len(game.players)
    for seat, player in enumerate(game.players, start=1):
        assert gallery.drawing_of(seat) == game.drawing(player) == doodle(seat - 1)
        assert gallery.boards[seat - 1] == pack_strokes(doodle(seat - 1).strokes)
        label = gallery.captions[seat - 1]
        assert f">{player}</span>" in label
        assert f"in: {safe(game.location(player))}" in label
        assert gallery.names[seat - 1] == f"{player}'s drawing, hidden in: {game.location(player)}"
    gallery.close()


def test_gallery_is_one_widget_that_the_browser_cannot_change():
    game = find_game()
    gallery = Gallery(game)
    before = (list(gallery.boards), list(gallery.captions), list(gallery.names))
    gallery.set_state({"boards": [b""] * len(game.players), "captions": ["<img src=x onerror=alert(1)>"] * 6,
                       "names": ["forged"] * 6})
    assert (gallery.boards, gallery.captions, gallery.names) == before
    gallery.close()


def test_gallery_keeps_boards_in_progress_hidden_until_the_find_phase():
    game = Game.new(ANA_BEN_CLEO, seed=1)
    game.update_drawing("Ana", doodle(5))
    gallery = Gallery(game)
    assert gallery.drawing_of(1) == Drawing()
    assert gallery.boards[0] == b""
    for player in game.players:
        game.submit_drawing(player, doodle(7))
    game.advance()
    gallery.refresh()
    assert [gallery.drawing_of(s) for s in (1, 2, 3)] == [doodle(7)] * 3
    assert gallery.boards == [pack_strokes(doodle(7).strokes)] * 3
    gallery.close()


# -- the voting panel ----------------------------------------------------------------------


def test_vote_panel_has_a_row_for_each_other_drawing_and_none_for_ones_own():
    game = find_game()
    for voter in game.players:
        panel = VotePanel(game, voter)
        others = [game.seat(p) for p in game.players if p != voter]
        assert [row["seat"] for row in panel.rows] == others  # the browser's .inc-vote-for-{seat}
        with pytest.raises(KeyError):
            panel.cards_for(voter)
        panel.close()


def test_vote_panel_offers_tokens_one_to_six_and_no_card():
    game = find_game()
    panel = VotePanel(game, "Ana")
    cards = panel.cards_for("Ben")
    assert list(cards) == [1, 2, 3, 4, 5, 6, None]
    assert [cards[n]["label"] for n in range(1, 7)] == ["1", "2", "3", "4", "5", "6"]
    assert cards[None]["label"] == "no card" and cards[None]["selected"]  # no card placed yet
    titles = [row["title"] for row in panel.rows]
    assert ">Ben</span>" in titles[0] and "in: " in titles[0] and game.location("Ben") in titles[0]
    assert ">Cleo</span>" in titles[1] and game.location("Cleo") in titles[1]
    panel.close()


def test_pressing_a_number_places_that_card_and_tells_the_caller():
    game = find_game()
    changes = []
    panel = VotePanel(game, "Ana", on_change=lambda: changes.append(game.votes_of("Ana")))
    panel.press("Ben", 3)
    assert game.votes_of("Ana") == {"Ben": 3} and changes == [{"Ben": 3}]
    assert panel.cards_for("Ben")[3]["selected"] and not panel.cards_for("Ben")[None]["selected"]
    assert "You placed 1 of 2 cards" in panel.summary
    assert "without a card counts as not found" in panel.reminder
    panel.press("Ben", 5)  # changing one's mind moves the card
    assert game.votes_of("Ana") == {"Ben": 5} and not panel.cards_for("Ben")[3]["selected"]
    panel.close()


def test_a_number_used_on_one_drawing_is_disabled_on_the_others():
    game = find_game()
    panel = VotePanel(game, "Ana")
    panel.press("Ben", 3)
    assert panel.cards_for("Cleo")[3]["disabled"]
    assert not panel.cards_for("Ben")[3]["disabled"]  # the card where it lies stays pressable
    assert [n for n, c in panel.cards_for("Cleo").items() if c["disabled"]] == [3]
    assert "already lies on another drawing" in panel.cards_for("Cleo")[3]["tip"]
    panel.close()


def test_numbers_stay_free_when_the_table_plays_without_distinct_votes():
    game = find_game(rules=Rules(distinct_votes=False))
    panel = VotePanel(game, "Ana")
    panel.press("Ben", 3)
    panel.press("Cleo", 3)
    assert game.votes_of("Ana") == {"Ben": 3, "Cleo": 3}
    assert not any(c["disabled"] for c in panel.cards_for("Cleo").values())
    panel.close()


def test_no_card_takes_the_card_back():
    game = find_game()
    panel = VotePanel(game, "Ana")
    panel.press("Ben", 3)
    panel.press("Ben", None)
    assert game.votes_of("Ana") == {}
    assert not panel.cards_for("Cleo")[3]["disabled"]
    assert panel.cards_for("Ben")[None]["selected"]
    assert "You placed 0 of 2 cards" in panel.summary
    panel.close()


def test_a_forged_press_on_a_disabled_number_is_refused_and_changes_nothing():
    game = find_game()
    changes = []
    panel = VotePanel(game, "Ana", on_change=lambda: changes.append(1))
    panel.press("Ben", 3)
    saved = game.to_json()
    assert panel.cards_for("Cleo")[3]["disabled"]
    panel.press("Cleo", 3)  # what a browser that ignores `disabled` could send
    assert game.to_json() == saved and changes == [1]
    assert "already placed card 3" in panel.error  # the browser shows it: the error line is the state's
    assert panel.cards_for("Cleo")[3]["disabled"] and not panel.cards_for("Cleo")[3]["selected"]
    panel.press("Cleo", 4)  # the next good move clears the message
    assert panel.error == ""
    panel.close()


@pytest.mark.parametrize("message", [
    {"press": "card", "seat": 1, "number": 2},  # the voter's own drawing
    {"press": "card", "seat": 9, "number": 2},  # no such seat
    {"press": "card", "seat": 2, "number": 7},  # no such token
    {"press": "card", "seat": 2, "number": "2"},
    {"press": "card", "seat": True, "number": 2},
    {"press": "card", "seat": 2.0, "number": 2},
    {"press": "card", "seat": 2},
    {"press": "vote", "seat": 2, "number": 2},
    {"seat": 2, "number": 2},
    ["card", 2, 2],
    "confirm",
])
def test_a_press_the_page_never_sends_changes_nothing(message):
    game = find_game()
    panel = VotePanel(game, "Ana")
    before, state = game.to_json(), panel.get_state()
    panel._pressed(panel, message, [])
    assert game.to_json() == before and panel.get_state() == state
    panel.close()


def test_the_browser_cannot_set_the_panels_cards():
    game = find_game()
    panel = VotePanel(game, "Ana")
    rows = panel.rows
    panel.set_state({"rows": [], "confirm_disabled": True, "error": "x"})
    assert panel.rows == rows and not panel.confirm_disabled and panel.error == ""
    panel.close()


def test_confirming_calls_back_and_later_presses_are_refused_by_the_engine():
    game = find_game()
    confirmed = []
    panel = VotePanel(game, "Ana", on_confirm=lambda: confirmed.append(game.confirmed))
    assert "inc-votes" in panel._dom_classes
    panel.press("Ben", 2)
    panel.press_confirm()
    assert confirmed == [("Ana",)]
    assert panel.confirm_disabled and all(c["disabled"] for c in panel.cards_for("Cleo").values())
    assert "Confirmed." in panel.summary
    saved = game.to_json()
    panel.press("Cleo", 4)
    assert game.to_json() == saved and "already confirmed" in panel.error
    panel.press_confirm()
    assert game.to_json() == saved and confirmed == [("Ana",)] and "already confirmed" in panel.error
    panel.close()


def test_a_phone_that_confirmed_says_what_it_waits_for():
    from incognito_nb.ui.i18n import language
    from incognito_nb.ui.widgets.find_phone import PhoneFind

    game = find_game()
    phone = PhoneFind(game, "Ana", lang=language("es"))
    assert phone.reminder == "Un dibujo sin carta cuenta como no encontrado."
    phone.press_confirm()
    assert phone.confirm_disabled and phone.summary.endswith("Confirmadas.")
    assert phone.reminder == "Espera a los demás: las respuestas saldrán en la pantalla del proyector."
    phone.close()


def test_a_panel_is_only_built_for_a_player_at_the_table():
    game = find_game()
    with pytest.raises(IllegalAction):
        VotePanel(game, "Zed")


def test_a_panel_outside_the_find_phase_offers_nothing_to_press():
    game = Game.new(ANA_BEN_CLEO, seed=1)
    panel = VotePanel(game, "Ana")
    assert panel.confirm_disabled and all(c["disabled"] for c in panel.cards_for("Ben").values())
    panel.press("Ben", 1)
    assert "find phase" in panel.error and game.votes_of("Ana") == {}
    panel.close()


def test_a_move_changes_the_panel_in_one_message():
    game = find_game()
    panel = VotePanel(game, "Ana")
    sent = []
    panel._send = lambda msg, buffers=None: sent.append(msg)
    panel.press("Ben", 3)
    assert len(sent) == 1 and sent[0]["method"] == "update" and "rows" in sent[0]["state"]
    panel.close()


def test_closing_a_panel_closes_all_its_widgets():
    game = find_game()
    panel, added = widgets_built_by(lambda: VotePanel(game, "Ana"))
    assert model_ids(panel) == set(added)
    panel.close()
    assert not set(added) & set(widget_module._instances)


# -- secrets -------------------------------------------------------------------------------


def build_find_screen(game: Game, voter: str):
    """Builds what a voter's find screen holds: the gallery, the line-up, the voter's cards."""
    return Gallery(game), LineupView(game.lineup), VotePanel(game, voter)


def test_the_find_screen_holds_no_one_elses_secrets():
    game = find_game()
    decoy = decoy_tokens(game)
    game.cast_vote("Ana", "Ben", 4)
    game.cast_vote("Ben", "Cleo", token(game, "Cleo"))
    game.cast_vote("Cleo", "Ana", token(game, "Ana"))
    game.cast_vote("Cleo", "Ben", decoy[0])

    (gallery, lineup, panel), added = widgets_built_by(lambda: build_find_screen(game, "Ana"))
    states = {key: state_text(w) for key, w in added.items()}

    # Objects (other players' and Ana's own) appear only on the line-up's token cards,
    # which show words, never whose they are.
    token_cards = {lineup.model_id}
    for player in game.players:
        word = game.secret_object(player)
        holders = {key for key, text in states.items() if mentions(text, word)}
        assert holders and holders <= token_cards, (player, word)

    # No one else's cards: Ana's screen is the same whatever Ben and Cleo placed.
    quiet = find_game()
    quiet.cast_vote("Ana", "Ben", 4)
    quiet.cast_vote("Ben", "Ana", decoy[1])
    screens, quiet_added = widgets_built_by(lambda: build_find_screen(quiet, "Ana"))
    assert [state_text(w) for w in quiet_added.values()] == list(states.values())
    for widget in screens:
        widget.close()

    # Ana's own cards live in her panel only, and leave the widget state when it closes.
    in_panel = model_ids(panel)
    selected = {key for key, text in states.items() if '"selected": true' in text}
    assert selected and selected <= in_panel
    panel.close()
    left = set(added) & set(widget_module._instances)
    assert left == set(added) - in_panel and model_ids(gallery) | model_ids(lineup) <= left
    remaining = " ".join(state_text(widget_module._instances[key]) for key in left)
    assert "inc-card" not in remaining and "inc-vote" not in remaining and "You placed" not in remaining
    gallery.close()
    lineup.close()
    assert not set(added) & set(widget_module._instances)
