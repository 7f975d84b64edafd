// The page's ?lang=, or else the browser's own languages, told to Python once (PageLanguage in
// page_language.py): on the static site the kernel runs in a Web Worker and never sees the
// page's address (Voilà's QUERY_STRING). Only the lang parameter leaves the page, cut short;
// Python decides whether it is a language.

// Returns what the page's query `search` asks for as its language ('' if nothing).
export function askedLanguage(search) {
  const asked = new URLSearchParams(search || "").get("lang");
  return asked ? asked.trim().slice(0, 16) : "";
}

// Returns the languages the browser `nav` prefers, first first: a few, each cut short.
export function browserLanguages(nav) {
  const listed = nav && Array.isArray(nav.languages) && nav.languages.length ? nav.languages : [nav && nav.language];
  return listed.filter((code) => typeof code === "string" && code.trim()).slice(0, 8)
    .map((code) => code.trim().slice(0, 16));
}

export default {
  render({ model, el }) {
    el.style.display = "none";
    const asked = askedLanguage(globalThis.location ? globalThis.location.search : "");
    if (asked) {
      model.send({ lang: asked });
      return;
    }
    // No ?lang=: the browser's own languages, the first Python knows taken (a Spanish
    // browser opens the static site in Spanish).
    const preferred = browserLanguages(globalThis.navigator);
    if (preferred.length) model.send({ browser: preferred });
  },
};
