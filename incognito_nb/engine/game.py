"""The one shared game object: who plays, what they were dealt, what they drew and guessed.

Every screen of the project binds to a :class:`Game`.  It changes only through its
actions (:meth:`Game.submit_drawing`, :meth:`Game.cast_vote`, :meth:`Game.confirm_votes`,
:meth:`Game.advance`); an action that breaks a rule raises :class:`IllegalAction` and
changes nothing.  What a person may see is given by :meth:`Game.player_view` alone.

A game owns its serialization, as python-chess's ``Board`` owns its FEN: only
:meth:`Game.to_dict` and :meth:`Game.from_dict` read and write its private state, and
:meth:`Game.from_dict` refuses any state the rules could not have reached.  The modules
it builds on (the names at the table, the record of a scored round, the views, the save
file's envelope in :mod:`.saves`) never import it back.
"""

from __future__ import annotations

import random
import secrets
from typing import Any, Iterable

from . import reveal, saves, views
from .decks import Deck
from .drawing import Drawing, Stroke, check_room
from .drawing_time import DrawingTime
from .errors import N_, IllegalAction, Message, SaveError, detail, quoted
from .players import check_players
from .practice import Practice
from .rounds import RoundRecord, check_cards
from .rules import CARDS_IN_PLAY, PHASE_NAMES, Phase, Rules
from .scoring import score_round

