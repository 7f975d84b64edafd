// The browser tab's title and the document's language, set from Python: PageTitle in page_title.py.
export default {
  render({ model, el }) {
    el.style.display = "none";
    const show = () => {
      document.title = model.get("title");
      const language = model.get("language");
      if (language) document.documentElement.lang = language;
    };
    show();
    model.on("change:title", show);
    model.on("change:language", show);
  },
};
