"""The classroom server, started as the README says: which pages get a kernel, warm kernels
for a class about to arrive, and the teacher's way back to their table.

Pages are opened in Chromium where what the browser does matters (cookies, the address
bar, a page's own query); the forms and refusals are plain pages, read over HTTP.
"""

from __future__ import annotations

import gzip
import json
import os
import re
import sys
import threading
import urllib.parse
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from browser import wait_for_paper
from classroom_server import Browser, children, classroom
from incognito_nb.app import classroom_cli
from incognito_nb.app.serving import unix_sockets_fit
from incognito_nb.app.server.priority import Lowering, group_nice
from incognito_nb.store import open_store
from table_driver import SLOW, STEP

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def room(tmp_path_factory):
    with classroom(tmp_path_factory.mktemp("classroom")) as running:
        yield running


def seats(room, code: str, key: str, names, *, start: bool = True):
    with open_store(room.store) as store:
        taken = {name: store.join(code, name) for name in names}
        if start:
            store.start(code, key)
        return taken


def seat_link(room, code: str, seat) -> str:
    return f"{room.render}/student.ipynb?code={code}&token={seat.token}"


def test_the_join_form_and_the_new_table_form_need_no_kernel(room):
    before, pages = room.kernel_ids(), room.status()["pages"]
    student = Browser(room.url)
    status, _, html = student.get("/voila/render/student.ipynb?code=k7qxm")
    assert status == 200 and 'class="inc-join-code-field"' in html and 'value="k7qxm"' in html
    assert 'class="inc-join-name"' in html and 'class="inc-join"' in html
    # A phone stops the name where the table takes it (24 characters), not after a refused Join.
    assert re.search(r'<input id="inc-name"[^>]* maxlength="24"', html)
    assert room.kernel_ids() == before
    status, _, html = student.get("/voila/render/teacher.ipynb")
    assert status == 200 and 'class="inc-create"' in html and 'class="inc-rounds"' in html
    assert room.status()["pages"] == pages  # (a teacher kernel is warmed for the page to come)


def test_the_join_form_takes_a_seat_and_opens_the_seat_link(room):
    code, key = Browser(room.url).create_table()
    student = Browser(room.url)
    status, headers, _ = student.post("/classroom/join", f"/voila/render/student.ipynb?code={code}",
                                      {"code": code.lower(), "name": "Ana"})
    assert status == 303 and f"student.ipynb?code={code}&token=" in headers["Location"]
    seat = headers["Location"]
    status, headers, _ = student.post("/classroom/join", "/voila/render/student.ipynb", {"code": code, "name": "ana"})
    assert status == 303 and headers["Location"] == seat  # her own phone: her seat again
    other = Browser(room.url)
    status, _, html = other.post("/classroom/join", "/voila/render/student.ipynb", {"code": code, "name": "ana"})
    assert status == 409 and "already joined" in html and 'value="ana"' in html  # said on the form, kept
    status, _, html = other.post("/classroom/join", "/voila/render/student.ipynb",
                                 {"code": code, "name": "<img src=x onerror=f()> and more"})
    assert status == 409 and "<img" not in html and "&lt;img src=x onerror=f()&gt;" in html
    status, _, html = student.post("/classroom/join", "/voila/render/student.ipynb", {"code": "", "name": "Ben"})
    assert status == 400 and "Type the code shown on the projector" in html
    assert " is not a table code" not in html


def test_a_bad_seat_link_gets_the_join_form_and_no_kernel(room):
    code, _ = Browser(room.url).create_table()
    before = room.status()["pages"].get("student.ipynb", 0)
    for query, says in ((f"code={code}&token=forged", "not valid"), ("token=abc", "has no table code"),
                        ("code=ZZZZZ&token=abc", "There is no table ZZZZZ")):
        status, _, html = Browser(room.url).get(f"/voila/render/student.ipynb?{query}")
        assert status == 200 and says in html and 'class="inc-join"' in html, query
    assert room.status()["pages"].get("student.ipynb", 0) == before


