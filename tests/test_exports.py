"""After the game: drawings as PNG, the poster PDF, the results and the vocabulary report."""

from __future__ import annotations

import base64
import csv
import io
import os
import re
import shutil
import subprocess
import zipfile

import pytest
from PIL import Image, ImageChops

from incognito_nb import Drawing, Game, Phase, Stroke
from incognito_nb.app.files import exports, pictures, poster, sheet
from incognito_nb.app.files.exports import (
    NothingToExport,
    drawing_png,
    export_all,
    gallery_pngs,
    poster_pdf,
    results_csv,
    takeaway_files,
    vocabulary_chart_png,
    vocabulary_csv,
    vocabulary_report,
)
from incognito_nb.engine.drawing import BOARD_HEIGHT, BOARD_WIDTH
from printed import pdf_contents
from sketches import BLANKS, FOUR_PLAYER_PLAN, play_planned, sketch

FOUR = ("Ana", "Ben", "Cleo", "Dev")
UNICODE = ("Zoë", "Ñandú", "Ωmega", "Łukasz")


@pytest.fixture(scope="module")
def game() -> Game:
    """A finished 4-player game whose finders follow FOUR_PLAYER_PLAN."""
    return play_planned(FOUR)


def image(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def rows(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def missing(reason: str) -> None:
    """Skips the calling test for a tool this machine lacks, saying which, except under CI
    (``CI`` set), which installs every tool: there it fails."""
    if os.environ.get("CI"):
        pytest.fail(reason)
    pytest.skip(reason)


def pdf_text(pdf: bytes) -> str:
    """Returns the text of a PDF as a reader sees it (poppler's pdftotext, or pypdf)."""
    if shutil.which("pdftotext"):
        done = subprocess.run(["pdftotext", "-layout", "-", "-"], input=pdf, capture_output=True, check=True)
        return done.stdout.decode("utf-8")
    try:
        import pypdf
    except ImportError:
        missing("reading PDF text needs pdftotext (Debian's poppler-utils) or pypdf")
    return "\n".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(pdf)).pages)


def page_count(pdf: bytes) -> int:
    return len(re.findall(rb"/Type /Page\b", pdf))


# ----------------------------------------------------------------- drawings
def test_a_drawing_png_is_the_board_on_white_paper_with_a_grey_border():
    picture = image(drawing_png(Drawing()))
    assert picture.size == (BOARD_WIDTH, BOARD_HEIGHT)
    assert picture.getpixel((400, 300)) == (255, 255, 255)
    assert picture.getpixel((0, 300)) == picture.getpixel((400, 0)) == (200, 200, 200)


def test_a_drawing_png_scales():
    assert image(drawing_png(Drawing(), scale=0.5)).size == (400, 300)
    with pytest.raises(ValueError):
        drawing_png(Drawing(), scale=0)


def test_ink_lies_where_a_stroke_was_drawn_in_its_colour():
    line = Stroke([(100, 300), (700, 300)], color="#d55e00", width=10)
    picture = image(drawing_png(Drawing((line,))))
    assert picture.getpixel((400, 300)) == (0xD5, 0x5E, 0x00)
    assert picture.getpixel((400, 296)) == (0xD5, 0x5E, 0x00)
    assert picture.getpixel((400, 310)) == (255, 255, 255)
    # Round caps: the ink goes half a width past the end point, and no further.
    assert picture.getpixel((96, 300)) == (0xD5, 0x5E, 0x00)
    assert picture.getpixel((92, 300)) == (255, 255, 255)


def test_an_erase_stroke_clears_ink_down_to_the_paper_and_never_the_border():
    line = Stroke([(0, 300), (800, 300)], color="#000000", width=40)
    wipe = Stroke([(400, 0), (400, 600)], color="#ffffff", width=30, erase=True)
    picture = image(drawing_png(Drawing((line, wipe))))
    assert picture.getpixel((400, 300)) == (255, 255, 255)  # wiped
    assert picture.getpixel((200, 300)) == (0, 0, 0)  # ink beside the wipe stays
    assert picture.getpixel((400, 1)) == (200, 200, 200)  # the border is paper, not ink
    # Ink drawn after the erase shows again.
    again = Stroke([(380, 300), (420, 300)], color="#0072b2", width=10)
    assert image(drawing_png(Drawing((line, wipe, again)))).getpixel((400, 300)) == (0x00, 0x72, 0xB2)


