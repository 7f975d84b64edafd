"""The poster's round pages use the page (issue 18): the drawings as large as the sheet allows,
without wide empty bands.  Each round page is rendered with ``pdftoppm`` and measured: the
share of the page the drawings' paper covers, and the tallest band of blank rows.
Pages are kept as ``artifacts/poster_*.png``, to be looked at.

The poster hangs on the wall: its text is read back (``printed.py``) for its type sizes and
whether each line is whole, with a class of long names.
"""

from __future__ import annotations

import io
import re
import shutil
import subprocess

import pytest
from PIL import Image

from incognito_nb.app.files.exports import poster_pdf
from sketches import FOUR_PLAYER_PLAN, play_planned
from browser import ARTIFACTS

#: What the round pages reached before issue 18, measured with this module's measures
#: (the share of the page the drawings cover; the tallest blank band, as a share of the height).
BEFORE = {3: (0.27, 0.27), 4: (0.38, 0.06), 6: (0.55, 0.06)}
NAMES = ("Ana", "Ben", "Cleo", "Dev", "Eli", "Fay")


def round_page(players: int, tmp_path) -> Image.Image:
    if not shutil.which("pdftoppm"):
        pytest.skip("pdftoppm (poppler-utils) reads the poster back")
    plan = tuple({name: finders for name, finders in round_.items()} for round_ in FOUR_PLAYER_PLAN)
    names = NAMES[:players]
    plan = tuple({**{n: () for n in names}, **{k: v for k, v in r.items() if k in names}} for r in plan)
    plan = tuple({k: tuple(f for f in v if f in names) for k, v in r.items()} for r in plan)
    game = play_planned(names, plan, blanks=set())
    pdf = tmp_path / f"poster{players}.pdf"
    pdf.write_bytes(poster_pdf(game))
    png = subprocess.run(["pdftoppm", "-f", "2", "-l", "2", "-r", "30", "-png", str(pdf)], capture_output=True,
                         check=True).stdout
    page = Image.open(io.BytesIO(png)).convert("RGB")
    ARTIFACTS.mkdir(exist_ok=True)
    page.save(ARTIFACTS / f"poster_round_page_{players}_players.png")
    return page


def measures(page: Image.Image, players: int) -> tuple[float, float]:
    """Returns (share of the page the drawings cover, tallest blank band / page height).

    A drawing is its paper inside the board's border (BORDER_COLOR): its size is the longest
    run of border pixels across and down; a blank band is a run of pure white rows."""
    from incognito_nb.ui.widgets.palette import BORDER_COLOR

    border = tuple(int(BORDER_COLOR[i:i + 2], 16) for i in (1, 3, 5))
    width, height = page.size
    pixels = page.load()
    near = [[all(abs(c - b) <= 40 for c, b in zip(pixels[x, y], border)) for x in range(width)]
            for y in range(height)]

    def longest(runs) -> int:
        best = 0
        for line in runs:
            run = 0
            for on in line:
                run = run + 1 if on else 0
                best = max(best, run)
        return best

    across = longest(near)
    down = longest([[near[y][x] for y in range(height)] for x in range(width)])
    band = run = 0
    for y in range(height):
        run = run + 1 if all(pixels[x, y] == (255, 255, 255) for x in range(width)) else 0
        band = max(band, run)
    return players * across * down / (width * height), band / height


@pytest.mark.parametrize("players", [3, 4, 6])
def test_the_drawings_fill_the_round_pages(players, tmp_path):
    share, band = measures(round_page(players, tmp_path), players)
    print(f"{players} players: drawings cover {share:.0%} of the page, tallest blank band {band:.0%}")
    before_share, before_band = BEFORE[players]
    assert share >= before_share * 1.05, (share, before_share)  # 3 and 4 players: +35 %, +28 %; 6: +7 %
    assert band <= 0.08, (band, before_band)  # 3 players: 27 % before


