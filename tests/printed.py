"""Reading a printout back as a person sees it: its words, where they stand and the size of
their type, from poppler's ``pdftotext -bbox`` (for the poster, the seat cards, the report).

A word's box is as tall as its font's ascent and descent, a fixed share of the type size:
that share is measured once on a line written at a known size in the font the printouts
use, so a size read back is in points whichever font the machine has.
"""

from __future__ import annotations

import html
import os
import re
import shutil
import subprocess
import zlib
from dataclasses import dataclass
from functools import lru_cache

import pytest

MM = 72 / 25.4  # points in a millimetre
_WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</word>')


@dataclass(frozen=True)
class Word:
    """A word of a page: its text, its box in mm from the page's top left, and its type size (pt)."""

    text: str
    page: int
    left: float
    top: float
    right: float
    bottom: float
    size: float


def need_poppler() -> None:
    """Skips the test where poppler's pdftotext is missing (fails it under CI, which installs it)."""
    if not shutil.which("pdftotext"):
        reason = "reading a PDF's words needs pdftotext (Debian's poppler-utils)"
        if os.environ.get("CI"):
            pytest.fail(reason)
        pytest.skip(reason)


def _boxes(pdf: bytes) -> list[tuple[int, float, float, float, float, str]]:
    need_poppler()
    out = subprocess.run(["pdftotext", "-bbox", "-", "-"], input=pdf, capture_output=True, check=True).stdout
    boxes = []
    for number, page in enumerate(out.decode("utf-8").split("<page ")[1:], start=1):
        for match in _WORD.finditer(page):
            left, top, right, bottom = (float(v) / MM for v in match.groups()[:4])
            boxes.append((number, left, top, right, bottom, html.unescape(match.group(5))))
    return boxes


@lru_cache(maxsize=None)
def _height_per_point() -> float:
    """Returns how tall a word's box is (mm) per point of its type, in the printouts' font."""
    from incognito_nb.app.files.sheet import Sheet

    sheet = Sheet()
    sheet.add_page()
    sheet.text_at(20, 20, "Hg", size=10, width=50)
    (_, _, top, _, bottom, _), = _boxes(bytes(sheet.output()))
    return (bottom - top) / 10


def words(pdf: bytes) -> list[Word]:
    """Returns every word of ``pdf``, page by page, as pdftotext reads them."""
    ratio = _height_per_point()
    return [Word(text, page, left, top, right, bottom, round((bottom - top) / ratio, 1))
            for page, left, top, right, bottom, text in _boxes(pdf)]


def lines(found: list[Word], *, tolerance: float = 1.0) -> list[list[Word]]:
    """Returns ``found`` grouped into lines (words whose tops lie within ``tolerance`` mm), top to
    bottom, each left to right."""
    rows: list[list[Word]] = []
    for word in sorted(found, key=lambda w: (w.page, w.top, w.left)):
        if rows and rows[-1][0].page == word.page and abs(rows[-1][0].top - word.top) <= tolerance:
            rows[-1].append(word)
        else:
            rows.append([word])
    return [sorted(row, key=lambda w: w.left) for row in rows]


def text(found: list[Word]) -> str:
    """Returns the words as one line of text, line after line, each left to right."""
    return " ".join(word.text for row in lines(found) for word in row)


def pdf_contents(pdf: bytes) -> str:
    """Returns the PDF's streams (its pages' drawing and text operators), inflated, as text."""
    streams = re.findall(rb"stream\r?\n(.*?)\r?\nendstream", pdf, re.S)
    inflated = []
    for stream in streams:
        try:
            inflated.append(zlib.decompress(stream).decode("latin-1"))
        except zlib.error:
            inflated.append(stream.decode("latin-1"))
    return "\n".join(inflated)
