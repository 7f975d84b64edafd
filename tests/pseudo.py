"""What a person reads on a page, collected without a browser, and the test of the pseudo-language.

The pseudo-language (``en-XA``) says every sentence of the catalogue with each Latin
letter replaced by an accented look-alike, in brackets.  A page shown in it therefore
holds no Latin letter except in what people typed or chose: player names, deck words and
names, the table's code and the links.  :func:`english_left` walks every live widget a
page holds, reads each trait a person sees (descriptions, HTML and Label values with
their ``title``/``aria-label``/``alt`` attributes, tooltips, options, placeholders,
accordion titles, the texts an anywidget shows) and returns what still has Latin letters:
text that did not go through the catalogue.

Every synced text trait of a walked widget must be listed in :data:`SEEN` or
:data:`UNSEEN`, so a trait a new widget adds cannot slip past the walk unread.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from typing import Iterable, Iterator

import ipywidgets as widgets

from incognito_nb.engine import Deck
from incognito_nb.ui.i18n import LANGUAGES, language

#: Synced traits whose text a person sees (read and checked).
SEEN = {"description", "tooltip", "placeholder", "_options_labels", "tooltips", "titles", "lost_text", "title",
        "waiting_texts", "key_texts", "value", "announcement", "label", "heading", "summary", "reminder", "confirm_label",
        "names", "positions", "previous_label", "next_label", "cards_heading", "labels", "captions"}
#: Synced traits whose value is markup (its text and shown attributes are read).
MARKUP = {"heading", "captions"}
#: Synced traits a person does not read as text (skipped), by trait name.
UNSEEN = {
    "_model_name", "_model_module", "_model_module_version", "_view_name", "_view_module", "_view_module_version",
    "_dom_classes", "layout", "style", "icon", "button_style", "bar_style", "orientation", "tabbable",
    "_esm", "_css", "_anywidget_id", "color", "recovery_key", "locale", "accept", "format", "width",
    "height", "error", "data", "box_style", "selected_index", "index", "continuous_update", "disabled",
    "ensure_option", "options", "rows", "description_allow_html", "_property_lock", "sync_image_data",
    "_send_client_ready_event", "image_data", "_canvas_manager", "_canvases", "erase", "mode", "children",
    "grid_area", "grid_template_areas", "grid_template_columns", "_titles", "box", "target", "paper", "border",
    "language", "url", "qr",
    "button",  # PressedState: the CSS selector of its toggle
    "address",  # PressedState: the query parameter that keeps it in the page's address
    "hand_to",  # SkipLink: the CSS selectors of the tools the focus is handed to
    "role",  # Landmark: an ARIA role
    "screen_focus",  # PageAria: the model id of the widget a new screen gives the focus
    "row",  # SettledRow: the CSS selector of the row it guards
}
#: Widgets whose ``value`` is what a person typed or chose, not the page's text.
_TYPED = (widgets.Text, widgets.Textarea, widgets.Combobox, widgets.Dropdown, widgets.ToggleButtons,
          widgets.ToggleButton, widgets.IntProgress, widgets.BoundedIntText, widgets.FileUpload, widgets.Image)
_LATIN = re.compile(r"[A-Za-z]")
_LINK = re.compile(r"(?:https?://|[\w./-]*\.ipynb)\S*")
#: A placeholder the browser fills in itself (the ink's "{n} strokes not saved yet").
_PLACEHOLDER = re.compile(r"\{\w+\}")


class _Visible(HTMLParser):
    """The text of an HTML fragment as a person meets it: its text, and the attributes
    a browser shows or reads aloud (``title``, ``aria-label``, ``alt``, ``placeholder``)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.texts: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag: str, attrs: list) -> None:
        if tag in ("style", "script"):
            self._hidden += 1
        for name, value in attrs:
            if name in ("title", "aria-label", "alt", "placeholder") and value:
                self.texts.append(value)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("style", "script"):
            self._hidden -= 1

    def handle_data(self, data: str) -> None:
        if not self._hidden and data.strip():
            self.texts.append(data)


