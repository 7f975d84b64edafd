"""The deck editor, clicked through without a browser: paste, upload, check, preview, save.

The editor never judges a word itself: the engine reads the deck file the boxes describe,
and its complaints come back pointed at the box and line a teacher sees.
"""

from __future__ import annotations

import pytest

from incognito_nb.engine import Deck, Game, load_deck
from incognito_nb.store import GameFolder
from incognito_nb.ui.pages.deck_editor import DeckEditor, deck_file_name, default_deck_folder
from incognito_nb.ui.widgets.setup_form import SetupForm
from incognito_nb.ui.pages.table import TableApp

pytestmark = pytest.mark.usefixtures("callback_errors_fail_the_test")

SPANISH_OBJECTS = ["llave", "cuchara", "botón", "pluma", "calcetín", "lápiz", "taza", "paraguas",
                   "gafas", "vela", "moneda", "anillo", "globo", "libro", "sombrero", "zapato",
                   "peine", "tetera", "lámpara", "botella"]
SPANISH_LOCATIONS = ["cocina", "cuarto de baño", "dormitorio", "salón", "jardín", "aula",
                     "biblioteca", "supermercado", "panadería", "parque infantil", "piscina",
                     "playa", "granja", "castillo", "mercado", "museo", "circo", "cine"]


@pytest.fixture
def editor(tmp_path):
    return DeckEditor(folder=tmp_path / "decks")


def spanish(editor: DeckEditor) -> None:
    editor.paste(objects=SPANISH_OBJECTS, locations=SPANISH_LOCATIONS, name="En casa", language="es")


def browser_uploads(editor: DeckEditor, content: bytes | None, name: str) -> None:
    """Delivers a file to the FileUpload as the browser's state update does in ipywidgets 8."""
    editor.upload_button.set_state({"value": [{
        "name": name, "type": "text/csv", "size": len(content or b""),
        "content": None if content is None else memoryview(content),
        "last_modified": 1_796_032_800_000,
    }]})


# --- the editor itself -----------------------------------------------------------------


def test_every_part_of_the_editor_carries_its_class(editor):
    assert "inc-deck-editor" in editor._dom_classes
    parts = {
        "inc-deck-editor-upload": editor.upload_button, "inc-deck-name": editor.name_field,
        "inc-deck-language": editor.language_field, "inc-deck-objects": editor.objects_field,
        "inc-deck-locations": editor.locations_field, "inc-deck-check": editor.check_button,
        "inc-deck-save": editor.save_button, "inc-deck-result": editor.result,
        "inc-deck-sample": editor.sample_button,
    }
    for css_class, widget in parts.items():
        assert css_class in widget._dom_classes
    assert editor.upload_button.accept == ".csv,.txt"  # Excel's "Unicode Text" is a .txt
    assert editor.language_field.value == "en" and editor.deck is None


def test_decks_are_saved_in_the_folder_named_by_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("INCOGNITO_NB_DECKS", str(tmp_path / "class decks"))
    assert default_deck_folder() == tmp_path / "class decks"
    assert DeckEditor().folder == tmp_path / "class decks"
    monkeypatch.delenv("INCOGNITO_NB_DECKS")
    assert default_deck_folder().name == "incognito-decks"


# --- pasting and checking --------------------------------------------------------------


def test_try_a_sample_fills_and_checks_a_whole_deck_and_saves_nothing(editor, tmp_path):
    editor.sample_button.click()
    assert editor.deck is not None and editor.deck.name == "En la granja" and editor.deck.language == "es"
    assert editor.objects[0] == "huevo" and len(editor.deck.objects) >= 18
    assert not (tmp_path / "decks").exists()  # only Save deck writes


def test_pasted_words_one_per_line_become_a_deck_in_order(editor):
    editor.paste(objects="  llave \n\ncuchara\r\npatito   de goma\n", locations=["cocina", "", "jardín"],
                 name="  En   casa ", language="ES")
    deck = editor.check()
    assert deck is editor.deck
    assert deck.objects == ("llave", "cuchara", "patito de goma")
    assert deck.locations == ("cocina", "jardín")
    assert (deck.name, deck.language, deck.source) == ("En casa", "es", "en_casa.csv")


