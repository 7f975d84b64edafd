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

from typing import Any, Callable

import ipywidgets as widgets

from incognito_nb.ui.guard import Guard, unexpected_failure
from incognito_nb.ui.i18n import Language, language
from incognito_nb.ui.widgets import (
    aria,
    connection,
    curtain,
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

APP_CSS = """
.inc-app { max-width: 1400px; margin: 0 auto; gap: 0.6em; font-size: 15px; }
.inc-top, .inc-bottom { gap: 0.6em; }
.inc-header { font-size: 1.6em; font-weight: 600; }
.inc-title-line { justify-content: space-between; align-items: flex-start; flex-wrap: wrap; gap: 0.5em; }
.inc-title-line > .inc-header { flex: 1 1 20em; }
.inc-badge { display: inline-block; padding: 0 0.45em; border-radius: 0.4em; font-weight: 600; }
.inc-message:empty { display: none; }
.inc-message .inc-problem { display: block; padding: 0.5em 0.8em; border-radius: 6px;
  background: #fde8e1; color: #7a2600; border: 1px solid #d55e00; }
.inc-stage { gap: 0.8em; }
.inc-find { gap: 16px; align-items: flex-start; flex-wrap: wrap; }
.inc-find > .inc-gallery { flex: 3 1 480px; }
.inc-find-side { flex: 2 1 340px; gap: 12px; }
.inc-find-side .inc-lineup { flex-wrap: wrap; justify-content: flex-start; }
.inc-find-side .inc-curtain { padding: 1.2em 1em; }
.inc-find-side .inc-curtain-call { font-size: 1.4em; }
.inc-hide-card .inc-pad { flex: 1 1 auto; max-width: min(860px, calc((100vh - 220px) * 4 / 3)) !important; }
.inc-pad-tools { flex-wrap: wrap; }
.inc-pad-tools > * { max-width: 100%; }
.inc-pad-tools button { flex-shrink: 0; }
.inc-next { height: 2.6em; min-width: 14em; font-size: 1.1em; }
.inc-app button:focus-visible, .inc-app input:focus-visible, .inc-app select:focus-visible,
.inc-app textarea:focus-visible, .inc-app a:focus-visible {
  outline: 3px solid #0072b2 !important; outline-offset: 2px; }
/* Buttons readable by everyone: white text at 4.5:1 at least (WCAG AA) on every button
   style, in the light and dark themes.  ipywidgets' own success green (#388e3c) gives
   4.11:1, its info teal 3.5:1, its warning orange 2.9:1 (measured with axe-core). */
.inc-app .jupyter-button.mod-success, .inc-app .jupyter-button.mod-success.mod-active {
  background-color: #2e7d32; color: #ffffff; }
.inc-app .jupyter-button.mod-info, .inc-app .jupyter-button.mod-info.mod-active {
  background-color: #00695c; color: #ffffff; }
.inc-app .jupyter-button.mod-warning, .inc-app .jupyter-button.mod-warning.mod-active {
  background-color: #b34700; color: #ffffff; }
.inc-app .jupyter-button.mod-danger, .inc-app .jupyter-button.mod-danger.mod-active {
  background-color: #c62828; color: #ffffff; }
.inc-app .jupyter-button.mod-primary, .inc-app .jupyter-button.mod-primary.mod-active {
  background-color: #1565c0; color: #ffffff; }
/* A folded section's title: ipywidgets greys it (#6d6d6d on #eeeeee, 4.45:1). */
.inc-app .jupyter-widget-Collapse-header, .inc-app .jupyter-widget-Collapse-header span {
  color: var(--jp-ui-font-color1, #000000); }
.inc-app .jupyter-button.mod-success:hover:enabled { background-color: #1b5e20; }
.inc-app .jupyter-button.mod-info:hover:enabled { background-color: #004d40; }
.inc-app .jupyter-button.mod-warning:hover:enabled { background-color: #8f3900; }
.inc-app .jupyter-button.mod-danger:hover:enabled { background-color: #b71c1c; }
.inc-app .jupyter-button.mod-primary:hover:enabled { background-color: #0d47a1; }
"""


#: Projector mode: type readable across a classroom, strong borders, and every phase on
#: one 1280x720 or 1920x1080 screen without scrolling (boards are sized by the window's height).
PROJECTOR_CSS = """
.inc-projector { max-width: none; font-size: 20px; gap: 0.4em;
  --jp-widgets-font-size: 18px; --jp-widgets-inline-height: 34px; }
.inc-projector .inc-top { gap: 0.4em; }
.inc-projector .inc-header { font-size: 1.4em; }
.inc-projector .inc-teacher { --jp-widgets-font-size: 13px; --jp-widgets-inline-height: 28px; }
.inc-projector .inc-progress { font-size: 0.85em; }
.inc-projector .inc-token { min-width: 96px; border: 3px solid #000000; }
.inc-projector .inc-token .inc-token-number { font-size: 1.9em; }
.inc-projector .inc-token .inc-token-word { font-size: 1.15em; font-weight: 600; }
.inc-projector .inc-token-true { border-width: 5px; }
.inc-projector .inc-find { flex-wrap: nowrap; }
.inc-projector .inc-find > .inc-gallery { grid-template-columns: repeat(3, minmax(0, 1fr)) !important;
  flex: 3 1 0; gap: 8px; }
.inc-projector .inc-find-side { flex: 2 1 0; min-width: 340px; }
.inc-projector .inc-gallery .inc-drawing { border: 2px solid #000000; padding: 4px; }
.inc-projector .inc-gallery .inc-drawing-view { max-width: calc((100vh - 320px) / 2 * 4 / 3); margin: 0 auto; }
.inc-projector .inc-votes { --jp-widgets-font-size: 16px; --jp-widgets-inline-height: 30px; gap: 2px; }
.inc-projector .inc-vote-row { flex-wrap: nowrap; }
.inc-projector .inc-vote-row > .inc-vote-label { flex: 1 1 auto; min-width: 6em; margin-top: 0;
  overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.inc-projector .inc-vote-row .inc-vote { flex-wrap: nowrap; flex: 0 0 auto; gap: 3px; }
.inc-projector .inc-vote .inc-card { min-width: 34px; padding: 0 4px; }
.inc-projector .inc-reveal .inc-lineup { display: grid; grid-template-columns: repeat(6, minmax(0, 1fr)); gap: 6px; }
.inc-projector .inc-reveal .inc-token { min-width: 0; padding: 2px; }
.inc-projector .inc-reveal .inc-token .inc-token-number { font-size: 1.4em; }
.inc-projector .inc-reveal .inc-token .inc-token-word { font-size: 0.95em; }
.inc-projector .inc-find-side .inc-lineup { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 6px; }
.inc-projector .inc-find-side .inc-token { min-width: 0; padding: 2px; }
.inc-projector .inc-find-side .inc-token .inc-token-number { font-size: 1.5em; }
.inc-projector .inc-confirm-votes { width: auto; align-self: flex-start; }
.inc-projector .inc-secret, .inc-projector .inc-location { font-size: 1.6em; }
.inc-projector .inc-hide-card .inc-pad { max-width: min(1100px, calc((100vh - 340px) * 4 / 3)) !important;
  --jp-widgets-font-size: 14px; --jp-widgets-inline-height: 30px; }
.inc-projector .inc-reveal-board { max-width: calc((100vh - 340px) * 4 / 3); }
.inc-projector .inc-reveal-artist { font-size: 1.3em; }
.inc-projector .inc-scoreboard, .inc-projector .inc-podium { max-width: 1000px; --jp-widgets-font-size: 26px; }
/* The classroom's teacher page, projected: its bar on one small row, the join code and
   QR code as large as the screen allows, the players' progress large. */
.inc-teacher-row { flex-wrap: wrap; align-items: flex-start; gap: 6px; }
.inc-teacher-row .p-Accordion, .inc-teacher-row .lm-Accordion, .inc-teacher-row .widget-accordion { width: auto; }
.inc-projector .inc-teacher-row { --jp-widgets-font-size: 13px; --jp-widgets-inline-height: 28px; font-size: 13px; }
.inc-projector.inc-classroom .inc-progress { font-size: 1.1em; }
.inc-projector .inc-join-panel { justify-content: space-around; flex-wrap: nowrap; gap: 3vw; }
.inc-projector .inc-join-code { font-size: min(17vh, 11vw); }
.inc-projector .inc-join-url { font-size: min(3.2vh, 1.6vw); }
.inc-projector .inc-qr img, .inc-projector .inc-qr svg { width: min(52vh, 34vw); height: min(52vh, 34vw); }
.inc-projector .inc-lobby { font-size: 1.3em; }
.inc-projector .inc-waiting { font-size: 1.5em; }
.inc-projector .inc-start, .inc-projector .inc-next { width: auto; min-width: 14em; align-self: flex-start; }
.inc-projector .inc-over { flex-wrap: nowrap; }
.inc-projector .inc-over .inc-scoreboard { --jp-widgets-font-size: min(26px, 3.2vh); }
.inc-projector .inc-over .inc-podium { --jp-widgets-font-size: min(22px, 2.8vh); }
.inc-projector .inc-over .inc-podium .inc-winners { font-size: 1.3em; }
.inc-projector .inc-over .inc-podium .inc-podium-row { font-size: 1.05em; }
"""


def stylesheet(extra: str = "") -> str:
    """Returns every page's CSS (a ``<style>`` element): the frame's, projector mode's,
    every widget module's, then the page's own ``extra``."""
    parts = [APP_CSS, PROJECTOR_CSS] + [module.CSS for module in (
        aria, connection, curtain, gallery, keyboard, language_menu, lineup, progress, reveal, scoreboard, setup_form,
        takeaways, teacher_bar, timer, voting)] + [extra]
    return "<style>" + "\n".join(parts) + "</style>"


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
        self.page_title = PageTitle(title=self.lang._("Incognito"))
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

    def set_stage(self, children: list[widgets.Widget], *, said: str = "") -> None:
        """Shows ``children``, closing every widget that leaves the screen (and its secrets).

        The focus moves to the page's heading, and the live region says the heading as it
        stands (set it first), then ``said`` (plain text: whose turn it is).
        """
        keep = set(map(id, children))
        for old in self.stage.children:
            if id(old) not in keep:
                close_parts(old)
                old.close()
        self.stage.children = children
        self.aria.new_screen(" ".join(filter(None, [plain_text(self.header.value), said])))

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