class Game:
    """A game of Incognito, from the first deal to the podium.

    Build one with :meth:`Game.new`, or read one back with :meth:`Game.from_json`
    (or :meth:`Game.from_dict`).
    """

    # The state below is private: the UI sees it through the methods, and a save
    # through to_dict/from_dict; no other module reads it.
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
        self._reveal = 0  # the reveal's step in the score phase (see reveal.py)
        self._timer = DrawingTime()  # this hide phase's drawing timer: its pause, its time left

    # ----------------------------------------------------------------- setup
    @classmethod
    def new(cls, players: Iterable[str], deck: Deck | None = None, *, seed: int | str | None = None,
            rules: Rules | None = None, practice: Practice | None = None) -> "Game":
        """Returns a new game in round 1's hide phase, with the first cards dealt.

        The same players, deck and seed (and ``practice``, see ``practice.py``) give the same game.

        :raises IllegalAction: for a wrong player count or blank, long or duplicate names.
        :raises DeckError: if the deck is too small for this table.
        """
        rules = rules if rules is not None else Rules()
        if not isinstance(rules, Rules):
            raise TypeError(f"rules must be a Rules, not {type(rules).__name__}")
        names = check_players(players)
        if len(names) > rules.lineup_size:
            raise IllegalAction(N_("A line-up of {size} tokens seats at most {size} players."), rule="player_count",
                                size=rules.lineup_size)
        deck = deck if deck is not None else Deck.builtin()
        deck.check_fits(players=len(names), rounds=rules.rounds, lineup_size=rules.lineup_size)
        if seed is None:
            seed = secrets.token_hex(8)
        if isinstance(seed, bool) or not isinstance(seed, (int, str)):
            raise TypeError(f"a seed is an int or a str, not {type(seed).__name__}")

        game = cls()
        game._players, game._rules, game._seed = names, rules, str(seed)
        game._deck_name, game._deck_language = deck.name, deck.language
        shuffler = random.Random(f"{seed}/piles")
        game._object_pile, game._location_pile = list(deck.objects), list(deck.locations)
        shuffler.shuffle(game._object_pile)
        shuffler.shuffle(game._location_pile)
        if practice is not None:  # None: the plain deal, exactly
            game._object_pile = practice.order(game._object_pile, players=len(names), rules=rules, seed=str(seed))
        game._deal()
        return game

    def _deal(self) -> None:
        """Deals this round's cards from the top of the piles (used cards are discarded)."""
        n, size = len(self._players), self._rules.lineup_size
        objects, locations = self._object_pile[:size], self._location_pile[:n]
        del self._object_pile[:size], self._location_pile[:n]
        self._objects = dict(zip(self._players, objects))
        self._locations = dict(zip(self._players, locations))
        lineup = list(objects)  # the players' objects and the decoys that fill the line
        random.Random(f"{self._seed}/lineup/{self._round}").shuffle(lineup)
        self._lineup = tuple(lineup)
        self._drawings, self._done = {p: Drawing() for p in self._players}, set()
        self._votes, self._confirmed = {p: {} for p in self._players}, set()

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
    def waiting(self) -> tuple[str, ...]:
        """The players the phase still waits for, in seating order: those still drawing in
        the hide phase, those still placing cards in the find phase; nobody in the others."""
        finished = {Phase.HIDE: self._done, Phase.FIND: self._confirmed}.get(self._phase)
        return () if finished is None else tuple(p for p in self._players if p not in finished)

    @property
    def lineup(self) -> tuple[str, ...]:
        """The words at tokens 1–6 during the find and score phases; ``()`` otherwise."""
        return self._lineup if self._phase in (Phase.FIND, Phase.SCORE) else ()

    def votes_of(self, voter: str) -> dict[str, int]:
        """Returns the voter's cards this round, artist to token number. Trusted access."""
        self._require_player(voter)
        return dict(self._votes.get(voter, {}))

    @property
    def reveal_step(self) -> int:
        """Where the reveal stands in the score phase (see :mod:`.reveal`); 0 in other phases."""
        return self._reveal if self._phase is Phase.SCORE else 0

    @property
    def timer_paused(self) -> bool:
        """Whether the teacher paused the drawing timer of this hide phase (every page shows it so)."""
        return self._timer.paused

    @property
    def drawing_time(self) -> DrawingTime:
        """This hide phase's drawing timer (see :mod:`.drawing_time`): ``left_at(now)`` is its time left."""
        return self._timer

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
        raise IllegalAction(N_("Round {round} has not been scored yet."), rule="not_scored", round=round)

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

    def player_view(self, viewer: str | None, *, drawings: bool = True) -> dict[str, Any]:
        """Returns what ``viewer`` may know, as JSON-safe data (``None``: the projector).

        With ``drawings=False`` the boards the viewer may see are named, not listed (each
        ``None``): a screen then shows them from :meth:`drawing`, whatever their ink.

        :raises IllegalAction: if the viewer is not at the table.
        """
        return views.player_view(self, viewer, drawings=drawings)

    def progress(self) -> dict[str, Any]:
        """Returns how far everyone has got (round, phase, who is done, strokes per board
        in the hide phase), as anyone may know it; cheap whatever the ink."""
        return views.progress_view(self)

    # ------------------------------------------------------------- actions
    def submit_drawing(self, player: str, drawing: Drawing) -> None:
        """Stores the player's drawing and marks it done; may be sent again until the phase ends.

        :raises IllegalAction: outside the hide phase, for an unknown player, or for a
            drawing past the cap (rule ``"drawing_full"``).
        """
        self._store_drawing(player, drawing)
        self._done.add(player)

    def update_drawing(self, player: str, drawing: Drawing) -> None:
        """Stores the player's drawing as it stands, without marking it done, so that a
        board in progress survives a crash and is taken as it stands if the phase ends.

        :raises IllegalAction: outside the hide phase, for an unknown player, or for a
            drawing past the cap (rule ``"drawing_full"``).
        """
        self._store_drawing(player, drawing)

    def edit_drawing(self, player: str, strokes: Iterable[Stroke] = (), *, keep: int | None = None) -> None:
        """Changes the player's board by one step of drawing: keeps its first ``keep``
        strokes (all of them when ``None``) and adds ``strokes`` after them.

        A pen stroke is ``edit_drawing(p, [stroke])``; an undo ``edit_drawing(p, keep=n - 1)``;
        a clear ``edit_drawing(p, keep=0)``; an undone clear puts the strokes back with
        ``keep=0``.  So a change costs the size of what the player did, not of the board.

        :raises IllegalAction: outside the hide phase, for an unknown player, for a
            ``keep`` beyond the board's strokes, or for a board grown past its limit
            (rule ``"drawing_full"`` past the cap, see :func:`.drawing.check_room`).
        """
        self._require_phase(Phase.HIDE, N_("Drawings are made in the hide phase"))
        self._require_player(player)
        board = self._drawings[player]
        if keep is None:
            keep = len(board)
        elif isinstance(keep, bool) or not isinstance(keep, int) or not 0 <= keep <= len(board):
            raise IllegalAction(
                Message.ngettext("{player}'s board holds {n} stroke, so {keep} of them cannot be kept.",
                                 "{player}'s board holds {n} strokes, so {keep} of them cannot be kept.",
                                 len(board), player=player, keep=repr(keep)),
                rule="drawing",
            )
        strokes = tuple(strokes)
        if not all(isinstance(stroke, Stroke) for stroke in strokes):
            raise IllegalAction(N_("A drawing is edited with strokes."), rule="drawing")
        try:
            drawing = board.edit(keep, strokes)
        except ValueError as error:
            raise IllegalAction(N_("{player}'s drawing cannot take this change: {error}."), rule="drawing",
                                player=player, error=detail(error)) from None
        self._drawings[player] = check_room(player, board, drawing)
        self._moves += 1

    def mark_done(self, player: str) -> None:
        """Marks the player's drawing done as it stands on the board (see :meth:`submit_drawing`).

        :raises IllegalAction: outside the hide phase, or for an unknown player.
        """
        self._require_phase(Phase.HIDE, N_("Drawings are made in the hide phase"))
        self._require_player(player)
        self._done.add(player)
        self._moves += 1

    def _store_drawing(self, player: str, drawing: Drawing) -> None:
        self._require_phase(Phase.HIDE, N_("Drawings are made in the hide phase"))
        self._require_player(player)
        if not isinstance(drawing, Drawing):
            raise IllegalAction(N_("A drawing must be a Drawing, not {kind}."), rule="drawing",
                                kind=type(drawing).__name__)
        self._drawings[player] = check_room(player, self._drawings[player], drawing)
        self._moves += 1

    def cast_vote(self, voter: str, artist: str, number: int | None) -> None:
        """Places the voter's card with ``number`` in front of the artist's drawing,
        replacing any card there; ``None`` takes the card back.

        :raises IllegalAction: outside the find phase, on one's own drawing, after
            confirming, for a number off the line-up, or for a number already used.
        """
        self._require_phase(Phase.FIND, N_("Cards are placed in the find phase"))
        self._require_player(voter)
        self._require_player(artist)
        if voter == artist:
            raise IllegalAction(N_("{voter} cannot place a card on their own drawing."), rule="own_drawing",
                                voter=voter)
        if voter in self._confirmed:
            raise IllegalAction(N_("{voter} has already confirmed their cards; confirmed cards cannot change."),
                                rule="confirmed", voter=voter)
        size = self._rules.lineup_size
        if number is not None and (isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= size):
            raise IllegalAction(N_("A card names one of the tokens 1 to {size}, not {number}."), rule="token_range",
                                size=size, number=repr(number))
        cards = self._votes[voter]
        if number is not None and self._rules.distinct_votes:
            for other, used in cards.items():
                if other != artist and used == number:
                    raise IllegalAction(
                        N_("{voter} already placed card {number} on {other}'s drawing; each player "
                           "holds one card of each number. Take that card back first."),
                        rule="distinct_votes", voter=voter, number=number, other=other,
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
        self._require_phase(Phase.FIND, N_("Cards are confirmed in the find phase"))
        self._require_player(voter)
        if voter in self._confirmed:
            raise IllegalAction(N_("{voter} has already confirmed their cards."), rule="confirmed", voter=voter)
        self._confirmed.add(voter)
        self._moves += 1

    def reveal_next(self) -> int:
        """Shows the reveal's next drawing, then the scoreboard (the teacher's Next); returns the step.

        :raises IllegalAction: outside the score phase, or once the scoreboard is shown."""
        self._require_phase(Phase.SCORE, N_("The reveal moves on in the score phase"))
        self._reveal = reveal.next_step(self._reveal, self._players)
        self._moves += 1
        return self._reveal

    def start_timer(self, seconds: int, now: float) -> float:
        """Starts this hide phase's drawing timer of ``seconds`` at ``now`` (the table's clock);
        returns the seconds left.  It ends with the phase.

        :raises IllegalAction: outside the hide phase, once started (``rule="timer_started"``)."""
        self._require_phase(Phase.HIDE, N_("The drawing timer runs while the class draws"))
        if self._timer.started:
            raise IllegalAction(N_("This drawing timer has already started."), rule="timer_started")
        self._timer, self._moves = self._timer.start(seconds, now), self._moves + 1
        return self._timer.left_at(now)

    def pause_timer(self, paused: bool, now: float | None = None) -> bool:
        """Pauses (``paused=True``) or resumes the drawing timer at ``now``, whichever it was; returns
        ``paused``.  The pause is the table's, like the reveal's step, and ends with the hide phase.

        :raises IllegalAction: outside the hide phase."""
        self._require_phase(Phase.HIDE, N_("The drawing timer pauses while the class draws"))
        self._timer, self._moves = self._timer.pause(bool(paused), now), self._moves + 1
        return self._timer.paused

    def advance(self, *, force: bool = False) -> Phase:
        """Moves the game to its next phase and returns it.

        Hide ends when every drawing is done, find when every player has confirmed;
        ``force=True`` (the teacher ending the phase) takes boards and cards as they lie.

        :raises IllegalAction: while players are still drawing or voting without
            ``force``, or once the game is over.
        """
        phase, waiting = self._phase, self.waiting
        if phase is Phase.HIDE:
            if waiting and not force:
                raise IllegalAction(N_("Still drawing: {names}. Every drawing is marked done before the find phase, "
                                       "unless the teacher ends the phase."), rule="all_done", names=waiting)
            self._phase, self._timer = Phase.FIND, DrawingTime()
        elif phase is Phase.FIND:
            if waiting and not force:
                raise IllegalAction(N_("Still placing cards: {names}. Every player confirms their cards before "
                                       "scoring, unless the teacher ends the phase."),
                                    rule="all_confirmed", names=waiting)
            self._score()
            self._phase, self._reveal = Phase.SCORE, 0
        elif phase is Phase.SCORE:
            self._clear_table()
            self._phase, self._reveal = Phase.OVER if self._round >= self._rules.rounds else Phase.PREPARE, 0
        elif phase is Phase.PREPARE:
            self._round += 1
            self._deal()
            self._phase = Phase.HIDE
        else:
            raise IllegalAction(N_("The game is over; start a new game to play again."), rule="game_over")
        self._moves += 1
        return self._phase

    def _score(self) -> None:
        votes = {voter: dict(cards) for voter, cards in self._votes.items()}
        self._history.append(RoundRecord(
            number=self._round, objects=dict(self._objects), locations=dict(self._locations), lineup=self._lineup,
            drawings=dict(self._drawings), votes=votes, players=self._players,
            points=score_round(self._players, self._objects, self._lineup, votes)))

    # ------------------------------------------------------------- helpers
    def _require_player(self, player: Any) -> str:
        if not isinstance(player, str) or player not in self._players:
            raise IllegalAction(N_("Nobody called {name} plays at this table (players: {names})."),
                                rule="unknown_player", name=quoted(player), names=self._players)
        return player

    def _require_phase(self, phase: Phase, what: str) -> None:
        if self._phase is not phase:
            raise IllegalAction(N_("{what}; the game is in {phase}."), rule="phase",
                                what=Message(what), phase=Message(PHASE_NAMES[self._phase]))

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

    # ------------------------------------------------------------- as data
    def to_dict(self) -> dict[str, Any]:
        """Returns the whole game, secrets included, as JSON-safe data: what a save holds
        (:mod:`.saves` makes the file around it).  :meth:`from_dict` reads it back."""
        return {
            "players": list(self._players),
            "rules": self._rules.to_dict(),
            "seed": self._seed,
            "deck": {"name": self._deck_name, "language": self._deck_language},
            "piles": {"objects": list(self._object_pile), "locations": list(self._location_pile)},
            "round": self._round,
            "phase": self._phase.value,
            "moves": self._moves,
            "reveal": self._reveal,
            **self._timer.to_dict(),  # saves from before the pause and the timer read as they were
            "table": {
                "objects": dict(self._objects), "locations": dict(self._locations), "lineup": list(self._lineup),
                "drawings": {p: d.to_list() for p, d in self._drawings.items()}, "done": sorted(self._done),
                "votes": {v: dict(c) for v, c in self._votes.items()}, "confirmed": sorted(self._confirmed),
            },
            "history": [record.to_dict() for record in self._history],
        }

    @classmethod
    def from_dict(cls, data: Any) -> "Game":
        """Returns the game whose :meth:`to_dict` gave ``data``: an equal game, that plays on
        exactly as the one it came from.

        :raises SaveError: for a missing, unknown or mistyped field, or a state the rules
            cannot reach (cards that do not match the players, points that do not follow
            from the cards, a game ended early, ...).
        """
        with saves.reading():
            game = cls._read(data)
        # Data that gives back other data holds fields this format does not know.
        saves.check(game.to_dict() == data, N_("it holds fields or values a game cannot have"))
        return game

    @classmethod
    def _read(cls, data: Any) -> "Game":
        check, words = saves.check, saves.words
        game = cls()
        try:
            game._players = check_players(data["players"])
        except IllegalAction as error:
            raise SaveError(saves.DAMAGED, problem=detail(error)) from None
        check(list(game._players) == data["players"], N_("the player names are not written as the game writes them"))
        players = game._players
        game._rules = Rules(**data["rules"])
        size = game._rules.lineup_size
        check(isinstance(data["seed"], str), N_("the seed is not text"))
        game._seed = data["seed"]
        check(isinstance(data["deck"]["name"], str) and isinstance(data["deck"]["language"], str), N_("the deck is unnamed"))
        game._deck_name, game._deck_language = data["deck"]["name"], data["deck"]["language"]
        game._object_pile = words(data["piles"]["objects"], N_("the object pile"))
        game._location_pile = words(data["piles"]["locations"], N_("the location pile"))
        check(type(data["round"]) is int and 1 <= data["round"] <= game._rules.rounds, N_("the round is out of range"))
        game._round = data["round"]
        game._phase = Phase(data["phase"])
        check(type(data["moves"]) is int and data["moves"] >= 0, N_("the move count is not a count"))
        game._moves = data["moves"]
        check(type(data["reveal"]) is int and 0 <= data["reveal"] <= (
            reveal.scoreboard_step(players) if game._phase is Phase.SCORE else 0), N_("the reveal is out of range"))
        game._reveal = data["reveal"]
        game._timer = DrawingTime.read(data, hide=game._phase is Phase.HIDE)

        table = data["table"]
        in_play = game._phase in CARDS_IN_PLAY
        expected_keys = set(players) if in_play else set()
        game._objects = dict(table["objects"])
        game._locations = dict(table["locations"])
        game._lineup = tuple(words(table["lineup"], N_("the line-up")))
        check(set(game._objects) == expected_keys and set(game._locations) == expected_keys, N_("the cards dealt do not match the players"))
        words(list(game._objects.values()) + list(game._locations.values()), N_("the cards dealt"))
        if in_play:
            check(len(game._lineup) == size and len(set(game._lineup)) == size, N_("the line-up does not hold one word per token"))
            check(set(game._objects.values()) <= set(game._lineup), N_("a player's object is missing from the line-up"))
        else:
            check(not game._lineup, N_("a line-up lies on an empty table"))
        game._drawings = {p: Drawing.from_list(d) for p, d in table["drawings"].items()}
        check(set(game._drawings) == expected_keys, N_("the boards do not match the players"))
        game._done = set(words(table["done"], N_("the list of finished drawings")))
        game._confirmed = set(words(table["confirmed"], N_("the list of confirmed players")))
        check(game._done <= expected_keys and game._confirmed <= expected_keys, N_("a stranger finished or confirmed"))
        game._votes = {v: dict(c) for v, c in table["votes"].items()}
        check(set(game._votes) == expected_keys, N_("the cards do not match the players"))
        for voter, cards in game._votes.items():
            check_cards(voter, cards, players, game._rules)

        game._history = [RoundRecord.from_dict(raw, number=number, players=players, rules=game._rules)
                         for number, raw in enumerate(data["history"], start=1)]
        scored = game._round if game._phase in (Phase.SCORE, Phase.PREPARE, Phase.OVER) else game._round - 1
        check(len(game._history) == scored, N_("the rounds played do not match the current round"))
        check(game._phase is not Phase.OVER or game._round == game._rules.rounds, N_("the game ended early"))
        check(game._phase is not Phase.PREPARE or game._round < game._rules.rounds, N_("there is no round to prepare"))
        return game

    def to_json(self) -> str:
        """Returns the whole game as versioned JSON text; the same state gives the same text."""
        return saves.to_text(self.to_dict())

    @classmethod
    def from_json(cls, text: str | bytes) -> "Game":
        """Reads a game saved by :meth:`to_json`.

        :raises SaveError: if the text is not a complete, consistent save.
        """
        return cls.from_dict(saves.from_text(text))

    def __repr__(self) -> str:
        return (f"<Game round {self._round}/{self._rules.rounds}, {self._phase.value} phase, "
                f"players {', '.join(self._players)}>")

