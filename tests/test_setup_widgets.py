"""The new-game form, clicked through without a browser: decks, names, timer, resume.

Every refusal comes from the engine and is shown next to the form, escaped; a bad
upload or a damaged save is reported in words and never stops the form.
"""

from __future__ import annotations

import ipywidgets
import pytest

from incognito_nb.engine import Deck, Game, Phase
from incognito_nb.store import GameFolder
from incognito_nb.ui.widgets.palette import PLAYER_COLORS
from incognito_nb.ui.i18n import language
from incognito_nb.ui.pages.deck_editor import DeckEditor
from incognito_nb.ui.widgets.setup_form import CSS, SetupForm
from incognito_nb.ui.choices import timer_choices

pytestmark = pytest.mark.usefixtures("callback_errors_fail_the_test")


class Recorder:
    """A callback that remembers what it was called with."""

    def __init__(self, fail: Exception | None = None) -> None:
        self.calls: list[tuple] = []
        self.fail = fail

    def __call__(self, *args):
        self.calls.append(args)
        if self.fail is not None:
            raise self.fail


def deck_csv(objects: int, locations: int, name: str = "Fruit") -> bytes:
    rows = [f"# name: {name}", "kind,word"]
    rows += [f"object,thing {i}" for i in range(objects)]
    rows += [f"location,place {i}" for i in range(locations)]
    return "\n".join(rows).encode()


def visible(widget) -> bool:
    return widget.layout.display != "none"


def labels(dropdown) -> list[str]:
    return [label for label, _ in dropdown.options]


def browser_uploads(form, content: bytes | None, name: str) -> None:
    """Delivers a file to the FileUpload as the browser's state update does in ipywidgets 8."""
    form.deck_upload.set_state({"value": [{
        "name": name, "type": "text/csv", "size": len(content or b""),
        "content": None if content is None else memoryview(content),
        "last_modified": 1_796_032_800_000,
    }]})


@pytest.fixture
def started():
    return Recorder()


@pytest.fixture
def form(started):
    return SetupForm(on_start=started)


# ----------------------------------------------------------------- the form itself
def test_every_part_of_the_form_carries_its_class(form):
    assert "inc-setup" in form._dom_classes
    assert "inc-deck" in form.deck_choice._dom_classes
    assert "inc-deck-upload" in form.deck_upload._dom_classes
    assert "inc-timer" in form.timer_choice._dom_classes
    assert "inc-add-player" in form.add_player_button._dom_classes
    assert "inc-start" in form.start_button._dom_classes
    assert all("inc-player-name" in field._dom_classes for field in form.name_fields)
    assert ".inc-setup" in CSS and ".inc-invalid" in CSS


def test_the_form_has_a_title_and_a_how_to(form):
    text = " ".join(child.value for column in form.children for child in column.children
                    if isinstance(child, ipywidgets.HTML))
    assert "New game of Incognito" in text
    assert "press Start" in text


def test_the_upload_takes_one_csv_file_or_excels_unicode_text(form):
    """Excel's "Unicode Text" (UTF-16, tabs) is read, and Excel names it .txt: the browser's
    file picker offered .csv files only, so a teacher had to rename it first."""
    assert form.deck_upload.accept == ".csv,.txt"
    assert form.deck_upload.multiple is False
    rows = "kind\tword\n" + "".join(f"object\tobjeto {n}\n" for n in range(18)) \
        + "".join(f"location\tlugar {n}\n" for n in range(9))
    deck = form.upload(b"\xff\xfe" + rows.encode("utf-16-le"), "palabras.es.txt")
    assert deck is not None and deck.language == "es" and deck.name == "palabras", form.error_text


def test_three_empty_name_fields_with_numbered_placeholders_and_seat_colours(form):
    assert [f.value for f in form.name_fields] == ["", "", ""]
    assert [f.placeholder for f in form.name_fields] == [f"Player {n} name" for n in (1, 2, 3)]
    for row, (color_name, color) in zip(form._rows, PLAYER_COLORS):
        assert color in row.swatch.value and color_name in row.swatch.value


def test_the_timer_offers_off_and_60_to_180_seconds(form):
    assert [seconds for _, seconds in form.timer_choice.options] == [0, 60, 90, 120, 180]
    assert form.timer_choice.value == 0
    assert [label for label, _ in form.timer_choice.options] == [
        "Off (no time limit)", "60 seconds", "90 seconds", "2 minutes", "3 minutes"]
    assert [label for label, _ in timer_choices(language("de"))] == [
        "Aus (ohne Zeitlimit)", "60 Sekunden", "90 Sekunden", "2 Minuten", "3 Minuten"]