def test_the_check_button_is_the_twin_of_check(editor):
    spanish(editor)
    editor.check_button.click()
    assert editor.deck is not None and len(editor.deck.objects) == len(SPANISH_OBJECTS)


def test_a_checked_deck_is_previewed_with_counts_tables_served_and_first_words(editor):
    spanish(editor)
    editor.check()
    shown = editor.result.value
    assert "20 objects, 18 locations" in shown
    assert "Ready for 3 to 6 players." in editor.message
    for players in range(3, 7):
        assert f"<td>{players} players</td><td>3 rounds</td>" in shown
    assert "llave" in shown and "cocina" in shown
    # The Spanish deck's words and name in Spanish on an English page (a screen reader says them so).
    assert ' lang="es">llave</span>' in shown and ' lang="es">cocina</span>' in shown
    assert "Objects: <span" in shown  # the sentence stays the page's
    assert "… and 8 more" in shown  # 20 objects, the first 12 shown
    assert editor.problems == []


def test_a_deck_too_small_for_six_says_whom_it_seats(editor):
    editor.paste(objects=[f"o{i}" for i in range(18)], locations=[f"l{i}" for i in range(13)], name="Small")
    editor.check()
    assert "Ready for 3 to 4 players; 18 locations would seat 6." in editor.message
    assert "too few words for a full game" in editor.result.value


def test_a_deck_too_small_for_any_game_is_checked_but_says_so(editor):
    editor.paste(objects=["key"], locations=["kitchen"], name="Tiny")
    assert editor.check() is not None
    assert "Too small for a game: 3 rounds need at least 18 objects and 9 locations." in editor.message


def test_problems_name_the_box_and_line_a_teacher_sees(editor):
    editor.paste(objects="lamp\n\nLAMP\n" + "x" * 41 + "\nbell\x07\n", locations="kitchen\nLamp\n",
                 name="Words")
    assert editor.check() is None and editor.deck is None
    assert editor.problems == [
        "Objects, line 3: 'LAMP' is already in Objects, line 1; each word may appear only once.",
        "Objects, line 4: the word 'xxxxxxxxxxxxxxxxxxxx'… is 41 characters long; "
        "keep words to 40 characters.",
        "Objects, line 5: the word 'bell\\x07' contains a control character ('\\x07'); "
        "retype the word without it.",
        "Locations, line 2: 'Lamp' is already in Objects, line 1; each word may appear only once.",
    ]
    assert editor.message.startswith("Not a deck yet; fix these and press Check again:")


def test_an_empty_box_and_a_missing_name_are_reported(editor):
    editor.paste(objects="\n \n", locations="kitchen")
    assert editor.check() is None
    assert editor.problems == ["Name: give the deck a name, like 'Animales'.",
                               "Objects: the box is empty; type one object per line, like key."]


def test_a_bad_language_code_or_a_long_name_is_reported_on_its_field(editor):
    editor.paste(objects=["key"], locations=["kitchen"], name="N" * 61, language="Spanish")
    assert editor.check() is None
    assert editor.problems == [
        "Name: the deck name is 61 characters long; keep it to 60.",
        "Language: 'Spanish' is not a language code; write a short code such as 'en' or 'es'.",
    ]


def test_two_spreadsheet_columns_pasted_in_one_box_are_explained(editor):
    editor.paste(objects="key\tkitchen\nspoon\tbeach\n", locations="garden", name="Pasted")
    assert editor.check() is None
    assert editor.problems[0].startswith("Objects, line 1: this line holds several spreadsheet cells")
    assert len(editor.problems) == 2


def test_a_word_with_a_comma_is_kept_whole_but_flagged(editor):
    editor.paste(objects=["salt, pepper", "key"], locations=["kitchen"], name="Commas")
    deck = editor.check()
    assert deck.objects == ("salt, pepper", "key")
    assert "1 word with a comma, like &#x27;salt, pepper&#x27;" in editor.result.value


