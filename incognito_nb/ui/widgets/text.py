"""Putting people's words on screen safely.

Player names and deck words are typed by people, and ``widgets.HTML`` assigns
``innerHTML`` unsanitised, while ``Label`` typesets ``$…$`` as LaTeX (PLATFORM.md).
Every user-supplied string shown in HTML goes through :func:`safe`, which escapes it
and fences it off from MathJax, so ``<img src=x onerror=alert(1)>`` or ``$x^2$`` appear
exactly as typed.
"""

from __future__ import annotations

import base64
import html
import re

import ipywidgets as widgets

from incognito_nb.ui.i18n import same_language
from incognito_nb.ui.widgets import shared
from incognito_nb.ui.widgets.palette import PLAYER_COLORS, text_color_on


def safe(text: object) -> str:
    """Returns ``text`` as HTML that shows it literally, never as markup or mathematics.

    >>> safe("<b>Ana</b> & $x^2$")
    '<span class="inc-text tex2jax_ignore mathjax_ignore">&lt;b&gt;Ana&lt;/b&gt; &amp; &#36;x^2&#36;</span>'
    """
    escaped = html.escape(str(text), quote=True).replace("$", "&#36;").replace("\\", "&#92;")
    return f'<span class="inc-text tex2jax_ignore mathjax_ignore">{escaped}</span>'


def icon(name: str) -> str:
    """Returns Font Awesome's ``name`` icon (``"stopwatch"``) as HTML, hidden from screen
    readers (the words beside it say it), with a little room after it.

    A symbol such as the stopwatch or the hourglass (U+23F1, U+23F3) is drawn by the
    machine's emoji font, and a laptop without one (Debian's and Ubuntu's may have DejaVu
    only) shows an empty box; the icons come from the widgets' own bundle, on every page
    and with no internet.
    """
    return f'<i class="fa fa-{html.escape(name, quote=True)}" aria-hidden="true" style="margin-inline-end: 0.35em"></i>'


def picture(png: bytes, alt: str, *classes: str) -> widgets.HTML:
    """Returns a PNG picture with its text alternative ``alt`` (plain text), as an HTML
    widget: ipywidgets' ``Image`` has no ``alt``, so a screen reader would meet a nameless
    image (axe's ``image-alt``)."""
    return markup(picture_html(png, alt), *classes)


def picture_html(png: bytes, alt: str, style: str = "") -> str:
    """Returns :func:`picture`'s ``<img>`` (with ``style``, CSS, if given), for a widget of one's own."""
    data = base64.b64encode(bytes(png)).decode("ascii")
    styled = f' style="{html.escape(style, quote=True)}"' if style else ""
    return f'<img{styled} alt="{html.escape(alt, quote=True)}" src="data:image/png;base64,{data}">'


def png_of(widget: widgets.HTML) -> bytes:
    """Returns the PNG a :func:`picture` shows."""
    return base64.b64decode(widget.value.split("base64,", 1)[1].split('"', 1)[0])


def words_lang(code: str, page: str) -> str:
    """Returns the ``lang`` attribute (`` lang="es"``) for a deck's words in the language ``code``
    on a page in the language ``page``, or "" when they are the same (or the deck's is unknown):
    a screen reader then says "sombrero" as Spanish on an English page, not as English."""
    if not code or same_language(code, page):
        return ""
    return f' lang="{html.escape(code, quote=True)}"'


def deck_word(word: object, code: str, page: str) -> str:
    """Returns a deck's word as :func:`safe` HTML, marked as words of the deck's language
    ``code`` where the page speaks another (``page``): the span inside a sentence of the
    page's language ("The hidden object was: <span lang="es">cuchara</span>"), so that a
    screen reader says the sentence in the page's voice and the word in the deck's.

    >>> deck_word("cuchara", "es", "en")
    '<span class="inc-text tex2jax_ignore mathjax_ignore" lang="es">cuchara</span>'
    >>> deck_word("spoon", "en", "en") == safe("spoon")
    True
    """
    marked = words_lang(code, page)
    return safe(word).replace('mathjax_ignore"', f'mathjax_ignore"{marked}', 1) if marked else safe(word)


def markup(content: str, *classes: str, **layout: str) -> widgets.HTML:
    """Returns an HTML widget for markup built by this package (user text inside via :func:`safe`),
    sent whole in one message; with ``layout`` CSS properties it has a layout of its own,
    else it shares the kernel's (:mod:`~incognito_nb.ui.widgets.shared`)."""
    if layout:
        return shared.html(content, *classes, layout=widgets.Layout(**layout))
    return shared.html(content, *classes)


def player_color(seat: int) -> str:
    """Returns the colour of the player in seat ``seat`` (from 1)."""
    return PLAYER_COLORS[(seat - 1) % len(PLAYER_COLORS)][1]


def player_badge(name: str, seat: int) -> str:
    """Returns an HTML badge with a player's name on their colour: the name is the cue,
    the colour only helps (colour is never the only cue)."""
    color = player_color(seat)
    return (
        f'<span class="inc-badge" style="background:{color};color:{text_color_on(color)}">'
        f"{safe(name)}</span>"
    )


def plain_text(markup_text: str) -> str:
    """Returns the text a person reads in ``markup_text`` (HTML): tags dropped, entities
    decoded, spaces folded; for what is said rather than shown (a live region).  An inline
    tag joins its text to its neighbours' as the page does ("Ben's drawing", a badge's name
    and its "'s"); another parts words."""
    joined = _INLINE_TAG.sub("", markup_text)
    return " ".join(html.unescape(re.sub(r"<[^>]*>", " ", joined)).split())


#: Tags that run with the text around them (a badge, a word in bold, a link).
_INLINE_TAG = re.compile(r"</?(?:span|b|i|em|strong|a|code|small|mark|bdi)\b[^>]*>", re.I)
