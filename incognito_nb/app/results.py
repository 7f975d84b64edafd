"""After the game, in a notebook: what ``notebooks/results.ipynb`` shows and writes.

The notebook's three steps, one call each: :meth:`Results.show_game` (the saved games, and
the one chosen: the save named, else the newest with a scored round, else a demo game the
computer plays, :func:`~.files.exports.game_for_results`), :meth:`Results.show_words` (the
vocabulary chart and the words, hardest first) and :meth:`Results.write_files` (the poster,
the CSV files, the chart and the drawings, :func:`~.files.exports.export_all`).  What each
prints is a method of its own returning the text, so that it is tested without a kernel.
The texts it prints are in English, as the notebook's own are; the files it writes (the
poster, the CSV files' headings and separator, the chart, and their names: ``affiche.pdf``,
``dessins/``) are in the teacher's language, as the game over's are: the page's ``?lang=``, else ``INCOGNITO_NB_LANGUAGE``, as the class and deck
notebooks find it (:func:`~.dashboard.page_language`), else English.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Sequence

from ..store import GameFolder
from incognito_nb.ui.i18n import language as i18n_language
from .dashboard import page_language
from .files.exports import GameToExport, export_all, game_for_results, vocabulary_chart_png, vocabulary_report

#: Where the files of a saved game go, beside the notebook: ``results/<save name>``.
RESULTS_FOLDER = "results"


class Results:
    """One game's results for the notebook: the save called ``save_name`` in ``folder``
    (default: the dashboard's saves folder), else the newest one with a scored round, else
    a demo game; its files are written in ``language`` (a code: ``"fr"``), else the teacher's
    (see the module).

    :raises SaveError: if the save called ``save_name`` cannot be read.
    """

    def __init__(self, save_name: str | None = None, folder: GameFolder | None = None,
                 *, results_folder: str | Path = RESULTS_FOLDER, language: str | None = None) -> None:
        self.lang = i18n_language(page_language(language))
        self.folder = folder if folder is not None else GameFolder()
        self.chosen: GameToExport = game_for_results(save_name, self.folder)
        self.game = self.chosen.game
        self.results_folder = Path(results_folder)

    # -- 1. the game
    def game_text(self) -> str:
        """Returns the saved games, one a line, then which game the results are of, its
        players and its deck."""
        saves = [f"{save.name}: {save.describe()}" for save in self.folder.list()]
        chosen = [f"Results of {self.chosen.source}.",
                  f"Players: {', '.join(self.game.players)} | words: {self.game.deck_name}"]
        return "\n".join([*saves, "", *chosen] if saves else chosen)

    def show_game(self) -> None:
        """Prints :meth:`game_text`."""
        print(self.game_text())

    # -- 2. the words
    def words_text(self) -> str:
        """Returns each word drawn, hardest first: who found it of how many could, the round,
        the artist and the place."""
        return "\n".join(f"{row['word']:<20} found by {row['found']} of {row['could']} ({row['share']:>3}%)"
                         f"   round {row['round']}, drawn by {row['artist']} in: {row['location']}"
                         for row in vocabulary_report(self.game))

    def chart_png(self) -> bytes:
        """Returns the vocabulary chart: one bar per word drawn, hardest first."""
        return vocabulary_chart_png(self.game, self.lang)

    def show_words(self) -> None:
        """Displays the chart, then prints :meth:`words_text`."""
        from IPython.display import Image, display

        display(Image(self.chart_png()))
        print(self.words_text())

    # -- 3. the files
    def target(self) -> Path:
        """Returns the folder the files go to: ``results/<save name>``, or for a demo game a
        new temporary folder (a demo is nobody's game to keep)."""
        if self.chosen.save is None:
            return Path(tempfile.mkdtemp(prefix="incognito-results-"))
        return self.results_folder / self.chosen.save

    def write_files(self) -> list[Path]:
        """Writes every file into :meth:`target`, prints what was written, and returns it."""
        target = self.target()
        written = export_all(self.game, target, self.lang)
        print(self.written_text(target, written))
        return written

    @staticmethod
    def written_text(target: Path, written: Sequence[Path]) -> str:
        """Returns how many files were written where, and each one's name inside ``target``."""
        return "\n".join([f"{len(written)} files written to {target.resolve()}:",
                          *(f"  {path.relative_to(target)}" for path in written)])
