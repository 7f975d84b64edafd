"""The engine stands alone: importing it loads no widget library (STYLE.md)."""

from __future__ import annotations

import subprocess
import sys


def test_importing_the_engine_loads_no_widget_library():
    probe = (
        "import sys, incognito_nb, incognito_nb.engine, incognito_nb.store;"
        "loaded = [m for m in ('ipywidgets', 'ipycanvas', 'traitlets', 'voila', 'IPython') if m in sys.modules];"
        "print(','.join(loaded))"
    )
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == ""


def test_the_facade_is_reexported_from_the_package():
    import incognito_nb
    import incognito_nb.engine as engine

    for name in ("Phase", "Stroke", "Drawing", "Rules", "Deck", "load_deck", "Game",
                 "IllegalAction", "DeckError", "SaveError"):
        assert getattr(incognito_nb, name) is getattr(engine, name)
    assert all(issubclass(e, ValueError) for e in (engine.IllegalAction, engine.DeckError, engine.SaveError))
