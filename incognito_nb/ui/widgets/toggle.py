"""A toggle that says its state: "Projector mode: on", and ``aria-pressed`` for a screen reader.

A button whose only sign of being on is a faint shadow invites the wrong press: the teacher
who reads "Projector mode" on a projector already in projector mode turns it off.  The
toggle's words therefore say the state ("on" / "off"), the same words in every mode of the
game, and :class:`PressedState` gives the button the ``aria-pressed`` that ipywidgets
cannot set (a few lines of JavaScript in ``toggle.js``).  Table mode's projector toggle
also keeps its state in the page's address (``?projector=1``): a teacher who reloads the
projected page finds it as it was, not back to the laptop's small type.
"""

from __future__ import annotations

from typing import Any, Callable

import anywidget
import traitlets

from incognito_nb.ui.i18n import Language
from incognito_nb.ui.widgets.shared import front_end


def projector_label(on: bool, lang: Language) -> str:
    """Returns the projector toggle's words for its state, e.g. "Projector mode: on"."""
    return lang._("Projector mode: on") if on else lang._("Projector mode: off")


class PressedState(anywidget.AnyWidget):
    """Sets ``aria-pressed`` on the button matched by ``button`` (a CSS selector) in the
    same box as this widget, following ``pressed``.

    With an ``address`` (a query parameter's name), the page's address keeps ``pressed``
    (``?projector=1`` or ``0``), and ``on_asked(bool)`` hears what the address says when the
    page opens, if it is not ``pressed`` (the static site's kernel never sees the address).
    """

    _esm = front_end(__file__, "toggle.js")
    pressed = traitlets.Bool(False, help="Whether the toggle beside it is on.").tag(sync=True)
    button = traitlets.Unicode(".inc-projector-toggle", help="The CSS selector of the toggle button.").tag(sync=True)
    address = traitlets.Unicode("", help="The query parameter that keeps the state in the page's address "
                                         "('': none).").tag(sync=True)

    def __init__(self, on_asked: Callable[[bool], Any] | None = None, **kwargs) -> None:
        super().__init__(**kwargs)
        self.add_class("inc-invisible")
        self._on_asked = on_asked
        self.on_msg(self._heard)

    def ask(self, state: object) -> None:
        """Hears ``state`` as what the page's address says (the browser's twin); anything
        but a bool, or a state the toggle has, changes nothing."""
        if self._on_asked is not None and isinstance(state, bool) and state != self.pressed:
            self._on_asked(state)

    def _heard(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict):
            self.ask(content.get("asked"))
