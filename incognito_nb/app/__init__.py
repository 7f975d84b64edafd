"""The application around the widgets: what a notebook displays, the commands that serve
it, and the three parts behind them, each in its folder.

- here: the launcher (``incognito-nb``: ``launcher.py``, with ``classroom_cli.py``,
  ``deck_cli.py`` and what the serving commands share, ``serving.py``), the notebooks
  (``play.ipynb``, ``classroom/``) and what they and the teacher's notebooks import
  (``dashboard.py``, ``classroom.py``, ``class_page.py``, ``results.py``), and the template deck;
- ``server/``: the classroom server;
- ``files/``: the files a game leaves (tables, pictures, the poster);
- ``lite/``: the static site.
"""

from .dashboard import dashboard

__all__ = ["dashboard"]
