"""Settings for every pytest run from the repository, notebooks included (``pytest --nbval-lax notebooks/``).

The kernels nbval starts inherit this process's environment, so games and decks that a
notebook saves land in throwaway folders, never in a teacher's own ``~/incognito-saves``
or ``~/incognito-decks``.  (A ``conftest.py`` inside ``notebooks/`` would clash with
``tests/conftest.py`` under ``--doctest-modules``: both would be the module ``conftest``.)
"""

import os
import tempfile

os.environ["INCOGNITO_NB_SAVES"] = tempfile.mkdtemp(prefix="incognito-nb-saves-")
os.environ["INCOGNITO_NB_DECKS"] = tempfile.mkdtemp(prefix="incognito-nb-decks-")
