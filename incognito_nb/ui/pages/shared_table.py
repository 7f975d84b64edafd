"""What the classroom's teacher page and student pages share: one table in a store.

In classroom network play every page runs in its own kernel, and the game lives in a
:class:`~incognito_nb.store.TableStore`.  A page keeps only the latest
:class:`~incognito_nb.store.TableSnapshot` it read, renders from it, and sends every
move to the store; :func:`~incognito_nb.store.watch_async` tells it when another kernel
changed the table.  The snapshot is trusted (it holds every secret): the pages put only
their viewer's ``player_view`` into widgets.

A class draws all at once, so a page must follow a table's strokes at a cost that does
not grow with the ink: it reads only the moves made since the version it shows
(``read(code, since=…)``), and when they are only strokes it updates what they touch
(:meth:`TablePage.update`) — the "who is done" chips, or its own board drawn on from
another device — instead of building its screen again.

The small HTML helpers below (links, the QR code, who is done, the lobby) are shared
too.  :class:`SeatGame` lets the one-screen :class:`~incognito_nb.ui.widgets.voting.VotePanel` place
cards through the store: it has the few :class:`~incognito_nb.engine.Game` methods the
panel calls, reads from the latest snapshot and forwards moves as actions.
"""

from __future__ import annotations

import html
import logging
from typing import Any
from urllib.parse import urlencode

import ipywidgets as widgets

from incognito_nb.engine import Action, Game, IllegalAction, Phase, Rules
from incognito_nb.engine.errors import N_, Message
from incognito_nb.store import StoreError, TableSnapshot, TableStore, TableWatch, UnknownTable, watch_async
from incognito_nb.ui import i18n
from incognito_nb.ui.i18n import Language, first_language
from incognito_nb.ui.widgets.language_menu import LanguageMenu
from incognito_nb.ui.shell import PageShell
from incognito_nb.ui.widgets.connection import ConnectionWatch
from incognito_nb.ui.widgets.painted_board import packed_strokes
from incognito_nb.ui.widgets.seat_link import qr_data_uri
from incognito_nb.ui.widgets.text import markup, player_badge, safe
from incognito_nb.ui.sheets import read_sheet

log = logging.getLogger(__name__)

CLASSROOM_CSS = read_sheet(__file__, "shared_table.css")

#: The moves that change a board (what :meth:`TablePage.pack_ahead` packs).
BOARD_MOVES = ("edit_drawing", "update_drawing", "submit_drawing")


def link(url: str, text: str | None = None) -> str:
    """Returns an HTML link to ``url`` that shows ``text`` (the URL itself by default)."""
    return f'<a href="{html.escape(url, quote=True)}" target="_blank">{safe(url if text is None else text)}</a>'


def with_query(url: str, **params: str) -> str:
    """Returns ``url`` with ``params`` as its query string."""
    return f"{url}?{urlencode(params)}"


def qr_code(url: str, lang: Language) -> str:
    """Returns an HTML ``<img>`` of a QR code for ``url``, or '' if ``segno`` is not installed."""
    svg = qr_data_uri(url)
    if not svg:
        return ""
    alt = html.escape(lang._("QR code of the join link"), quote=True)
    return f'<img alt="{alt}" src="{html.escape(svg, quote=True)}">'


def lobby_list(players: list[str], lang: Language) -> str:
    """Returns the joined players as HTML badges (or a line saying nobody has joined)."""
    if not players:
        return safe(lang._("Nobody has joined yet."))
    return lang._("Joined: {players}", players=" ".join(player_badge(p, seat) for seat, p in enumerate(players, start=1)))


def unexpected_at_table(lang: Language, error: Exception) -> str:
    """Returns what a classroom page says of a failure nobody foresaw."""
    return lang._("Something went wrong: {error}. Nothing already played is lost; reload the page to carry on.",
                  error=str(error))


