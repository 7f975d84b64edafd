"""Six kernels firing 1,000 moves at one table at once lose none and apply none twice.

Each kernel is a spawned process with its own store connection, acting with its own
seat token (store_workload.py).  Afterwards the moves the kernels were told were
accepted must sit at contiguous versions, the log must hold exactly those after its
floor, and the stored game must equal a serial replay of every accepted move from the
first deal — with snapshots written all along (every 40 versions) as well as with the
default rhythm.
"""

from __future__ import annotations

import multiprocessing
import queue
import threading
import time

import pytest

from incognito_nb import Game, Phase
from incognito_nb.engine import Action, apply_action
from incognito_nb.store import open_store
from incognito_nb.store.records import COMPACT_EVERY
from store_backends import redis_url, store_url  # noqa: F401 (fixtures)
from store_workload import play
from tables import SIX, word_deck

TOTAL_MOVES = 1_000
SEED = 2024


def _moves_per_kernel() -> list[tuple[int, int]]:
    """Splits the 1,000 moves over the six kernels, about half in each phase."""
    shares = [TOTAL_MOVES // len(SIX) + (1 if i < TOTAL_MOVES % len(SIX) else 0) for i in range(len(SIX))]
    return [(share // 2 + share % 2, share // 2) for share in shares]


@pytest.mark.parametrize("compact_every", [40, COMPACT_EVERY])
def test_six_kernels_acting_at_once_lose_no_move_and_double_none(store_url, compact_every):
    store = open_store(store_url, compact_every=compact_every)
    keys = store.create_table(word_deck(), seed=SEED)
    seats = {name: store.join(keys.code, name) for name in SIX}
    first = store.start(keys.code, keys.teacher_key)

    context = multiprocessing.get_context("spawn")
    barrier, results = context.Barrier(len(SIX) + 1), context.Queue()
    moves = _moves_per_kernel()
    kernels = [
        context.Process(target=play, args=(store_url, keys.code, name, seats[name].token, list(SIX),
                                           moves[i], SEED + i, barrier, results, compact_every), daemon=True)
        for i, name in enumerate(SIX)
    ]
    started = time.perf_counter()
    for kernel in kernels:
        kernel.start()
    reports = {}

    def meet(timeout):
        try:
            barrier.wait(timeout=timeout)
        except threading.BrokenBarrierError:
            failures = []
            while True:
                try:
                    name, accepted, detail = results.get(timeout=1)
                except queue.Empty:
                    break
                if accepted is None:
                    failures.append(f"{name}: {detail}")
            raise AssertionError(f"a kernel stopped early: {failures or 'no report'}") from None

    try:
        meet(60)  # every kernel is ready: the hide phase starts
        meet(120)  # every kernel has drawn
        assert store.read(keys.code).game.phase is Phase.HIDE
        advance = Action.advance(force=True)
        teacher = [(store.act(keys.code, advance, teacher_key=keys.teacher_key), advance.to_dict())]
        meet(60)  # the find phase starts
        meet(120)  # every kernel has placed its cards
        while len(reports) < len(SIX):
            name, accepted, refused = results.get(timeout=60)
            assert accepted is not None, f"{name}'s kernel failed: {refused}"
            reports[name] = (accepted, refused)
    finally:
        for kernel in kernels:
            kernel.join(timeout=10)
            if kernel.is_alive():
                kernel.kill()
    elapsed = time.perf_counter() - started

    accepted = [entry for name in SIX for entry in reports[name][0]] + teacher
    refused = {kind: sum(reports[name][1][kind] for name in SIX) for kind in ("rules", "seat")}
    fired = len(accepted) - len(teacher) + refused["rules"] + refused["seat"]
    assert fired == TOTAL_MOVES
    assert refused["rules"] > 50 and refused["seat"] > 10 and len(accepted) > 500, (len(accepted), refused)

    final = store.version(keys.code)
    # No lost move and none doubled: one accepted move per version, and the log holds
    # exactly those after its floor (the moves before it are in the snapshot).
    assert sorted(version for version, _ in accepted) == list(range(first + 1, final + 1))
    log = store.actions(keys.code)
    floor = log[0][0] - 1
    assert {v: a for v, a in accepted if v > floor} == {v: a.to_dict() for v, a in log}
    assert [version for version, _ in log] == list(range(floor + 1, final + 1))
    if 2 * compact_every <= len(accepted):  # the log keeps what follows the snapshot before last
        assert floor > first, "snapshots were written while the kernels played"

    replayed = Game.new(SIX, word_deck(), seed=SEED)
    for _, action in sorted(accepted, key=lambda entry: entry[0]):
        apply_action(replayed, Action.from_dict(action))
    stored = store.read(keys.code).game
    assert replayed.to_json() == stored.to_json() == store.replay(keys.code).to_json()
    assert stored.phase is Phase.FIND and stored.moves == len(accepted)
    store.close()
    print(f"\n{'redis' if store_url.startswith('redis') else 'sqlite'}: {TOTAL_MOVES} moves from 6 kernels, {len(accepted)} accepted, "
          f"{refused} refused, in {elapsed:.1f} s")
