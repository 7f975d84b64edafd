"""The browser tab's title, in the page's language.

Voilà titles a page after its notebook file ("play", "teacher", "student"), which is
English whatever the class reads.  :class:`PageTitle`, an invisible widget, sets the
document's title from Python instead, and again whenever the page's language changes.
"""

from __future__ import annotations


import anywidget
import traitlets
from incognito_nb.ui.widgets.shared import front_end


class PageTitle(anywidget.AnyWidget):
    """An invisible widget that gives the browser tab its ``title``."""

    _esm = front_end(__file__, "page_title.js")
    title = traitlets.Unicode("", help="The browser tab's title.").tag(sync=True)

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.add_class("inc-invisible")  # no box in the page (the stylesheet's .inc-invisible)
