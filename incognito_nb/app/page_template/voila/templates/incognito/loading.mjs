// Incognito's loading screen on a Voilà or Voici page (index.html.j2 includes this file inline,
// as a classic script, after Voilà's own helper functions, which it replaces).
//
// The screen speaks the page's language: ?lang= when it names a language the texts have,
// else the <meta name="incognito-language"> the server wrote (the table's or the command's
// --language), else English.  It lists the steps of a page's start and moves through them on
// the platform's own calls: Voilà calls voila_process(i, n) as the notebook's cells run and
// voila_finish() when they are done; Voici (the static site) calls update_loading_text(0, 0, …)
// once the in-browser kernel is connected, update_loading_text(i, n) as it runs each cell, and
// display_cells() at the end.  The screen stays over the page until the game's first screen is
// drawn (a widget view in the page), so the widgets' own "Loading widget..." is never seen.
// The logic is in pure functions (exported on globalThis.IncognitoLoading for the node tests);
// all of it inside one function, so that nothing else of the page's (Voici's bundles call
// globals by name) meets a name of this file's.

(() => {
  const STEPS = {
    voila: ["python", "setup", "screen"],
    lite: ["page", "packages", "game", "screen"],
  };
  // Seconds over which the bar creeps through a step while nothing is heard (a slow start still moves).
  const CREEP_SECONDS = { page: 4, python: 6, setup: 4, packages: 18, game: 6, screen: 4 };

  function pickLanguage(search, served, texts) {
    const known = Object.keys(texts || {});
    const find = (code) => {
      const wanted = String(code || "").trim().replace("_", "-").toLowerCase();
      return known.find((k) => k.toLowerCase() === wanted) || "";
    };
    const asked = new URLSearchParams(search || "").get("lang");
    return find(asked) || find(served) || find("en") || known[0] || "";
  }

  function stepsOf(mode) {
    return STEPS[mode] || STEPS.voila;
  }

  // The bar's value (0 to 100) at step `index` of `count`, `seconds` into that step.
  function barValue(index, count, seconds, creep) {
    const share = 100 / count;
    const within = 1 - Math.exp(-Math.max(0, seconds) / Math.max(0.5, creep || 5));
    return Math.min(100, Math.round((index + 0.9 * within) * share));
  }

  function fill(text, values) {
    return String(text || "").replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
  }

  // What the screen says at step `index` of `mode`, `seconds` into it, in `words` (one language's texts).
  function describe(words, mode, index, seconds) {
    const steps = stepsOf(mode);
    return {
      title: words.title || "",
      steps: steps.map((key, at) => ({
        text: words[key] || key,
        state: at < index ? "done" : at === index ? "now" : "later",
      })),
      counter: fill(words.step, { step: index + 1, steps: steps.length }),
      elapsed: seconds >= 3 ? fill(words.seconds, { seconds: Math.floor(seconds) }) : "",
      note: mode === "lite" ? words.first_time || "" : "",
      bar: barValue(index, steps.length, seconds, CREEP_SECONDS[steps[index]]),
    };
  }

  // The page is drawn once a widget view (or an error in its place) is in the cells.
  function isDrawn(root) {
    return !!root.querySelector(
      "#rendered_cells .jupyter-widgets, #rendered_cells [data-mime-type='application/vnd.jupyter.stderr']");
  }

  // On the static site the dashboard is drawn in English first and then told the page's ?lang=
  // (its kernel never sees the page's address): it is ready once it speaks `code`, which its
  // root says by a class (inc-lang-es, TableApp's language_class).  The root's classes come a
  // moment after its box is in the page, so a box without them is not ready yet.  No `code`
  // (the page asked for no language): ready as soon as it is drawn.
  function speaks(root, code) {
    const app = root.querySelector("#rendered_cells .inc-app");
    return !code || (!!app && app.classList.contains("inc-lang-" + code.toLowerCase()));
  }

  // The site's folder on this computer when its page was opened as a file (file://), where
  // the browser refuses the kernel's Web Worker: the game can never start there.  "" when served.
  function fileFolder(protocol, pathname) {
    if (protocol !== "file:") return "";
    let path = decodeURIComponent(pathname || "").replace(/\/voici\/render\/[^/]*$/, "");
    if (/^\/[A-Za-z]:/.test(path)) path = path.slice(1);  // a Windows drive: /E:/site is E:/site
    return path || "/";
  }

  globalThis.IncognitoLoading = { pickLanguage, stepsOf, barValue, describe, isDrawn, speaks, fileFolder, STEPS };

  function start(window, document) {
    const data = JSON.parse(document.getElementById("inc-loading-data")?.textContent || "{}");
    const meta = document.querySelector('meta[name="incognito-language"]');
    const texts = data.texts || {};
    const code = pickLanguage(window.location.search, meta && meta.content, texts);
    const words = texts[code] || {};
    const mode = data.mode === "lite" ? "lite" : "voila";
    const screen = document.getElementById("loading");
    if (!screen) return;
    if (code) document.documentElement.lang = code;
    const folder = mode === "lite" ? fileFolder(window.location.protocol, window.location.pathname) : "";
    if (folder) {  // no step will ever come: say what to do instead
      screen.setAttribute("role", "alert");
      screen.querySelector(".inc-loading-title").textContent = words.from_file_title || "";
      screen.querySelector(".inc-loading-bar").hidden = true;
      screen.querySelector(".inc-loading-note").textContent = fill(words.from_file, { folder });
      return;
    }
    let index = 0;
    let since = Date.now();
    let finished = false;

    const list = screen.querySelector(".inc-loading-steps");
    const bar = screen.querySelector(".inc-loading-bar");
    const items = stepsOf(mode).map(() => list.appendChild(document.createElement("li")));
    const elapsed = document.createElement("span");
    elapsed.className = "inc-loading-elapsed";

    const paint = () => {
      const now = describe(words, mode, index, (Date.now() - since) / 1000);
      screen.querySelector(".inc-loading-title").textContent = now.title;
      screen.querySelector(".inc-loading-note").textContent = now.note;
      bar.value = now.bar;
      bar.setAttribute("aria-label", now.counter);
      now.steps.forEach((step, at) => {
        const item = items[at];
        item.className = "inc-loading-" + step.state;
        item.textContent = step.text;
        if (step.state === "now") {
          elapsed.textContent = now.elapsed;
          item.appendChild(elapsed);
        }
      });
    };
    const reach = (key) => {
      const at = stepsOf(mode).indexOf(key);
      if (at > index) {
        index = at;
        since = Date.now();
        paint();
      }
    };
    let shown = false;  // the cells are shown: the screen waits for the first screen to be drawn
    const timer = window.setInterval(() => {
      paint();
      if (shown && ready()) done();  // the language's wait ends with no change in the page
    }, 500);
    const done = () => {
      if (finished) return;
      finished = true;
      window.clearInterval(timer);
      observer.disconnect();
      screen.remove();
    };
    // Seconds the static site's screen waits for the dashboard to take the page's language
    // before it shows the page anyway (a dashboard that never heard it still gets played).
    const LANGUAGE_WAIT = 10;
    let drawnAt = 0;
    // The language the static site's dashboard must speak first: the page asked for one.
    const asked = mode === "lite" && new URLSearchParams(window.location.search || "").get("lang") ? code : "";
    const ready = () => {
      if (!isDrawn(document)) return false;
      if (speaks(document, asked)) return true;
      drawnAt = drawnAt || Date.now();
      return Date.now() - drawnAt > LANGUAGE_WAIT * 1000;
    };
    const observer = new window.MutationObserver(() => {
      if (index === stepsOf(mode).length - 1 && ready()) done();
    });

    const showCells = () => {
      // As Voilà's display_cells, but the loading screen stays until the first screen is drawn.
      if (!window.themeLoaded) {
        window.cellLoaded = true;
        return;
      }
      const cells = document.getElementById("rendered_cells");
      if (cells) cells.style.display = "";
      reach("screen");
      shown = true;
      if (ready()) done();
      else observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ["class"] });
    };
    window.update_loading_text = (cellIndex) => reach(mode === "lite" ? (cellIndex ? "game" : "packages") : "setup");
    window.display_cells = showCells;
    if (mode === "voila") {
      window.voila_process = () => reach("setup");
      window.voila_finish = showCells;
    }
    window.voila_heartbeat = paint;
    paint();
  }

  if (typeof document !== "undefined" && document.getElementById("inc-loading-data")) {
    start(window, document);
  }
})();
