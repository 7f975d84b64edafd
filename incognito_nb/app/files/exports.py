"""What a teacher takes home after a game: drawings, a poster, results and a vocabulary report.

Each export is a pure function of a :class:`~incognito_nb.engine.Game`: it
reads the scored rounds (``game.history``, all public from their scoring on) and
returns bytes or text, so the dashboard can offer them as downloads and
``notebooks/results.ipynb`` can write them for any saved game (:func:`game_for_results`
picks one; ``app/results.py`` is the notebook's side).  A round still in play is never exported: its drawings and cards may still
be secret.  The pictures are drawn in ``pictures.py``, the poster laid out in ``poster.py``.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import os
import re
import unicodedata
import zipfile
from pathlib import Path
from typing import Any, Iterable, NamedTuple, Sequence

from ...engine import Drawing, Game, RoundRecord, SaveError
from ...engine.errors import N_, Explained
from ...engine.scoring import ARTIST_POINTS
from ...engine.words_found import PROJECTED_WORDS, words_found
from ...store import GameFolder
from incognito_nb.ui.file_names import round_word, saved_name
from incognito_nb.ui.i18n import Language, csv_delimiter, language

# The pictures (Pillow) and the poster load when first used: the CSV reports need neither,
# and the static site's kernel (Pyodide) has no Pillow at all.

__all__ = [
    "GameToExport",
    "NothingToExport",
    "drawing_png",
    "export_all",
    "drawing_files",
    "gallery_pngs",
    "game_for_results",
    "poster_pdf",
    "results_csv",
    "scored_rounds",
    "takeaway_files",
    "vocabulary_chart_png",
    "vocabulary_csv",
    "vocabulary_report",
]


class NothingToExport(Explained):
    """Raised for a game with no scored round: there is nothing public to export yet."""


def scored_rounds(game: Game) -> tuple[RoundRecord, ...]:
    """Returns the game's scored rounds, oldest first.

    :raises NothingToExport: if no round has been scored yet.
    """
    if not isinstance(game, Game):
        raise TypeError(f"exports are made from a Game, not {type(game).__name__}")
    records = game.history
    if not records:
        raise NothingToExport(N_("Play at least one round to the scores before exporting."))
    return records


def artist_points(record: RoundRecord, artist: str) -> int:
    """Returns what the artist scored with this drawing: 2 if some but not all others found it."""
    found, could = len(record.found_by(artist)), len(record.players) - 1
    return ARTIST_POINTS if 0 < found < could else 0


# ----------------------------------------------------------------- drawings
def file_part(name: str) -> str:
    """Returns a name made safe for a file name: letters and digits of any language stay,
    everything else becomes ``_``.

    >>> file_part("Zoë O'Neil"), file_part("../=cmd"), file_part("Ωmega")
    ('Zoë_O_Neil', 'cmd', 'Ωmega')
    """
    text = unicodedata.normalize("NFC", name)
    text = re.sub(r"[^\w]+|_+", "_", text).strip("_")
    return text or "player"


#: What a file's name cannot hold on Windows, macOS or Linux (with the control characters).
_NOT_IN_FILE_NAMES = frozenset('<>:"/\\|?*')


def file_name(text: str) -> str:
    """Returns ``text`` as a file's name on any system: letters of any language, digits,
    spaces and dashes stay; what a name cannot hold (``< > : " / \\ | ? *`` and control
    characters) becomes ``_``, and spaces or dots at its ends go.

    >>> file_name("3B Español — grupo de los martes"), file_name('a/b: "c"'), file_name(" .. ")
    ('3B Español — grupo de los martes', 'a_b_ _c_', 'file')
    """
    text = unicodedata.normalize("NFC", text)
    text = "".join("_" if ch in _NOT_IN_FILE_NAMES or unicodedata.category(ch)[0] == "C" else ch for ch in text)
    return text.strip(" .") or "file"


def drawing_png(drawing: Drawing, *, scale: float = 1.0) -> bytes:
    """Returns the drawing as a PNG, the same picture the screen shows (see ``pictures.py``)."""
    from .pictures import drawing_png as draw

    return draw(drawing, scale=scale)


def drawing_files(game: Game, lang: Language | None = None) -> Iterable[tuple[str, Drawing]]:
    """Yields every drawing of every scored round with the name its picture is saved under
    (``round1_01_Ana.png``: the round, the artist's seat and name; ``manche1_01_Ana.png`` in
    French), for the server's pictures and the static site's alike.

    :raises NothingToExport: if no round has been scored yet.
    """
    word = round_word(lang or language())
    for record in scored_rounds(game):
        for seat, artist in enumerate(record.players, start=1):
            yield f"{word}{record.number}_{seat:02d}_{file_part(artist)}.png", record.drawings.get(artist, Drawing())


def gallery_pngs(game: Game, lang: Language | None = None) -> dict[str, bytes]:
    """Returns every drawing of every scored round as PNG, by file name in ``lang`` (default
    English; see :func:`drawing_files`).

    :raises NothingToExport: if no round has been scored yet.
    """
    return {name: drawing_png(drawing) for name, drawing in list(drawing_files(game, lang))}


def poster_pdf(game: Game, *, title: str | None = None, date: dt.date | None = None,
               lang: Language | None = None) -> bytes:
    """Returns the classroom poster as PDF, written in ``lang`` (default English): a title
    page with the winners and scores, then each round's drawings with artist, location,
    hidden object and who found it.

    :raises NothingToExport: if no round has been scored yet.
    """
    lang = lang or language()
    from .poster import render_poster

    records = scored_rounds(game)
    title = title if title is not None else lang._("Incognito — {deck}", deck=game.deck_name)
    return render_poster(game, records, title=title, date=date or dt.date.today(),
                         words=vocabulary_report(game), lang=lang)


# ----------------------------------------------------------------- tables
#: Spreadsheets run a cell that starts with one of these as a formula.
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(value: Any) -> Any:
    """Returns a text cell a spreadsheet will show, never run: a leading apostrophe
    defuses ``=``, ``+``, ``-`` and ``@``.

    >>> spreadsheet_safe("=HYPERLINK(1)"), spreadsheet_safe("Ana"), spreadsheet_safe(-2)
    ("'=HYPERLINK(1)", 'Ana', -2)
    """
    if isinstance(value, str) and value.startswith(_FORMULA_STARTS):
        return "'" + value
    return value


def _csv(header: Sequence[str], rows: Iterable[Sequence[Any]], lang: Language) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=csv_delimiter(lang))
    writer.writerow([spreadsheet_safe(cell) for cell in header])
    for row in rows:
        writer.writerow([spreadsheet_safe(cell) for cell in row])
    return buffer.getvalue()


def results_csv(game: Game, lang: Language | None = None) -> str:
    """Returns the results as CSV text, its header in ``lang`` (default English): one row
    per drawing and round, with the artist, the object and its token, the location, each
    voter's card (``card from Ben``; empty when they left none or it is their own
    drawing), who found it and the points the artist scored with it.  Each finder's point
    is implicit: 1 per name in "found by".

    :raises NothingToExport: if no round has been scored yet.
    """
    lang = lang or language()
    records = scored_rounds(game)
    players = game.players
    header = [lang.pgettext("CSV column", "round"), lang.pgettext("CSV column", "artist"),
              lang.pgettext("CSV column", "object"), lang.pgettext("CSV column", "token"),
              lang.pgettext("CSV column", "location"),
              *[lang.pgettext("CSV column", "card from {voter}", voter=voter) for voter in players],
              lang.pgettext("CSV column", "found by"), lang.pgettext("CSV column", "artist points")]
    rows = []
    for record in records:
        for artist in record.players:
            cards = [
                "" if voter == artist else record.votes.get(voter, {}).get(artist, "")
                for voter in players
            ]
            rows.append([
                record.number, artist, record.objects[artist], record.token_of(artist),
                record.locations[artist], *cards, "; ".join(record.found_by(artist)),
                artist_points(record, artist),
            ])
    return _csv(header, rows, lang)


def vocabulary_report(game: Game) -> list[dict[str, Any]]:
    """Returns, for each word drawn, how many classmates found it out of how many could,
    hardest first (then by round and seat): the words the class does not know yet lead.

    Each row has ``word``, ``round``, ``artist``, ``location``, ``found``, ``could``
    (the other players) and ``share`` (found in percent of could, rounded).

    :raises NothingToExport: if no round has been scored yet.
    """
    scored_rounds(game)
    return [{**word._asdict(), "share": word.share} for word in words_found(game)]


VOCABULARY_COLUMNS = ("word", "round", "artist", "location", "found", "could", "share")


def vocabulary_csv(game: Game, lang: Language | None = None) -> str:
    """Returns :func:`vocabulary_report` as CSV text (the share in percent), its header in
    ``lang`` (default English).

    :raises NothingToExport: if no round has been scored yet.
    """
    lang = lang or language()
    report = vocabulary_report(game)
    header = [lang.pgettext("CSV column", "word"), lang.pgettext("CSV column", "round"),
              lang.pgettext("CSV column", "artist"), lang.pgettext("CSV column", "location"),
              lang.pgettext("CSV column", "found"), lang.pgettext("CSV column", "could"),
              lang.pgettext("CSV column", "share (%)")]
    return _csv(header, ([row[key] for key in VOCABULARY_COLUMNS] for row in report), lang)




def vocabulary_chart_png(game: Game, lang: Language | None = None, *, projected: bool = False,
                         dark: bool = False) -> bytes:
    """Returns the vocabulary report as a bar chart (PNG), written in ``lang`` (default
    English): one bar per word, hardest first.

    ``projected``: the chart the class sees at the game over: the :data:`PROJECTED_WORDS`
    words found least (the ones to go over together; the teacher's files hold them all),
    drawn for the wall (:data:`~incognito_nb.app.files.pictures.WALL_CHART`). ``dark``: drawn
    for a page in the dark theme (:data:`~incognito_nb.app.files.pictures.DARK_CHART`), not
    for paper.

    :raises NothingToExport: if no round has been scored yet.
    """
    lang = lang or language()
    from .pictures import DARK_CHART, FILE_CHART, PAPER_CHART, WALL_CHART, chart_png

    report = vocabulary_report(game)
    subtitle = lang._("{deck}: how many classmates found each hidden word, out of how many could",
                      deck=game.deck_name)
    if projected:  # one short line on the narrower picture: the deck, and which words if not all
        subtitle = game.deck_name
        if len(report) > PROJECTED_WORDS:
            subtitle = lang._("{deck}: the {count} words found least, of {words}", deck=game.deck_name,
                              count=PROJECTED_WORDS, words=len(report))
            report = report[:PROJECTED_WORDS]
    return chart_png(report, title=lang._("Which words did the class find?"), subtitle=subtitle, lang=lang,
                     layout=WALL_CHART if projected else FILE_CHART, colors=DARK_CHART if dark else PAPER_CHART)


# ----------------------------------------------------------------- which game
class GameToExport(NamedTuple):
    """A game chosen for the results, with the save it came from (``None``: a demo game)
    and that origin in words."""

    game: Game
    save: str | None
    source: str


def game_for_results(name: str | None = None, folder: GameFolder | None = None) -> GameToExport:
    """Returns the game to export: the save called ``name``, else the newest save with a
    scored round, else a demo game played by the computer (so that a notebook always has
    something to show).

    :raises SaveError: if the save called ``name`` cannot be read.
    """
    folder = folder if folder is not None else GameFolder()
    if name is not None:
        return GameToExport(folder.load(name), name, f"the saved game {name!r} in {folder.path}")
    for save in folder.list():  # newest first
        try:
            game = folder.load(save.name)
        except SaveError:
            continue
        if game.history:
            return GameToExport(game, save.name, f"the saved game {save.name!r}: {save.describe()}")
    from ...demo import play_demo

    game = play_demo(out=lambda *_: None)
    return GameToExport(game, None, f"a demo game, as no game saved in {folder.path} has a scored round yet")


# ----------------------------------------------------------------- all at once
#: The files :func:`export_all` writes, beside the ``drawings/`` folder.
POSTER, RESULTS, VOCABULARY, CHART, DRAWINGS = (
    "poster.pdf", "results.csv", "vocabulary.csv", "vocabulary.png", "drawings",
)


def export_all(game: Game, folder: str | os.PathLike, lang: Language | None = None) -> list[Path]:
    """Writes the poster, the results, the vocabulary report and chart, and every drawing
    (in ``drawings/``) into ``folder``, creating it, and returns the files written; their
    words and their names are in ``lang`` (default English: ``affiche.pdf`` and
    ``dessins/manche1_01_Ana.png`` in French, as the dashboard's downloads,
    :func:`~incognito_nb.ui.file_names.saved_name`).

    CSV files are written with a byte-order mark, so that spreadsheet programs read
    accented names correctly.

    :raises NothingToExport: if no round has been scored yet (nothing is written).
    """
    scored_rounds(game)
    lang = lang or language()
    folder = Path(folder)
    drawings = saved_name(DRAWINGS, lang)
    (folder / drawings).mkdir(parents=True, exist_ok=True)
    written = []

    def write(name: str | Path, content: bytes | str) -> None:
        path = folder / name
        if isinstance(content, str):
            path.write_text(content, encoding="utf-8-sig", newline="")
        else:
            path.write_bytes(content)
        written.append(path)

    write(saved_name(POSTER, lang), poster_pdf(game, lang=lang))
    write(saved_name(RESULTS, lang), results_csv(game, lang))
    write(saved_name(VOCABULARY, lang), vocabulary_csv(game, lang))
    write(saved_name(CHART, lang), vocabulary_chart_png(game, lang))
    for name, png in gallery_pngs(game, lang).items():
        write(Path(drawings) / name, png)
    return written


def takeaway_files(game: Game, lang: Language | None = None) -> dict[str, bytes]:
    """Returns what the dashboard offers to download after a game, file name to content:
    the poster, the results, the vocabulary report and chart, and the drawings as one zip,
    written in ``lang`` (the dashboard's language; default English).

    :raises NothingToExport: if no round has been scored yet.
    """
    scored_rounds(game)
    drawings = io.BytesIO()
    folder = saved_name(DRAWINGS, lang or language())  # the zip's folder, as the zip is saved
    with zipfile.ZipFile(drawings, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, png in gallery_pngs(game, lang).items():
            archive.writestr(f"{folder}/{name}", png)
    return {
        POSTER: poster_pdf(game, lang=lang),
        RESULTS: results_csv(game, lang).encode("utf-8-sig"),
        VOCABULARY: vocabulary_csv(game, lang).encode("utf-8-sig"),
        CHART: vocabulary_chart_png(game, lang),
        f"{DRAWINGS}.zip": drawings.getvalue(),
    }
