"""Where the class's devices find the laptop: a join link or QR code to 127.0.0.1 means, on
a student's phone, the phone itself.  Served on every address (``--host 0.0.0.0``), a teacher
page opened at 127.0.0.1 gives the class the laptop's network address; served on 127.0.0.1
alone, the command and the lobby say how to let the class in."""

from __future__ import annotations

import socket
from urllib.parse import urlsplit

import pytest

from incognito_nb.app import addresses
from incognito_nb.app.addresses import HOST_ENV, for_the_class, is_loopback, lan_address, this_computer_only
from incognito_nb.app.classroom_cli import started_message
from incognito_nb.ui.i18n import language

from classroom_server import classroom as running_classroom
from test_classroom_browser import create_table
from table_driver import SLOW

STUDENT = "http://127.0.0.1:8866/voila/render/student.ipynb"


@pytest.mark.parametrize("host, loopback", [
    ("127.0.0.1", True), ("127.5.0.1", True), ("localhost", True), ("LOCALHOST", True), ("::1", True),
    ("[::1]", True), ("192.168.1.20", False), ("10.0.0.5", False), ("school.example", False), ("", False),
])
def test_a_loopback_address_is_told_from_a_network_one(host, loopback):
    assert is_loopback(host) is loopback


def test_this_computers_network_address_is_one_of_its_own_and_not_loopback():
    address = lan_address()
    if address is not None:  # a machine on no network has none to give
        assert not is_loopback(address)
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as mine:
            mine.bind((address, 0))  # only an address of this computer can be bound


def test_the_class_gets_the_laptops_network_address_only_from_a_server_on_every_address(monkeypatch):
    monkeypatch.setattr(addresses, "lan_address", lambda: "192.168.1.20")
    every = {HOST_ENV: "0.0.0.0"}
    assert for_the_class(f"{STUDENT}?code=AB12C", every) == "http://192.168.1.20:8866/voila/render/student.ipynb?code=AB12C"
    assert for_the_class("https://localhost/voila/render/student.ipynb", every) == \
        "https://192.168.1.20/voila/render/student.ipynb"
    assert for_the_class("http://10.0.0.5:8866/student.ipynb", every) == "http://10.0.0.5:8866/student.ipynb"
    assert for_the_class(STUDENT, {HOST_ENV: "127.0.0.1"}) == STUDENT  # no other device reaches it
    assert for_the_class(STUDENT, {}) == STUDENT  # Voilà alone, JupyterHub: where the page says
    monkeypatch.setattr(addresses, "lan_address", lambda: None)
    assert for_the_class(STUDENT, every) == STUDENT
    assert this_computer_only(STUDENT, {HOST_ENV: "127.0.0.1"})
    assert not this_computer_only(STUDENT, every) and not this_computer_only(STUDENT, {})
    assert not this_computer_only("http://192.168.1.20:8866/student.ipynb", {HOST_ENV: "127.0.0.1"})


def test_the_command_prints_the_addresses_the_class_opens_and_how_to_let_it_in():
    lang, said = language("en"), "Tables are kept in class.sqlite."
    every = started_message(lang, host="0.0.0.0", port=8866, passphrase="p", durability=said, address="192.168.1.20")
    assert "Student page: http://192.168.1.20:8866/voila/render/student.ipynb" in every
    assert "open http://192.168.1.20:8866/classroom/passphrase and type it" in every
    assert "0.0.0.0" not in every  # no device opens http://0.0.0.0
    alone = started_message(lang, host="127.0.0.1", port=8866, passphrase="p", durability=said)
    assert "Student page: http://127.0.0.1:8866/voila/render/student.ipynb" in alone
    assert "Only this computer can open these pages. To let the class's devices in, start the server with " \
           "--host 0.0.0.0" in alone
    nowhere = started_message(lang, host="0.0.0.0", port=8866, passphrase="p", durability=said, address=None)
    assert "This computer is on no network yet" in nowhere and "--host 0.0.0.0" not in nowhere
    # A teacher's tablet cannot open this computer's 127.0.0.1 either: no passphrase page offered there.
    for message in (alone, nowhere):
        assert "Classroom passphrase: p (only this computer creates tables)" in message
        assert "/classroom/passphrase" not in message


def test_the_lobby_gives_the_class_a_link_its_devices_can_open(browser, tmp_path):
    """The teacher opens their page at 127.0.0.1 (the address the command prints, the one a
    browser opens by itself): the join link and QR code led every student's phone to itself."""
    for host in ("0.0.0.0", "127.0.0.1"):
        (tmp_path / host).mkdir()
        with running_classroom(tmp_path / host, "--host", host) as room:
            context = browser.new_context(viewport={"width": 1280, "height": 720})
            teacher = context.new_page()
            create_table(teacher, room.render, rounds=1)
            join = urlsplit(teacher.locator(".inc-join-url a").get_attribute("href", timeout=SLOW))
            note = teacher.locator(".inc-join-local")
            if host == "0.0.0.0":
                assert join.hostname == (lan_address() or "127.0.0.1")
                assert note.count() == 0
            else:
                assert join.hostname == "127.0.0.1"
                assert "Start the classroom server with --host 0.0.0.0" in note.inner_text()
                option = note.locator(".inc-option")
                assert option.evaluate("o => o.getClientRects().length") == 1, "--host 0.0.0.0 on one line"
            context.close()