def test_a_one_point_stroke_is_a_dot_as_wide_as_the_pen():
    picture = image(drawing_png(Drawing((Stroke([(200, 200)], color="#0072b2", width=40),))))
    blue = (0x00, 0x72, 0xB2)
    for dx, dy in ((0, 0), (18, 0), (0, -18), (12, 12)):
        assert picture.getpixel((200 + dx, 200 + dy)) == blue
    for dx, dy in ((22, 0), (0, 22), (15, 15)):
        assert picture.getpixel((200 + dx, 200 + dy)) == (255, 255, 255)


#: The screen's renderer (ui/board.py: draw_paper, draw_strokes) replayed on a browser canvas.
CANVAS_JS = """
(strokes) => {
  const paper = document.createElement('canvas'); paper.width = 800; paper.height = 600;
  const p = paper.getContext('2d');
  p.fillStyle = '#ffffff'; p.fillRect(0, 0, 800, 600);
  p.lineWidth = 2; p.strokeStyle = '#c8c8c8'; p.strokeRect(1, 1, 798, 598);
  const ink = document.createElement('canvas'); ink.width = 800; ink.height = 600;
  const c = ink.getContext('2d');
  c.lineCap = 'round'; c.lineJoin = 'round';
  for (const s of strokes) {
    c.globalCompositeOperation = s.erase ? 'destination-out' : 'source-over';
    c.strokeStyle = s.color; c.fillStyle = s.color; c.lineWidth = s.width;
    const first = s.points[0];
    c.beginPath();
    if (s.points.every(q => q[0] === first[0] && q[1] === first[1])) {
      c.arc(first[0], first[1], s.width / 2, 0, 2 * Math.PI); c.fill();
    } else {
      c.moveTo(first[0], first[1]);
      for (const q of s.points.slice(1)) c.lineTo(q[0], q[1]);
      c.stroke();
    }
  }
  p.drawImage(ink, 0, 0);
  return paper.toDataURL('image/png');
}
"""


@pytest.mark.browser
def test_a_drawing_png_is_the_picture_the_browser_canvas_shows(page):
    drawings = [sketch("house", "key", 1), sketch("park", "cup", 3), sketch("lake", "heart", 4),
                Drawing((Stroke([(100 + i * 3, 300 + 80 * ((i % 7) - 3)) for i in range(200)], width=10),
                         Stroke([(600, 500)], color="#d55e00", width=3)))]
    for drawing in drawings:
        url = page.evaluate(CANVAS_JS, drawing.to_list())
        browser = image(base64.b64decode(url.split(",", 1)[1]))
        difference = ImageChops.difference(browser, image(drawing_png(drawing))).convert("L").histogram()
        # Edges differ by a shade of anti-aliasing (less than half a pixel), so no pixel is
        # ink in one picture and paper in the other: a missing dot or a wider line would be.
        assert max(level for level, count in enumerate(difference) if count) < 128
        assert sum(level * count for level, count in enumerate(difference)) / (BOARD_WIDTH * BOARD_HEIGHT) < 4


def test_the_gallery_has_every_drawing_of_every_scored_round(game):
    files = gallery_pngs(game)
    assert len(files) == len(FOUR) * 3
    assert list(files)[:2] == ["round1_01_Ana.png", "round1_02_Ben.png"]
    assert "round3_04_Dev.png" in files
    record = game.history[1]
    assert files["round2_03_Cleo.png"] == drawing_png(record.drawings["Cleo"])
    assert all(image(png).size == (BOARD_WIDTH, BOARD_HEIGHT) for png in files.values())


def test_the_drawings_to_take_home_are_named_in_the_pages_language(game, monkeypatch):
    """A German page's drawings come as Zeichnungen.zip holding Zeichnungen/Runde1_01_Ana.png
    (they were drawings/round1_01_Ana.png on every page); the static site names them by the
    same function (``drawing_files``)."""
    from incognito_nb.ui.i18n import language

    for made in ("poster_pdf", "vocabulary_chart_png", "drawing_png"):  # the names are what is checked
        monkeypatch.setattr(exports, made, lambda *args, **kwargs: b"made")
    files = exports.takeaway_files(game, language("de"))
    assert set(files) == {"poster.pdf", "results.csv", "vocabulary.csv", "vocabulary.png", "drawings.zip"}  # the links' hooks
    with zipfile.ZipFile(io.BytesIO(files["drawings.zip"])) as archive:
        names = archive.namelist()
    assert names[:2] == ["Zeichnungen/Runde1_01_Ana.png", "Zeichnungen/Runde1_02_Ben.png"], names
    assert [name for name, _ in exports.drawing_files(game, language("fr"))][:1] == ["manche1_01_Ana.png"]


