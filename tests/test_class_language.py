"""Every word in the class's language (issue 18): the classroom server's terminal in
``--language``, the loading screen of every Voilà page (the table dashboard's and the
classroom's) in the page's language, and the deck of the class's language preselected.

The loading screen is read while it is up: a script added before the page's own records
every text the screen shows as the page starts, and any moment the page's cells were shown
without it (when Voilà's "Loading widget..." would be seen).  Screenshots go to
``artifacts/class_language_*.png``.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from browser import ARTIFACTS, free_port, launcher_server
from classroom_server import PASSPHRASE, classroom as running_classroom
from languages import english_in
from table_driver import SLOW

#: Records what the loading screen says as a page starts, and what the page shows without it.
WATCH = """
window.__incSeen = { loading: [], bare: [] };
new MutationObserver(() => {
  const screen = document.getElementById("loading");
  if (screen) {
    for (const piece of screen.innerText.split("\\n").map((t) => t.trim()).filter(Boolean)) {
      if (!window.__incSeen.loading.includes(piece)) window.__incSeen.loading.push(piece);
    }
  }
  const cells = document.getElementById("rendered_cells");
  if (cells && cells.style.display !== "none" && !screen && /Loading widget|Executing|Running/.test(cells.innerText)) {
    window.__incSeen.bare.push(cells.innerText.slice(0, 120));
  }
}).observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
"""

#: Voilà's own loading texts (share/jupyter/voila/templates/base: spinner and setup macros;
#: the widgets manager's renderer): none may show.
VOILA_ENGLISH = ("Running ", "Executing ", "Reading ", "Loading widget", "Starting up kernel")


def watched_page(browser, width: int = 1280, height: int = 720):
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.add_init_script(WATCH)
    return context, page


def check_loading(page, code: str, name: str) -> list[str]:
    """Waits for the loading screen, snaps it, waits until the page's first screen replaced it,
    and returns what it said (asserting no English of Voilà's or the catalogue's in it)."""
    page.wait_for_selector("#loading .inc-loading-now", timeout=SLOW)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"class_language_{name}.png"))
    page.wait_for_selector(".inc-app", timeout=SLOW)
    page.wait_for_selector("#loading", state="detached", timeout=SLOW)
    seen = page.evaluate("window.__incSeen")
    assert seen["bare"] == [], seen["bare"]
    said = seen["loading"]
    assert said, "the loading screen said nothing"
    assert english_in(said, code) == [], said
    assert not [text for text in said if text.startswith(VOILA_ENGLISH)], said
    return said


@pytest.mark.browser
@pytest.mark.parametrize("code, title", [("es", "Incognito se está preparando…"), ("de", "Incognito wird vorbereitet …")])
def test_the_dashboards_loading_screen_speaks_the_class_language(browser, tmp_path, code, title):
    with launcher_server(tmp_path / "saves", extra_args=["--language", code]) as url:
        context, page = watched_page(browser)
        try:
            page.goto(url, wait_until="commit", timeout=SLOW)
            said = check_loading(page, code, f"dashboard_{code}")
            assert title in said
            assert page.evaluate("document.documentElement.lang") == code
        finally:
            context.close()


@pytest.mark.browser
def test_a_page_asking_for_its_language_loads_in_it(browser, tmp_path):
    with launcher_server(tmp_path / "saves") as url:
        context, page = watched_page(browser)
        try:
            page.goto(url + "?lang=de", wait_until="commit", timeout=SLOW)
            assert "Incognito wird vorbereitet …" in check_loading(page, "de", "dashboard_lang_de")
        finally:
            context.close()


@pytest.mark.browser
def test_a_spanish_classroom_loads_in_spanish_and_offers_the_spanish_deck(browser, tmp_path):
    with running_classroom(tmp_path, "--language", "es") as room:
        context, page = watched_page(browser)
        try:
            page.goto(f"{room.render}/teacher.ipynb", timeout=SLOW)
            page.wait_for_selector(".inc-create", timeout=SLOW)
            chosen = page.locator("#inc-deck").evaluate("s => s.options[s.selectedIndex].text")
            assert chosen == "Cosas de todos los días", chosen
            page.screenshot(path=str(ARTIFACTS / "class_language_classroom_form_es.png"))
            page.locator(".inc-rounds input").fill("1")
            page.click(".inc-create")
            # The table's teacher page: its loading screen in the table's language.
            check_loading(page, "es", "classroom_teacher_es")
        finally:
            context.close()


@pytest.mark.browser
def test_a_german_table_in_an_english_classroom_loads_in_german(browser, tmp_path):
    """The server speaks English; the teacher makes a German table: its pages load in German.
    No kernel is kept warm, so the page is streamed piece by piece as Voilà renders it (a warm
    kernel's page, written before its request in one piece, is the other way: both are in
    ``test_page_language.py``); the streamed page once loaded in English whenever no warm
    kernel was ready (1 run in 6)."""
    with running_classroom(tmp_path, "--ClassroomServer.max_warm=0") as room:
        context, page = watched_page(browser)
        try:
            page.goto(f"{room.render}/teacher.ipynb", timeout=SLOW)
            page.wait_for_selector(".inc-create", timeout=SLOW)
            page.select_option("#inc-language", "de")
            page.locator(".inc-rounds input").fill("1")
            page.click(".inc-create")
            assert "Incognito wird vorbereitet …" in check_loading(page, "de", "classroom_teacher_de")
        finally:
            context.close()


def test_the_classroom_server_says_its_addresses_and_passphrase_in_its_language(tmp_path):
    """``incognito-nb classroom --language es`` prints Spanish (stopped as soon as it has said it)."""
    port = free_port()
    env = dict(os.environ, INCOGNITO_NB_PASSPHRASE=PASSPHRASE)
    process = subprocess.Popen([sys.executable, "-m", "incognito_nb.app.launcher", "classroom", "--no-browser",
                                "--port", str(port), "--store", str(tmp_path / "c.sqlite"), "--language", "es"],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, cwd=tmp_path, env=env,
                               start_new_session=True)
    try:
        lines = [process.stdout.readline().strip() for _ in range(6)]
    finally:
        import signal

        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=30)
    assert lines[0].startswith("Página del docente: http://127.0.0.1:"), lines
    assert lines[1].startswith("Página de los alumnos: "), lines
    assert lines[2].startswith("Solo este ordenador puede abrir estas páginas. Para que entren los dispositivos "
                               "de la clase, inicia el servidor con --host 0.0.0.0"), lines
    assert lines[3].startswith(f"Contraseña de la clase: {PASSPHRASE} (solo este ordenador crea mesas"), lines
    assert "un fallo no hace perder nada" in lines[4], lines
    assert lines[5] == "Pulsa Ctrl+C para detenerlo.", lines
    assert english_in(lines, "es") == [], lines


def test_the_setup_form_offers_the_deck_of_its_language_first():
    from incognito_nb import Deck
    from incognito_nb.ui.i18n import language
    from incognito_nb.ui.widgets.setup_form import SetupForm

    for code in ("es", "fr", "de"):
        form = SetupForm(on_start=lambda game, timer: None, lang=language(code))
        assert form.deck.language == code, code
        form.close()
    english = SetupForm(on_start=lambda game, timer: None, lang=language("en"))
    assert english.deck == Deck.builtin("everyday")
    own = Deck.builtin("nature")
    chosen = SetupForm(on_start=lambda game, timer: None, deck=own, lang=language("es"))
    assert chosen.deck == own  # the launcher's --deck stays first
    for form in (english, chosen):
        form.close()


def test_a_deck_left_as_offered_follows_the_language_and_a_deck_chosen_stays(tmp_path):
    from incognito_nb.store import GameFolder
    from incognito_nb.ui.pages.table import TableApp
    from incognito_nb.ui.widgets.setup_form import SetupForm

    app = TableApp(folder=GameFolder(tmp_path), language="en")
    try:
        form = next(w for w in app.stage.children if isinstance(w, SetupForm))
        assert form.deck.language == "en"
        app.choose_language("es")
        form = next(w for w in app.stage.children if isinstance(w, SetupForm))
        assert form.deck.language == "es"
        form.deck_choice.value = "builtin:nature"
        app.choose_language("de")
        form = next(w for w in app.stage.children if isinstance(w, SetupForm))
        assert form.deck_choice.value == "builtin:nature"
    finally:
        app.close()


def test_a_finished_saved_game_is_offered_as_finished_in_spanish(tmp_path):
    from test_score_widgets import finished_game

    from incognito_nb.store import GameFolder
    from incognito_nb.ui.pages.table import TableApp
    from incognito_nb.ui.widgets.setup_form import SetupForm

    GameFolder(tmp_path).save(finished_game())
    app = TableApp(folder=GameFolder(tmp_path), language="es")
    try:
        form = next(w for w in app.stage.children if isinstance(w, SetupForm))
        assert form.save_notice.startswith("La última partida ha terminado: Ana, Ben, Cleo — ")
        assert form.resume_button.description == "Ver sus resultados"
        assert form.discard_button.description == "Empezar una partida nueva"
        form.resume()
        assert app.game.phase.value == "over"
    finally:
        app.close()