class SeatGame:
    """A stand-in for a :class:`Game` that plays one seat through the store.

    Reads come from ``page.snapshot.game``; ``cast_vote`` and ``confirm_votes`` become
    :class:`Action` s sent with the seat token.  A store failure is reported as an
    :class:`IllegalAction` (rule ``"store"``) so the panel shows it instead of raising.
    """

    def __init__(self, page: "TablePage") -> None:
        self._page = page

    @property
    def _game(self) -> Game:
        return self._page.snapshot.game

    @property
    def players(self) -> tuple[str, ...]:
        return self._game.players

    @property
    def rules(self) -> Rules:
        return self._game.rules

    @property
    def deck_language(self) -> str:
        return self._game.deck_language

    def seat(self, player: str) -> int:
        return self._game.seat(player)

    def player_view(self, viewer: str | None, *, drawings: bool = True) -> dict[str, Any]:
        return self._game.player_view(viewer, drawings=drawings)

    def drawing(self, player: str):
        """Returns ``player``'s board as the store has it (shown only where the view lists it)."""
        return self._game.drawing(player)

    def cast_vote(self, voter: str, artist: str, number: int | None) -> None:
        self._send(Action.cast_vote(voter, artist, number))

    def confirm_votes(self, voter: str) -> None:
        self._send(Action.confirm_votes(voter))

    def _send(self, action: Action) -> None:
        try:
            self._page.act(action)
        except IllegalAction:
            raise
        except StoreError as error:
            raise IllegalAction(error.message, rule="store") from None


