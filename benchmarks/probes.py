"""Scripts that run inside the page: they move the pointer and watch the pixels.

Ink latency is measured in frames, the way a person sees it.  Inside a
``requestAnimationFrame`` callback (frame time T0) the script dispatches a pointer move
(a ``pointermove`` and the ``mousemove`` that follows it, as a mouse does) at the spot
the pen goes next; then, at every later frame, it reads that spot with ``getImageData``
on every canvas of the pad, shadow roots included.  The latency is the time of the first
frame that shows ink there, minus T0: one frame (16.7 ms at 60 Hz) is the least there is.
"""

#: Helpers shared by the scripts: the pad's canvases, board-to-screen mapping, ink test.
_COMMON = r"""
const W = 800, H = 600;
function canvasesIn(root, found = [], deep = true) {
  for (const el of root.querySelectorAll('*')) {
    if (el.tagName === 'CANVAS' && el.width === W && el.height === H) found.push(el);
    if (deep && el.shadowRoot) canvasesIn(el.shadowRoot, found, deep);
  }
  return found;
}
function deepestAt(x, y) {
  let el = document.elementFromPoint(x, y);
  while (el && el.shadowRoot) {
    const inner = el.shadowRoot.elementFromPoint(x, y);
    if (!inner || inner === el) break;
    el = inner;
  }
  return el;
}
function inkAt(canvases, bx, by) {
  for (const c of canvases) {
    const d = c.getContext('2d').getImageData(Math.round(bx) - 2, Math.round(by) - 1, 3, 3).data;
    for (let i = 0; i < d.length; i += 4) {
      if (d[i + 3] > 64 && Math.min(d[i], d[i + 1], d[i + 2]) < 230) return true;
    }
  }
  return false;
}
const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
"""

#: Draws ``moves`` moves along rows of the board and returns the latency of each (ms,
#: null when no ink came within ``timeout`` ms).  Argument: {selector, moves, step, rows,
#: x0, timeout}.
LATENCY = _COMMON + r"""
async ({selector, moves, step, rows, x0, timeout}) => {
  const pad = document.querySelector(selector);
  const canvases = canvasesIn(pad);
  if (!canvases.length) throw new Error('no canvas in ' + selector);
  const box = canvases[0].getBoundingClientRect();
  const screen = (bx, by) => [box.left + bx * box.width / W, box.top + by * box.height / H];
  function fire(kind, bx, by) {
    const [x, y] = screen(bx, by);
    const target = deepestAt(x, y);
    const pressed = kind === 'up' ? 0 : 1;
    const common = {bubbles: true, composed: true, cancelable: true, clientX: x, clientY: y,
                    button: kind === 'move' ? -1 : 0, buttons: pressed};
    target.dispatchEvent(new PointerEvent('pointer' + kind, {...common, pointerId: 1, pointerType: 'mouse',
                                                             isPrimary: true, pressure: pressed ? 0.5 : 0}));
    target.dispatchEvent(new MouseEvent('mouse' + kind, {...common, button: 0}));
  }
  const latencies = [];
  const perRow = Math.floor((W - 2 * x0) / step);
  let done = 0;
  for (const by of rows) {
    if (done >= moves) break;
    await frame();
    fire('down', x0, by);
    for (let i = 1; i <= perRow && done < moves; i++, done++) {
      const bx = x0 + i * step;
      const t0 = await new Promise((resolve) => requestAnimationFrame((t) => { fire('move', bx, by); resolve(t); }));
      let latency = null;
      for (;;) {
        const t = await frame();
        if (inkAt(canvases, bx, by)) { latency = t - t0; break; }
        if (t - t0 > timeout) break;
      }
      latencies.push(latency);
    }
    fire('up', x0 + Math.min(perRow, moves) * step, by);
  }
  return latencies;
}
"""

#: Resolves to performance.now() (ms since navigation) once ``selector`` is a visible,
#: enabled element; polled every frame by ``wait_for_function``.
INTERACTIVE = r"""
(selector) => {
  const el = document.querySelector(selector);
  if (!el || el.disabled) return false;
  const box = el.getBoundingClientRect();
  return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden' ? performance.now() : false;
}
"""

#: Clicks ``button`` and resolves to the ms until ``count`` canvases inside ``boards``
#: all show ink (null after ``timeout`` ms).
CLICK_UNTIL_INKED = _COMMON + r"""
async ({button, boards, count, timeout}) => {
  const t0 = performance.now();
  document.querySelector(button).click();
  const inked = new Set();
  for (;;) {
    await frame();
    const t = performance.now();
    const canvases = [];
    for (const root of document.querySelectorAll(boards)) canvasesIn(root, canvases);
    for (const c of canvases) {
      if (inked.has(c)) continue;
      const d = c.getContext('2d').getImageData(0, 0, W, H).data;
      for (let i = 0; i < d.length; i += 4 * 7) {
        if (d[i + 3] > 64 && Math.min(d[i], d[i + 1], d[i + 2]) < 230) { inked.add(c); break; }
      }
    }
    if (inked.size >= count) return t - t0;
    if (t - t0 > timeout) return null;
  }
}
"""

#: Returns how many canvases of the pad at ``selector`` show ink at board point (x, y);
#: with ``deep`` false, only those of the page proper (the board of record), not those
#: in shadow roots (the overlay's live ink).
INK_AT = _COMMON + r"""
({selector, x, y, deep}) => canvasesIn(document.querySelector(selector), [], deep).filter((c) => inkAt([c], x, y)).length
"""

#: Run in a page as ``([key, test])``, ``test`` a function's source: from now on, the first
#: time ``test()`` holds, notes when the page shows it (the time of the next animation frame)
#: in ``window.__seen[key]``; returns false (and notes -1) if it holds already.  It looks
#: again only when the page's DOM changes (a MutationObserver), never on every frame: a
#: ``requestAnimationFrame`` loop keeps a headless page making frames, about 6 % of a core a
#: page here (docs/platform-notes.md), and a class benchmark watches ten pages on the laptop
#: whose cores it measures.  Every screen a benchmark waits for is a DOM change (an element,
#: its text, or a board's ``data-painted``).
SEEN_WHEN = r"""([key, test]) => {
  window.__seen = window.__seen || {};
  const holds = new Function('return (' + test + ')();');
  if (holds()) { window.__seen[key] = -1; return false; }
  const observer = new MutationObserver(() => {
    if (!holds()) return;
    observer.disconnect();
    requestAnimationFrame(() => { window.__seen[key] = performance.timeOrigin + performance.now(); });
  });
  observer.observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
  return true;
}"""

#: Resolves to what :data:`SEEN_WHEN` noted for ``key`` (wall-clock ms), once it has.
SEEN = "(key) => window.__seen && window.__seen[key]"
#: How often a benchmark asks a page whether :data:`SEEN_WHEN` has noted its change (ms): a
#: timer, not Playwright's default of every animation frame (the same cost as above).
SEEN_POLL_MS = 50

#: The find screen's gallery as a page shows it: not the one the teacher's projected page lays
#: out unseen in the hide phase, painting each board as its student finishes (``inc-find-ahead``).
FIND_GALLERY = ".inc-find:not(.inc-find-ahead) .inc-gallery"


def wait_seen(page, key: str, timeout: float) -> float:
    """Waits until ``page`` has noted ``key`` (:data:`SEEN_WHEN`); returns when (wall-clock ms)."""
    return page.wait_for_function(SEEN, arg=key, polling=SEEN_POLL_MS, timeout=timeout).json_value()