def test_each_page_built_in_a_warm_kernel_gets_its_own_request(room, browser):
    teacher = Browser(room.url)
    code, key = teacher.create_table()
    taken = seats(room, code, key, ("Ana", "Ben", "Cleo"))
    room.wait_for(lambda s: s["warm"].get("student.ipynb", 0) >= 3, "three student kernels warm")
    with open_store(room.store) as store:
        game = store.read(code).game
    contexts = [browser.new_context() for _ in taken]
    try:
        pages = [context.new_page() for context in contexts]
        for page, (name, seat) in zip(pages, taken.items()):  # all three asked for before any is built
            page.goto(seat_link(room, code, seat), wait_until="commit", timeout=SLOW)
        for page, name in zip(pages, taken):
            page.wait_for_selector(".inc-pad canvas", timeout=SLOW)
            assert f"you are {name}" in page.inner_text(".inc-header")
            assert page.inner_text(".inc-secret b").strip() == game.secret_object(name)
            wait_for_paper(page, ".inc-pad canvas", timeout=STEP)
        status = room.status()
        assert status["pages"].get("student.ipynb", 0) >= 3
    finally:
        for context in contexts:
            context.close()


def test_warm_kernels_follow_the_class_expected(room):
    teacher = Browser(room.url)
    code, key = teacher.create_table()
    room.wait_for(lambda s: s["targets"]["student.ipynb"] >= 6, "six student kernels wanted for a new table")
    wanted = room.status()["targets"]["student.ipynb"]
    seats(room, code, key, ("Ana", "Ben", "Cleo"))  # the game starts with three: three fewer expected
    room.wait_for(lambda s: s["targets"]["student.ipynb"] <= wanted - 3, "the target down by three", timeout=30)
    room.wait_for(lambda s: sum(s["warm"].values()) + sum(s["warming"].values()) <= s["targets"]["student.ipynb"]
                  + s["targets"]["teacher.ipynb"], "warm kernels down to the target", timeout=30)


def test_a_table_opening_its_six_pages_at_once_takes_six_warm_kernels(tmp_path):
    """A class opens its pages at the same moment.  Each page's arrival lowers its pool's
    target before the page takes its kernel: the pages still on their way keep theirs.
    Every page is built in a kernel warmed ahead (``VOILA_PREHEAT=True`` in its
    environment), none in one started cold after a warm one was ended as unwanted (before:
    two warm, four cold, with six seat links fetched at once)."""
    names = ("Ana", "Ben", "Cleo", "Dev", "Eli", "Fay")
    with classroom(tmp_path) as fresh:  # no other table's students expected
        code, key = Browser(fresh.url).create_table()
        taken = seats(fresh, code, key, names)
        fresh.wait_for(lambda s: s["warm"].get("student.ipynb", 0) >= len(names), "six student kernels warm",
                       timeout=180)
        together = threading.Barrier(len(names))

        def open_page(seat) -> str:
            together.wait(timeout=60)
            return Browser(fresh.url).open_seat(code, seat)

        with ThreadPoolExecutor(len(names)) as pool:
            kernels = list(pool.map(open_page, taken.values()))
        environs = [Path(f"/proc/{_kernel_pid(fresh, kernel)}/environ").read_bytes().split(b"\0")
                    for kernel in kernels]
        assert [b"VOILA_PREHEAT=True" in environ for environ in environs] == [True] * len(names)
        assert len(set(kernels)) == len(names) and fresh.status()["pages"]["student.ipynb"] == len(names)


def test_page_kernels_reach_the_server_by_unix_sockets_not_loopback_ports(room):
    """A kernel given loopback TCP ports can lose one to another process before it binds it
    and die at start; a Unix socket in the server's own folder cannot be taken."""
    teacher = Browser(room.url)
    teacher.create_table()

    def connections(status) -> list[tuple[str, bool]]:
        """Each live kernel's transport and whether its sockets are Unix sockets (a kernel that
        ends while being looked at is passed over)."""
        found = []
        for _, cmdline in children(room.server_pid):
            match = re.search(rb"/\S+/kernel-[0-9a-f-]{36}\.json", cmdline)
            file = Path(match.group(0).decode()) if match else None
            try:
                info = json.loads(file.read_text()) if file else None
            except FileNotFoundError:
                continue
            if info:
                sockets = all(Path(f"{info['ip']}-{info[port]}").is_socket()
                              for port in ("shell_port", "iopub_port", "control_port"))
                if file.exists():
                    found.append((info["transport"], sockets))
        return found

    # A kernel still starting has its connection file before its sockets: wait for one that is up.
    seen = room.wait_for(lambda status: (found := connections(status)) and any(up for _, up in found) and found,
                         "a kernel listening on its sockets")
    assert {transport for transport, _ in seen} == {"ipc"}, seen


