// The banner shown when the kernel's beats stop: ConnectionWatch in connection.py.  A page
// that closed itself (another page took its seat) says goodbye: the banner stops watching,
// and the page ends its own kernel as Voilà's front end does when the tab closes.

// Where the page's own goodbye goes, and with which form field: what Voilà's `beforeunload`
// handler posts (`${baseUrl}voila/api/shutdown/${kernelId}`, its _xsrf cookie as `_xsrf`).
// `config` is the page's jupyter-config-data; null without a kernel id.
export function goodbyeRequest(config, cookie) {
  if (!config || typeof config.kernelId !== "string" || !/^[0-9a-f-]{36}$/.test(config.kernelId)) return null;
  const base = typeof config.baseUrl === "string" && config.baseUrl ? config.baseUrl : "/";
  const found = String(cookie || "").match(/\b_xsrf=([^;]*)\b/);
  return { url: `${base.endsWith("/") ? base : base + "/"}voila/api/shutdown/${config.kernelId}`,
           xsrf: (found && found[1]) || "" };
}

function sayGoodbye() {
  let config = null;
  try { config = JSON.parse(document.getElementById("jupyter-config-data").textContent); } catch (e) { return; }
  const request = goodbyeRequest(config, document.cookie);
  if (!request) return;
  const form = new FormData();
  form.append("_xsrf", request.xsrf);
  window.navigator.sendBeacon(request.url, form);
}

function render({ model, el }) {
  const banner = document.createElement("div");
  banner.className = "inc-connection-lost";
  banner.setAttribute("role", "alert");
  banner.hidden = true;
  el.append(banner);
  let last = performance.now();
  let timer = null;
  model.on("msg:custom", (message) => {
    if (message && message.beat !== undefined) {
      last = performance.now();
      banner.hidden = true;
    }
    if (message && message.goodbye === true && timer !== null) {
      clearInterval(timer);  // the kernel is ended on purpose: not a lost connection
      timer = null;
      banner.hidden = true;
      el.dataset.goodbye = "said";
      sayGoodbye();
    }
  });
  timer = setInterval(() => {
    if (performance.now() - last > model.get("lost_after_ms")) {
      banner.textContent = model.get("lost_text");
      banner.hidden = false;
    }
  }, 1000);
  return () => { if (timer !== null) clearInterval(timer); };
}
export default { render };
