"""The notebooks are committed clean: thin, without outputs or execution counts.

nbval compares a widget's ``text/plain`` output in strict mode and a stale output misleads a
reader, so every notebook is committed as it would be before its first run (PLATFORM.md).
That they *run* is checked by ``pytest --nbval-lax notebooks/``.
"""

from __future__ import annotations

import ast
import json
import os
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((REPO / "notebooks").glob("*.ipynb")) + sorted((REPO / "incognito_nb").rglob("*.ipynb"))


def test_the_teacher_notebooks_are_there():
    names = {path.name for path in NOTEBOOKS}
    assert {"incognito.ipynb", "teacher_decks.ipynb", "api_tour.ipynb"} <= names


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: str(path.relative_to(REPO)))
def test_notebook_is_committed_without_outputs_or_execution_counts(path):
    notebook = json.loads(path.read_text(encoding="utf-8"))
    for number, cell in enumerate(notebook["cells"], start=1):
        if cell["cell_type"] == "code":
            assert cell.get("outputs") == [], f"cell {number} has outputs"
            assert cell.get("execution_count") is None, f"cell {number} has an execution count"
    assert notebook["metadata"]["kernelspec"]["name"] == "python3"


def run_top_to_bottom(name: str, folder: Path, *extra_cells: str):
    """Runs ``notebooks/<name>`` cell by cell in a fresh kernel, as Voilà does when the page
    opens (or a teacher pressing Run All in JupyterLab), with the saves and decks folders
    empty in ``folder``; returns the notebook with its outputs, ``extra_cells`` run last."""
    import nbformat
    from nbclient import NotebookClient

    notebook = nbformat.read(REPO / "notebooks" / name, as_version=4)
    notebook.cells.extend(nbformat.v4.new_code_cell(source) for source in extra_cells)
    env = {**os.environ, "INCOGNITO_NB_DECKS": str(folder / "decks"), "INCOGNITO_NB_SAVES": str(folder / "saves")}
    env.pop("INCOGNITO_NB_STORE", None)
    client = NotebookClient(notebook, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(folder)}})
    client.km = client.create_kernel_manager()
    client.start_new_kernel(env=env)
    try:
        client.start_new_kernel_client()
        for index, cell in enumerate(notebook.cells):
            client.execute_cell(cell, index)
    finally:
        client._cleanup_kernel()
    return notebook


def test_the_deck_notebook_opened_in_voila_writes_no_deck_and_fills_no_box(tmp_path):
    """Voilà runs every cell of a notebook as it opens: the deck notebook must leave the
    teacher an empty editor and write nothing (it pasted a sample farm deck into the boxes
    and saved it to ``~/incognito-decks``, replacing a file of the same name, at every
    opening). The sample is a button now (:meth:`DeckEditor.paste_sample`)."""
    notebook = run_top_to_bottom("teacher_decks.ipynb", tmp_path,
                                 "print(repr(editor.objects_field.value), repr(editor.locations_field.value), editor.deck)")
    last = "".join(output.get("text", "") for output in notebook.cells[-1].outputs)
    assert last.strip() == "'' '' None", last
    decks = tmp_path / "decks"
    assert not decks.exists() or list(decks.iterdir()) == []


def test_the_play_notebook_run_in_jupyterlab_shows_no_warning(tmp_path):
    """A teacher who runs ``incognito.ipynb`` in JupyterLab (or the README's Binder link to
    the notebooks) with no class store, the usual case, sees the dashboard and nothing else:
    a red box said "the class book could not be read: no class store at …/classroom.sqlite
    yet (`incognito-nb class add` makes it)" above it. (Voilà hides stderr.)"""
    notebook = run_top_to_bottom("incognito.ipynb", tmp_path)
    said = [output.get("text", "") for cell in notebook.cells for output in cell.get("outputs", [])
            if output.get("name") == "stderr" or output.get("output_type") == "error"]
    assert said == []
    assert not (tmp_path / "saves" / "classroom.sqlite").exists()


def test_the_deck_notebooks_table_offers_the_deck_checked_after_the_page_opened(tmp_path):
    """In Voilà the notebook's last cell, the table to play with, runs as the page opens,
    before the teacher has typed a word: it was built with no deck and offered the built-in
    ones only, whatever was checked after ("starts with your checked deck chosen", said the
    notebook). The table now follows the editor's checks."""
    notebook = run_top_to_bottom("teacher_decks.ipynb", tmp_path, "\n".join([
        "table = _",
        "editor.paste_sample()",
        "from incognito_nb.ui.widgets.setup_form import SetupForm",
        "form = next(w for w in table.stage.children if isinstance(w, SetupForm))",
        "print(form.deck.name)",
    ]))
    last = "".join(output.get("text", "") for output in notebook.cells[-1].outputs)
    assert last.strip() == "En la granja", last