# ------------------------------------------------------------------ type for the wall
#: A class of long names (and a short one, and a heart), as a reviewer's class had them.
LONG_NAMES = ("Maximilian-Alexander", "Éloïse-Marguerite", "Zoë", "Ñandú", "Marie-Thérèse Dupont", "Léa <3")
#: Each drawing's finders by seat: Ñandú's found by three long names (cut as '... Marie-Thérèse ...'
#: before), Maximilian's and Léa's by all five.
LONG_PLAN = (
    {"Ana": ("Ben", "Cleo"), "Ben": ("Cleo", "Dev", "Fay"), "Cleo": ("Ben", "Fay"),
     "Dev": ("Ana", "Ben", "Eli"), "Eli": ("Ana", "Cleo", "Dev"), "Fay": ()},
    {"Ana": ("Ben", "Cleo", "Dev", "Eli", "Fay"), "Ben": ("Ana",), "Cleo": ("Ana", "Ben", "Eli", "Fay"),
     "Dev": (), "Eli": ("Ben",), "Fay": ("Ana", "Ben", "Cleo", "Dev", "Eli")},
)


#: The poster's page is A4 across; its words chart stands right of the scores (mm).
A4_WIDE, BESIDE_SCORES = 297.0, 160.0


def long_names_game(names=LONG_NAMES, rounds: int = 2):
    from incognito_nb import Deck, Rules

    return play_planned(names, (LONG_PLAN * rounds)[:rounds], blanks=set(), game_deck=Deck.builtin("de_everyday"),
                        rules=Rules(rounds=rounds))


def chart_labels(pdf: bytes, game, lang, columns) -> dict[str, set[float]]:
    """Returns the words chart's rows read back from ``pdf`` ("Büroklammer Maximilian-Alexander
    2 of 5"), each with the type sizes its words are written at, for every row of the game's
    vocabulary report found whole in a column (page, left, right in mm)."""
    from printed import lines, words

    from incognito_nb.app.files.exports import vocabulary_report

    wanted = {" ".join(f"{row['word']} {row['artist']} "
                       f"{lang._('{found} of {could}', found=row['found'], could=row['could'])}".split())
              for row in vocabulary_report(game)}
    found: dict[str, set[float]] = {}
    for page, left, right in columns:
        column = [w for w in words(pdf) if w.page == page and left <= w.left and w.right <= right]
        for line in lines(column):
            text = " ".join(word.text for word in line)
            if text in wanted:
                found[text] = {word.size for word in line}
    assert set(found) == wanted, f"rows missing or cut: {sorted(wanted - set(found))}"
    return found


@pytest.mark.parametrize("code", ["en", "fr"])
def test_the_words_chart_writes_every_label_whole_at_one_size_for_the_wall(code):
    """Before, 'Büroklammer Maximilian-Alexander' shrank to 6.5 pt beside 'Feder Léa <3' at 12."""
    from incognito_nb.ui.i18n import language

    game, lang = long_names_game(), language(code)
    rows = chart_labels(poster_pdf(game, lang=lang), game, lang, [(1, BESIDE_SCORES, A4_WIDE)])
    sizes = set().union(*rows.values())
    assert max(sizes) - min(sizes) <= 0.2, f"the chart's rows are written at {sorted(sizes)} pt"
    assert min(sizes) >= 9, f"the chart's labels are {min(sizes)} pt: too small to read on the wall"


def test_a_long_games_words_chart_takes_a_page_of_its_own_in_type_for_the_wall():
    """Six players and four rounds draw 24 words: beside the scores their rows were 7.5 pt."""
    from incognito_nb.ui.i18n import language

    game, lang = long_names_game(rounds=4), language("en")
    rows = chart_labels(poster_pdf(game, lang=lang), game, lang,
                        [(1, BESIDE_SCORES, A4_WIDE), (2, 0, A4_WIDE / 2), (2, A4_WIDE / 2, A4_WIDE)])
    sizes = set().union(*rows.values())
    assert max(sizes) - min(sizes) <= 0.2 and min(sizes) >= 9, sorted(sizes)


