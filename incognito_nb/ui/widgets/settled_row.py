"""A row of buttons that each remove what they name, guarded against the press meant for another.

When a button of such a row (the desk's "Remove Ana", "Remove Ben", …) takes its person
away, the buttons after it move up, and the next one lands under the pointer — and, for
the keyboard, takes the focus (the desk hands it on).  The second click of a double click,
or a second Enter, then removed a second student, one the teacher never pointed at.  The
browser alone knows when the row moved under the pointer: :class:`SettledRow` (a few lines
of JavaScript, ``settled_row.js``) lets a press on the row count only once the row has stood
still for ``settle_ms`` after it lost a button; a button added at the row's end moves none.
"""

from __future__ import annotations

import anywidget
import traitlets

from incognito_nb.ui.widgets.shared import front_end


class SettledRow(anywidget.AnyWidget):
    """Swallows a press on the row ``row`` (a CSS selector on the same page) that comes less
    than ``settle_ms`` after the row lost a button.  Invisible: put it anywhere on the page."""

    _esm = front_end(__file__, "settled_row.js")
    row = traitlets.Unicode(help="The CSS selector of the row guarded.").tag(sync=True)
    settle_ms = traitlets.Int(600, help="How long the row stands still before a press on it counts (ms).").tag(
        sync=True)

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.add_class("inc-invisible")