def test_kernels_keep_loopback_ports_where_a_socket_path_would_be_too_long():
    assert unix_sockets_fit("/tmp/voila_k3j2h1g0") == sys.platform.startswith("linux")
    assert not unix_sockets_fit("/var/folders/" + "x" * 60 + "/T/voila_k3j2h1g0")


def test_the_teacher_gets_back_to_their_table_and_another_device_cannot(room, browser):
    laptop = browser.new_context()
    phone = browser.new_context()
    try:
        page = laptop.new_page()
        page.goto(f"{room.render}/teacher.ipynb", timeout=SLOW)
        page.locator(".inc-timer select").select_option("90")
        page.click(".inc-create")
        page.wait_for_selector(".inc-start", timeout=SLOW)
        code = page.inner_text(".inc-join-code").strip()
        key = next(c["value"] for c in laptop.cookies() if c["name"] == f"incognito_teacher_{code}")
        cookie = next(c for c in laptop.cookies() if c["name"] == f"incognito_teacher_{code}")
        assert cookie["httpOnly"] and cookie["sameSite"] == "Lax"
        assert page.url.endswith(f"teacher.ipynb?code={code}&timer=90")
        assert key not in page.content() and key not in page.url
        # The browser crashed, or the teacher reloaded: the same address is the teacher's page.
        page.reload(timeout=SLOW)
        page.wait_for_selector(".inc-start", timeout=SLOW)
        # Or the teacher opens the teacher page afresh: one click on the table's name.
        page.goto(f"{room.render}/teacher.ipynb", timeout=SLOW)
        page.click(f".inc-open-table:has-text('{code}')")
        page.wait_for_selector(".inc-start", timeout=SLOW)
        assert key not in page.content() and key not in page.url
        # A student's device has no cookie: no teacher page, whatever it sends.
        spy = phone.new_page()
        spy.goto(f"{room.render}/teacher.ipynb?code={code}", timeout=SLOW)
        assert "opens only in the browser that created the table" in spy.inner_text("body")
        assert spy.locator(".inc-start").count() == 0
        spy.set_extra_http_headers({"X-Incognito-Teacher-Key": key})
        spy.goto(f"{room.render}/teacher.ipynb?code={code}", timeout=SLOW)
        assert spy.locator(".inc-start").count() == 0
    finally:
        laptop.close()
        phone.close()


def test_an_old_link_with_the_key_moves_the_key_into_a_cookie(room, browser):
    code, key = Browser(room.url).create_table()
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(f"{room.render}/teacher.ipynb?code={code}&key={key}", timeout=SLOW)
        page.wait_for_selector(".inc-start", timeout=SLOW)
        assert page.url.endswith(f"teacher.ipynb?code={code}") and key not in page.content()
        assert any(c["name"] == f"incognito_teacher_{code}" and c["value"] == key for c in context.cookies())
        page.goto(f"{room.render}/teacher.ipynb?code={code}&key=guess", timeout=SLOW)
        assert page.locator(".inc-start").count() == 0 and "not valid" in page.inner_text("body")
    finally:
        context.close()


