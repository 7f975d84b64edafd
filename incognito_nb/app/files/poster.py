"""The poster: one printable PDF of a game for the classroom wall (A4 landscape).

The first page tells who played with which words, who won and the final scores; then
every round has a page of its drawings, each captioned with its artist, the location,
the hidden object and who found it.  Text is written in a Unicode font when the
machine has one (see ``fonts.py``) and simplified to Latin-1 otherwise, so no name can
make the export fail.
"""

from __future__ import annotations

import datetime as dt
import importlib.util
import math
import warnings
from dataclasses import dataclass
from typing import Mapping, Sequence

from babel.dates import format_date

from ...engine import Drawing, Game, RoundRecord
from ...engine.drawing import BOARD_HEIGHT, BOARD_WIDTH
from ...engine.scoring import ARTIST_POINTS
from incognito_nb.ui.i18n import Language, language
from incognito_nb.ui.widgets.palette import BORDER_COLOR, FOUND_COLOR as FOUND, PAPER_COLOR, PLAYER_COLORS
from .lines import ELLIPSIS, NO_BREAK, cut, largest_size, width_of, wrap
from .sheet import Sheet, rgb

PAGE_WIDTH, PAGE_HEIGHT, MARGIN = 297.0, 210.0, 12.0
INK, MUTED, RULE = (26, 26, 26), (85, 85, 85), (200, 200, 200)
#: Drawings are embedded at this fraction of the board's size: sharp in print, small in the file.
IMAGE_SCALE = 0.75


def standings_text(game: Game, lang: Language | None = None) -> str:
    """Returns who won in words ("Ana wins!", "Ana and Ben share the victory!"),
    or who leads while the game is still going (a round at least scored), in ``lang``
    (default English)."""
    lang = lang or language()
    totals = game.scores
    best = max(totals.values())
    leaders = game.winners or tuple(p for p in game.players if totals[p] == best)
    names = lang.names(leaders)
    if game.winners:
        return lang._("{names} wins!", names=names) if len(leaders) == 1 else lang._(
            "{names} share the victory!", names=names)
    return lang.ngettext("After round {round} of {rounds}, {names} leads.",
                         "After round {round} of {rounds}, {names} lead.", len(leaders),
                         round=game.history[-1].number, rounds=game.rules.rounds, names=names)


class _Poster(Sheet):
    """A4 landscape pages with the fonts chosen once for all their text."""

    def __init__(self) -> None:
        super().__init__(orientation="L", margin=MARGIN)

    def write_line(self, text: str, *, size: float, bold: bool = False, color=INK,
                   width: float = 0, align: str = "L", min_size: float = 7) -> None:
        """Writes one line at the cursor, shrinking the type (down to ``min_size``) and then
        cutting the text so that it fits ``width`` (0: up to the right margin)."""
        self.write_parts([(text, bold)], size=size, color=color, width=width, align=align, min_size=min_size)

    def write_parts(self, parts: Sequence[tuple[str, bool] | tuple[str, bool, str]], *, size: float, color=INK,
                    width: float = 0, align: str = "L", min_size: float = 7) -> None:
        """Writes one line made of (text, bold) parts, fitted to ``width`` as a whole; a part
        (text, bold, language) is words of that language (a deck's), marked as such where the
        document speaks another (:meth:`in_language`)."""
        languages = [part[2] if len(part) > 2 else "" for part in parts]
        parts = [(self.say(part[0]), part[1]) for part in parts]
        width = width or (self.w - self.r_margin - self.x)
        room = width - 1

        def measure(parts, size) -> float:
            return sum(width_of(self, text, size=size, bold=bold) for text, bold in parts)

        size = largest_size(lambda size: measure(parts, size), room, largest=size, smallest=min_size)
        if measure(parts, size) > room and parts:  # the last part cut, in the room the others leave
            text, bold = parts[-1]
            parts[-1] = (self.say(cut(self, text, room - measure(parts[:-1], size), size=size, bold=bold)), bold)
        self.set_text_color(*color)
        x, y, height = self.x, self.y, size * 0.5
        if align == "C":
            x += (width - measure(parts, size)) / 2
        for (text, bold), words in zip(parts, languages):
            self.set_font(self.family, "B" if bold else "", size)
            part_width = self.get_string_width(text)
            self.set_xy(x, y)
            with self.in_language(words):
                self.cell(part_width, height, text)
            x += part_width
        self.set_xy(self.l_margin, y + height)

    def chip(self, x: float, y: float, seat: int, size: float = 4.0) -> None:
        """Draws the player's colour square, the same colour as their badge on screen."""
        colour = PLAYER_COLORS[(seat - 1) % len(PLAYER_COLORS)][1]
        self.set_fill_color(*rgb(colour))
        self.rect(x, y, size, size, style="F", round_corners=True, corner_radius=0.8)


