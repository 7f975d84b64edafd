"""Reads the stylesheets kept as ``.css`` files beside the modules whose widgets they dress.

A sheet longer than a few rules is read, linted and diffed as CSS, not as a Python
string: each module reads its own once, at import (``CSS = read_sheet(__file__, "gallery.css")``),
and the page shell joins them into the page's one ``<style>``
(:func:`incognito_nb.ui.shell.stylesheet`).  The files ship inside the package, in the
wheel and in the static site's own wheel alike.
"""

from __future__ import annotations

from pathlib import Path


def read_sheet(module_file: str, name: str) -> str:
    """Returns the stylesheet ``name`` kept in the folder of ``module_file`` (a module's
    ``__file__``), beginning on a line of its own: each sheet starts a new line in the page's
    ``<style>``, as it did when it was a Python string."""
    return "\n" + (Path(module_file).parent / name).read_text(encoding="utf-8")
