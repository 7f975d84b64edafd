"""The notebooks are committed clean: thin, without outputs or execution counts.

nbval compares a widget's ``text/plain`` output in strict mode and a stale output misleads a
reader, so every notebook is committed as it would be before its first run (PLATFORM.md).
That they *run* is checked by ``pytest --nbval-lax notebooks/``.
"""

from __future__ import annotations

import json
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
