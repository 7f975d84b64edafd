"""Table mode for a class: the setup form takes the class's names, deals its practice, and the
finished game joins the class's record by itself, once.

Played through the dashboard's programmatic twins (no browser); the record is checked
against the autosave's own JSON, not against the engine's record code.
"""

from __future__ import annotations

import json
import random

import pytest

from incognito_nb import Deck, Game, Phase
from incognito_nb.engine.class_record import GameRecord
from incognito_nb.store import GameFolder
from incognito_nb.store.backends import open_class_book
from incognito_nb.store.class_note import NOTE, note_class, noted_class
from incognito_nb.ui.i18n import language
from incognito_nb.ui.pages.table import TableApp
from incognito_nb.ui.widgets.class_setup import ClassSetupForm, NameTicks
from incognito_nb.ui.widgets.setup_form import SetupForm

from class_games import play_game
from store_backends import redis_url, store_url  # noqa: F401 (fixtures)
from test_table import draw_turn, one, plain, secret_deck, vote_turn

pytestmark = pytest.mark.usefixtures("close_new_widgets", "callback_errors_fail_the_test")

CLASS = "3B Spanish"
#: A class of 25: the teacher ticks the few at this table.
STUDENTS = ["Ana", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jon", "Kim", "Lea", "Max",
            "Nia", "Oli", "Pia", "Quim", "Rosa", "Sam", "Tom", "Uma", "Vic", "Wen", "Xia", "Yan"]


@pytest.fixture
def store(tmp_path):
    url = str(tmp_path / "classroom.sqlite")
    with open_class_book(url) as book:
        book.add_class(CLASS, STUDENTS)
        book.add_class("4A French", ["Zoé", "Yves", "Xavier"])
    return url


def books(url):
    return lambda: open_class_book(url)


@pytest.fixture
def app(tmp_path, store):
    # Words no widget holds by chance: the dashboard's secret checks search every widget for them.
    table = TableApp(folder=GameFolder(tmp_path / "saves"), classes=books(store), deck=secret_deck())
    yield table
    table.close()


def form_of(app: TableApp) -> ClassSetupForm:
    form = app.stage.children[0]
    assert isinstance(form, ClassSetupForm)
    return form


def record_of(url):
    with open_class_book(url) as book:
        return book.record(CLASS)


def play_to_the_end(app: TableApp) -> Game:
    """Plays the dashboard's game: everyone draws, each voter finds the next player's object only."""
    game = app.game
    while game.phase is not Phase.OVER:
        if game.phase is Phase.HIDE:
            draw_turn(app, strokes=1 + len(game.done) % 2)
        elif game.phase is Phase.FIND:
            truth = {p: game.lineup.index(game.secret_object(p)) + 1 for p in game.players}
            players = game.players
            vote_turn(app, lambda v, a: truth[a] if players.index(a) == (players.index(v) + 1) % len(players) else None)
        else:
            one(app, "inc-next").click()
    return game


# ------------------------------------------------------------------ the form
def test_the_class_menu_offers_no_class_then_each_class_of_the_book(app):
    form = form_of(app)
    assert [label for label, _ in form.class_menu.options] == ["No class", "3B Spanish", "4A French"]
    assert form.class_name is None and form.class_menu.value == ""
    assert form._class_parts.layout.display == "none"  # nothing to tick yet
    assert len(form.name_fields) == 3 and not form.name_fields[0].disabled  # typed as ever


def test_no_class_menu_without_a_class_book_or_without_classes(tmp_path, monkeypatch):
    import importlib

    dashboard_module = importlib.import_module("incognito_nb.app.dashboard")

    plain_app = TableApp(folder=GameFolder(tmp_path / "a"))
    assert type(plain_app.stage.children[0]) is SetupForm
    missing = tmp_path / "none.sqlite"
    opener = dashboard_module.class_books(str(missing))
    empty = TableApp(folder=GameFolder(tmp_path / "b"), classes=opener)
    assert type(empty.stage.children[0]) is SetupForm
    assert not missing.exists()  # a dashboard never makes a classroom store
    monkeypatch.setattr(dashboard_module, "in_browser", lambda: True)
    assert dashboard_module.class_books(str(missing)) is None  # the static site: no class store at all


