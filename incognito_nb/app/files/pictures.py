"""Pictures for files: drawings and the vocabulary chart, rendered with Pillow.

A drawing must look on paper as it did on screen, so :func:`drawing_png` follows the
screen's renderer (``ui/board.py``) step by step: white paper with a thin grey border,
an ink layer over it, round caps and joins, a one-point stroke as a dot as wide as the
pen, and erasing strokes that punch holes in the ink layer only.  It draws at twice
the size and scales down, which smooths the edges as a browser's canvas does.
"""

from __future__ import annotations

import io
from typing import Iterable, Mapping, NamedTuple, Sequence

from PIL import Image, ImageColor, ImageDraw, ImageFont

from ...engine.drawing import BOARD_HEIGHT, BOARD_WIDTH, Drawing
from incognito_nb.ui.i18n import Language, language
from incognito_nb.ui.widgets.palette import BORDER_COLOR, FOUND_COLOR, PAPER_COLOR
from .fonts import fallback_fonts, latin1, letters_of, unicode_font

#: Drawn this many times larger, then averaged down, for edges as smooth as a browser's:
#: at 4 the PNG differs from Chromium's canvas by less than 0.5/255 per pixel on average.
SUPERSAMPLE = 4
#: The width of the paper's border on screen, in board units.
BORDER_WIDTH = 2
_CLEAR = (0, 0, 0, 0)


def drawing_image(drawing: Drawing, *, scale: float = 1.0) -> Image.Image:
    """Returns the drawing as an RGB image of the board's size times ``scale``.

    :raises ValueError: if ``scale`` is not a positive size.
    """
    if not scale > 0:
        raise ValueError(f"scale is a positive number, not {scale!r}")
    width, height = max(1, round(BOARD_WIDTH * scale)), max(1, round(BOARD_HEIGHT * scale))
    factor = scale * SUPERSAMPLE
    ink = Image.new("RGBA", (width * SUPERSAMPLE, height * SUPERSAMPLE), _CLEAR)
    # A plain Draw (not the "RGBA" blending mode) writes pixels as given, so an
    # erasing stroke drawn in transparent black clears the ink, like destination-out.
    pen = ImageDraw.Draw(ink)
    for stroke in drawing.strokes:
        fill = _CLEAR if stroke.erase else ImageColor.getrgb(stroke.color) + (255,)
        line_width = stroke.width * factor
        # Pillow puts pixel centres on whole numbers, a canvas between them: shift by half
        # a pixel, and make the round caps half a pixel smaller to match the line's width.
        radius = line_width / 2 - 0.5
        points = [(x * factor - 0.5, y * factor - 0.5) for x, y in stroke.points]
        if len(set(points)) > 1:
            pen.line(points, fill=fill, width=max(1, round(line_width)), joint="curve")
        for x, y in {points[0], points[-1]}:  # round caps, and the dot of a one-point stroke
            pen.ellipse((x - radius, y - radius, x + radius, y + radius), fill=fill)
    # Scale down with premultiplied alpha, so edges do not darken into the clear ink.
    ink = ink.convert("RGBa").resize((width, height), Image.Resampling.BOX).convert("RGBA")
    paper = Image.new("RGBA", (width, height), PAPER_COLOR)
    border = max(1, round(BORDER_WIDTH * scale))
    ImageDraw.Draw(paper).rectangle((0, 0, width - 1, height - 1), outline=BORDER_COLOR, width=border)
    return Image.alpha_composite(paper, ink).convert("RGB")


def png_bytes(image: Image.Image) -> bytes:
    """Returns ``image`` encoded as PNG."""
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=True)
    return buffer.getvalue()


def drawing_png(drawing: Drawing, *, scale: float = 1.0) -> bytes:
    """Returns the drawing as a PNG, the same picture the screen shows (800 x 600 at scale 1).

    >>> from PIL import Image; import io
    >>> Image.open(io.BytesIO(drawing_png(Drawing(), scale=0.5))).size
    (400, 300)

    :raises ValueError: if ``scale`` is not a positive size.
    """
    return png_bytes(drawing_image(drawing, scale=scale))


# ----------------------------------------------------------------- the chart
INK = "#1a1a1a"
MUTED = "#555555"
TRACK = "#e4e4e4"
FOUND = FOUND_COLOR  # Okabe-Ito blue, the first player colour


class ChartColors(NamedTuple):
    """The colours a vocabulary chart is drawn in."""

    paper: str
    ink: str     #: the title, the words and the counts
    muted: str   #: the subtitle and the lines under the words
    stripe: str  #: every other row's background
    track: str   #: a classmate who did not find the word
    found: str   #: a classmate who did


