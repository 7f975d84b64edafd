"""Tap your name: at a table made for a class, the join door offers the class's names
instead of a name field, takes a seat for the one tapped, and refuses any other name."""

from __future__ import annotations

import io
import re
import urllib.parse

import pytest

from classroom_server import Browser, classroom
from incognito_nb.app.class_cli import main as class_main
from incognito_nb.store import open_store
from incognito_nb.store.backends import class_book_of

pytestmark = pytest.mark.browser

NAMES = ["Ana", "Ben", "Zoë", "<b>Dev</b>"]


@pytest.fixture(scope="module")
def room(tmp_path_factory):
    with classroom(tmp_path_factory.mktemp("classroom")) as running:
        yield running


def test_a_student_taps_their_name_at_a_class_table_and_no_other_name_joins(room):
    out = io.StringIO()
    assert class_main(["add", "4C", "--names", ",".join(NAMES), "--store", room.store], out=out) == 0
    assert class_main(["tables", "4C", "--url", room.url, "--store", room.store], out=out) == 0
    code = re.search(r"code=([A-Z0-9]{5})", out.getvalue()).group(1)
    before = room.kernel_ids()
    student = Browser(room.url)
    status, _, html = student.get(f"/voila/render/student.ipynb?code={code.lower()}")
    assert status == 200 and 'class="inc-join-names"' in html and 'class="inc-join-name"' not in html
    picks = re.findall(r'<button class="inc-join-pick" type="submit" name="name" value="([^"]*)"', html)
    assert picks == ["Ana", "Ben", "Zoë", "&lt;b&gt;Dev&lt;/b&gt;"], "every name, escaped"
    assert room.kernel_ids() == before, "the door spends no kernel"
    page = f"/voila/render/student.ipynb?code={code}"
    status, headers, _ = student.post("/classroom/join", page, {"code": code, "name": "Zoë"})
    assert status == 303 and f"student.ipynb?code={code}&token=" in headers["Location"]
    token = urllib.parse.parse_qs(urllib.parse.urlsplit(headers["Location"]).query)["token"][0]
    with open_store(room.store) as store:
        assert store.rejoin(code, token).name == "Zoë"
    status, _, html = Browser(room.url).get(page)
    assert re.search(r'value="Zoë" disabled', html), "a name taken shows as taken"
    status, _, html = Browser(room.url).post("/classroom/join", page, {"code": code, "name": "ZOË"})
    assert status == 409 and "already joined" in html, "a name taken is taken in any case"
    status, _, html = Browser(room.url).post("/classroom/join", page, {"code": code, "name": "Zoe"})
    assert status == 409 and "tap your own name" in html, "a look-alike is not on the list"
    status, _, html = Browser(room.url).post("/classroom/join", page, {"code": code, "name": "Mallory"})
    assert status == 409 and "tap your own name" in html and 'class="inc-join-names"' in html
    with open_store(room.store) as store:
        assert store.read(code).players == ("Zoë",)
        assert class_book_of(store).names_at(code) == tuple(NAMES)


def test_any_other_table_keeps_the_typed_name(room):
    code, _ = Browser(room.url).create_table()
    status, _, html = Browser(room.url).get(f"/voila/render/student.ipynb?code={code}")
    assert status == 200 and 'class="inc-join-name"' in html and 'class="inc-join-pick"' not in html


def test_the_names_to_tap_are_accessible_and_one_tap_opens_the_seat(room, browser):
    from a11y import check_modes

    out = io.StringIO()
    assert class_main(["add", "5A", "--names", "Ana,Ben,Cleo", "--store", room.store], out=out) == 0
    assert class_main(["tables", "5A", "--url", room.url, "--store", room.store], out=out) == 0
    code = re.search(r"code=([A-Z0-9]{5})", out.getvalue()).group(1)
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(f"{room.url}/voila/render/student.ipynb?code={code}&lang=de")
        page.wait_for_selector(".inc-join-pick")
        assert page.inner_text(".inc-join-names legend") == "Tippe auf deinen Namen"
        check_modes(page, "the join door of a class's table", modes=("light",))
        # The other languages, each a tap target as tall as the form's buttons (its words alone
        # were 19 px tall).
        links = page.locator(".inc-door-language").evaluate_all(
            "ls => ls.map(l => [l.textContent, l.getBoundingClientRect().height])")
        assert [own for own, _ in links] == ["English", "Español", "Français"]
        assert all(height >= 44 for _, height in links), links
        page.click(".inc-join-pick >> text=Cleo")
        page.wait_for_url(re.compile(rf"student\.ipynb\?code={code}&token="), wait_until="commit", timeout=120_000)
    finally:
        context.close()
    with open_store(room.store) as store:
        assert store.read(code).players == ("Cleo",)
