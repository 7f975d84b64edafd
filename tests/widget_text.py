"""How the secrets tests read a widget's synced state and look for a word in it.

The state is read as the browser receives it, with its letters as they are
(``ensure_ascii=False``): JSON's default escapes would hide "Löffel" as
``L\\u00f6ffel`` from a search for the word. A word is looked for as a whole
word, so that a public location that holds a secret object ("Buchhandlung" and
the object "Buch", both in the German deck) is not taken for a leak of it.
"""

from __future__ import annotations

import html
import json
import re


def state_text(widget) -> str:
    """Returns ``widget``'s synced state (not its binary buffers) as JSON text."""
    state = {k: v for k, v in widget.get_state().items() if not isinstance(v, (bytes, memoryview))}
    return json.dumps(state, default=repr, sort_keys=True, ensure_ascii=False)


def mentions(text: str, word: str) -> bool:
    """Checks if ``word`` appears in ``text`` as a whole word, raw or HTML-escaped."""
    return any(
        re.search(rf"(?<![\w-]){re.escape(form)}(?![\w-])", text, re.IGNORECASE)
        for form in {word, html.escape(word, quote=True)}
    )
