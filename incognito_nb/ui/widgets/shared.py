"""One layout and one style for the many widgets that need none of their own.

ipywidgets gives every ``DOMWidget`` a ``Layout`` model of its own, and every HTML line or
button a ``…Style`` model too: a line of text costs a page three models, so three comm
messages from its kernel, three relayed by the one Voilà server all pages share, and three
models for the browser to build.  The find screen had 102 layouts and 63 styles among its
267 models (issue 16: a class's phase change is a burst of such messages on two cores).
ipywidgets lets widgets share one ``Layout`` (its documentation assigns one to several
widgets); :func:`layout` and :func:`style` return one per kernel for the widgets that set
nothing on theirs, and :func:`html` and :func:`button` build widgets whose whole state is
in their first message (no update right after: classes, tooltip and value are given to the
constructor, not set afterwards).

The shared parts are never closed (:func:`~incognito_nb.ui.widgets.board.close_parts`
leaves them) and cannot change: setting one of their CSS traits raises, so a widget that
must change its layout (``display``, ``width``) asks for one of its own; the browser's
changes are ignored.
"""

from __future__ import annotations

import pathlib
import re
from typing import Any

import ipywidgets as widgets
import traitlets
from ipywidgets.widgets.widget_string import HTMLStyle  # not exported by ipywidgets 8.1


class _Shared:
    """Mixin: a part that every widget of the kernel may hold, fixed once made."""

    shared = True

    def __setattr__(self, name: str, value: Any) -> None:
        if name in type(self).class_trait_names(sync=True) and not name.startswith("_") \
                and getattr(self, "_made", False):
            raise AttributeError(
                f"the shared {type(self).__name__} cannot change ({name}): give this widget its own")
        super().__setattr__(name, value)

    def set_state(self, sync_data: dict) -> None:
        """Ignores the browser: what every widget shares is the kernel's to say."""


class SharedLayout(_Shared, widgets.Layout):
    """The layout of every widget that sets nothing on its own."""


class SharedHTMLStyle(_Shared, HTMLStyle):
    """The style of every HTML line that sets nothing on its own."""


class SharedButtonStyle(_Shared, widgets.ButtonStyle):
    """The style of every button that sets nothing on its own."""


_made: dict[tuple, widgets.Widget] = {}


def _one(kind: type, **properties: str) -> widgets.Widget:
    key = (kind, tuple(sorted(properties.items())))
    part = _made.get(key)
    if part is None or part.comm is None:  # not made yet, or closed by someone (a test's clean-up)
        part = _made[key] = kind(**properties)
        object.__setattr__(part, "_made", True)
    return part


def layout(**properties: str) -> widgets.Layout:
    """Returns the kernel's shared layout with these CSS ``properties`` (none: the empty one)."""
    return _one(SharedLayout, **properties)


def style(kind: type[widgets.Widget] = HTMLStyle) -> widgets.Widget:
    """Returns the kernel's shared, default style for HTML lines (or ``widgets.ButtonStyle``)."""
    return _one(SharedButtonStyle if kind is widgets.ButtonStyle else SharedHTMLStyle)


def is_shared(part: object) -> bool:
    """Checks if ``part`` is one of the kernel's shared layouts or styles."""
    return getattr(part, "shared", False) is True


def html(value: str = "", *classes: str, **kwargs: Any) -> widgets.HTML:
    """Returns an HTML widget of ``value`` with CSS ``classes``, sent whole in one message
    (with the shared layout and style unless ``layout=`` or ``style=`` is given)."""
    kwargs.setdefault("layout", layout())
    kwargs.setdefault("style", style())
    return widgets.HTML(value=value, _dom_classes=tuple(classes), **kwargs)


def button(description: str, *classes: str, **kwargs: Any) -> widgets.Button:
    """Returns a button with CSS ``classes``, sent whole in one message (shared layout and
    style unless given)."""
    kwargs.setdefault("layout", layout())
    kwargs.setdefault("style", style(widgets.ButtonStyle))
    return widgets.Button(description=description, _dom_classes=tuple(classes), **kwargs)


def box(kind: type[widgets.Box], children, *classes: str, **kwargs: Any) -> widgets.Box:
    """Returns a box (``widgets.VBox``, ``HBox``…) of ``children`` with CSS ``classes``, sent
    whole in one message (the shared layout unless ``layout=`` is given)."""
    kwargs.setdefault("layout", layout())
    return kind(children=tuple(children), _dom_classes=tuple(classes), **kwargs)


def own_layout(widget: widgets.DOMWidget) -> widgets.Layout:
    """Returns ``widget``'s layout, first giving it one of its own if it shares the kernel's
    (for a widget about to be shown, hidden or resized)."""
    if is_shared(widget.layout):
        widget.layout = widgets.Layout()
    return widget.layout


#: A line of JavaScript that is a comment and nothing else.
_COMMENT_LINE = re.compile(r"^[ \t]*//[^\n]*\n", re.M)


def bundle(folder: pathlib.Path, name: str, uses: tuple[str, ...]) -> str:
    """Returns the JavaScript of ``name`` with the files it imports (``uses``, beside it) put
    before it: anywidget evaluates a widget's module from a blob, where ``import … from
    "./painted_board.js"`` names nothing.  Each used file loses its ``export default``
    line, ``name`` its imports of them (Node runs the files themselves, imports and all).

    Lines that are only a comment are left out: they are for the engineers reading the files,
    and were a quarter of what every widget's first message carries (15 of 65 kB; 6.5 of the
    gallery's 20.5 kB, at every find screen)."""
    parts = []
    for used in uses:
        text = (folder / used).read_text(encoding="utf-8")
        parts.append(re.sub(r"^export[ ]default [^\n]*;\n", "", text, flags=re.M))  # the file's own default
    main = (folder / name).read_text(encoding="utf-8")
    for used in uses:
        main = re.sub(r'^import [^;]* from "\./' + re.escape(used) + r'";\n', "", main, flags=re.M)
    return _COMMENT_LINE.sub("", "".join(parts) + main)


def front_end(module_file: str, name: str, uses: tuple[str, ...] = ()) -> traitlets.Unicode:
    """Returns the synced ``_esm`` trait of an anywidget whose JavaScript is the file ``name``
    beside ``module_file`` (the widget's ``__file__``).

    Given a path, anywidget adds ``_esm`` to each instance as it is made, and ipywidgets
    then sends it twice: in the widget's first message and in an update right after (9 KB
    more per board, measured in docs/platform-notes.md).  Declared as a trait of the class,
    it travels once, in the first message.  ``uses``: the files ``name`` imports (:func:`bundle`).
    """
    text = bundle(pathlib.Path(module_file).parent, name, uses)
    return traitlets.Unicode(text, help=f"The widget's front end: {name}.").tag(sync=True)
