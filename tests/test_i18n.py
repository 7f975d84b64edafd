"""The interface languages: English, Spanish, French and German, through gettext catalogues.

The catalogues must hold exactly the template's sentences (which Babel extracts from the
code), each translated with the English placeholders; each language says plurals,
ordinals, numbers and lists by its own rules; a page speaks the language it was given
and no other (no language is shared by the process); and whole games are played through
the dashboard and the classroom pages in each language while every widget a person reads
is searched for an English sentence left untranslated.
"""

from __future__ import annotations

import ast
import asyncio
import re
import string
from pathlib import Path

import ipywidgets as widgets
import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

import incognito_nb
from incognito_nb import Deck, Game, IllegalAction, Phase, Rules, parse_deck
from incognito_nb.engine import DeckError
from incognito_nb.engine.errors import N_
from incognito_nb.store import GameFolder, StoreUnavailable, UnknownTable, open_store
from incognito_nb.ui import i18n
from incognito_nb.ui.i18n import LANGUAGES, PSEUDO, first_language, language, locales_folder, read_template
from incognito_nb.ui.pages.student import StudentPage
from incognito_nb.ui.pages.teacher import TeacherPage
from incognito_nb.ui.pages.table import TableApp
from incognito_nb.ui.widgets import language_menu
from incognito_nb.ui.widgets.setup_form import SetupForm

from pseudo import visible_texts
from test_table import draw_turn, find, one, plain, vote_turn

pytestmark = pytest.mark.usefixtures("close_new_widgets")  # each test closes what it built

REPO = Path(__file__).resolve().parents[1]
NAMES = ["Ana", "Ben", "Cleo"]
TRANSLATED = [code for code in LANGUAGES if code != "en"]



def catalogue(code: str):
    with (locales_folder() / code / "LC_MESSAGES" / "incognito_nb.po").open("rb") as file:
        return read_po(file, locale=code)


def entries(catalog) -> dict:
    return {(m.context, m.id if isinstance(m.id, str) else tuple(m.id)): m for m in catalog if m.id}


def placeholders(text: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}


# ------------------------------------------------------------------------ catalogues
@pytest.mark.parametrize("code", LANGUAGES)
def test_every_catalogue_holds_exactly_the_templates_sentences(code):
    assert sorted(entries(catalogue(code)), key=str) == sorted(entries(read_template()), key=str)


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_sentence_is_translated_and_none_waits_for_review(code):
    catalog = catalogue(code)
    untranslated = [m.id for m in catalog if m.id and not all(m.string if isinstance(m.string, tuple) else [m.string])]
    assert untranslated == []
    assert [m.id for m in catalog if m.id and m.fuzzy] == []
    assert len(catalog.obsolete) == 0, "obsolete entries: pybabel update left them, delete them"


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_translation_keeps_the_english_placeholders(code):
    wrong = {}
    for key, message in entries(catalogue(code)).items():
        english = placeholders(key[1] if isinstance(key[1], str) else key[1][-1])
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        for form in forms:
            if placeholders(form) != english:
                wrong[key] = (english, form)
    assert wrong == {}


def test_french_keeps_its_high_punctuation_to_the_word_before_it():
    """French puts a space before : ; ? ! — a no-break one, so that the mark never starts a line
    alone ("Ana" at a line's end, ": card 3" on the next). 93 sentences had a plain space,
    205 a no-break one; a hard-coded "; " between the finders and the artist had none."""
    loose = []
    for message in catalogue("fr"):
        if not message.id:
            continue
        for form in message.string if isinstance(message.string, tuple) else (message.string,):
            if re.search(r"(?:^|[^\s]) [:;?!](?:\s|$)", form) or re.search(r"\w[:;?!](?:\s|$)", form):
                loose.append(form)
    assert loose == []


def test_french_never_puts_de_or_le_before_a_word_it_cannot_elide():
    """French elides "de" and "le" before a vowel ("d'Éloïse"), which a sentence cannot do for a
    name or a word it does not know: "carte de Éloïse-Marguerite", "Dessin de Anne-Charlotte",
    "Le nouveau lien de Ana", "Impossible de enregistrer la partie", "choisis l'un de
    everyday". The sentences say "signé Ana", "attribuée à Ana", "posée par Ana", whole
    sentences for each failure, "parmi". Before a number or a date it stays ("de 3 à 6",
    "le 7 décembre")."""
    numbers = "low|high|size|length|count|n|when"
    before = re.compile(r"\b(?:de|que|le|la) \{(?!(?:%s)\})\w+\}" % numbers, re.I)
    found = [form for message in catalogue("fr") if message.id
             for form in (message.string if isinstance(message.string, tuple) else (message.string,))
             if before.search(form)]
    assert found == []