def render_poster(game: Game, records: Sequence[RoundRecord], *, title: str, date: dt.date,
                  words: Sequence[Mapping] = (), vector_drawings: bool | None = None,
                  lang: Language | None = None) -> bytes:
    """Returns the poster of ``records`` (the scored rounds) as PDF bytes, written in
    ``lang`` (default English); ``words``, the rows of the vocabulary report, are listed
    beside the scores on the first page.

    ``vector_drawings`` draws the drawings as paths instead of pictures; by default it
    does so only where Pillow is not installed.
    """
    lang = lang or language()
    if vector_drawings is None:
        vector_drawings = importlib.util.find_spec("PIL") is None
    pdf = _Poster()
    pdf.vector_drawings = vector_drawings
    pdf.deck_language = game.deck_language
    pdf.set_title(pdf.say(title))
    pdf.set_creator("incognito-nb")
    pdf.set_lang(lang.code)  # its sentences' language; the deck's words are marked in theirs
    with warnings.catch_warnings():
        # fpdf2 warns once per missing glyph (an emoji in a name): the export goes on.
        warnings.simplefilter("ignore")
        _title_page(pdf, game, records, title=title, date=date, words=words, lang=lang)
        for record in records:
            _round_page(pdf, game, record, lang)
        return bytes(pdf.output())


