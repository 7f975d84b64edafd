"""A class's report as files and pictures: a chart whose title is whole and whose page
version stays short (the PDF's labels: test_class_report_pdf.py)."""

from __future__ import annotations

import io
import random

from PIL import Image

from incognito_nb.app.files.class_files import class_chart_png, trend_note
from incognito_nb.app.files.pictures import PHONE_CHART, Lettering, chart_png
from incognito_nb.engine.class_record import ClassRecord, GameRecord
from incognito_nb.store.class_book import finished_at
from incognito_nb.ui.i18n import language

from class_games import play_game

NAMES = ("Ana", "Benoît", "Chloé", "Maximilian-Alexander", "Zoë", "Ñandú")


def a_class(games: int = 6, name: str = "3B Español — grupo de los martes") -> ClassRecord:
    records = []
    for seed in range(games):
        game = play_game(random.Random(seed).sample(NAMES, 5), random.Random(seed).choice, seed=seed)
        records.append(GameRecord.from_game(game, finished=finished_at(1_790_000_000 + seed * 604800)))
    return ClassRecord(name, NAMES, tuple(records))


def png_size(png: bytes) -> tuple[int, int]:
    return Image.open(io.BytesIO(png)).size


def test_a_long_chart_title_takes_more_lines_and_is_never_cut():
    title = "3B Español — grupo de los martes: cuántas veces se encontró cada palabra"
    lines = Lettering(40, bold=True).wrap(title, 1400 - 96, 3)
    assert len(lines) == 2 and " ".join(lines) == title and "…" not in title
    rows = [{"word": "lámpara", "could": 4, "found": 1, "share": 25}]
    short, long = chart_png(rows, title="Short", notes=[""]), chart_png(rows, title=title, notes=[""])
    assert png_size(long)[1] == png_size(short)[1] + 52, "a second line, the rows below it"
    assert png_size(chart_png(rows, title=title, notes=[""], layout=PHONE_CHART))[0] == 700


def test_the_report_pages_chart_shows_the_words_found_least_and_a_phones_chart_is_narrow():
    record = a_class()
    full, page = class_chart_png(record), class_chart_png(record, most=10)
    phone = class_chart_png(record, most=10, phone=True)
    assert len({d.word for game in record.games for d in game.drawings}) > 30
    assert png_size(page)[0] == 1400 and png_size(page)[1] < 1100 < png_size(full)[1]
    assert png_size(phone)[0] == 700 and png_size(phone)[1] < 1300


def test_a_words_trend_is_said_as_the_latest_game_against_the_games_before(monkeypatch):
    lang = language()
    assert trend_note(None, lang) == ""
    assert trend_note(0, lang) == "latest game: as before"
    assert trend_note(1, lang) == "latest game: 1 point better"
    assert trend_note(-12, lang) == "latest game: 12 points worse"
    seen = {}
    monkeypatch.setattr("incognito_nb.app.files.pictures.chart_png", lambda rows, **kw: seen.update(kw) or b"")
    class_chart_png(a_class())
    assert not any("+0" in note or "trend" in note for note in seen["notes"]), seen["notes"]
