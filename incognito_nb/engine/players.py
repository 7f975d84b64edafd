"""The people at a table: what a player's name may be, when two names are one, and how
many players a table seats.

Names are typed by students on their own devices and read aloud from a projector, so they
are cleaned and checked once, here, for a new game, a save read back and the table store.
"""

from __future__ import annotations

import unicodedata
from typing import Any, Iterable

from .errors import N_, IllegalAction, Quoted
from .rules import MAX_NAME_LENGTH, MAX_PLAYERS, MIN_PLAYERS


def _shown(name: str) -> str:
    """Returns ``name`` as an error message may quote it: whole, or its start when long."""
    return Quoted(name) if len(name) <= MAX_NAME_LENGTH else Quoted(name[:MAX_NAME_LENGTH], cut=True)


def clean_name(name: Any) -> str:
    """Returns a player's name trimmed, with inner runs of spaces made single, in Unicode's
    composed form (NFC: an "é" typed as "e" and an accent is stored as the one "é").

    :raises IllegalAction: if the name is blank, too long or holds control characters.
    """
    if not isinstance(name, str):
        raise IllegalAction(N_("A player's name is text, not {kind}."), rule="player_names",
                            kind=type(name).__name__)
    cleaned = unicodedata.normalize("NFC", " ".join(name.split()))
    if not cleaned:
        raise IllegalAction(N_("Every player needs a name: a name cannot be blank."), rule="player_names")
    if len(cleaned) > MAX_NAME_LENGTH:
        raise IllegalAction(
            N_("The name {name} is {length} characters long; use at most {limit}."),
            rule="player_names", name=_shown(cleaned), length=len(cleaned), limit=MAX_NAME_LENGTH,
        )
    if any(unicodedata.category(ch) in ("Cc", "Cf") for ch in cleaned):
        raise IllegalAction(
            N_("The name {name} holds invisible control characters; type it again."),
            rule="player_names", name=_shown(cleaned),
        )
    return cleaned


def name_key(name: str) -> str:
    """Returns the form in which two names count as the same: cleaned spacing, Unicode's
    composed form and case folded ("ZOÉ" and "zoé" typed either way are one name)."""
    return unicodedata.normalize("NFC", " ".join(name.split())).casefold()


def check_players(players: Iterable[Any]) -> tuple[str, ...]:
    """Returns the seating order of a new table, names cleaned.

    :raises IllegalAction: for fewer than 3 or more than 6 players, or a blank,
        overlong or duplicate name (duplicates ignore case and spacing).
    """
    if isinstance(players, str):
        raise IllegalAction(N_("Give the players as a list of names."), rule="player_count")
    names = tuple(clean_name(p) for p in players)
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise IllegalAction(
            N_("Incognito is played by {low} to {high} players; this table has {count}."),
            rule="player_count", low=MIN_PLAYERS, high=MAX_PLAYERS, count=len(names),
        )
    seen: dict[str, str] = {}
    for name in names:
        key = name_key(name)
        if key in seen:
            raise IllegalAction(
                N_("Two players are called {first} and {second}; give each player a different name."),
                rule="player_names", first=Quoted(seen[key]), second=Quoted(name),
            )
        seen[key] = name
    return names
