"""The interface language: English, Spanish and French for every sentence the dashboard shows.

The catalogues must match English key for key and placeholder for placeholder; then whole
games are played through the dashboard in Spanish (and the start of one in French) while
every widget's state is searched for an English sentence left untranslated.
"""

from __future__ import annotations

import html
import json
import string

import ipywidgets as widgets
import pytest

from incognito_nb import Deck, Game, IllegalAction, Phase
from incognito_nb.store import GameFolder
from incognito_nb.ui import i18n
from incognito_nb.ui.i18n import CATALOGUES, LANGUAGES, count, ordinal, refusal, said_together, speaking
from incognito_nb.ui.widgets.setup_form import SetupForm
from incognito_nb.ui.pages.table import TableApp

from test_table import draw_turn, find, one, plain, vote_turn

EN = CATALOGUES["en"]
NAMES = ["Ana", "Ben", "Cleo"]


#: The widgets alive before the running test began (other tests' leftovers, not its screen).
_EARLIER: set[str] = set()


@pytest.fixture(autouse=True)
def english_afterwards():
    """Notes the widgets already alive; leaves the interface in English for the tests that follow."""
    _EARLIER.clear()
    _EARLIER.update(widgets.Widget.widgets)
    yield
    i18n.set_language("en")


def live_states() -> list[str]:
    """Returns the synced state of every widget built since the test began, as JSON text."""
    return [json.dumps({k: v for k, v in widget.get_state().items() if not isinstance(v, (bytes, memoryview))},
                       default=str)
            for model_id, widget in list(widgets.Widget.widgets.items()) if model_id not in _EARLIER]


def placeholders(template: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(template) if field is not None}


def untranslated(code: str) -> list[str]:
    """Returns the English sentences that must not appear on a screen speaking ``code``.

    Only whole sentences of three words or more without placeholders: short words like
    "total" are the same in several languages, and a template with a gap is never whole.
    """
    other = CATALOGUES[code]
    return [text for key, text in EN.items()
            if "{" not in text and len(text.split()) >= 3 and other[key] != text]


def english_left_in_widgets(code: str) -> list[str]:
    """Returns the English sentences found in any live widget's synced state."""
    states = live_states()
    left = []
    for text in untranslated(code):
        # As a widget's state is written: JSON-encoded, and perhaps escaped as HTML first.
        forms = {json.dumps(text)[1:-1], json.dumps(html.escape(text, quote=True))[1:-1]}
        if any(form in state for state in states for form in forms):
            left.append(text)
    return left


# ------------------------------------------------------------------------ catalogues
@pytest.mark.parametrize("code", sorted(LANGUAGES))
def test_every_catalogue_has_exactly_the_english_keys(code):
    catalogue = CATALOGUES[code]
    assert sorted(set(EN) - set(catalogue)) == [], "missing keys"
    assert sorted(set(catalogue) - set(EN)) == [], "keys English does not have"


@pytest.mark.parametrize("code", sorted(LANGUAGES))
def test_every_template_has_the_english_placeholders(code):
    wrong = {key: (placeholders(EN[key]), placeholders(text))
             for key, text in CATALOGUES[code].items() if placeholders(text) != placeholders(EN[key])}
    assert wrong == {}


@pytest.mark.parametrize("code", sorted(LANGUAGES))
def test_no_template_is_empty(code):
    assert [key for key, text in CATALOGUES[code].items() if not text.strip()] == []


def test_every_engine_rule_has_a_sentence_in_every_language():
    rules = ["player_names", "player_count", "distinct_votes", "own_drawing", "confirmed", "token_range",
             "phase", "turn", "all_done", "all_confirmed", "game_over", "unknown_player", "drawing",
             "not_scored", "action", "started", "not_started"]
    assert all(f"rule.{rule}" in EN for rule in rules)


