"""Finding a font that can write every player's name, for the poster and the chart.

Names and deck words can be any language (Zoë, Ñandú, Ωmega), and the PDF core
fonts know Latin-1 only.  No font ships with the project's dependencies (fpdf2 has
none, Pillow's built-in one is Latin only), so the exports look for a Unicode TrueType
font where Python installs and operating systems put them, DejaVu Sans first.  When
none is found they still work: text is written in a Latin-1 font, with the letters it
lacks simplified (``Ω`` becomes ``?``), never with a crash.
"""

from __future__ import annotations

import importlib.util
import os
import sys
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

#: Names a teacher may point at a font of their own (for example one with Chinese
#: letters); it is used for regular and bold text alike.
FONT_VARIABLE = "INCOGNITO_NB_FONT"


@dataclass(frozen=True)
class FontFiles:
    """A regular and a bold TrueType file of one family."""

    regular: Path
    bold: Path


def _candidates() -> list[tuple[Path, Path]]:
    """Returns (regular, bold) pairs to try, most wanted first."""
    pairs: list[tuple[Path, Path]] = []
    own = os.environ.get(FONT_VARIABLE)
    if own:
        pairs.append((Path(own), Path(own)))
    dejavu = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")
    folders = [
        Path(sys.prefix) / "fonts",  # conda's font-ttf-dejavu-sans (Binder's conda images)
        Path("/usr/share/fonts/truetype/dejavu"),  # Debian, Ubuntu: fonts-dejavu-core
        Path("/usr/share/fonts/dejavu-sans-fonts"),  # Fedora
        Path("/usr/share/fonts/dejavu"),
        Path("/usr/share/fonts/TTF"),  # Arch
        Path.home() / ".fonts",
        Path.home() / "Library/Fonts",
    ]
    spec = importlib.util.find_spec("matplotlib")  # found, not imported: it ships DejaVu
    if spec is not None and spec.submodule_search_locations:
        folders.append(Path(list(spec.submodule_search_locations)[0]) / "mpl-data/fonts/ttf")
    pairs += [(folder / dejavu[0], folder / dejavu[1]) for folder in folders]
    # Other families that cover Latin, Greek and Cyrillic.
    pairs += [
        (Path("/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf"),
         Path("/usr/share/fonts/truetype/noto/NotoSans-Bold.ttf")),
        (Path("/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf"),
         Path("/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf")),
        (Path("/System/Library/Fonts/Supplemental/Arial.ttf"),
         Path("/System/Library/Fonts/Supplemental/Arial Bold.ttf")),
    ]
    if os.name == "nt":  # elsewhere "C:/..." is a path relative to the working folder
        pairs.append((Path("C:/Windows/Fonts/arial.ttf"), Path("C:/Windows/Fonts/arialbd.ttf")))
    return pairs


@lru_cache(maxsize=None)
def _find(variable: str | None) -> FontFiles | None:
    del variable  # part of the cache key only: a changed variable means a new search
    for regular, bold in _candidates():
        if regular.is_file():
            return FontFiles(regular, bold if bold.is_file() else regular)
    return None


def unicode_font() -> FontFiles | None:
    """Returns the first Unicode TrueType font found on this machine, or ``None``."""
    return _find(os.environ.get(FONT_VARIABLE))


#: Fonts for the letters DejaVu lacks (Chinese, Japanese, Korean), used where installed:
#: Debian's fonts-droid-fallback, and macOS's Arial Unicode.
_FALLBACKS = (
    Path("/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf"),
    Path("/usr/share/fonts/truetype/droid/DroidSansFallback.ttf"),
    Path("/Library/Fonts/Arial Unicode.ttf"),
    Path("/System/Library/Fonts/Supplemental/Arial Unicode.ttf"),
)


@lru_cache(maxsize=None)
def fallback_fonts() -> tuple[Path, ...]:
    """Returns the installed fonts to take a letter from when the main font lacks it."""
    return tuple(path for path in _FALLBACKS if path.is_file())


@lru_cache(maxsize=None)
def letters_of(path: Path) -> frozenset[int]:
    """Returns the code points the font at ``path`` has a glyph for (empty if unreadable)."""
    from fontTools.ttLib import TTFont  # installed with fpdf2

    try:
        with TTFont(str(path), lazy=True) as font:
            return frozenset(font.getBestCmap() or ())
    except Exception:  # noqa: BLE001 - any unreadable font simply covers nothing
        return frozenset()


#: Punctuation a Latin-1 font lacks, said in letters it has.
_PLAIN = str.maketrans({
    "—": "-", "–": "-", "‘": "'", "’": "'", "“": '"', "”": '"', "…": "...",
    "★": "*", "œ": "oe", "Œ": "OE",
})


def latin1(text: str, charset: str = "latin-1") -> str:
    """Returns ``text`` with every letter outside ``charset`` (Latin-1: what the PDF core
    fonts know) simplified, or replaced by ``?``.

    >>> latin1("Zoë, Łukasz — Ωmega")
    'Zoë, Lukasz - ?mega'
    >>> latin1("Zoë · Ñandú", "ascii")
    'Zoe - Nandu'
    """
    if charset == "ascii":
        text = text.replace("·", "-")
    out = []
    for char in unicodedata.normalize("NFC", text.translate(_PLAIN)):
        try:
            char.encode(charset)
            out.append(char)
        except UnicodeEncodeError:
            base = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode()
            words = unicodedata.name(char, "").split()
            if not base and words[:1] == ["LATIN"] and "LETTER" in words:  # "Ł" does not decompose
                letter = words[words.index("LETTER") + 1]
                if len(letter) == 1:
                    base = letter if "CAPITAL" in words else letter.lower()
            out.append(base or "?")
    return "".join(out)