def captions(pdf: bytes, page: int) -> list[list]:
    """Returns the words of a round page by column of drawings (each column's captions top to
    bottom, each line left to right): a line's words stand apart by a space, columns by more."""
    from printed import lines, words

    segments = []
    for line in lines([w for w in words(pdf) if w.page == page]):
        segment = [line[0]]
        for word in line[1:]:
            if word.left - segment[-1].right > 4:  # the gap between two drawings' captions
                segments.append(segment)
                segment = []
            segment.append(word)
        segments.append(segment)
    columns: list[list] = []
    for segment in sorted(segments, key=lambda s: s[0].left):
        if columns and segment[0].left - columns[-1][0][0].left < 10:  # the artist's line starts after its chip
            columns[-1].append(segment)
        else:
            columns.append([segment])
    return [[w for segment in sorted(column, key=lambda s: s[0].top) for w in segment] for column in columns]


def found_sentence(column: list, sentence: str) -> list:
    """Returns the words of ``sentence`` read in a column of captions (an empty list if it is not whole)."""
    tokens = sentence.split()
    texts = [w.text for w in column]
    for start in range(len(texts) - len(tokens) + 1):
        if texts[start:start + len(tokens)] == tokens:
            return column[start:start + len(tokens)]
    return []


@pytest.mark.parametrize("code", ["en", "fr"])
def test_each_drawing_says_who_found_it_and_the_count_whole_in_readable_type(code):
    """Before, 'found by Maximilian-Alexander, Éloïse-Marguerite and Marie-Thérèse ...' shrank to
    7 pt and was cut before 'Dupont (3 of 5)'."""
    from incognito_nb.ui.i18n import language

    game, lang = long_names_game(), language(code)
    pdf = poster_pdf(game, lang=lang)
    for page, record in enumerate(game.history, start=2):
        columns = captions(pdf, page)
        for artist in record.players:
            finders, could = record.found_by(artist), len(record.players) - 1
            sentence = (lang._("found by {names} ({found} of {could})", names=finders, found=len(finders), could=could)
                        if finders else lang._("found by no one ({found} of {could})", found=0, could=could))
            said = [found_sentence(column, sentence) for column in columns]
            said = next((words for words in said if words), [])
            assert said, f"round {record.number}, {artist}'s drawing: {sentence!r} is not whole on the poster"
            assert {w.size for w in said} == {10.0}, (sentence, sorted({w.size for w in said}))


def test_five_finders_with_the_longest_names_keep_their_count():
    """Five names of 24 letters do not fit three lines under a drawing: the names are cut, never the count."""
    names = ("Anna-Maria Lopez-Garcias", "Bartholomew Featherstone", "Christophe Saint-Exupéry",
             "Dorothea Montgomery-Hall", "Emmanuelle Lefèvre-Dupré", "Fay")
    game = long_names_game(names)
    assert game.history[1].found_by("Fay") == names[:5]
    columns = [" ".join(w.text for w in column) for column in captions(poster_pdf(game), 3)]
    assert any(re.search(r"found by Anna-Maria Lopez-Garcias, [^()]*… \(5 of 5\)", text) for text in columns), columns


@pytest.mark.parametrize("code", ["en", "fr"])
def test_the_scores_table_writes_every_name_whole_at_one_size(code):
    """Three rounds of long names: 'Maximilian-Alexander' shrank to 10.5 pt beside a 15-pt 'Zoë'."""
    from printed import lines, words

    from incognito_nb.ui.i18n import language

    game = long_names_game(rounds=3)
    page = [w for w in words(poster_pdf(game, lang=language(code))) if w.page == 1 and w.right < BESIDE_SCORES]
    rows: dict[str, set[float]] = {}
    for line in lines(page):
        for player in game.players:
            name = player.split()
            if [w.text for w in line[:len(name)]] == name and all(w.text.isdigit() for w in line[len(name):][:4]):
                rows[player] = {w.size for w in line[:len(name)]}
    assert set(rows) == set(game.players), f"names missing or cut: {set(game.players) - set(rows)}"
    sizes = set().union(*rows.values())
    assert len(sizes) == 1 and min(sizes) >= 12, rows
