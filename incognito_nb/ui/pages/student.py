"""The classroom's student page: one student's own card, pad and cards, on their own device.

A class plays one table from many devices.  A student page joins with the code and a
name (or comes back with its rejoin link), then shows that student's own card and pad,
cards to place, and results, while the teacher page
(:mod:`incognito_nb.ui.pages.teacher`) projects the table for everyone.  A move the store
cannot take at once waits on the page and is sent again.

The page renders only its student's ``player_view``: the trusted snapshot never reaches
a widget whole.  See :mod:`incognito_nb.ui.pages.shared_table` for the plumbing both
classroom pages share.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
from typing import Any, Callable

import ipywidgets as widgets

from incognito_nb.engine import Action, Drawing, Game, IllegalAction, Phase, position_of
from incognito_nb.engine.errors import N_, Message, unfilled
from incognito_nb.store import StoreError, StoreUnavailable, TableStore
from incognito_nb.ui.widgets.find_phone import PhoneFind, phone_find_screen
from incognito_nb.ui.widgets.pad import DrawingPad
from incognito_nb.ui.widgets.reveal import Reveal, shown_reveal
from incognito_nb.ui.widgets.scoreboard import GameOver, Scoreboard
from incognito_nb.ui.widgets.seat_link import SeatLink
from incognito_nb.ui.pages.ink_budget import InkBudget
from incognito_nb.ui.pages.save_status import saved_line, waiting_line
from incognito_nb.ui.pages.shared_table import SeatGame, TablePage, link, lobby_list, with_query
from incognito_nb.ui.widgets.progress import after_the_scores, on_the_projector, title_line, who_is_done
from incognito_nb.ui.widgets.takeaways import keepsake
from incognito_nb.ui.widgets.text import markup, plain_text, safe, words_lang
from incognito_nb.ui.sheets import read_sheet

log = logging.getLogger(__name__)

#: The moves that finish a phase for their player: Done in the hide phase, Confirm in the find phase.
FINISHING = {"mark_done": Phase.HIDE, "confirm_votes": Phase.FIND}

STUDENT_CSS = read_sheet(__file__, "student.css")

#: How long a student page waits before sending again what the store could not take.
RETRY_SECONDS = 2.0

#: How long a phone replays the drawing the projector reveals: not at all, it shows it whole.
#: The projector replays it for the class (the show); a phone that replayed it too drew it
#: ahead of the projector, and each replay's paintings (up to 30 a second, ~5 ms of a renderer
#: each without a GPU) made a Next cost more with more ink (docs/platform-notes.md).
PHONE_REPLAY_SECONDS = 0.0


def recovery_key(code: str, token: str, round_number: int, secret_object: str, location: str) -> str:
    """Returns where a seat's browser keeps the strokes of one round the store has not
    confirmed (the pad's ``recovery_key``).

    "Play again with this class" deals a new game at the same table with the same seat
    tokens, so table, token and round alone name round 1 of every game at the table alike,
    and strokes an old round never got into the store would come back on the new board.
    The round's own card tells the games apart: the student's secret object and location,
    which this student sees on this very screen and nobody else learns from the key (it is
    a hash, with the student's own token in it, kept in the student's own browser).  Never
    put the deal's seed or the line-up in it: from those, and a key that leaked, another
    player's secret object could be found by trying every deal.  A reload within the round
    gives the same key (the same card); a new deal that gives the same student the same
    object and the same location in round 1 would still meet the old strokes (rare: no card
    repeats within a game, and the deal is new).
    """
    card = json.dumps([code, token, round_number, secret_object, location], ensure_ascii=False)
    return hashlib.sha256(card.encode()).hexdigest()[:24]


class StudentPage(TablePage):
    """A student's own page: join table ``code`` (or come back with ``token``), then play.

    ``student_url`` is this page's address, for the rejoin link.  Everything shown comes
    from ``player_view(name)``: the student's own card, drawing and cards, and what the
    whole table may see.  The page speaks ``language`` when it is given (``?lang=``), else
    the table's (the teacher's), else ``default_language``; the student may choose another
    in the page's language menu.
    """

    SEATED = True

    def __init__(self, store: TableStore, *, code: str | None = None, token: str | None = None,
                 student_url: str = "student.ipynb", language: str | None = None,
                 default_language: str | None = None, picture: Callable[[Drawing], bytes] | None = None) -> None:
        super().__init__(store, STUDENT_CSS, language=language, default_language=default_language)
        self.add_class("inc-student-page")
        self.student_url = student_url
        self.picture = picture  # makes a PNG of a board, offered when the table is gone
        self.seat = None
        self.pad: DrawingPad | None = None
        self._saved = Drawing()  # this student's board as the store has it
        # The board as it was when Done was pressed, until the store has taken the Done.
        self._handed_in: Drawing | None = None
        self._handed: tuple[int, Drawing] | None = None  # (round, board) of the last Done the store took
        self._retry: asyncio.Task | None = None
        self._ink_budget = InkBudget()  # what this seat may store, as fast as a hand draws
        self.save_status: widgets.HTML | None = None  # on the drawing screen: saved, or waiting
        self.votes: PhoneFind | None = None
        self._shown: tuple | None = None
        self._again = False  # build the screen again though it shows the same (the language changed)
        #: The table code and name this student was removed from by the teacher, or None.
        self.removed_from: tuple[str, str] | None = None
        self.progress = markup("", "inc-progress")
        self.rejoin = markup("", "inc-rejoin-link")
        self.seat_link = SeatLink(lang=self.lang)
        self.add_bars(self.progress)
        self.add_footer(self.rejoin, self.seat_link)
        if code and not self.chosen_language:  # a join link: the form speaks the table's language
            try:
                self.speak(store.language(code), render=False)
            except ValueError:  # no such table, or a language this version does not speak: said on joining
                pass
        if token:
            self.guarded(self.come_back)(code, token)
        if self.seat is None:
            self.show_join_form(code or "")

    @property
    def name(self) -> str | None:
        """Returns the student's name at the table (None before joining)."""
        return self.seat.name if self.seat else None

    # ---------------------------------------------------------------- the page's language
    def relabel(self, *, render: bool = True) -> None:
        """Builds the page again in its language, keeping what the join form holds and the board."""
        self.seat_link.relabel(self.lang)
        self._show_rejoin_link()
        self._again = True
        if not render:
            return
        if self.seat is not None:
            self.render()
        elif hasattr(self, "code_field"):
            typed = (self.code_field.value, self.name_field.value)
            self.show_join_form(typed[0])
            self.name_field.value = typed[1]

    # ---------------------------------------------------------------- joining
    def show_join_form(self, code: str = "") -> None:
        """Shows the form that joins a table: its code and the student's name."""
        lang = self.lang
        self.header.value = safe(lang._("Incognito · join your class's table"))
        self.code_field = widgets.Text(value=code, description=lang._("Code"), tooltip=lang._("Code"),
                                       placeholder=lang._("ABCDE"))
        self.code_field.add_class("inc-join-code-field")
        self.name_field = widgets.Text(description=lang._("Your name"), tooltip=lang._("Your name"),
                                       placeholder=lang._("Ana"))
        self.name_field.add_class("inc-join-name")
        join = widgets.Button(description=lang._("Join"), button_style="primary", icon="sign-in")
        join.add_class("inc-join")
        join.on_click(self.guarded(lambda _=None: self.join(self.code_field.value, self.name_field.value)))
        form = widgets.VBox([self.code_field, self.name_field, join])
        form.add_class("inc-join-form")
        self.set_stage([*self._removed_note(), form])

    def _removed(self) -> None:
        """The teacher removed this student from the table's lobby: the page stops following
        the table and says so, with the join form under it (the code and name filled in),
        for a student removed by mistake to join again once the teacher agrees."""
        self.removed_from = (self.seat.code, self.seat.name)
        self._stop_watch()
        self.seat = self.lease = self.pad = self.votes = self._shown = None
        self.rejoin.value = ""  # the old link leads nowhere now
        self.seat_link.url = ""
        self.progress.value = ""
        self.show_join_form(self.removed_from[0])
        self.name_field.value = self.removed_from[1]

    def _removed_note(self) -> list[widgets.Widget]:
        if self.removed_from is None:
            return []
        code, name = self.removed_from
        return [markup(safe(self.lang._(
            "Your teacher removed you ({name}) from table {code}, so this page no longer follows the game. If that "
            "was a mistake, ask your teacher, then join again with the table's code below.", name=name, code=code)),
            "inc-removed")]

    def join(self, code: str, name: str) -> None:
        """Takes a seat at table ``code`` as ``name``."""
        self._seated(self.store.join(code, name))

    def come_back(self, code: str | None, token: str) -> None:
        """Returns to the seat that ``token`` (from a rejoin link) belongs to."""
        self._seated(self.store.rejoin(code or "", token))

    def _seated(self, seat) -> None:
        # This page becomes the seat's one live page, on every server sharing the store.
        self.lease = (seat.name, self.store.lease_seat(seat.code, seat.token))
        self.seat = seat
        self.removed_from = None
        self._show_rejoin_link()
        self.follow(seat.code)

    def _show_rejoin_link(self) -> None:
        if self.seat is None:
            return
        params = {"code": self.seat.code, "token": self.seat.token}
        if self.chosen_language:
            params["lang"] = self.lang.code  # the link comes back in the language the student chose
        url = with_query(self.student_url, **params)
        # Not the address itself (long, with its token): a short sentence, the link under
        # two words, and the buttons that copy it or show it as a QR code.
        lang = self.lang
        words = lang._("your seat link")
        self.rejoin.value = lang._("Keep {link}: it brings you back to your seat if this page closes. It is yours "
                                   "alone, do not share it.", link=link(url, words))
        self.seat_link.relabel(lang)
        self.seat_link.url = url

    # ---------------------------------------------------------------- showing
    def update(self, changes) -> None:
        """Shows the moves since the last screen: other players' strokes only move the "who is
        done" chips; this student's own strokes made on another device are drawn on this pad."""
        game = self.snapshot.game
        if game is None or not self.strokes_only(changes) or (self._shown or ())[:3] != (game.round, game.phase, True):
            self.render()
            return
        self.progress.value = who_is_done(game.progress(), self.lang, short=True)
        for version, action in changes:
            if action.player == self.name and version not in self.mine:
                board = game.drawing(self.name)
                self.pad.show_edit(board)  # the pad draws only what changed
                self._saved = board

    def render(self) -> None:
        """Shows the table as this student may see it."""
        self.follow_table_language()
        lang = self.lang
        if self.name not in self.snapshot.players:  # the teacher removed this student in the lobby
            self._removed()
            return
        view = self.snapshot.view(self.name, drawings=False)  # the boards come from the game's own drawings
        if not view["started"]:
            self.header.value = safe(lang._("Table {code} · you are {name}", code=self.code, name=self.name))
            self._show(("lobby",), lambda: [markup("", "inc-lobby"), markup(
                safe(lang._("Wait for your teacher to start the game.")), "inc-waiting")])
            self.stage.children[0].value = lobby_list(view["players"], lang)
            return
        game = view["game"]
        phase = Phase(game["phase"])
        self.header.value = safe(lang._("{title} · you are {name}", title=title_line(game, lang), name=self.name))
        self.progress.value = who_is_done(game, lang, short=True)
        # A screen is the round's and the deal's: after Play again the new game's round 1 is
        # another screen than the last game's, even for a page that never saw the podium.
        if phase is Phase.HIDE:
            drawing = self.name not in game["done"]
            if drawing or not self._turn_card_to_done(game["round"]):
                self._show((game["round"], phase, drawing, game.get("object")), lambda: self._hide_screen(game)
                           if drawing else [self._done_note()])
        elif phase is Phase.FIND:
            self._show((game["round"], phase, tuple(game.get("lineup") or ())), self._find_screen)
            self.votes.render()
        else:  # in the reveal, the drawing the projector shows: the table's step
            step = game["reveal"]["step"] if phase is Phase.SCORE else None
            self._show((game["round"], phase, step), lambda: self._results_screen(game),
                       said=on_the_projector(game, self.name, lang))

    def _show(self, shown: tuple, screen, *, said: str = "") -> None:
        """Builds the stage with ``screen()`` unless it already shows ``shown`` (and the
        language did not change); the page says ``said`` after its heading."""
        if shown != self._shown or self._again:
            # The table moved on (not from drawing to "done" in one round) before the store
            # took what waited: it cannot take it any more.
            unsent = (self._shown or ())[:2] != shown[:2] and any(self.waiting())
            if unsent:
                self._handed_in = None
            # The same board in another language: it keeps what the store has not taken yet.
            board = self.pad.drawing if self.pad is not None and shown == self._shown else None
            self.pad = self.votes = None
            self._shown, self._again = shown, False
            self.set_stage(screen(), said=said)
            if board is not None and self.pad is not None and self.pad.drawing != board:
                self.pad.load(board)
            if unsent:
                self.report(self.lang._("Your last strokes could not be kept: the drawing time ended before the game "
                                        "store could take them. Your board counts as the store last had it."))

    def _hide_screen(self, game: dict[str, Any]) -> list[widgets.Widget]:
        lang = self.lang
        location = game["locations"][self.name]
        self._saved = self.snapshot.game.drawing(self.name)  # the student's own board, as the store has it
        # The browser keeps strokes it never saw saved under this seat and round, for the next page.
        key = recovery_key(self.seat.code, self.seat.token, game["round"], game["object"], location)
        self.pad = DrawingPad(self._saved, location=location, on_change=self.guarded(self.save_drawing),
                              recovery_key=key, lang=lang)
        done = widgets.Button(description=lang._("Done"), button_style="success", icon="check")
        done.add_class("inc-done")
        done.on_click(self.guarded(lambda _=None: self.done()))
        self.save_status = markup("", "inc-save-status")
        self._show_saved()
        words = words_lang(game["deck"]["language"], lang.code)  # the deck's words, said in its language
        secret, place = (lang._("Your secret object: {object}", object=f"<b{words}>{safe(game['object'])}</b>"),
                         lang._("Hide it in: {location}", location=f"<b{words}>{safe(location)}</b>"))
        # Done right under the board: on a phone the pad and Done are in view together.
        hand_in = widgets.HBox([done, self.save_status])
        hand_in.add_class("inc-hand-in")
        card = widgets.VBox([markup(secret, "inc-secret"), markup(place, "inc-location"), self.pad, hand_in])
        card.add_class("inc-hide-card")
        return [self._done_note("inc-later"), card]

    def _done_note(self, *classes: str) -> widgets.HTML:
        """Returns the line a student reads once their drawing is handed in."""
        return markup(safe(self.lang._("Your drawing is done. Wait for the others.")), "inc-waiting",
                      "inc-done-note", *classes)

    def _turn_card_to_done(self, round_number: int) -> bool:
        """Turns the drawing screen of ``round_number`` into the "your drawing is done" screen
        in place, if the stage shows it; returns whether it did.

        The screen holds the note from the start, hidden: Done shows it, then takes the card
        away.  The browser builds no new view, so the note is there at once, where a new
        screen leaves the stage blank until its view is built (issue 18).
        """
        children = self.stage.children
        if (self._shown or ())[:3] != (round_number, Phase.HIDE, True) or self._again or len(children) != 2 \
                or "inc-done-note" not in children[0]._dom_classes:
            return False
        note, card = children
        note.remove_class("inc-later")  # first the note, then the card goes: never an empty stage
        self.pad = self.save_status = None
        self._shown = (round_number, Phase.HIDE, False, *self._shown[3:])  # the same deal
        self.set_stage([note])  # closes the card, the pad with it; the page says its new screen
        return True

    def _find_screen(self) -> list[widgets.Widget]:
        """Returns the find phase as a phone shows it: the line-up, then one other player's
        drawing at a time with its cards (:class:`PhoneFind`); the projector shows them all."""
        game, lang = self.snapshot.game, self.lang
        screen, self.votes = phone_find_screen(SeatGame(self), self.name, game.lineup,
                                               on_confirm=self.guarded(self._confirmed), lang=lang)
        return [screen]

    def _confirmed(self) -> None:
        """Shows the cards confirmed: the page says the cards' line, and the focus, fallen with the
        grey Confirm, goes to the heading, unless the student has moved it on."""
        shown = self._shown
        self.render()
        if self._shown == shown and self.votes is not None:
            self.aria.say(f"{plain_text(self.header.value)} {self.votes.summary}")
            self.aria.hand_focus(self.header, self.votes)

    def _results_screen(self, game: dict[str, Any]) -> list[widgets.Widget]:
        """Returns the screen after the find phase: in the reveal, what the projector shows
        now and no more (the drawing it reveals, or the round's scoreboard)."""
        full, lang = self.snapshot.game, self.lang
        if Phase(game["phase"]) is Phase.OVER:
            return [GameOver(full, lang=lang, you=self.name)]
        record = full.history[-1]
        revealing = game["reveal"]["revealed"][-1] if game["reveal"] and not game["reveal"]["scoreboard"] else None
        if revealing is not None:
            mine = game["reveal"]["drawing_points"][revealing].get(self.name, 0)
            said = safe(lang.ngettext("You score {n} point with this drawing.",
                                      "You score {n} points with this drawing.", mine))
            # The drawing before's reveal, moved on in place (a Next builds no new screen): the
            # student's points first, so that once the reveal names the artist all is theirs.
            shown = self.stage.children
            reveal = shown_reveal(shown, record, lang)
            if reveal is not None:
                for line in shown:
                    if "inc-my-drawing-points" in line._dom_classes:
                        line.value = said
                if reveal.artist != revealing:
                    reveal.show(revealing, PHONE_REPLAY_SECONDS)
                return list(shown)
            # The student's points above the drawing: on a phone (390×844) the line-up and the
            # cards fill the screen below it, and a line under them is out of sight.
            return [markup(safe(lang._("Look at the screen: the class sees this drawing now.")), "inc-look-up"),
                    markup(said, "inc-my-drawing-points"),
                    Reveal(record, revealing, seat_of=full.seat, replay_seconds=PHONE_REPLAY_SECONDS, lang=lang,
                           deck_language=full.deck_language)]
        mine = record.points.get(self.name, 0)
        return [markup(safe(lang.ngettext("You scored {n} point this round.",
                                          "You scored {n} points this round.", mine)), "inc-my-points"),
                Scoreboard(full, lang=lang, you=self.name), markup(safe(after_the_scores(full, lang)), "inc-waiting")]

    # ---------------------------------------------------------------- the student's moves
    def save_drawing(self, drawing: Drawing | None = None) -> None:
        """Stores what changed on the board since the store last had it (one stroke, an
        undo, a clear), so a reload or another device finds the board as it stands."""
        if self.closed_because == "gone":
            self._offer_board()  # no store will take it: the picture offered follows the board
            return
        self.send_waiting()

    def done(self) -> None:
        """Hands in the drawing as it stands."""
        self._handed_in = self.pad.drawing
        self.send_waiting()

    def send_waiting(self) -> None:
        """Sends the store what it does not have yet: the board's changes, then Done.

        What the store cannot take now (unreachable, busy) stays on the page, said to be
        waiting, and is sent again every :data:`RETRY_SECONDS` and as soon as the store
        answers; nothing waiting ever looks saved.  Strokes the table no longer takes (the
        teacher ended the phase meanwhile) are said plainly when the screen moves on.
        """
        try:
            if not self._send_board():
                self._retry_later()  # past the seat's ink budget: sent later, with what follows, as one change
                return
            if self.pad is not None:
                self.pad.saved()  # the store has the board: the browser may forget its copy
            if self._handed_in is not None:
                board = self._handed_in
                self.act(Action.mark_done(self.name))
                self._handed = (self.snapshot.game.round, board)
                self._handed_in = None
                self.render()
        except StoreUnavailable as error:
            self._show_waiting()
            self._retry_later()
            log.info("%s: the store cannot take a move now: %s", self._where(), unfilled(error))
            return
        self._show_saved()

    def waiting(self) -> tuple[int, bool]:
        """Returns what the store does not have yet: how many strokes changed, and whether Done waits."""
        board = self._handed_in if self._handed_in is not None else self.pad.drawing if self.pad else None
        if board is None:
            return 0, False
        keep, strokes = self._saved.changes_to(board)
        changed = len(strokes) or (1 if keep < len(self._saved) else 0)
        game = self.snapshot.game if self.snapshot is not None else None
        return changed, self._handed_in is not None and not (game is not None and self.name in game.done)

    def _send_board(self) -> bool:
        """Stores what changed on the board; returns False if the seat's ink budget holds it back."""
        board = self._handed_in if self._handed_in is not None else self.pad.drawing if self.pad else None
        if board is None:
            return True
        keep, strokes = self._saved.changes_to(board)
        if keep == len(self._saved) and not strokes:
            return True
        if not self._ink_budget.take(sum(len(stroke.points) for stroke in strokes)):
            return False
        # Strokes added after everything the store has go "after what is there", so that
        # two devices of one seat drawing at once both keep their strokes.
        action = Action.edit_drawing(self.name, strokes, keep=None if keep == len(self._saved) else keep)
        previous, self._saved = self._saved, board  # taken once act returns, whatever the page shows next
        try:
            self.act(action)
        except IllegalAction as error:
            self._saved = previous
            if error.rule != "drawing_full" or self.pad is None:
                raise
            # The board is full (another device of this seat filled it): the ink that did not
            # fit is dropped and said on the pad, never sent again; the store's board stays.
            self.pad.take_back(previous)
            if self._handed_in is not None:
                self._handed_in = previous
        except BaseException:
            self._saved = previous
            raise
        return True

    def _status(self, line: str) -> None:
        if self.save_status is not None and self.save_status.comm is not None:
            self.save_status.value = line

    def _show_saved(self) -> None:
        self._status(saved_line(self.lang, drawn=bool(self._saved.strokes)))

    def _show_waiting(self) -> None:
        self._status(waiting_line(self.lang, *self.waiting()))

    def _retry_later(self) -> None:
        if self._retry is not None and not self._retry.done():
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no event loop (a test): send_waiting() is called again by hand
            return
        self._retry = loop.create_task(self._send_again())

    async def _send_again(self) -> None:
        while any(self.waiting()) and self.closed_because is None:
            await asyncio.sleep(RETRY_SECONDS)
            self.guarded(self.send_waiting, keeps_message=True)()

    def store_back(self) -> None:
        super().store_back()
        self.send_waiting()

    def moves_lost(self, before) -> None:
        """The store came back older than this page saw it: the student's own board and
        Done, which this page still has, are sent again."""
        game = self.snapshot.game
        if game is not None and game.phase is Phase.HIDE and self.name not in game.done:
            self._saved = game.drawing(self.name)
            if self._handed is not None and self._handed[0] == game.round and self._handed_in is None:
                self._handed_in = self._handed[1]  # Done was taken, then lost: hand it in again
        self.report(self.lang._("The game store came back without its last moves (it was restarted without keeping "
                                "them): your board and Done are sent again."))
        self.render()
        self.send_waiting()

    def act(self, action: Action, **credentials: str) -> int:
        version = super().act(action, seat_token=self.seat.token)
        game = self.snapshot.game if self.snapshot is not None else None
        if game is not None and FINISHING.get(action.kind) is game.phase and not game.waiting:
            # Two last students at the same moment: each page had last read the other still at
            # it, so neither moved on in made(); the later move's read (just now) sees both.
            self.move_on(game, seat_token=self.seat.token)
            try:
                self.catch_up()
            except StoreError:
                pass
        return version

    def made(self, action: Action, **credentials: str) -> None:
        """After this student's Done or Confirm, the last one the table waited for: moves
        the game on at once, so every page hears of the next phase from this one move
        (the teacher page would make it too, but only once its watch read this Done).
        When this page's last read showed others still at it, :meth:`act` looks again
        in the read that follows the move (of two students finishing at the same moment,
        the later one's read holds both moves, with no teacher page open).  Another page
        moving on first, or a store that cannot take it now, leaves it to the teacher
        page; the student's own move is taken either way."""
        game = self.snapshot.game if self.snapshot is not None else None
        if game is None or FINISHING.get(action.kind) is not game.phase:
            return
        if set(game.waiting) <= {self.name}:  # the others are done (as this page last read the table)
            self.move_on(game, **credentials)

    def _where(self, game: Game | None = None) -> str:
        """Returns "table CODE, seat N": a log line names no student (README, Privacy)."""
        game = game or (self.snapshot.game if self.snapshot is not None else None)
        return f"table {self.code}, seat {game.seat(self.name) if game and self.name in game.players else '?'}"

    def move_on(self, game: Game, **credentials: str) -> None:
        """Ends the phase ``game`` is in, which everyone has finished (any seat may)."""
        try:
            self.store.act(self.code, Action.advance(at=position_of(game)), **credentials)
        except (IllegalAction, StoreError) as error:
            log.info("%s: moving on from %s was left to the teacher page: %s",
                     self._where(game), game.phase.value, unfilled(error))

    # ---------------------------------------------------------------- the page's end
    def gone_message(self) -> Message:
        return Message(N_("This table no longer exists in the game store: it was deleted, or the store was restarted "
                          "without keeping its "
                          "games. Ask your teacher for a new table."))

    def table_gone(self) -> None:
        """Says the table is gone, and offers the student's board, which only this page still
        holds, as a picture to download."""
        if self.closed_because is not None:
            return
        super().table_gone()
        self._status("")
        self._offer_board()

    def _offer_board(self) -> None:
        """Offers the board as this page holds it as a picture, above the stage (again, in
        place of the last offer, after a change)."""
        board = self.pad.drawing if self.pad is not None else (
            self.snapshot.game.drawing(self.name) if self.snapshot.game is not None else Drawing())
        kept = keepsake(board, self.lang, self.picture)
        shown = [child for child in self.stage.children if "inc-keepsake" not in child._dom_classes]
        for old in self.stage.children:
            if old not in shown:
                old.close()
        self.stage.children = (kept, *shown) if kept is not None else tuple(shown)

    def seat_taken(self) -> None:
        """Sends what waits one last time (the newest page goes on from the store), then closes."""
        if self.closed_because is None and any(self.waiting()):
            self.guarded(self.send_waiting, keeps_message=True)()
        super().seat_taken()
        self.pad = self.votes = None
