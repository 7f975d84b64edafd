"""A class's record: what every finished game of one class dealt, drew, found and scored.

A teacher plays with the same class week after week; each finished game is kept as a
:class:`GameRecord`, the public part of the game only (from their scoring on, every
round's cards are public, see ``rounds.py``): the deck, the words dealt each round (the
line-up), each drawing's word, location, stroke count and cards, and each player's
points.  The strokes themselves are not kept: a report needs how many there were, not
the picture of a child's drawing.  A :class:`ClassRecord` is a class's name, its
students' first names and its games, oldest first.  The report (``class_report.py``) and
the practice schedule (``practice.py``) are pure functions of it; the store keeps it.

Records are plain values that turn into JSON-safe data and back
(:meth:`GameRecord.to_dict` / :meth:`GameRecord.from_dict`), like a :class:`Game`.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any, Mapping

from .errors import N_, Explained, IllegalAction, Quoted, quoted
from .game import Game
from .players import clean_name, name_key
from .rules import Phase

#: Longest class name accepted ("3B Spanish, Tuesday").
MAX_CLASS_NAME = 60


@dataclass(frozen=True)
class DrawnWord:
    """One drawing of a finished game: the artist's secret word and what the others made of it.

    ``cards`` maps each other player to the token they placed on it (absent: no card);
    ``token`` is the word's own token, so a guesser found it when their card names it.
    """

    round: int
    artist: str
    word: str
    location: str
    strokes: int
    token: int
    cards: Mapping[str, int]
    guessers: tuple[str, ...]

    @property
    def found_by(self) -> tuple[str, ...]:
        """The guessers whose card names the word, in seating order."""
        return tuple(g for g in self.guessers if self.cards.get(g) == self.token)

    def to_dict(self) -> dict[str, Any]:
        """Returns the drawing as JSON-safe data."""
        return {"round": self.round, "artist": self.artist, "word": self.word, "location": self.location,
                "strokes": self.strokes, "token": self.token, "cards": dict(self.cards),
                "guessers": list(self.guessers)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "DrawnWord":
        """Returns the drawing that :meth:`to_dict` wrote."""
        return cls(round=int(data["round"]), artist=str(data["artist"]), word=str(data["word"]),
                   location=str(data["location"]), strokes=int(data["strokes"]), token=int(data["token"]),
                   cards={str(k): int(v) for k, v in dict(data["cards"]).items()},
                   guessers=tuple(str(g) for g in data["guessers"]))


@dataclass(frozen=True)
class GameRecord:
    """A finished game as a class's record keeps it.

    ``game_id`` is a digest of the game's final state, so the same game added twice (from
    its save and from the table it was played at) is kept once; ``finished`` is when it
    ended, an ISO 8601 UTC time, which the store's retention limit reads.
    """

    game_id: str
    finished: str
    deck: str
    language: str
    players: tuple[str, ...]
    lineups: tuple[tuple[str, ...], ...]
    drawings: tuple[DrawnWord, ...]
    points: Mapping[str, int] = field(default_factory=dict)

    @classmethod
    def from_game(cls, game: Game, *, finished: str) -> "GameRecord":
        """Returns the record of a finished game; ``finished`` is when it ended (ISO 8601, UTC).

        :raises Explained: if the game is not over (its last round's cards may still be secret).
        """
        if game.phase is not Phase.OVER:
            raise Explained(N_("Only a finished game can join a class's record; this one is in round {round}."),
                            round=game.round)
        drawings = []
        for record in game.history:
            for artist in record.players:
                drawings.append(DrawnWord(
                    round=record.number, artist=artist, word=record.objects[artist],
                    location=record.locations[artist], strokes=len(record.drawings.get(artist, ())),
                    token=record.token_of(artist),
                    cards={v: c[artist] for v, c in record.votes.items() if v != artist and artist in c},
                    guessers=tuple(p for p in record.players if p != artist),
                ))
        digest = hashlib.sha256(game.to_json().encode("utf-8")).hexdigest()[:20]
        return cls(game_id=digest, finished=finished, deck=game.deck_name, language=game.deck_language,
                   players=game.players, lineups=tuple(r.lineup for r in game.history),
                   drawings=tuple(drawings), points=dict(game.scores))

    def without(self, student: str) -> "GameRecord":
        """Returns the record as if ``student`` had not been in the game's records: their
        drawings, their cards on the others' drawings, their place among the guessers and
        their points are gone; the words dealt and the others' points stay.  Its ``game_id``
        stays, so the same game imported or collected again is still known as kept.

        ``student`` is matched as a player's name is (:func:`~.players.name_key`).
        """
        key = name_key(student)
        gone = {p for p in self.players if name_key(p) == key}
        if not gone:
            return self
        drawings = tuple(
            DrawnWord(round=d.round, artist=d.artist, word=d.word, location=d.location, strokes=d.strokes,
                      token=d.token, cards={g: c for g, c in d.cards.items() if g not in gone},
                      guessers=tuple(g for g in d.guessers if g not in gone))
            for d in self.drawings if d.artist not in gone)
        return GameRecord(game_id=self.game_id, finished=self.finished, deck=self.deck, language=self.language,
                          players=tuple(p for p in self.players if p not in gone), lineups=self.lineups,
                          drawings=drawings, points={p: n for p, n in self.points.items() if p not in gone})

    def dealt_to_players(self) -> tuple[str, ...]:
        """The words dealt as secret objects, in the order they were drawn."""
        return tuple(d.word for d in self.drawings)

    def to_dict(self) -> dict[str, Any]:
        """Returns the record as JSON-safe data."""
        return {"game_id": self.game_id, "finished": self.finished, "deck": self.deck,
                "language": self.language, "players": list(self.players),
                "lineups": [list(line) for line in self.lineups],
                "drawings": [d.to_dict() for d in self.drawings], "points": dict(self.points)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "GameRecord":
        """Returns the record that :meth:`to_dict` wrote."""
        return cls(game_id=str(data["game_id"]), finished=str(data["finished"]), deck=str(data["deck"]),
                   language=str(data["language"]), players=tuple(str(p) for p in data["players"]),
                   lineups=tuple(tuple(str(w) for w in line) for line in data["lineups"]),
                   drawings=tuple(DrawnWord.from_dict(d) for d in data["drawings"]),
                   points={str(k): int(v) for k, v in dict(data["points"]).items()})


@dataclass(frozen=True)
class ClassRecord:
    """A class: its name, its students' first names in the order given, and its finished
    games, oldest first."""

    name: str
    students: tuple[str, ...]
    games: tuple[GameRecord, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """Returns the class and its record as JSON-safe data (what ``class export`` writes)."""
        return {"format": "incognito-nb/class", "version": 1, "name": self.name,
                "students": list(self.students), "games": [g.to_dict() for g in self.games]}


def check_class_name(name: Any) -> str:
    """Returns a class's name with its spaces tidied.

    :raises Explained: for a blank name or one longer than :data:`MAX_CLASS_NAME`.
    """
    text = " ".join(str(name).split()) if isinstance(name, str) else ""
    if not text or len(text) > MAX_CLASS_NAME:
        raise Explained(N_("A class name is 1 to {limit} characters, like \"3B Spanish\", not {name}."),
                        limit=MAX_CLASS_NAME, name=quoted(name))
    return text


#: The most students a class list holds.
MAX_STUDENTS = 60


def check_students(names: Any) -> tuple[str, ...]:
    """Returns a class's first names, each tidied as a player's name is, in the order given.

    :raises IllegalAction: for a blank, long or look-alike name (two names that differ
        only in case or accents), or more than :data:`MAX_STUDENTS` names.
    :raises Explained: for an empty list.
    """
    cleaned = tuple(clean_name(n) for n in names)
    if not cleaned or len(cleaned) > MAX_STUDENTS:
        raise Explained(N_("A class lists 1 to {limit} first names, not {count}."),
                        limit=MAX_STUDENTS, count=len(cleaned))
    seen: dict[str, str] = {}
    for name in cleaned:
        first = seen.setdefault(name_key(name), name)
        if first != name or cleaned.count(name) > 1:
            raise IllegalAction(N_("Two players are called {first} and {second}; give each player a different name."),
                                rule="player_names", first=Quoted(first), second=Quoted(name))
    return cleaned