def test_the_spanish_pages_call_the_teacher_by_one_word():
    """The desk was the "Escritorio del profesor" beside its "Para el docente" and "la página
    del docente": one term, the one the pages use, everywhere."""
    said = " ".join(form for message in catalogue("es") if message.id
                    for form in (message.string if isinstance(message.string, tuple) else (message.string,)))
    assert "profesor" not in said.casefold() and "docente" in said


def test_the_german_pages_call_the_projector_by_one_word():
    """Two doors said "den Code vom Projektor" and "auf dem Projektor" where every other page says
    "Beamer", the word German classrooms use."""
    said = " ".join(form for message in catalogue("de") if message.id
                    for form in (message.string if isinstance(message.string, tuple) else (message.string,)))
    assert "Projektor" not in said and "Beamer" in said


def test_the_template_holds_every_sentence_of_the_code_and_no_other():
    """A sentence added to the code without `pybabel extract` (README, "Languages") fails here."""
    with open(REPO / "babel.cfg", encoding="utf-8") as config:
        method_map, options_map = parse_mapping_cfg(config)
    extracted = set()
    for _, _, message, _, context in extract_from_dir(str(REPO), method_map, options_map):
        extracted.add((context, message if isinstance(message, str) else tuple(message)))
    assert extracted == set(entries(read_template()))


#: What a page's text may hold: what DejaVu Sans draws, the one font every Debian and Ubuntu
#: laptop has (fonts-dejavu-core; Chromium falls back to it when the page's fonts lack a letter).
PAGE_FILES = {".py", ".js", ".css", ".j2", ".html", ".po", ".pot", ".txt", ".toml", ".json"}


def test_every_symbol_a_page_can_show_is_drawn_by_a_plain_font(monkeypatch):
    """A symbol only an emoji font has showed as an empty box on this project's own laptop-like
    machine (the projector's countdown "⏱ 1:57 left", a phone's "⏳ Not saved yet"): the
    page's icons are Font Awesome's, from the widgets' bundle (``text.icon``).  Every
    character of the package (code, templates, catalogues, decks) must be one DejaVu Sans
    draws; a deck's or a player's words come from people and are theirs to choose."""
    from incognito_nb.app.files.fonts import letters_of, unicode_font

    monkeypatch.delenv("INCOGNITO_NB_FONT", raising=False)
    font = unicode_font()
    assert font is not None and font.regular.name == "DejaVuSans.ttf", (
        f"DejaVu Sans is not installed (found {font}): install fonts-dejavu-core, as .ci/run does")
    drawn = letters_of(font.regular)
    missing: dict[str, list[str]] = {}
    for path in sorted(Path(incognito_nb.__file__).parent.rglob("*")):
        if path.suffix in PAGE_FILES and "__pycache__" not in path.parts:
            for letter in set(path.read_text(encoding="utf-8")) - {"\n", "\t"}:
                if ord(letter) not in drawn:
                    missing.setdefault(f"{letter} (U+{ord(letter):04X})", []).append(str(path.relative_to(REPO)))
    assert missing == {}, f"symbols a laptop without an emoji font cannot draw: {missing}"


def test_sentences_are_not_built_inside_f_strings():
    """Babel cannot see a call inside an f-string (Python 3.11 tokenizes it whole)."""
    hidden = []
    for path in Path(incognito_nb.__file__).parent.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.JoinedStr):
                for call in ast.walk(node):
                    if isinstance(call, ast.Call) and getattr(call.func, "attr", getattr(call.func, "id", "")) in (
                            "_", "gettext", "ngettext", "pgettext", "npgettext", "N_"):
                        hidden.append(f"{path.name}:{node.lineno}")
    assert hidden == []


def test_no_language_is_kept_by_the_process():
    """The language is an argument of each page: no module keeps a current one."""
    assert not any(hasattr(i18n, name) for name in ("set_language", "speaking", "_current", "t"))
    assigned_globals = []
    for path in Path(incognito_nb.__file__).parent.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Global):
                assigned_globals.append(f"{path.name}: global {', '.join(node.names)}")
    assert assigned_globals == []


# ------------------------------------------------------------------------ each language's rules
def test_points_are_counted_by_each_languages_plural_rules():
    counts = {code: [language(code).ngettext("{n} point", "{n} points", n) for n in (0, 1, 2)] for code in LANGUAGES}
    assert counts == {"en": ["0 points", "1 point", "2 points"], "es": ["0 puntos", "1 punto", "2 puntos"],
                      "fr": ["0 point", "1 point", "2 points"], "de": ["0 Punkte", "1 Punkt", "2 Punkte"]}


