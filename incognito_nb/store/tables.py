"""What a shared table is to the people at it: its join code, its keys, and how it stands.

A teacher shows a five-character join code on the projector and students type it, so
codes use only letters and digits no one confuses (:data:`CODE_ALPHABET`) and are read
forgivingly (:func:`normalise_code`).  Creating a table gives the teacher a key
(:class:`TableKeys`) and joining gives a student a seat token (:class:`Seat`): both are
random, shown once and kept only as digests (:func:`digest`), so a copy of the store
gives no one a seat.  A page reads a table as a :class:`TableSnapshot`.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from ..engine import Action, Game, Rules
from ..engine.errors import N_
from .errors import NotAllowed, StoreError, UnknownTable
from .records import TableRecord

#: Join codes use letters and digits no one confuses when copying from a projector
#: (no 0/O, 1/I/L); five of them give 28 million codes.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 5
_LANGUAGE_CODE = re.compile(r"[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*\Z")


# ------------------------------------------------------------------ values
@dataclass(frozen=True)
class TableKeys:
    """What the teacher gets on creating a table: the join code to show, and the key
    that lets them start, end phases and remove players (keep it in the teacher's URL)."""

    code: str
    teacher_key: str = field(repr=False)


@dataclass(frozen=True)
class Seat:
    """A player's seat at a table; ``token`` is their secret, for the rejoin link."""

    code: str
    name: str
    token: str = field(repr=False)


@dataclass(frozen=True)
class TableSnapshot:
    """A table as it stood at ``version``.  Trusted: ``game`` holds every secret, so a
    page renders only ``game.player_view(viewer)`` from it."""

    code: str
    version: int
    players: tuple[str, ...]
    game: Game | None
    deck_name: str
    created_at: datetime
    updated_at: datetime
    deck_language: str = "en"
    rules: Rules = field(default_factory=Rules)
    #: The interface language the teacher chose for the table (a code such as ``"es"``).
    language: str = "en"
    #: The actions between the version asked for (``read(code, since=…)``) and this one,
    #: oldest first, when this kernel still knows them; None otherwise (render everything).
    changes: tuple[tuple[int, Action], ...] | None = field(default=None, repr=False, compare=False)

    @property
    def started(self) -> bool:
        """Checks if the game has started (the lobby is closed)."""
        return self.game is not None

    def view(self, viewer: str | None, *, drawings: bool = True) -> dict[str, Any]:
        """Returns what ``viewer`` may see of the table, as JSON-safe data (``None``: the
        projector): the lobby, and from the start on ``game.player_view(viewer)`` alone
        (``drawings=False``: the boards named, not listed; see ``Game.player_view``).

        :raises IllegalAction: if the game has started and the viewer is not at the table.
        """
        return {
            "code": self.code,
            "version": self.version,
            "players": list(self.players),
            "deck": {"name": self.deck_name, "language": self.deck_language},
            "language": self.language,
            "started": self.started,
            "game": self.game.player_view(viewer, drawings=drawings) if self.game is not None else None,
        }


# ------------------------------------------------------------------ codes
def new_code() -> str:
    """Returns a random join code, such as ``'K7QXM'``."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normalise_code(code: Any) -> str:
    """Returns a join code as stored: capitals, without spaces or dashes.

    >>> normalise_code(" k7q-xm ")
    'K7QXM'

    :raises UnknownTable: if it cannot be a join code.
    """
    text = "".join(code.split()).replace("-", "").upper() if isinstance(code, str) else ""
    if not text:
        raise UnknownTable(
            N_("No table code was given: a code is {length} letters and digits, like K7QXM. "
               "Type the code shown on the projector, or open the link your teacher gave."),
            length=CODE_LENGTH,
        )
    if len(text) != CODE_LENGTH or any(ch not in CODE_ALPHABET for ch in text):
        shown = code.strip() if isinstance(code, str) else repr(code)
        shown = shown if len(shown) <= 12 else shown[:12] + "…"
        raise UnknownTable(
            N_("{code} is not a table code: a code is {length} letters and digits, like K7QXM. "
               "Check the code on the projector."),
            code=repr(shown), length=CODE_LENGTH,
        )
    return text


def check_language_code(language: Any) -> str:
    """Returns ``language`` as a table keeps it (a short code: ``"es"``, ``"en-XA"``).

    :raises StoreError: if it is not a language code.
    """
    if not isinstance(language, str) or not _LANGUAGE_CODE.match(language):
        raise StoreError(N_("{language} is not a language code; write a short code such as 'en' or 'es'."),
                         language=f"{language!r:.20}")
    return language


# ------------------------------------------------------------------ keys and seat tokens
def new_secret() -> str:
    """Returns a fresh teacher key or seat token (URL-safe, 128 random bits)."""
    return secrets.token_urlsafe(16)


def digest(secret: str) -> str:
    """Returns the digest a key or token is stored as."""
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def check_teacher_key(record: TableRecord, key: Any) -> None:
    """Checks that ``key`` is the teacher key of the table ``record`` keeps.

    :raises NotAllowed: if it is not.
    """
    if not _matches(key, record.teacher):
        raise NotAllowed(N_("This teacher link is not valid for table {code}: "
                            "only the teacher who created the table can do that."), code=record.code)


def seat_of(record: TableRecord, token: Any) -> str:
    """Returns the name of the player whose seat ``token`` is, at the table ``record`` keeps.

    :raises NotAllowed: if the token holds no seat there.
    """
    for name, stored in record.lobby:
        if _matches(token, stored):
            return name
    raise NotAllowed(N_("This rejoin link is not valid for table {code}: ask the teacher for a new one."),
                     code=record.code)


def _matches(secret: Any, stored: str) -> bool:
    return isinstance(secret, str) and hmac.compare_digest(digest(secret), stored)
