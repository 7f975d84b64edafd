// The student's seat link as a short control: Copy, and Show QR code (seat_link.py).

// Copies `text`: with the browser's clipboard where the page may use it; else (a page served
// over plain http has no navigator.clipboard, or the browser refuses) `select()` shows the
// link selected and tries the older copy command.  Returns "copied" or "selected".
export async function copyText(text, { clipboard, select }) {
  if (clipboard && typeof clipboard.writeText === "function") {
    try {
      await clipboard.writeText(text);
      return "copied";
    } catch (refused) {
      // not allowed here: the link is shown to copy by hand
    }
  }
  return select() ? "copied" : "selected";
}

// How long "Link copied" stays under the buttons.
export const SAID_MS = 10000;

function part(doc, tag, className) {
  const el = doc.createElement(tag);
  el.className = className;
  return el;
}

export default {
  render({ model, el }) {
    const doc = el.ownerDocument;
    const actions = part(doc, "div", "inc-seat-link-actions");
    const copy = part(doc, "button", "inc-copy-seat-link jupyter-button widget-button");
    const showQr = part(doc, "button", "inc-show-seat-qr jupyter-button widget-button");
    const status = part(doc, "span", "inc-seat-link-status");
    status.setAttribute("role", "status");
    const field = part(doc, "input", "inc-seat-link-field");
    field.readOnly = true;
    field.hidden = true;
    const figure = part(doc, "div", "inc-seat-qr");
    figure.hidden = true;
    const image = part(doc, "img", "inc-seat-qr-image");
    figure.append(image);
    actions.append(copy, showQr);
    el.append(actions, status, field, figure);

    const labels = () => model.get("labels") || {};
    const show = () => {
      const words = labels();
      el.hidden = !model.get("url");
      copy.textContent = words.copy || "";
      showQr.hidden = !model.get("has_qr");
      showQr.textContent = (figure.hidden ? words.show_qr : words.hide_qr) || "";
      showQr.setAttribute("aria-expanded", String(!figure.hidden));
      field.setAttribute("aria-label", words.field || "");
      image.alt = words.qr_alt || "";
      const qr = model.get("qr");
      if (qr && image.getAttribute("src") !== qr) image.src = qr;
      if (!field.hidden) field.value = model.get("url");
    };
    const select = () => {
      field.value = model.get("url");
      field.hidden = false;
      field.focus();
      field.select();
      try {
        return doc.execCommand("copy") === true;
      } catch (refused) {
        return false;
      }
    };
    let fade = null;
    copy.addEventListener("click", async () => {
      status.textContent = "";
      clearTimeout(fade);
      const outcome = await copyText(model.get("url"), { clipboard: globalThis.navigator?.clipboard, select });
      status.textContent = labels()[outcome] || "";
      // Said, then gone: the page moves on to other screens under the same footer.
      fade = setTimeout(() => { status.textContent = ""; }, SAID_MS);
    });
    showQr.addEventListener("click", () => {
      figure.hidden = !figure.hidden;
      if (!figure.hidden && !model.get("qr")) model.send({ ask: "qr" });
      show();
    });
    for (const name of ["url", "labels", "qr", "has_qr"]) model.on(`change:${name}`, show);
    show();
  },
};
