"""The page's own ``?lang=``, heard from the browser.

Under Voilà the kernel reads the page's query from ``QUERY_STRING``; on the static site
(Voici, Pyodide) the kernel runs in the browser's Web Worker, which never sees the page's
address, and Voici 0.9.0 passes it no query (its bundles read ``location.search`` for the
theme only).  :class:`PageLanguage`, an invisible widget, reads ``location.search`` in the
page and sends its ``lang`` to Python once, or, when the address asks none, the languages
the browser prefers (``navigator.languages``); the values are the browser's, so only a
known language code gets through (anything else is ignored).  The front end is ``page_language.js``.
"""

from __future__ import annotations

from typing import Any, Callable

import anywidget

from incognito_nb.ui.i18n import check_language
from incognito_nb.ui.widgets.shared import front_end


class PageLanguage(anywidget.AnyWidget):
    """An invisible widget that calls ``on_asked(code)`` with the language the page's
    address asks for (a code of :data:`~incognito_nb.ui.i18n.LANGUAGES` or the
    pseudo-language), at most once: a later view of the widget asks nothing more."""

    _esm = front_end(__file__, "page_language.js")

    def __init__(self, on_asked: Callable[[str], Any], **kwargs) -> None:
        super().__init__(**kwargs)
        self.add_class("inc-invisible")  # no box in the page (the stylesheet's .inc-invisible)
        self._on_asked: Callable[[str], Any] | None = on_asked
        self.on_msg(self._heard)

    def ask(self, code: object) -> None:
        """Hears ``code`` as the page's ``?lang=`` (the browser's twin): an unknown language,
        or any value after the first, changes nothing."""
        if self._on_asked is None or not isinstance(code, str) or len(code) > 16:
            return
        try:
            known = check_language(code)
        except ValueError:
            return
        on_asked, self._on_asked = self._on_asked, None
        on_asked(known)

    def ask_browser(self, codes: object) -> None:
        """Hears ``codes``, the languages the browser prefers (``navigator.languages``, the
        twin of the page's message when its address asks none): the first whose language is
        known (``es-MX`` is Spanish) is taken as :meth:`ask` takes one."""
        if not isinstance(codes, list):
            return
        for code in codes[:8]:
            if not isinstance(code, str) or len(code) > 16:
                continue
            try:
                known = check_language(code.split("-")[0].split("_")[0].lower())
            except ValueError:
                continue
            self.ask(known)
            return

    def _heard(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict):
            if "lang" in content:
                self.ask(content.get("lang"))
            else:
                self.ask_browser(content.get("browser"))
