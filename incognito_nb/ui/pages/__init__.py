"""The screens a notebook displays, each built from widgets on one page shell.

- ``table.py``: the one-screen dashboard (a laptop passed around, or a projector);
- ``teacher.py`` and ``student.py``: the classroom's teacher page and student page, one
  table shared through a store (``shared_table.py`` holds what both pages do with the table);
- ``deck_editor.py``: the teacher's word-deck editor.
"""
