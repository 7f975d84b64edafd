"""What a browser shows of a page, and which of it is English a translated page must not show.

:func:`shown_texts` reads a page the way a person meets it: its rendered text
(``innerText``: hidden elements and stylesheets left out), the attributes a browser shows
or reads aloud (``title``, ``aria-label``, ``alt``, ``placeholder``), the options of its
menus, the text inside shadow roots (the ink overlay's badge) and the document's title.

:func:`english_in` finds, in those texts, the English of the catalogue that a page in
``code`` must not show: whole sentences (the parts of a template between placeholders of
three words or more) anywhere, and short texts (a button's "Done") where a piece of the
page is exactly that text.  :func:`latin_in` is the pseudo-language's stricter check: any
Latin letter left once names, deck words and links are taken out.
"""

from __future__ import annotations

import functools
import re
import string
from typing import Iterable

from babel.messages.pofile import read_po

from incognito_nb.ui.i18n import locales_folder

_SHOWN = """
() => {
  const texts = [document.title];
  const visible = (el) => !!(el.offsetWidth || el.offsetHeight || el.getClientRects().length);
  const read = (root) => {
    for (const el of root.querySelectorAll('*')) {
      if (el.shadowRoot) read(el.shadowRoot);
      if (!visible(el)) continue;
      for (const name of ['title', 'aria-label', 'alt', 'placeholder']) {
        const value = el.getAttribute(name);
        if (value) texts.push(value);
      }
      if (el.tagName === 'OPTION' || el.tagName === 'SELECT') continue;
      // The element's own text, piece by piece: a button's label is one piece.
      for (const node of el.childNodes) {
        if (node.nodeType === Node.TEXT_NODE && node.textContent.trim()) texts.push(node.textContent.trim());
      }
    }
    for (const select of root.querySelectorAll('select')) {
      if (visible(select)) for (const option of select.options) texts.push(option.text);
    }
  };
  read(document.body);
  return texts;
}
"""


def shown_texts(page) -> list[str]:
    """Returns every piece of text the browser shows on ``page`` (see the module)."""
    return [text for text in page.evaluate(_SHOWN) if text and text.strip()]


@functools.lru_cache(maxsize=None)
def _english(code: str) -> tuple[tuple[str, ...], frozenset[str]]:
    """Returns the English sentences and the English short texts a page in ``code`` must not show."""
    with (locales_folder() / code / "LC_MESSAGES" / "incognito_nb.po").open("rb") as file:
        catalog = read_po(file, locale=code)
    sentences, short = set(), set()
    for message in catalog:
        if not message.id:
            continue
        english = message.id if isinstance(message.id, str) else message.id[0]
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        if english in forms:
            continue  # said the same in both languages ("Code", "Incognito")
        parts = [text.strip(" .,:;—·()…") for text, *_ in string.Formatter().parse(english)]
        sentences.update(p for p in parts if len(p.split()) >= 3 and all(p not in form for form in forms))
        if "{" not in english and len(english.split()) < 3 and len(english) > 3:
            short.add(english.strip())
    return tuple(sorted(sentences)), frozenset(short)


def english_in(texts: Iterable[str], code: str) -> list[str]:
    """Returns the catalogue's English found in ``texts`` that a page in ``code`` must not show."""
    texts = list(texts)
    sentences, short = _english(code)
    found = [sentence for sentence in sentences if any(sentence in text for text in texts)]
    found += sorted({text.strip() for text in texts if text.strip() in short})
    return found


_LINK = re.compile(r"(?:https?://|[\w./-]*\.ipynb)\S*")


def latin_in(texts: Iterable[str], data: Iterable[str]) -> list[str]:
    """Returns the texts that hold a Latin letter once links and ``data`` are taken out
    (the pseudo-language's check: see ``pseudo.py``)."""
    data = sorted(set(data), key=len, reverse=True)
    left = []
    for text in texts:
        rest = _LINK.sub(" ", text)
        for word in data:
            rest = rest.replace(word, " ")
        if re.search(r"[A-Za-z]", rest):
            left.append(text)
    return left
