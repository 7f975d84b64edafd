"""Saved games: the whole state of a :class:`Game` as versioned, deterministic JSON.

A save must survive a killed kernel and a teacher's text editor alike, so reading one
checks everything: the format and version, every field's type, and that the state is
one the rules could have reached.  Anything else is a :class:`SaveError`.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from .drawing import Drawing
from .errors import IllegalAction, SaveError
from .rules import Phase, Rules

if TYPE_CHECKING:
    from .game import Game

FORMAT = "incognito-nb/game"
VERSION = 1


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
            raise SaveError("This save is not UTF-8 text; it is not an Incognito save.") from None
    if not isinstance(text, str) or not text.strip():
        raise SaveError("This save is empty; there is no game in it.")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise SaveError(f"This save is not complete JSON ({error.msg} at character {error.pos}); "
                        "it may have been cut short.") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError("This file is not an Incognito saved game.")
    if data.get("version") != VERSION:
        raise SaveError(
            f"This save has version {data.get('version')!r}; this version of incognito_nb reads "
            f"version {VERSION}. Open it with the version that wrote it."
        )
    try:
        game = _game_from_dict(data)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as error:
        if isinstance(error, SaveError):
            raise
        detail = f"missing field {error}" if isinstance(error, KeyError) else str(error)
        raise SaveError(f"This save is damaged: {detail}.") from None
    # A save that reads back to different text holds fields this format does not know.
    if game_to_dict(game) != data:
        raise SaveError("This save is damaged: it holds fields or values a game cannot have.")
    return game


def _check(condition: bool, problem: str) -> None:
    if not condition:
        raise SaveError(f"This save is damaged: {problem}.")


def _words(value: Any, what: str) -> list[str]:
    _check(isinstance(value, list) and all(isinstance(w, str) for w in value), f"{what} is not a list of words")
    return list(value)


def _game_from_dict(data: dict[str, Any]) -> "Game":
    from .game import Game, RoundRecord, check_players
    from .scoring import score_round

    game = Game()
    try:
        game._players = check_players(data["players"])
    except IllegalAction as error:
        raise SaveError(f"This save is damaged: {error}") from None
    _check(list(game._players) == data["players"], "the player names are not written as the game writes them")
    players = game._players
    game._rules = Rules(**data["rules"])
    size = game._rules.lineup_size
    _check(isinstance(data["seed"], str), "the seed is not text")
    game._seed = data["seed"]
    _check(isinstance(data["deck"]["name"], str) and isinstance(data["deck"]["language"], str), "the deck is unnamed")
    game._deck_name, game._deck_language = data["deck"]["name"], data["deck"]["language"]
    game._object_pile = _words(data["piles"]["objects"], "the object pile")
    game._location_pile = _words(data["piles"]["locations"], "the location pile")
    _check(type(data["round"]) is int and 1 <= data["round"] <= game._rules.rounds, "the round is out of range")
    game._round = data["round"]
    game._phase = Phase(data["phase"])
    _check(type(data["moves"]) is int and data["moves"] >= 0, "the move count is not a count")
    game._moves = data["moves"]

    table = data["table"]
    in_play = game._phase in (Phase.HIDE, Phase.FIND, Phase.SCORE)
    expected_keys = set(players) if in_play else set()
    game._objects = dict(table["objects"])
    game._locations = dict(table["locations"])
    game._lineup = tuple(_words(table["lineup"], "the line-up"))
    _check(set(game._objects) == expected_keys and set(game._locations) == expected_keys, "the cards dealt do not match the players")
    _words(list(game._objects.values()) + list(game._locations.values()), "the cards dealt")
    if in_play:
        _check(len(game._lineup) == size and len(set(game._lineup)) == size, "the line-up does not hold one word per token")
        _check(set(game._objects.values()) <= set(game._lineup), "a player's object is missing from the line-up")
    else:
        _check(not game._lineup, "a line-up lies on an empty table")
    game._drawings = {p: Drawing.from_list(d) for p, d in table["drawings"].items()}
    _check(set(game._drawings) == expected_keys, "the boards do not match the players")
    game._done = set(_words(table["done"], "the list of finished drawings"))
    game._confirmed = set(_words(table["confirmed"], "the list of confirmed players"))
    _check(game._done <= expected_keys and game._confirmed <= expected_keys, "a stranger finished or confirmed")
    game._votes = {v: dict(c) for v, c in table["votes"].items()}
    _check(set(game._votes) == expected_keys, "the cards do not match the players")
    for voter, cards in game._votes.items():
        _check_cards(voter, cards, players, game._rules)

    for number, raw in enumerate(data["history"], start=1):
        _check(raw["round"] == number, "the rounds played are out of order")
        record = RoundRecord(
            number=number,
            objects=dict(raw["objects"]),
            locations=dict(raw["locations"]),
            lineup=tuple(_words(raw["lineup"], "a past line-up")),
            drawings={p: Drawing.from_list(d) for p, d in raw["drawings"].items()},
            votes={v: dict(c) for v, c in raw["votes"].items()},
            points=dict(raw["points"]),
            players=players,
        )
        _check(set(record.objects) == set(players) and set(record.votes) == set(players), f"round {number} does not match the players")
        _check(set(record.objects.values()) <= set(record.lineup), f"round {number}'s line-up misses an object")
        for voter, cards in record.votes.items():
            _check_cards(voter, cards, players, game._rules)
        _check(record.points == score_round(players, record.objects, record.lineup, record.votes),
               f"round {number}'s points do not follow from its cards")
        game._history.append(record)
    scored = game._round if game._phase in (Phase.SCORE, Phase.PREPARE, Phase.OVER) else game._round - 1
    _check(len(game._history) == scored, "the rounds played do not match the current round")
    _check(game._phase is not Phase.OVER or game._round == game._rules.rounds, "the game ended early")
    _check(game._phase is not Phase.PREPARE or game._round < game._rules.rounds, "there is no round to prepare")
    return game


def _check_cards(voter: str, cards: dict[str, Any], players: tuple[str, ...], rules: Rules) -> None:
    for artist, number in cards.items():
        _check(artist in players and artist != voter, f"{voter} holds a card on a drawing they cannot vote on")
        _check(type(number) is int and 1 <= number <= rules.lineup_size, f"{voter} holds a card off the line-up")
    if rules.distinct_votes:
        _check(len(set(cards.values())) == len(cards), f"{voter} used one number twice")
