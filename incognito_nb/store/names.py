"""Who counts as the same player at a table: one name, however it was typed or disguised.

Students join from their own devices, so a table must not seat "Ana" twice: not as
"ana", not as "Zoé" typed with a composed "é" beside "Zoé" typed as "e" and an accent,
and not as "Аna" with a Cyrillic "А" that looks exactly like the Latin one.  Names are
compared in Unicode's composed form, case folded (:func:`~incognito_nb.engine.players.name_key`),
and then as Unicode's confusables list (UTS #39) sees them: two names that a reader
cannot tell apart on a projector are one name.  The list and its comparison come from
the ``confusables`` package, loaded on the first comparison only (it holds ~20 MB of
mappings), so a page that never seats anyone does not pay for it.
"""

from __future__ import annotations

from functools import lru_cache

from ..engine.players import name_key


@lru_cache(maxsize=1)
def _confusables():
    import confusables

    return confusables


def same_name(a: str, b: str) -> bool:
    """Checks if two players' names would read as one: the same name after Unicode
    normalisation and case folding, or names a reader cannot tell apart.

    >>> same_name("Ana", "ana"), same_name("Ana", "\\u0410na"), same_name("Zoé", "Zoe\\u0301"), same_name("Ana", "Ben")
    (True, True, True, False)
    """
    first, second = name_key(a), name_key(b)
    return first == second or _confusables().is_confusable(first, second)