def test_places_numbers_and_names_are_said_in_each_language():
    assert [language("en").place(n) for n in (1, 2, 3, 4, 11, 21)] == ["1st", "2nd", "3rd", "4th", "11th", "21st"]
    assert [language("es").place(n) for n in (1, 2, 3)] == ["1.er\xa0puesto", "2.º\xa0puesto", "3.er\xa0puesto"]
    assert [language("fr").place(n) for n in (1, 2)] == ["1re\xa0place", "2e\xa0place"]
    assert [language("de").place(n) for n in (1, 2)] == ["1.\xa0Platz", "2.\xa0Platz"]
    assert [language(code).number(1_000_000) for code in LANGUAGES] == [
        "1,000,000", "1.000.000", "1\u202f000\u202f000", "1.000.000"]
    assert [language(code).names(["Ana", "Ben", "Cleo"]) for code in LANGUAGES] == [
        "Ana, Ben and Cleo", "Ana, Ben y Cleo", "Ana, Ben et Cleo", "Ana, Ben und Cleo"]
    assert language("de").names(["Ana"]) == "Ana" and language("de").names([]) == ""


def test_each_language_is_named_in_its_own_words():
    assert [language(code).name for code in LANGUAGES] == ["English", "Español", "Français", "Deutsch"]


def test_an_unknown_language_is_refused_and_a_page_asked_for_one_speaks_the_next_choice():
    with pytest.raises(ValueError):
        language("xx")
    assert language("ES") is language("es") and language("en_xa").code == PSEUDO
    assert first_language("xx", None, "de") == "de" and first_language(None) == "en"


# ------------------------------------------------------------------------ the engine's and the store's words
def test_a_refusal_of_the_rules_is_said_in_each_language_with_its_values():
    game = Game.new(NAMES, seed=1)
    with pytest.raises(IllegalAction) as refused:
        game.cast_vote("Ana", "Ben", 1)  # not in the hide phase
    said = {code: language(code).error(refused.value) for code in LANGUAGES}
    assert said == {
        "en": "Cards are placed in the find phase; the game is in the hide phase.",
        "es": "Las cartas se colocan en la fase de buscar; la partida está en la fase de esconder.",
        "fr": "Les cartes se posent pendant la phase de recherche\u00a0; la partie en est à la phase où l'on cache.",
        "de": "Karten werden in der Such-Phase gelegt; das Spiel ist gerade in der Versteck-Phase.",
    }
    assert str(refused.value) == said["en"]  # the engine's own words are English
    with pytest.raises(IllegalAction) as refused:
        game.advance()
    assert language("de").error(refused.value).startswith("Zeichnen noch: Ana, Ben und Cleo.")


def test_a_deck_problem_keeps_its_file_and_line_in_every_language():
    with pytest.raises(DeckError) as refused:
        parse_deck("kind,word\nobject,key\nanimal,cat\n", "words.csv")
    assert language("de").problems(refused.value) == [
        "words.csv:3: unbekannte Art „animal“; die Art muss 'object' oder 'location' sein.",
        "words.csv: der Kartenstapel hat keine Orte; Zeilen wie location,Küche ergänzen."]
    assert language("es").error(refused.value) == "words.csv tiene 2 problemas; corrígelos e inténtalo de nuevo:"
    with pytest.raises(DeckError) as refused:
        Deck.builtin("everyday").check_fits(players=6, rounds=20)
    assert "120 Gegenstände" in language("de").error(refused.value)


def test_a_store_refusal_is_said_in_each_language(tmp_path):
    with open_store(tmp_path / "class.sqlite") as store, pytest.raises(UnknownTable) as refused:
        store.join("ZZZZZ", "Ana")
    assert language("fr").error(refused.value).startswith("Il n'y a pas de table ZZZZZ\u00a0:")
    assert language("es").error(refused.value).startswith("No existe la mesa ZZZZZ:")


# ------------------------------------------------------------------------ English left on a screen
def english_sentences(code: str) -> list[str]:
    """Returns the English sentences that must not appear on a screen speaking ``code``: the
    parts of the template's sentences between placeholders, of three words or more, that
    the catalogue translates differently."""
    translated = entries(catalogue(code))
    parts = set()
    for key, message in translated.items():
        english = key[1] if isinstance(key[1], str) else key[1][0]
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        for text, *_ in string.Formatter().parse(english):
            text = text.strip(" .,:;—·()")
            if len(text.split()) >= 3 and all(text not in form for form in forms):
                parts.add(text)
    return sorted(parts)


