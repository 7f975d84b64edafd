// The banner shown when the kernel's beats stop: ConnectionWatch in connection.py.
function render({ model, el }) {
  const banner = document.createElement("div");
  banner.className = "inc-connection-lost";
  banner.setAttribute("role", "alert");
  banner.hidden = true;
  el.append(banner);
  let last = performance.now();
  model.on("msg:custom", (message) => {
    if (message && message.beat !== undefined) {
      last = performance.now();
      banner.hidden = true;
    }
  });
  const timer = setInterval(() => {
    if (performance.now() - last > model.get("lost_after_ms")) {
      banner.textContent = model.get("lost_text");
      banner.hidden = false;
    }
  }, 1000);
  return () => clearInterval(timer);
}
export default { render };
