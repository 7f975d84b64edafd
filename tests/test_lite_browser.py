"""The static site (``incognito-nb lite build``) played in Chromium, with no server but a
static one and no network: every request to a host other than 127.0.0.1 is aborted.

The site is built once per session from this checkout, the way the README says, and
served with ``python -m http.server``.  The game is played through the stable CSS hooks
only, with the same driver as the Voilà dashboard's tests (``table_driver.Table``): the
kernel now runs in the browser (Pyodide), the saves live in the browser's storage.
"""

from __future__ import annotations

import io
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import pytest
from playwright.sync_api import expect

from browser import ARTIFACTS, OwnOrigin, free_port, need_chromium, outside_requests, server, wait_for_ink
from table_driver import (FIND, MIDDLE, NONE, STEP, STROKES, WRONG, Plan, Table, Watch, check_reports,
                          download_takeaways)

pytestmark = pytest.mark.browser

#: A cold start of the in-browser kernel on a loaded 2-core machine (Pyodide and its wheels).
COLD = 180_000
ANA_BEN_CLEO = ["Ana", "Ben", "Cleo"]


@pytest.fixture(scope="session")
def lite_site(tmp_path_factory) -> Path:
    """Builds the static site once for the session, as the README says, and returns its folder."""
    out = tmp_path_factory.mktemp("lite") / "site"
    done = subprocess.run([sys.executable, "-m", "incognito_nb.app.launcher", "lite", "build", str(out)],
                          capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert (out / "index.html").is_file() and (out / "static/pyodide/pyodide-lock.json").is_file()
    return out


@pytest.fixture(scope="module")
def site_url(lite_site):
    """Serves the site with ``python -m http.server`` and yields its address."""
    port = free_port()
    with server([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "-d", str(lite_site)],
                f"http://127.0.0.1:{port}/", name="http.server") as url:
        yield url


class LiteTable(Table):
    """The dashboard of the static site: the same moves, a longer wait for the first screen."""

    def open(self) -> None:
        self.page.goto(self.url, timeout=COLD)
        self.page.wait_for_selector(".inc-setup", timeout=COLD)
        self.page.wait_for_selector("#loading", state="hidden", timeout=COLD)


@pytest.fixture
def offline_context(browser, site_url):
    """Yields a fresh browser context (its own storage) in which only 127.0.0.1 answers;
    ``context.outside`` lists the requests to other hosts, ``context.origin.foreign`` those to
    anywhere but the site's own server (another port included)."""
    need_chromium()
    context = browser.new_context(viewport={"width": 1100, "height": 900}, accept_downloads=True)
    context.outside = outside_requests(context, refused=True)
    context.origin = OwnOrigin(context, site_url)
    yield context
    context.close()


def asked_only_the_site(context) -> None:
    """Asserts that the context's pages asked nothing of any other host, nor of another server."""
    assert context.outside == [] and context.origin.foreign == [], (context.outside, context.origin.foreign)


def test_a_whole_game_in_the_static_site_with_no_network(offline_context, site_url, tmp_path):
    """Three rounds from setup to podium and the downloads, with every outside request aborted."""
    page = offline_context.new_page()
    table = LiteTable(page, site_url)
    table.open()
    assert page.url.startswith(site_url + "voici/render/play.html"), page.url  # index.html opens the dashboard
    table.start(ANA_BEN_CLEO)
    plans: list[Plan] = [
        {"Ana": {"Ben": WRONG, "Cleo": NONE}, "Ben": {"Ana": FIND, "Cleo": WRONG}, "Cleo": {"Ana": FIND, "Ben": WRONG}},
        {"Ana": {"Ben": WRONG, "Cleo": FIND}, "Ben": {"Ana": NONE, "Cleo": FIND}, "Cleo": {"Ana": WRONG, "Ben": FIND}},
        {"Ana": {}, "Ben": {}, "Cleo": {}},
    ]
    totals = dict.fromkeys(ANA_BEN_CLEO, 0)
    for number, plan in enumerate(plans, start=1):
        page.locator(".inc-header", has_text=f"Round {number} of 3").wait_for(timeout=STEP)
        table.hide_round(snap="lite_" if number == 1 else "")
        # In the last round (no card kept) each voter places card 1 and takes it back with "no
        # card" (on the Pyodide kernel None reached the page as undefined, and "no card" did nothing).
        points = table.play_find_and_score(plan, snap="lite_" if number == 1 else "", change_mind=number == 3)
        totals = {player: totals[player] + points[player] for player in ANA_BEN_CLEO}
        assert table.scores() == totals, f"after round {number}"
        table.press(".inc-next")
        if number < 3:
            table.press(".inc-next")
            table.wait_for_curtain("Ana")
    assert totals == {"Ana": 1, "Ben": 4, "Cleo": 2}
    winners = page.locator(".inc-winners")
    winners.wait_for(timeout=STEP)
    assert winners.inner_text().strip() == "Ben wins!"
    table.snap("lite_8_podium")
    take_the_game_home(table, tmp_path)
    # The same interface as under Voila: projector mode, and another language for the next game.
    page.click(".inc-projector-toggle")
    page.wait_for_selector(".inc-app.inc-projector", timeout=STEP)
    page.click(".inc-projector-toggle")
    page.wait_for_selector(".inc-app:not(.inc-projector)", timeout=STEP)
    table.press(".inc-new-game")
    page.select_option(".inc-language select", label="Español")
    page.get_by_role("button", name="Empezar la partida").wait_for(timeout=STEP)
    page.select_option(".inc-language select", label="Deutsch")  # Babel's German data: in the site
    page.locator(".inc-start", has_text="Spiel starten").wait_for(timeout=STEP)
    assert "Gegenstände" in page.locator(".inc-deck select").evaluate("s => s.options[0].text")
    table.watch.check()
    asked_only_the_site(offline_context)  # the site asked no other host for anything


def take_the_game_home(table: Table, folder: Path) -> None:
    """Downloads every file the static site's game-over screen offers, and opens each one;
    first with the network dropping the request for the poster's packages."""
    page = table.page
    # The poster's wheels come from the site only now. A network that drops the request without
    # a word (held here, never answered): after ANSWER_WITHIN seconds the poster is said to be not
    # made, and why, beside the other three files, with the button to try again (it said "Making
    # the poster…" for ever; before that, "Could not make the files: No module named 'fpdf'", in
    # English, with none of them).
    from incognito_nb.app.lite.exports import ANSWER_WITHIN

    table.watch.check()
    wheel, held = "**/static/pyodide/fpdf2-*.whl", []
    page.context.route(wheel, lambda route: held.append(route))  # never answered
    pressed = time.monotonic()
    page.click(".inc-prepare-downloads", timeout=STEP)
    status = page.locator(".inc-takeaways-status", has_text="Poster for the wall (PDF): not made.")
    status.wait_for(timeout=STEP * 3 + ANSWER_WITHIN * 1000)
    waited = time.monotonic() - pressed
    assert held and waited >= ANSWER_WITHIN, (held, waited)  # the wheel was asked for, and waited for
    print(f"poster given up on after {waited:.1f} s")
    assert "the server the game came from did not answer" in status.inner_text()
    assert [link.get_attribute("download") for link in page.locator(".inc-download").all()] == \
        ["results.csv", "vocabulary.csv", "drawings.zip"]
    table.watch.forget()  # the dropped wheel, and Pyodide's console lines about it
    page.context.unroute(wheel)
    page.click(".inc-prepare-downloads", timeout=STEP)  # the files are made while the page waits
    page.wait_for_function(
        """() => document.querySelector('.inc-downloads .inc-download-poster') ||
                 (document.querySelector('.inc-takeaways-status')?.innerText || '').includes('Could not')""",
        timeout=STEP * 3)
    assert page.locator(".inc-download").count(), page.inner_text(".inc-takeaways")
    table.snap("lite_9_takeaways")
    received = download_takeaways(page, folder)
    assert set(received) == {"poster.pdf", "results.csv", "vocabulary.csv", "drawings.zip"}
    from PIL import Image

    with zipfile.ZipFile(received["drawings.zip"]) as archive:
        for name in check_reports(received, table, ANA_BEN_CLEO):
            picture = Image.open(io.BytesIO(archive.read(name))).convert("RGB")
            assert picture.size == (800, 600)
            # Each player drew a stroke across the middle band: the PNG shows ink there.
            band = picture.crop((MIDDLE[0], MIDDLE[1], MIDDLE[0] + MIDDLE[2], MIDDLE[1] + MIDDLE[3]))
            assert band.convert("L").getextrema()[0] < 128, name


def test_a_page_opened_again_offers_the_game_back_from_the_browser_storage(offline_context, site_url):
    """The tab closed mid-round (the kernel with it) and the site opened again: the game
    kept in the browser is offered, and goes on where it stood."""
    page = offline_context.new_page()
    table = LiteTable(page, site_url)
    table.open()
    table.start(ANA_BEN_CLEO)
    table.open_pad("Ana")
    # Keyboard play as under Voila: the focus guard frees the Tab key from every canvas.
    page.wait_for_function("""() => { const c = [...document.querySelectorAll('.inc-app canvas')];
                                      return c.length > 0 && c.every(e => e.getAttribute('tabindex') === '-1'); }""",
                           timeout=STEP)
    table.draw(STROKES[0])
    table.done()
    ben_secret = table.open_pad("Ben")
    table.draw(STROKES[1])  # ... and the tab is closed before Ben presses Done
    page.wait_for_function(
        """() => { const e = localStorage.getItem('incognito-nb:save:autosave');
                   return e && JSON.parse(JSON.parse(e).game).table.drawings.Ben.length === 1; }""",
        timeout=STEP)
    table.watch.check()

    page.close()  # the kernel, in the page, goes with it; the browser's storage stays
    page = offline_context.new_page()
    table.page, table.watch = page, Watch(page)
    table.open()
    offer = page.locator(".inc-resume")
    offer.wait_for(state="visible", timeout=STEP)
    assert all(name in offer.inner_text() for name in ANA_BEN_CLEO), offer.inner_text()
    table.press(".inc-resume-game")
    table.wait_for_curtain("Ben")  # Ana is done; Ben is still drawing
    assert table.open_pad("Ben") == ben_secret
    wait_for_ink(page, ".inc-pad canvas", region=MIDDLE, timeout=STEP, min_pixels=table.whole_drawing("Ben"))
    table.snap("lite_resume_pad")
    table.done()
    table.open_pad("Cleo")
    storage_full_is_said_at_the_save_it_refused(table)
    table.done()
    assert set(table.secrets.values()) <= set(table.lineup())
    table.watch.check()
    asked_only_the_site(offline_context)


#: Fills the site's storage to its last few bytes (another app's data, as a shared school
#: computer may hold) and returns how many characters went in.
FILL_THE_STORAGE = """() => {
  let size = 1 << 22, kept = 0, key = 0;
  while (size >= 1) {
    try { localStorage.setItem("filler:" + key, "x".repeat(size)); key += 1; kept += size; }
    catch (error) { size = Math.floor(size / 2); }
  }
  return kept;
}"""
#: Keeps every text the teacher bar's status line shows, in order.
STATUS_SAID = """() => {
  window.__incStatus = [];
  const note = () => {
    const text = document.querySelector(".inc-teacher-status")?.innerText || "";
    if (window.__incStatus.at(-1) !== text) window.__incStatus.push(text);
  };
  new MutationObserver(note).observe(document.body, { childList: true, subtree: true, characterData: true });
}"""


def storage_full_is_said_at_the_save_it_refused(table: Table) -> None:
    """The site's storage full as Cleo draws: the stroke's autosave is refused, and said at
    once (it was said at the next move, whose own save was then never sent); Save now says
    it is saving, then that the save was not kept, never "Saved" (it said "Saved at 10:35 in
    this browser's storage." as soon as the game was sent); with room again, Save now keeps
    the game, Cleo's stroke in it."""
    page = table.page
    filled = page.evaluate(FILL_THE_STORAGE)
    print(f"storage filled with {filled:,} characters beside the save")
    table.draw(STROKES[2])
    full = "This browser's storage for this site is full"
    page.locator(".inc-message .inc-problem", has_text=full).wait_for(timeout=STEP)
    page.evaluate(STATUS_SAID)
    page.click(".inc-save", timeout=STEP)
    page.locator(".inc-teacher-status", has_text=full).wait_for(timeout=STEP)
    said = page.evaluate("window.__incStatus")
    assert not any("Saved" in text for text in said), said
    page.evaluate("() => Object.keys(localStorage).filter(k => k.startsWith('filler:'))"
                  ".forEach(k => localStorage.removeItem(k))")
    page.click(".inc-save", timeout=STEP)
    page.locator(".inc-teacher-status", has_text="Saved at").wait_for(timeout=STEP)
    assert "in this browser's storage." in page.inner_text(".inc-teacher-status")
    assert page.evaluate("""() => JSON.parse(JSON.parse(localStorage.getItem('incognito-nb:save:autosave')).game)
                                  .table.drawings.Cleo.length""") == 1


def test_the_built_site_holds_every_wheel_its_lock_names_compiled_for_the_browser(lite_site):
    """What the browser will load is all in the folder: the lock's wheels, as Python 3.12
    bytecode where the kernel imports them at start, and no page links to another host."""
    import json
    import re

    folder = lite_site / "static/pyodide"
    lock = json.loads((folder / "pyodide-lock.json").read_text())
    assert lock["info"]["python"].startswith("3.12")
    for name, entry in lock["packages"].items():
        assert (folder / entry["file_name"]).is_file(), name
    with zipfile.ZipFile(folder / lock["packages"]["ipython"]["file_name"]) as wheel:
        members = wheel.namelist()
        assert "IPython/__init__.pyc" in members and "IPython/__init__.py" not in members
        assert wheel.read("IPython/__init__.pyc")[:4] == (3531).to_bytes(2, "little") + b"\r\n"  # 3.12's magic
    with zipfile.ZipFile(folder / lock["packages"]["ssl"]["file_name"]) as wheel:
        assert all(".dist-info/" in name for name in wheel.namelist())  # an empty package
    for page in lite_site.rglob("*.html"):
        assert not re.search(r"""(?:src|href)\s*=\s*["'](?:https?:)?//""", page.read_text(encoding="utf-8")), page


#: The widgets' front end opening its control comm and asking for every widget's state, as
#: ipywidgets 8's ``_loadFromKernel`` does on every page load, sent to the replayed kernel.
ASK_FOR_THE_WIDGETS = """
import json, pyodide_kernel
sent = []
pyodide_kernel.ipython_shell.send_comm = lambda msg_type, content, *rest: sent.append((msg_type, content))
manager = pyodide_kernel.kernel_instance.comm_manager
manager.comm_open(None, None, {"content": {"comm_id": "control", "target_name": "jupyter.widget.control",
                                           "data": {}}, "metadata": {"version": "1.0.0"}})
manager.comm_msg(None, None, {"content": {"comm_id": "control", "data": {"method": "request_states"}}})
json.dumps([[msg_type, content.get("data", {}).get("method")] for msg_type, content in sent])
"""


def test_the_kernel_answers_the_widgets_control_comm_as_soon_as_it_has_started(lite_site):
    """The site's kernel, its start replayed in Node.js from the built folder, answers the
    page's ``jupyter.widget.control`` comm with the widgets' states before any cell ran
    (without the IPython configuration the site carries, it closed that comm: nothing had
    imported ipywidgets yet)."""
    import json

    replay = Path(__file__).with_name("lite_kernel_start.mjs")
    done = subprocess.run(["node", str(replay), str(lite_site), ASK_FOR_THE_WIDGETS],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    assert json.loads(done.stdout.strip().splitlines()[-1]) == [["comm_msg", "update_states"]]


#: Records, in order, the step the loading screen calls current, and the bar's values.
LOADING_STEPS = """
window.__incSteps = { now: [], bars: [], elapsed: [] };
new MutationObserver(() => {
  const now = document.querySelector("#loading .inc-loading-now");
  const text = now ? (now.firstChild && now.firstChild.textContent || "").trim() : "";
  if (text && window.__incSteps.now[window.__incSteps.now.length - 1] !== text) window.__incSteps.now.push(text);
  const elapsed = document.querySelector("#loading .inc-loading-elapsed");  // "12 s": on how many lines
  if (elapsed && elapsed.textContent) {
    const range = document.createRange();
    range.selectNodeContents(elapsed);
    window.__incSteps.elapsed.push([elapsed.textContent, range.getClientRects().length]);
  }
  const bar = document.querySelector("#loading .inc-loading-bar");
  if (bar && window.__incSteps.bars[window.__incSteps.bars.length - 1] !== bar.value) window.__incSteps.bars.push(bar.value);
}).observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
"""


#: Keeps what the page shows at the moment the loading screen leaves it: the dashboard's classes and its text.
AT_REVEAL = """
new MutationObserver((records, observer) => {
  if (document.getElementById("loading") || !document.getElementById("rendered_cells")) return;
  const app = document.querySelector("#rendered_cells .inc-app");
  window.__incAtReveal = { app: app ? app.className : "", text: document.getElementById("rendered_cells").innerText };
  observer.disconnect();
}).observe(document, { childList: true, subtree: true });
"""


@pytest.mark.parametrize("code", ["es", "de"])
def test_the_static_site_loads_and_plays_in_the_language_its_address_asks_for(offline_context, site_url, code):
    """``?lang=es`` on the static site.  Its loading screen: instead of Voici's "Starting up
    kernel..." for half a minute, the project's steps in the page's language, moving on the
    platform's own calls, and a bar that grows.  Its game: the kernel (in a Web Worker) never
    sees the page's address, so the page tells it; the loading screen stays until the
    dashboard speaks the language, whose first screen then shows no English; the menu chosen
    afterwards wins.  (One page load for both: a Pyodide start is the test's cost.)"""
    from languages import english_in, shown_texts

    from incognito_nb.app.loading import loading_words
    from incognito_nb.ui.i18n import language

    words = loading_words(language(code))
    page = offline_context.new_page()
    page.add_init_script(LOADING_STEPS)
    page.add_init_script(AT_REVEAL)
    page.goto(f"{site_url}?lang={code}", timeout=COLD)  # the front page keeps the query
    page.wait_for_selector("#loading .inc-loading-now", timeout=COLD)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"lite_loading_{code}.png"))
    assert page.inner_text("#loading h1") == words["title"]
    page.wait_for_selector("#loading", state="detached", timeout=COLD)
    page.wait_for_selector(".inc-setup", timeout=STEP)
    seen = page.evaluate("window.__incSteps")
    steps = [words[key] for key in ("page", "packages", "game", "screen")]
    assert [step for step in seen["now"] if step not in steps] == [], seen
    assert len(seen["now"]) >= 3 and seen["now"] == [s for s in steps if s in seen["now"]], seen  # in order
    assert max(seen["bars"]) > min(seen["bars"]), seen
    # The seconds beside a long step stay on one line ("10" then "s" under it, in German or French).
    assert seen["elapsed"] and all(lines == 1 for _, lines in seen["elapsed"]), seen["elapsed"]
    assert english_in(seen["now"], code) == []

    revealed = page.evaluate("window.__incAtReveal")  # what the page showed as the loading screen went
    assert f"inc-lang-{code}" in revealed["app"].split(), revealed
    assert english_in(revealed["text"].replace("\u00a0", " ").splitlines(), code) == [], revealed
    assert "?lang=" + code in page.url
    assert f"inc-lang-{code}" in page.locator(".inc-app").get_attribute("class")
    page.screenshot(path=str(ARTIFACTS / f"lite_first_screen_{code}.png"))
    texts = [text.replace("\u00a0", " ") for text in shown_texts(page)]
    assert english_in(texts, code) == [], texts
    assert page.evaluate("document.documentElement.lang") == code
    page.select_option(".inc-language select", label="English")  # the menu still works, and wins
    page.locator(".inc-start", has_text="Start the game").wait_for(timeout=STEP)
    asked_only_the_site(offline_context)


