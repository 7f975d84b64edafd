"""A class in the classroom server (issue 19): the new-table form makes a class's tables, their
game joins the class's record at its game over, and the class's report is a page of the
server for the teacher only, with its files and a Delete that asks once more.

One server for the module, ``behind_proxy`` (so that a request naming an outside address
in ``X-Real-IP`` is a student's device) with no warm kernels: no test here opens a page
that needs one.  The game is played through the store, as a class's devices would play it.
"""

from __future__ import annotations

import io
import re
import sqlite3
import urllib.error
import urllib.parse
import urllib.request

import pytest

from a11y import check_modes
from browser import ARTIFACTS
from classroom_server import Browser, classroom
from incognito_nb.app.class_cli import main as class_main
from incognito_nb.engine import Action, Phase
from incognito_nb.engine.class_record import ClassRecord, GameRecord
from incognito_nb.engine.class_report import word_rows
from incognito_nb.store import open_store
from incognito_nb.store.backends import class_book_of
from tables import doodle
from test_class_store import everything_in

pytestmark = pytest.mark.browser

FORM = "/voila/render/teacher.ipynb"
OUTSIDE = {"X-Real-IP": "203.0.113.7"}  # what the proxy says of a student's phone
NEW_TABLE = {"deck": "everyday", "rounds": "1", "timer": "0"}


@pytest.fixture(scope="module")
def room(tmp_path_factory):
    with classroom(tmp_path_factory.mktemp("class-room"), "--ClassroomServer.behind_proxy=True",
                   "--ClassroomServer.max_warm=0") as running:
        yield running


def add_class(room, name: str, names: str) -> None:
    assert class_main(["add", name, "--names", names, "--store", room.store], out=io.StringIO()) == 0


def tables_in(store: str) -> list[tuple[str, str]]:
    with sqlite3.connect(store) as db:
        return db.execute("SELECT code, deck FROM tables").fetchall()


def location_code(headers) -> str:
    return urllib.parse.parse_qs(urllib.parse.urlsplit(headers["Location"]).query)["code"][0]


def play_to_the_end(store, code: str, key: str, tokens: dict[str, str]) -> dict[str, str]:
    """Plays the game at ``code``: everyone draws; each player finds the drawing of the next
    in seat order and leaves the others without a card.  Returns each drawn word's artist."""
    store.start(code, key)
    drawn = {}
    while (game := store.read(code).game).phase is not Phase.OVER:
        players = game.players
        if game.phase is Phase.HIDE:
            for seat, player in enumerate(players):
                drawn[game.secret_object(player)] = player
                store.act(code, Action.submit_drawing(player, doodle(seat)), seat_token=tokens[player])
        elif game.phase is Phase.FIND:
            for seat, voter in enumerate(players):
                artist = players[(seat + 1) % len(players)]
                number = game.lineup.index(game.secret_object(artist)) + 1
                store.act(code, Action.cast_vote(voter, artist, number), seat_token=tokens[voter])
                store.act(code, Action.confirm_votes(voter), seat_token=tokens[voter])
        store.act(code, Action.advance(force=True), teacher_key=key)
    return drawn


def seat_by_tapping(room, code: str, names) -> dict[str, str]:
    """Each student taps their name at the join door (the button posts it); returns the seat tokens."""
    tokens = {}
    for name in names:
        page = f"/voila/render/student.ipynb?code={code}"
        status, headers, _ = Browser(room.url).post("/classroom/join", page, {"code": code, "name": name})
        assert status == 303, (status, name)
        tokens[name] = urllib.parse.parse_qs(urllib.parse.urlsplit(headers["Location"]).query)["token"][0]
    return tokens