def test_gallery_file_names_keep_letters_of_any_language_and_nothing_else():
    names = sorted(gallery_pngs(play_planned(("Zoë", "../=cmd", "Ωmega", "Li Wei"))))
    assert names[:4] == ["round1_01_Zoë.png", "round1_02_cmd.png", "round1_03_Ωmega.png", "round1_04_Li_Wei.png"]


# ----------------------------------------------------------------- poster
def test_the_poster_is_a_pdf_with_a_title_page_and_a_page_per_round(game):
    pdf = poster_pdf(game)
    assert pdf.startswith(b"%PDF-")
    assert page_count(pdf) == 1 + 3


def test_without_pillow_the_poster_draws_the_drawings_as_paths(game, tmp_path):
    """The static site's kernel has no Pillow: the drawings become vector paths, and a
    round's page still shows every drawing's ink where the picture would be."""
    from incognito_nb.app.files.exports import scored_rounds, vocabulary_report
    import datetime as dt

    vector = poster.render_poster(game, scored_rounds(game), title="t", date=dt.date(2026, 11, 30),
                                  words=vocabulary_report(game), vector_drawings=True)
    pictures_pdf = poster.render_poster(game, scored_rounds(game), title="t", date=dt.date(2026, 11, 30),
                                        words=vocabulary_report(game), vector_drawings=False)
    assert b"/Subtype /Image" not in vector and b"/Subtype /Image" in pictures_pdf
    assert page_count(vector) == page_count(pictures_pdf) == 1 + 3
    if not shutil.which("pdftoppm"):
        missing("pdftoppm (poppler-utils) is needed to look at the pages")
    pages = []
    for name, pdf in (("vector", vector), ("pictures", pictures_pdf)):
        (tmp_path / f"{name}.pdf").write_bytes(pdf)
        subprocess.run(["pdftoppm", "-r", "30", "-gray", "-png", "-f", "2", "-l", "2", str(tmp_path / f"{name}.pdf"),
                        str(tmp_path / name)], check=True)
        pages.append(Image.open(next(tmp_path.glob(f"{name}*.png"))).convert("L"))
    # The same page, drawn two ways: the ink sits in the same places.
    difference = ImageChops.difference(*pages)
    assert sum(difference.histogram()[64:]) < 0.02 * pages[0].width * pages[0].height
    assert sum(pages[0].histogram()[:128]) > 50  # and there is ink to compare


def test_the_poster_names_the_winner_the_words_and_who_found_them(game):
    text = " ".join(pdf_text(poster_pdf(game, title="Class 4B plays Incognito")).split())
    totals = game.scores
    winner = max(totals, key=totals.get)
    assert "Class 4B plays Incognito" in text
    assert f"{winner} wins!" in text
    assert game.deck_name in text
    for record in game.history:
        assert f"Round {record.number}" in text
        for artist in FOUR:
            assert record.objects[artist] in text and record.locations[artist] in text
    first = game.history[0]
    assert "found by Ben (1 of 3)" in text  # Ana's drawing, round 1
    assert "found by Ana, Cleo and Dev (3 of 3)" in text  # Ben's
    assert "found by no one (0 of 3)" in text  # Cleo's
    assert first.found_by("Ana") == ("Ben",)


def test_tied_winners_share_the_victory_on_the_poster():
    tie = play_planned(("Ana", "Ben", "Cleo", "Dev"), plan=({"Ana": (), "Ben": (), "Cleo": (), "Dev": ()},) * 3)
    assert tie.winners == ("Ana", "Ben", "Cleo", "Dev")
    text = " ".join(pdf_text(poster_pdf(tie)).split())
    assert "Ana, Ben, Cleo and Dev share the victory!" in text


def test_the_poster_of_a_game_in_progress_says_who_leads():
    game = play_planned(FOUR, stop_after=2)
    assert game.phase is Phase.SCORE and len(game.history) == 2
    pdf = poster_pdf(game)
    assert page_count(pdf) == 1 + 2
    assert "After round 2 of 3" in " ".join(pdf_text(pdf).split())