def english_on(page: widgets.Widget, code: str) -> list[str]:
    """Returns the English sentences a person reads on ``page`` (see :func:`english_sentences`)."""
    texts = [text for _, text in visible_texts(page)]
    return [sentence for sentence in english_sentences(code) if any(sentence in text for text in texts)]


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


def start_from_the_form(app: TableApp, deck_key: str, timer: int = 0) -> Game:
    form = setup_form(app)
    form.deck_choice.value = deck_key
    form.timer_choice.value = timer
    for field, name in zip(form.name_fields, NAMES):
        field.value = name
    form.start_button.click()
    assert app.game is not None, form.error_text
    return app.game


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
    assert app.language == "fr" and app.lang is language("fr")
    assert form.start_button.description == "Commencer la partie"
    assert form.language_choice.description == "Langue de l'interface"
    assert form.name_fields[0].value == "Ana"
    assert form.name_fields[1].placeholder == "Nom du joueur 2"
    assert one(app, "inc-save").description == "Enregistrer"
    assert english_on(app, "fr") == []
    form = choose_language(app, "de")
    assert form.start_button.description == "Spiel starten" and form.name_fields[1].placeholder == "Name für Platz 2"
    assert english_on(app, "de") == []
    assert [label for label, _ in form.language_choice.options] == ["English", "Español", "Français", "Deutsch"]
    form = choose_language(app, "en")
    assert form.start_button.description == "Start the game"


def test_a_language_the_browser_makes_up_changes_nothing(app):
    form = setup_form(app)
    with pytest.raises(Exception):
        form.language_choice.value = "xx"  # not an option: the widget refuses it
    form.language_choice._chosen({"new": "xx"})
    assert app.language == "en" and form.start_button.description == "Start the game"


def test_the_language_is_independent_of_the_deck(app):
    form = setup_form(app)
    form.deck_choice.value = "builtin:es_everyday"
    assert app.language == "en" and form.start_button.description == "Start the game"


def wrong(truth: dict[str, int], voter: str, artist: str) -> int:
    """Returns a token that is not ``artist``'s object, different for each drawing a voter sees."""
    others = [p for p in NAMES if p != voter]
    used = {truth[p] for p in NAMES}
    spare = [n for n in range(1, 7) if n not in used]
    return spare[others.index(artist)]


#: What a few screens say in Spanish and German, checked word for word.
SAID = {
    "es": {"curtain": "Pasa la pantalla a Ana — que los demás no miren.", "header": "Ronda 1 de 3 · Esconde el objeto",
           "timer": "quedan 1:00", "secret": "Tu objeto secreto:", "undo": "Deshacer",
           "turn": "No es el turno de Cleo.", "found": "Encontrado por ", "winners": "¡Ana, Ben y Cleo comparten la victoria!",
           "place": "1.er\xa0puesto {name} 6 puntos", "over": "Fin de la partida", "saved": "Guardada a las ",
           "restart": "¿Abandonar esta partida", "start": "Empezar la partida", "deck": "builtin:es_everyday"},
    "de": {"curtain": "Gib den Bildschirm an Ana weiter — alle anderen schauen weg.",
           "header": "Runde 1 von 3 · Den Gegenstand verstecken", "timer": "noch 1:00",
           "secret": "Dein geheimer Gegenstand:", "undo": "Rückgängig", "turn": "Cleo ist nicht an der Reihe.",
           "found": "Gefunden von ", "winners": "Ana, Ben und Cleo teilen sich den Sieg!",
           "place": "1.\xa0Platz {name} 6 Punkte", "over": "Spielende", "saved": "Um ",
           "restart": "Dieses Spiel verlassen", "start": "Spiel starten", "deck": "builtin:de_everyday"},
}


