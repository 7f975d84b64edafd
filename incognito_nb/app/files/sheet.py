"""An A4 page set for the printouts: a class's (its report, its seat cards, portrait) and a
game's poster (landscape, ``poster.py``).

Text is written in a Unicode font when the machine has one (``fonts.py``) and simplified
to Latin-1 otherwise, so no first name can make a printout fail; a line too long for its
room shrinks, then is cut with "…" (``lines.py``).
"""

from __future__ import annotations

import contextlib
import re

from fpdf import FPDF
from fpdf.syntax import PDFString

from .fonts import fallback_fonts, latin1, unicode_font
from .lines import cut, largest_size, width_of
from incognito_nb.ui.i18n import same_language

FAMILY = "Sheet"
PAGE_WIDTH, PAGE_HEIGHT, MARGIN = 210.0, 297.0, 14.0
INK, MUTED, RULE = (26, 26, 26), (85, 85, 85), (200, 200, 200)


class Sheet(FPDF):
    """A4 pages (portrait by default) with the fonts chosen once for all their text."""

    def __init__(self, orientation: str = "P", margin: float = MARGIN) -> None:
        super().__init__(orientation=orientation, unit="mm", format="A4")
        self.set_auto_page_break(False)
        self.set_margins(margin, margin, margin)
        self.c_margin = 0  # parts of one line sit side by side with no padding between them
        self.unicode = False
        files = unicode_font()
        if files is not None:
            try:
                self.add_font(FAMILY, "", str(files.regular))
                self.add_font(FAMILY, "B", str(files.bold))
                self.unicode = True
                self._add_fallbacks()
            except Exception:  # noqa: BLE001 - an unreadable font file: the core font instead
                self.unicode = False
        self.family = FAMILY if self.unicode else "Helvetica"

    def _add_fallbacks(self) -> None:
        """Takes the letters the main font lacks (Chinese, say) from other installed fonts."""
        names = []
        for index, path in enumerate(fallback_fonts()):
            try:
                self.add_font(f"{FAMILY}Fallback{index}", "", str(path))
            except Exception:  # noqa: BLE001 - an unreadable fallback is simply not used
                continue
            names.append(f"{FAMILY}Fallback{index}")
        if names:
            self.set_fallback_fonts(names, exact_match=False)

    def say(self, text: object) -> str:
        """Returns ``text`` as this sheet's font can write it."""
        return str(text) if self.unicode else latin1(str(text))

    @contextlib.contextmanager
    def in_language(self, code: str):
        """Marks what is written inside as words in the language ``code`` where the document's
        (``set_lang``) is another: a marked-content span with its /Lang (PDF 1.7, 14.9.2.2), so
        that a screen reader says "cuchara" as Spanish on an English poster.  fpdf2 sets a
        document's language only, so the span is written into the page as it is."""
        marked = (re.fullmatch(r"[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*", code or "") is not None
                  and not same_language(code, getattr(self, "lang", None) or ""))
        if marked:
            self._out(f"/Span <</Lang {PDFString(code).serialize()}>> BDC")
        try:
            yield
        finally:
            if marked:
                self._out("EMC")

    def text_at(self, x: float, y: float, text: object, *, size: float, width: float, bold: bool = False,
                color=INK, align: str = "L", min_size: float = 6, language: str = "") -> None:
        """Writes one line of ``text`` in a box ``width`` wide whose top is at ``y`` (words in
        ``language``, marked as such: :meth:`in_language`)."""
        size = largest_size(lambda size: width_of(self, text, size=size, bold=bold), width, largest=size,
                            smallest=min_size)
        line = self.say(cut(self, self.say(text), width, size=size, bold=bold))
        self.set_font(self.family, "B" if bold else "", size)
        self.set_text_color(*color)
        self.set_xy(x, y)
        with self.in_language(language):
            self.cell(width, size * 0.45, line, align=align)


def rgb(color: str) -> tuple[int, int, int]:
    """Returns a ``#rrggbb`` colour (the screen's palette) as fpdf's red, green and blue."""
    return tuple(int(color[i : i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]
