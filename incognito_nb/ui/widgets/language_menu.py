"""The interface language menu: each language named in its own words.

Whoever cannot read the language a page speaks must still find theirs, so the menu
names each language as its speakers do ("Español", "Deutsch"), whatever the page's
language; only its label is translated.  The browser can set any value: only a language
the menu offers reaches the page.

A page takes at most one choice a second (:data:`CHOICE_GAP_SECONDS`), the latest: each builds
the page's whole screen again, ~25 ms of its kernel's CPU and ~120 kB through the laptop's
server for a 400-byte message, and a page's script choosing languages in a loop (within the
socket's rates) kept its kernel busy and the server relaying its screens (docs/platform-notes.md).
"""

from __future__ import annotations

import asyncio
import time
from typing import Any, Callable

import ipywidgets as widgets

from incognito_nb.ui.choices import language_options
from incognito_nb.ui.i18n import Language

CSS = """
.inc-page-language { flex: 0 0 auto; width: auto; margin-left: auto; }
/* On a phone the menu alone, its label still its name for a screen reader: the language it
   shows, in that language's own words, is the cue a reader of any language looks for. */
@media (max-width: 600px) {
  .inc-page-language > .widget-label { position: absolute; width: 1px !important; height: 1px; margin: -1px;
    padding: 0; border: 0; overflow: hidden; clip: rect(0 0 0 0); clip-path: inset(50%); white-space: nowrap; }
}
"""


#: The least time between two choices the page takes; a choice made sooner waits, and the latest goes.
CHOICE_GAP_SECONDS = 1.0


class LanguageMenu(widgets.Dropdown):
    """A menu of the interface languages, showing ``lang``; ``on_choose(code)`` hears a choice.

    ``label(lang)`` returns the menu's label in ``lang`` (default: "Language"); ``css_class``
    is its CSS hook.
    """

    def __init__(self, lang: Language, *, on_choose: Callable[[str], Any],
                 label: Callable[[Language], str] | None = None, css_class: str = "inc-page-language",
                 **kwargs: Any) -> None:
        self._label = label or (lambda lang: lang._("Language"))
        self._on_choose = on_choose
        self._quiet = False
        self._chosen_at = -CHOICE_GAP_SECONDS  # when the page last took a choice (time.monotonic)
        self._waiting: str | None = None  # the latest choice made too soon, taken at the gap's end
        # A tooltip of its own: without one, ipywidgets titles the label "null" (docs/platform-notes.md).
        # The label as wide as its words ("Sprache", "Idioma"), not cut to ipywidgets' default width.
        kwargs.setdefault("style", {"description_width": "initial"})
        super().__init__(options=language_options(lang), value=lang.code, description=self._label(lang),
                         tooltip=self._label(lang), **kwargs)
        self.add_class(css_class)
        self.observe(self._chosen, names="value")

    def show(self, lang: Language) -> None:
        """Shows ``lang`` as the page's language (without telling ``on_choose``)."""
        self._quiet = True
        try:
            self.options = language_options(lang)
            self.value = lang.code
            self.description = self.tooltip = self._label(lang)
        finally:
            self._quiet = False

    def choose(self, code: str) -> None:
        """Chooses the language ``code``, as a person does in the menu (the menu's twin)."""
        self.value = code

    def _chosen(self, change: dict) -> None:
        if self._quiet or change["new"] not in dict(self.options).values():
            return
        wait = self._chosen_at + CHOICE_GAP_SECONDS - time.monotonic()
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # a script or a test choosing without an event loop: at once
            wait = 0.0
        if wait > 0:
            if self._waiting is None:
                loop.call_later(wait, self._take_waiting)
            self._waiting = change["new"]
            return
        self._take(change["new"])

    def _take(self, code: str) -> None:
        self._chosen_at = time.monotonic()
        self._on_choose(code)

    def _take_waiting(self) -> None:
        code, self._waiting = self._waiting, None
        if code is not None:
            self._take(code)