@pytest.mark.browser
def test_the_deck_notebook_in_voila_reads_as_a_page(page, tmp_path):
    """The deck notebook served by Voilà, as a teacher opens it, once the sample is checked:
    the upload button says its words alone (ipywidgets writes "Upload a deck (.csv) (0)", a
    count of files the setup form already hides) and the preview's sentences wrap as sentences
    ("Objects: huevo, pollito, …" took a second line 28 px below for 13-px type)."""
    from a11y import check_modes
    from browser import voila_server

    env = {**os.environ, "INCOGNITO_NB_DECKS": str(tmp_path / "decks"), "INCOGNITO_NB_SAVES": str(tmp_path / "saves")}
    with voila_server(REPO / "notebooks" / "teacher_decks.ipynb", env=env) as url:
        page.set_viewport_size({"width": 1280, "height": 900})
        page.goto(url, timeout=60_000)
        page.wait_for_selector(".inc-deck-sample", timeout=60_000)
        page.click(".inc-deck-sample")
        page.wait_for_selector(".inc-deck-editor .inc-preview", timeout=20_000)
        painted = page.locator(".inc-deck-editor-upload").evaluate(
            "b => [...b.childNodes].filter(n => n.nodeType === 3).map(n => { const r = document.createRange();"
            " r.selectNodeContents(n); return r.getBoundingClientRect().width > 0 ? n.textContent.trim() : ''; })"
            ".filter(t => t).join(' ')")
        assert "(0)" not in painted, painted
        shown = page.locator(".inc-deck-editor-upload").evaluate("b => getComputedStyle(b, '::after').content")
        assert shown == '"Upload a deck (.csv)"', shown  # its title, in the count's place
        loose = page.evaluate("""() => {
            const out = [];
            const walker = document.createTreeWalker(document.querySelector('.inc-deck-editor'), NodeFilter.SHOW_TEXT);
            for (let n = walker.nextNode(); n; n = walker.nextNode()) {
                const el = n.parentElement, style = getComputedStyle(el);
                if (!n.textContent.trim() || !(parseFloat(style.lineHeight) >= 1.65 * parseFloat(style.fontSize))) continue;
                const r = document.createRange(); r.selectNodeContents(n);
                if (new Set([...r.getClientRects()].filter(x => x.width > 0).map(x => Math.round(x.top))).size > 1)
                    out.push(n.textContent.trim().slice(0, 40));
            }
            return out; }""")
        assert loose == [], loose
        # axe-core, landmarks included: the notebook's markdown title and the whole editor stood
        # outside any landmark (a screen reader's list of landmarks skipped the editor).
        started = time.monotonic()
        check_modes(page, "the deck notebook, its sample checked", modes=("light",))
        print(f"axe-core on the deck notebook: {time.monotonic() - started:.1f} s")


#: The tour scripts a game by hand, cell by cell: showing the engine's calls is its point.
TOUR = "api_tour.ipynb"
#: What a thin notebook's code cell does not do: its logic is the package's (STYLE.md).
LOGIC = (ast.For, ast.While, ast.If, ast.With, ast.Try, ast.FunctionDef, ast.ClassDef, ast.Lambda,
         ast.ListComp, ast.DictComp, ast.SetComp, ast.GeneratorExp)


@pytest.mark.parametrize("path", [path for path in NOTEBOOKS if path.name != TOUR],
                         ids=lambda path: str(path.relative_to(REPO)))
def test_notebook_is_thin_it_imports_builds_and_displays(path):
    notebook = json.loads(path.read_text(encoding="utf-8"))
    for number, cell in enumerate(notebook["cells"], start=1):
        if cell["cell_type"] != "code":
            continue
        source = "".join(cell["source"])
        statements = ast.parse(source).body
        logic = sorted({type(node).__name__ for node in ast.walk(ast.Module(statements, [])) if isinstance(node, LOGIC)})
        assert logic == [], f"cell {number} holds logic ({', '.join(logic)}): it belongs in the package"
        assert len(statements) <= 6, f"cell {number} has {len(statements)} statements"


def test_the_deck_notebook_speaks_the_pages_language_and_saves_decks_for_its_spreadsheet(tmp_path, monkeypatch):
    """A French teacher opening the deck editor's page (``?lang=fr``, which Voilà hands the
    kernel as ``QUERY_STRING``) read it in English, and Save deck wrote 'kind,word', a file
    French Excel shows in one column. The editor, its table and its saves now speak French."""
    monkeypatch.setenv("QUERY_STRING", "lang=fr")
    notebook = run_top_to_bottom("teacher_decks.ipynb", tmp_path, "\n".join([
        "table = _",
        "editor.paste(objects=['cuillère', 'clé'], locations=['cuisine'], name='Cuisine', language='fr')",
        "print(editor.check_button.description, '|', editor.save_button.description, '|', table.lang.code)",
        "print(repr(editor.save().read_bytes().decode('utf-8-sig').splitlines()[3:5]))",
    ]))
    last = "".join(output.get("text", "") for output in notebook.cells[-1].outputs)
    assert last.splitlines() == ["Vérifier | Enregistrer le jeu | fr", "['kind;word', 'object;cuillère']"], last
