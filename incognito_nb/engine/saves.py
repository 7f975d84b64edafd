"""Saved games: the whole state of a :class:`Game` as versioned, deterministic JSON.

A save must survive a killed kernel and a teacher's text editor alike, so reading one
checks everything: the format and version, every field's type, and that the state is
one the rules could have reached.  Anything else is a :class:`SaveError`.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from .drawing import Drawing
from .errors import N_, IllegalAction, Message, SaveError, detail
from .rules import Phase, Rules

if TYPE_CHECKING:
    from .game import Game

FORMAT = "incognito-nb/game"
VERSION = 1
#: What every refusal of a damaged save says, around what is wrong with it.
DAMAGED = N_("This save is damaged: {problem}.")


def game_to_dict(game: "Game") -> dict[str, Any]:
    """Returns the game's full state (secrets included) as JSON-safe data."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "players": list(game._players),
        "rules": {
            "rounds": game._rules.rounds,
            "lineup_size": game._rules.lineup_size,
            "distinct_votes": game._rules.distinct_votes,
        },
        "seed": game._seed,
        "deck": {"name": game._deck_name, "language": game._deck_language},
        "piles": {"objects": list(game._object_pile), "locations": list(game._location_pile)},
        "round": game._round,
        "phase": game._phase.value,
        "moves": game._moves,
        "table": {
            "objects": dict(game._objects),
            "locations": dict(game._locations),
            "lineup": list(game._lineup),
            "drawings": {p: d.to_list() for p, d in game._drawings.items()},
            "done": sorted(game._done),
            "votes": {v: dict(c) for v, c in game._votes.items()},
            "confirmed": sorted(game._confirmed),
        },
        "history": [
            {
                "round": r.number,
                "objects": dict(r.objects),
                "locations": dict(r.locations),
                "lineup": list(r.lineup),
                "drawings": {p: d.to_list() for p, d in r.drawings.items()},
                "votes": {v: dict(c) for v, c in r.votes.items()},
                "points": dict(r.points),
            }
            for r in game._history
        ],
    }