class TablePage(PageShell):
    """A page that shows one table of ``store``: its snapshot, watch, messages and stage.

    Subclasses render :attr:`snapshot` in :meth:`render` and send moves with :meth:`act`.
    Without a running event loop (a test, a script) nothing is watched: call
    :meth:`refresh` to read the table again.

    The page speaks ``language`` when it is given (the page was opened with ``?lang=``),
    else the table's language once it shows a table (the teacher's, kept with the table),
    else ``default_language`` (the server's ``--language``); its language menu (the
    twin: :meth:`choose_language`) lets the person choose another.
    """

    #: Whether the page is a student's seat (the teacher's pages are not).
    SEATED = False

    def __init__(self, store: TableStore, css: str = "", *, language: str | None = None,
                 default_language: str | None = None) -> None:
        self.store = store
        self.code: str | None = None
        self.snapshot: TableSnapshot | None = None
        #: The versions this page's own moves made (its board need not show them again).
        self.mine: set[int] = set()
        self._store_down = False
        self.watch: TableWatch | None = None
        #: The seat's name and the lease this page took (a student's page), checked by the watch.
        self.lease: tuple[str, str] | None = None
        #: Why the page stopped following its table (the table is gone, the seat opened elsewhere), or None.
        self.closed_because: str | None = None
        #: Whether the page's language was chosen (by ``?lang=`` or the menu), not taken from the table.
        self.chosen_language = bool(language)
        super().__init__(css=CLASSROOM_CSS + css, unexpected=unexpected_at_table,
                         lang=i18n.language(first_language(language, default_language)))
        self.connection = ConnectionWatch(lang=self.lang, seated=self.SEATED)
        self.language_menu = LanguageMenu(self.lang, on_choose=self.guarded(self.choose_language))
        self.add_bars(self.connection)
        self.add_to_title_line(self.language_menu)
        self.add_class("inc-classroom")

    # ---------------------------------------------------------------- the page's language
    def choose_language(self, code: str) -> None:
        """Shows the page in the language ``code`` from now on (the person's choice: the
        table's language no longer changes it).

        :raises ValueError: if ``code`` is not a known language.
        """
        self.chosen_language = True
        self.speak(code)

    def follow_table_language(self) -> None:
        """Takes the table's language, unless the page's own was chosen (called by :meth:`render`)."""
        if self.chosen_language or self.snapshot is None or self.snapshot.language == self.lang.code:
            return
        try:
            self.speak(self.snapshot.language, render=False)
        except ValueError:  # a language this version does not speak: keep the page's
            pass

    def speak(self, code: str, *, render: bool = True) -> None:
        """Switches the page to the language ``code`` and builds its screen again in it
        (without ``render``: the caller is about to render)."""
        lang = i18n.language(code)
        if lang is self.lang:
            return
        self.lang = lang
        self.connection.lost_text = ConnectionWatch.lost_sentence(lang, seated=self.SEATED)
        self.language_menu.show(lang)
        # A page that stopped following its table keeps its last screen, and says why again.
        self.relabel(render=render and self.closed_because is None)
        if self.closed_because == "gone":
            self.report(lang.say(self.gone_message()))
        elif self.closed_because == "seat taken":
            self.set_stage([self._seat_taken_note()])

    def relabel(self, *, render: bool = True) -> None:
        """Writes the page again in :attr:`lang` (subclasses rebuild what they built)."""

    # ---------------------------------------------------------------- the table
    def follow(self, code: str) -> None:
        """Shows table ``code`` from now on: reads it, renders it and watches it."""
        self.code = code
        self.connection.start()
        self.refresh()
        self._stop_watch()
        try:
            # What the watch hears is not the student's doing: it keeps what the page says.
            self.watch = watch_async(self.store, code, self.guarded(self._changed, keeps_message=True),
                                     since=self.snapshot.version if self.snapshot else None,
                                     on_error=self._store_problem,
                                     on_recover=self.guarded(self.store_back, keeps_message=True),
                                     lease=self.lease, on_lease_lost=self.guarded(self.seat_taken, keeps_message=True))
        except RuntimeError:  # no event loop: a test or a script calls catch_up() itself
            self.watch = None

    def refresh(self) -> None:
        """Reads the table again and renders it whole."""
        self.snapshot = self.store.read(self.code)
        self.render()
        self.pack_ahead(None)

    def catch_up(self) -> None:
        """Reads the moves made since the version this page shows, and updates the page
        with them (what the watch does on every change)."""
        if self.snapshot is None:
            self.refresh()
            return
        before = self.snapshot
        self.snapshot = self.store.read(self.code, since=before.version)
        if self.snapshot.version < before.version or (
                self.snapshot.version == before.version and self.snapshot.updated_at != before.updated_at):
            self.mine.clear()
            self.moves_lost(before)
        elif self.snapshot.language != before.language:
            self.render()  # the teacher chose another language: a page that follows the table's speaks it
        else:
            self.update(self.snapshot.changes)
        self.pack_ahead(self.snapshot.changes)
        self.mine = {version for version in self.mine if version > self.snapshot.version}

    def act(self, action: Action, **credentials: str) -> int:
        """Sends ``action`` to the store, then brings the page up to date (without
        drawing again what this page did itself); returns the new version.

        Once the store has taken the move it counts as made, even if reading the table
        again fails (the watch reads it when the store answers).
        """
        try:
            version = self.store.act(self.code, action, **credentials)
        except UnknownTable:
            if self.snapshot is None:
                raise
            self.table_gone()
            raise StoreError(self.gone_message()) from None
        self.mine.add(version)
        self.made(action, **credentials)
        try:
            self.catch_up()
        except StoreError:
            pass
        return version

    def made(self, action: Action, **credentials: str) -> None:
        """Called once the store has taken ``action`` from this page, before the page reads
        the table again: what a page does at once after its own move."""

    def moves_lost(self, before: TableSnapshot) -> None:
        """Shows the table after the store came back older than this page saw it (a Redis
        restarted from its last save): says so, and renders what the store holds."""
        self.report(self.lang._("The game store came back without its last moves (it was restarted without keeping "
                                "them): the table is shown as the store kept it."))
        self.render()

    def store_back(self) -> None:
        """The store answers again after a failure: clears the page's message about it and
        reads what changed meanwhile."""
        if self._store_down:
            self._store_down = False
            self.report("")
        self.catch_up()

    def update(self, changes: tuple[tuple[int, Action], ...] | None) -> None:
        """Shows :attr:`snapshot` after ``changes`` (the moves since the version shown,
        or None when they are not known).  Pages that can show a stroke without building
        their screen again override it; this one renders."""
        self.render()

    def pack_ahead(self, changes: tuple[tuple[int, Action], ...] | None) -> None:
        """Packs, while the class draws, the strokes ``changes`` brought (None: every
        board's), after the page has shown them.

        At the end of the hide phase every page of a class builds its next screen at the
        same moment, and the find screen sends every board it may show, packed: six boards
        of 180 strokes took a kernel ~25 ms to pack there, 35 kernels at once on two cores.
        Packed as they come (a few microseconds a stroke, only the new ones: kept by
        :data:`~incognito_nb.ui.widgets.painted_board.packed_strokes`), they are only joined
        then.  Nothing is shown or sent: the kernel holds every board anyway.
        """
        game = self.snapshot.game if self.snapshot is not None else None
        if game is None or game.phase is not Phase.HIDE:
            return
        boards = game.players if changes is None else {
            action.player for _, action in changes if action.kind in BOARD_MOVES}
        for player in boards:
            packed_strokes.ahead(game.drawing(player).strokes)

    @staticmethod
    def strokes_only(changes: tuple[tuple[int, Action], ...] | None) -> bool:
        """Checks if ``changes`` are known and are all strokes on boards (nothing else moved)."""
        return changes is not None and all(action.kind == "edit_drawing" for _, action in changes)

    def _changed(self, version: int) -> None:
        if self.snapshot is None or version != self.snapshot.version:
            self.catch_up()

    def render(self) -> None:  # pragma: no cover - every page has its own
        raise NotImplementedError

    def close(self) -> None:
        """Stops watching the table and closes every widget of the page."""
        self._stop_watch()
        super().close()

    def _stop_watch(self) -> None:
        if self.watch is not None:
            self.watch.stop()
            self.watch = None

    # ---------------------------------------------------------------- the page's end
    def gone_message(self) -> Message:
        """Returns what the page says once its table is gone from the store (subclasses say
        what their reader can do)."""
        return Message(N_("This table no longer exists in the game store: it was deleted, or the store was restarted "
                          "without keeping its "
                          "games."))

    def table_gone(self) -> None:
        """The store answers, without the table this page showed (a Redis restarted without
        keeping its data): stops following it and says so, plainly, once."""
        if self.closed_because is not None:
            return
        self.closed_because = "gone"
        self._stop_watch()
        self.report(self.lang.say(self.gone_message()))

    def seat_taken(self) -> None:
        """Another page took this page's seat (:attr:`lease`), on this server or another one
        that shares the store: stops following the table and closes the page's screen,
        saying so."""
        if self.closed_because is not None:
            return
        self.closed_because = "seat taken"
        self._stop_watch()
        self.report("")
        self.set_stage([self._seat_taken_note()])
        self.connection.goodbye()  # the page's browser ends this kernel: the seat plays elsewhere

    def _seat_taken_note(self) -> widgets.HTML:
        return markup(safe(self.lang._(
            "Your seat was opened on another page (another tab or device), so this page is closed: play on "
            "the newest one. To play here again, reload this page.")), "inc-seat-elsewhere")

    # ---------------------------------------------------------------- problems
    def _store_problem(self, error: StoreError) -> None:
        if isinstance(error, UnknownTable) and self.snapshot is not None:
            self.table_gone()  # the watch ends: the store answers, without the table
            return
        self._store_down = True
        self.report(self.lang._("The table cannot be read right now: {error} Nothing already played is lost; "
                                "the page keeps trying.", error=self.lang.error(error)))
