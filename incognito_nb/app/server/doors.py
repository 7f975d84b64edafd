"""The classroom's doors: which page gets a kernel, and the pages that need none.

Under ``incognito-nb classroom`` a Voilà page is only rendered (and a kernel only spent)
for a page that plays:

- ``student.ipynb?code=…&token=…``, a seat link whose token the store recognises;
- ``teacher.ipynb?code=…`` opened by the browser that created the table, which holds the
  table's teacher key in an HttpOnly, SameSite cookie set by this server.  The server
  checks the key against the store and hands it to the page's kernel in a request header
  that only it can set (:data:`~incognito_nb.app.server.preheat.TEACHER_KEY_HEADER`, passed on
  by Voilà's ``http_header_envs``): the key never reaches the page, its address bar or
  the projector, and a student on another device has no cookie to send.

Everything else is a *door*, plain HTML served without a kernel: the join form (code and
name; posting it takes a seat and redirects to the seat link, or, from a browser already
seated at that table, gives back its own seat and no other: :mod:`.seated`), the new-table form (deck,
rounds, timer; posting it creates the table, sets the teacher's cookie, warms kernels for
the students about to arrive and redirects to the teacher page, which also lists this
browser's tables to come back to; with one of the store's classes chosen, it makes the class's
tables as ``incognito-nb class tables`` does, :mod:`.classes`, and opens the first), and notices
that say why a page was refused.  The
door keeps the CSS hooks of the widget forms it stands in for (``inc-join-code-field``,
``inc-join-name``, ``inc-join``, ``inc-deck``, ``inc-rounds``, ``inc-timer``,
``inc-create``; and ``inc-class``, ``inc-practice`` for a class's tables).

The new-table form and its post are the teacher's only: the laptop that runs the server
(while ``trust_this_machine``) or a browser that typed the classroom passphrase
(:class:`PassphraseDoor`); any other device gets a door that says so, and warms nothing.
Every door counts what it costs against its device's budget (:mod:`.devices`): page loads,
forms posted and table codes looked up; a device past it is slowed, then answered 429.

A door speaks the language a page would: the one its address asks for (``?lang=``), else
the table's (a join link's code), else the server's (``--language``).  The new-table form
asks the teacher for the table's language (``inc-page-language``), which every page of
the table then opens in; the join form offers the other languages as links.
"""

from __future__ import annotations

import asyncio
import logging
import os
from functools import lru_cache, partial
from typing import Any
from urllib.parse import urlencode

import jinja2
from jupyter_server.base.handlers import JupyterHandler
from jupyter_server.utils import url_path_join
from markupsafe import Markup
from tornado import web
from voila.tornado.handler import TornadoVoilaHandler

from ...engine import IllegalAction, Rules
from ...engine.players import name_key
from ...engine.rules import MAX_NAME_LENGTH, MAX_PLAYERS
from ...store import NotAllowed, StoreError, UnknownTable, normalise_code
from ...store.class_book import UnknownClass
from ...ui.choices import TIMER_SECONDS, deck_for_language, language_options, timer_choices
from ...ui.i18n import Language, first_language, language
from ..loading import LanguageTag
from .budget import STUDENT, TEACHER, Claim
from .classes import class_names, tables_for_class
from .desk import CLAIM, OWNER, FrontDesk, rss_mb
from .devices import REFUSED, SLOW
from .owners import from_this_machine, same
from .name_picks import table_picks
from .passphrase import normal_passphrase
from .seated import already_seated, keep_seat, same_seat, seat_held
from .forwarded import NO_PROXY, PROXY_SETTING, SCHEME_HEADER, browser_origin
from .preheat import TEACHER_KEY_HEADER

log = logging.getLogger(__name__)

