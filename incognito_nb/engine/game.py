"""The one shared game object: who plays, what they were dealt, what they drew and guessed.

Every screen of the project binds to a :class:`Game`.  It changes only through its
actions (:meth:`Game.submit_drawing`, :meth:`Game.cast_vote`, :meth:`Game.confirm_votes`,
:meth:`Game.advance`); an action that breaks a rule raises :class:`IllegalAction` and
changes nothing.  What a person may see is given by :meth:`Game.player_view` alone.
"""

from __future__ import annotations

import random
import secrets
import unicodedata
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

from .decks import Deck
from .drawing import Drawing, Stroke
from .errors import IllegalAction
from .rules import MAX_NAME_LENGTH, MAX_PLAYERS, MIN_PLAYERS, Phase, Rules
from .scoring import found_by, score_round

#: The phases in which cards are on the table.
CARDS_IN_PLAY = (Phase.HIDE, Phase.FIND, Phase.SCORE)


@dataclass(frozen=True)
class RoundRecord:
    """Everything that happened in one scored round; all of it is public from its scoring on."""

    number: int
    objects: Mapping[str, str]
    locations: Mapping[str, str]
    lineup: tuple[str, ...]
    drawings: Mapping[str, Drawing]
    votes: Mapping[str, Mapping[str, int]]
    points: Mapping[str, int]
    players: tuple[str, ...] = field(default=())

    def token_of(self, artist: str) -> int:
        """Returns the token (1-based) of the artist's object in this round's line-up."""
        return self.lineup.index(self.objects[artist]) + 1

    def found_by(self, artist: str) -> tuple[str, ...]:
        """Returns the players who found the artist's object, in seating order."""
        return found_by(artist, self.players, self.objects, self.lineup, self.votes)


def _shown(name: str) -> str:
    """Returns ``name`` as an error message may quote it: whole, or its start when long."""
    return repr(name) if len(name) <= MAX_NAME_LENGTH else repr(name[:MAX_NAME_LENGTH]) + "…"


