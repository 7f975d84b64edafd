"""The classroom under JupyterHub, seen over HTTP (issue 20): what the join form asks of a
logged-in student, and whose seat the join link gives.

A real ``jupyterhub`` runs the shipped ``deploy/jupyterhub/jupyterhub_config.py`` (:mod:`hub`),
one for the module; each test logs in with its own cookie jars (:class:`hub.HubClient`), as
browsers would.  The store (Redis) is read to know the truth.
"""

from __future__ import annotations

import json
import time
import urllib.parse

import pytest
from markupsafe import escape

from classroom_server import kernel_id_in
from hub import HubClient, hub
from incognito_nb.engine import Deck
from incognito_nb.store import NotAllowed, open_store

pytestmark = pytest.mark.school

#: A hub user whose name holds characters HTML must escape.
ODD = "o'kim&lee"
#: A hub user whose name reads as "ana" on a projector (a Cyrillic "а"), another person.
LOOK_ALIKE = "\u0430na"


@pytest.fixture(scope="module")
def at(tmp_path_factory):
    with hub(tmp_path_factory.mktemp("hub"), users=(ODD, LOOK_ALIKE)) as running:
        yield running


def _seat_link(location: str) -> bool:
    return "token=" in location


def _token(link: str) -> str:
    return urllib.parse.parse_qs(urllib.parse.urlparse(link).query)["token"][0]


def test_under_the_hub_the_join_form_asks_for_no_name_and_says_whose_name_is_used(at):
    kim = HubClient(at)
    kim.log_in(ODD)
    status, _, html, url = kim.go(f"{at.render}/student.ipynb")
    assert status == 200 and url == f"{at.render}/student.ipynb", (status, url)
    assert 'id="inc-code"' in html and 'id="inc-name"' not in html and 'class="inc-join-name"' not in html
    assert f'<p class="inc-join-as">You will play as {escape(ODD)}.</p>' in html
    assert ODD not in html, "the hub name reaches the page unescaped"
    # A code that opens no table: the same form, saying so, still with no name to type.
    status, _, html, _ = kim.go(f"{at.render}/student.ipynb?code=QQQQQ")
    assert status == 409 and 'class="inc-problem"' in html
    assert 'id="inc-name"' not in html and f"You will play as {escape(ODD)}." in html


def test_the_same_hub_user_in_another_browser_gets_their_own_seat_and_a_look_alike_is_refused(at):
    with open_store(at.store) as store:
        keys = store.create_table(Deck.builtin("everyday"))
        join = f"{at.render}/student.ipynb?code={keys.code}"
        # Ana joins in her first browser, and her seat's page opens there.
        first = HubClient(at)
        first.log_in("ana")
        status, _, _, first_link = first.go(join, until=_seat_link)
        assert status == 303, status
        status, _, page, _ = first.go(first_link)
        assert status == 200
        first_kernel = kernel_id_in(page)
        # The same hub user in a second browser (or after clearing cookies): her own seat again,
        # under a new token; her first browser's link stops working, its page closes.
        second = HubClient(at)
        second.log_in("ana")
        status, _, html, second_link = second.go(join, until=_seat_link)
        assert status == 303, (status, html[-400:])
        assert store.read(keys.code).players == ("ana",)
        assert store.rejoin(keys.code, _token(second_link)).name == "ana"
        with pytest.raises(NotAllowed):
            store.rejoin(keys.code, _token(first_link))
        status, _, page, _ = second.go(second_link)
        assert status == 200 and kernel_id_in(page) != first_kernel
        _wait_for_pages(second, 1)  # the older page's kernel ended, as for a seat link opened twice
        # Another hub user whose name only looks like hers is another person: refused, as at any join.
        other = HubClient(at)
        other.log_in(LOOK_ALIKE)
        status, _, html, _ = other.go(join, until=_seat_link)
        assert status == 409 and "looks just like" in html and 'id="inc-name"' not in html
        assert store.read(keys.code).players == ("ana",)
        # Once the game has started, Ana after clearing her cookies still gets her seat back.
        for name in ("ben", "cleo"):
            store.join(keys.code, name)
        store.start(keys.code, keys.teacher_key)
        third = HubClient(at)
        third.log_in("ana")
        status, _, _, third_link = third.go(join, until=_seat_link)
        assert status == 303 and store.rejoin(keys.code, _token(third_link)).name == "ana"


def _wait_for_pages(client: HubClient, count: int, timeout: float = 60.0) -> None:
    """Waits until the service's books hold ``count`` student pages (its status, for this machine)."""
    deadline = time.monotonic() + timeout
    while True:
        status, _, body, _ = client.go(f"{client.at.url}/services/classroom/classroom/status")
        pages = json.loads(body)["pages"].get("student.ipynb", 0) if status == 200 else None
        if pages == count:
            return
        if time.monotonic() > deadline:
            raise AssertionError(f"the service holds {pages} student pages, not {count} (status {status})")
        time.sleep(0.25)
