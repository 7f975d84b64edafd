// The projected page's controls leave the picture at rest, and a presentation clicker
// moves the show on: ShowControls in keyboard.py, its look in projector.css.

// How long the page waits, with no pointer moving and no control in focus, before its
// controls fade out (as presentation software hides its toolbar); a pointer resting on a
// control holds them all in sight (the teacher's hand is on Next).
export const REST_MS = 2500;
// The controls that fade: the teacher's row, Start, Next and the language menu.
export const CONTROLS = ".inc-teacher-row, .inc-start, .inc-next, .inc-page-language";
// A control the pointer rests on.
export const HELD = `:is(${CONTROLS}):hover`;
// The keys a presentation clicker sends for "next slide".
export const NEXT_KEYS = ["ArrowRight", "PageDown"];
// A pointer moved less than this (CSS pixels) is a hand on the table, not the teacher.
export const STILL_PX = 4;

// Returns whether a key press is a clicker's "next": one of NEXT_KEYS, not held down, with
// no modifier, and not typed into a field, a menu (the language menu reads its arrows) or a
// drawing pad (its board's arrows move the keyboard's pen).
export function isNextKey(event) {
  if (!NEXT_KEYS.includes(event.key) || event.repeat) return false;
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return false;
  const target = event.target;
  return !(target && target.closest && target.closest("input, select, textarea, [contenteditable], .inc-pad"));
}

// Returns the Next button a clicker presses: the stage's, if it can be pressed (none: null).
export function nextButton(root) {
  const button = root.querySelector(".inc-stage button.inc-next");
  return button && !button.disabled ? button : null;
}

// Returns whether the pointer moved from `last` ({x, y} or null) to the event's place.
export function moved(last, event) {
  return last === null || Math.abs(event.clientX - last.x) + Math.abs(event.clientY - last.y) >= STILL_PX;
}

export default {
  render({ el }) {
    el.style.display = "none";
    const body = document.body;
    let timer = 0;
    let last = null;
    const rest = () => {
      if (document.querySelector(HELD)) timer = setTimeout(rest, REST_MS);
      else body.classList.add("inc-at-rest");
    };
    const wake = () => {
      body.classList.remove("inc-at-rest");
      clearTimeout(timer);
      timer = setTimeout(rest, REST_MS);
    };
    const onPointer = (event) => {
      if (event.type === "pointermove" && !moved(last, event)) return;
      last = { x: event.clientX, y: event.clientY };
      wake();
    };
    // A control reached with Tab shows (its row stays while it has the focus: projector.css);
    // the focus a new screen gives its heading does not wake the controls.
    const onFocus = (event) => {
      if (event.target && event.target.closest && event.target.closest(CONTROLS)) wake();
    };
    // The clicker's "next" presses the stage's Next, and wakes nothing: the class sees the show move on.
    const onKey = (event) => {
      if (!isNextKey(event)) return;
      const button = nextButton(document);
      if (!button) return;
      event.preventDefault();
      button.click();
    };
    const listeners = [["pointermove", onPointer], ["pointerdown", onPointer], ["wheel", wake],
                       ["touchstart", wake], ["focusin", onFocus], ["keydown", onKey]];
    for (const [type, listener] of listeners) document.addEventListener(type, listener, { capture: true });
    wake();
    return () => {
      for (const [type, listener] of listeners) document.removeEventListener(type, listener, { capture: true });
      clearTimeout(timer);
      body.classList.remove("inc-at-rest");
    };
  },
};
