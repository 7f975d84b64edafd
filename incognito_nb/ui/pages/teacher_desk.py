"""The teacher's desk: the classroom controls that must not be projected, on a page of their own.

The projected teacher page (:mod:`incognito_nb.ui.pages.teacher`) is the show: what the
class must see, and the few buttons that set its pace (start, end phase, next, pause).
What a class must not see lives here, on a second page of the same table that the teacher
opens on a screen the class does not see (the laptop's own screen, beside the projector):
the Remove buttons of the lobby, a new seat link for a student who lost theirs (it holds
the seat's token; Copy and a QR code hand it over), the teacher's link to come back, and at
the game over, first, the teacher's files (poster, results, vocabulary, drawings) and Play
again with this class.  The desk can also start the game, end a phase and move the reveal
on, saying which drawing the projector shows, so the teacher can run the whole game from it.

Both pages are the same table in the store: a move made on one shows on the other.  The
drawing timer runs on the projected page only (the class watches it count down), but its
pause is the table's (like the reveal's step): the desk's *Pause timer* stops the projected
countdown within a moment (a teacher with the desk on a phone need not walk to the laptop
when a pen breaks), and both pages say the same state.  The desk does not move the game on
by itself when everyone is done: the last student's Done or Confirm does (of two students
finishing at the same moment, the later one's), and the projected page if that move was
not taken.  Every teacher's move names the screen it was made from, so a move from a screen
the table has left (the other page made it first) changes nothing.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from incognito_nb.engine import Phase
from incognito_nb.engine.rules import MAX_PLAYERS, MIN_PLAYERS
from incognito_nb.ui.pages.shared_table import link, lobby_list, with_query
from incognito_nb.ui.pages.teacher import TeacherPage, end_phase_label, offers_end_phase
from incognito_nb.ui.widgets.progress import (after_scores_label, next_reveal_label, start_round_label, title_line,
                                              who_is_done)
from incognito_nb.ui.widgets.seat_link import SeatLink
from incognito_nb.ui.widgets.settled_row import SettledRow
from incognito_nb.ui.widgets.text import markup, plain_text, player_badge, safe


class TeacherDesk(TeacherPage):
    """The teacher's desk of table ``code`` (see the module); the arguments are the teacher page's.

    Without ``teacher_key`` the desk shows only that it needs the teacher's browser.
    """

    offers_files = True

    def __init__(self, store, *, code: str | None = None, class_report: tuple[str, str] | None = None,
                 **kwargs: Any) -> None:
        self._desk_shown: tuple | None = None
        #: The class the table was made for and the address of its report (None: no class's table).
        self.class_report = class_report
        self.class_report_link = markup("", "inc-class-report-link")
        self.desk_note = markup("", "inc-desk-note")
        self.teacher_link_box = markup("", "inc-teacher-link")
        self.seat_help = markup("", "inc-seat-help")
        # One row of buttons that wraps, as the lobby's Remove buttons (a column stretched each
        # across the whole page).
        self.reissue_buttons = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.reissue_buttons.add_class("inc-reissue-seats")
        self.reissued_link = markup("", "inc-reissued-link")
        self.reissued_seat = SeatLink(labels={})  # Copy and a QR code, to hand the new link over; worded with it
        #: The student given a new link and the link, said again in the page's language (None: none yet).
        self.reissued: tuple[str, str] | None = None
        # What the game's seats need, together: shown during play, hidden (never closed) at the game over.
        self.seat_box = widgets.VBox([self.seat_help, self.reissue_buttons, self.reissued_link, self.reissued_seat])
        self.seat_box.add_class("inc-seat-box")
        self.remove_buttons = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.remove_buttons.add_class("inc-remove-players")
        # After "Remove Ana" the next button moves under the pointer (and takes the focus): a
        # double click's second click, or a second Enter, removed Ben too.
        self.settled_removes = SettledRow(row=".inc-remove-players")
        self._reissue_for: tuple | None = None
        self._removable: tuple | None = None
        #: The lobby's Remove buttons, by player.
        self._remove_for: dict[str, widgets.Button] = {}
        kwargs["projector"] = False  # read up close, on the teacher's own screen
        super().__init__(store, code=code, **kwargs)
        self.remove_class("inc-show")
        self.add_class("inc-desk")
        # At the game over the files come first, on the stage, not under the come-back link:
        # on a phone Play again was 230 px below the screen's foot.  A box always on the stage
        # (empty until then, hidden) is never closed as the screens change.
        self.bottom.children = tuple(part for part in self.bottom.children if part is not self.files_box)
        self.bottom.layout.display = "" if self.bottom.children else "none"
        # Read up close: its controls stay in sight, and its arrow keys are the teacher's own.
        self.top.children = tuple(part for part in self.top.children if part is not self.show_controls)
        self.show_controls.close()
        # The countdown, the projector toggle and the link to this desk belong to the projected page;
        # the timer's pause is the table's, pressed from either.
        self.teacher_bar.children = (self.end_phase_button, self.end_question, self.pause_button)

    def relabel(self, *, render: bool = True) -> None:
        self._desk_shown = self._reissue_for = self._removable = None
        super().relabel(render=render)

    def render(self) -> None:
        """Shows the desk: who is at the table, the controls, the new links and the come-back link."""
        self.follow_table_language()
        snapshot, lang = self.snapshot, self.lang
        view = snapshot.view(None, drawings=False)
        teacher = self.teacher_key is not None
        game = snapshot.game
        ends = offers_end_phase(game)
        # The desk's bar holds End phase (and its question) and Pause timer: without them (the
        # lobby, the game over) no empty row.
        self.teacher_bar.layout.display = "" if teacher and ends else "none"
        self.end_phase_button.layout.display = "" if ends else "none"
        self.end_phase_button.description = end_phase_label(game, lang)
        if game is None:  # the lobby: the projected page's invitation ("join the table") is not for the teacher
            self.header.value = safe(lang._("Teacher's desk · table {code}", code=snapshot.code))
        else:
            self.header.value = safe(lang._("Teacher's desk · table {code} · {where}", code=snapshot.code,
                                            where=title_line(view["game"], lang)))
        self.progress.value = (who_is_done(view["game"], lang, narrow=True) or self._on_the_projector(game)
                               if game is not None else "")
        if game is not None:
            # The last student's move (or the projected page) moves on once everyone is done; the
            # desk never does: a second page advancing from a screen already left behind would
            # skip the next one.
            self.end_phase_button.disabled = game.phase is Phase.OVER
        shown = (game.round, game.phase, game.reveal_step) if game is not None else ("lobby",)
        if shown != self._desk_shown or self._again:
            if shown != self._desk_shown and game is not None:
                self._renew_end_phase(shown)
            self._desk_shown, self._again = shown, False
            # In the reveal the heading stays the same at each Next: the live region says where the
            # projector is ("On the projector: Ben's drawing (2 of 3).") after it.
            said = plain_text(self.progress.value) if game is not None and game.phase is Phase.SCORE else ""
            parts = self._desk_parts(view) if teacher else [self.files_box, markup(safe(lang._(
                "The teacher's desk opens only in the browser that created the table.")), "inc-desk-note")]
            # The focus fallen with the Next pressed goes to the new Next, not to the title: from
            # there the Tabs back to Next pass "Skip to the scores…" first (the reveal's rest unseen).
            focus = next((part for part in parts if "inc-next" in part._dom_classes), None)
            self.set_stage(parts, said=said, focus=focus)
            self._show_teacher_files(game if game is not None and game.phase is Phase.OVER else None)
            self.files_box.layout.display = "" if self.files_box.children else "none"
        if game is not None:
            self._show_pause(game)
        if teacher:
            self._update_players(view)

    def _screen(self) -> tuple | None:
        return self._desk_shown  # the teacher's moves made here name the desk's screen

    def _on_the_projector(self, game) -> str:
        """Returns where the projected reveal stands (HTML), as the desk shows no drawing: whose
        drawing of how many, or the round's scores; '' in other phases."""
        lang = self.lang
        if game.phase is not Phase.SCORE:
            return ""
        step = game.reveal_step
        if step < len(game.players):
            artist = game.players[step]
            text = lang._("On the projector: {artist}'s drawing ({number} of {count}).", artist=player_badge(
                artist, game.seat(artist)), number=lang.number(step + 1), count=lang.number(len(game.players)))
        else:
            text = safe(lang._("On the projector: the scores of round {round}.", round=lang.number(game.round)))
        return f'<span class="inc-on-projector">{text}</span>'

    def _desk_parts(self, view: dict[str, Any]) -> list[widgets.Widget]:
        lang = self.lang
        self.desk_note.value = safe(lang._(
            "This page is for you alone: keep it on your own screen, not on the projector. The class watches "
            "the projected page; a move made here shows there."))
        if self.key_in_browser:
            # The links by what they open (the address itself read "open http://…/teacher.ipynb?code=… here").
            table_page = link(self.teacher_link, lang._("the table's page"))
            teacher_page = link(self.teacher_url, lang._("the teacher page"))
            self.teacher_link_box.value = lang._(
                "This browser keeps the key to table {code}: to come back, open {table_page} in it, or "
                "{teacher_page}, which lists your tables.", code=safe(self.code), table_page=table_page,
                teacher_page=teacher_page)
        else:
            self.teacher_link_box.value = lang._("Keep this link to come back: {link}", link=link(self.teacher_link))
        game = self.snapshot.game
        over = game is not None and game.phase is Phase.OVER
        # At the game over the files and Play again first (the files box, filled after this).
        parts: list[widgets.Widget] = [self.files_box, self.desk_note]
        if not view["started"]:
            self.lobby = markup("", "inc-lobby")
            self.start_button = widgets.Button(description=lang._("Start the game"), button_style="success",
                                               icon="play")
            self.start_button.add_class("inc-start")
            self.start_button.on_click(self.guarded(lambda _=None: self.start()))
            self.reissued_link.value = ""
            parts += [markup(self.table_facts(), "inc-table-facts"), self.lobby, self.remove_buttons,
                      self.settled_removes, self.start_button]
        else:
            step = self._desk_next()
            if step is not None:
                parts.append(self._next_button(*step))
            if game.phase in (Phase.HIDE, Phase.FIND):
                self.seat_help.value = lang._(
                    "A student who left cannot be removed once the game has started: press <b>{end_phase}</b> when "
                    "the others are done — their board and cards count as they lie. A student who lost their link "
                    "gets a new one here (the old one stops working).", end_phase=safe(lang._("End phase now…")))
            else:  # no End phase now to press: only the lost link
                self.seat_help.value = safe(lang._(
                    "A student who lost their link gets a new one here (the old one stops working)."))
            if over:  # a new link is for playing on: after Play again, asked for again
                self.reissued = None
            self._say_reissued()
            self.seat_box.layout.display = "none" if over else ""
            parts.append(self.seat_box)
        parts.append(self.teacher_link_box)
        if self.class_report is not None:
            name, url = self.class_report
            text = lang._("the words it keeps missing")
            self.class_report_link.value = lang._("The report of the class {name}: {link}", name=safe(name),
                                                  link=link(url, text))
            parts.append(self.class_report_link)
        return parts

    def _desk_next(self) -> tuple[str, Any] | None:
        """Returns the projected page's Next for this moment (its words and its move), if it has one."""
        game, lang = self.snapshot.game, self.lang
        if game.phase is Phase.SCORE:
            if game.reveal_step < len(game.players):
                return next_reveal_label(game.reveal_step == len(game.players) - 1, lang), self.next_reveal
            return after_scores_label(game.round >= game.rules.rounds, lang), self.next
        if game.phase is Phase.PREPARE:
            return start_round_label(game.round + 1, lang), self.next
        return None

    def _update_players(self, view: dict[str, Any]) -> None:
        """Keeps one Remove button per joined player in the lobby, one new-link button per
        player once the game has started (each built again only when the players change)."""
        lang, players = self.lang, tuple(view["players"])
        if not view["started"]:
            self.lobby.value = lobby_list(view["players"], lang)
            self.start_button.disabled = not MIN_PLAYERS <= len(players) <= MAX_PLAYERS
            if players != self._removable:
                # A player's button kept while they stay (in the same language): the keyboard's
                # focus can go to it (remove).
                kept = self._remove_for if self._removable is not None else {}
                self._removable = players
                self._remove_for = {name: kept.get(name) or self._player_button(
                    lang._("Remove {name}", name=name), "user-times", "inc-remove-player",
                    lambda name=name: self.remove(name)) for name in players}
                self._replace_children(self.remove_buttons, list(self._remove_for.values()))
        elif players != self._reissue_for:
            self._reissue_for, self._removable, self._remove_for = players, None, {}
            self._replace_children(self.remove_buttons, [])
            self._replace_children(self.reissue_buttons, [self._player_button(
                lang._("Give {name} a new link", name=name), "link", "inc-reissue-seat",
                lambda name=name: self.new_link(name)) for name in players])

    def remove(self, name: str) -> None:
        """Removes ``name`` from the lobby, and gives the keyboard's focus to the Remove button
        after theirs (before it, after the last; the title, once none is left): the button
        pressed leaves the page, and the focus fell to the page's body."""
        before = list(self._removable or ())
        super().remove(name)
        if name not in before or self._removable is None or name in self._removable:
            return
        at = before.index(name)
        button = next((self._remove_for[other] for other in [*before[at + 1:], *reversed(before[:at])]
                       if other in self._remove_for), None)
        # Handed on in the browser only if the focus fell with the button (to the page's body):
        # by the time the kernel has answered, the teacher may be elsewhere.
        self.aria.hand_focus(button if button is not None else self.header)

    def new_link(self, name: str) -> str:
        """Gives ``name`` a new rejoin link (their old one stops working), shows it with Copy
        and its QR code, and returns it."""
        seat = self.store.reissue_seat(self.code, self.teacher_key, name)
        self.reissued = seat.name, with_query(self.student_url, code=seat.code, token=seat.token)
        self._say_reissued()
        return self.reissued[1]

    def _say_reissued(self) -> None:
        """Shows the last new seat link in the page's language (it stayed in the language it was
        made in when the desk's language changed), or nothing."""
        if self.reissued is None:
            self.reissued_link.value = ""
            self.reissued_seat.url, self.reissued_seat.labels = "", {}
            return
        name, url = self.reissued
        self.reissued_link.value = self.lang._("{name}'s new link to their seat: {link}", name=safe(name),
                                               link=link(url))
        self.reissued_seat.relabel(self.lang, name)
        self.reissued_seat.url = url
