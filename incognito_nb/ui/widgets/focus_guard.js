// Keeps the page's canvases out of the Tab order: FocusGuard in keyboard.py.
export function release(root) {
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
