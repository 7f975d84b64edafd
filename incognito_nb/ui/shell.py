"""The one frame every page is built in: stylesheet, title line, message line, stage, error guard.

The table dashboard, the classroom's teacher page and its student page differ in what
their stage shows, not in how a page works: each has a title line, bars of its own
(the teacher bar, the "who is done" chips), one line where problems are said, and a
stage that holds the current screen, whose widgets are closed (their secrets with them)
when the screen changes.  :class:`PageShell` is that frame, once, with the one
:class:`~incognito_nb.ui.guard.Guard` every callback of the page runs through and the
one stylesheet gathered from every widget module.
"""

from __future__ import annotations

import re
from typing import Any, Callable

import ipywidgets as widgets

from incognito_nb.ui.guard import Guard, unexpected_failure
from incognito_nb.ui.i18n import Language, language
from incognito_nb.ui.widgets import (
    aria,
    class_setup,
    connection,
    curtain,
    find_phone,
    gallery,
    keyboard,
    language_menu,
    lineup,
    progress,
    reveal,
    scoreboard,
    setup_form,
    takeaways,
    teacher_bar,
    timer,
    voting,
)
from incognito_nb.ui.widgets.board import close_parts
from incognito_nb.ui.widgets.aria import PageAria
from incognito_nb.ui.widgets.keyboard import FocusGuard
from incognito_nb.ui.widgets.page_title import PageTitle
from incognito_nb.ui.widgets.text import markup, plain_text, safe
from incognito_nb.ui.sheets import read_sheet

APP_CSS = read_sheet(__file__, "shell.css")


#: Projector mode: type readable across a classroom, strong borders, and every phase on
#: one 1280x720 or 1920x1080 screen without scrolling (boards are sized by the window's height).
PROJECTOR_CSS = read_sheet(__file__, "projector.css")


#: A CSS comment; the sheets' comments are for the engineers who read them, not for the page.
_COMMENT = re.compile(r"/\*.*?\*/", re.DOTALL)
#: What a comment leaves: spaces at a line's end, lines with nothing on them.
_BLANK = re.compile(r"[ \t]+$|\n(?=\s*\n)", re.MULTILINE)


def _without_comments(css: str) -> str:
    """Returns ``css`` without its comments and the blank lines they leave."""
    return _BLANK.sub("", _COMMENT.sub("", css))


#: Every page's own CSS (the frame's, projector mode's, every widget module's), its comments
#: left out once, at import: each page built in a kernel used to do it again (1.9 ms a page).
_SHEETS = _without_comments("\n".join([APP_CSS, PROJECTOR_CSS] + [module.CSS for module in (
    aria, connection, curtain, find_phone, gallery, keyboard, language_menu, lineup, progress, reveal, scoreboard, setup_form,
    takeaways, teacher_bar, timer, voting, class_setup)])).rstrip("\n") + "\n"


def stylesheet(extra: str = "") -> str:
    """Returns every page's CSS (a ``<style>`` element): the frame's, projector mode's,
    every widget module's, then the page's own ``extra``, without their comments.

    The comments were 30 % of the sheet every page receives (12 of 41 kB), and one of them,
    an example chip ("Ana ✎ 12"), put a player's name in the same widget state as the CSS
    word ``clip``, which is also a Spanish deck's object.
    """
    return "<style>" + _SHEETS + _without_comments(extra).lstrip("\n") + "</style>"


