"""The game-over downloads on the static site, where the kernel runs in the browser.

Pillow has no Pyodide build on any registry this project reaches, so the drawings are
painted by the browser's own canvas instead: an ``OffscreenCanvas`` in the kernel's Web
Worker, driven by the very functions that draw every board on screen
(:func:`~incognito_nb.ui.widgets.board.draw_paper`, :func:`~incognito_nb.ui.widgets.board.draw_strokes`)
through :class:`CanvasPen`, and encoded as PNG by the browser.  The poster is the same
PDF as under Voilà, its drawings as vector paths (fpdf2 needs no Pillow for those); the
reports are the same CSV files.  The vocabulary chart (a Pillow picture) is not made here:
the vocabulary report holds the same figures.
"""

from __future__ import annotations

import io
import zipfile
from typing import Any, Iterable

from ...engine import Drawing, Game
from ...engine.errors import N_, Explained
from ...engine.drawing import BOARD_HEIGHT, BOARD_WIDTH
from ...ui.file_names import saved_name
from ...ui.i18n import Language, language
from ...ui.widgets.board import draw_paper, draw_strokes
from ..files.exports import (DRAWINGS, POSTER, RESULTS, VOCABULARY, drawing_files, poster_pdf, results_csv,
                             scored_rounds, vocabulary_csv)

#: ipycanvas's names for the canvas properties the board renderer sets, and the 2D context's.
_PROPERTIES = {
    "fill_style": "fillStyle", "stroke_style": "strokeStyle", "line_width": "lineWidth",
    "line_cap": "lineCap", "line_join": "lineJoin", "global_composite_operation": "globalCompositeOperation",
}


class CanvasPen:
    """A browser canvas's 2D context with the part of ipycanvas's interface the board
    renderer uses, so that a picture file is drawn by the same code as the screen."""

    def __init__(self, context: Any) -> None:
        object.__setattr__(self, "_context", context)

    def __setattr__(self, name: str, value: Any) -> None:
        if name not in _PROPERTIES:
            raise AttributeError(f"CanvasPen has no property {name!r}")
        setattr(self._context, _PROPERTIES[name], value)

    def clear(self) -> None:
        self._context.clearRect(0, 0, BOARD_WIDTH, BOARD_HEIGHT)

    def fill_rect(self, x: float, y: float, width: float, height: float) -> None:
        self._context.fillRect(x, y, width, height)

    def stroke_rect(self, x: float, y: float, width: float, height: float) -> None:
        self._context.strokeRect(x, y, width, height)

    def fill_circle(self, x: float, y: float, radius: float) -> None:
        self._context.beginPath()
        self._context.arc(x, y, radius, 0, 6.283185307179586)
        self._context.fill()

    def stroke_lines(self, points: Iterable[tuple[float, float]]) -> None:
        points = list(points)
        self._context.beginPath()
        self._context.moveTo(*points[0])
        for x, y in points[1:]:
            self._context.lineTo(x, y)
        self._context.stroke()


async def drawing_png(drawing: Drawing) -> bytes:
    """Returns the drawing as PNG (800 x 600), painted and encoded by the browser.

    Paper first, then the ink on a layer of its own (erasing strokes punch holes in the
    ink, not in the paper), as every board on screen is drawn.
    """
    from js import OffscreenCanvas, Object  # the browser's, through Pyodide
    from pyodide.ffi import to_js

    paper = OffscreenCanvas.new(BOARD_WIDTH, BOARD_HEIGHT)
    ink = OffscreenCanvas.new(BOARD_WIDTH, BOARD_HEIGHT)
    page = paper.getContext("2d")
    draw_paper(CanvasPen(page))
    draw_strokes(CanvasPen(ink.getContext("2d")), drawing.strokes)
    page.drawImage(ink, 0, 0)
    blob = await paper.convertToBlob(to_js({"type": "image/png"}, dict_converter=Object.fromEntries))
    return (await blob.arrayBuffer()).to_bytes()


class PosterUnavailable(Explained):
    """The poster's packages did not come from the site: the page lost its connection to it."""


#: How long the site may take to start answering a request for one of the poster's packages
#: (seconds), and to send the whole of it.  The three wheels (1.5 MB) came from
#: ``python -m http.server`` in 0.05-0.11 s each (docs/platform-notes.md); the whole lets a
#: 150 kbit/s link finish.  A network that drops a request without a word is given up on after
#: this, and the teacher told to reconnect and press again.
ANSWER_WITHIN, DOWNLOADED_WITHIN = 10, 120


async def load_poster_packages() -> bool:
    """Loads fpdf2 and what it needs from the site (they are not loaded at start, see
    :data:`~incognito_nb.app.lite.kernel.LOADED_AT_GAME_OVER`); returns whether fpdf2 can be
    imported.  Pyodide's ``loadPackage`` logs a download that failed and returns: a site no
    longer reachable (the laptop serving it closed, the school's network gone) is seen here.
    A request left unanswered is given up on after :data:`ANSWER_WITHIN` seconds
    (``timed_fetch.js``), or ``loadPackage`` would wait for ever."""
    import importlib.util
    from pathlib import Path

    import pyodide_js  # the Pyodide runtime's own API, in its kernel
    from pyodide.code import run_js

    from .kernel import LOADED_AT_GAME_OVER

    run_js(Path(__file__).with_name("timed_fetch.js").read_text(encoding="utf-8"))(ANSWER_WITHIN, DOWNLOADED_WITHIN)
    try:
        await pyodide_js.loadPackage(list(LOADED_AT_GAME_OVER))
    except Exception:  # noqa: BLE001 - any failure to load is the same to the teacher
        return False
    importlib.invalidate_caches()
    return importlib.util.find_spec("fpdf") is not None


async def takeaway_files(game: Game, lang: Language | None = None) -> dict[str, bytes | Exception]:
    """Returns what the game-over screen offers to download on the static site: the poster,
    the results and the vocabulary report, and the drawings as PNG files in one zip, written
    in ``lang`` (the dashboard's language; default English).  The poster needs packages the
    page loads from the site only now: when the site does not answer, the poster is a
    :class:`PosterUnavailable` that says so, and the other files are made all the same.

    :raises NothingToExport: if no round has been scored yet.
    """
    scored_rounds(game)
    drawings = io.BytesIO()
    folder = saved_name(DRAWINGS, lang or language())  # the zip's folder, as the zip is saved
    with zipfile.ZipFile(drawings, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, drawing in list(drawing_files(game, lang)):
            archive.writestr(f"{folder}/{name}", await drawing_png(drawing))
    poster: bytes | Exception = PosterUnavailable(N_(
        "This page could not load what the poster needs: the server the game came from did not answer. "
        "Is this computer still on its network? Reconnect, then press the button again."))
    if await load_poster_packages():
        poster = poster_pdf(game, lang=lang)
    return {
        POSTER: poster,
        RESULTS: results_csv(game, lang).encode("utf-8-sig"),
        VOCABULARY: vocabulary_csv(game, lang).encode("utf-8-sig"),
        f"{DRAWINGS}.zip": drawings.getvalue(),
    }