# -------------------------------------------------------------------------- decks
def test_the_builtin_decks_are_listed_by_name_with_their_word_counts(form):
    for deck_id in Deck.builtin_names():
        deck = Deck.builtin(deck_id)
        expected = f"{deck.name} ({len(deck.objects)} objects, {len(deck.locations)} locations)"
        assert expected in labels(form.deck_choice)
    assert form.deck == Deck.builtin()


def test_a_preselected_deck_comes_first_and_is_chosen(started):
    fruit = Deck([f"fruit {i}" for i in range(18)], [f"stall {i}" for i in range(18)], name="Fruit")
    form = SetupForm(on_start=started, deck=fruit)
    assert labels(form.deck_choice)[0].startswith("Fruit (18 objects, 18 locations)")
    assert form.deck is fruit
    assert len(labels(form.deck_choice)) == 1 + len(Deck.builtin_names())


def test_a_preselected_builtin_deck_is_not_listed_twice(started):
    form = SetupForm(on_start=started, deck=Deck.builtin("nature"))
    assert len(labels(form.deck_choice)) == len(Deck.builtin_names())
    assert form.deck == Deck.builtin("nature")


def test_a_good_upload_is_listed_chosen_and_announced(form):
    deck = form.upload(deck_csv(30, 30), "fruit.csv")
    assert deck is not None and form.deck is deck
    assert form.deck_status == "Loaded 'Fruit' — 30 objects, 30 locations."
    assert "Fruit (30 objects, 30 locations) — uploaded from fruit.csv" in labels(form.deck_choice)
    assert form.error_text == ""


def test_a_file_sent_by_the_browser_is_read_and_then_dropped_from_the_widget(form):
    browser_uploads(form, deck_csv(30, 30), "fruit.csv")
    assert form.deck.name == "Fruit"
    assert form.deck_upload.value == ()  # the content leaves the widget state


def test_an_upload_without_content_is_reported(form):
    browser_uploads(form, None, "x.csv")
    assert "without its content" in form.error_text
    assert form.deck == Deck.builtin()


def test_uploading_a_corrected_file_replaces_its_earlier_version(form):
    form.upload(deck_csv(30, 30), "fruit.csv")
    form.upload(deck_csv(31, 30), "fruit.csv")
    uploaded = [label for label in labels(form.deck_choice) if "uploaded" in label]
    assert uploaded == ["Fruit (31 objects, 30 locations) — uploaded from fruit.csv"]


def test_a_bad_deck_lists_every_problem_with_its_line_escaped_and_keeps_the_choice(form):
    form.deck_choice.value = form.deck_choice.options[1][1]
    chosen = form.deck
    bad = b"kind,word\nobject,<b>x</b>\nfruit,apple\nobject,<b>x</b>\n"
    assert form.upload(bad, "bad.csv") is None
    lines = form.error_text.splitlines()
    assert lines[0].startswith("bad.csv cannot be used as a deck")
    assert any(line.startswith("bad.csv:3: unknown kind 'fruit'") for line in lines)
    assert any(line.startswith("bad.csv:4: '<b>x</b>' is already on line 2") for line in lines)
    assert any("has no locations" in line for line in lines)
    html = form.deck_error.value
    assert "<b>x</b>" not in html and "&lt;b&gt;x&lt;/b&gt;" in html
    assert html.count("<li>") == len(lines) - 1
    assert "inc-error" in form.deck_error._dom_classes and visible(form.deck_error)
    assert form.deck is chosen
    assert form.deck_status == ""


def test_a_file_name_with_markup_is_escaped(form):
    form.upload(b"nothing here", "<img src=x onerror=alert(1)>.csv")
    assert "<img" not in form.deck_error.value
    assert "&lt;img src=x onerror=alert(1)&gt;.csv" in form.deck_error.value


def test_a_file_that_is_not_utf8_is_refused_in_words(form):
    form.upload("kind,word\nobject,ключ\n".encode("cp1251"), "cyrillic.csv")
    assert "cyrillic.csv:2: line 2 is not UTF-8 text" in form.error_text
    assert form.deck == Deck.builtin()


def test_a_deck_too_small_for_any_table_is_loaded_with_a_warning(form):
    form.upload(deck_csv(5, 5, name="Tiny"), "tiny.csv")
    assert form.deck.name == "Tiny"
    assert "too small" in form.error_text


