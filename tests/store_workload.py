"""The work of one student's kernel in the concurrency test: a burst of moves at one table.

It runs in a process of its own (spawned), so it imports only the engine and the store.
Each move is chosen at random, legal or not: own drawings (the bulk, as a real pad
sends them), cards during the find phase (some refused by the rules), and a few moves
the store must refuse (cards during the hide phase, a drawing that is no drawing, a
move for another player's seat).
"""

from __future__ import annotations

import random

from incognito_nb.engine import Action, Drawing, IllegalAction, Stroke
from incognito_nb.store import NotAllowed, open_store


def _drawing(rng: random.Random) -> Drawing:
    return Drawing(tuple(
        Stroke([(rng.uniform(0, 800), rng.uniform(0, 600)) for _ in range(rng.randint(1, 4))],
               color=rng.choice(["#0072b2", "#d55e00", "#000000"]), width=rng.randint(2, 12))
        for _ in range(rng.randint(0, 3))
    ))


def hide_move(rng: random.Random, me: str, players: list[str]) -> Action:
    roll = rng.random()
    if roll < 0.45:
        return Action.edit_drawing(me, _drawing(rng).strokes)  # what a pad sends: its new strokes
    if roll < 0.55:
        return Action.edit_drawing(me, keep=rng.randint(0, 3))  # an undo or a clear (some refused)
    if roll < 0.70:
        return Action.update_drawing(me, _drawing(rng))
    if roll < 0.80:
        return Action.submit_drawing(me, _drawing(rng))
    if roll < 0.88:
        return Action.cast_vote(me, rng.choice(players), rng.randint(1, 6))  # wrong phase
    if roll < 0.94:
        return Action.update_drawing(me, [{"points": [], "color": "#000000"}])  # not a drawing
    return Action.update_drawing(rng.choice([p for p in players if p != me]), _drawing(rng))  # not my seat


def find_move(rng: random.Random, me: str, players: list[str], step: int, steps: int) -> Action:
    if step == int(steps * 0.8) and players.index(me) % 2:
        return Action.confirm_votes(me)  # later cards of this player are refused
    roll = rng.random()
    if roll < 0.90:
        number = rng.choice([None, 1, 2, 3, 4, 5, 6])
        return Action.cast_vote(me, rng.choice(players), number)  # own drawing or a used number: refused
    if roll < 0.95:
        return Action.update_drawing(me, _drawing(rng))  # wrong phase
    return Action.cast_vote(rng.choice([p for p in players if p != me]), me, 1)  # not my seat


def play(url: str, code: str, me: str, token: str, players: list[str], moves: tuple[int, int],
         seed: int, barrier, results, compact_every: int) -> None:
    """Fires ``moves[0]`` moves in the hide phase and ``moves[1]`` in the find phase,
    meeting the other kernels and the teacher at ``barrier`` around the phase change;
    puts ``(me, accepted, refused)`` on ``results``, ``accepted`` as (version, action dict)."""
    rng = random.Random(seed)
    accepted: list[tuple[int, dict]] = []
    refused = {"rules": 0, "seat": 0}
    store = open_store(url, compact_every=compact_every)
    try:
        for phase, count in enumerate(moves):
            barrier.wait(timeout=60)  # hide: everyone starts at once; find: after the teacher's advance
            for step in range(count):
                action = hide_move(rng, me, players) if phase == 0 else find_move(rng, me, players, step, count)
                try:
                    accepted.append((store.act(code, action, seat_token=token), action.to_dict()))
                except IllegalAction:
                    refused["rules"] += 1
                except NotAllowed:
                    refused["seat"] += 1
            barrier.wait(timeout=60)
    except BaseException as error:  # report it: a silent child would only show as a timeout
        results.put((me, None, repr(error)))
        barrier.abort()
        raise
    finally:
        store.close()
    results.put((me, accepted, refused))