def game_to_json(game: "Game") -> str:
    """Returns the save text: sorted keys, so the same state gives the same text."""
    return json.dumps(game_to_dict(game), sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def game_from_json(text: str | bytes) -> "Game":
    """Reads a save made by :func:`game_to_json`.

    :raises SaveError: if the text is empty, not JSON, of another format or version,
        truncated, or describes a state the rules cannot reach.
    """
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise SaveError(N_("This save is not UTF-8 text; it is not an Incognito save.")) from None
    if not isinstance(text, str) or not text.strip():
        raise SaveError(N_("This save is empty; there is no game in it."))
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise SaveError(N_("This save is not complete JSON (at character {position}); it may have been cut short."),
                        position=error.pos) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(N_("This file is not an Incognito saved game."))
    if data.get("version") != VERSION:
        raise SaveError(
            N_("This save has version {found}; this version of incognito_nb reads "
               "version {version}. Open it with the version that wrote it."),
            found=repr(data.get("version")), version=VERSION,
        )
    try:
        game = _game_from_dict(data)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as error:
        if isinstance(error, SaveError):
            raise
        problem = (Message(N_("missing field {field}"), field=str(error)) if isinstance(error, KeyError)
                   else detail(error))
        raise SaveError(DAMAGED, problem=problem) from None
    # A save that reads back to different text holds fields this format does not know.
    if game_to_dict(game) != data:
        raise SaveError(DAMAGED, problem=Message(N_("it holds fields or values a game cannot have")))
    return game


def _check(condition: bool, problem: str, **params: Any) -> None:
    if not condition:
        raise SaveError(DAMAGED, problem=Message(problem, **params))


def _words(value: Any, what: str) -> list[str]:
    _check(isinstance(value, list) and all(isinstance(w, str) for w in value), N_("{what} is not a list of words"),
           what=Message(what))
    return list(value)


def _game_from_dict(data: dict[str, Any]) -> "Game":
    from .game import Game, RoundRecord, check_players
    from .scoring import score_round

    game = Game()
    try:
        game._players = check_players(data["players"])
    except IllegalAction as error:
        raise SaveError(DAMAGED, problem=detail(error)) from None
    _check(list(game._players) == data["players"], N_("the player names are not written as the game writes them"))
    players = game._players
    game._rules = Rules(**data["rules"])
    size = game._rules.lineup_size
    _check(isinstance(data["seed"], str), N_("the seed is not text"))
    game._seed = data["seed"]
    _check(isinstance(data["deck"]["name"], str) and isinstance(data["deck"]["language"], str), N_("the deck is unnamed"))
    game._deck_name, game._deck_language = data["deck"]["name"], data["deck"]["language"]
    game._object_pile = _words(data["piles"]["objects"], N_("the object pile"))
    game._location_pile = _words(data["piles"]["locations"], N_("the location pile"))
    _check(type(data["round"]) is int and 1 <= data["round"] <= game._rules.rounds, N_("the round is out of range"))
    game._round = data["round"]
    game._phase = Phase(data["phase"])
    _check(type(data["moves"]) is int and data["moves"] >= 0, N_("the move count is not a count"))
    game._moves = data["moves"]

    table = data["table"]
    in_play = game._phase in (Phase.HIDE, Phase.FIND, Phase.SCORE)
    expected_keys = set(players) if in_play else set()
    game._objects = dict(table["objects"])
    game._locations = dict(table["locations"])
    game._lineup = tuple(_words(table["lineup"], N_("the line-up")))
    _check(set(game._objects) == expected_keys and set(game._locations) == expected_keys, N_("the cards dealt do not match the players"))
    _words(list(game._objects.values()) + list(game._locations.values()), N_("the cards dealt"))
    if in_play:
        _check(len(game._lineup) == size and len(set(game._lineup)) == size, N_("the line-up does not hold one word per token"))
        _check(set(game._objects.values()) <= set(game._lineup), N_("a player's object is missing from the line-up"))
    else:
        _check(not game._lineup, N_("a line-up lies on an empty table"))
    game._drawings = {p: Drawing.from_list(d) for p, d in table["drawings"].items()}
    _check(set(game._drawings) == expected_keys, N_("the boards do not match the players"))
    game._done = set(_words(table["done"], N_("the list of finished drawings")))
    game._confirmed = set(_words(table["confirmed"], N_("the list of confirmed players")))
    _check(game._done <= expected_keys and game._confirmed <= expected_keys, N_("a stranger finished or confirmed"))
    game._votes = {v: dict(c) for v, c in table["votes"].items()}
    _check(set(game._votes) == expected_keys, N_("the cards do not match the players"))
    for voter, cards in game._votes.items():
        _check_cards(voter, cards, players, game._rules)

    for number, raw in enumerate(data["history"], start=1):
        _check(raw["round"] == number, N_("the rounds played are out of order"))
        record = RoundRecord(
            number=number,
            objects=dict(raw["objects"]),
            locations=dict(raw["locations"]),
            lineup=tuple(_words(raw["lineup"], N_("a past line-up"))),
            drawings={p: Drawing.from_list(d) for p, d in raw["drawings"].items()},
            votes={v: dict(c) for v, c in raw["votes"].items()},
            points=dict(raw["points"]),
            players=players,
        )
        _check(set(record.objects) == set(players) and set(record.votes) == set(players), N_("round {number} does not match the players"), number=number)
        _check(set(record.objects.values()) <= set(record.lineup), N_("round {number}'s line-up misses an object"), number=number)
        for voter, cards in record.votes.items():
            _check_cards(voter, cards, players, game._rules)
        _check(record.points == score_round(players, record.objects, record.lineup, record.votes),
               N_("round {number}'s points do not follow from its cards"), number=number)
        game._history.append(record)
    scored = game._round if game._phase in (Phase.SCORE, Phase.PREPARE, Phase.OVER) else game._round - 1
    _check(len(game._history) == scored, N_("the rounds played do not match the current round"))
    _check(game._phase is not Phase.OVER or game._round == game._rules.rounds, N_("the game ended early"))
    _check(game._phase is not Phase.PREPARE or game._round < game._rules.rounds, N_("there is no round to prepare"))
    return game


def _check_cards(voter: str, cards: dict[str, Any], players: tuple[str, ...], rules: Rules) -> None:
    for artist, number in cards.items():
        _check(artist in players and artist != voter, N_("{voter} holds a card on a drawing they cannot vote on"), voter=voter)
        _check(type(number) is int and 1 <= number <= rules.lineup_size, N_("{voter} holds a card off the line-up"), voter=voter)
    if rules.distinct_votes:
        _check(len(set(cards.values())) == len(cards), N_("{voter} used one number twice"), voter=voter)
