"""Measures the table store: ``python -m benchmarks.store [--quick|--smoke]``.

Prints a Markdown report of, for SQLite and Redis (a throwaway ``redis-server`` on the
loopback, if Debian's package is installed):

- change propagation: one process makes a move; another process, watching with
  ``watch_async`` on its asyncio loop, hears of it (time from just before the move to
  ``on_change``, on the system-wide monotonic clock);
- the cost of ``version()`` (the poll), and of one move on a small and on a large game
  (six 200-stroke drawings), in the calling kernel;
- the CPU a waiting kernel spends watching an idle table;
- throughput of moves from one kernel against six at once (WAL with many processes);
- six players drawing 200 strokes of 30 points each in turns (:func:`stroke_costs`): a
  move's write time at the first strokes and at the last, another kernel's catch-up,
  and the store's size against the raw ink.

Figures are from one run on this machine; compare ratios, not absolute times.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from incognito_nb.engine import Action, Deck, Drawing, Stroke
from incognito_nb.store import open_store, watch_async

PLAYERS = ("Ana", "Ben", "Cleo", "Dev", "Eli", "Fay")


def _deck() -> Deck:
    return Deck(tuple(f"object {i}" for i in range(18)), tuple(f"location {i}" for i in range(18)), name="bench")


def _table(store):
    keys = store.create_table(_deck(), seed=1)
    seats = {name: store.join(keys.code, name) for name in PLAYERS}
    store.start(keys.code, keys.teacher_key)
    return keys, seats


def _drawing(strokes: int, rng: random.Random) -> Drawing:
    return Drawing(tuple(Stroke([(rng.uniform(0, 800), rng.uniform(0, 600)) for _ in range(20)])
                         for _ in range(strokes)))


@contextmanager
def _redis() -> Iterator[str | None]:
    server_path = shutil.which("redis-server")
    try:
        import redis
    except ImportError:
        redis = None
    if server_path is None or redis is None:
        yield None
        return
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen([server_path, "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                               "--appendonly", "no"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"redis://127.0.0.1:{port}/0"
    try:
        for _ in range(500):
            try:
                redis.Redis.from_url(url).ping()
                break
            except redis.exceptions.ConnectionError:
                time.sleep(0.02)
        yield url
    finally:
        server.terminate()
        server.wait()


# ------------------------------------------------------------------ propagation
def _writer(url: str, code: str, token: str, requests, stamps) -> None:
    store = open_store(url)
    rng = random.Random(3)
    while requests.get() is not None:
        action = Action.update_drawing("Ana", _drawing(2, rng))
        before = time.monotonic()
        version = store.act(code, action, seat_token=token)
        stamps.put((version, before))
    store.close()


def propagation(url: str, samples: int) -> list[float]:
    """Returns the delays, in ms, from a move in one process to on_change in another."""
    store = open_store(url)
    keys, seats = _table(store)
    context = multiprocessing.get_context("spawn")
    requests, stamps = context.Queue(), context.Queue()
    writer = context.Process(target=_writer, args=(url, keys.code, seats["Ana"].token, requests, stamps))
    writer.start()

    async def watch() -> list[float]:
        heard: dict[int, float] = {}
        watcher = watch_async(store, keys.code, lambda v: heard.setdefault(v, time.monotonic()))
        await asyncio.sleep(0.3)
        delays = []
        rng = random.Random(4)
        loop = asyncio.get_running_loop()
        for _ in range(samples):
            await asyncio.sleep(rng.uniform(0.05, 0.25))  # land anywhere in the poll interval
            requests.put(1)
            version, before = await loop.run_in_executor(None, stamps.get)
            while version not in heard:
                await asyncio.sleep(0.001)
            delays.append((heard[version] - before) * 1000)
        watcher.stop()
        return delays

    try:
        return asyncio.run(watch())
    finally:
        requests.put(None)
        writer.join(10)
        store.close()


# ------------------------------------------------------------------ costs
def costs(url: str, repeats: int) -> dict[str, float]:
    """Returns the median cost, in ms, of a poll and of a move on a small and a large game."""
    store = open_store(url)
    keys, seats = _table(store)
    rng = random.Random(5)
    polls = []
    for _ in range(repeats * 10):
        started = time.perf_counter()
        store.version(keys.code)
        polls.append(time.perf_counter() - started)

    def moves(drawing_strokes: int) -> float:
        times = []
        for _ in range(repeats):
            action = Action.update_drawing("Ana", _drawing(drawing_strokes, rng))
            started = time.perf_counter()
            store.act(keys.code, action, seat_token=seats["Ana"].token)
            times.append(time.perf_counter() - started)
        return statistics.median(times) * 1000

    small = moves(3)
    big = _table(store)
    keys, seats = big
    for name in PLAYERS[1:]:
        store.act(keys.code, Action.update_drawing(name, _drawing(200, rng)), seat_token=seats[name].token)
    large = moves(200)
    size = len(store.read(keys.code).game.to_json())
    store.close()
    return {"poll": statistics.median(polls) * 1000, "move_small": small, "move_large": large,
            "large_json_kb": size / 1024}


def _class_stroke(rng: random.Random, points: int) -> Stroke:
    """A stroke as a pad sends it: ``points`` points along a wobbly line, in board units
    scaled from screen pixels (so with long decimals, as the browser's are)."""
    scale = 800 / 613
    x, y = rng.uniform(50, 700) / scale, rng.uniform(50, 500) / scale
    line = []
    for _ in range(points):
        x, y = x + rng.uniform(-4, 9), y + rng.uniform(-6, 6)
        line.append((x * scale, y * scale))
    return Stroke(line, color=rng.choice(["#000000", "#0072b2", "#d55e00"]), width=rng.choice([4, 10]))


def _size_of(store, code: str) -> int:
    """Returns the bytes the store holds for the table (SQLite: the whole file and its
    write-ahead log, with one table in it; Redis: the memory of the table's keys)."""
    if getattr(store, "path", None) is not None:
        return sum(Path(f"{store.path}{suffix}").stat().st_size for suffix in ("", "-wal")
                   if Path(f"{store.path}{suffix}").exists())
    client = store._client
    return sum(client.memory_usage(key) or 0 for key in client.keys(f"incognito:table:{code}:*"))


def stroke_costs(url: str, strokes: int = 200, points: int = 30) -> dict[str, float]:
    """Six players draw ``strokes`` strokes each, in turns, as a table does; returns the
    store's write time (this kernel's move) and catch-up time (another kernel reading the
    news) at the first strokes and at the last, and the store's size against the raw ink."""
    rng = random.Random(9)
    store, reader = open_store(url), open_store(url)
    keys, seats = _table(store)
    reader.read(keys.code)
    writes: dict[int, list[float]] = {}
    reads: dict[int, list[float]] = {}
    for number in range(1, strokes + 1):
        for name in PLAYERS:
            action = Action.edit_drawing(name, [_class_stroke(rng, points)])
            started = time.perf_counter()
            store.act(keys.code, action, seat_token=seats[name].token)
            writes.setdefault(number, []).append(time.perf_counter() - started)
            started = time.perf_counter()
            reader.read(keys.code, since=0)
            reads.setdefault(number, []).append(time.perf_counter() - started)
    game = store.read(keys.code).game
    raw = len(json.dumps([game.drawing(p).to_list() for p in PLAYERS]))
    size = _size_of(store, keys.code)
    store.close()
    reader.close()
    span = max(1, strokes // 20)  # the first and the last 5 % of the strokes, for six players each

    def median_ms(times: dict[int, list[float]], numbers) -> float:
        return statistics.median(t for n in numbers for t in times[n]) * 1000

    first, last = range(1, span + 1), range(strokes - span + 1, strokes + 1)
    return {"strokes": strokes, "points": points,
            "write_first_ms": median_ms(writes, first), "write_last_ms": median_ms(writes, last),
            "read_first_ms": median_ms(reads, first), "read_last_ms": median_ms(reads, last),
            "write_p99_ms": sorted(t for ts in writes.values() for t in ts)[int(0.99 * strokes * 6)] * 1000,
            "raw_ink_kb": raw / 1024, "store_kb": size / 1024}


def idle_cpu(url: str, seconds: float) -> float:
    """Returns the CPU a process spends watching an idle table, in % of one core."""
    store = open_store(url)
    keys, _ = _table(store)

    async def wait() -> float:
        watcher = watch_async(store, keys.code, lambda v: None)
        await asyncio.sleep(0.5)
        before_cpu, before = time.process_time(), time.monotonic()
        await asyncio.sleep(seconds)
        used = (time.process_time() - before_cpu) / (time.monotonic() - before)
        watcher.stop()
        return used * 100

    try:
        return asyncio.run(wait())
    finally:
        store.close()


def _burst(url: str, code: str, name: str, token: str, count: int, barrier, done) -> None:
    store = open_store(url)
    rng = random.Random(name)
    actions = [Action.update_drawing(name, _drawing(3, rng)) for _ in range(count)]
    barrier.wait()
    started = time.monotonic()
    for action in actions:
        store.act(code, action, seat_token=token)
    done.put(time.monotonic() - started)
    store.close()


def throughput(url: str, moves: int, kernels: int) -> float:
    """Returns moves per second at one table, ``moves`` spread over ``kernels`` processes."""
    store = open_store(url)
    keys, seats = _table(store)
    context = multiprocessing.get_context("spawn")
    barrier, done = context.Barrier(kernels + 1), context.Queue()
    names = PLAYERS[:kernels]
    processes = [context.Process(target=_burst, args=(url, keys.code, name, seats[name].token,
                                                      moves // kernels, barrier, done)) for name in names]
    for process in processes:
        process.start()
    barrier.wait()
    started = time.monotonic()
    for _ in processes:
        done.get()
    elapsed = time.monotonic() - started
    for process in processes:
        process.join()
    store.close()
    return (moves // kernels) * kernels / elapsed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.store", description=__doc__.splitlines()[0])
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--quick", action="store_true", help="fewer samples (about half a minute)")
    mode.add_argument("--smoke", action="store_true", help="a few samples, only to prove the script runs")
    args = parser.parse_args(argv)
    if args.smoke:
        samples, repeats, idle, moves = 5, 2, 0.5, 24
    else:
        samples, repeats, idle, moves = (40, 10, 3.0, 300) if args.quick else (200, 30, 10.0, 1200)
    rows = []
    with tempfile.TemporaryDirectory() as folder, _redis() as redis_url:
        backends = [("SQLite (WAL)", str(Path(folder) / "bench.sqlite"))]
        if redis_url:
            backends.append(("Redis", redis_url))
        else:
            print("redis-server or the redis package is missing: Redis is not measured", file=sys.stderr)
        for label, url in backends:
            delays = sorted(propagation(url, samples))
            cost = costs(url, repeats)
            cpu = idle_cpu(url, idle)
            one, six = throughput(url, moves, 1), throughput(url, moves, 6)
            strokes = stroke_costs(url if "://" in url else str(Path(folder) / "strokes.sqlite"),
                                   strokes=20 if args.smoke else 200)
            rows.append((label, delays, cost, cpu, one, six, strokes))
    print(f"Table store, {samples} propagation samples, on {os.cpu_count()} CPUs, Python {sys.version.split()[0]}\n")
    print("| store | propagation median (p90, max) | poll (`version()`) | move, small game | "
          "move, large game | idle watch CPU | moves/s: 1 kernel | 6 kernels |")
    print("|---|---|---|---|---|---|---|---|")
    for label, delays, cost, cpu, one, six, _ in rows:
        p90 = delays[int(len(delays) * 0.9) - 1]
        print(f"| {label} | {statistics.median(delays):.1f} ms ({p90:.1f}, {delays[-1]:.1f}) | "
              f"{cost['poll'] * 1000:.0f} µs | {cost['move_small']:.2f} ms | "
              f"{cost['move_large']:.0f} ms ({cost['large_json_kb']:.0f} KB of game) | {cpu:.2f} % | "
              f"{one:.0f} | {six:.0f} ({six / one:.2f}×) |")
    print("\nSix players drawing 30-point strokes in turns, through the store:\n")
    print("| store | write at the first strokes → the last (median) | ratio | another kernel's catch-up | "
          "write p99 | store size / raw ink as JSON |")
    print("|---|---|---|---|---|---|")
    for label, *_, strokes in rows:
        print(f"| {label} | {strokes['write_first_ms']:.2f} → {strokes['write_last_ms']:.2f} ms (stroke "
              f"{strokes['strokes']}) | {strokes['write_last_ms'] / strokes['write_first_ms']:.2f}× | "
              f"{strokes['read_first_ms']:.2f} → {strokes['read_last_ms']:.2f} ms | {strokes['write_p99_ms']:.1f} ms | "
              f"{strokes['store_kb']:.0f} KB / {strokes['raw_ink_kb']:.0f} KB = "
              f"{strokes['store_kb'] / strokes['raw_ink_kb']:.2f}× |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