#: Printable: dark type on white paper (the teacher's file, and a page in the light theme).
PAPER_CHART = ChartColors(paper=PAPER_COLOR, ink=INK, muted=MUTED, stripe="#f6f6f6", track=TRACK, found=FOUND)
#: For a page in the dark theme (a projector's): its background (JupyterLab Dark's #212121), light
#: type (13.9:1 and 8.6:1 on it), Okabe-Ito's sky blue for a word found (7.0:1; its blue gave 3.1:1)
#: beside empty cells in grey (2.2:1 on the background, 3.2:1 beside the sky blue; the paper
#: chart's are 1.3:1 on white, 4.1:1 beside the blue).
DARK_CHART = ChartColors(paper="#212121", ink="#eeeeee", muted="#bdbdbd", stripe="#2b2b2b", track="#555555",
                         found="#56b4e9")


class Lettering:
    """Text at one size and weight, in the Unicode font, taking the letters it lacks
    (Chinese, say) from the installed fallback fonts; Pillow's own font if none is found."""

    def __init__(self, size: int, *, bold: bool = False) -> None:
        self.faces: list[tuple[ImageFont.FreeTypeFont | ImageFont.ImageFont, frozenset[int] | None]] = []
        files = unicode_font()
        paths = ([files.bold if bold else files.regular] if files else []) + list(fallback_fonts())
        for path in paths:
            try:
                self.faces.append((ImageFont.truetype(str(path), size), letters_of(path) or None))
            except OSError:
                continue
        # Pillow's own font knows the ASCII letters only: others are simplified (Zoë: Zoe).
        self.ascii_only = not self.faces
        if self.ascii_only:
            try:
                self.faces.append((ImageFont.load_default(size), None))
            except TypeError:  # Pillow before 10.1 has one small bitmap font only
                self.faces.append((ImageFont.load_default(), None))
        main = self.faces[0][0]
        self.ascent = main.getmetrics()[0] if isinstance(main, ImageFont.FreeTypeFont) else 0

    def runs(self, text: str) -> list[tuple[str, ImageFont.FreeTypeFont | ImageFont.ImageFont]]:
        """Returns ``text`` cut into runs, each with the first font that has its letters."""
        if self.ascii_only:
            text = latin1(text, "ascii")
        runs: list[tuple[str, object]] = []
        for char in text:
            face = next((f for f, letters in self.faces if letters is None or ord(char) in letters),
                        self.faces[0][0])
            if runs and runs[-1][1] is face:
                runs[-1] = (runs[-1][0] + char, face)
            else:
                runs.append((char, face))
        return runs  # type: ignore[return-value]

    def length(self, text: str) -> float:
        """Returns the width of ``text`` in pixels."""
        return sum(face.getlength(run) for run, face in self.runs(text))

    def wrap(self, text: str, width: float, lines: int) -> list[str]:
        """Returns ``text`` in at most ``lines`` lines, broken between words, each fitting
        ``width`` pixels (the last cut with an ellipsis if the text is longer still)."""
        out: list[str] = []
        words = text.split()
        while words and len(out) < lines - 1:
            line = words.pop(0)
            while words and self.length(f"{line} {words[0]}") <= width:
                line = f"{line} {words.pop(0)}"
            out.append(self.fit(line, width))
        if words:
            out.append(self.fit(" ".join(words), width))
        return out or [""]

    def fit(self, text: str, width: float) -> str:
        """Returns ``text``, cut with an ellipsis if needed, so that it fits ``width`` pixels."""
        if self.length(text) <= width:
            return text
        while text and self.length(text + "…") > width:
            text = text[:-1]
        return text + "…"

    def draw(self, draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, fill: str) -> None:
        """Draws ``text`` with its top-left corner at ``xy``, every run on one baseline."""
        x, y = xy
        for run, face in self.runs(text):
            if isinstance(face, ImageFont.FreeTypeFont):
                draw.text((x, y + self.ascent), run, font=face, fill=fill, anchor="ls")
            else:
                draw.text((x, y), run, font=face, fill=fill)
            x += face.getlength(run)


def _note(row: Mapping, lang: Language) -> str:
    return lang._("round {round} · {artist} · in: {location}", round=row["round"], artist=row["artist"],
                  location=row["location"])


def _count(found: int, could: int, share: int, lang: Language) -> str:
    return lang._("{found} of {could} · {share}%", found=found, could=could, share=share)


class ChartLayout(NamedTuple):
    """Where a vocabulary chart puts things, in its own pixels (the type is the same in both)."""

    width: int
    margin: int
    row_height: int
    word_top: int     #: the word's top, in its row
    bar_inset: int    #: the bar's space above and below, in its row
    count_top: int    #: the count's top, in its row
    label_most: int   #: the widest the words' column may be
    notes: bool       #: a line under each word (its round, artist and location)
    #: the word on a line of its own above its bar (a phone's width: a long word is whole and
    #: the bar as wide as the picture); ``bar_inset`` is then the bar's space below, and the
    #: bar's top is ``count_top`` less a little
    stacked: bool = False


