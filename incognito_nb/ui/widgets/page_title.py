"""The browser tab's title, and the document's language, in the page's language.

Voilà titles a page after its notebook file ("play", "teacher", "student"), which is
English whatever the class reads, and leaves ``<html>`` without a ``lang``.
:class:`PageTitle`, an invisible widget, sets the document's title from Python instead,
and again whenever the page's language changes; with ``language`` it also sets the
``lang`` attribute, which a screen reader reads the page with and CSS ``hyphens: auto``
breaks long words by.
"""

from __future__ import annotations


import anywidget
import traitlets
from incognito_nb.ui.widgets.shared import front_end


class PageTitle(anywidget.AnyWidget):
    """An invisible widget that gives the browser tab its ``title``."""

    _esm = front_end(__file__, "page_title.js")
    title = traitlets.Unicode("", help="The browser tab's title.").tag(sync=True)
    language = traitlets.Unicode("", help="The document's language (a BCP 47 code such as 'es'); '' leaves it.").tag(
        sync=True)

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.add_class("inc-invisible")  # no box in the page (the stylesheet's .inc-invisible)
