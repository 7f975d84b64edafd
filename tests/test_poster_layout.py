"""The poster's round pages use the page (issue 18): the drawings as large as the sheet allows,
without wide empty bands.  Each round page is rendered with ``pdftoppm`` and measured: the
share of the page the drawings' paper covers, and the tallest band of blank rows.
Pages are kept as ``artifacts/poster_*.png``, to be looked at.
"""

from __future__ import annotations

import io
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
