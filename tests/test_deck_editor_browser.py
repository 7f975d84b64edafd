"""The deck editor's page as a French or German teacher sees it in Chromium, on a laptop and a tablet."""

from __future__ import annotations

import os

import pytest

from browser import REPO, resize, voila_server

pytestmark = pytest.mark.browser

#: Labels and buttons whose words do not fit their box (ipywidgets ends them with "…").
_CUT = """() => [...document.querySelectorAll('.inc-deck-editor .widget-label, .inc-deck-editor button')]
    .filter(el => el.getClientRects().length && el.scrollWidth > el.clientWidth + 1)
    .map(el => el.innerText.trim())"""


#: Words of the notebook's markdown cells, once English on every page.
_ENGLISH = ("Make a word deck", "Type or paste", "Play with it", "Press Check")


def test_a_german_and_a_french_teacher_read_every_label_and_upload_an_excel_file(page, tmp_path):
    """On a German page the deck name's label read 'Name des…' and Try a sample 'Beispiel
    ausprob…', at 1024 and 1280 pixels alike; each label and button now shows its words whole.
    The notebook's markdown cells said in English what the editor says in the page's language."""
    excel = tmp_path / "cuisine.csv"  # Excel's plain "CSV" on a French computer: Windows-1252, ';'
    excel.write_bytes("kind;word;hint\r\nobject;cuillère;;\r\nlocation;cuisine;;\r\n".encode("cp1252"))
    env = {**os.environ, "INCOGNITO_NB_DECKS": str(tmp_path / "decks")}
    with voila_server(REPO / "notebooks" / "teacher_decks.ipynb", env=env) as url:
        for lang, sample in (("de", "Beispiel ausprobieren"), ("fr", "Essayer un exemple")):
            page.goto(f"{url}/?lang={lang}", timeout=120_000)
            page.wait_for_selector(f".inc-deck-sample:has-text('{sample}')", timeout=120_000)
            for size in ({"width": 1024, "height": 768}, {"width": 1280, "height": 720}):
                resize(page, size)
                assert page.evaluate(_CUT) == [], (lang, size)
            # The notebook's own cells hold no English: its prose stood above the editor's own.
            shown = page.inner_text("body")
            assert not [words for words in _ENGLISH if words in shown], (lang, shown[:300])
        with page.expect_file_chooser() as chooser:
            page.click(".inc-deck-editor-upload")
        chooser.value.set_files(str(excel))
        page.wait_for_selector(".inc-preview:has-text('cuillère')", timeout=60_000)
        assert page.input_value(".inc-deck-language input") == "fr"