def html_texts(markup: str) -> list[str]:
    """Returns the pieces of text a person meets in an HTML fragment."""
    parser = _Visible()
    parser.feed(markup)
    parser.close()
    return parser.texts


def live_widgets(root: widgets.Widget) -> Iterator[widgets.Widget]:
    """Yields ``root`` and every open widget it holds (children, and widgets kept in its attributes)."""
    seen, todo = set(), [root]
    while todo:
        widget = todo.pop()
        if id(widget) in seen or not isinstance(widget, widgets.Widget):
            continue
        seen.add(id(widget))
        if widget.comm is None:
            continue  # closed: gone from the browser
        yield widget
        for value in list(vars(widget).values()) + list(getattr(widget, "children", ())):
            if isinstance(value, widgets.Widget):
                todo.append(value)
            elif isinstance(value, (list, tuple, dict)):
                todo += [v for v in (value.values() if isinstance(value, dict) else value)
                         if isinstance(v, widgets.Widget)]


def _strings(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [v for v in value.values() if isinstance(v, str)]
    if isinstance(value, (list, tuple)):
        return [v for v in value if isinstance(v, str)]
    return []


def visible_texts(root: widgets.Widget) -> list[tuple[str, str]]:
    """Returns every piece of text a person may read on ``root``, as (where, text).

    :raises AssertionError: for a synced text trait this module does not know (add it
        to :data:`SEEN` or :data:`UNSEEN`).
    """
    found = []
    for widget in live_widgets(root):
        kind = type(widget).__name__
        if isinstance(widget, widgets.Layout) or widget._model_name.endswith("StyleModel"):
            continue  # sizes and colours
        for key, value in widget.get_state().items():
            if kind in ("VotePanel", "PhoneFind") and key == "rows":  # each drawing's title (markup), its cards' words
                for row in value:
                    found += [(f"{kind}.rows.title", piece) for piece in html_texts(row["title"])]
                    if "placed" in row:  # the phone's list of the cards placed: "Ana: card 3"
                        found.append((f"{kind}.rows.placed", row["placed"]))
                    found += [(f"{kind}.rows.{part}", card[part]) for card in row["cards"] for part in ("label", "tip")]
                continue
            if not _strings(value):
                continue
            assert key in SEEN or key in UNSEEN, f"{kind}.{key} is a text trait the walk does not know: {value!r:.80}"
            if key in UNSEEN or (key == "value" and isinstance(widget, _TYPED)):
                continue
            for text in _strings(value):
                pieces = html_texts(text) if (key == "value" and isinstance(widget, widgets.HTML)) or key in MARKUP \
                    else [text]
                found += [(f"{kind}.{key}", piece) for piece in pieces]
    return found


def data_words(*decks: Deck, names: Iterable[str] = (), more: Iterable[str] = ()) -> list[str]:
    """Returns the strings a page shows as people typed or chose them: player names, the
    words and names of ``decks`` and of the built-in decks, the languages' own names."""
    words = [*names, *more]
    for deck in (*decks, *(Deck.builtin(name) for name in Deck.builtin_names())):
        words += [deck.name, *deck.objects, *deck.locations]
    words += [language(code).name for code in LANGUAGES]
    return sorted(set(filter(None, words)), key=len, reverse=True)  # longest first: "Ana Lucía" before "Ana"


def english_left(root: widgets.Widget, data: Iterable[str]) -> list[tuple[str, str]]:
    """Returns the texts on ``root`` that hold a Latin letter once links and ``data`` (names,
    words) are taken out: in the pseudo-language, text that did not go through the catalogue."""
    data = list(data)
    left = []
    for where, text in visible_texts(root):
        rest = _PLACEHOLDER.sub(" ", _LINK.sub(" ", text))
        for word in data:
            rest = rest.replace(word, " ")
        if _LATIN.search(rest):
            left.append((where, text))
    return left