def _title_page(pdf: _Poster, game: Game, records: Sequence[RoundRecord], *, title: str,
                date: dt.date, words: Sequence[Mapping], lang: Language) -> None:
    pdf.add_page()
    pdf.set_y(MARGIN + 2)
    pdf.write_line(title, size=32, bold=True)
    pdf.ln(3)
    when = format_date(date, "long", locale=lang.locale)
    deck = game.deck_name + (f" ({game.deck_language})" if game.deck_language else "")
    pdf.write_parts([(when, False), ("  ·  " + lang._("words:") + " ", False), (deck, True, game.deck_language)],
                    size=13, color=MUTED)
    pdf.ln(1)
    pdf.write_parts([(lang._("Players:") + " ", False), (lang.names(game.players), True)], size=13, color=MUTED)
    top = pdf.get_y() + 8

    # The words chart stands beside the scores when its rows have room there for type that can
    # be read on the wall; a long game's words take pages of their own after this one.
    chart_width = PAGE_WIDTH - 2 * MARGIN - CHART_LEFT
    header = _chart_header_height(pdf, chart_width, lang)
    beside = _chart(pdf, words, width=chart_width, rows=len(words), height=CHART_BOTTOM - top - header,
                    lang=lang) if words else None

    # The left column: who won, then the scores, best first (ties keep seating order).
    left_width = CHART_LEFT - 12 if beside else PAGE_WIDTH - 2 * MARGIN
    pdf.set_xy(MARGIN, top)
    pdf.write_line(standings_text(game, lang), size=26, bold=True, width=left_width)
    totals = game.scores
    ranking = sorted(game.players, key=lambda p: -totals[p])
    numbers = [r.number for r in records]
    header = ([lang.pgettext("scoreboard", "Player")] + [lang._("Round {number}", number=n) for n in numbers]
              + [lang.pgettext("poster", "Total")])
    # Long names take room from the rounds' and the total's columns, down to what their figures
    # and the words of their headings need (a heading then takes two lines: 'Round' over '3');
    # the names have one size, the largest up to 15 pt at which all fit.
    def widest_name(size: float) -> float:
        return max(width_of(pdf, player, size=size, bold=True) for player in ranking)

    cells = len(numbers) + 1
    narrowest = max([width_of(pdf, word, size=11, bold=True) for text in header[1:] for word in text.split()]
                    + [width_of(pdf, f"{lang.number(totals[p])} ★", size=15, bold=True) for p in ranking]) + 3
    cell_width = min(24.0, (left_width - 50) / cells, max(narrowest, (left_width - widest_name(15) - 9) / cells))
    widths = [left_width - cell_width * cells] + [cell_width] * cells
    name_size = largest_size(widest_name, widths[0] - 9, largest=15, smallest=10)
    headings = [header[:1]] + [wrap(pdf, text, cell_width - 1, size=11, bold=True) for text in header[1:]]
    row_height, y = 11.0, pdf.get_y() + 8
    pdf.set_draw_color(*RULE)
    pdf.set_line_width(0.3)
    x, lines = MARGIN, max(len(heading) for heading in headings)
    for index, (heading, width) in enumerate(zip(headings, widths)):
        for number, text in enumerate(heading, start=lines - len(heading)):  # headings end on one line
            pdf.set_xy(x, y + 5 * number)
            pdf.write_line(text, size=11, bold=True, color=MUTED, width=width, align="C" if index else "L")
        x += width
    y += row_height - 3 + 5 * (lines - 1)
    pdf.line(MARGIN, y, MARGIN + left_width, y)
    points = {r.number: r.points for r in records}
    for player in ranking:
        pdf.chip(MARGIN, y + 3.4, game.seat(player), size=4.6)
        pdf.set_xy(MARGIN + 7, y + 2.5 + (15 - name_size) / 4)  # smaller names stand level with the figures
        pdf.write_line(player, size=name_size, bold=True, width=widths[0] - 8)
        x = MARGIN + widths[0]
        for number in numbers:
            pdf.set_xy(x, y + 2.5)
            pdf.write_line(lang.number(points[number][player]), size=15, width=cell_width, align="C")
            x += cell_width
        pdf.set_xy(x, y + 2.5)
        star = " ★" if player in game.winners and pdf.unicode else ""
        pdf.write_line(f"{lang.number(totals[player])}{star}", size=15, bold=True, width=cell_width, align="C")
        y += row_height
        pdf.line(MARGIN, y, MARGIN + left_width, y)

    if beside:
        y = _chart_header(pdf, left=MARGIN + CHART_LEFT, top=top, width=beside.width, lang=lang)
        _chart_rows(pdf, words, beside, left=MARGIN + CHART_LEFT, top=y, lang=lang)

    pdf.set_xy(MARGIN, PAGE_HEIGHT - MARGIN - 10)
    rules = lang._("How to read the drawings: each player hid a secret object in a drawing of their place. "
                   "A classmate who found the object scored 1 point; an artist found by some, but not all, "
                   "scored {points}.", points=ARTIST_POINTS)
    pdf.set_font(pdf.family, "", 10)
    pdf.set_text_color(*MUTED)
    pdf.multi_cell(PAGE_WIDTH - 2 * MARGIN, 4.5, pdf.say(rules))
    if words and not beside:
        _words_pages(pdf, words, lang)


#: The words chart: where it starts beside the scores (from the left margin) and where its rows
#: end (above the rules' note) (mm).
CHART_LEFT, CHART_BOTTOM = 157.0, PAGE_HEIGHT - MARGIN - 16
#: The chart's labels have one type size, the largest up to 12 pt their rows and column allow,
#: never under 9 pt (read from a metre away); rows are 5.2 mm (9 pt) to 9 mm tall.
CHART_LARGEST, CHART_SMALLEST, ROW_LOWEST, ROW_TALLEST = 12.0, 9.0, 5.2, 9.0
#: The labels' column takes 42 % of the chart's width, up to 60 % for long labels.
LABEL_SHARE = (0.42, 0.60)


