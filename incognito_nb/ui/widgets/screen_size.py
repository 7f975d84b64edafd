"""Whether the page is on a phone: the browser's answer to a media query, heard in Python.

CSS lays out what the kernel sent; it cannot choose what the kernel sends.  The table
dashboard passed round on one phone wants another find screen there (one drawing at a
time with its cards, :class:`~incognito_nb.ui.widgets.find_phone.PhoneFind`) than on a
laptop (every drawing beside every card row): on a 390-px phone the curtain stood under four
drawings and the line-up, 1,400 px down, and each card row two screens from its drawing.
:class:`ScreenSize`, an invisible widget, says whether the window is as narrow as a phone,
and again when that changes (a phone turned on its side).  The answer only chooses a
layout: whatever a browser sets it to, the page shows the same game and no secret more.
"""

from __future__ import annotations

import anywidget
import traitlets

from incognito_nb.ui.widgets.shared import front_end

#: The width under which a page is laid out for a phone, as the stylesheets' ``@media (max-width: 600px)``.
PHONE_WIDTH = 600


class ScreenSize(anywidget.AnyWidget):
    """An invisible widget whose ``narrow`` says whether the page's window is a phone's."""

    _esm = front_end(__file__, "screen_size.js")
    phone_width = traitlets.Int(PHONE_WIDTH, help="The widest window, in CSS px, laid out for a phone.").tag(sync=True)
    narrow = traitlets.Bool(False, help="Whether the window is at most phone_width wide (set by the browser).").tag(
        sync=True)

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.add_class("inc-invisible")  # no box in the page (the stylesheet's .inc-invisible)