#: The chart of the teacher's files: every word, each with its line.
FILE_CHART = ChartLayout(width=1400, margin=48, row_height=76, word_top=6, bar_inset=14, count_top=22,
                         label_most=560, notes=True)
#: The chart for a phone's page (shown about 350 px across): half as wide as the files' one, so
#: its type comes out twice as large, each word above its bar, without the lines under the words.
PHONE_CHART = ChartLayout(width=700, margin=24, row_height=96, word_top=8, bar_inset=10, count_top=52,
                          label_most=0, notes=False, stacked=True)
#: The chart for the wall: narrower and without the lines under the words, so that the same
#: type comes out larger once the picture is fitted to the projected page's column (its rows
#: a third less high, the picture 1000 px across instead of 1400).
WALL_CHART = ChartLayout(width=1000, margin=40, row_height=52, word_top=9, bar_inset=8, count_top=11,
                         label_most=400, notes=False)


def chart_png(rows: Iterable[Mapping], *, title: str, subtitle: str = "", lang: Language | None = None,
              notes: Sequence[str] | None = None, layout: ChartLayout = FILE_CHART,
              colors: ChartColors = PAPER_CHART) -> bytes:
    """Returns a horizontal bar chart of vocabulary rows (see ``exports.vocabulary_report``):
    one bar per word, cut into one cell per classmate who could find it, filled for each
    who did, with the count written beside it so colour is never the only cue (in ``lang``,
    default English); ``notes``, one a row, replace the line under each word; ``layout``:
    :data:`FILE_CHART`, or :data:`WALL_CHART` for the projector; ``colors``:
    :data:`PAPER_CHART`, or :data:`DARK_CHART` for a page in the dark theme."""
    lang = lang or language()
    rows = list(rows)
    width, margin, row_height = layout.width, layout.margin, layout.row_height
    title_type, sub_type = Lettering(40, bold=True), Lettering(24)
    word_type, note_type, count_type = Lettering(30, bold=True), Lettering(20), Lettering(26, bold=True)
    notes = (list(notes) if notes is not None else [_note(row, lang) for row in rows]) if layout.notes else []
    widest = [word_type.length(row["word"]) for row in rows] + [note_type.length(n) for n in notes]
    label_width = 0 if layout.stacked else min(layout.label_most, max(widest + [200]) + 24)
    count_width = count_type.length(_count(6, 6, 100, lang)) + 24
    # A long title (a class's name, say) takes a second or third line rather than being cut.
    titles = title_type.wrap(title, width - 2 * margin, 3)
    subtitles = sub_type.wrap(subtitle, width - 2 * margin, 2) if subtitle else []
    top = margin + 52 * len(titles) + 8 + 36 * len(subtitles) + (4 if subtitles else 0) + 24
    height = top + row_height * max(len(rows), 1) + margin
    image = Image.new("RGB", (width, height), colors.paper)
    draw = ImageDraw.Draw(image)
    for index, line in enumerate(titles):
        title_type.draw(draw, (margin, margin + 52 * index), line, colors.ink)
    for index, line in enumerate(subtitles):
        sub_type.draw(draw, (margin, margin + 52 * len(titles) + 8 + 36 * index), line, colors.muted)
    bar_left = margin + label_width
    bar_right = width - margin - count_width
    for index, row in enumerate(rows):
        y = top + index * row_height
        if index % 2:
            draw.rectangle((margin // 2, y, width - margin // 2, y + row_height - 1), fill=colors.stripe)
        word_room = width - 2 * margin if layout.stacked else label_width - 24
        word_type.draw(draw, (margin, y + layout.word_top), word_type.fit(str(row["word"]), word_room), colors.ink)
        if notes:
            note_type.draw(draw, (margin, y + 44), note_type.fit(notes[index], label_width - 24), colors.muted)
        could, found = max(int(row["could"]), 1), int(row["found"])
        cell = (bar_right - bar_left) / could
        bar_top = y + (layout.count_top - 6 if layout.stacked else layout.bar_inset)
        bar_bottom = y + row_height - layout.bar_inset
        for seat in range(could):
            left = bar_left + seat * cell
            fill = colors.found if seat < found else colors.track
            draw.rounded_rectangle((left + 2, bar_top, left + cell - 2, bar_bottom), radius=6, fill=fill)
        count = _count(found, int(row["could"]), row["share"], lang)
        count_type.draw(draw, (bar_right + 16, y + layout.count_top), count, colors.ink)
    if not rows:
        word_type.draw(draw, (margin, top), lang._("No word was drawn yet."), colors.muted)
    return png_bytes(image)