@dataclass(frozen=True)
class _Chart:
    """How a words chart is laid out: its width, its rows' height, its labels' type size and
    the width of its label and count columns (mm; the bars take the rest)."""

    width: float
    row: float
    size: float
    label: float
    count: float


def _chart(pdf: _Poster, words: Sequence[Mapping], *, width: float, height: float, rows: int,
           lang: Language) -> _Chart | None:
    """Returns the layout of a chart of ``words`` whose columns are ``width`` wide and hold
    ``rows`` rows in ``height``; ``None`` when the rows would be too low for 9-pt type.

    Each label is the word in bold and its artist's name: one line at one size for the whole
    chart (the largest at which every label fits the widest label column), so that its rows read
    alike and each bar stays beside its word; at 9 pt a name still too long is cut, never the word.
    """
    row = min(ROW_TALLEST, height / max(rows, 1))
    if row < ROW_LOWEST:
        return None

    def widest_label(size: float) -> float:
        return max(width_of(pdf, str(entry["word"]), size=size, bold=True)
                   + width_of(pdf, f"  {entry['artist']}", size=size) for entry in words)

    widest_label_column = width * LABEL_SHARE[1] - 2
    size = largest_size(widest_label, widest_label_column, smallest=CHART_SMALLEST,
                        largest=max(CHART_SMALLEST, min(CHART_LARGEST, row * 1.45)))
    label = min(max(width * LABEL_SHARE[0], widest_label(size) + 3), widest_label_column + 2)
    count = max(width_of(pdf, _count(entry, lang), size=size, bold=True) for entry in words) + 2
    return _Chart(width=width, row=row, size=size, label=label, count=count)


def _count(entry: Mapping, lang: Language) -> str:
    return lang._("{found} of {could}", found=int(entry["found"]), could=int(entry["could"]))


def _chart_subtitle(pdf: _Poster, width: float, lang: Language) -> list[str]:
    """Returns what the chart shows, in lines ``width`` wide (two, in French beside the scores)."""
    return wrap(pdf, lang._("hardest first: classmates who found the word, out of those who could"), width - 1,
                size=9.5)


def _chart_header_height(pdf: _Poster, width: float, lang: Language) -> float:
    """Returns the height of the chart's title and subtitle (mm)."""
    return 15 * 0.5 + 9.5 * 0.5 * len(_chart_subtitle(pdf, width, lang)) + 2


def _chart_header(pdf: _Poster, *, left: float, top: float, width: float, lang: Language) -> float:
    """Writes the chart's title and what it shows; returns where its rows start."""
    pdf.set_xy(left, top)
    pdf.write_line(lang._("Which words did the class find?"), size=15, bold=True, width=width)
    for line in _chart_subtitle(pdf, width, lang):
        pdf.set_x(left)
        pdf.write_line(line, size=9.5, color=MUTED, width=width)
    return top + _chart_header_height(pdf, width, lang)


def _chart_rows(pdf: _Poster, words: Sequence[Mapping], chart: _Chart, *, left: float, top: float,
                lang: Language) -> None:
    """Draws the words, hardest first, each with one cell per classmate who could find it,
    filled for each who did (the vocabulary chart, in print)."""
    size, row, y = chart.size, chart.row, top
    bar_left = left + chart.label
    bar_width = chart.width - chart.label - chart.count
    for index, entry in enumerate(words):
        if index % 2:
            pdf.set_fill_color(246, 246, 246)
            pdf.rect(left - 1.5, y, chart.width + 1.5, row, style="F")
        word = cut(pdf, str(entry["word"]), chart.label - 2, size=size, bold=True)
        room = chart.label - 2 - width_of(pdf, word, size=size, bold=True)
        artist = cut(pdf, f"  {entry['artist']}", room, size=size) if word == str(entry["word"]) else ""
        pdf.set_xy(left, y + (row - size * 0.5) / 2)
        pdf.write_parts([(word, True, pdf.deck_language), (artist, False)], size=size, width=chart.label, min_size=size)
        could, found = max(int(entry["could"]), 1), int(entry["found"])
        cell = bar_width / could
        for seat in range(could):
            pdf.set_fill_color(*(rgb(FOUND) if seat < found else (228, 228, 228)))
            pdf.rect(bar_left + seat * cell + 0.4, y + row * 0.2, cell - 0.8, row * 0.6, style="F",
                     round_corners=True, corner_radius=0.8)
        pdf.set_xy(bar_left + bar_width, y + (row - size * 0.5) / 2)
        pdf.write_line(_count(entry, lang), size=size, bold=True, width=chart.count, align="C", min_size=size)
        y += row