def test_a_posters_words_speak_the_decks_language_and_its_sentences_the_pages():
    """An English poster of a Spanish deck: the document's language is the page's (its
    sentences: "Round 1", "hidden:", "Players:"), each word of the deck a span marked
    Spanish; the poster used to be Spanish as a whole, its English said with Spanish sounds."""
    from incognito_nb.engine import Deck
    from incognito_nb.ui.i18n import language

    game = play_planned(FOUR, game_deck=Deck.builtin("es_everyday"))
    english = poster_pdf(game, lang=language("en"))
    assert re.search(rb"/Lang \(en\)", english), "the document speaks the page's language"
    contents = pdf_contents(english)
    spans = contents.count("/Span <</Lang (es)>> BDC")
    # Each drawing's object and location (4 players, 3 rounds), the deck's name, the chart's words.
    assert spans >= 2 * 4 * 3 + 1 + 1
    assert contents.count("EMC") >= spans
    spanish = poster_pdf(game, lang=language("es"))
    assert re.search(rb"/Lang \(es\)", spanish) and "/Span <</Lang" not in pdf_contents(spanish)


def test_unicode_names_survive_in_the_poster():
    game = play_planned(UNICODE)
    text = pdf_text(poster_pdf(game))
    if sheet.unicode_font() is None:
        missing("no Unicode TrueType font on this machine (install fonts-dejavu-core)")
    for name in UNICODE:
        assert name in text


def test_without_a_unicode_font_the_poster_simplifies_letters_and_still_works(monkeypatch):
    monkeypatch.setattr(sheet, "unicode_font", lambda: None)
    monkeypatch.setattr(pictures, "unicode_font", lambda: None)
    monkeypatch.setattr(pictures, "fallback_fonts", lambda: ())
    game = play_planned(UNICODE)
    pdf = poster_pdf(game, title="Incognito — Ωmega’s class")
    text = pdf_text(pdf)
    assert page_count(pdf) == 4
    assert "Zoë" in text and "Ñandú" in text and "Lukasz" in text and "?mega" in text
    assert image(vocabulary_chart_png(game)).width > 0


def test_a_name_with_letters_no_font_has_does_not_stop_the_poster():
    game = play_planned(("Ana", "李雷", "🙂 Ben", "Dev"))
    assert poster_pdf(game).startswith(b"%PDF-")
    assert image(vocabulary_chart_png(game)).width > 0


# ----------------------------------------------------------------- results
def test_results_have_one_row_per_drawing_and_round_with_every_column(game):
    table = rows(results_csv(game))
    assert len(table) == len(FOUR) * 3
    assert list(table[0]) == ["round", "artist", "object", "token", "location",
                              "card from Ana", "card from Ben", "card from Cleo", "card from Dev",
                              "found by", "artist points"]
    assert [(r["round"], r["artist"]) for r in table[:5]] == [
        ("1", "Ana"), ("1", "Ben"), ("1", "Cleo"), ("1", "Dev"), ("2", "Ana")]


def test_results_cards_and_finders_match_the_rounds(game):
    table = rows(results_csv(game))
    for row in table:
        record = game.history[int(row["round"]) - 1]
        artist = row["artist"]
        assert row["object"] == record.objects[artist]
        assert row["location"] == record.locations[artist]
        assert int(row["token"]) == record.token_of(artist)
        for voter in FOUR:
            card = record.votes.get(voter, {}).get(artist)
            expected = "" if voter == artist or card is None else str(card)
            assert row[f"card from {voter}"] == expected
        assert row["found by"] == "; ".join(record.found_by(artist))
    # A card left empty stays empty (Cleo left none on Ana's drawing in round 1).
    assert table[0]["card from Cleo"] == ""
    assert ("1", "Cleo", "Ana") in {(str(r), v, a) for r, v, a in BLANKS}


def test_results_points_follow_the_rule_book(game):
    table = rows(results_csv(game))
    totals = {p: 0 for p in FOUR}
    for row in table:
        finders = [f for f in row["found by"].split("; ") if f]
        expected = 2 if 0 < len(finders) < len(FOUR) - 1 else 0
        assert int(row["artist points"]) == expected
        totals[row["artist"]] += expected
        for finder in finders:
            totals[finder] += 1  # each finder's point is implicit
    assert totals == game.scores