def test_words_and_names_are_shown_escaped_never_as_markup(editor):
    editor.paste(objects=["<img src=x onerror=alert(1)>", "$x^2$"], locations=["<b>loud</b>"],
                 name="<script>alert(1)</script>")
    editor.check()
    shown = editor.result.value
    assert "<img" not in shown and "<b>loud" not in shown and "<script>" not in shown
    assert "&lt;img src=x onerror=alert(1)&gt;" in shown and "&#36;x^2&#36;" in shown
    editor.paste(objects=["<i>dup</i>", "<I>DUP</I>"], locations=["kitchen"])
    editor.check()
    assert "<i>" not in editor.result.value and "&lt;I&gt;DUP&lt;/I&gt;" in editor.result.value


def test_editing_after_a_check_forgets_the_deck_until_checked_again(editor):
    spanish(editor)
    editor.check()
    editor.objects_field.value += "\nreloj"
    assert editor.deck is None
    assert editor.message == "Changed since the last check: press Check again."
    assert editor.check().objects[-1] == "reloj"


# --- saving ----------------------------------------------------------------------------


def test_save_writes_a_deck_file_that_reads_back_as_the_same_deck(editor, tmp_path):
    spanish(editor)
    editor.save_button.click()
    path = editor.saved_path
    assert path == tmp_path / "decks" / "en_casa.csv"
    assert path.read_bytes().startswith(b"\xef\xbb\xbf")  # a byte-order mark: Excel reads the accents
    text = path.read_text(encoding="utf-8-sig")
    assert text.startswith("# name: En casa\n# language: es\n")
    assert "object,botón\n" in text and "location,cuarto de baño\n" in text
    assert load_deck(path) == editor.deck
    assert str(path) in editor.message


def test_save_replaces_the_earlier_file_of_the_same_deck(editor):
    spanish(editor)
    first = editor.save()
    editor.locations_field.value += "\nzoológico"
    second = editor.save()
    assert first == second and "replaces the earlier file" in editor.message
    assert load_deck(second).locations[-1] == "zoológico"
    assert [p.name for p in second.parent.iterdir()] == ["en_casa.csv"]  # no temporary left


def test_save_refuses_a_deck_with_problems_and_writes_nothing(editor, tmp_path):
    editor.paste(objects=["key", "KEY"], locations=["kitchen"], name="Dup")
    assert editor.save() is None
    assert not (tmp_path / "decks").exists()
    assert editor.status.value.endswith("Fix the problems above, then save.</span>")


def test_save_into_a_folder_that_cannot_be_made_says_so(tmp_path):
    blocker = tmp_path / "not a folder"
    blocker.write_text("a file", encoding="utf-8")
    editor = DeckEditor(folder=blocker / "decks")
    spanish(editor)
    assert editor.save() is None
    assert editor.message.startswith(f"Could not save the deck in {blocker / 'decks'}")


@pytest.mark.parametrize("name, file_name", [
    ("Animales de la granja", "animales_de_la_granja.csv"),
    ("Zoë's Ñandú — día 1", "zoe_s_nandu_dia_1.csv"),
    ("Äpfel & Birnen", "apfel_birnen.csv"),
    ("日本語", "deck.csv"),
    ("../../etc/passwd", "etc_passwd.csv"),
])
def test_deck_file_names_are_portable_and_stay_in_the_folder(name, file_name):
    assert deck_file_name(name) == file_name


# --- uploading a deck file -------------------------------------------------------------


def test_an_uploaded_deck_fills_the_boxes_and_is_checked(editor):
    data = ("# name: Animaux\n# language: fr\nkind,word\nobject,hérisson\nobject,escargot\n"
            "location,forêt\n").encode("utf-8")
    browser_uploads(editor, data, "animaux.csv")
    assert editor.upload_button.value == ()  # the file leaves the widget state once read
    assert (editor.name_field.value, editor.language_field.value) == ("Animaux", "fr")
    assert editor.objects_field.value == "hérisson\nescargot"
    assert editor.locations_field.value == "forêt"
    assert editor.deck == Deck(("hérisson", "escargot"), ("forêt",), name="Animaux", language="fr")