def _words_pages(pdf: _Poster, words: Sequence[Mapping], lang: Language) -> None:
    """Gives the chart of a long game's words pages of its own, in two columns a page, its
    labels at one size on every page."""
    width = (PAGE_WIDTH - 2 * MARGIN - 12) / 2
    top = MARGIN + _chart_header_height(pdf, PAGE_WIDTH - 2 * MARGIN, lang)
    height = PAGE_HEIGHT - MARGIN - top
    columns = 2 * math.ceil(len(words) / (2 * int(height // ROW_LOWEST)))
    rows = math.ceil(len(words) / columns)
    chart = _chart(pdf, words, width=width, height=height, rows=rows, lang=lang)
    assert chart is not None  # rows were counted to fit at the lowest row
    for column in range(columns):
        left = MARGIN + (column % 2) * (width + 12)
        if column % 2 == 0:
            pdf.add_page()
            _chart_header(pdf, left=MARGIN, top=MARGIN, width=PAGE_WIDTH - 2 * MARGIN, lang=lang)
        _chart_rows(pdf, words[column * rows:(column + 1) * rows], chart, left=left, top=top, lang=lang)


#: A round page's margins and the gap between its drawings (mm).
ROUND_MARGIN, GAP = 8.0, 6.0
#: The room under a drawing for its caption (mm): the artist's line, then where the object is
#: hidden (one line, or two where the object and the place do not fit one), then who found it
#: (one to three lines: long names are never shrunk, nor their count cut).  A line that carries
#: on the one before it stands a little closer to it.  The room under every drawing of a page is
#: sized for its longest caption.
CAPTION, WHERE_LINE, WHERE_MORE, FOUND_LINE, FOUND_MORE = 8.0, 5.5, 4.8, 5.0, 4.4
WHERE_SIZE, FOUND_SIZE, FOUND_LINES = 11.0, 10.0, 3
#: Stands for the finders' names while the sentence around them is measured.
_NAMES = "\ue000"


def _grid(count: int, width: float, height: float, caption: float) -> tuple[int, int, float]:
    """Returns (columns, rows, drawing width) for ``count`` drawings with their captions
    (``caption`` mm under each) in a ``width`` × ``height`` area: the grid whose drawings are the
    largest (three players take two rows of a landscape page, where one row would leave its top
    and bottom empty)."""
    best = (count, 1, 0.0)
    for rows in range(1, count + 1):
        columns = math.ceil(count / rows)
        cell_width = (width - GAP * (columns - 1)) / columns
        cell_height = (height - GAP * (rows - 1)) / rows
        image_width = min(cell_width, (cell_height - caption) * BOARD_WIDTH / BOARD_HEIGHT)
        if image_width > best[2] + 0.01:
            best = (columns, rows, image_width)
    return best


def _found_lines(pdf: _Poster, record: RoundRecord, artist: str, others: int, width: float,
                 lang: Language) -> list[str]:
    """Returns who found ``artist``'s drawing and the count, in lines ``width`` wide: names
    broken at a space and the count whole, at most FOUND_LINES lines; where even those are too few
    (five names of 24 letters) the last names give way to "…", never the count."""
    finders = record.found_by(artist)
    if not finders:
        sentence = lang._("found by no one ({found} of {could})", found=0, could=others)
        return [cut(pdf, line, width, size=FOUND_SIZE) for line in wrap(pdf, sentence, width, size=FOUND_SIZE)]
    around = lang._("found by {names} ({found} of {could})", names=(_NAMES,), found=len(finders), could=others)
    names = lang.names(finders)
    if around.count(_NAMES) != 1:  # a translation that lost its names: said whole, lines cut
        return [cut(pdf, line, width, size=FOUND_SIZE)
                for line in wrap(pdf, around.replace(_NAMES, names), width, size=FOUND_SIZE)][:FOUND_LINES]
    head, tail = around.split(_NAMES)
    space = tail[:len(tail) - len(tail.lstrip(" "))]
    tail = space + tail.lstrip(" ").replace(" ", NO_BREAK)

    def lines(names: str) -> list[str] | None:
        found = wrap(pdf, head + names + tail, width, size=FOUND_SIZE)
        fits = len(found) <= FOUND_LINES and all(width_of(pdf, line, size=FOUND_SIZE) <= width for line in found)
        return found if fits else None

    # Where each name starts in the list: the names before one of them, with the list's
    # separator after them, are said and the rest is "…" ("Ana, Ben, … (5 of 5)").
    starts, end = [], 0
    for name in finders:
        end = names.find(name, end)
        starts.append(end)
        end += len(name)
    said = [names] + [names[:start] + ELLIPSIS for start in reversed(starts[1:]) if start > 0] + [ELLIPSIS]
    for names in said:
        found = lines(names)
        if found:
            return found
    return [cut(pdf, head + ELLIPSIS + tail, width, size=FOUND_SIZE)]


def _caption_height(where_lines: int, found_lines: int) -> float:
    """Returns the room a caption takes under its drawing (mm)."""
    return CAPTION + WHERE_LINE + WHERE_MORE * (where_lines - 1) + FOUND_LINE + FOUND_MORE * (found_lines - 1)


def _where_lines(pdf: _Poster, record: RoundRecord, artist: str, width: float,
                 lang: Language) -> list[list[tuple[str, bool]]]:
    """Returns the hidden object and the place of ``artist``'s drawing as (text, bold) parts:
    on one line, or on two where one line ``width`` wide cannot hold them at WHERE_SIZE."""
    hidden = [(lang._("hidden:") + " ", False), (record.objects[artist], True, pdf.deck_language)]
    place = [(lang._("in:") + " ", False), (record.locations[artist], True, pdf.deck_language)]
    line = hidden + [("   " + place[0][0], False), place[1]]
    if sum(width_of(pdf, text, size=WHERE_SIZE, bold=bold) for text, bold, *_ in line) <= width:
        return [line]
    return [hidden, place]


def _round_page(pdf: _Poster, game: Game, record: RoundRecord, lang: Language) -> None:
    pdf.add_page()
    title, title_size = lang._("Round {number}", number=record.number), 18
    pdf.set_font(pdf.family, "B", title_size)
    title_width = pdf.get_string_width(pdf.say(title)) + 4
    players = record.players or game.players
    others = len(players) - 1
    width = PAGE_WIDTH - 2 * ROUND_MARGIN
    caption = _caption_height(1, 1)
    while True:
        # The title takes a line of its own only where the drawings would reach it: beside a
        # grid narrower than the page (two columns) it stands in the margin the grid leaves.
        top = ROUND_MARGIN
        columns, rows, image_width = _grid(len(players), width, PAGE_HEIGHT - 2 * ROUND_MARGIN, caption)
        if (PAGE_WIDTH - columns * image_width - (columns - 1) * GAP) / 2 < ROUND_MARGIN + title_width:
            top = ROUND_MARGIN + title_size * 0.5 + 3
            columns, rows, image_width = _grid(len(players), width, PAGE_HEIGHT - ROUND_MARGIN - top, caption)
        # The room under the drawings is sized for the longest caption; narrower drawings may
        # need more lines, so the grid is laid out again until the two agree.
        where = {artist: _where_lines(pdf, record, artist, image_width - 1, lang) for artist in players}
        found = {artist: _found_lines(pdf, record, artist, others, image_width - 1, lang) for artist in players}
        needed = max(_caption_height(len(where[artist]), len(found[artist])) for artist in players)
        if needed <= caption:
            break
        caption = needed
    # The artists' names have one size on the page: the largest, from 12 pt down to 10, at
    # which every name fits its line with the points it gained.
    gained = {artist: "  " + lang.ngettext("+{n} point", "+{n} points", ARTIST_POINTS)
              if 0 < len(record.found_by(artist)) < others else "" for artist in players}
    artist_size = largest_size(lambda size: max(width_of(pdf, artist, size=size, bold=True)
                                                + width_of(pdf, gained[artist], size=size) for artist in players),
                               image_width - 7, largest=12, smallest=10)
    pdf.set_xy(ROUND_MARGIN, ROUND_MARGIN - 2)
    pdf.write_line(title, size=title_size, bold=True, width=title_width)
    room = PAGE_HEIGHT - ROUND_MARGIN - top
    image_height = image_width * BOARD_HEIGHT / BOARD_WIDTH
    gap = GAP
    # The grid is centred as a whole (a last row with fewer drawings on its own), so that
    # the drawings of a row stand close together and no band of the page is left empty.
    row_height = image_height + caption
    top += (room - rows * row_height - (rows - 1) * gap) / 2
    cell_height = row_height
    for index, artist in enumerate(players):
        column, row = index % columns, index // columns
        in_row = min(columns, len(players) - row * columns)
        left = (PAGE_WIDTH - in_row * image_width - (in_row - 1) * gap) / 2
        x = left + column * (image_width + gap)
        y = top + row * (cell_height + gap)
        drawing = record.drawings.get(artist, Drawing())
        if pdf.vector_drawings:
            _draw_vectors(pdf, drawing, x, y, image_width, image_height)
        else:
            from .pictures import drawing_image

            pdf.image(drawing_image(drawing, scale=IMAGE_SCALE), x=x, y=y, w=image_width, h=image_height)
        pdf.chip(x, y + image_height + 2.0, index + 1, size=4.2)
        pdf.set_xy(x + 6, y + image_height + 1.4)
        pdf.write_parts([(artist, True), (gained[artist], False)], size=artist_size, width=image_width - 6)
        line_top = y + image_height + 1.4 + 6
        for number, parts in enumerate(where[artist]):
            line_top += WHERE_MORE if number else 0
            pdf.set_xy(x, line_top)
            pdf.write_parts(parts, size=WHERE_SIZE, width=image_width, min_size=8)
        line_top += WHERE_LINE
        for number, line in enumerate(found[artist]):
            line_top += FOUND_MORE if number else 0
            pdf.set_xy(x, line_top)
            pdf.write_line(line, size=FOUND_SIZE, color=MUTED, width=image_width, min_size=FOUND_SIZE)


def _draw_vectors(pdf: _Poster, drawing: Drawing, x: float, y: float, width: float, height: float) -> None:
    """Draws ``drawing`` as vector paths in the box (x, y, width, height): the paper and
    its border, then each stroke with round caps and joins, as the screen does.

    An eraser stroke is drawn in the paper's colour, which looks the same on white paper.
    """
    scale = width / BOARD_WIDTH
    pdf.set_fill_color(*rgb(PAPER_COLOR))
    pdf.set_draw_color(*rgb(BORDER_COLOR))
    pdf.set_line_width(2 * scale)
    pdf.rect(x, y, width, height, style="DF")
    with pdf.rect_clip(x, y, width, height), pdf.local_context(stroke_cap_style="ROUND", stroke_join_style="ROUND"):
        for stroke in drawing.strokes:
            pdf.set_draw_color(*rgb(PAPER_COLOR if stroke.erase else stroke.color))
            pdf.set_line_width(stroke.width * scale)
            points = [(x + px * scale, y + py * scale) for px, py in stroke.points]
            if len(set(points)) == 1:  # a dot: a round cap on a line with no length to speak of
                points = [points[0], (points[0][0] + 0.001, points[0][1])]
            pdf.polyline(points)