def test_results_defuse_spreadsheet_formulas_in_names():
    game = play_planned(("=cmd", "+Ben", "-Cleo", "@Dev"))
    text = results_csv(game)
    table = rows(text)
    assert {r["artist"] for r in table} == {"'=cmd", "'+Ben", "'-Cleo", "'@Dev"}
    assert not any(cell.startswith(("=", "+", "-", "@"))
                   for row in csv.reader(io.StringIO(text)) for cell in row)
    assert "card from =cmd" in table[0]  # the header starts with "card": it is safe as it is


def test_unicode_names_survive_in_the_csv_files():
    game = play_planned(UNICODE)
    table = rows(results_csv(game))
    assert {r["artist"] for r in table} == set(UNICODE)
    assert "card from Ωmega" in table[0]
    assert {r["artist"] for r in rows(vocabulary_csv(game))} == set(UNICODE)


def test_the_french_results_name_each_voters_card_without_an_elision():
    """French elides 'de' before a vowel ('d'Éloïse'), which a header built around a name cannot
    know: the column says whose card it is in words that need none."""
    from incognito_nb.ui.i18n import language

    game = play_planned(("Éloïse-Marguerite", "Hugo", "Ana", "Ben"))
    header = next(csv.reader(io.StringIO(results_csv(game, language("fr"))), delimiter=";"))
    assert "carte posée par Éloïse-Marguerite" in header and "carte posée par Hugo" in header
    assert not [cell for cell in header if re.search(r"\bde [AEIOUYHÀÂÉÈÊÎÔÛaeiouyhéè]", cell)], header


# ----------------------------------------------------------------- vocabulary
def test_the_vocabulary_report_counts_who_found_each_word_out_of_who_could(game):
    report = vocabulary_report(game)
    assert len(report) == len(FOUR) * 3
    for row in report:
        finders = FOUR_PLAYER_PLAN[row["round"] - 1][row["artist"]]
        record = game.history[row["round"] - 1]
        assert row["word"] == record.objects[row["artist"]]
        assert row["location"] == record.locations[row["artist"]]
        assert row["found"] == len(finders)
        assert row["could"] == len(FOUR) - 1
        assert row["share"] == round(100 * len(finders) / 3)


def test_the_vocabulary_report_lists_the_hardest_words_first(game):
    report = vocabulary_report(game)
    shares = [row["found"] / row["could"] for row in report]
    assert shares == sorted(shares)
    assert [(r["round"], r["artist"]) for r in report[:3]] == [(1, "Cleo"), (2, "Dev"), (3, "Ana")]
    assert {r["share"] for r in report} == {0, 33, 67, 100}


def test_the_vocabulary_csv_holds_the_report(game):
    table = rows(vocabulary_csv(game))
    assert list(table[0]) == ["word", "round", "artist", "location", "found", "could", "share (%)"]
    assert [(r["word"], int(r["found"]), int(r["share (%)"])) for r in table] == [
        (r["word"], r["found"], r["share"]) for r in vocabulary_report(game)]


def test_the_vocabulary_chart_has_a_bar_per_word(game):
    chart = image(vocabulary_chart_png(game))
    fewer = image(vocabulary_chart_png(play_planned(FOUR, stop_after=1)))
    assert chart.width == fewer.width
    assert chart.height > fewer.height  # 12 words against 4
    blue = (0x00, 0x72, 0xB2)
    assert dict((c, n) for n, c in chart.getcolors(1 << 24)).get(blue, 0) > 0
    nobody = play_planned(FOUR, plan=({"Ana": (), "Ben": (), "Cleo": (), "Dev": ()},))
    assert blue not in {c for _, c in image(vocabulary_chart_png(nobody)).getcolors(1 << 24)}



