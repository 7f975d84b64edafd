"""The browser's storage as a store (the static site's saves), without a browser.

:class:`BrowserFolder` talks to the page through a widget; here the page's messages are
handed to it as the page would send them, and what it sends back is captured.
"""

from __future__ import annotations

import json

import pytest

from incognito_nb import Deck, Drawing, Game, SaveError, Stroke
from incognito_nb.store import GameFolder
from incognito_nb.store.browser import BrowserFolder
from incognito_nb.ui.widgets.setup_form import SetupForm


@pytest.fixture
def folder():
    """Yields a BrowserFolder whose messages to the page are kept in ``folder.sent``."""
    store = BrowserFolder()
    store.sent = []
    store.widget.send = lambda content, buffers=None: store.sent.append(content)
    yield store
    store.close()


def page_sends(store: BrowserFolder, message) -> None:
    store._heard(store.widget, message, [])


def a_game() -> Game:
    game = Game.new(["Ana", "Ben", "Cleo"], Deck.builtin(), seed=4)
    game.update_drawing("Ben", Drawing([Stroke([(10, 10), (90, 40)], color="#0072b2")]))
    return game


def kept_entry(game: Game, when: str = "2026-11-30T10:00:00+00:00") -> str:
    return json.dumps({"saved_at": when, "game": game.to_json()})


def test_a_save_goes_to_the_page_and_reads_back(folder):
    game = a_game()
    page_sends(folder, {"kind": "saves", "saves": {}})
    place = folder.save(game)
    assert folder.sent[-1]["kind"] == "save" and folder.sent[-1]["name"] == "autosave"
    assert json.loads(json.loads(folder.sent[-1]["entry"])["game"]) == json.loads(game.to_json())
    assert folder.exists() and folder.load().to_json() == game.to_json()
    assert str(place).endswith("autosave")
    [saved] = folder.list()
    assert saved.players == ("Ana", "Ben", "Cleo") and saved.round == 1


def test_the_saves_kept_by_the_page_are_offered_once_they_arrive(folder):
    form = SetupForm(on_start=lambda game, seconds: None, folder=folder, on_resume=lambda game: None)
    assert form.resume_box.layout.display == "none"  # nothing known yet
    page_sends(folder, {"kind": "saves", "saves": {"autosave": kept_entry(a_game())}})
    assert form.resume_box.layout.display == ""  # shown, and not None (the site's kernel drops None)
    assert "Ana, Ben, Cleo" in form.save_notice
    assert form.resume() is not None
    form.close()


def test_junk_from_the_page_is_left_out(folder):
    page_sends(folder, {"kind": "saves", "saves": {"autosave": "{not json", "other": json.dumps({"game": 3}),
                                                   "bad": kept_entry(a_game()).replace("players", "playerz")}})
    page_sends(folder, "not a dict")
    assert folder.loaded
    assert not folder.exists("autosave") and not folder.exists("other")
    assert [s.name for s in folder.list()] == []  # "bad" is kept but cannot be read: not listed
    with pytest.raises(SaveError):
        folder.load("bad")


def test_a_later_saves_message_does_not_replace_what_was_played(folder):
    page_sends(folder, {"kind": "saves", "saves": {}})
    game = a_game()
    folder.save(game)
    page_sends(folder, {"kind": "saves", "saves": {"autosave": kept_entry(Game.new(["X", "Y", "Z"], Deck.builtin()))}})
    assert folder.load().players == ("Ana", "Ben", "Cleo")


def test_a_save_the_browser_refused_is_reported_on_the_next(folder):
    page_sends(folder, {"kind": "saves", "saves": {}})
    page_sends(folder, {"kind": "failed", "name": "autosave", "error": "QuotaExceededError: the quota has been exceeded"})
    with pytest.raises(SaveError, match="did not keep the last save: QuotaExceededError"):
        folder.save(a_game())
    folder.save(a_game())  # said once; the next save goes through


def test_a_storage_full_is_said_in_the_pages_language_with_what_to_do(folder):
    """The browser's quota full: a French page said "La sauvegarde automatique a échoué : Le
    navigateur n'a pas gardé la dernière sauvegarde : QuotaExceededError: Failed to execute
    'setItem' on 'Storage'…", the browser's English, and nothing of what to do."""
    from incognito_nb.ui.i18n import language

    page_sends(folder, {"kind": "saves", "saves": {}})
    page_sends(folder, {"kind": "failed", "name": "autosave", "full": True,
                        "error": "QuotaExceededError: Failed to execute 'setItem' on 'Storage'"})
    with pytest.raises(SaveError) as refused:
        folder.save(a_game())
    said = language("fr").error(refused.value)
    assert "QuotaExceeded" not in said and "plein" in said and "onglet" in said, said


def test_a_storage_full_is_said_once_on_the_table_page(folder):
    """Inside the page's "Autosave failed: … The game goes on; use Save now once fixed." it said
    the game goes on twice, and to press Save now, where the storage has no room for it."""
    from incognito_nb.ui.pages.table import TableApp

    app = TableApp(folder=folder, language="de")
    page_sends(folder, {"kind": "saves", "saves": {}})
    page_sends(folder, {"kind": "failed", "name": "autosave", "full": True, "error": "QuotaExceededError"})
    app.start(a_game())
    said = app.message.value
    app.close()
    assert "voll" in said and said.count("geht") == 1 and "Jetzt speichern" not in said, said


def test_a_game_saved_by_another_tab_is_said_on_this_one(folder):
    """Two tabs of the site resumed one game: each wrote its own moves over the other's
    autosave (Ben's Done in the first tab gone from the save after the second's next stroke),
    and neither said anything. The other tab's writes now reach this page, which says so."""
    from incognito_nb.ui.pages.table import TableApp

    app = TableApp(folder=folder, language="fr")
    page_sends(folder, {"kind": "saves", "saves": {}})
    app.start(a_game())
    assert "onglet" not in app.message.value
    page_sends(folder, {"kind": "elsewhere", "name": "autosave"})
    said = app.message.value
    app.close()
    assert "autre onglet" in said and 'role="alert"' in said, said


def test_save_names_follow_the_folder_rules(folder):
    with pytest.raises(SaveError):
        folder.save(a_game(), "../x")
    folder.delete("nothing-there")
    assert folder.sent == []


def test_a_folder_on_disk_is_loaded_at_once(tmp_path):
    heard = []
    GameFolder(tmp_path).on_loaded(lambda: heard.append(True))
    assert heard == [True]


def test_save_now_on_the_static_site_says_where_in_the_pages_language(folder):
    """The static site's Save now said "Enregistrée à 16:35 dans this browser's storage." on a
    French page: the place is said in the page's language."""
    from incognito_nb.ui.i18n import language
    from incognito_nb.ui.pages.table import TableApp

    app = TableApp(folder=folder, language="fr")
    page_sends(folder, {"kind": "saves", "saves": {}})
    app.start(a_game())
    app.save_now()
    said = app.teacher.status_text
    app.close()
    time = said.split(" ")[2]  # "Enregistrée à 16:35 dans …"
    assert said == language("fr")._("Saved at {time} in this browser's storage.", time=time), said
    assert "browser" not in said and "navigateur" in said, said