def test_a_deck_too_small_says_so_once_and_never_to_play_fewer_rounds():
    """The form has no rounds to choose: it said "…or play fewer rounds", under a "Loaded" line
    that named the deck in other quotes ("Jeu « petit » chargé" over "Le jeu 'petit' est trop petit")."""
    form = SetupForm(on_start=Recorder())
    form.upload(deck_csv(8, 4, name="petit"), "petit.csv")
    assert form.deck.name == "petit"  # chosen, as a deck that fits a bigger table would be
    assert form.deck_status == ""
    assert form.error_text == ("The deck 'petit' is too small for 3 players and 3 rounds: it needs 18 objects and "
                               "9 locations, and has 8 objects and 4 locations. Add words to the deck, or choose "
                               "another deck.")
    form.upload(deck_csv(18, 9, name="juste"), "juste.csv")
    assert form.deck_status == "Loaded 'juste' — 18 objects, 9 locations." and form.error_text == ""
    form.set_names(["Ana", "Ben", "Cleo", "Dev"])
    form.start_button.click()
    assert "too small for 4 players" in form.error_text and "fewer rounds" not in form.error_text


def test_a_french_form_quotes_a_deck_alike_whether_it_is_loaded_or_too_small():
    """It read "Jeu « petit » chargé" right above "Le jeu 'petit' est trop petit… ou joue moins de manches"."""
    form = SetupForm(on_start=Recorder(), lang=language("fr"))
    form.upload(deck_csv(8, 4, name="petit"), "petit.csv")
    assert form.deck_status == ""
    assert form.error_text == ("Le jeu «\u00a0petit\u00a0» est trop petit pour 3 joueurs et 3 manches\u00a0: il faut "
                               "18 objets et 9 lieux, et il a 8 objets et 4 lieux. Ajouter des mots au jeu, ou en "
                               "choisir un autre.")
    form.upload(deck_csv(18, 9, name="juste"), "juste.csv")
    assert form.deck_status == "Jeu «\u00a0juste\u00a0» chargé — 18 objets, 9 lieux."


def test_a_long_file_name_is_cut_with_an_ellipsis_and_names_a_deck_the_deck_editor_takes(form, tmp_path):
    """The setup form cut the file name at 80 characters, mid-word and without a mark
    ("…(version_fin"), and named the deck after it (78 characters) where the deck editor,
    given the same file, refused it ("keep it to 60")."""
    name = "Vocabulaire_de_la_semaine_12_-_les_objets_de_la_maison_et_du_jardin_(version_finale_corrigee).csv"
    data = deck_csv(20, 18).replace(b"# name: Fruit\n", b"")
    deck = form.upload(data, name)
    assert deck.source == "Vocabulaire_de_la_semaine_12_-_les_objets_de_la_maison_et_du_jardin_(versio….csv"
    assert deck.name == "Vocabulaire de la semaine 12 les objets de la maison et du…"
    editor = DeckEditor(folder=tmp_path / "decks")
    assert editor.load(data, name) is not None and editor.problems == []
    assert editor.deck.name == deck.name


def test_choosing_another_deck_clears_the_deck_error(form):
    form.upload(b"rubbish", "bad.csv")
    assert form.error_text
    form.deck_choice.value = form.deck_choice.options[1][1]
    assert form.error_text == ""


# ------------------------------------------------------------------------ players
def test_add_player_stops_at_six_and_remove_stops_at_three(form):
    assert all(row.remove_button.disabled for row in form._rows)
    for count in (4, 5, 6):
        form.add_player_button.click()
        assert len(form.name_fields) == count
        assert all(not row.remove_button.disabled for row in form._rows)
    assert form.add_player_button.disabled
    form.add_player_button.click()  # a browser can send the click of a disabled button
    assert len(form.name_fields) == 6
    assert form.name_fields[5].placeholder == "Player 6 name"


def test_removing_a_player_closes_the_gap_and_renumbers_the_seats(form):
    form.set_names(["Ana", "Ben", "Cleo", "Dev"])
    form._rows[1].remove_button.click()
    assert [f.value for f in form.name_fields] == ["Ana", "Cleo", "Dev"]
    assert [f.placeholder for f in form.name_fields] == [f"Player {n} name" for n in (1, 2, 3)]
    assert PLAYER_COLORS[1][1] in form._rows[1].swatch.value
    form._rows[0].remove_button.click()  # disabled at three, clicked anyway
    assert len(form.name_fields) == 3


