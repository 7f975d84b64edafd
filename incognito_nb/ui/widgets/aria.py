"""What a screen reader needs that ipywidgets cannot say: landmarks, headings, names, news.

ipywidgets give a widget CSS classes, a ``tooltip`` and a ``tabbable`` flag, but no role,
no ``aria-label`` and no way to move the focus from Python.  The few lines of JavaScript
beside this module (``page_aria.js``, ``landmark.js``: anywidget, as
:mod:`~incognito_nb.ui.widgets.keyboard` does for the Tab order) add them in the browser:

- :class:`PageAria`, once per page (in the page shell): the page's landmarks (its top
  as ``banner``, its stage as ``main``, its foot as ``contentinfo``), its title line as
  the level-1 heading, a polite live region (``role="status"``) that says what
  :meth:`PageAria.say` is given, the focus moved to the heading when the screen changes, and
  the focus handed on after a press (:meth:`PageAria.hand_focus`) where it has not moved since;
- :class:`BoardName`, inside a drawing's box: makes the box an image (``role="img"``)
  named by its ``label`` ("Ana's drawing, hidden in: treehouse");
- :class:`Landmark`, inside a page of its own that has no page shell (the deck editor, the
  class notebook): makes its box a landmark (``main``, a named ``form``), so that nothing on
  the page is outside one.

Every text here is set from Python in the page's language; nothing secret is given to
them (a board's name says the artist and location, the object only once revealed).
"""

from __future__ import annotations


from typing import Optional

import anywidget
import ipywidgets as widgets
import traitlets

from incognito_nb.ui.sheets import read_sheet
from incognito_nb.ui.widgets.shared import front_end

CSS = read_sheet(__file__, "aria.css")


def focus_at_once(widget: widgets.DOMWidget, pressed: Optional[widgets.DOMWidget] = None) -> None:
    """Moves the keyboard's focus to ``widget`` whatever it is on: how a widget with no page
    around it hands the focus on (a page's widgets are given :meth:`PageAria.hand_focus`)."""
    widget.focus()


class PageAria(anywidget.AnyWidget):
    """Landmarks, the heading, the live region and the focus of one page (see the module)."""

    _esm = front_end(__file__, "page_aria.js")
    announcement = traitlets.Unicode("", help="What the live region says now (plain text).").tag(sync=True)
    said = traitlets.Int(0, help="How many times something was said: each change says it again.").tag(sync=True)
    screens = traitlets.Int(0, help="How many screens were shown: each change focuses the heading.").tag(sync=True)
    screen_focus = traitlets.Unicode("", help="The widget (its model id) a new screen gives the focus instead of "
                                              "the heading ('': the heading).").tag(sync=True)

    def say(self, text: str) -> None:
        """Has the live region say ``text`` (plain text), politely, after what it is saying."""
        with self.hold_sync():  # one message: every page of a class says its new screen at once
            self.announcement = text
            self.said += 1

    def hand_focus(self, widget: widgets.DOMWidget, pressed: Optional[widgets.DOMWidget] = None) -> None:
        """Moves the keyboard's focus to ``widget`` (its field, for a text box) once its view is
        on the page, if the focus is still on ``pressed`` (the control whose press asked for it)
        or has fallen to the page's body.  ``widget.focus()`` came a kernel round trip after the
        press, and took the focus from wherever the person had moved it since (the next field,
        being typed in); the browser decides when the message comes.  Without ``pressed``, only a
        focus fallen to the body moves, as for a ``pressed`` closed (gone with what it removed)."""
        there = pressed is not None and pressed.comm is not None
        self.send({"focus": widget.model_id, "pressed": pressed.model_id if there else None})

    def new_screen(self, text: str = "", focus: Optional[widgets.DOMWidget] = None) -> None:
        """Moves the focus to the page's heading (or to ``focus``, the screen's one next move,
        once its view is on the page) if it fell to the page's body, and, with ``text``, says
        it (one message)."""
        with self.hold_sync():
            if text:
                self.say(text)
            self.screen_focus = focus.model_id if focus is not None else ""
            self.screens += 1


class Landmark(anywidget.AnyWidget):
    """Makes the closest ``box`` (a CSS selector) around it a landmark: ``role``, named by
    ``label`` (plain text; a ``form`` or ``region`` needs a name, ``main`` does not)."""

    _esm = front_end(__file__, "landmark.js")
    role = traitlets.Unicode("main", help="The landmark's role.").tag(sync=True)
    label = traitlets.Unicode("", help="The landmark's accessible name (plain text), or none.").tag(sync=True)
    box = traitlets.Unicode(help="The CSS selector of the box made a landmark.").tag(sync=True)

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.add_class("inc-invisible")


class BoardName(Landmark):
    """Names the drawing it sits in: the closest ``box`` (a CSS selector) around it becomes
    an image whose accessible name is ``label`` (the same front end as :class:`Landmark`)."""

    role = traitlets.Unicode("img", help="A drawing's role: an image.").tag(sync=True)
    label = traitlets.Unicode("", help="The drawing's accessible name (plain text).").tag(sync=True)
    box = traitlets.Unicode(".inc-drawing-view", help="The CSS selector of the drawing's box.").tag(sync=True)
