// The page's ?lang=, told to Python once (PageLanguage in page_language.py): on the static site
// the kernel runs in a Web Worker and never sees the page's address (Voilà's QUERY_STRING).
// Only the lang parameter leaves the page, cut short; Python decides whether it is a language.

// Returns what the page's query `search` asks for as its language ('' if nothing).
export function askedLanguage(search) {
  const asked = new URLSearchParams(search || "").get("lang");
  return asked ? asked.trim().slice(0, 16) : "";
}

export default {
  render({ model, el }) {
    el.style.display = "none";
    const asked = askedLanguage(globalThis.location ? globalThis.location.search : "");
    if (asked) model.send({ lang: asked });
  },
};
