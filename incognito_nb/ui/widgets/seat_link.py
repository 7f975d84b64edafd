"""The student's link back to their seat, as a short "keep this link" control.

A seat's link carries its token, a long address nobody reads or types: shown raw on a
phone it fills the footer and breaks across lines.  :class:`SeatLink` shows two buttons
instead: one copies the link (the browser's clipboard where the page may use it, else the
link is shown selected, ready to copy by hand: a page served over plain ``http`` to a
classroom's devices has no ``navigator.clipboard``), one shows it as a QR code, which
another device (the student's phone, from a school computer) can scan.  The QR code is
made when it is first asked for, not sent with every page.

The link is the student's own, in the student's own page: nothing another player may
not see reaches the widget.  The teacher's desk shows the same control for a student who
lost their link (``name``: whose link it is, in its words), so the teacher copies it or
lets the student's device scan it.  The front end is ``seat_link.js``.
"""

from __future__ import annotations

import importlib.util

import anywidget
import traitlets

from incognito_nb.ui.i18n import Language, language
from incognito_nb.ui.widgets.shared import front_end


def qr_data_uri(url: str) -> str:
    """Returns a ``data:`` URI of an SVG QR code for ``url``, or '' if ``segno`` is not installed."""
    try:
        import segno
    except ImportError:
        return ""
    # Dark modules on a white quiet zone whatever the page's theme: a phone across a dark
    # classroom reads nothing from black modules on a dark background.
    return segno.make(url, error="m").svg_data_uri(scale=6, border=4, dark="#000000", light="#ffffff")


def seat_link_labels(lang: Language, name: str | None = None) -> dict[str, str]:
    """Returns the control's words in ``lang``: the student's own, or (``name``) the words of a
    teacher handing ``name`` their link."""
    if name is not None:
        return {
            "copy": lang._("Copy the link"),
            "copied": lang._("✓ Link copied: give it to {name}.", name=name),
            "selected": lang._("The link is selected: copy it (Ctrl+C, or press and hold it on a phone)."),
            "show_qr": lang._("Show QR code"),
            "hide_qr": lang._("Hide QR code"),
            "qr_alt": lang._("QR code of {name}'s seat link", name=name),
            "field": lang._("{name}'s seat link", name=name),
        }
    return {
        "copy": lang._("Copy my link"),
        "copied": lang._("✓ Link copied. Keep it somewhere only you can open it."),
        "selected": lang._("The link is selected: copy it (Ctrl+C, or press and hold it on a phone)."),
        "show_qr": lang._("Show QR code"),
        "hide_qr": lang._("Hide QR code"),
        "qr_alt": lang._("QR code of your seat link"),
        "field": lang._("Your seat link"),
    }


class SeatLink(anywidget.AnyWidget):
    """Copy / show-QR buttons for the seat link ``url`` (nothing shows while it is ''): the
    student's own, or ``name``'s as their teacher hands it over."""

    _esm = front_end(__file__, "seat_link.js")
    url = traitlets.Unicode("", help="The seat's link (with its token): what Copy copies.").tag(sync=True)
    labels = traitlets.Dict(help="The control's words, in the page's language.").tag(sync=True)
    has_qr = traitlets.Bool(False, help="Whether a QR code can be made (segno is installed).").tag(sync=True)
    qr = traitlets.Unicode("", help="The link's QR code (a data: URI), once asked for.").tag(sync=True)

    def __init__(self, url: str = "", *, lang: Language | None = None, name: str | None = None, **kwargs) -> None:
        kwargs.setdefault("labels", seat_link_labels(lang or language(), name))  # {}: worded later (relabel)
        super().__init__(url=url, has_qr=importlib.util.find_spec("segno") is not None, **kwargs)
        self.add_class("inc-seat-link")
        self._qr_of = ""  # the link whose code ``qr`` is
        self.on_msg(self._heard)

    def relabel(self, lang: Language, name: str | None = None) -> None:
        """Speaks ``lang`` from now on: the student's own words, or (``name``) a teacher's."""
        self.labels = seat_link_labels(lang, name)

    def show_qr(self) -> None:
        """Makes the QR code of the link (what the "Show QR code" button asks for), once per link:
        a code takes segno ~7 ms, and a page's script asked for it 200 times a second (within the
        socket's rates), its kernel busy making the same code."""
        if self.qr and self._qr_of == self.url:
            return
        self.qr = qr_data_uri(self.url) if self.url else ""
        self._qr_of = self.url

    @traitlets.observe("url")
    def _new_url(self, change) -> None:
        if self.qr:  # shown already: the code follows the link
            self.show_qr()

    def _heard(self, _widget, content, _buffers) -> None:
        # The browser can send anything: only the one request is heard.
        if content == {"ask": "qr"}:
            self.show_qr()