def bar_rows(chart: Image.Image, colors: pictures.ChartColors = pictures.PAPER_CHART) -> list[int]:
    """Returns, for each row of bars a chart draws (top to bottom), how many of its cells are
    filled: a run of pixel rows with a bar's colour across 40 pixels or more (the type's
    anti-aliasing has a few of that grey) is a row of bars, and along its middle each run of
    the found colour is a filled cell."""
    chart = chart.convert("RGB")
    width, data = chart.width, chart.tobytes()
    colours = {bytes.fromhex(c.lstrip("#")) for c in (colors.track, colors.found)}
    found = bytes.fromhex(colors.found.lstrip("#"))

    def pixels(y: int) -> list[bytes]:
        return [data[3 * (y * width + x):3 * (y * width + x) + 3] for x in range(width)]

    bars = [y for y in range(chart.height) if sum(p in colours for p in pixels(y)) >= 40]
    runs = [[bars[0]]] if bars else []
    for y in bars[1:]:
        if y == runs[-1][-1] + 1:
            runs[-1].append(y)
        else:
            runs.append([y])
    filled = []
    for run in runs:
        line = [p == found for p in pixels(run[len(run) // 2])]
        filled.append(sum(1 for x in range(width) if line[x] and (x == 0 or not line[x - 1])))
    return filled


def test_the_projected_chart_shows_the_words_found_least_in_type_for_the_wall(game):
    report = vocabulary_report(game)  # twelve words: three rounds of four
    on_file, projected = image(vocabulary_chart_png(game)), image(vocabulary_chart_png(game, projected=True))
    assert bar_rows(on_file) == [row["found"] for row in report]  # the teacher's file: every word
    assert len(report) > exports.PROJECTED_WORDS
    assert bar_rows(projected) == [row["found"] for row in report[:exports.PROJECTED_WORDS]]  # the hardest
    # The same type on a narrower, shorter picture: larger once fitted to the projected column.
    assert projected.width < on_file.width and projected.height < on_file.height / 2
    first_round = play_planned(FOUR, stop_after=1)  # four words: all of them
    assert bar_rows(image(vocabulary_chart_png(first_round, projected=True))) == [
        row["found"] for row in vocabulary_report(first_round)]


def test_the_projected_chart_of_a_dark_page_is_dark_and_the_files_chart_stays_white(game):
    """The chart for a page in the dark theme: the page's background, light type and bars
    that read on it (it was the paper chart, a white slab on a dark projected screen); the
    chart in the teacher's files stays white, for the printer."""
    from incognito_nb.ui.widgets.palette import contrast_ratio

    def background(chart: Image.Image) -> str:
        return "#%02x%02x%02x" % max(chart.convert("RGB").getcolors(1 << 24))[1]

    dark, light = pictures.DARK_CHART, pictures.PAPER_CHART
    on_dark = image(vocabulary_chart_png(game, projected=True, dark=True))
    assert background(on_dark) == dark.paper == "#212121"  # JupyterLab Dark's background
    assert bar_rows(on_dark, dark) == bar_rows(image(vocabulary_chart_png(game, projected=True)))
    inked = {"#%02x%02x%02x" % colour for _, colour in on_dark.getcolors(1 << 24)}
    assert {dark.ink, dark.muted, dark.found, dark.track} <= inked
    assert contrast_ratio(dark.ink, dark.paper) >= 7 and contrast_ratio(dark.muted, dark.paper) >= 4.5
    assert contrast_ratio(dark.ink, dark.stripe) >= 7
    # A bar's found cells stand out from the background and from its empty cells (3:1, WCAG's
    # graphics), as the paper chart's blue does on its grey.
    assert contrast_ratio(dark.found, dark.paper) >= 3 and contrast_ratio(dark.found, dark.track) >= 3
    assert background(image(vocabulary_chart_png(game))) == light.paper == "#ffffff"
    assert background(image(takeaway_files(game)["vocabulary.png"])) == "#ffffff"


# ----------------------------------------------------------------- any phase
EXPORTS = (gallery_pngs, poster_pdf, results_csv, vocabulary_report, vocabulary_csv, vocabulary_chart_png)


@pytest.mark.parametrize("export", EXPORTS, ids=lambda f: f.__name__)
def test_a_game_with_no_scored_round_has_nothing_to_export(export):
    game = Game.new(FOUR, seed=1)
    with pytest.raises(ValueError, match="Play at least one round to the scores before exporting."):
        export(game)
    with pytest.raises(NothingToExport):
        export(game)


def test_export_all_writes_nothing_for_a_game_with_no_scored_round(tmp_path):
    with pytest.raises(NothingToExport):
        export_all(Game.new(FOUR, seed=1), tmp_path / "out")
    assert not (tmp_path / "out").exists()


def test_a_round_still_in_play_is_never_exported():
    game = play_planned(FOUR, stop_after=1)
    game.advance()  # round 1 ends
    game.advance()  # round 2 is dealt: its drawings and cards are secret
    assert game.phase is Phase.HIDE and game.round == 2
    game.submit_drawing("Ana", sketch("house", "key"))
    assert len(gallery_pngs(game)) == len(FOUR)
    assert {r["round"] for r in rows(results_csv(game))} == {"1"}
    assert page_count(poster_pdf(game)) == 2


def test_export_all_writes_every_file(game, tmp_path):
    paths = export_all(game, tmp_path / "results")
    names = {p.relative_to(tmp_path / "results").as_posix() for p in paths}
    assert {"poster.pdf", "results.csv", "vocabulary.csv", "vocabulary.png"} <= names
    assert {n for n in names if n.startswith("drawings/")} == {f"drawings/{n}" for n in gallery_pngs(game)}
    assert all(p.is_file() and p.stat().st_size > 0 for p in paths)
    # The CSV files carry a byte-order mark, so that spreadsheet programs read accents right.
    raw = (tmp_path / "results" / "results.csv").read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")
    assert raw.decode("utf-8-sig").replace("\r\n", "\n") == results_csv(game).replace("\r\n", "\n")
    assert exports.POSTER == "poster.pdf"


@pytest.mark.parametrize("lang, files, folder", [
    ("fr", {"affiche.pdf", "résultats.csv", "vocabulaire.csv", "vocabulaire.png"}, "dessins/manche"),
    ("de", {"Plakat.pdf", "Ergebnisse.csv", "Wortschatz.csv", "Wortschatz.png"}, "Zeichnungen/Runde"),
])
def test_export_all_names_its_files_in_the_teachers_language_as_the_downloads(game, tmp_path, lang, files, folder):
    """The results notebook wrote poster.pdf and drawings/round1_… for a French teacher, whose
    game over downloads affiche.pdf and dessins.zip: one game's files, two names."""
    from incognito_nb.ui.file_names import saved_name
    from incognito_nb.ui.i18n import language

    said = language(lang)
    names = {p.relative_to(tmp_path).as_posix() for p in export_all(game, tmp_path, said)}
    downloads = takeaway_files(game, said)
    assert {saved_name(name, said) for name in downloads if not name.endswith(".zip")} == files == names - {
        n for n in names if "/" in n}
    with zipfile.ZipFile(io.BytesIO(downloads["drawings.zip"])) as archive:
        assert {n for n in names if "/" in n} == set(archive.namelist()), "the drawings as the zip holds them"
    assert all(n.startswith(folder) for n in names if "/" in n) and len(names) == 4 + len(gallery_pngs(game))


# ----------------------------------------------------------------- which game
def test_results_come_from_the_newest_save_with_a_scored_round(tmp_path):
    from incognito_nb.store import GameFolder

    folder = GameFolder(tmp_path)
    folder.save(play_planned(FOUR, stop_after=1), "monday")
    os.utime(folder.path / "monday.incognito.json", (1, 1))  # the older save
    folder.save(Game.new(FOUR, seed=2), "autosave")  # newer, but nothing scored yet
    chosen = exports.game_for_results(folder=folder)
    assert chosen.save == "monday" and len(chosen.game.history) == 1
    assert "monday" in chosen.source
    assert exports.game_for_results("autosave", folder).game.history == ()


def test_with_no_saved_game_the_results_show_a_demo_game(tmp_path):
    from incognito_nb.store import GameFolder

    chosen = exports.game_for_results(folder=GameFolder(tmp_path / "empty"))
    assert chosen.save is None and chosen.game.phase is Phase.OVER
    assert chosen.source.startswith("a demo game")


def test_a_students_kept_board_is_named_in_the_pages_language():
    """A board its table no longer holds was saved as incognito-drawing.png on a French phone."""
    from incognito_nb.ui.i18n import language
    from incognito_nb.ui.widgets.takeaways import keepsake

    board = sketch("house", "key")
    names = {code: re.search(r'download="([^"]+)"', keepsake(board, language(code), lambda _d: b"PNG").value)[1]
             for code in ("en", "fr", "de", "es")}
    assert names == {"en": "incognito-drawing.png", "fr": "incognito-dessin.png", "de": "incognito-Zeichnung.png",
                     "es": "incognito-dibujo.png"}