def test_an_uploaded_deck_keeps_its_hint_column_when_saved_again(editor):
    data = b"# name: House\nkind,word,hint\nobject,key,opens doors\nobject,cup,\nlocation,kitchen,\n"
    editor.load(data, "house.csv")
    editor.objects_field.value += "\nspoon"
    path = editor.save()
    deck = load_deck(path)
    assert deck.objects == ("key", "cup", "spoon")
    assert deck.notes == {"key": {"hint": "opens doors"}}


def test_a_refused_upload_lists_the_file_lines_and_leaves_the_boxes_alone(editor):
    spanish(editor)
    before = editor.objects_field.value
    assert editor.load(b"kind,word\nobject,key\nanimal,cat\nobject,\n", "bad.csv") is None
    assert editor.deck is None and editor.objects_field.value == before
    assert editor.problems == [
        "bad.csv:3: unknown kind 'animal'; the kind must be 'object' or 'location'.",
        "bad.csv:4: the word is empty; write a word or delete the row.",
        "bad.csv: the deck has no locations; add rows like location,kitchen.",
    ]
    assert editor.message.startswith("bad.csv cannot be used as a deck")


def test_words_an_upload_or_the_sample_replaced_are_brought_back(editor):
    """A teacher halfway through typing a deck who uploads a file (or tries the sample) by
    mistake gets the typed words back, unsaved as they were; the button swaps, so the
    file's words are not lost either."""
    assert editor.restore_button.layout.display == "none", "nothing to bring back yet"
    editor.paste(objects="llave\ncuchara", locations="cocina", name="Mi mazo", language="es")
    browser_uploads(editor, b"# name: House\nkind,word,hint\nobject,key,opens doors\nlocation,kitchen,\n",
                    "house.csv")
    assert editor.objects_field.value == "key" and "inc-deck-restore" in editor.restore_button._dom_classes
    assert editor.restore_button.layout.display != "none"
    editor.restore_button.click()
    assert (editor.name_field.value, editor.language_field.value) == ("Mi mazo", "es")
    assert (editor.objects_field.value, editor.locations_field.value) == ("llave\ncuchara", "cocina")
    assert editor.saved_path is None
    editor.restore()  # and back to the file's words, its hint column kept
    assert editor.name_field.value == "House" and editor.deck.notes == {"key": {"hint": "opens doors"}}
    editor.restore()
    editor.paste_sample()
    assert editor.restore().objects == ("llave", "cuchara")


def test_an_upload_without_content_is_reported(editor):
    browser_uploads(editor, None, "lost.csv")
    assert editor.problems == ["The upload arrived without its content; choose the file again."]


# --- playing with it -------------------------------------------------------------------


def test_a_checked_deck_deals_a_game(editor):
    spanish(editor)
    game = Game.new(["Ana", "Ben", "Cleo", "Dev", "Eva", "Fé"], editor.check(), seed=3)
    assert game.deck_language == "es" and game.deck_name == "En casa"
    assert game.secret_object("Ana") in SPANISH_OBJECTS


def test_the_table_dashboard_preselects_the_checked_deck(editor, tmp_path):
    spanish(editor)
    editor.check()
    app = TableApp(folder=GameFolder(tmp_path / "saves"), deck=editor.deck)
    form = next(child for child in app.stage.children if isinstance(child, SetupForm))
    assert form.deck == editor.deck


def test_the_editors_table_takes_each_deck_checked_and_keeps_the_names_typed(editor, tmp_path):
    app = editor.table(folder=GameFolder(tmp_path / "saves"))
    form = next(child for child in app.stage.children if isinstance(child, SetupForm))
    form.set_names(["Ana", "Ben", "Cleo"])
    spanish(editor)
    editor.check()
    assert form.deck == editor.deck and form.names == ["Ana", "Ben", "Cleo"]
    editor.paste_sample()
    assert form.deck.name == "En la granja"
    app.start(Game.new(["Ana", "Ben", "Cleo"], form.deck, seed=1))
    editor.paste(objects=SPANISH_OBJECTS, locations=SPANISH_LOCATIONS, name="Otra", language="es")
    editor.check()  # a game under way is left alone; the next setup offers the new deck
    assert app.game is not None and app.game.deck_name == "En la granja" and app.deck.name == "Otra"
    app.close()