def test_the_static_sites_dashboard_keeps_projector_mode_in_its_address(offline_context, site_url):
    """``?projector=1`` on the static site opens the dashboard in projector mode (its kernel,
    in a Web Worker, never sees the address: the toggle's page tells it), and the toggle
    turned off writes ``?projector=0`` there, for a reload."""
    page = offline_context.new_page()
    page.goto(f"{site_url}?projector=1", timeout=COLD)  # the front page keeps the query
    page.wait_for_selector("#loading", state="detached", timeout=COLD)
    page.wait_for_selector(".inc-app.inc-projector .inc-setup", timeout=STEP)
    # aria-pressed is set by the toggle's own widget, which may render after the app's class.
    expect(page.locator(".inc-projector-toggle")).to_have_attribute("aria-pressed", "true", timeout=STEP)
    page.click(".inc-projector-toggle")
    page.wait_for_selector(".inc-app:not(.inc-projector)", timeout=STEP)
    page.wait_for_url("**projector=0", timeout=STEP)
    asked_only_the_site(offline_context)


def test_the_front_page_lets_its_own_request_finish_before_it_opens_the_dashboard(browser):
    """The front page sends the browser on once it has loaded, not as its script is read: a
    response the browser has read but not finished (a loaded server's last bytes late) was
    aborted by its own page (``net::ERR_ABORTED``: the whole-game test failed on it once, 5
    loads in 150 beside three busy processes). Here the server holds the response's end for
    0.8 s, as a busy one might; without JavaScript, the ``<noscript>`` refresh does it."""
    import threading
    import time
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    from incognito_nb.app.lite.build import _index_page

    front = _index_page().encode()

    class Slow(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_GET(self) -> None:  # noqa: N802 - http.server's name
            if self.path.split("?")[0] != "/":
                body = b"<!DOCTYPE html><title>the dashboard</title>"
                self.send_response(200)
                self.send_header("Content-Type", "text/html")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
                return
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            self.wfile.write(b"%x\r\n%s\r\n" % (len(front), front))  # the whole page, read at once
            self.wfile.flush()
            time.sleep(0.8)  # the response's end, late
            self.wfile.write(b"0\r\n\r\n")

        def log_message(self, *args) -> None:
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Slow)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{httpd.server_address[1]}/"
    try:
        for scripts in (True, False):
            context = browser.new_context(java_script_enabled=scripts)
            page = context.new_page()
            failed: list[str] = []
            page.on("requestfailed", lambda request: failed.append(f"{request.url} {request.failure}"))
            page.goto(url + "?lang=es")
            page.wait_for_url("**/voici/render/play.html*", timeout=STEP)
            page.evaluate("() => 0")
            assert failed == [], failed
            assert page.url.endswith("play.html?lang=es" if scripts else "play.html"), page.url
            context.close()
    finally:
        httpd.shutdown()


