// The browser tab's title, set from Python: PageTitle in page_title.py.
export default {
  render({ model, el }) {
    el.style.display = "none";
    const show = () => { document.title = model.get("title"); };
    show();
    model.on("change:title", show);
  },
};