def test_a_name_like_markup_or_mathematics_reaches_the_ticks_as_text(tmp_path):
    url = str(tmp_path / "odd.sqlite")
    with open_class_book(url) as book:
        book.add_class("Odd", ["$x^2$", "<b>Bo</b>", "Cleo"])
    app = TableApp(folder=GameFolder(tmp_path / "saves"), classes=books(url))
    form = form_of(app)
    form.choose_class("Odd")
    assert isinstance(form.name_ticks, NameTicks)  # each name set as text by name_ticks.js
    assert form.name_ticks.names == ["$x^2$", "<b>Bo</b>", "Cleo"]
    for name in ("$x^2$", "<b>Bo</b>", "Cleo"):
        form.tick(name)
    assert [field.value for field in form.name_fields] == ["$x^2$", "<b>Bo</b>", "Cleo"]  # a Text field: as typed


def test_ticked_names_become_the_players_in_the_order_ticked_and_cannot_be_typed(app):
    form = form_of(app)
    form.choose_class(CLASS)
    assert form.name_ticks.names == STUDENTS
    assert form.practice_switch.value is True  # on by default for a class
    assert form.names == [] and form.add_player_button.layout.display == "none"
    for name in ("Hana", "Ana", "Sam"):
        form.name_ticks.ticked = [*form.name_ticks.ticked, name]  # what the browser sends for a tick
    assert form.ticked == ["Hana", "Ana", "Sam"]
    assert [field.value for field in form.name_fields] == ["Hana", "Ana", "Sam"]
    assert all(field.disabled for field in form.name_fields)
    form.name_fields[0].value = "Hacker"  # the browser can set a disabled field: it does not count
    form.name_ticks.ticked = ["Hana", "Sam", "Nobody", "Sam"]  # Ana unticked, and names made up
    assert form.names == ["Hana", "Sam"] and form.name_ticks.ticked == ["Hana", "Sam"]


def test_the_how_to_line_says_to_tick_the_names_of_a_class_and_to_type_them_without_one(app):
    form = form_of(app)
    assert "type each player" in form.howto.value
    form.choose_class(CLASS)
    assert "tick who is at this table" in form.howto.value and "type" not in form.howto.value
    form.choose_class("")
    assert "type each player" in form.howto.value


def test_a_seventh_tick_is_refused_with_a_message_and_the_six_stay(app):
    form = form_of(app)
    form.choose_class(CLASS)
    six = STUDENTS[:6]
    for name in six:
        assert form.tick(name)
    form.name_ticks.ticked = six + ["Gus"]  # the browser ticks a box its page blocks, anyway
    assert form.name_ticks.ticked == six and form.ticked == six
    assert "at most 6 players: untick someone before you tick Gus" in form.error_text
    assert not form.tick("Hana") and form.ticked == six  # the programmatic twin refuses alike
    form.tick("Ana", False)
    assert form.error_text == ""
    assert form.tick("Gus") and form.names == six[1:] + ["Gus"]


def test_too_few_ticked_is_refused_in_the_pages_language_and_nothing_is_lost(tmp_path, store):
    app = TableApp(folder=GameFolder(tmp_path / "saves"), classes=books(store), language="es")
    form = form_of(app)
    form.choose_class(CLASS)
    form.timer_choice.value = 60
    assert form.start() is None and "(marcados: 0)" in form.error_text  # nobody ticked
    form.tick("Ana")
    form.tick("Ben")
    assert form.start() is None and app.game is None
    assert "Marca de 3 a 6 jugadores" in form.error_text
    assert form.ticked == ["Ana", "Ben"] and form.timer_seconds == 60 and form.class_name == CLASS
    form.tick("Cleo")
    assert form.start() is not None and app.class_name == CLASS and app.timer_seconds == 60


def test_a_class_deleted_meanwhile_is_said_and_its_ticked_names_stay(tmp_path, store):
    app = TableApp(folder=GameFolder(tmp_path / "saves"), classes=books(store), language="de")
    form = form_of(app)
    form.choose_class(CLASS)
    for name in ("Ana", "Ben", "Cleo"):
        form.tick(name)
    with open_class_book(store) as book:
        book.delete_class(CLASS)
    assert form.start() is None and app.game is None
    assert "Die Klasse 3B Spanish ist nicht mehr im Klassenbuch" in form.error_text
    assert form.class_name is None and [label for label, _ in form.class_menu.options] == ["Keine Klasse", "4A French"]
    assert form.names == ["Ana", "Ben", "Cleo"] and not form.name_fields[0].disabled  # to play without a class
    assert form.start() is not None and app.class_name is None