def test_a_blank_name_is_refused_and_its_field_marked(form, started):
    form.set_names(["Ana", "  ", "Cleo"])
    form.start_button.click()
    assert started.calls == []
    assert "cannot be blank" in form.error_text
    assert "inc-invalid" in form.name_fields[1]._dom_classes
    assert "inc-invalid" not in form.name_fields[0]._dom_classes
    form.name_fields[1].value = "Ben"
    assert form.error_text == "" and "inc-invalid" not in form.name_fields[1]._dom_classes


def test_duplicate_names_ignoring_case_and_spaces_are_flagged_as_typed(form, started):
    form.name_fields[0].value = "Ana  Lee"
    form.name_fields[1].value = " ana lee "
    assert "Players 1 and 2 are called 'Ana Lee' and 'ana lee', the same name" in form.error_text
    assert "inc-invalid" in form.name_fields[0]._dom_classes
    assert "inc-invalid" in form.name_fields[1]._dom_classes
    form.name_fields[2].value = "Cleo"
    form.start_button.click()
    assert started.calls == []
    assert "different name" in form.error_text


def test_names_that_look_alike_are_flagged_as_one(form, started):
    form.set_names(["Ana", "\u0410na", "Cleo"])  # a Cyrillic А
    assert "Players 1 and 2 are called 'Ana' and '\u0410na'" in form.error_text
    form.start_button.click()
    assert started.calls == []
    form.set_names(["Zoé", "Zoe\u0301", "Cleo"])  # é, and e with a combining accent
    assert "inc-invalid" in form.name_fields[1]._dom_classes


def test_a_name_of_25_characters_is_flagged_and_24_are_fine(form, started):
    form.set_names(["A" * 25, "Ben", "Cleo"])
    assert "at most 24" in form.error_text
    assert "inc-invalid" in form.name_fields[0]._dom_classes
    form.start_button.click()
    assert started.calls == []
    form.name_fields[0].value = "A" * 24
    assert form.error_text == ""
    form.start_button.click()
    assert started.calls[0][0].players[0] == "A" * 24


@pytest.mark.parametrize("count", [2, 7])
def test_a_table_of_two_or_seven_is_refused(form, started, count):
    form.set_names([f"Player{n}" for n in range(count)])
    form.start_button.click()
    assert started.calls == []
    assert f"3 to 6 players; this table has {count}" in form.error_text


def test_names_with_markup_are_shown_escaped(form):
    form.set_names(["<img src=x onerror=f()>", "<IMG src=x onerror=f()>", "Cleo"])
    assert "called '<img src=x onerror=f()>' and '<IMG src=x onerror=f()>'" in form.error_text
    assert "<img" not in form.form_error.value.lower()
    assert "&lt;IMG src=x onerror=f()&gt;" in form.form_error.value


# -------------------------------------------------------------------------- start
def test_start_hands_over_a_game_with_the_typed_names_and_the_chosen_timer(form, started):
    form.add_player_button.click()
    for field, name in zip(form.name_fields, [" Ana ", "Ben", "Cleo  Mae", "Dev"]):
        field.value = name
    form.deck_choice.value = form.deck_choice.options[2][1]
    form.timer_choice.value = 90
    form.start_button.click()
    [(game, seconds)] = started.calls
    assert game.players == ("Ana", "Ben", "Cleo Mae", "Dev")
    assert seconds == 90
    assert (game.round, game.phase) == (1, Phase.HIDE)
    assert game.deck_name == form.deck.name
    assert form.error_text == ""


def test_a_deck_too_small_for_the_table_is_refused_at_start(form, started):
    form.upload(deck_csv(18, 9, name="Small"), "small.csv")  # enough for 3 players, not 4
    form.set_names(["Ana", "Ben", "Cleo", "Dev"])
    form.start_button.click()
    assert started.calls == []
    assert "too small for 4 players" in form.error_text
    form.set_names(["Ana", "Ben", "Cleo"])
    form.start_button.click()
    assert len(started.calls) == 1


def test_a_failing_start_callback_is_shown_on_the_form():
    form = SetupForm(on_start=Recorder(fail=RuntimeError("the <b>disk</b> is full")))
    form.set_names(["Ana", "Ben", "Cleo"])
    form.start_button.click()
    assert "Could not start the game: the <b>disk</b> is full" in form.error_text
    assert "&lt;b&gt;disk&lt;/b&gt;" in form.form_error.value


