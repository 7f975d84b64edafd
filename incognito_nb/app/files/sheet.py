"""A portrait A4 page set for a class's printouts (its report, its seat cards).

Like the poster (``poster.py``), text is written in a Unicode font when the machine has
one (``fonts.py``) and simplified to Latin-1 otherwise, so no first name can make a
printout fail; a line too long for its room shrinks, then is cut with "...".
"""

from __future__ import annotations

from fpdf import FPDF

from .fonts import fallback_fonts, latin1, unicode_font

FAMILY = "Sheet"
PAGE_WIDTH, PAGE_HEIGHT, MARGIN = 210.0, 297.0, 14.0
INK, MUTED, RULE = (26, 26, 26), (85, 85, 85), (200, 200, 200)


class Sheet(FPDF):
    """Portrait A4 pages with the fonts chosen once for all their text."""

    def __init__(self) -> None:
        super().__init__(orientation="P", unit="mm", format="A4")
        self.set_auto_page_break(False)
        self.set_margins(MARGIN, MARGIN, MARGIN)
        self.c_margin = 0
        self.unicode = False
        files = unicode_font()
        if files is not None:
            try:
                self.add_font(FAMILY, "", str(files.regular))
                self.add_font(FAMILY, "B", str(files.bold))
                self.unicode = True
                names = []
                for index, path in enumerate(fallback_fonts()):
                    try:
                        self.add_font(f"{FAMILY}Fallback{index}", "", str(path))
                        names.append(f"{FAMILY}Fallback{index}")
                    except Exception:  # noqa: BLE001 - an unreadable fallback is simply not used
                        continue
                if names:
                    self.set_fallback_fonts(names, exact_match=False)
            except Exception:  # noqa: BLE001 - an unreadable font file: the core font instead
                self.unicode = False
        self.family = FAMILY if self.unicode else "Helvetica"

    def say(self, text: object) -> str:
        """Returns ``text`` as this sheet's font can write it."""
        return str(text) if self.unicode else latin1(str(text))

    def text_at(self, x: float, y: float, text: object, *, size: float, width: float, bold: bool = False,
                color=INK, align: str = "L", min_size: float = 6) -> None:
        """Writes one line of ``text`` in a box ``width`` wide whose top is at ``y``."""
        line = self.say(text)
        self.set_font(self.family, "B" if bold else "", size)
        while size > min_size and self.get_string_width(line) > width:
            size -= 0.5
            self.set_font(self.family, "B" if bold else "", size)
        while self.get_string_width(line) > width and len(line) > 1:
            line = line.rstrip(".")[:-1] + "..."
        self.set_text_color(*color)
        self.set_xy(x, y)
        self.cell(width, size * 0.45, line, align=align)
