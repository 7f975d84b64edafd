"""Real-looking drawings and a scripted game, for the export tests and for looking at a poster.

A sketch is a little scene for the location with the object hidden small inside it,
in a few strokes of the pad's colours and brush sizes, as a pupil would draw it.
"""

from __future__ import annotations

import math
from typing import Mapping, Sequence

from incognito_nb import Deck, Drawing, Game, Phase, Rules, Stroke

#: Words the sketches can draw: the shapes repeat every six words (key, fish, star, cup,
#: heart, ball) and every six places (house, beach, mountains, park, city, lake).
OBJECTS = ("key", "fish", "star", "cup", "heart", "ball",
           "door key", "goldfish", "starfish", "mug", "love heart", "coin",
           "car key", "shark", "sheriff badge", "glass", "valentine", "ring")
LOCATIONS = ("house", "beach", "mountains", "park", "city", "lake",
             "cottage", "seaside", "Alps", "garden", "town", "pond",
             "villa", "bay", "peaks", "playground", "market", "river")

BLACK, ORANGE, SKY, GREEN, YELLOW, BLUE, RED, PURPLE = (
    "#000000", "#e69f00", "#56b4e9", "#009e73", "#f0e442", "#0072b2", "#d55e00", "#cc79a7")


def ring(cx: float, cy: float, r: float, steps: int = 24, start: float = 0.0, end: float = 360.0):
    """Returns the points of a circle (or an arc, from ``start`` to ``end`` degrees)."""
    return [(cx + r * math.cos(math.radians(start + (end - start) * i / steps)),
             cy + r * math.sin(math.radians(start + (end - start) * i / steps))) for i in range(steps + 1)]


def _line(points, color=BLACK, width=4):
    return Stroke(points, color=color, width=width)


def scene(location: str) -> list[Stroke]:
    """Returns the strokes of a scene for ``location`` (one of a few kinds)."""
    kind = LOCATIONS.index(location) % 6 if location in LOCATIONS else 0
    if kind == 0:  # a house with a door, a window and a chimney
        return [_line([(200, 520), (200, 300), (400, 150), (600, 300), (600, 520), (200, 520)], RED, 10),
                _line([(360, 520), (360, 410), (440, 410), (440, 520)], ORANGE, 10),
                _line([(250, 340), (320, 340), (320, 400), (250, 400), (250, 340)], BLUE, 4),
                _line([(520, 235), (520, 170), (560, 170), (560, 265)], BLACK, 4)]
    if kind == 1:  # a beach: sun, waves, sand
        waves = [(x, 380 + 18 * math.sin(x / 40)) for x in range(0, 801, 20)]
        return [_line(ring(650, 120, 60), ORANGE, 10),
                _line(waves, BLUE, 10),
                _line([(x, 470 + 10 * math.sin(x / 90)) for x in range(0, 801, 40)], ORANGE, 22)]
    if kind == 2:  # mountains with snow
        return [_line([(20, 520), (230, 180), (390, 420), (540, 120), (780, 520)], BLACK, 10),
                _line([(190, 245), (230, 180), (270, 245)], SKY, 10),
                _line([(500, 185), (540, 120), (580, 185)], SKY, 10)]
    if kind == 3:  # a park: two trees and a bench
        return [_line([(200, 540), (200, 380)], ORANGE, 22), _line(ring(200, 300, 90), GREEN, 22),
                _line([(560, 540), (560, 400)], ORANGE, 22), _line(ring(560, 330, 75), GREEN, 22),
                _line([(320, 480), (460, 480)], BLACK, 10), _line([(330, 480), (330, 540)], BLACK, 4),
                _line([(450, 480), (450, 540)], BLACK, 4)]
    if kind == 4:  # a city: buildings with windows
        strokes = [_line([(60, 560), (60, 200), (220, 200), (220, 560)], PURPLE, 10),
                   _line([(280, 560), (280, 120), (440, 120), (440, 560)], BLUE, 10),
                   _line([(500, 560), (500, 260), (700, 260), (700, 560)], PURPLE, 10)]
        for x, y in ((100, 260), (160, 260), (320, 180), (390, 180), (320, 280), (540, 320), (620, 320)):
            strokes.append(Stroke([(x, y)], color=YELLOW, width=22))
        return strokes
    # a lake with an island and a palm
    return [_line(ring(400, 380, 300, steps=36), BLUE, 10),
            _line(ring(400, 380, 90, steps=20), ORANGE, 10),
            _line([(400, 300), (410, 200)], GREEN, 10),
            _line([(330, 210), (410, 200), (480, 230)], GREEN, 10)]