def test_a_refusal_keeps_the_engines_words_in_english_and_names_the_rule_elsewhere():
    error = IllegalAction("Ben cannot place a card on their own drawing.", rule="own_drawing")
    assert refusal(error) == "Ben cannot place a card on their own drawing."
    with speaking("es"):
        assert refusal(error) == "No puedes poner una carta en tu propio dibujo."
    with speaking("fr"):
        assert refusal(error) == "Tu ne peux pas poser de carte sur ton propre dessin."


def test_points_are_counted_in_each_languages_grammar():
    assert [count(n, "point") for n in (0, 1, 2)] == ["0 points", "1 point", "2 points"]
    with speaking("es"):
        assert [count(n, "point") for n in (0, 1, 2)] == ["0 puntos", "1 punto", "2 puntos"]
    with speaking("fr"):
        assert [count(n, "point") for n in (0, 1, 2)] == ["0 point", "1 point", "2 points"]


def test_places_and_names_are_said_in_each_language():
    assert [ordinal(n) for n in (1, 2, 3)] == ["1st", "2nd", "3rd"]
    with speaking("es"):
        assert [ordinal(n) for n in (1, 2)] == ["1.º", "2.º"]
        assert said_together(["Ana", "Ben", "Cleo"]) == "Ana, Ben y Cleo"
    with speaking("fr"):
        assert [ordinal(n) for n in (1, 2)] == ["1er", "2e"]
        assert said_together(["Ana", "Ben"]) == "Ana et Ben"


def test_an_unknown_language_is_refused_and_speaking_restores_the_one_before():
    with pytest.raises(ValueError):
        i18n.set_language("de")
    with speaking("fr"):
        with speaking("es"):
            assert i18n.language() == "es"
        assert i18n.language() == "fr"
    assert i18n.language() == "en"


# ------------------------------------------------------------------------ the dashboard
@pytest.fixture
def app(tmp_path):
    table = TableApp(folder=GameFolder(tmp_path))
    yield table
    table.close()


def setup_form(app: TableApp) -> SetupForm:
    return one(app, "inc-setup")


def choose_language(app: TableApp, code: str) -> SetupForm:
    one(app, "inc-language").value = code  # as the browser sets it
    return setup_form(app)


def test_switching_the_language_relabels_the_setup_at_once_and_keeps_what_was_chosen(app):
    form = setup_form(app)
    assert form.start_button.description == "Start the game"
    form.name_fields[0].value = "Ana"
    form.add_player()
    form.timer_choice.value = 90
    uploaded = form.upload(b"kind,word\n" + b"".join(b"object,obj%d\nlocation,loc%d\n" % (i, i) for i in range(30)),
                           "mine.csv")
    assert uploaded is not None
    form = choose_language(app, "fr")
    assert form.deck is uploaded and form.timer_seconds == 90 and len(form.name_fields) == 4
    assert "importé depuis mine.csv" in form.deck_choice.label
    assert app.language == "fr"
    assert form.start_button.description == "Commencer la partie"
    assert form.language_choice.description == "Langue de l'interface"
    assert form.name_fields[0].value == "Ana"
    assert form.name_fields[1].placeholder == "Nom du joueur 2"
    assert one(app, "inc-save").description == "Enregistrer"
    assert english_left_in_widgets("fr") == []
    form = choose_language(app, "es")
    assert form.start_button.description == "Empezar la partida"
    assert [label for label, _ in form.language_choice.options] == ["English", "Español", "Français"]
    form = choose_language(app, "en")
    assert form.start_button.description == "Start the game"


def test_a_language_the_browser_makes_up_changes_nothing(app):
    form = setup_form(app)
    form._on_language({"new": "xx"})
    assert app.language == "en" and form.start_button.description == "Start the game"


def test_the_language_is_independent_of_the_deck(app):
    form = setup_form(app)
    form.deck_choice.value = "builtin:es_everyday"
    assert app.language == "en" and form.start_button.description == "Start the game"


def start_from_the_form(app: TableApp, deck_key: str, timer: int = 0) -> Game:
    form = setup_form(app)
    form.deck_choice.value = deck_key
    form.timer_choice.value = timer
    for field, name in zip(form.name_fields, NAMES):
        field.value = name
    form.start_button.click()
    assert app.game is not None, form.error_text
    return app.game


