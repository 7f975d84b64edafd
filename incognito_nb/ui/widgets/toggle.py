"""A toggle that says its state: "Projector mode: on", and ``aria-pressed`` for a screen reader.

A button whose only sign of being on is a faint shadow invites the wrong press: the teacher
who reads "Projector mode" on a projector already in projector mode turns it off.  The
toggle's words therefore say the state ("on" / "off"), the same words in every mode of the
game, and :class:`PressedState` gives the button the ``aria-pressed`` that ipywidgets
cannot set (a few lines of JavaScript in ``toggle.js``).
"""

from __future__ import annotations

import anywidget
import traitlets

from incognito_nb.ui.i18n import Language
from incognito_nb.ui.widgets.shared import front_end


def projector_label(on: bool, lang: Language) -> str:
    """Returns the projector toggle's words for its state, e.g. "Projector mode: on"."""
    return lang._("Projector mode: on") if on else lang._("Projector mode: off")


class PressedState(anywidget.AnyWidget):
    """Sets ``aria-pressed`` on the button matched by ``button`` (a CSS selector) in the
    same box as this widget, following ``pressed``."""

    _esm = front_end(__file__, "toggle.js")
    pressed = traitlets.Bool(False, help="Whether the toggle beside it is on.").tag(sync=True)
    button = traitlets.Unicode(".inc-projector-toggle", help="The CSS selector of the toggle button.").tag(sync=True)

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.add_class("inc-invisible")