@pytest.mark.parametrize("code", ["en", "fr"])
def test_the_site_opened_as_a_file_says_it_needs_a_web_server(browser, lite_site, code):
    """A teacher who double-clicks ``index.html`` on the USB stick opens the site from
    ``file://``, where the browser refuses the kernel's Web Worker and the service worker:
    the loading screen said "Loading the page 24 s" for ever. It says instead, in the page's
    language, that the folder must be served, and how, with the folder's own path."""
    from incognito_nb.app.loading import loading_words
    from incognito_nb.ui.i18n import language

    need_chromium()
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    context.route(lambda url: not url.startswith("file:"), lambda route: route.abort())
    try:
        page = context.new_page()
        page.goto((lite_site / "index.html").as_uri() + f"?lang={code}")
        page.wait_for_url("**/voici/render/play.html*", timeout=STEP)
        words = loading_words(language(code))
        expected = words["from_file"].format(folder=str(lite_site))
        note = page.locator("#loading .inc-loading-note")
        note.wait_for(timeout=STEP)
        page.wait_for_function("t => document.querySelector('#loading .inc-loading-note').textContent === t",
                               arg=expected, timeout=STEP)
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"lite_opened_as_a_file_{code}.png"))
        assert page.get_attribute("#loading", "role") == "alert"
        assert page.locator("#loading .inc-loading-steps li").count() == 0  # no step that will never come
    finally:
        context.close()
