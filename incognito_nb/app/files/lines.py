"""Breaking printed text into lines that fit, for the poster, the seat cards and the report.

A printout reads best when the text of one kind (a chart's labels, a drawing's captions)
has one type size, and a long name or sentence takes another line instead of shrinking
below what can be read from a metre away.  These functions measure with the page's own
font (fpdf2's ``get_string_width``), so that a line fits the page it is written on; they
take the page (a :class:`~fpdf.FPDF` with ``family`` and ``say``, as the poster and the
sheet are) and change nothing on it but its current font.
"""

from __future__ import annotations

from typing import Callable

from fpdf import FPDF

#: Keeps two words on one line (a name's parts, the "3 of 5" of a count).
NO_BREAK = "\u00a0"
ELLIPSIS = "…"


def width_of(pdf: FPDF, text: str, *, size: float, bold: bool = False) -> float:
    """Returns how wide ``text`` is written at ``size`` points on ``pdf`` (in its unit)."""
    pdf.set_font(pdf.family, "B" if bold else "", size)
    return pdf.get_string_width(pdf.say(text))


def wrap(pdf: FPDF, text: str, width: float, *, size: float, bold: bool = False) -> list[str]:
    """Returns ``text`` broken at its spaces into lines ``width`` wide, as many as it takes
    (a word wider than ``width`` stands alone on its line, as wide as it is).

    A no-break space (:data:`NO_BREAK`) holds the words either side of it together.
    """
    lines: list[str] = []
    for word in text.split(" "):
        if lines and width_of(pdf, f"{lines[-1]} {word}", size=size, bold=bold) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


def cut(pdf: FPDF, text: str, width: float, *, size: float, bold: bool = False) -> str:
    """Returns ``text`` whole if it fits ``width``, else as much of it as fits followed by "…"."""
    if width_of(pdf, text, size=size, bold=bold) <= width:
        return text
    while text and width_of(pdf, text.rstrip() + ELLIPSIS, size=size, bold=bold) > width:
        text = text[:-1]
    return text.rstrip(" ,-" + NO_BREAK) + ELLIPSIS


def two_lines(pdf: FPDF, text: str, width: float, *, size: float, bold: bool = False) -> list[str] | None:
    """Returns ``text`` on two lines that each fit ``width``, broken at a space (preferred)
    or after a hyphen, the most even such break; ``None`` when no break makes both fit.

    >>> from incognito_nb.app.files.sheet import Sheet
    >>> two_lines(Sheet(), "Marie-Thérèse Dupont", 60, size=20, bold=True)
    ['Marie-Thérèse', 'Dupont']
    >>> two_lines(Sheet(), "Maximilian-Alexander", 60, size=20, bold=True)
    ['Maximilian-', 'Alexander']
    """
    breaks: list[tuple[int, float, list[str]]] = []
    for index, char in enumerate(text):
        if char == " ":
            lines, kind = [text[:index], text[index + 1:]], 0
        elif char == "-" and 0 < index < len(text) - 1:
            lines, kind = [text[:index + 1], text[index + 1:]], 1
        else:
            continue
        widest = max(width_of(pdf, line, size=size, bold=bold) for line in lines)
        if all(lines) and widest <= width:
            breaks.append((kind, widest, lines))
    return min(breaks, key=lambda found: found[:2])[2] if breaks else None


def largest_size(widest: Callable[[float], float], width: float, *, largest: float, smallest: float,
                 step: float = 0.5) -> float:
    """Returns the largest size from ``largest`` down to ``smallest`` (by ``step``) at which
    ``widest(size)``, the width of the widest of some texts written at that size, fits
    ``width``; ``smallest`` when none does."""
    size = largest
    while size - step >= smallest and widest(size) > width:
        size -= step
    return size
