"""A seat's one live page, kept in the store: leases on SQLite and on Redis alike.

The page that opens a seat takes a lease (``lease_seat``); the older pages of that seat,
whatever kernel or server they run in, hear from their table's watch that another lease
holds the seat, and only they do.
"""

from __future__ import annotations

import asyncio

import pytest

from incognito_nb.store import NotAllowed, UnknownTable, watch_async
from store_backends import make_store, redis_url, store, store_url  # noqa: F401 (fixtures)
from tables import ANA_BEN_CLEO, word_deck


def _table(store):
    keys = store.create_table(word_deck(), seed=3)
    seats = {name: store.join(keys.code, name) for name in ANA_BEN_CLEO}
    store.start(keys.code, keys.teacher_key)
    return keys, seats


def test_the_newest_page_of_a_seat_holds_its_lease_and_the_version_does_not_move(store, store_url):
    keys, seats = _table(store)
    other = make_store(store_url)  # another kernel, on another server perhaps
    try:
        version = store.version(keys.code)
        assert store.seat_lease(keys.code, "Ana") is None
        first = store.lease_seat(keys.code, seats["Ana"].token)
        assert other.seat_lease(keys.code.lower(), "Ana") == first
        second = other.lease_seat(keys.code, seats["Ana"].token)
        assert second != first and store.seat_lease(keys.code, "Ana") == second
        assert store.seat_lease(keys.code, "Ben") is None, "one lease per seat"
        assert store.version(keys.code) == version, "a lease is not a move: no page reads the table for it"
    finally:
        other.close()


def test_a_lease_needs_the_seats_own_token_and_a_live_table(store):
    keys, seats = _table(store)
    with pytest.raises(NotAllowed):
        store.lease_seat(keys.code, "not-a-token")
    with pytest.raises(UnknownTable):
        store.lease_seat("ZZZZZ", seats["Ana"].token)
    store.lease_seat(keys.code, seats["Ana"].token)
    store.test_clock.offset = 30 * 3600
    store.purge_idle()  # the table goes, and its leases with it
    assert store.seat_lease(keys.code, "Ana") is None


def test_the_older_pages_watch_hears_its_seat_was_taken_and_ends(store, store_url):
    keys, seats = _table(store)
    other = make_store(store_url)

    async def scenario():
        mine = store.lease_seat(keys.code, seats["Ana"].token)
        ben = store.lease_seat(keys.code, seats["Ben"].token)
        lost, changes = asyncio.Queue(), []
        anas = watch_async(store, keys.code, changes.append, lease=("Ana", mine),
                           on_lease_lost=lambda: lost.put_nowait("Ana"))
        bens = watch_async(store, keys.code, changes.append, lease=("Ben", ben),
                           on_lease_lost=lambda: lost.put_nowait("Ben"))
        await asyncio.sleep(0.15)
        assert anas.running and lost.empty(), "a page that holds its lease goes on"
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(None, other.lease_seat, keys.code, seats["Ana"].token)
        assert await asyncio.wait_for(lost.get(), timeout=3) == "Ana"
        await asyncio.sleep(0.15)
        running = anas.running, bens.running
        anas.stop(), bens.stop()
        return running, lost.empty(), changes

    try:
        running, only_ana, changes = asyncio.run(scenario())
    finally:
        other.close()
    assert running == (False, True) and only_ana and changes == []


def test_a_student_page_takes_its_seats_lease_and_closes_in_its_language_once_replaced(tmp_path):
    from incognito_nb.store import open_store
    from incognito_nb.ui.pages.student import StudentPage

    url = str(tmp_path / "class.sqlite")
    with open_store(url) as store:
        keys, seats = _table(store)
    older = StudentPage(open_store(url), code=keys.code, token=seats["Ana"].token, language="de")
    newer = StudentPage(open_store(url), code=keys.code, token=seats["Ana"].token)
    try:
        with open_store(url) as store:
            assert store.seat_lease(keys.code, "Ana") == newer.lease[1] != older.lease[1]
        older.seat_taken()  # what its watch calls once it reads the newer page's lease
        note = " ".join(child.value for child in older.stage.children)
        assert "auf einer anderen Seite geöffnet" in note and older.pad is None and older.watch is None
        older.choose_language("es")  # the page keeps its closed screen, in its new language
        assert "Tu asiento se abrió en otra página" in older.stage.children[0].value and older.pad is None
        assert newer.pad is not None and newer.closed_because is None
    finally:
        for page in (older, newer):
            page.store.close()
            page.close()