def test_the_class_and_its_ticks_stay_when_the_language_changes(app):
    form = form_of(app)
    form.choose_class(CLASS)
    for name in ("Cleo", "Ana", "Ben"):
        form.tick(name)
    form.practice_switch.value = False
    app.choose_language("fr")
    again = form_of(app)
    assert again.class_name == CLASS and again.ticked == ["Cleo", "Ana", "Ben"]
    assert again.practice_switch.value is False
    assert again.practice_switch.description == language("fr")._("Practise the words this class keeps missing")


# ------------------------------------------------------------------ the deal
def test_practice_deals_the_class_schedule_and_off_deals_plainly(tmp_path, store):
    deck = Deck.builtin()
    pick = random.Random(7).choice
    earlier = play_game(["Ana", "Ben", "Cleo"], pick, seed=3, deck=deck)
    with open_class_book(store) as book:
        book.add_game(CLASS, GameRecord.from_game(earlier, finished="2026-11-30T10:00:00+00:00"))
        practice = book.practice(CLASS)
    assert practice.due  # words the class missed, due in the next game
    for switch in (True, False):
        app = TableApp(folder=GameFolder(tmp_path / str(switch)), classes=books(store))
        form = form_of(app)
        form.choose_class(CLASS)
        for name in ("Dev", "Eli", "Fay"):
            form.tick(name)
        form.practice_switch.value = switch
        assert ("Due for practice" in plain(form._due.value)) is switch
        game = form.start()
        seed = game.to_dict()["seed"]
        expected = Game.new(["Dev", "Eli", "Fay"], form.deck, seed=seed, practice=practice if switch else None)
        assert game.to_json() == expected.to_json()


# ------------------------------------------------------------------ the record
def test_a_finished_class_game_joins_the_record_once_as_its_save_has_it(app, tmp_path, store):
    form = form_of(app)
    form.choose_class(CLASS)
    for name in ("Cleo", "Ana", "Ben"):
        form.tick(name)
    form.start()
    assert record_of(store).games == ()  # a game joins when it is over, not before
    game = play_to_the_end(app)
    assert "This game has joined the record of the class 3B Spanish." in plain(one(app, "inc-class-record").value)

    saved = json.loads((tmp_path / "saves" / "autosave.incognito.json").read_text(encoding="utf-8"))
    (kept,) = record_of(store).games
    assert kept.players == tuple(saved["players"]) == ("Cleo", "Ana", "Ben")
    assert kept.points == {p: sum(r["points"][p] for r in saved["history"]) for p in saved["players"]}
    assert [list(line) for line in kept.lineups] == [r["lineup"] for r in saved["history"]]
    for drawing in kept.drawings:
        round_ = saved["history"][drawing.round - 1]
        assert drawing.word == round_["objects"][drawing.artist]
        assert drawing.location == round_["locations"][drawing.artist]
        assert drawing.strokes == len(round_["drawings"][drawing.artist])
        cards = {voter: placed[drawing.artist] for voter, placed in round_["votes"].items()
                 if drawing.artist in placed}
        assert dict(drawing.cards) == cards
        assert drawing.token == round_["lineup"].index(drawing.word) + 1
    assert len(kept.drawings) == 9 and sum(kept.points.values()) > 0

    app.choose_language("de")  # the game-over screen drawn again
    one(app, "inc-new-game").click()  # the same class, the same students ticked, in their seats
    form = form_of(app)
    assert form.class_name == CLASS and form.ticked == ["Cleo", "Ana", "Ben"] and form.names == ["Cleo", "Ana", "Ben"]
    again = TableApp(folder=GameFolder(tmp_path / "saves"), classes=books(store), deck=secret_deck())  # reloaded
    one(again, "inc-resume-game").click()  # "See its results"
    assert again.game.to_json() == game.to_json() and again.class_name == CLASS
    assert "This game is in the record of the class 3B Spanish." in plain(one(again, "inc-class-record").value)
    assert [g.game_id for g in record_of(store).games] == [kept.game_id]


def test_a_class_game_resumed_mid_way_still_joins_its_class(app, tmp_path, store):
    form = form_of(app)
    form.choose_class(CLASS)
    for name in ("Ana", "Ben", "Cleo"):
        form.tick(name)
    form.start()
    draw_turn(app)  # ... and the kernel dies
    fresh = TableApp(folder=GameFolder(tmp_path / "saves"), classes=books(store))
    one(fresh, "inc-resume-game").click()
    assert fresh.class_name == CLASS
    while fresh.game.phase is not Phase.OVER:
        fresh.end_phase()
    assert len(record_of(store).games) == 1


