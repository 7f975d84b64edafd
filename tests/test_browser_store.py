"""The browser's storage as a store (the static site's saves), without a browser.

:class:`BrowserFolder` talks to the page through a widget; here the page's messages are
handed to it as the page would send them, and what it sends back is captured.
"""

from __future__ import annotations

import json

import pytest

from incognito_nb import Deck, Drawing, Game, SaveError, Stroke
from incognito_nb.store import GameFolder
from incognito_nb.store.browser import BrowserFolder, StorageFull
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


def page_answers(store: BrowserFolder, kind: str = "saved", *, save: dict | None = None, **more) -> None:
    """Answers a save the page was sent (the last one, unless ``save``), as browser.js does."""
    save = save or [sent for sent in store.sent if sent["kind"] == "save"][-1]
    page_sends(store, {"kind": kind, "name": save["name"], "id": save["id"], **more})


QUOTA = {"error": "QuotaExceededError: Failed to execute 'setItem' on 'Storage'", "full": True}


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
    assert type(folder.sent[-1]["id"]) is int  # the page answers it by this id
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


def test_a_save_the_browser_refused_is_said_when_it_refuses_and_the_next_is_still_sent(folder):
    """A refusal was said only at the next save, which raised it and was then never sent:
    one save late, and one save lost."""
    heard = []
    folder.on_save_problem(heard.append)
    page_sends(folder, {"kind": "saves", "saves": {}})
    folder.save(a_game())
    page_answers(folder, "failed", error="SecurityError: the operation is insecure", full=False)
    [refused] = heard
    assert isinstance(refused, SaveError) and "did not keep the last save: SecurityError" in str(refused)
    assert folder.problem == "SecurityError: the operation is insecure"
    folder.save(a_game())  # neither raises nor is kept back
    assert [sent["id"] for sent in folder.sent] == [1, 2]
    page_answers(folder, "saved")
    assert heard == [refused, None] and folder.problem is None  # a later save is kept: nothing lost
    folder.save(a_game())
    page_answers(folder, "saved")
    assert heard == [refused, None]  # nothing more to take back


def test_a_save_the_browser_refused_is_not_offered_as_kept(folder):
    """The tab keeps what it sent; a save the browser refused leaves the slot as the storage
    holds it, so the setup form never offers to resume a game "saved at" a time it was not."""
    kept, played = a_game(), a_game()
    played.mark_done("Ben")
    page_sends(folder, {"kind": "saves", "saves": {"autosave": kept_entry(kept)}})
    folder.save(played)
    assert folder.load().to_json() == played.to_json()  # on its way: a restart offers it at once
    page_answers(folder, "failed", **QUOTA)
    assert folder.load().to_json() == kept.to_json()
    assert [s.saved_at.isoformat() for s in folder.list()] == ["2026-11-30T10:00:00+00:00"]
    folder.save(played, "mine")  # a slot the storage never held: refused, it is not there
    page_answers(folder, "failed", **QUOTA)
    assert not folder.exists("mine")
    first = folder.save(played) and folder.sent[-1]  # refused while a later save is on its way
    folder.save(played)
    page_answers(folder, "failed", save=first, **QUOTA)
    assert folder.load().to_json() == played.to_json()
    page_answers(folder)  # ... which is kept
    folder.save(a_game())
    page_answers(folder, "failed", **QUOTA)
    assert folder.load().to_json() == played.to_json()


def test_what_the_page_sends_about_saves_is_checked(folder):
    """A curious student can send the kernel anything: answers to saves never sent, or
    answered already, or with another slot's name, or an error of a megabyte."""
    heard = []
    folder.on_save_problem(heard.append)
    page_sends(folder, {"kind": "saves", "saves": {}})
    folder.save(a_game())
    save = folder.sent[-1]
    for junk in ({"kind": "failed", "name": "autosave", "id": 99, **QUOTA},
                 {"kind": "failed", "name": "autosave", **QUOTA},
                 {"kind": "failed", "name": "autosave", "id": True, **QUOTA},
                 {"kind": "failed", "name": "autosave", "id": "1", **QUOTA},
                 {"kind": "failed", "name": "autosave", "id": 1.0, **QUOTA},
                 {"kind": "failed", "name": "other", "id": save["id"], **QUOTA},
                 {"kind": "failed", "name": ["autosave"], "id": save["id"], **QUOTA},
                 {"kind": "saved", "name": "autosave", "id": [1]},
                 ["failed", save["id"]], None, 3):
        page_sends(folder, junk)
    assert heard == [] and folder.problem is None
    page_answers(folder, "failed", save=save, error="x" * 2_000_000, full="yes")
    [refused] = heard
    assert not isinstance(refused, StorageFull) and len(str(refused)) < 400 and folder.problem == "x" * 300
    page_answers(folder, "saved", save=save)  # answered already
    page_answers(folder, "failed", save=save, error={"a": 1})
    assert heard == [refused] and folder.problem == "x" * 300