def test_the_doors_speak_the_language_asked_for_then_the_tables(room):
    teacher = Browser(room.url)
    status, _, html = teacher.get("/voila/render/teacher.ipynb?lang=de")
    assert status == 200 and '<html lang="de">' in html and "Tisch" in html and "Create a table" not in html
    status, headers, _ = teacher.post("/classroom/tables", "/voila/render/teacher.ipynb",
                                      {"deck": "everyday", "rounds": 1, "timer": 60, "language": "es"})
    assert status == 303
    code = urllib.parse.parse_qs(urllib.parse.urlparse(headers["Location"]).query)["code"][0]
    status, _, html = Browser(room.url).get(f"/voila/render/student.ipynb?code={code}")
    assert status == 200 and '<html lang="es">' in html and "Your name" not in html  # the table's language
    status, _, html = Browser(room.url).get(f"/voila/render/student.ipynb?code={code}&lang=fr")
    assert '<html lang="fr">' in html  # a student may choose their own
    assert 'lang=de' in html  # and the others are offered, each by its own name


def test_a_memory_store_is_refused_and_no_file_is_made(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert classroom_cli.main(["--store", ":memory:", "--no-browser"]) == 2
    assert "not memory" in capsys.readouterr().err
    assert not (tmp_path / ":memory:").exists() and os.listdir(tmp_path) == []


def _nice(pid: int) -> list[int]:
    """Returns the nice value of each thread of process ``pid`` (from /proc)."""
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            found.append(int((task / "stat").read_text().rsplit(")", 1)[1].split()[16]))
        except (OSError, IndexError, ValueError):  # a thread that ended meanwhile
            continue
    return found


def _kernel_pid(room, kernel_id: str) -> int:
    return next(pid for pid, cmdline in children(room.server_pid) if kernel_id.encode() in cmdline)


def _below(room, pid: int, by: int) -> bool:
    """Whether process ``pid`` runs ``by`` below the server: each of its threads, and its session's
    group where Linux weighs each session as one group (a kernel leads a session of its own)."""
    threads = set(_nice(pid)) == {min(19, os.getpriority(os.PRIO_PROCESS, room.server_pid) + by)}
    grouped = Lowering(None).grouped_by_session()
    return threads and (not grouped or group_nice(pid) == min(19, group_nice(room.server_pid) + by))


def test_a_students_kernel_yields_the_cpu_to_the_teachers_pages(room):
    """At a phase change every kernel of the class works at once: the students' run at nice 5
    (each of their threads, and their session's group, from the moment they start warming), the
    teacher's at the server's own, so the projector leads.  Linux weighs a thread's nice value
    only within its group, and each kernel leads a session of its own: with its threads alone at
    nice 5 a student kernel still took as much of a core as the projector's (``test_attacks``)."""
    teacher = Browser(room.url)
    code, key = teacher.create_table()

    def student_kernels_run_below_the_others(status) -> bool:
        """Whether the server's kernels at nice 5 are its student pages and its warm student
        kernels, and the others the teacher's (counted by the server's own books)."""
        if status["warming"].get("student.ipynb"):
            return False  # a kernel starting now is lowered once it has started
        lowered = sum(1 for pid, cmdline in children(room.server_pid) if b"kernel-" in cmdline and _below(room, pid, 5))
        students = status["pages"].get("student.ipynb", 0) + status["warm"].get("student.ipynb", 0)
        return students >= 6 and lowered == students and len(room.kernel_ids()) == status["kernels"]

    # The table's six student kernels warm below the teacher's pages, before any page takes one:
    # a page opened meanwhile comes first.
    room.wait_for(student_kernels_run_below_the_others, "the warm student kernels at nice 5", timeout=120)
    status, _, html = teacher.get(f"/voila/render/teacher.ipynb?code={code}")
    assert status == 200
    teachers = _kernel_pid(room, re.search(r'"kernelId": "([0-9a-f-]+)"', html).group(1))
    ana = seats(room, code, key, ["Ana"], start=False)["Ana"]
    student = _kernel_pid(room, Browser(room.url).open_seat(code, ana))
    assert _below(room, teachers, 0)
    assert _below(room, student, 5) and len(_nice(student)) > 1


def plain_start(browser, path: str) -> bytes:
    """Returns the file at ``path`` as a client that takes no gzip gets it."""
    return browser.get_bytes(path)[2]


def test_the_front_ends_files_reach_a_phone_gzipped_and_pages_go_as_they_are(room):
    """A phone's first visit asks for ~5.2 MB of scripts, thirty phones on one Wi-Fi: they go
    gzipped to a browser that accepts it (~1.7 MB).  A page or an answer, which may hold a
    seat's token, is never compressed (BREACH), and a reload still gets a 304."""
    browser = Browser(room.url)
    files = ["/voila/static/voila.js", "/voila/templates/incognito/static/voila-style.js",
             "/voila/labextensions/@jupyter-widgets/jupyterlab-manager/package.json"]
    for path in files:
        status, headers, packed = browser.get_bytes(path, {"Accept-Encoding": "gzip, deflate, br"})
        _, plain_headers, plain = browser.get_bytes(path)  # a client that does not accept gzip
        assert status == 200 and headers.get("Content-Encoding") == "gzip", (path, headers)
        assert gzip.decompress(packed) == plain and len(packed) < len(plain) / 2, (path, len(packed), len(plain))
        assert "Content-Encoding" not in plain_headers and "Accept-Encoding" in headers.get("Vary", "")
        asked = {"If-None-Match": headers["Etag"]} if "Etag" in headers else {
            "If-Modified-Since": headers["Last-Modified"]}  # the extensions' files: dated, not tagged
        status, _, body = browser.get_bytes(path, {"Accept-Encoding": "gzip", **asked})
        assert status == 304 and body == b"", path  # a reload sends nothing again
        # The next phone gets the bytes gzipped for the first one (each file compressed once),
        # whole, with their own length.
        status, again_headers, again = Browser(room.url).get_bytes(path, {"Accept-Encoding": "gzip"})
        assert status == 200 and again == packed and again_headers["Content-Length"] == str(len(packed)), path
        assert again_headers["Content-Encoding"] == "gzip" and "Accept-Encoding" in again_headers["Vary"]
    # A part of a file (a range) is the part asked for, never the whole file kept.
    status, headers, part = browser.get_bytes(files[1], {"Accept-Encoding": "gzip", "Range": "bytes=0-99"})
    assert status == 206 and (gzip.decompress(part) if headers.get("Content-Encoding") else part) == plain_start(
        browser, files[1])[:100]
    code, _ = Browser(room.url).create_table()  # the teacher's browser; the pages are read by another
    for path in (f"/voila/render/student.ipynb?code={code}", "/voila/render/teacher.ipynb", "/classroom/passphrase",
                 "/voila/render/student.ipynb?code=k7qxm&token=not-a-seat"):
        status, headers, body = browser.get_bytes(path, {"Accept-Encoding": "gzip"})
        assert status == 200 and "Content-Encoding" not in headers and body.lstrip().startswith(b"<"), (path, headers)


def test_the_new_table_form_offers_the_decks_the_teacher_saved_with_the_deck_editor(tmp_path, monkeypatch):
    """A teacher who saved a French deck in the deck editor for week 2 had to stop the server
    and start it again with --deck to play it: the form offered the built-in decks and --deck
    only. It offers every deck of the decks folder, read again at each form, so a deck saved
    during the lesson is there; a file there that is not a deck is not offered."""
    from incognito_nb.ui.pages.deck_editor import DeckEditor

    folder = tmp_path / "decks"
    monkeypatch.setenv("INCOGNITO_NB_DECKS", str(folder))
    editor = DeckEditor(folder=folder)
    words = "\n".join(f"l'objet {i}" for i in range(18))
    editor.paste(objects=words, locations="\n".join(f"le lieu {i}" for i in range(18)),
                 name="La maison & « vous »", language="fr")
    editor.check()
    editor.save()
    (folder / "notes.csv").write_text("not,a deck\n", encoding="utf-8")
    with classroom(tmp_path) as room:
        teacher = Browser(room.url)
        _, _, form = teacher.get("/voila/render/teacher.ipynb?lang=fr")
        offered = dict(re.findall(r'<option value="([^"]+)"[^>]*>([^<]*)</option>', form))
        assert offered["saved:la_maison_vous.csv"] == "La maison &amp; « vous »", offered
        assert not any("notes" in key for key in offered) and "everyday" in offered
        editor.paste(objects=words, locations="\n".join(f"lugar {i}" for i in range(18)), name="Semana 2",
                     language="es")
        editor.check()
        editor.save()
        status, headers, _ = teacher.post("/classroom/tables", "/voila/render/teacher.ipynb?lang=fr",
                                          {"deck": "saved:semana_2.csv", "rounds": 1, "timer": 0})
        assert status == 303, status
        code = urllib.parse.parse_qs(urllib.parse.urlparse(headers["Location"]).query)["code"][0]
        with open_store(room.store) as store:
            assert store.read(code).deck_name == "Semana 2"
    # Play again's deck menu, on the teacher's desk at the game over, offers the same decks.
    from incognito_nb.app.classroom import teacher_page

    page = teacher_page({"INCOGNITO_NB_STORE": str(tmp_path / "other.sqlite")})
    assert [deck.name for deck in page.decks.values()] == ["La maison & « vous »", "Semana 2"]
    page.close()


def test_the_teacher_page_of_a_table_that_is_gone_says_so_in_the_pages_language(room):
    """A French teacher's browser that kept the key of a table deleted since (with a student's
    data, or after a day idle) read "There is no table ZZZZZ: …" in English on a French page;
    a browser without the key read that the page "opens only in the browser that created the
    table", for a table that no longer exists anywhere."""
    import html as html_text

    said = {}
    for who, headers in (("key", {"Cookie": "incognito_teacher_ZZZZZ=" + "k" * 43}), ("no key", {})):
        status, _, html = Browser(room.url).get("/voila/render/teacher.ipynb?code=ZZZZZ&lang=fr", headers=headers)
        said[who] = html_text.unescape(re.sub(r"<[^>]+>", " ", html))
        assert status == 403 and '<html lang="fr">' in html
    for who, text in said.items():
        assert "Il n'y a pas de table ZZZZZ\u00a0:" in text and "There is no table" not in text, (who, text)
        assert "navigateur qui a créé la table" not in text, (who, text)
    code, key = Browser(room.url).create_table()
    _, _, html = Browser(room.url).get(f"/voila/render/teacher.ipynb?code={code}&lang=fr")
    assert "ne s&#39;ouvre que dans le navigateur qui a créé la table" in html  # a table that is there


def test_the_teachers_list_of_tables_says_whom_each_class_table_is_for(room):
    """Two tables for a class of eight were listed as 'Table AUFBR · 0 players joined, not
    started' and 'Table QWG5V · …': the teacher could not tell which group was which."""
    from incognito_nb.store.backends import class_book_of

    with open_store(room.store) as store:
        class_book_of(store).add_class("5e <b>Español</b>", ("José", "Zoë", "Élodie", "Núria", "François", "Åsa",
                                                            "Björn", "<i>O'Brien</i>"))
    teacher = Browser(room.url)
    status, _, _ = teacher.post("/classroom/tables", "/voila/render/teacher.ipynb",
                                {"deck": "everyday", "rounds": 1, "timer": 0, "class": "5e <b>Español</b>",
                                 "practice": "on", "language": "fr"})
    assert status == 303
    _, _, form = teacher.get("/voila/render/teacher.ipynb?lang=fr")
    listed = re.findall(r'<span class="inc-table-names">([^<]*)</span>', form)
    assert sorted(listed) == ["pour François, Åsa, Björn et &lt;i&gt;O&#39;Brien&lt;/i&gt;",
                              "pour José, Zoë, Élodie et Núria"], listed


def test_a_term_signal_to_the_launcher_stops_the_server_and_frees_the_port(tmp_path):
    """``kill`` with the launcher's pid (or a service manager stopping the process it started)
    left the server running, holding the port for the next start to find taken."""
    import signal
    import socket
    import time

    with classroom(tmp_path) as room:
        server_pid = room.server_pid
        os.kill(room.launcher_pid, signal.SIGTERM)
        deadline = time.monotonic() + 60
        while Path(f"/proc/{server_pid}").exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not Path(f"/proc/{server_pid}").exists() or b"zombie" in Path(f"/proc/{server_pid}/status").read_bytes()
        port = urllib.parse.urlsplit(room.url).port
        with socket.socket() as probe:
            assert probe.connect_ex(("127.0.0.1", port)) != 0  # nobody listens there any more
