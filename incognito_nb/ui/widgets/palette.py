"""The colours and brush sizes of the game, chosen once so every widget agrees.

Colours come from the Okabe-Ito palette, which stays distinguishable under the common
forms of colour blindness; each has a name, because a tooltip or a screen reader says
"vermillion" where a swatch alone says nothing.
"""

from __future__ import annotations

#: The pen colours of a drawing pad, as (name, "#rrggbb"): black plus Okabe-Ito.
PEN_COLORS: tuple[tuple[str, str], ...] = (
    ("black", "#000000"),
    ("orange", "#e69f00"),
    ("sky blue", "#56b4e9"),
    ("bluish green", "#009e73"),
    ("yellow", "#f0e442"),
    ("blue", "#0072b2"),
    ("vermillion", "#d55e00"),
    ("reddish purple", "#cc79a7"),
)

#: The players' colours, as (name, "#rrggbb"), in seating order.  Okabe-Ito without
#: yellow, which is too faint as a border or a badge on white paper.  Put text on them
#: in :func:`text_color_on`.
PLAYER_COLORS: tuple[tuple[str, str], ...] = (
    ("blue", "#0072b2"),
    ("vermillion", "#d55e00"),
    ("bluish green", "#009e73"),
    ("reddish purple", "#cc79a7"),
    ("orange", "#e69f00"),
    ("sky blue", "#56b4e9"),
)

#: The brush sizes of a drawing pad, as (name, width in board units).
BRUSH_SIZES: tuple[tuple[str, int], ...] = (("thin", 4), ("medium", 10), ("thick", 22))

#: The width of the eraser, in board units: wider than the thickest brush, so one pass
#: is enough to wipe out a line.
ERASER_WIDTH = 30

#: The colour of the paper every drawing sits on.
PAPER_COLOR = "#ffffff"

#: The colour of the thin border around the paper, on screen and in exported images.
BORDER_COLOR = "#c8c8c8"
#: The colour of a word found, in the vocabulary chart and on the poster: Okabe-Ito blue.
FOUND_COLOR = "#0072b2"


def _luminance(color: str) -> float:
    """Returns the relative luminance of a ``#rrggbb`` colour (WCAG 2)."""

    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (int(color[i : i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)


def contrast_ratio(first: str, second: str) -> float:
    """Returns the WCAG contrast ratio of two ``#rrggbb`` colours, from 1 to 21.

    >>> round(contrast_ratio("#000000", "#ffffff"), 1)
    21.0
    """
    light, dark = sorted((_luminance(first), _luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def text_color_on(background: str) -> str:
    """Returns black or white, whichever reads better on ``background``.

    >>> text_color_on("#0072b2"), text_color_on("#e69f00")
    ('#ffffff', '#000000')
    """
    black, white = "#000000", "#ffffff"
    return black if contrast_ratio(background, black) >= contrast_ratio(background, white) else white