def clean_name(name: Any) -> str:
    """Returns a player's name trimmed, with inner runs of spaces made single, in Unicode's
    composed form (NFC: an "é" typed as "e" and an accent is stored as the one "é").

    :raises IllegalAction: if the name is blank, too long or holds control characters.
    """
    if not isinstance(name, str):
        raise IllegalAction(f"A player's name is text, not {type(name).__name__}.", rule="player_names")
    cleaned = unicodedata.normalize("NFC", " ".join(name.split()))
    if not cleaned:
        raise IllegalAction("Every player needs a name: a name cannot be blank.", rule="player_names")
    if len(cleaned) > MAX_NAME_LENGTH:
        raise IllegalAction(
            f"The name {_shown(cleaned)} is {len(cleaned)} characters long; "
            f"use at most {MAX_NAME_LENGTH}.",
            rule="player_names",
        )
    if any(unicodedata.category(ch) in ("Cc", "Cf") for ch in cleaned):
        raise IllegalAction(
            f"The name {_shown(cleaned)} holds invisible control characters; type it again.",
            rule="player_names",
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
        raise IllegalAction("Give the players as a list of names.", rule="player_count")
    names = tuple(clean_name(p) for p in players)
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise IllegalAction(
            f"Incognito is played by {MIN_PLAYERS} to {MAX_PLAYERS} players; "
            f"this table has {len(names)}.",
            rule="player_count",
        )
    seen: dict[str, str] = {}
    for name in names:
        key = name_key(name)
        if key in seen:
            raise IllegalAction(
                f"Two players are called {seen[key]!r} and {name!r}; give each player a different name.",
                rule="player_names",
            )
        seen[key] = name
    return names


class Game:
    """A game of Incognito, from the first deal to the podium.

    Build one with :meth:`Game.new`, or read one back with :meth:`Game.from_json`.
    """

    # The state below is private: the UI sees it through the methods, and the save
    # format (saves.py) through to_dict/from_dict.
    def __init__(self) -> None:
        self._players: tuple[str, ...] = ()
        self._rules = Rules()
        self._seed = ""
        self._deck_name = ""
        self._deck_language = ""
        self._object_pile: list[str] = []
        self._location_pile: list[str] = []
        self._round = 1
        self._phase = Phase.HIDE
        self._objects: dict[str, str] = {}
        self._locations: dict[str, str] = {}
        self._lineup: tuple[str, ...] = ()
        self._drawings: dict[str, Drawing] = {}
        self._done: set[str] = set()
        self._votes: dict[str, dict[str, int]] = {}
        self._confirmed: set[str] = set()
        self._history: list[RoundRecord] = []
        self._moves = 0

    # ----------------------------------------------------------------- setup
    @classmethod
    def new(
        cls,
        players: Iterable[str],
        deck: Deck | None = None,
        *,
        seed: int | str | None = None,
        rules: Rules | None = None,
    ) -> "Game":
        """Returns a new game in round 1's hide phase, with the first cards dealt.

        The same players, deck and seed always give the same game.

        :raises IllegalAction: for a wrong player count or blank, long or duplicate names.
        :raises DeckError: if the deck is too small for this table.
        """
        rules = rules if rules is not None else Rules()
        if not isinstance(rules, Rules):
            raise TypeError(f"rules must be a Rules, not {type(rules).__name__}")
        names = check_players(players)
        if len(names) > rules.lineup_size:
            raise IllegalAction(
                f"A line-up of {rules.lineup_size} tokens seats at most {rules.lineup_size} players.",
                rule="player_count",
            )
        deck = deck if deck is not None else Deck.builtin()
        deck.check_fits(players=len(names), rounds=rules.rounds, lineup_size=rules.lineup_size)
        if seed is None:
            seed = secrets.token_hex(8)
        if isinstance(seed, bool) or not isinstance(seed, (int, str)):
            raise TypeError(f"a seed is an int or a str, not {type(seed).__name__}")

        game = cls()
        game._players = names
        game._rules = rules
        game._seed = str(seed)
        game._deck_name = deck.name
        game._deck_language = deck.language
        shuffler = random.Random(f"{seed}/piles")
        game._object_pile = list(deck.objects)
        game._location_pile = list(deck.locations)
        shuffler.shuffle(game._object_pile)
        shuffler.shuffle(game._location_pile)
        game._deal()
        return game

    def _deal(self) -> None:
        """Deals this round's cards from the top of the piles (used cards are discarded)."""
        n, size = len(self._players), self._rules.lineup_size
        objects = self._object_pile[:size]
        locations = self._location_pile[:n]
        del self._object_pile[:size], self._location_pile[:n]
        self._objects = dict(zip(self._players, objects))
        self._locations = dict(zip(self._players, locations))
        lineup = list(objects)  # the players' objects and the decoys that fill the line
        random.Random(f"{self._seed}/lineup/{self._round}").shuffle(lineup)
        self._lineup = tuple(lineup)
        self._drawings = {p: Drawing() for p in self._players}
        self._done = set()
        self._votes = {p: {} for p in self._players}
        self._confirmed = set()

    def _clear_table(self) -> None:
        """Clears the boards and discards the round's cards (RULES.md, "Prepare")."""
        self._objects, self._locations, self._lineup = {}, {}, ()
        self._drawings, self._done = {}, set()
        self._votes, self._confirmed = {}, set()

    # ------------------------------------------------------------- reading
    @property
    def players(self) -> tuple[str, ...]:
        """The players' names in seating order."""
        return self._players

    @property
    def rules(self) -> Rules:
        """The rule options this table plays with."""
        return self._rules

    @property
    def round(self) -> int:
        """The current round, from 1."""
        return self._round

    @property
    def phase(self) -> Phase:
        """The current phase."""
        return self._phase

    @property
    def deck_name(self) -> str:
        """The name of the deck the cards come from."""
        return self._deck_name

    @property
    def deck_language(self) -> str:
        """The language of the deck's words."""
        return self._deck_language

    @property
    def moves(self) -> int:
        """How many actions the game has accepted; it grows with every change."""
        return self._moves

    def seat(self, player: str) -> int:
        """Returns the player's seat number, from 1, in seating order.

        :raises IllegalAction: if nobody at the table has that name.
        """
        return self._players.index(self._require_player(player)) + 1

    def location(self, player: str) -> str | None:
        """Returns the player's public location card (``None`` when no cards are dealt)."""
        self._require_player(player)
        return self._locations.get(player)

    def secret_object(self, player: str) -> str | None:
        """Returns the player's secret object. Trusted access: for the owner's own view,
        the teacher and tests, never for anyone else's screen."""
        self._require_player(player)
        return self._objects.get(player)

    def drawing(self, player: str) -> Drawing:
        """Returns the player's board as it stands (empty when no round is in play)."""
        self._require_player(player)
        return self._drawings.get(player, Drawing())

    @property
    def done(self) -> tuple[str, ...]:
        """The players who marked their drawing done this round, in seating order."""
        return tuple(p for p in self._players if p in self._done)

    @property
    def confirmed(self) -> tuple[str, ...]:
        """The players who confirmed their cards this round, in seating order."""
        return tuple(p for p in self._players if p in self._confirmed)

    @property
    def lineup(self) -> tuple[str, ...]:
        """The words at tokens 1–6 during the find and score phases; ``()`` otherwise."""
        return self._lineup if self._phase in (Phase.FIND, Phase.SCORE) else ()

    def votes_of(self, voter: str) -> dict[str, int]:
        """Returns the voter's cards this round, artist to token number. Trusted access."""
        self._require_player(voter)
        return dict(self._votes.get(voter, {}))

    @property
    def history(self) -> tuple[RoundRecord, ...]:
        """The scored rounds, oldest first."""
        return tuple(self._history)

    def round_points(self, round: int) -> dict[str, int]:
        """Returns each player's points in a round, from that round's scoring on.

        :raises IllegalAction: if that round has not been scored yet.
        """
        for record in self._history:
            if record.number == round:
                return dict(record.points)
        raise IllegalAction(f"Round {round} has not been scored yet.", rule="not_scored")

    @property
    def scores(self) -> dict[str, int]:
        """Each player's total over the scored rounds, in seating order."""
        totals = {p: 0 for p in self._players}
        for record in self._history:
            for player, points in record.points.items():
                totals[player] += points
        return totals

    @property
    def winners(self) -> tuple[str, ...]:
        """All players tied on the highest total once the game is over; ``()`` before."""
        if self._phase is not Phase.OVER:
            return ()
        totals = self.scores
        best = max(totals.values())
        return tuple(p for p in self._players if totals[p] == best)

    def player_view(self, viewer: str | None) -> dict[str, Any]:
        """Returns what ``viewer`` may know, as JSON-safe data (``None``: the projector).

        :raises IllegalAction: if the viewer is not at the table.
        """
        from .views import player_view

        return player_view(self, viewer)

    def progress(self) -> dict[str, Any]:
        """Returns how far everyone has got (round, phase, who is done, strokes per board
        in the hide phase), as anyone may know it; cheap whatever the ink."""
        from .views import progress_view

        return progress_view(self)

    # ------------------------------------------------------------- actions
    def submit_drawing(self, player: str, drawing: Drawing) -> None:
        """Stores the player's drawing and marks it done; may be sent again until the phase ends.

        :raises IllegalAction: outside the hide phase, or for an unknown player.
        """
        self._store_drawing(player, drawing)
        self._done.add(player)

    def update_drawing(self, player: str, drawing: Drawing) -> None:
        """Stores the player's drawing as it stands, without marking it done, so that a
        board in progress survives a crash and is taken as it stands if the phase ends.

        :raises IllegalAction: outside the hide phase, or for an unknown player.
        """
        self._store_drawing(player, drawing)

    def edit_drawing(self, player: str, strokes: Iterable[Stroke] = (), *, keep: int | None = None) -> None:
        """Changes the player's board by one step of drawing: keeps its first ``keep``
        strokes (all of them when ``None``) and adds ``strokes`` after them.

        A pen stroke is ``edit_drawing(p, [stroke])``; an undo ``edit_drawing(p, keep=n - 1)``;
        a clear ``edit_drawing(p, keep=0)``; an undone clear puts the strokes back with
        ``keep=0``.  So a change costs the size of what the player did, not of the board.

        :raises IllegalAction: outside the hide phase, for an unknown player, for a
            ``keep`` beyond the board's strokes, or for a board grown past its limit.
        """
        self._require_phase(Phase.HIDE, "Drawings are made in the hide phase")
        self._require_player(player)
        board = self._drawings[player]
        if keep is None:
            keep = len(board)
        elif isinstance(keep, bool) or not isinstance(keep, int) or not 0 <= keep <= len(board):
            raise IllegalAction(
                f"{player}'s board holds {len(board)} strokes, so {keep!r} of them cannot be kept.",
                rule="drawing",
            )
        strokes = tuple(strokes)
        if not all(isinstance(stroke, Stroke) for stroke in strokes):
            raise IllegalAction("A drawing is edited with strokes.", rule="drawing")
        try:
            drawing = board.edit(keep, strokes)
        except ValueError as error:
            raise IllegalAction(f"{player}'s drawing cannot take this change: {error}.", rule="drawing") from None
        self._drawings[player] = drawing
        self._moves += 1

    def mark_done(self, player: str) -> None:
        """Marks the player's drawing done as it stands on the board (see :meth:`submit_drawing`).

        :raises IllegalAction: outside the hide phase, or for an unknown player.
        """
        self._require_phase(Phase.HIDE, "Drawings are made in the hide phase")
        self._require_player(player)
        self._done.add(player)
        self._moves += 1

    def _store_drawing(self, player: str, drawing: Drawing) -> None:
        self._require_phase(Phase.HIDE, "Drawings are made in the hide phase")
        self._require_player(player)
        if not isinstance(drawing, Drawing):
            raise IllegalAction(f"A drawing must be a Drawing, not {type(drawing).__name__}.", rule="drawing")
        self._drawings[player] = drawing
        self._moves += 1

    def cast_vote(self, voter: str, artist: str, number: int | None) -> None:
        """Places the voter's card with ``number`` in front of the artist's drawing,
        replacing any card there; ``None`` takes the card back.

        :raises IllegalAction: outside the find phase, on one's own drawing, after
            confirming, for a number off the line-up, or for a number already used.
        """
        self._require_phase(Phase.FIND, "Cards are placed in the find phase")
        self._require_player(voter)
        self._require_player(artist)
        if voter == artist:
            raise IllegalAction(f"{voter} cannot place a card on their own drawing.", rule="own_drawing")
        if voter in self._confirmed:
            raise IllegalAction(
                f"{voter} has already confirmed their cards; confirmed cards cannot change.",
                rule="confirmed",
            )
        size = self._rules.lineup_size
        if number is not None and (isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= size):
            raise IllegalAction(
                f"A card names one of the tokens 1 to {size}, not {number!r}.", rule="token_range"
            )
        cards = self._votes[voter]
        if number is not None and self._rules.distinct_votes:
            for other, used in cards.items():
                if other != artist and used == number:
                    raise IllegalAction(
                        f"{voter} already placed card {number} on {other}'s drawing; each player "
                        f"holds one card of each number. Take that card back first.",
                        rule="distinct_votes",
                    )
        if number is None:
            cards.pop(artist, None)
        else:
            cards[artist] = number
        self._moves += 1

    def confirm_votes(self, voter: str) -> None:
        """Confirms the voter's cards as they lie; a drawing without a card counts as not found.

        :raises IllegalAction: outside the find phase, or if already confirmed.
        """
        self._require_phase(Phase.FIND, "Cards are confirmed in the find phase")
        self._require_player(voter)
        if voter in self._confirmed:
            raise IllegalAction(f"{voter} has already confirmed their cards.", rule="confirmed")
        self._confirmed.add(voter)
        self._moves += 1

    def advance(self, *, force: bool = False) -> Phase:
        """Moves the game to its next phase and returns it.

        Hide ends when every drawing is done, find when every player has confirmed;
        ``force=True`` (the teacher ending the phase) takes boards and cards as they lie.

        :raises IllegalAction: while players are still drawing or voting without
            ``force``, or once the game is over.
        """
        phase = self._phase
        if phase is Phase.HIDE:
            waiting = [p for p in self._players if p not in self._done]
            if waiting and not force:
                raise IllegalAction(
                    f"Still drawing: {_names(waiting)}. Every drawing is marked done before the "
                    "find phase, unless the teacher ends the phase.",
                    rule="all_done",
                )
            self._phase = Phase.FIND
        elif phase is Phase.FIND:
            waiting = [p for p in self._players if p not in self._confirmed]
            if waiting and not force:
                raise IllegalAction(
                    f"Still placing cards: {_names(waiting)}. Every player confirms their cards "
                    "before scoring, unless the teacher ends the phase.",
                    rule="all_confirmed",
                )
            self._score()
            self._phase = Phase.SCORE
        elif phase is Phase.SCORE:
            self._clear_table()
            self._phase = Phase.OVER if self._round >= self._rules.rounds else Phase.PREPARE
        elif phase is Phase.PREPARE:
            self._round += 1
            self._deal()
            self._phase = Phase.HIDE
        else:
            raise IllegalAction("The game is over; start a new game to play again.", rule="game_over")
        self._moves += 1
        return self._phase

    def _score(self) -> None:
        votes = {voter: dict(cards) for voter, cards in self._votes.items()}
        self._history.append(
            RoundRecord(
                number=self._round,
                objects=dict(self._objects),
                locations=dict(self._locations),
                lineup=self._lineup,
                drawings=dict(self._drawings),
                votes=votes,
                points=score_round(self._players, self._objects, self._lineup, votes),
                players=self._players,
            )
        )

    # ------------------------------------------------------------- helpers
    def _require_player(self, player: Any) -> str:
        if not isinstance(player, str) or player not in self._players:
            raise IllegalAction(
                f"Nobody called {player!r} plays at this table (players: {_names(self._players)}).",
                rule="unknown_player",
            )
        return player

    def _require_phase(self, phase: Phase, what: str) -> None:
        if self._phase is not phase:
            raise IllegalAction(f"{what}; the game is in the {self._phase.value} phase.", rule="phase")

    def copy(self) -> "Game":
        """Returns a game equal to this one that changes independently of it.

        Cheap whatever the ink: drawings, strokes and scored rounds are immutable values,
        so only the containers that hold them are copied.
        """
        twin = Game.__new__(Game)
        twin.__dict__.update(self.__dict__)
        twin._object_pile, twin._location_pile = list(self._object_pile), list(self._location_pile)
        twin._objects, twin._locations = dict(self._objects), dict(self._locations)
        twin._drawings, twin._done = dict(self._drawings), set(self._done)
        twin._votes = {voter: dict(cards) for voter, cards in self._votes.items()}
        twin._confirmed, twin._history = set(self._confirmed), list(self._history)
        return twin

    # ------------------------------------------------------------- saves
    def to_json(self) -> str:
        """Returns the whole game as versioned JSON text; the same state gives the same text."""
        from .saves import game_to_json

        return game_to_json(self)

    @classmethod
    def from_json(cls, text: str | bytes) -> "Game":
        """Reads a game saved by :meth:`to_json`.

        :raises SaveError: if the text is not a complete, consistent save.
        """
        from .saves import game_from_json

        return game_from_json(text)

    def __repr__(self) -> str:
        return (
            f"<Game round {self._round}/{self._rules.rounds}, {self._phase.value} phase, "
            f"players {', '.join(self._players)}>"
        )


def _names(names: Iterable[str]) -> str:
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