@pytest.mark.parametrize("code", ["es", "de"])
def test_a_whole_game_in_spanish_or_german_shows_no_english_sentence(app, code):
    said = SAID[code]
    choose_language(app, code)
    assert english_on(app, code) == []
    game = start_from_the_form(app, said["deck"], timer=60)
    seen_timer = seen_refusal = seen_podium = False
    assert plain(one(app, "inc-curtain-call").value) == said["curtain"]
    assert plain(app.header.value) == said["header"]
    while game.phase is not Phase.OVER:
        assert english_on(app, code) == [], game.phase
        if game.phase is Phase.HIDE:
            one(app, "inc-show-card").click()
            assert said["timer"] in plain(one(app, "inc-timer-text").value)
            assert plain(one(app, "inc-secret").value).startswith(said["secret"])
            assert [b.description for b in find(app, "inc-tool-undo")] == [said["undo"]]
            seen_timer = True
            assert english_on(app, code) == []
            app.pad.pen_down(100, 100)
            app.pad.pen_move(200, 150)
            app.pad.pen_up()
            one(app, "inc-done").click()
        elif game.phase is Phase.FIND:
            if not seen_refusal:
                app.guarded(lambda: app.open_card("Cleo"))()  # not Cleo's turn yet
                assert plain(app.message.value) == said["turn"]
                seen_refusal = True
            truth = {p: game.lineup.index(game.secret_object(p)) + 1 for p in game.players}
            vote_turn(app, lambda v, a: truth[a])  # everyone finds everyone
            assert english_on(app, code) == []
        else:
            if game.phase is Phase.SCORE and find(app, "inc-reveal"):
                assert plain(one(app, "inc-reveal-found").value).startswith(said["found"])
            one(app, "inc-next").click()
        if game.phase is Phase.OVER:
            seen_podium = True
    assert seen_timer and seen_refusal and seen_podium
    assert english_on(app, code) == []
    assert plain(one(app, "inc-winners").value) == said["winners"]
    assert all(plain(row.value) == said["place"].format(name=name) for row, name in zip(find(app, "inc-place-1"), NAMES))
    assert plain(app.header.value) == said["over"]
    one(app, "inc-save").click()
    assert app.teacher.status_text.startswith(said["saved"])
    one(app, "inc-restart").click()
    assert plain(app.teacher.confirm_text.value).startswith(said["restart"])
    one(app, "inc-confirm-no").click()
    one(app, "inc-new-game").click()  # the language stays for the next game
    assert app.language == code
    assert setup_form(app).start_button.description == said["start"]
    assert english_on(app, code) == []


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
    assert plain(one(app, "inc-place-1").value) == "1.er\xa0puesto Ben 6 puntos"


def test_the_setup_and_the_hide_curtain_in_french(app):
    choose_language(app, "fr")
    assert english_on(app, "fr") == []
    start_from_the_form(app, "builtin:fr_everyday")
    assert plain(one(app, "inc-curtain-call").value) == "Passe l'écran à Ana — tous les autres détournent le regard."
    assert one(app, "inc-show-card").description == "Je suis Ana\u00a0: montrer ma carte"
    assert plain(app.header.value) == "Manche 1 sur 3 · Cacher l'objet"
    assert english_on(app, "fr") == []
    one(app, "inc-show-card").click()
    assert one(app, "inc-done").description == "Fini — cacher ma carte"
    assert english_on(app, "fr") == []


def test_two_pages_in_one_kernel_each_keep_their_own_language(tmp_path):
    spanish = TableApp(folder=GameFolder(tmp_path / "es"), language="es")
    german = TableApp(folder=GameFolder(tmp_path / "de"), language="de")
    english = SetupForm(on_start=lambda game, seconds: None)  # a widget built with no language: English
    for page in (spanish, german):
        start_from_the_form(page, "builtin:everyday")
    one(spanish, "inc-show-card").click()  # a Spanish turn between two German screens
    german.guarded(lambda: german.open_card("Cleo"))()
    assert plain(german.message.value) == "Cleo ist nicht an der Reihe."
    assert one(spanish, "inc-done").description == "Listo — ocultar mi carta"
    assert plain(one(german, "inc-curtain-call").value).startswith("Gib den Bildschirm an Ana weiter")
    assert english.start_button.description == "Start the game"
    assert english_on(spanish, "es") == [] and english_on(german, "de") == []
    with open_store(tmp_path / "class.sqlite") as store:
        teacher = TeacherPage(store, language="fr")
        code = teacher.create(Deck.builtin("everyday"), Rules(rounds=1))
        student = StudentPage(store, code=code, language="de")
        assert plain(teacher.header.value) == "Incognito · rejoindre la table"
        assert one(student, "inc-join").description == "Mitmachen"
        assert english_on(teacher, "fr") == [] and english_on(student, "de") == []
    for page in (spanish, german, teacher, student):
        page.close()


def test_the_dashboard_starts_in_the_language_it_is_given(tmp_path):
    table = TableApp(folder=GameFolder(tmp_path), language="de")
    try:
        assert table.language == "de"
        assert one(table, "inc-start").description == "Spiel starten"
        assert one(table, "inc-language").value == "de"
    finally:
        table.close()
    with pytest.raises(ValueError):
        TableApp(folder=GameFolder(tmp_path), language="xx")


