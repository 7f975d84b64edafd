"""What players and teachers see and touch, built with ipywidgets and ipycanvas.

- ``widgets/``: reusable pieces, each a small widget class that renders from engine
  values and hands changes back as engine values (the drawing pad, a board, the
  line-up, the vote panel, the scoreboard, the curtain, the setup form, ...).
- ``pages/``: the screens a notebook displays, each built from widgets on one page
  shell: the one-screen table dashboard, the classroom's teacher and student pages,
  and the teacher's deck editor.
- ``i18n.py``: a page's :class:`~incognito_nb.ui.i18n.Language`, which every widget it
  builds is handed: the words of every screen, read from the gettext catalogues in
  ``incognito_nb/locales`` (a folder of their own, for translators' tools).

No game state is kept in a widget: pages render from the :class:`~incognito_nb.engine.Game`
(or a shared table's snapshot) and send actions to it.
"""