def hidden(word: str, x: float, y: float) -> list[Stroke]:
    """Returns the strokes of a small ``word`` drawn around (x, y)."""
    kind = OBJECTS.index(word) % 6 if word in OBJECTS else 0
    if kind == 0:  # key
        return [_line(ring(x, y, 14), BLACK, 4), _line([(x + 14, y), (x + 60, y), (x + 60, y + 12)], BLACK, 4),
                _line([(x + 45, y), (x + 45, y + 10)], BLACK, 4)]
    if kind == 1:  # fish
        return [_line([(x - 30, y), (x, y - 18), (x + 30, y), (x, y + 18), (x - 30, y),
                       (x - 48, y - 14), (x - 48, y + 14), (x - 30, y)], ORANGE, 4),
                Stroke([(x + 14, y - 4)], color=BLACK, width=4)]
    if kind == 2:  # star
        points = [(x + (30 if i % 2 == 0 else 12) * math.cos(math.radians(-90 + 36 * i)),
                   y + (30 if i % 2 == 0 else 12) * math.sin(math.radians(-90 + 36 * i))) for i in range(11)]
        return [_line(points, ORANGE, 4)]
    if kind == 3:  # cup
        return [_line([(x - 20, y - 20), (x - 16, y + 20), (x + 16, y + 20), (x + 20, y - 20)], PURPLE, 4),
                _line(ring(x + 24, y, 10, steps=12, start=-90, end=90), PURPLE, 4)]
    if kind == 4:  # heart
        return [_line([(x, y + 24), (x - 26, y - 2)] + ring(x - 13, y - 8, 13, steps=10, start=160, end=360)
                      + ring(x + 13, y - 8, 13, steps=10, start=180, end=380) + [(x + 26, y - 2), (x, y + 24)],
                      RED, 4)]
    return [_line(ring(x, y, 20), RED, 10)]  # a ball


def sketch(location: str, word: str, seed: int = 0) -> Drawing:
    """Returns a scene for ``location`` with ``word`` hidden in it, and one wiped-out mistake."""
    spots = ((300, 470), (520, 360), (150, 120), (640, 480), (420, 250))
    x, y = spots[seed % len(spots)]
    mistake = _line([(700, 60), (760, 90)], BLACK, 4)
    wipe = Stroke([(690, 50), (770, 100)], color="#ffffff", width=30, erase=True)
    return Drawing(tuple(scene(location)) + tuple(hidden(word, x, y)) + (mistake, wipe))


def deck(name: str = "Things and places", language: str = "en") -> Deck:
    """Returns the deck the sketches know how to draw."""
    return Deck(objects=OBJECTS, locations=LOCATIONS, name=name, language=language)


#: For each round, each artist's finders; a voter who is not a finder places a wrong card,
#: unless listed in BLANKS for that artist.
FOUR_PLAYER_PLAN: tuple[Mapping[str, Sequence[str]], ...] = (
    {"Ana": ("Ben",), "Ben": ("Ana", "Cleo", "Dev"), "Cleo": (), "Dev": ("Ana", "Cleo")},
    {"Ana": ("Ben", "Cleo"), "Ben": ("Dev",), "Cleo": ("Ana", "Ben", "Dev"), "Dev": ()},
    {"Ana": (), "Ben": ("Ana", "Cleo"), "Cleo": ("Dev",), "Dev": ("Ana", "Ben", "Cleo")},
)
#: (round, voter, artist) cards left empty: they count as not found.
BLANKS = {(1, "Cleo", "Ana"), (3, "Ben", "Ana")}


def play_planned(players: Sequence[str], plan=FOUR_PLAYER_PLAN, blanks=BLANKS, *, seed: int = 3,
                 game_deck: Deck | None = None, stop_after: int | None = None, rules: Rules | None = None) -> Game:
    """Plays a game where round r's artist is found by exactly ``plan[r][artist]``.

    ``plan`` names Ana, Ben, Cleo and Dev (Eli and Fay for a fifth and sixth player); they are
    mapped by seat onto ``players``.  ``stop_after`` stops in that round's score phase, mid-game;
    ``rules`` are the game's (default: the standard three rounds).
    """
    seats = dict(zip(("Ana", "Ben", "Cleo", "Dev", "Eli", "Fay"), players))
    game = Game.new(players, game_deck or deck(), seed=seed, rules=rules)
    for index, finders_of in enumerate(plan):
        number = index + 1
        for seat, player in enumerate(game.players):
            game.submit_drawing(player, sketch(game.location(player), game.secret_object(player), seat + number))
        game.advance()
        right = {p: game.lineup.index(game.secret_object(p)) + 1 for p in game.players}
        for voter in game.players:
            used: set[int] = set()
            wrong = []
            for artist in game.players:
                if artist == voter:
                    continue
                finders = [seats[f] for f in finders_of[_plan_name(seats, artist)]]
                if voter in finders:
                    game.cast_vote(voter, artist, right[artist])
                    used.add(right[artist])
                elif (number, _plan_name(seats, voter), _plan_name(seats, artist)) not in blanks:
                    wrong.append(artist)
            for artist in wrong:
                card = next(t for t in range(1, 7) if t not in used and t != right[artist]
                            and t not in {right[a] for a in game.players if a != artist and voter in
                                          [seats[f] for f in finders_of[_plan_name(seats, a)]]})
                game.cast_vote(voter, artist, card)
                used.add(card)
            game.confirm_votes(voter)
        game.advance()
        if stop_after == number:
            return game
        game.advance()
        if game.phase is Phase.PREPARE:
            game.advance()
    return game


def _plan_name(seats: Mapping[str, str], player: str) -> str:
    return next(plan for plan, real in seats.items() if real == player)