def test_the_launcher_passes_the_language_to_the_dashboard(tmp_path, monkeypatch):
    from incognito_nb.app.dashboard import dashboard
    from incognito_nb.app.launcher import parser

    assert parser().parse_args(["--language", "de"]).language == "de"
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
    monkeypatch.setenv("QUERY_STRING", "lang=de")  # the page's own choice wins over the server's
    table = dashboard(saves=str(tmp_path))
    try:
        assert table.language == "de"
    finally:
        table.close()
    monkeypatch.setenv("QUERY_STRING", "lang=xx")  # made up: passed over
    table = dashboard(saves=str(tmp_path))
    try:
        assert table.language == "fr"
    finally:
        table.close()
    monkeypatch.delenv("QUERY_STRING")
    monkeypatch.setenv("INCOGNITO_NB_DECK", str(tmp_path / "missing.csv"))
    table = dashboard(saves=str(tmp_path), language="de")  # a deck that cannot be read: said in German
    try:
        assert plain(table.message.value).startswith(f"Der Kartenstapel {tmp_path / 'missing.csv'} ließ sich nicht")
    finally:
        table.close()



def test_the_static_sites_dashboard_takes_the_language_its_page_asks_for_and_the_menu_wins(tmp_path, monkeypatch):
    """On the static site the page tells the kernel its ``?lang=`` (the kernel never sees the
    address): only a known language is taken, once, and a language chosen in the menu wins."""
    import importlib

    from incognito_nb.ui.widgets.page_language import PageLanguage

    dashboard_module = importlib.import_module("incognito_nb.app.dashboard")

    monkeypatch.setattr(dashboard_module, "in_browser", lambda: True)
    monkeypatch.setattr("incognito_nb.store.browser.BrowserFolder", lambda: GameFolder(tmp_path))
    table = dashboard_module.dashboard()
    try:
        listener = next(w for w in table.children if isinstance(w, PageLanguage))
        assert table.language == "en" and "inc-lang-en" in table._dom_classes
        for made_up in ("xx", "<b>", 3, None, "es" * 20):
            listener._heard(listener, {"lang": made_up}, [])
        assert table.language == "en"
        listener._heard(listener, {"lang": "ES"}, [])
        assert table.language == "es" and "inc-lang-es" in table._dom_classes and "inc-lang-en" not in table._dom_classes
        assert table.stage.children[0].start_button.description == "Empezar la partida"
        listener.ask("de")  # the page's language is taken once
        assert table.language == "es"
    finally:
        table.close()
    table = TableApp(folder=GameFolder(tmp_path))
    try:
        listener = table.follow_page_language()
        next(w for w in table.stage.children if isinstance(w, SetupForm)).language_choice.choose("fr")
        listener.ask("de")  # heard after the menu's choice: the menu wins
        assert table.language == "fr"
    finally:
        table.close()


def test_the_static_site_speaks_the_browsers_language_when_its_address_asks_none(tmp_path):
    """The static site opened in English whatever the browser's language, unless the address
    said ?lang=: a Spanish teacher's browser opens it in Spanish, the first language of the
    browser's list the game speaks taken."""
    for preferred, spoken in ((["pt-BR", "es-MX", "de"], "es"), (["de_AT"], "de"), (["xx", 3, "<b>"], "en"),
                              ("fr", "en"), ([], "en")):
        table = TableApp(folder=GameFolder(tmp_path))
        try:
            listener = table.follow_page_language()
            listener._heard(listener, {"browser": preferred}, [])
            assert table.language == spoken, preferred
            listener._heard(listener, {"lang": "fr"}, [])  # taken once: one message a page
            assert table.language == (spoken if spoken != "en" else "fr")
        finally:
            table.close()


def test_a_saved_game_is_offered_back_in_spanish(tmp_path):
    folder = GameFolder(tmp_path)
    folder.save(Game.new(NAMES, Deck.builtin("es_everyday"), seed=3))
    table = TableApp(folder=folder, language="es")
    try:
        form = setup_form(table)
        assert form.save_notice.startswith("Hay una partida guardada: Ana, Ben, Cleo — ronda 1, fase de esconder (guardada el ")
        assert form.resume_button.description == "Reanudarla"
        assert english_on(table, "es") == []
    finally:
        table.close()


