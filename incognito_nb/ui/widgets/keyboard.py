"""Keeping every page usable with the keyboard alone.

:class:`SkipLink` lets a keyboard user jump over the drawing pad's many tools (to Done), and keeps
their place among the tools when the one pressed turns grey (Clear, the last Undo or Redo): the
grey comes from the kernel, late, and the browser, when it comes, hands the focus on only if it
fell with the button (to the page's body), never from where the person has moved it since (the
board, to draw with the keys, or Done).

ipycanvas gives every canvas ``tabindex="0"`` and cancels every key pressed on it
(``preventDefault`` in its ``keydown`` handler, read in ipycanvas 0.14.3's front end), so
Tab lands on a board and can never leave it: a keyboard trap.  No ipycanvas board here takes
keys, so :class:`FocusGuard`, a few lines running in the browser, takes the page's canvases
out of the Tab order as soon as they appear.  The pad's drawing with the keyboard is the ink
overlay's (its canvas, in a shadow root the guard does not touch, takes the arrow keys and
Space and lets Tab go: :mod:`incognito_nb.ui.widgets.ink`).

:class:`ShowControls` keeps the teacher's controls out of the projected picture: they fade
out at rest and come back at the pointer's first move, and a presentation clicker's
"next" (→ or Page Down) presses the stage's Next without showing them.
"""

from __future__ import annotations


import anywidget
import traitlets
from incognito_nb.ui.widgets.shared import front_end


class FocusGuard(anywidget.AnyWidget):
    """An invisible widget that keeps the page's canvases out of the Tab order (the page shell holds one)."""

    _esm = front_end(__file__, "focus_guard.js")

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.add_class("inc-invisible")  # no box in the page (the stylesheet's .inc-invisible)


#: The skip button shows only while it has the focus, above what follows it.
CSS = """
.inc-skip-link { position: relative; height: 0; overflow: visible; }
.inc-skip-link .inc-skip { position: absolute; left: 0; top: 0; z-index: 10; padding: 0.4em 0.8em;
  font-size: 1em; border-radius: 4px; border: 2px solid #0072b2; background: #ffffff; color: #003e62;
  transform: translateY(-200%); opacity: 0; pointer-events: none; }
.inc-skip-link .inc-skip:focus { transform: none; opacity: 1; pointer-events: auto; }
"""


class SkipLink(anywidget.AnyWidget):
    """A button seen only while it has the keyboard's focus: pressed, it moves the focus
    to the page's first element at ``target`` (a CSS selector), skipping what lies between.

    With ``hand_to``, a button of the box holding the link that the person presses and that then
    turns grey hands the focus to the first usable of ``hand_to`` (in that box), if the focus
    is still on it or has fallen to the page's body: decided in the browser when the grey comes.
    """

    _esm = front_end(__file__, "skip_link.js")
    label = traitlets.Unicode("", help="What the button says.").tag(sync=True)
    target = traitlets.Unicode(".inc-done", help="The CSS selector of where the focus goes.").tag(sync=True)
    hand_to = traitlets.List(traitlets.Unicode(), default_value=[], help=(
        "CSS selectors, in the link's box, of the buttons the focus goes to (the first usable) when "
        "a button pressed there turns grey.")).tag(sync=True)

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.add_class("inc-skip-link")


class ShowControls(anywidget.AnyWidget):
    """An invisible widget of the projected teacher page (the page shell's top holds one):
    the teacher's controls fade out when no pointer has moved for a moment (the page's
    ``body`` gets ``inc-at-rest``; projector.css fades them in projector mode only) and
    come back at a move, a touch or a Tab; → and Page Down press the stage's Next.

    The clicker presses the same button a click would, so the move is the button's, checked
    by the page's kernel as any click is; nothing new reaches the kernel.
    """

    _esm = front_end(__file__, "show_controls.js")

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.add_class("inc-invisible")
