"""What a student's page says under Done of the board it keeps: saved, or waiting for the store.

The line is a status (``role="status"``): a screen reader hears it change.  Nothing waiting
ever looks saved; a board not drawn on yet is not said to be saved, only that it will be.
"""

from __future__ import annotations

import html

from incognito_nb.ui.i18n import Language
from incognito_nb.ui.widgets.text import icon, safe


def saved_line(lang: Language, *, drawn: bool) -> str:
    """Returns the line that says the store has the board: every stroke saved, or, on a board
    with no stroke yet (``drawn`` false), that each stroke will be as it is drawn."""
    text = lang._("✓ Every stroke is saved.") if drawn else lang._("Each stroke is saved as soon as you draw it.")
    return f'<span class="inc-saved" role="status">{safe(text)}</span>'


def waiting_line(lang: Language, strokes: int, done: bool) -> str:
    """Returns the line that says what waits for the store: ``strokes`` changed strokes, and
    Done if ``done``; kept on one line, cut with "…" where the screen is narrow, with the whole
    sentence in its title, so that the pad under it does not move while the student draws."""
    if strokes and done:
        text = lang.ngettext("Not saved yet: {n} stroke and your Done wait for the game store, which cannot "
                             "be reached right now. They are sent as soon as it answers: keep this page open.",
                             "Not saved yet: {n} strokes and your Done wait for the game store, which cannot "
                             "be reached right now. They are sent as soon as it answers: keep this page open.",
                             strokes)
    elif strokes:
        text = lang.ngettext("Not saved yet: {n} stroke waits for the game store, which cannot be reached "
                             "right now. It is sent as soon as it answers: keep this page open.",
                             "Not saved yet: {n} strokes wait for the game store, which cannot be reached "
                             "right now. They are sent as soon as it answers: keep this page open.", strokes)
    elif done:
        text = lang._("Not saved yet: your Done waits for the game store, which cannot be reached right now. "
                      "It is sent as soon as it answers: keep this page open.")
    else:
        text = lang._("Not saved yet: your board waits for the game store, which cannot be reached right now. "
                      "It is sent as soon as it answers: keep this page open.")
    return (f'<span class="inc-waiting-to-save" role="status" title="{html.escape(text, quote=True)}">'
            f'{icon("hourglass-half")}{safe(text)}</span>')