def test_the_files_to_take_home_are_offered_in_french():
    from incognito_nb.ui.widgets.takeaways import Takeaways

    game = Game.new(NAMES, Deck.builtin("fr_everyday"), seed=2)
    made_in = []
    panel = Takeaways(game, lambda g, lang: made_in.append(lang.code) or {"poster.pdf": b"%PDF", "results.csv": b"a,b\n"},
                      lang=language("fr"))
    assert panel.prepare_button.description == "Créer l'affiche et les résultats"
    panel.prepare()
    assert made_in == ["fr"]  # the files are written in the page's language
    links = plain(one(panel, "inc-downloads").value)
    assert "Affiche pour le mur (PDF)" in links and "Résultats, toutes les cartes (CSV)" in links
    # ... and saved under French names (they were saved as poster.pdf and results.csv)
    saved = re.findall(r'download="([^"]+)"', one(panel, "inc-downloads").value)
    assert saved == ["affiche.pdf", "résultats.csv"], saved
    assert english_on(panel, "fr") == []
    panel.close()


def test_the_timer_counts_down_in_spanish_and_german():
    from incognito_nb.ui.widgets.timer import DrawingTimer

    timer = DrawingTimer(90, on_zero=lambda: None, lang=language("es"))
    timer.tick(5)
    assert plain(timer.text.value) == "quedan 1:25" and 'class="fa fa-stopwatch"' in timer.text.value
    timer.pause(True)
    assert plain(timer.text.value) == "1:25 (en pausa)"
    timer.close()
    timer = DrawingTimer(90, on_zero=lambda: None, lang=language("de"), left=30)
    assert plain(timer.text.value) == "noch 0:30" and timer.bar.max == 90
    timer.close()


def test_the_exports_speak_the_dashboards_language():
    from incognito_nb.app.files.exports import results_csv, vocabulary_csv

    game = Game.new(NAMES, Deck.builtin("de_everyday"), seed=2)
    for player in game.players:
        game.submit_drawing(player, game.drawing(player))
    game.advance()
    for player in game.players:
        game.confirm_votes(player)
    game.advance()
    assert results_csv(game, language("de")).splitlines()[0] == (  # ';': Excel's columns in Germany and Spain
        "Runde;Zeichner/in;Gegenstand;Plättchen;Ort;Karte von Ana;Karte von Ben;Karte von Cleo;gefunden von;"
        "Punkte für Zeichner/in")
    assert vocabulary_csv(game, language("es")).splitlines()[0] == (
        "palabra;ronda;artista;lugar;encontrado;podían;porcentaje (%)")
    assert results_csv(game).splitlines()[0].startswith("round,artist,object,token,location,card from Ana")


# ------------------------------------------------------------------------ the class's language
def test_a_table_keeps_its_teachers_language_and_its_students_pages_open_in_it(tmp_path):
    with open_store(tmp_path / "class.sqlite") as store:
        teacher = TeacherPage(store, language="es", student_url="http://school/student.ipynb")
        code = teacher.create(Deck.builtin("everyday"), Rules(rounds=1))
        assert store.language(code) == "es"
        ana = StudentPage(store, code=code)  # the join link holds no language
        assert ana.lang.code == "es" and one(ana, "inc-join").description == "Unirme"
        ana.join(code, "Ana")
        assert ana.lang.code == "es" and "lang=" not in one(ana, "inc-rejoin-link").value
        projector = TeacherPage(store, code=code)  # the teacher's link holds no language either
        assert projector.lang.code == "es"
        assert english_on(ana, "es") == [] and english_on(projector, "es") == []


def test_a_student_chooses_their_own_language_and_the_teachers_choice_no_longer_moves_it(tmp_path):
    with open_store(tmp_path / "class.sqlite") as store:
        teacher = TeacherPage(store, language="es")
        code = teacher.create(Deck.builtin("everyday"), Rules(rounds=1))
        ana, ben, cleo = (StudentPage(store, code=code) for _ in range(3))
        for page, name in zip((ana, ben, cleo), NAMES):
            page.join(code, name)
        one(ana, "inc-page-language").choose("de")  # Ana reads German
        assert ana.lang.code == "de" and ana.chosen_language
        assert one(ana, "inc-page-language").description == "Sprache"
        assert "lang=de" in one(ana, "inc-rejoin-link").value  # her link comes back in German
        assert english_on(ana, "de") == []
        one(teacher, "inc-page-language").choose("fr")  # the teacher, with the key: the table follows
        assert store.language(code) == "fr"
        for page in (ana, ben):
            page.refresh()
        assert ana.lang.code == "de" and ben.lang.code == "fr"  # Ben never chose: he follows the table
        assert plain(ben.header.value).startswith("Table ") and "tu es Ben" in plain(ben.header.value)
        teacher.start()
        for page in (ana, ben):
            page.refresh()
        assert one(ana, "inc-done").description == "Fertig" and one(ben, "inc-done").description == "Fini"
        ana.language_menu._chosen({"new": "xx"})  # a language the browser made up: ignored
        assert ana.lang.code == "de"
        for page in (teacher, ana, ben, cleo):
            page.close()