def test_a_whole_game_in_spanish_shows_no_english_sentence(app):
    choose_language(app, "es")
    assert english_left_in_widgets("es") == []
    game = start_from_the_form(app, "builtin:es_everyday", timer=60)
    seen_timer = seen_refusal = seen_podium = False
    assert plain(one(app, "inc-curtain-call").value) == "Pasa la pantalla a Ana — que los demás no miren."
    assert plain(app.header.value) == "Ronda 1 de 3 · Esconde el objeto"
    while game.phase is not Phase.OVER:
        assert english_left_in_widgets("es") == [], game.phase
        if game.phase is Phase.HIDE:
            one(app, "inc-show-card").click()
            assert "quedan 1:00" in plain(one(app, "inc-timer-text").value)
            assert plain(one(app, "inc-secret").value).startswith("Tu objeto secreto:")
            assert [b.description for b in find(app, "inc-tool-undo")] == ["Deshacer"]
            seen_timer = True
            assert english_left_in_widgets("es") == []
            app.pad.pen_down(100, 100)
            app.pad.pen_move(200, 150)
            app.pad.pen_up()
            one(app, "inc-done").click()
        elif game.phase is Phase.FIND:
            if not seen_refusal:
                app.guarded(lambda: app.open_card("Cleo"))()  # not Cleo's turn yet
                assert plain(app.message.value) == "No es el turno de este jugador."
                seen_refusal = True
            truth = {p: game.lineup.index(game.secret_object(p)) + 1 for p in game.players}
            vote_turn(app, lambda v, a: truth[a])  # everyone finds everyone
            assert english_left_in_widgets("es") == []
        else:
            if game.phase is Phase.SCORE and find(app, "inc-reveal"):
                assert plain(one(app, "inc-reveal-found").value).startswith("Encontrado por ")
            one(app, "inc-next").click()
        if game.phase is Phase.OVER:
            seen_podium = True
    assert seen_timer and seen_refusal and seen_podium
    assert english_left_in_widgets("es") == []
    assert plain(one(app, "inc-winners").value) == "¡Ana, Ben y Cleo comparten la victoria!"
    assert all(plain(row.value) == "1.º " + name + " 6 puntos"
               for row, name in zip(find(app, "inc-place-1"), NAMES))
    assert plain(app.header.value) == "Fin de la partida"
    one(app, "inc-save").click()
    assert app.teacher.status_text.startswith("Guardada a las ")
    one(app, "inc-restart").click()
    assert plain(app.teacher.confirm_text.value).startswith("¿Abandonar esta partida")
    one(app, "inc-confirm-no").click()
    one(app, "inc-new-game").click()  # the language stays for the next game
    assert app.language == "es"
    assert setup_form(app).start_button.description == "Empezar la partida"
    assert english_left_in_widgets("es") == []


def test_a_single_winner_is_announced_in_spanish(app):
    choose_language(app, "es")
    game = start_from_the_form(app, "builtin:es_everyday")
    while game.phase is not Phase.OVER:
        if game.phase is Phase.HIDE:
            draw_turn(app)
        elif game.phase is Phase.FIND:
            truth = {p: game.lineup.index(game.secret_object(p)) + 1 for p in game.players}
            # only Ana finds Ben's object: Ana +1 and Ben +2 each round
            vote_turn(app, lambda v, a: truth[a] if (v, a) == ("Ana", "Ben") else wrong(truth, v, a))
        else:
            one(app, "inc-next").click()
    assert game.winners == ("Ben",)
    assert plain(one(app, "inc-winners").value) == "¡Ben gana!"
    assert plain(one(app, "inc-place-1").value) == "1.º Ben 6 puntos"