#: The tornado setting under which the server puts its front desk.
DESK_SETTING = "incognito_nb_desk"
#: The tornado setting that holds the pages' theme (Voilà's ``--theme``): the doors take it too.
THEME_SETTING = "incognito_nb_theme"
#: The teacher key of table CODE lives in the cookie ``incognito_teacher_CODE``.
TEACHER_COOKIE = "incognito_teacher_"
#: How long a teacher's browser keeps a table's key (a table idle for a day is removed).
COOKIE_DAYS = 1
MAX_ROUNDS = 20
#: The longest code and name the doors pass on to the store.
MAX_CODE, MAX_NAME, MAX_TOKEN = 16, 200, 64
#: How many of a browser's teacher cookies the new-table page looks at.
MAX_TABLES_LISTED = 12
#: What :meth:`Doorway.teacher_problem` says of a browser without the table's key.
NOT_THE_TEACHER = "not the teacher"
#: The cookie of a browser that typed the classroom's passphrase (a teacher on another device).
CLASSROOM_COOKIE = "incognito_classroom"
#: The seat holder of a teacher's desk page in the kernel budget (the projected page's is "").
DESK_HOLDER = "(the teacher's desk)"
#: The longest passphrase the passphrase door reads.
MAX_PASSPHRASE = 64
#: The handler attribute in which the hub's identity says whether the user teaches (:mod:`.hub`).
HUB_TEACHER = "incognito_hub_teacher"
#: The handler attribute in which the hub's identity names the user asking (the seat's name).
HUB_NAME = "incognito_hub_name"


@lru_cache(maxsize=1)
def _templates() -> jinja2.Environment:
    return jinja2.Environment(loader=jinja2.PackageLoader("incognito_nb.app.server", "templates"), autoescape=True)