def test_a_note_for_another_game_is_no_note_and_a_game_for_no_class_removes_it(tmp_path):
    folder = GameFolder(tmp_path)
    first, second = Game.new(["Ana", "Ben", "Cleo"], seed=1), Game.new(["Ana", "Ben", "Cleo"], seed=2)
    note_class(folder, first, CLASS)
    assert noted_class(folder, first) == CLASS and noted_class(folder, second) is None
    note_class(folder, second, None)
    assert not (tmp_path / NOTE).exists() and noted_class(folder, first) is None


def test_a_game_for_no_class_joins_no_record(app, store):
    form = form_of(app)
    form.set_names(["Ana", "Ben", "Cleo"])
    form.start()
    while app.game.phase is not Phase.OVER:
        app.end_phase()
    assert not any("inc-class-record" in w._dom_classes for w in app.stage.children[0].children[1].children)
    assert record_of(store).games == ()


def test_a_class_deleted_before_the_game_ends_is_said_and_the_game_stays_saved(app, tmp_path, store):
    form = form_of(app)
    form.choose_class(CLASS)
    for name in ("Ana", "Ben", "Cleo"):
        form.tick(name)
    form.start()
    with open_class_book(store) as book:
        book.delete_class(CLASS)
    while app.game.phase is not Phase.OVER:
        app.end_phase()
    assert "no longer in the class book, so this game joined no record" in plain(one(app, "inc-class-record").value)
    assert GameFolder(tmp_path / "saves").load().to_json() == app.game.to_json()


def test_the_game_joins_once_in_either_store(tmp_path, store_url):  # noqa: F811
    with open_class_book(store_url) as book:
        book.add_class(CLASS, STUDENTS)
    for page in range(2):  # the game played, then its results looked at again in a new page
        app = TableApp(folder=GameFolder(tmp_path / "saves"), classes=books(store_url))
        if page == 0:
            form = form_of(app)
            form.choose_class(CLASS)
            for name in ("Ana", "Ben", "Cleo"):
                form.tick(name)
            form.start()
            while app.game.phase is not Phase.OVER:
                app.end_phase()
        else:
            one(app, "inc-resume-game").click()
        assert app.class_name == CLASS and one(app, "inc-class-record")
        with open_class_book(store_url) as book:
            (kept,) = book.record(CLASS).games
        assert kept.game_id == GameRecord.from_game(app.game, finished="").game_id


def test_the_words_due_for_practice_are_the_chosen_decks(tmp_path, store):
    """A class that played the Spanish deck and missed words of it read, with the French deck
    chosen, 'Due for practice: botella, campana, … and zapato.': words a French deal never holds
    (a deal favours only its deck's words). The setup says the chosen deck's due words, again
    when another deck is chosen, and that none is in a deck that holds none."""
    pick = random.Random(7).choice
    earlier = play_game(["Ana", "Ben", "Cleo"], pick, seed=3, deck=Deck.builtin("es_everyday"))
    with open_class_book(store) as book:
        book.add_game(CLASS, GameRecord.from_game(earlier, finished="2026-11-30T10:00:00+00:00"))
        due = book.practice(CLASS).due
    assert due and due <= set(Deck.builtin("es_everyday").objects)
    app = TableApp(folder=GameFolder(tmp_path), classes=books(store))
    form = form_of(app)
    key = {deck.name: key for key, deck in form._decks.items()}
    form.deck_choice.value = key[Deck.builtin("es_everyday").name]
    form.choose_class(CLASS)
    said = plain(form._due.value)
    assert said.startswith("Due for practice: ") and set(said.removeprefix("Due for practice: ")
                                                         .removesuffix(".").split("; ")) == due, said
    # On an English page each Spanish word is marked Spanish, the sentence around them not.
    assert form._due.value.count(' lang="es">') == len(due) and not form._due.value.startswith("<span lang")
    form.deck_choice.value = key[Deck.builtin("fr_everyday").name]
    said = plain(form._due.value)
    assert said == "None of the words due for practice is in this deck: the deal is the plain one.", said
    form.deck_choice.value = key[Deck.builtin("es_everyday").name]
    assert plain(form._due.value).startswith("Due for practice: ")