# ------------------------------------------------------------------------- resume
def round_two_find(players=("Ana", "Ben", "Cleo")) -> Game:
    game = Game.new(list(players), seed=1)
    while (game.round, game.phase) != (2, Phase.FIND):
        game.advance(force=True)
    return game


@pytest.fixture
def folder(tmp_path):
    return GameFolder(tmp_path)


def test_a_saved_game_is_offered_with_its_description(folder, started):
    folder.save(round_two_find())
    form = SetupForm(on_start=started, folder=folder, on_resume=Recorder())
    assert visible(form.resume_box) and "inc-resume" in form.resume_box._dom_classes
    assert form.save_notice.startswith("A saved game is waiting: Ana, Ben, Cleo — round 2, find phase (saved ")
    assert "inc-resume-game" in form.resume_button._dom_classes
    assert "inc-discard-save" in form.discard_button._dom_classes
    assert form.resume_box is form.children[0].children[2]  # at the top, under the title


def test_resume_hands_over_the_saved_game(folder, started):
    saved = round_two_find()
    folder.save(saved)
    resumed = Recorder()
    form = SetupForm(on_start=started, folder=folder, on_resume=resumed)
    form.resume_button.click()
    [(game,)] = resumed.calls
    assert game.to_json() == saved.to_json()
    assert started.calls == []


def test_start_a_new_game_instead_hides_the_offer_and_keeps_the_file(folder, started):
    folder.save(round_two_find())
    resumed = Recorder()
    form = SetupForm(on_start=started, folder=folder, on_resume=resumed)
    form.discard_button.click()
    assert not visible(form.resume_box)
    assert folder.exists()
    form.resume_button.click()  # a hidden button clicked from the browser
    assert resumed.calls == []


def test_names_in_the_saved_game_are_escaped(folder, started):
    folder.save(Game.new(["<b>Bo</b>", "Ben", "Cleo"], seed=1))
    form = SetupForm(on_start=started, folder=folder, on_resume=Recorder())
    assert "<b>Bo</b>" in form.save_notice
    assert "<b>" not in form._resume_text.value and "&lt;b&gt;Bo&lt;/b&gt;" in form._resume_text.value


def test_a_damaged_save_is_reported_and_ignored(folder, started):
    folder.save(round_two_find())
    next(folder.path.glob("autosave.*")).write_text('{"format": "incognito-nb/game", "vers', "utf-8")
    form = SetupForm(on_start=started, folder=folder, on_resume=Recorder())
    assert not visible(form.resume_box)
    assert form.save_notice.startswith("The saved game could not be read: ")
    assert visible(form.save_problem)
    form.set_names(["Ana", "Ben", "Cleo"])
    form.start_button.click()
    assert len(started.calls) == 1


def test_a_save_damaged_after_the_offer_is_reported_on_resume(folder, started):
    folder.save(round_two_find())
    resumed = Recorder()
    form = SetupForm(on_start=started, folder=folder, on_resume=resumed)
    next(folder.path.glob("autosave.*")).write_bytes(b"\xff\xfe garbage")
    form.resume_button.click()
    assert resumed.calls == []
    assert form.save_notice.startswith("The saved game could not be read: ")
    assert not visible(form.resume_box)


def test_no_offer_without_a_save_or_a_folder(folder, started):
    for form in (SetupForm(on_start=started), SetupForm(on_start=started, folder=folder, on_resume=Recorder())):
        assert not visible(form.resume_box) and not visible(form.save_problem)
        assert form.save_notice == ""


def test_a_failing_resume_callback_is_shown_on_the_form(folder, started):
    folder.save(round_two_find())
    form = SetupForm(on_start=started, folder=folder, on_resume=Recorder(fail=ValueError("no room")))
    form.resume_button.click()
    assert "Could not resume the saved game: no room" in form.error_text


def test_a_french_form_quotes_a_typed_name_or_word_in_french_marks():
    """Two names alike and a word twice were quoted as Python writes them ('Ana') on every page."""
    form = SetupForm(on_start=Recorder(), lang=language("fr"))
    form.set_names(["Ana", "Ben", "ana"])
    form.start_button.click()
    assert "s'appellent «\u00a0Ana\u00a0» et «\u00a0ana\u00a0», c'est le même nom" in form.error_text
    form.upload("kind,word\nobject,Clé\nobject,clé\nlocation,Cuisine\n".encode(), "mots.csv")
    assert "«\u00a0clé\u00a0» est déjà à la ligne" in form.error_text