def wrong(truth: dict[str, int], voter: str, artist: str) -> int:
    """Returns a token that is not ``artist``'s object, different for each drawing a voter sees."""
    others = [p for p in NAMES if p != voter]
    used = {truth[p] for p in NAMES}
    spare = [n for n in range(1, 7) if n not in used]
    return spare[others.index(artist)]


def test_the_setup_and_the_hide_curtain_in_french(app):
    choose_language(app, "fr")
    assert english_left_in_widgets("fr") == []
    start_from_the_form(app, "builtin:fr_everyday")
    assert plain(one(app, "inc-curtain-call").value) == "Passe l'écran à Ana — tous les autres détournent le regard."
    assert one(app, "inc-show-card").description == "Je suis Ana\u00a0: montrer ma carte"
    assert plain(app.header.value) == "Manche 1 sur 3 · Cacher l'objet"
    assert english_left_in_widgets("fr") == []
    one(app, "inc-show-card").click()
    assert one(app, "inc-done").description == "Fini — cacher ma carte"
    assert english_left_in_widgets("fr") == []


def test_the_dashboard_starts_in_the_language_it_is_given(tmp_path):
    table = TableApp(folder=GameFolder(tmp_path), language="es")
    try:
        assert table.language == "es"
        assert one(table, "inc-start").description == "Empezar la partida"
        assert one(table, "inc-language").value == "es"
    finally:
        table.close()
    with pytest.raises(ValueError):
        TableApp(folder=GameFolder(tmp_path), language="xx")


def test_the_launcher_passes_the_language_to_the_dashboard(tmp_path, monkeypatch):
    from incognito_nb.app.dashboard import dashboard
    from incognito_nb.app.launcher import parser

    assert parser().parse_args(["--language", "fr"]).language == "fr"
    monkeypatch.setenv("INCOGNITO_NB_LANGUAGE", "fr")
    table = dashboard(saves=str(tmp_path))
    try:
        assert table.language == "fr"
    finally:
        table.close()
    table = dashboard(saves=str(tmp_path), language="es")
    try:
        assert table.language == "es"
    finally:
        table.close()


def test_widgets_built_outside_the_dashboard_speak_the_current_language():
    with speaking("es"):
        form = SetupForm(on_start=lambda game, seconds: None, deck=Deck.builtin("es_everyday"))
        assert form.start_button.description == "Empezar la partida"
        assert form.language_choice.layout.display == "none"  # no dashboard to tell
        form.close()


def test_a_saved_game_is_offered_back_in_spanish(tmp_path):
    folder = GameFolder(tmp_path)
    folder.save(Game.new(NAMES, Deck.builtin("es_everyday"), seed=3))
    table = TableApp(folder=folder, language="es")
    try:
        form = setup_form(table)
        assert form.save_notice.startswith("Hay una partida guardada: Ana, Ben, Cleo — ronda 1, fase de esconder (guardada el ")
        assert form.resume_button.description == "Reanudarla"
        assert english_left_in_widgets("es") == []
    finally:
        table.close()


def test_the_files_to_take_home_are_offered_in_french():
    from incognito_nb.ui.widgets.takeaways import Takeaways

    game = Game.new(NAMES, Deck.builtin("fr_everyday"), seed=2)
    with speaking("fr"):
        panel = Takeaways(game, lambda g: {"poster.pdf": b"%PDF", "results.csv": b"a,b\n"})
        assert panel.prepare_button.description == "Créer l'affiche et les résultats"
        panel.prepare()
        links = plain(one(panel, "inc-downloads").value)
        assert "Affiche pour le mur (PDF)" in links and "Résultats, toutes les cartes (CSV)" in links
        assert english_left_in_widgets("fr") == []
        panel.close()


def test_the_timer_counts_down_in_spanish():
    from incognito_nb.ui.widgets.timer import DrawingTimer

    with speaking("es"):
        timer = DrawingTimer(90, on_zero=lambda: None)
        timer.tick(5)
        assert plain(timer.text.value) == "⏱ quedan 1:25"
        timer.pause(True)
        assert plain(timer.text.value) == "⏱ 1:25 (en pausa)"
        timer.close()