def test_the_form_makes_a_classs_tables_as_the_class_command_does_and_refuses_an_unknown_class(room):
    add_class(room, "7 Seas", "Ana,Ben,Cleo,Dev,Eli,Fay,Gus")
    teacher = Browser(room.url)
    status, _, html = teacher.get(FORM)
    assert status == 200 and '<option value="7 Seas">7 Seas</option>' in html and 'name="practice"' in html
    assert re.search(r'<option value="">No class</option>', html) and "classroom/classes?lang=en" in html
    before = tables_in(room.store)
    status, _, html = teacher.post("/classroom/tables", FORM, {**NEW_TABLE, "class": "7 Oceans"})
    assert status == 400 and "There is no class called 7 Oceans: choose a class from the list." in html
    assert 'class="inc-create"' in html, "said on the form itself"
    status, _, html = teacher.post("/classroom/tables", FORM, {**NEW_TABLE, "class": "<i>x</i>", "language": "de"})
    assert status == 400 and "Es gibt keine Klasse namens &lt;i&gt;x&lt;/i&gt;" in html and '<html lang="de">' in html
    assert tables_in(room.store) == before, "nothing created"
    status, headers, _ = teacher.post("/classroom/tables", FORM, {**NEW_TABLE, "class": "7 seas", "practice": "1"})
    assert status == 303 and "teacher.ipynb?code=" in headers["Location"]
    made = [row for row in tables_in(room.store) if row not in before]
    assert len(made) == 2, "seven students: two tables of four and three, as `class tables` makes them"
    with open_store(room.store) as store:
        book = class_book_of(store)
        seats = {code: book.names_at(code) for code, _ in made}
        assert sorted(seats.values()) == [("Ana", "Ben", "Cleo", "Dev"), ("Eli", "Fay", "Gus")]
        assert all('"practice"' in deck for _, deck in made), "the practice deal"
        assert store.read(location_code(headers)).rules.rounds == 1
    for code, _ in made:
        teacher.cookie(f"incognito_teacher_{code}")  # the teacher's browser holds each table's key
    status, headers, _ = teacher.post("/classroom/tables", FORM, {**NEW_TABLE, "class": "7 Seas"})
    assert status == 303
    plain = [row for row in tables_in(room.store) if row not in before and row not in made]
    assert len(plain) == 2 and not any('"practice"' in deck for _, deck in plain), "practice off: the plain deal"


def test_a_students_device_can_neither_open_a_classs_report_nor_delete_it(room):
    add_class(room, "Private 9", "Ana,Ben,Cleo")
    student = Browser(room.url)
    for path in ("/classroom/classes", "/classroom/classes?name=Private+9",
                 "/classroom/classes/file?name=Private+9&file=students.csv"):
        status, _, html = student.get(path, OUTSIDE)
        assert status == 403 and "only the teacher sees a class" in html and "Ana" not in html, path
    _, _, html = student.get("/voila/render/student.ipynb", OUTSIDE)
    xsrf = re.search(r'name="_xsrf" value="([^"]+)"', html).group(1)
    data = urllib.parse.urlencode({"_xsrf": xsrf, "name": "Private 9", "confirm": "1"}).encode()
    request = urllib.request.Request(room.url + "/classroom/classes/delete", data=data, headers=OUTSIDE)
    try:
        status = student.http.open(request, timeout=60).status
    except urllib.error.HTTPError as error:
        status = error.code
    assert status == 403
    with open_store(room.store) as store:
        assert class_book_of(store).entry("Private 9").students == ("Ana", "Ben", "Cleo"), "not deleted"
    assert Browser(room.url).get("/classroom/classes?name=Private+9")[0] == 200, "the teacher's laptop sees it"
    # A teacher's tablet that opened a class table's teacher link holds its key: it sees that class.
    out = io.StringIO()
    assert class_main(["tables", "Private 9", "--url", room.url, "--store", room.store], out=out) == 0
    link = re.search(r"teacher page (\S+)", out.getvalue()).group(1)
    tablet = Browser(room.url)
    assert tablet.get(link[len(room.url):], OUTSIDE)[0] == 303
    status, _, html = tablet.get("/classroom/classes?name=Private+9", OUTSIDE)
    assert status == 200 and '<h2 class="inc-class-name">Private 9</h2>' in html and 'class="inc-class-delete' in html
    assert tablet.get("/classroom/classes?name=7+Seas", OUTSIDE)[0] == 403, "not another class"