def test_a_page_takes_one_language_choice_a_second_the_latest(monkeypatch):
    # Each choice builds the page's whole screen again (its kernel's CPU, the server's bytes): a
    # page's script choosing in a loop gets one rebuild a second, in the language it chose last.
    monkeypatch.setattr(language_menu, "CHOICE_GAP_SECONDS", 0.2)
    heard = []

    async def choose_in_a_loop() -> None:
        menu = language_menu.LanguageMenu(language("en"), on_choose=heard.append)
        for code in ("fr", "de", "es", "fr", "de"):
            menu.choose(code)
        assert heard == ["fr"]  # the first at once; the others wait for the gap's end
        await asyncio.sleep(0.5)
        assert heard == ["fr", "de"]  # the latest, once
        menu.choose("es")
        assert heard == ["fr", "de", "es"]  # a choice after the gap: at once
        menu.close()

    asyncio.run(choose_in_a_loop())


def test_a_language_changed_mid_drawing_keeps_the_board_and_the_countdown(tmp_path, monkeypatch):
    with open_store(tmp_path / "class.sqlite") as store:
        teacher = TeacherPage(store)
        code = teacher.create(Deck.builtin("everyday"), Rules(rounds=1), timer_seconds=90)
        students = [StudentPage(store, code=code) for _ in NAMES]
        for page, name in zip(students, NAMES):
            page.join(code, name)
        teacher.start()
        teacher.countdown.tick(30)
        one(teacher, "inc-page-language").choose("de")
        assert teacher.countdown.left == 60 and plain(teacher.countdown.text.value) == "noch 1:00"
        ana = students[0]
        ana.refresh()
        ana.pad.pen_down(10, 10)
        ana.pad.pen_move(50, 50)
        ana.pad.pen_up()
        def down(*args, **kwargs):
            raise StoreUnavailable(N_("Table {code} is too busy: the change was tried {tries} times; try again."),
                                   code=code, tries=50)

        monkeypatch.setattr(store, "act", down)
        ana.pad.pen_down(60, 60)
        ana.pad.pen_up()  # this stroke waits for the store
        one(ana, "inc-page-language").choose("es")
        assert len(ana.pad.drawing) == 2 and ana.waiting() == (1, False)  # kept, still said to wait
        assert one(ana, "inc-done").description == "Listo"
        for page in (teacher, *students):
            page.close()


def test_the_classroom_pages_take_their_language_from_the_request_and_the_server(tmp_path):
    from incognito_nb.app.classroom import student_page, teacher_page
    from incognito_nb.app.classroom_cli import parser

    assert parser().parse_args(["--language", "de"]).language == "de"
    environ = {"INCOGNITO_NB_STORE": str(tmp_path / "class.sqlite"), "INCOGNITO_NB_LANGUAGE": "fr"}
    teacher = teacher_page(environ)  # the server's language
    assert teacher.lang.code == "fr" and not teacher.chosen_language
    student = student_page(dict(environ, QUERY_STRING="lang=de"))  # ?lang= wins
    assert student.lang.code == "de" and student.chosen_language
    unknown = student_page(dict(environ, QUERY_STRING="lang=xx"))  # made up: the next choice
    assert unknown.lang.code == "fr"
    broken = tmp_path / "broken.sqlite"
    broken.write_text("not a database " * 100)
    problem = student_page({"INCOGNITO_NB_STORE": str(broken), "QUERY_STRING": "lang=es"})
    assert "no es una base de datos SQLite" in plain(problem.value)
    for page in (teacher, student, unknown):
        page.close()


def test_the_teachers_desk_offers_the_files_formally():
    """The desk's box said "Emporte la partie :" to the teacher, the players' words at a table."""
    from incognito_nb.ui.widgets.teacher_files import TeacherFiles

    game = Game.new(NAMES, Deck.builtin("fr_everyday"), seed=2)
    said = {}
    for code in ("fr", "de"):
        box = TeacherFiles(game, lambda g, lang: {"poster.pdf": b"%PDF"}, deck_name="x", decks=[],
                           on_play_again=lambda deck: None, lang=language(code))
        box.takeaways.prepare()
        said[code] = plain(one(box, "inc-takeaways-title").value)
        box.close()
    assert said == {"fr": "Emportez la partie\u00a0:", "de": "Das Spiel zum Mitnehmen:"}