class PageShell(widgets.VBox):
    """A page's frame: ``header``, the page's bars, ``message``, ``stage``, then its footer.

    Three landmarks for assistive technology (set in the browser by :attr:`aria`, a
    :class:`~incognito_nb.ui.widgets.aria.PageAria`): the top (title line, bars,
    message; ``banner``), the stage (``main``) and the footer (``contentinfo``, when the
    page has one).  The title line is the page's level-1 heading; every new screen
    (:meth:`set_stage`) moves the focus to it and says it in the page's live region.

    Subclasses add their bars (:meth:`add_bars`) and footer, build their screens and put
    them on the stage with :meth:`set_stage`; every callback they hand a widget goes
    through :meth:`guarded`.  ``lang`` is the page's :class:`~incognito_nb.ui.i18n.Language`,
    handed to every widget it builds (set :attr:`lang` to change it: the guard follows);
    ``unexpected(lang, error)`` returns the sentence said when something nobody foresaw
    goes wrong, ``enter()`` is what runs before every guarded callback.
    """

    def __init__(self, *, lang: Language | None = None, css: str = "",
                 unexpected: Callable[[Language, Exception], str] = unexpected_failure,
                 enter: Callable[[], Any] | None = None) -> None:
        self.header = markup("", "inc-header")
        self.message = markup("", "inc-message")
        self.stage = widgets.VBox()
        self.stage.add_class("inc-stage")
        self.guard = Guard(self.report, lang=lang or language(), clear=lambda: self.report(""),
                           unexpected=unexpected, enter=enter)
        self.page_title = PageTitle(title=self.lang._("Incognito"), language=self.lang.code)
        self.aria = PageAria()
        # Every page: boards out of the Tab order (ipycanvas would trap the keyboard in them).
        self.top = widgets.VBox([self.aria, FocusGuard(), self.header, self.message])
        self.top.add_class("inc-top")
        self.bottom = widgets.VBox()
        self.bottom.add_class("inc-bottom")
        self.bottom.layout.display = "none"
        super().__init__([markup(stylesheet(css), "inc-invisible"), self.page_title, self.top, self.stage, self.bottom])
        self.add_class("inc-app")

    @property
    def lang(self) -> Language:
        """The page's language: every widget it builds speaks it."""
        return self.guard.lang

    @lang.setter
    def lang(self, lang: Language) -> None:
        self.guard.lang = lang
        self.page_title.title = lang._("Incognito")
        self.page_title.language = lang.code

    def add_bars(self, *bars: widgets.Widget) -> None:
        """Puts ``bars`` under the title line, above the message line (in this order)."""
        at = self.top.children.index(self.message)
        self.top.children = (*self.top.children[:at], *bars, *self.top.children[at:])

    def add_to_title_line(self, *parts: widgets.Widget) -> None:
        """Puts ``parts`` on the title line, at its end (a language menu): on a wide screen
        they take no line of their own, on a narrow one they wrap under the title."""
        at = self.top.children.index(self.header)
        line = widgets.HBox([self.header, *parts])
        line.add_class("inc-title-line")
        self.top.children = (*self.top.children[:at], line, *self.top.children[at + 1:])

    def add_footer(self, *parts: widgets.Widget) -> None:
        """Puts ``parts`` under the stage, in the page's footer."""
        self.bottom.children = (*self.bottom.children, *parts)
        self.bottom.layout.display = ""

    def guarded(self, action: Callable[..., Any], *, keeps_message: bool = False) -> Callable[..., Any]:
        """Returns ``action`` wrapped so that a refusal or a failure is said on the page (see
        :class:`~incognito_nb.ui.guard.Guard`); ``keeps_message`` for what is not a person's
        action (a watch, a retry), which leaves what the page said."""
        return self.guard(action, keeps_message=keeps_message)

    def report(self, text: str) -> None:
        """Shows ``text`` as a problem at the top of the page ('' clears it)."""
        self.message.value = f'<span class="inc-problem" role="alert">{safe(text)}</span>' if text else ""

    def set_stage(self, children: list[widgets.Widget], *, said: str = "",
                  focus: widgets.DOMWidget | None = None) -> None:
        """Shows ``children``, closing every widget that leaves the screen (and its secrets).

        The focus, if it fell with the screen left, moves to the page's heading (to ``focus``,
        with one: the screen's one next move, pressed again and again), and the live region
        says the heading as it stands (set it first), then ``said`` (plain text: whose turn it is).
        """
        keep = set(map(id, children))
        leaving = [old for old in self.stage.children if id(old) not in keep]
        self.stage.children = children  # first: the page shows the new screen before hearing of the old
        for old in leaving:
            close_parts(old)
            old.close()
        self.aria.new_screen(" ".join(filter(None, [plain_text(self.header.value), said])), focus)

    def set_projector(self, on: bool) -> None:
        """Switches projector mode: large type, high contrast, each phase sized to the window
        (``PROJECTOR_CSS``); :meth:`show_projector` tells the page's own toggle."""
        (self.add_class if on else self.remove_class)("inc-projector")
        self.show_projector(on)

    def show_projector(self, on: bool) -> None:
        """Shows on the page's own controls whether projector mode is on (nothing here)."""

    @property
    def projector(self) -> bool:
        """Whether projector mode is on."""
        return "inc-projector" in self._dom_classes

    def close(self) -> None:
        """Closes every widget of the page."""
        close_parts(self)
        super().close()