class Doorway:
    """What every classroom handler shares: the desk, the client, and drawing a door."""

    @property
    def desk(self) -> FrontDesk:
        return self.settings[DESK_SETTING]

    @property
    def local(self) -> bool:
        return self.desk.trust_this_machine and from_this_machine(self.request)

    @property
    def teacher(self) -> bool:
        """Checks if this browser may create tables: the laptop that runs the server (while it
        is trusted), or a browser that typed the classroom's passphrase; under JupyterHub, a user
        the hub lets teach (:mod:`.hub`), and nobody else."""
        hub_teacher = getattr(self, HUB_TEACHER, None)
        if hub_teacher is not None:
            return hub_teacher
        if self.local:
            return True
        desk = self.desk
        offered = self.get_cookie(CLASSROOM_COOKIE) or ""
        return bool(desk.passphrase and offered) and same(offered, desk.owners.sign(f"teacher:{desk.passphrase}"))

    async def within_budget(self, kind: str, code: str = "") -> bool:
        """Takes one of this device's ``kind`` allowance (:mod:`.devices`): waits first if the device
        is being slowed; if it is refused, answers 429 with a door that says why (in table
        ``code``'s language, for a code already checked), and returns False."""
        if self.local:
            return True
        verdict, delay = self.desk.devices.ask(self.request.remote_ip, kind)
        if verdict == SLOW:
            await asyncio.sleep(delay)
        elif verdict == REFUSED:
            self.too_busy(await self.speaking(code), kind)
            return False
        return True

    def page_url(self, notebook: str, **query: str) -> str:
        url = url_path_join(self.base_url, "voila/render", notebook)
        return f"{url}?{urlencode(query)}" if query else url

    def asked_language(self) -> str:
        """Returns the language the request asks for (``?lang=``, or the form's ``lang``), or ''."""
        asked = self.get_query_argument("lang", "") or (
            self.get_body_argument("lang", "") if self.request.method == "POST" else "")
        return first_language(asked[:16], default="")

    async def speaking(self, code: str = "") -> Language:
        """Returns the language of a door: the one asked for, else table ``code``'s, else the server's."""
        table = ""
        if code and not self.asked_language():
            try:
                table = await self.desk.run(self.desk.store.language, code)
            except StoreError:  # no such table: said in the door itself
                pass
        return language(first_language(self.asked_language(), table, os.environ.get("INCOGNITO_NB_LANGUAGE")))

    def door(self, door: str, title: str, lang: Language, *, status: int = 200, **values: Any) -> None:
        """Writes a kernel-free page in ``lang``: ``door`` is ``join``, ``create`` or ``notice``."""
        values.setdefault("links", [])
        html = _templates().get_template("door.html").render(
            door=door, title=title, base=self.base_url, xsrf=Markup(self.xsrf_form_html()),
            max_code=MAX_CODE, max_name=MAX_NAME_LENGTH, _=lang._, lang=lang.code,
            dark=self.settings.get(THEME_SETTING) == "dark", **values)
        self.set_status(status)
        self.set_header("Content-Type", "text/html; charset=UTF-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(html)

    def join_door(self, lang: Language, *, code: str = "", name: str = "", problem: str = "",
                  status: int = 200, picks: list[tuple[str, bool]] | None = None,
                  own_seat: tuple[str, str] | None = None) -> None:
        """Writes the join form; ``picks`` (a class's table): the names to tap, each with
        whether it is taken, in place of the name field (see ``name_picks.py``); ``own_seat``:
        the words and address of a link back to the seat this browser holds (``seated.py``)."""
        asked = self.asked_language()
        # The other languages, each named in its own words: the same form in that language.
        others = [(own, self.page_url(STUDENT, **({"code": code} if code else {}), lang=other))
                  for own, other in language_options(lang) if other != lang.code]
        hub_name = getattr(self, HUB_NAME, "")  # under the hub: no name to type, the hub's is used
        self.door("join", lang._("Incognito · join your class's table"), lang, status=status, code=code,
                  name=name, problem=problem, asked=asked, languages=others, picks=None if hub_name else picks,
                  hub_name=hub_name, own_seat=own_seat)

    async def picks(self, code: str) -> list[tuple[str, bool]] | None:
        """Returns the names to tap at table ``code`` if a class's, else None."""
        try:
            code = normalise_code(code)
        except StoreError:
            return None
        return await self.desk.run(table_picks, self.desk.store, code)

    def notice(self, lang: Language, title: str, text: str, *, status: int,
               links: list[tuple[str, str]] = ()) -> None:
        self.door("notice", title, lang, status=status, problem=text, links=list(links))

    def keep_teacher_key(self, code: str, key: str) -> None:
        """Gives this browser table ``code``'s key in an HttpOnly, SameSite cookie."""
        self.set_cookie(TEACHER_COOKIE + code, key, httponly=True, samesite="Lax",
                        expires_days=COOKIE_DAYS, path=self.base_url)

    async def teacher_problem(self, code: str, key: str | None, *,
                              from_link: bool = False) -> str | StoreError | None:
        """Returns None if ``key`` opens table ``code``'s teacher page; else what the store
        said (a wrong link's key, no such table, a store down), said in the page's language
        by :meth:`_not_the_teacher`, or :data:`NOT_THE_TEACHER` for a browser without the key
        to a table that is there."""
        try:
            if not key:
                await self.desk.run(self.desk.store.version, code)  # a table gone is said as such
                return NOT_THE_TEACHER
            await self.desk.run(self.desk.store.check_teacher, code, key)
        except NotAllowed as error:
            return error if from_link else NOT_THE_TEACHER
        except StoreError as error:
            return error
        return None

    async def create_door(self, lang: Language | None = None, *, problem: StoreError | str | None = None,
                          status: int = 200) -> None:
        """Writes the new-table form (the teacher's only), with this browser's tables to come
        back to and the store's classes to choose from; ``problem``: what was wrong with a post."""
        if not self.teacher:
            return await self.not_for_students()
        desk = self.desk
        lang = lang or await self.speaking()
        desk.budget.expect("", TEACHER, 1, seconds=300)  # a teacher page is about to be opened
        desk.keep_pools()
        tables = []
        cookies = sorted((name[len(TEACHER_COOKIE):], morsel.value) for name, morsel in self.request.cookies.items()
                         if name.startswith(TEACHER_COOKIE))
        for code, key in cookies[:MAX_TABLES_LISTED]:
            try:
                code = normalise_code(code)
                await desk.run(desk.store.check_teacher, code, key)
                snapshot = await desk.run(desk.store.read, code)
            except StoreError:
                self.clear_cookie(TEACHER_COOKIE + code, path=self.base_url)
                continue
            picks = await desk.run(table_picks, desk.store, code)  # a class's table: whom it seats
            tables.append({"code": code, "url": self.page_url(TEACHER, code=code), "state": _state(snapshot, lang),
                           "names": lang.names([name for name, _ in picks]) if picks else ""})
        offered = desk.offered_decks()
        decks = [(key, deck.name) for key, deck in offered.items()]
        # The server's own --deck first; else the deck in the class's language, where one exists.
        deck = "own:0" if "own:0" in offered else deck_for_language(offered, lang.code)
        try:
            classes = await desk.run(class_names, desk.store)
        except StoreError:
            classes = []
        links = [(lang._("The classes' reports"), url_path_join(self.base_url, "classroom/classes") + "?"
                  + urlencode({"lang": lang.code}))] if classes else []
        if isinstance(problem, StoreError):
            problem = lang.error(problem)
        self.door("create", lang._("Incognito · a new table for your class"), lang, status=status,
                  problem=problem or "", tables=tables, decks=decks,
                  timers=timer_choices(lang), rounds=3, max_rounds=MAX_ROUNDS,
                  languages=language_options(lang), chosen=lang.code, chosen_deck=deck, classes=classes,
                  links=links)

    def too_busy(self, lang: Language, kind: str = "page") -> None:
        if kind == "lookup":
            text = lang._("Many table codes were tried from this device in a short while. Wait a minute, then type "
                          "the code shown on the projector again.")
        elif kind == "page":
            text = lang._("Many pages were opened from this device in a short while. Wait a few seconds, "
                          "then open your link again.")
        else:
            text = lang._("Many forms were sent from this device in a short while. Wait a minute, then try again.")
        self.set_header("Retry-After", "60")
        self.notice(lang, lang._("Incognito · wait a moment"), text, status=429)

    async def not_for_students(self) -> None:
        """Answers a device that is not the teacher's with a door that says so (403), no kernel."""
        lang = await self.speaking()
        self.notice(lang, lang._("Incognito · only the teacher creates tables"),
                    lang._("Only the teacher can create a table for the class. Students: open the student page "
                           "and type the code shown on the projector."), status=403,
                    links=[(lang._("Open the student page"), self.page_url(STUDENT)),
                           (lang._("I am the teacher: type the classroom's passphrase"),
                            url_path_join(self.base_url, "classroom/passphrase"))])


class ClassroomPage(Doorway, TornadoVoilaHandler):
    """``/voila/render/<notebook>``: Voilà's page for a seat or a teacher, else a door."""

    @web.authenticated
    async def get(self, path=None):
        for header in (TEACHER_KEY_HEADER, SCHEME_HEADER):
            if header in self.request.headers:
                del self.request.headers[header]  # only this server sets them
        if path == STUDENT:
            claim = await self._student()
        elif path == TEACHER:
            claim = await self._teacher()
        else:
            raise web.HTTPError(404)
        if claim is None:
            return
        desk = self.desk
        refusal = desk.budget.refusal(claim, kernels=desk.kernel_count(), warm=desk.warm_count(path))
        if refusal is not None:
            lang = await self.speaking(claim.code)
            return self.notice(lang, lang._("Incognito · no room for this page"), lang.say(refusal), status=503)
        if not claim.local and not await self.within_budget("page", claim.code):
            return
        for kernel_id in desk.budget.replaced(claim):
            await desk.end(kernel_id, "its page was opened again")
        desk.budget.arrived(claim)
        with desk.on_its_way(path):
            desk.keep_pools()
            self.xsrf_token  # the _xsrf cookie lets the page's own shutdown request pass when it closes
            # The loading screen speaks as the page will: a warm kernel's page was written before
            # its request, in the server's language (see write).
            self._language_tag = LanguageTag((await self.speaking(claim.code)).code)
            self._as_the_browser_sees_it()
            token, owner = CLAIM.set(claim), OWNER.set(partial(desk.owners.give, self))
            try:
                await super().get(path)
            finally:
                CLAIM.reset(token)
                OWNER.reset(owner)

    def _as_the_browser_sees_it(self) -> None:
        """Hands the page's kernel the scheme and host the browser used (behind a proxy, what the
        proxy says: :mod:`.forwarded`), from which its join and seat links are made."""
        scheme, host = browser_origin(self.request.headers, self.request.protocol, self.request.host,
                                      self.settings.get(PROXY_SETTING, NO_PROXY))
        self.request.host = host  # Voilà's SERVER_NAME and SERVER_PORT
        self.request.headers[SCHEME_HEADER] = scheme

    def write(self, chunk) -> None:
        """Writes ``chunk`` of the page, with the loading screen's language made this page's
        (the ``incognito-language`` meta of the ``incognito`` template, once)."""
        tag = getattr(self, "_language_tag", None)
        super().write(tag(chunk) if tag is not None else chunk)

    def _arg(self, name: str, limit: int) -> str:
        return self.get_query_argument(name, "")[:limit].strip()

    async def _student(self) -> Claim | None:
        code, token = self._arg("code", MAX_CODE), self._arg("token", MAX_TOKEN)
        if code and not await self.within_budget("lookup"):
            return None
        lang = await self.speaking(_code_or_nothing(code))
        problem = ""
        if token and not code:
            problem = lang._("This link to a seat has no table code. Type the code shown on the projector and "
                             "your name.")
        elif token:
            try:
                seat = await self.desk.run(self.desk.store.rejoin, code, token)
            except StoreError as error:
                problem = lang.error(error)
            else:
                return Claim(STUDENT, seat.code, seat.name, self.request.remote_ip, self.local)
        self.join_door(lang, code=code, problem=problem, picks=await self.picks(code) if code else None)
        return None

    async def _teacher(self) -> Claim | None:
        code, key = self._arg("code", MAX_CODE), self._arg("key", MAX_TOKEN)
        timer = self._arg("timer", 4)
        try:
            code = normalise_code(code) if code else ""
        except UnknownTable as error:
            await self._create_door(problem=error)
            return None
        if key and not await self.within_budget("lookup"):
            return None
        if key:  # an old come-back link: the key moves into a cookie and out of the address bar
            problem = await self.teacher_problem(code, key, from_link=True)
            if problem is None:
                self.keep_teacher_key(code, key)
                asked = self.asked_language()
                desk = {"desk": "1"} if self._arg("desk", 2) == "1" else {}
                self.redirect(self.page_url(TEACHER, code=code, **desk, **({"timer": timer} if timer else {}),
                                            **({"lang": asked} if asked else {})), status=303)
                return None
            await self._not_the_teacher(code, problem)
            return None
        if not code:
            await self._create_door()
            return None
        if not await self.within_budget("lookup"):
            return None
        key = self.get_cookie(TEACHER_COOKIE + code)
        problem = await self.teacher_problem(code, key)
        if problem is not None:
            await self._not_the_teacher(code, problem)
            return None
        self.request.headers[TEACHER_KEY_HEADER] = key
        # The teacher's desk (``&desk=1``) is a page of its own: opened again, it takes the place
        # of the older desk, never of the projected page.
        holder = DESK_HOLDER if self._arg("desk", 2) == "1" else ""
        return Claim(TEACHER, code, holder, self.request.remote_ip, self.local)

    async def _not_the_teacher(self, code: str, problem: str | StoreError) -> None:
        lang = await self.speaking(code)
        links = [(lang._("Create a new table"), self.page_url(TEACHER))]
        if problem == NOT_THE_TEACHER:
            problem = lang._("The teacher's page of table {code} opens only in the browser that created the table. "
                             "On that computer, open the teacher page again: it lists your tables. "
                             "Students: open the student page and type the code.", code=code)
            links.insert(0, (lang._("Open the student page for table {code}", code=code),
                             self.page_url(STUDENT, code=code)))
        else:
            problem = lang.error(problem) if isinstance(problem, StoreError) else problem
        self.notice(lang, lang._("Incognito · the teacher's page"), problem, status=403, links=links)

    async def _create_door(self, problem: StoreError | None = None) -> None:
        await self.create_door(problem=problem)


def _code_or_nothing(code: str) -> str:
    """Returns ``code`` as the store writes it, or '' if it cannot be a table code."""
    try:
        return normalise_code(code) if code else ""
    except UnknownTable:
        return ""


def _state(snapshot, lang: Language) -> str:
    if not snapshot.started:
        return lang.ngettext("{n} player joined, not started", "{n} players joined, not started",
                             len(snapshot.players))
    game = snapshot.game
    if game.phase.value == "over":
        return lang._("Game over")
    return lang._("Round {round} of {rounds}", round=game.round, rounds=game.rules.rounds)


class JoinDoor(Doorway, JupyterHandler):
    """``POST /classroom/join``: takes a seat (code and name), then opens the seat link."""

    @web.authenticated
    async def post(self) -> None:
        code = self.get_body_argument("code", "")[:MAX_CODE + 1]
        name = self.get_body_argument("name", "")[:MAX_NAME + 1]
        if not (await self.within_budget("post") and await self.within_budget("lookup")):
            return
        lang = await self.speaking(_code_or_nothing(code[:MAX_CODE]))
        if len(code) > MAX_CODE or len(name) > MAX_NAME:
            return self.join_door(lang, code=code[:MAX_CODE], problem=lang._(
                "A table code is 5 letters and digits, and a name at most {limit} characters.", limit=MAX_NAME),
                status=400)
        if not code.strip():
            return self.join_door(lang, name=name, problem=lang._("Type the code shown on the projector."),
                                  status=400)
        table = _code_or_nothing(code.strip())
        held = await seat_held(self, table, self.get_cookie(TEACHER_COOKIE + table)) if table else None
        asked = self.asked_language()  # a language the student chose stays with their seat link
        picks = await self.picks(code)
        if held is not None:  # one phone, one seat (seated.py)
            seat_url = self.page_url(STUDENT, code=held.code, token=held.token, **({"lang": asked} if asked else {}))
            if same_seat(held, name):
                return self.redirect(seat_url, status=303)
            problem, back = already_seated(lang, held)
            return self.join_door(lang, code=code, name=name, problem=problem, status=409, picks=picks,
                                  own_seat=(back, seat_url))
        if picks is not None and name_key(name) not in {name_key(n) for n, _ in picks}:
            return self.join_door(lang, code=code, picks=picks, status=409, problem=lang._(
                "This table is for {names}: tap your own name.", names=lang.names(n for n, _ in picks)))
        try:
            seat = await self.desk.run(self.desk.store.join, code, name)
        except (IllegalAction, StoreError) as error:
            return self.join_door(lang, code=code, name=name, problem=lang.error(error), status=409, picks=picks)
        keep_seat(self, seat)
        self.redirect(self.page_url(STUDENT, code=seat.code, token=seat.token, **({"lang": asked} if asked else {})),
                      status=303)


class NewTableDoor(Doorway, JupyterHandler):
    """``POST /classroom/tables``: creates a table, gives this browser its teacher key,
    warms kernels for its students, then opens its teacher page."""

    @web.authenticated
    async def post(self) -> None:
        desk = self.desk
        if not self.teacher:  # no table, and no kernel warmed, for a student's device
            return await self.not_for_students()
        chosen = first_language(self.get_body_argument("language", "")[:16], default="")
        lang = language(first_language(chosen, os.environ.get("INCOGNITO_NB_LANGUAGE")))
        # The teacher's own posts are not counted (a tablet making the class's tables in a row):
        # what tables cost the laptop, their warm kernels, is capped by the budget's max_warm.
        deck = desk.offered_decks().get(self.get_body_argument("deck", ""))
        try:
            rounds = int(self.get_body_argument("rounds", "3"))
            timer = int(self.get_body_argument("timer", "0"))
        except ValueError:
            rounds, timer = 0, -1
        back = [(lang._("Back to the form"), self.page_url(TEACHER, lang=lang.code))]
        if deck is None or not 1 <= rounds <= MAX_ROUNDS or timer not in TIMER_SECONDS:
            return self.notice(lang, lang._("Incognito · a new table"),
                               lang._("Choose a deck, 1 to {limit} rounds and a timer from the form.", limit=MAX_ROUNDS),
                               status=400, links=back)
        rules = Rules(rounds=rounds)
        chosen_class = self.get_body_argument("class", "")[:MAX_NAME + 1].strip()
        try:
            if chosen_class:  # the class's tables, as ``incognito-nb class tables`` makes them
                made = await desk.run(partial(
                    tables_for_class, desk.store, chosen_class, deck, rules=rules, lang=lang,
                    base_url="{}://{}{}".format(*browser_origin(  # as the browser sees it (:mod:`.forwarded`)
                        self.request.headers, self.request.protocol, self.request.host,
                        self.settings.get(PROXY_SETTING, NO_PROXY)), self.base_url),
                    practice=self.get_body_argument("practice", "") == "1"))
                tables = [(table.code, table.teacher_key, len(table.names)) for table in made]
            else:
                keys = await desk.run(partial(desk.store.create_table, language=lang.code), deck, rules)
                tables = [(keys.code, keys.teacher_key, min(MAX_PLAYERS, rules.lineup_size))]
        except UnknownClass:
            return await self.create_door(lang, status=400, problem=lang._(
                "There is no class called {name}: choose a class from the list.", name=chosen_class[:MAX_NAME]))
        except (ValueError, StoreError) as error:
            return self.notice(lang, lang._("Incognito · a new table"), lang.error(error), status=409, links=back)
        for code, key, students in tables:
            self.keep_teacher_key(code, key)
            desk.expect_students(code, students)
        desk.keep_pools()
        query = {"code": tables[0][0], **({"timer": str(timer)} if timer else {})}
        self.redirect(self.page_url(TEACHER, **query), status=303)


class Status(Doorway, JupyterHandler):
    """``/classroom/status``: the kernels' books as JSON, for the server's own machine only
    (counts, never ids or keys): what a benchmark or an admin watches.  ``?memory=1`` adds
    each kernel's resident memory by role, and the server's."""

    @web.authenticated
    def get(self) -> None:
        if not from_this_machine(self.request):
            raise web.HTTPError(404)
        status = self.desk.status()
        if self.get_query_argument("memory", ""):
            status["memory_mb"] = self.desk.memory()
            status["server_mb"] = rss_mb(os.getpid())
        self.set_header("Content-Type", "application/json")
        self.set_header("Cache-Control", "no-store")
        self.finish(status)


class PassphraseDoor(Doorway, JupyterHandler):
    """``/classroom/passphrase``: a teacher on another device than the laptop types the
    passphrase the server printed when it started; the browser is then given an HttpOnly
    cookie (an HMAC of the passphrase under the server's secret, never the passphrase) that
    lets it create tables until the server stops."""

    @web.authenticated
    async def get(self) -> None:
        self.passphrase_door(await self.speaking())

    def passphrase_door(self, lang: Language, problem: str = "", status: int = 200) -> None:
        self.door("passphrase", lang._("Incognito · the classroom's passphrase"), lang, status=status, problem=problem,
                  notice=lang._("When the classroom server started, it printed a passphrase in the window of the "
                                "computer that runs it. Type it here to create tables from this device."),
                  max_passphrase=MAX_PASSPHRASE, asked=self.asked_language())

    @web.authenticated
    async def post(self) -> None:
        if not (await self.within_budget("post") and await self.within_budget("lookup")):
            return
        lang = await self.speaking()
        desk = self.desk
        offered = normal_passphrase(self.get_body_argument("passphrase", "")[:MAX_PASSPHRASE])
        if not (desk.passphrase and offered and same(offered, normal_passphrase(desk.passphrase))):
            return self.passphrase_door(lang, status=403, problem=lang._(
                "That is not the classroom's passphrase. Look again in the window where the classroom server "
                "started, and type it as it is written there."))
        self.set_cookie(CLASSROOM_COOKIE, desk.owners.sign(f"teacher:{desk.passphrase}"), httponly=True,
                        samesite="Lax", path=self.base_url)
        asked = self.asked_language()
        self.redirect(self.page_url(TEACHER, **({"lang": asked} if asked else {})), status=303)


class Home(Doorway, JupyterHandler):
    """``/``: the teacher's new-table page for the teacher (the laptop, or a browser that typed the
    classroom's passphrase), the join form elsewhere."""

    @web.authenticated
    def get(self) -> None:
        self.redirect(self.page_url(TEACHER if self.teacher else STUDENT))
