"""What a screen reader needs that ipywidgets cannot say: landmarks, headings, names, news.

ipywidgets give a widget CSS classes, a ``tooltip`` and a ``tabbable`` flag, but no role,
no ``aria-label`` and no way to move the focus from Python.  The few lines of JavaScript
here (anywidget, as :mod:`~incognito_nb.ui.widgets.keyboard` does for the Tab order)
add them in the browser:

- :class:`PageAria`, once per page (in the page shell): the page's landmarks (its top
  as ``banner``, its stage as ``main``, its foot as ``contentinfo``), its title line as
  the level-1 heading, a polite live region (``role="status"``) that says what
  :meth:`PageAria.say` is given, and the focus moved to the heading when the screen changes;
- :class:`BoardName`, inside a drawing's box: makes the box an image (``role="img"``)
  named by its ``label`` ("Ana's drawing, hidden in: treehouse").

Every text here is set from Python in the page's language; nothing secret is given to
them (a board's name says the artist and location, the object only once revealed).
"""

from __future__ import annotations

import anywidget
import traitlets

from incognito_nb.ui.sheets import read_sheet

CSS = read_sheet(__file__, "aria.css")

_PAGE_ESM = """
const ROLES = [
  [".inc-top", {role: "banner"}],
  [".inc-stage", {role: "main"}],
  [".inc-bottom", {role: "contentinfo"}],
  [".inc-header", {role: "heading", "aria-level": "1", tabindex: "-1"}],
];
function mark(app) {
  for (const [selector, attributes] of ROLES) {
    for (const el of app.querySelectorAll(selector)) {
      if (el.closest(".inc-app") !== app) continue;  // a page inside a page marks its own
      for (const [name, value] of Object.entries(attributes)) {
        if (el.getAttribute(name) !== value) el.setAttribute(name, value);
      }
    }
  }
}
export default {
  render({ model, el }) {
    el.classList.add("inc-aria");
    const live = document.createElement("div");
    live.className = "inc-announcement";
    live.setAttribute("role", "status");
    live.setAttribute("aria-live", "polite");
    live.setAttribute("aria-atomic", "true");
    el.appendChild(live);
    let app = null, watcher = null, timer = null, tries = 0;
    const heading = () => app && app.querySelector(".inc-header");
    const focus = () => { const h = heading(); if (h) { mark(app); h.focus(); } };
    const say = () => {
      // Emptied first, so that the same sentence said twice is announced twice.
      live.textContent = "";
      clearTimeout(timer);
      timer = setTimeout(() => { live.textContent = model.get("announcement"); }, 50);
    };
    const attach = () => {
      // The view is put in the page after it renders: wait until it is there.
      app = el.closest(".inc-app");
      if (!app) {
        if (++tries < 400) setTimeout(attach, 25);
        return;
      }
      mark(app);
      watcher = new MutationObserver(() => mark(app));
      watcher.observe(app, {subtree: true, childList: true});
      if (model.get("announcement")) say();
    };
    attach();
    model.on("change:said", say);
    model.on("change:screens", focus);
    return () => { if (watcher) watcher.disconnect(); clearTimeout(timer); };
  },
};
"""


class PageAria(anywidget.AnyWidget):
    """Landmarks, the heading, the live region and the focus of one page (see the module)."""

    _esm = _PAGE_ESM
    announcement = traitlets.Unicode("", help="What the live region says now (plain text).").tag(sync=True)
    said = traitlets.Int(0, help="How many times something was said: each change says it again.").tag(sync=True)
    screens = traitlets.Int(0, help="How many screens were shown: each change focuses the heading.").tag(sync=True)

    def say(self, text: str) -> None:
        """Has the live region say ``text`` (plain text), politely, after what it is saying."""
        self.announcement = text
        self.said += 1

    def new_screen(self, text: str = "") -> None:
        """Moves the focus to the page's heading and, with ``text``, says it."""
        if text:
            self.say(text)
        self.screens += 1


_BOARD_ESM = """
export default {
  render({ model, el }) {
    el.style.display = "none";
    let box = null, tries = 0, timer = null;
    const name = () => {
      if (!box) return;
      box.setAttribute("role", "img");
      box.setAttribute("aria-label", model.get("label"));
    };
    const attach = () => {
      box = el.parentElement && el.parentElement.closest(model.get("box"));
      if (box) name();
      else if (++tries < 400) timer = setTimeout(attach, 25);
    };
    attach();
    model.on("change:label", name);
    return () => clearTimeout(timer);
  },
};
"""


class BoardName(anywidget.AnyWidget):
    """Names the drawing it sits in: the closest ``box`` (a CSS selector) around it becomes
    an image whose accessible name is ``label``."""

    _esm = _BOARD_ESM
    label = traitlets.Unicode("", help="The drawing's accessible name (plain text).").tag(sync=True)
    box = traitlets.Unicode(".inc-drawing-view", help="The CSS selector of the drawing's box.").tag(sync=True)

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.add_class("inc-invisible")