def test_saves_the_page_never_answers_are_not_kept_waiting_for_ever(folder):
    """Where the bridge's view is never shown (no browser), no answer comes: the saves
    waiting for one stay few, whatever the number of moves."""
    from incognito_nb.store.browser import WAITING_AT_MOST

    for _ in range(WAITING_AT_MOST * 3):
        folder.save(a_game())
    assert len(folder._waiting_answer) == WAITING_AT_MOST
    page_answers(folder, "failed", save=folder.sent[0], **QUOTA)  # forgotten: passed over
    assert folder.problem is None


def test_a_storage_full_is_said_in_the_pages_language_with_what_to_do(folder):
    """The browser's quota full: a French page said "La sauvegarde automatique a échoué : Le
    navigateur n'a pas gardé la dernière sauvegarde : QuotaExceededError: Failed to execute
    'setItem' on 'Storage'…", the browser's English, and nothing of what to do."""
    from incognito_nb.ui.i18n import language

    heard = []
    folder.on_save_problem(heard.append)
    page_sends(folder, {"kind": "saves", "saves": {}})
    folder.save(a_game())
    page_answers(folder, "failed", **QUOTA)
    [refused] = heard
    assert isinstance(refused, StorageFull)
    said = language("fr").error(refused)
    assert "QuotaExceeded" not in said and "plein" in said and "onglet" in said, said


def test_a_storage_full_is_said_once_on_the_table_page(folder):
    """Inside the page's "Autosave failed: … The game goes on; use Save now once fixed." it said
    the game goes on twice, and to press Save now, where the storage has no room for it."""
    from incognito_nb.ui.pages.table import TableApp

    app = TableApp(folder=folder, language="de")
    page_sends(folder, {"kind": "saves", "saves": {}})
    app.start(a_game())
    page_answers(folder, "failed", full=True, error="QuotaExceededError")
    said = app.message.value
    app.close()
    assert "voll" in said and said.count("geht") == 1 and "Jetzt speichern" not in said, said


def test_an_autosave_refused_is_said_at_that_save_and_taken_back_once_a_later_one_is_kept(folder):
    """The refusal was said one save late: at the next move, whose own save was then not sent."""
    from incognito_nb.ui.pages.table import TableApp

    app = TableApp(folder=folder, language="en")
    page_sends(folder, {"kind": "saves", "saves": {}})
    app.start(a_game())
    first = folder.sent[-1]
    app.open_card("Ana")
    app.finish_drawing("Ana")  # a move: its save leaves before the first one is answered
    assert folder.sent[-1]["id"] == first["id"] + 1
    page_answers(folder, "failed", save=first, error="SecurityError: the operation is insecure")
    said = app.message.value
    assert "Autosave failed: The browser did not keep the last save: SecurityError" in said, said
    assert 'role="alert"' in said
    page_answers(folder, "saved")  # the move's save is kept: it holds everything the first held
    assert app.message.value == ""
    app.close()


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
    page_answers(folder, "saved")
    said = app.teacher.status_text
    app.close()
    time = said.split(" ")[2]  # "Enregistrée à 16:35 dans …"
    assert said == language("fr")._("Saved at {time} in this browser's storage.", time=time), said
    assert "browser" not in said and "navigateur" in said, said


def test_save_now_on_the_static_site_says_saved_only_once_the_browser_kept_it(folder):
    """Save now said "Saved at 16:35 in this browser's storage." as soon as the game was sent
    to the page, before the page had written anything: with the storage full, a save never
    kept read as saved."""
    from incognito_nb.ui.pages.table import TableApp

    app = TableApp(folder=folder, language="en")
    page_sends(folder, {"kind": "saves", "saves": {}})
    app.start(a_game())
    app.save_now()
    assert app.teacher.status_text == "Saving in this browser's storage…"
    page_answers(folder, "failed", **QUOTA)
    said = app.teacher.status_text
    assert "Saved" not in said and said.startswith("This browser's storage for this site is full"), said
    assert app.message.value == ""  # said once, where Save now speaks
    app.save_now()
    app.save_now()  # pressed twice: the first press's answer is not the last one's
    first, last = [sent for sent in folder.sent if sent["kind"] == "save"][-2:]
    page_answers(folder, "saved", save=first)
    assert app.teacher.status_text == "Saving in this browser's storage…"
    page_answers(folder, "failed", save=last, error="SecurityError: the operation is insecure")
    assert app.teacher.status_text == "The browser did not keep the last save: SecurityError: the operation is insecure"
    app.close()


def test_save_now_in_a_folder_on_disk_says_saved_at_once(tmp_path):
    from incognito_nb.ui.pages.table import TableApp

    app = TableApp(folder=GameFolder(tmp_path), language="en")
    app.start(a_game())
    app.save_now()
    said = app.teacher.status_text
    app.close()
    assert said.startswith("Saved at ") and said.endswith(f" in {tmp_path}."), said
