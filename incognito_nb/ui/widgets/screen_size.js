// Whether the page's window is as narrow as a phone, told to Python: ScreenSize in screen_size.py.
export default {
  render({ model, el }) {
    el.style.display = "none";
    const phone = window.matchMedia(`(max-width: ${model.get("phone_width")}px)`);
    const tell = () => {
      if (model.get("narrow") === phone.matches) return;
      model.set("narrow", phone.matches);
      model.save_changes();
    };
    tell();
    phone.addEventListener("change", tell);
    return () => phone.removeEventListener("change", tell);
  },
};