def test_a_class_plays_at_a_table_from_the_form_and_its_report_page_shows_the_game(room, browser):
    names = ("Quentin", "Roxane", "Sigrid")
    add_class(room, "3B Spanish", ",".join(names))
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    # The teacher page a new table opens needs a kernel: this test looks at the form and the report only.
    context.route(re.compile(r".*/voila/render/teacher\.ipynb\?code=.*"),
                  lambda route: route.fulfill(status=200, content_type="text/html", body="<p>teacher page</p>"))
    try:
        page = context.new_page()
        page.goto(f"{room.url}{FORM}")
        assert not page.is_visible(".inc-practice"), "no class chosen: no practice switch"
        page.select_option("#inc-class", "3B Spanish")
        assert page.is_checked("#inc-practice") and page.is_visible(".inc-practice")
        page.fill("#inc-rounds", "1")
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "class_room_form.png"))
        check_modes(page, "the new-table form with a class", modes=("light",))
        page.click(".inc-create")
        page.wait_for_url(re.compile(r"teacher\.ipynb\?code="), wait_until="commit")
        code = urllib.parse.parse_qs(urllib.parse.urlsplit(page.url).query)["code"][0]
        with open_store(room.store) as store:
            key = next(c["value"] for c in context.cookies() if c["name"] == f"incognito_teacher_{code}")
            tokens = seat_by_tapping(room, code, names)
            drawn = play_to_the_end(store, code, key, tokens)
            game = store.read(code).game
            kept = class_book_of(store).record("3B Spanish").games  # joined at the game over
            assert [g.game_id for g in kept] == [GameRecord.from_game(game, finished="-").game_id]
            store.play_again(code, key)
        page.goto(f"{room.url}/classroom/classes?name=3B+Spanish")
        page.wait_for_selector(".inc-class-words")
        page.screenshot(path=str(ARTIFACTS / "class_room_report.png"), full_page=False)
        check_modes(page, "a class's report", modes=("light",))
        page.locator(".inc-class-delete").scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / "class_room_report_end.png"))
        assert page.inner_text(".inc-class-name") == "3B Spanish" and "1 game" in page.inner_text(".inc-class-summary")
        rows = page.eval_on_selector_all(".inc-class-words tbody tr",
                                         "rows => rows.map(r => [...r.children].map(c => c.innerText))")
        by_word = {row[0]: row for row in rows}
        assert set(drawn) <= set(by_word), "every word drawn"
        for word in drawn:  # drawn once, two could find it, the next player did: 50 %
            assert by_word[word][2:6] == ["1", "2", "1", "50"], by_word[word]
        expected = word_rows(ClassRecord("3B Spanish", names, tuple(kept)))
        assert [row[0] for row in rows] == [row.word for row in expected]
        # Each column is said in words under the table, opened on a click.
        headers = page.eval_on_selector_all(".inc-class-words thead th", "cells => cells.map(c => c.innerText)")
        assert not page.is_visible(".inc-class-legend dl")
        page.click(".inc-class-legend summary")
        terms = page.eval_on_selector_all(".inc-class-legend dt", "terms => terms.map(t => t.innerText)")
        assert terms == headers[1:], terms
        assert all(page.eval_on_selector_all(".inc-class-legend dd", "said => said.map(d => d.innerText.length > 10)"))
        assert page.eval_on_selector(".inc-class-words td", "td => getComputedStyle(td).textAlign") == "right"
        page.screenshot(path=str(ARTIFACTS / "class_room_report_legend.png"), full_page=True)
        # On a teacher's phone the chart is the phone's own, as wide as the page (its type twice as
        # large: test_class_report_page.py); the page itself does not scroll sideways.
        page.set_viewport_size({"width": 390, "height": 844})
        page.wait_for_function("() => document.querySelector('.inc-class-chart').naturalWidth === 700")
        phone = page.evaluate("() => ({chart: document.querySelector('.inc-class-chart').getBoundingClientRect().right,"
                              " page: document.documentElement.scrollWidth})")
        page.screenshot(path=str(ARTIFACTS / "class_room_report_phone.png"), full_page=True)
        assert phone["chart"] <= 390 and phone["page"] <= 390, phone
        page.set_viewport_size({"width": 1280, "height": 720})
        students = page.inner_text(".inc-class-students")
        assert all(name in students for name in names)
        page.wait_for_function("() => { const img = document.querySelector('.inc-class-chart');"
                               " return img.complete && img.naturalWidth === 1400; }")  # the laptop's chart again
        with page.expect_download() as download:
            page.click(".inc-class-file >> text=Every word's figures (CSV)")
        assert download.value.suggested_filename == "3B Spanish words.csv"
        with open_store(room.store) as store:
            assert len(class_book_of(store).record("3B Spanish").games) == 1, "Play again counted it once"
            before = everything_in(room.store)
        assert "3B Spanish" in before and all(name in before for name in names)
        page.click(".inc-class-delete")
        page.wait_for_selector(".inc-class-delete-for-good")
        assert "This cannot be undone" in page.inner_text(".inc-notice")
        page.click(".inc-class-delete-for-good")
        page.wait_for_selector("text=Deleted the class 3B Spanish")
    finally:
        context.close()
    after = everything_in(room.store)
    for trace in ("3B Spanish", "3b spanish", *names, code, kept[0].game_id):
        assert trace not in after, trace
