"""Keeping the dashboard usable with the keyboard alone.

ipycanvas gives every canvas ``tabindex="0"`` and cancels every key pressed on it
(``preventDefault`` in its ``keydown`` handler, read in ipycanvas 0.14.3's front end), so
Tab lands on a board and can never leave it: a keyboard trap.  No board here takes keys,
so :class:`FocusGuard`, a few lines running in the browser, takes the dashboard's canvases
out of the Tab order as soon as they appear.  Drawing still works with mouse, pen and touch.
"""

from __future__ import annotations

import anywidget

_ESM = """
function release(root) {
  for (const canvas of root.querySelectorAll('.inc-app canvas[tabindex="0"]')) {
    canvas.setAttribute("tabindex", "-1");
  }
}
export default {
  render({ el }) {
    el.style.display = "none";
    release(document);
    const watcher = new MutationObserver(() => release(document));
    watcher.observe(document.body, { subtree: true, childList: true, attributes: true,
                                     attributeFilter: ["tabindex"] });
    return () => watcher.disconnect();
  },
};
"""


class FocusGuard(anywidget.AnyWidget):
    """An invisible widget that keeps the dashboard's canvases out of the Tab order."""

    _esm = _ESM
