"""``notebooks/results.ipynb``'s three steps, as the package does them (``incognito_nb.app.results``):
the game chosen and said, the words found, the files written where the notebook says."""

from __future__ import annotations

import os
from pathlib import Path

from incognito_nb import Game, Phase
from incognito_nb.app.files.exports import CHART, POSTER, RESULTS, VOCABULARY
from incognito_nb.app.results import Results
from incognito_nb.store import GameFolder
from sketches import play_planned

FOUR = ("Ana", "Ben", "Cleo", "Dev")


def a_folder_with_monday(tmp_path: Path) -> GameFolder:
    """A saves folder with "monday" (one round scored, older) and "autosave" (nothing scored, newer)."""
    folder = GameFolder(tmp_path / "saves")
    folder.save(play_planned(FOUR, stop_after=1), "monday")
    os.utime(folder.path / "monday.incognito.json", (1, 1))
    folder.save(Game.new(FOUR, seed=2), "autosave")
    return folder


def test_the_game_step_lists_the_saves_and_says_which_game_and_who_played(tmp_path):
    results = Results(folder=a_folder_with_monday(tmp_path))
    lines = results.game_text().splitlines()
    assert [line.split(":")[0] for line in lines[:2]] == ["autosave", "monday"], "every save, newest first"
    assert lines[2] == ""
    assert lines[3].startswith("Results of the saved game 'monday'") and lines[3].endswith(".")
    assert lines[4] == f"Players: Ana, Ben, Cleo, Dev | words: {results.game.deck_name}"


def test_with_no_save_the_game_step_says_it_shows_a_demo_game(tmp_path):
    results = Results(folder=GameFolder(tmp_path / "empty"))
    assert results.game.phase is Phase.OVER
    assert results.game_text().startswith("Results of a demo game, as no game saved in ")


def test_the_words_step_says_each_word_drawn_hardest_first(tmp_path):
    results = Results("monday", a_folder_with_monday(tmp_path))
    lines = results.words_text().splitlines()
    assert len(lines) == 4, "one line a drawing of the scored round"
    shares = [int(line.split("(")[1].split("%")[0]) for line in lines]
    assert shares == sorted(shares)
    record = results.game.history[0]
    first = lines[0]
    word = first.split(" found by ")[0].strip()
    artist = next(player for player in FOUR if record.objects[player] == word)
    assert first.endswith(f"round 1, drawn by {artist} in: {record.locations[artist]}")
    assert results.chart_png().startswith(b"\x89PNG")


def test_a_saved_games_files_go_to_results_and_its_name(tmp_path, capsys):
    results = Results("monday", a_folder_with_monday(tmp_path), results_folder=tmp_path / "results")
    written = results.write_files()
    target = tmp_path / "results" / "monday"
    assert {POSTER, RESULTS, VOCABULARY, CHART} <= {path.name for path in written}
    assert all(path.is_file() and target in path.parents for path in written)
    said = capsys.readouterr().out.splitlines()
    assert said[0] == f"{len(written)} files written to {target.resolve()}:"
    assert "  poster.pdf" in said


def test_a_demo_games_files_go_to_a_new_temporary_folder(tmp_path):
    results = Results(folder=GameFolder(tmp_path / "empty"), results_folder=tmp_path / "results")
    first, second = results.target(), results.target()
    assert first != second and first.is_dir() and not (tmp_path / "results").exists()


def test_the_files_are_in_the_teachers_language_as_the_game_overs_are(tmp_path, monkeypatch):
    """A French teacher's notebook wrote an English poster and English, comma-separated CSV
    files, where the dashboard's game over writes them in French (headings, ";")."""
    monkeypatch.delenv("QUERY_STRING", raising=False)
    monkeypatch.setenv("INCOGNITO_NB_LANGUAGE", "fr")
    results = Results("monday", a_folder_with_monday(tmp_path), results_folder=tmp_path / "results")
    written = {path.name: path for path in results.write_files()}
    header = written["résultats.csv"].read_text(encoding="utf-8-sig").splitlines()[0]
    assert ";" in header and "manche" in header.lower(), header
    assert b"/Lang (fr)" in written["affiche.pdf"].read_bytes(), "named as the game over's downloads"
    assert not {POSTER, RESULTS} & set(written)
    english = Results("monday", a_folder_with_monday(tmp_path / "en"), results_folder=tmp_path / "en" / "results",
                      language="en")
    assert english.lang.code == "en"
