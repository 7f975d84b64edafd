"""A table as a snapshot and a log of small moves: what a stroke costs, compaction, catching up.

Two store objects opened on one URL are two kernels: each holds its own copy of the
game and brings it up to date from the log.
"""

from __future__ import annotations

import json
import sqlite3

import pytest

from incognito_nb import Game, Phase, Stroke
from incognito_nb.engine import Action, apply_action
from incognito_nb.store import open_store
from store_backends import make_store, redis_url, store_url  # noqa: F401 (fixtures)
from tables import ANA_BEN_CLEO, token, word_deck


def stroke(n: int) -> Stroke:
    return Stroke([(10 + n % 700, 20), (30, 40 + n % 500), (55.5, 66.25)], color="#0072b2", width=4)


def table(store, names=ANA_BEN_CLEO, seed=3):
    keys = store.create_table(word_deck(), seed=seed)
    seats = {name: store.join(keys.code, name) for name in names}
    first = store.start(keys.code, keys.teacher_key)
    return keys, seats, first


def draw(store, keys, seats, count: int, start: int = 0) -> list[tuple[int, Action]]:
    """Has each player draw in turn, ``count`` strokes in all; returns the (version, action)s."""
    made = []
    for n in range(start, start + count):
        name = ANA_BEN_CLEO[n % 3]
        action = Action.edit_drawing(name, [stroke(n)])
        made.append((store.act(keys.code, action, seat_token=seats[name].token), action))
    return made


def test_a_stroke_is_logged_as_the_stroke_alone(store_url):
    with make_store(store_url) as store:
        keys, seats, first = table(store)
        draw(store, keys, seats, 30)
        log = store.actions(keys.code)
        assert [v for v, _ in log] == list(range(first + 1, first + 31))
        assert all(a.kind == "edit_drawing" and len(a.args["strokes"]) == 1 for _, a in log)
        assert len(store.read(keys.code).game.drawing("Ana")) == 10


def test_a_move_never_writes_the_whole_game_between_snapshots(store_url, monkeypatch):
    with make_store(store_url, compact_every=1000) as store:
        keys, seats, _ = table(store)
        written = []
        original = Game.to_json
        monkeypatch.setattr(Game, "to_json", lambda game: written.append(1) or original(game))
        draw(store, keys, seats, 60)
        store.act(keys.code, Action.mark_done("Ana"), seat_token=seats["Ana"].token)
        assert written == []


def test_every_so_many_versions_a_move_writes_a_snapshot_and_the_log_is_cut(store_url):
    with make_store(store_url, compact_every=10) as store:
        keys, seats, first = table(store)
        made = draw(store, keys, seats, 35)
        log = store.actions(keys.code)
        # Snapshots at first+10, +20, +30: the log keeps what follows the one before last.
        assert [v for v, _ in log] == list(range(first + 21, first + 36))
        replayed = Game.new(ANA_BEN_CLEO, word_deck(), seed=3)
        for _, action in made:
            apply_action(replayed, action)
        assert store.replay(keys.code).to_json() == replayed.to_json() == store.read(keys.code).game.to_json()


def test_an_explicit_compaction_changes_the_version_and_nothing_else(store_url):
    with make_store(store_url) as store:
        keys, seats, first = table(store)
        draw(store, keys, seats, 5)
        before = store.read(keys.code).game.to_json()
        version = store.compact(keys.code)
        assert version == first + 6 and store.version(keys.code) == version
        assert store.replay(keys.code).to_json() == before == store.read(keys.code).game.to_json()
        draw(store, keys, seats, 2, start=5)
        # The log keeps what follows the snapshot before last (the first deal's, here).
        assert [v for v, _ in store.actions(keys.code)] == [*range(first + 1, first + 6), version + 1, version + 2]
        store.compact(keys.code)
        assert [v for v, _ in store.actions(keys.code)] == [version + 1, version + 2]


def test_a_kernel_a_little_behind_hears_exactly_the_moves_it_missed(store_url):
    with make_store(store_url) as page, make_store(store_url) as student:
        keys, seats, _ = table(student)
        shown = page.read(keys.code)
        made = draw(student, keys, seats, 7)
        vote_free = page.read(keys.code, since=shown.version)
        assert vote_free.changes == tuple(made)
        assert vote_free.game.to_json() == student.read(keys.code).game.to_json()
        assert page.read(keys.code, since=vote_free.version).changes == ()


def test_a_kernel_that_missed_many_versions_catches_up_exactly(store_url):
    with make_store(store_url, compact_every=10) as page, make_store(store_url, compact_every=10) as student:
        keys, seats, _ = table(student)
        shown = page.read(keys.code)
        draw(student, keys, seats, 95)
        student.act(keys.code, Action.mark_done("Ben"), seat_token=seats["Ben"].token)
        caught_up = page.read(keys.code, since=shown.version)
        assert caught_up.changes is None  # too far behind to say what changed: render everything
        assert caught_up.version == student.version(keys.code)
        assert caught_up.game.to_json() == student.read(keys.code).game.to_json() == student.replay(keys.code).to_json()
        assert caught_up.game.done == ("Ben",) and len(caught_up.game.drawing("Cleo")) == 31


def test_a_kernel_remembers_recent_moves_up_to_two_boards_of_ink(store_url):
    # Every kernel at a table remembers its recent moves, strokes and all (~145 bytes a point), for
    # its pages to redraw only what changed: a seat that drew full boards and cleared them had
    # every kernel of its table hold 256 moves of 5,000 points.
    with make_store(store_url) as page, make_store(store_url) as student:
        keys, seats, _ = table(student)
        shown = page.read(keys.code)
        full = Stroke([(10 + i % 500, 10 + i // 500 * 20) for i in range(5000)], color="#0072b2", width=4)
        ana = seats["Ana"].token
        for _ in range(6):
            for _ in range(4):
                student.act(keys.code, Action.edit_drawing("Ana", [full]), seat_token=ana)
            last = student.act(keys.code, Action.edit_drawing("Ana", keep=0), seat_token=ana)
        since_start = page.read(keys.code, since=shown.version)
        held = sum(len(stroke["points"]) for _, action in since_start.changes or () for stroke in action.args["strokes"])
        assert since_start.changes is None, f"the kernel holds {held} points of moves"
        assert since_start.game.to_json() == student.read(keys.code).game.to_json()
        assert page.read(keys.code, since=last - 1).changes == ((last, Action.edit_drawing("Ana", keep=0)),)


def test_a_kernel_hears_of_its_own_moves_too(store_url):
    with make_store(store_url) as store:
        keys, seats, _ = table(store)
        shown = store.read(keys.code)
        made = draw(store, keys, seats, 3)
        assert store.read(keys.code, since=shown.version).changes == tuple(made)


def test_a_snapshot_read_is_a_copy_the_next_move_does_not_touch(store_url):
    with make_store(store_url) as store:
        keys, seats, _ = table(store)
        before = store.read(keys.code)
        draw(store, keys, seats, 3)
        assert len(before.game.drawing("Ana")) == 0 and len(store.read(keys.code).game.drawing("Ana")) == 1


def test_lobby_changes_during_play_log_nothing_and_keep_the_game(store_url):
    with make_store(store_url) as page, make_store(store_url) as teacher:
        keys, seats, _ = table(teacher)
        shown = page.read(keys.code)
        draw(teacher, keys, seats, 2)
        teacher.reissue_seat(keys.code, keys.teacher_key, "Ben")
        later = page.read(keys.code, since=shown.version)
        assert [a.kind for _, a in later.changes] == ["edit_drawing", "edit_drawing"]
        assert later.version == shown.version + 3 and later.game.to_json() == teacher.read(keys.code).game.to_json()


def test_a_whole_round_through_stroke_sized_moves(store_url):
    with make_store(store_url, compact_every=7) as store:
        keys, seats, _ = table(store)
        draw(store, keys, seats, 12)
        for name in ANA_BEN_CLEO:
            store.act(keys.code, Action.edit_drawing(name, keep=1), seat_token=seats[name].token)  # undo down to one
            store.act(keys.code, Action.mark_done(name), seat_token=seats[name].token)
        store.act(keys.code, Action.advance(), teacher_key=keys.teacher_key)
        game = store.read(keys.code).game
        assert game.phase is Phase.FIND and all(len(game.drawing(p)) == 1 for p in ANA_BEN_CLEO)
        store.act(keys.code, Action.cast_vote("Ben", "Ana", token(game, "Ana")), seat_token=seats["Ben"].token)
        assert store.replay(keys.code).votes_of("Ben") == {"Ana": token(game, "Ana")}


def test_a_layout_1_sqlite_file_is_brought_to_the_snapshot_layout_with_its_games(tmp_path):
    path = tmp_path / "old.sqlite"
    game = Game.new(ANA_BEN_CLEO, word_deck(), seed=3)
    game.edit_drawing("Ana", [stroke(1)])
    conn = sqlite3.connect(path)
    for statement in (  # the layout incognito_nb wrote before snapshots, as it wrote it
        "CREATE TABLE schema_version (version INTEGER NOT NULL)",
        "CREATE TABLE tables (code TEXT PRIMARY KEY, version INTEGER NOT NULL, teacher TEXT NOT NULL, "
        "deck TEXT NOT NULL, rules TEXT NOT NULL, seed TEXT NOT NULL, lobby TEXT NOT NULL, game TEXT, "
        "created_at REAL NOT NULL, updated_at REAL NOT NULL)",
        "CREATE INDEX tables_by_update ON tables (updated_at)",
        "CREATE TABLE actions (code TEXT NOT NULL, version INTEGER NOT NULL, action TEXT NOT NULL, "
        "at REAL NOT NULL, PRIMARY KEY (code, version)) WITHOUT ROWID",
    ):
        conn.execute(statement)
    conn.execute("INSERT INTO schema_version VALUES (1)")
    deck = word_deck()
    from incognito_nb.store.tables import digest
    import time as clock

    now = clock.time()
    lobby = json.dumps([[name, digest(f"token-{name}")] for name in ANA_BEN_CLEO])
    common = (digest("key"), json.dumps({"name": deck.name, "language": deck.language, "objects": list(deck.objects),
              "locations": list(deck.locations)}), json.dumps({"rounds": 3, "lineup_size": 6, "distinct_votes": True}),
              "3", lobby)
    conn.execute("INSERT INTO tables VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", ("AAAAA", 6, *common, game.to_json(), now, now))
    conn.execute("INSERT INTO tables VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", ("BBBBB", 2, *common[:4], "[]", None, now, now))
    conn.execute("INSERT INTO actions VALUES ('AAAAA', 6, ?, ?)",
                 (json.dumps(Action.edit_drawing("Ana", [stroke(1)]).to_dict()), now))
    conn.commit()
    conn.close()

    with open_store(path) as store:
        assert store.read("AAAAA").game.to_json() == game.to_json() and store.version("AAAAA") == 6
        assert store.read("BBBBB").game is None and store.read("BBBBB").players == ()
        store.act("AAAAA", Action.edit_drawing("Ben", [stroke(2)]), seat_token="token-Ben")
        assert len(store.replay("AAAAA").drawing("Ben")) == 1 and len(store.replay("AAAAA").drawing("Ana")) == 1
        assert [v for v, _ in store.actions("AAAAA")] == [7]
    assert sqlite3.connect(path).execute("SELECT version FROM schema_version").fetchone() == (3,)
    with open_store(path) as store:
        assert store.read("AAAAA").language == "en"  # no language was kept: English


def test_a_layout_2_sqlite_file_gains_the_tables_language_and_keeps_its_games(tmp_path):
    path = tmp_path / "layout2.sqlite"
    with open_store(path) as store:
        keys, seats, _ = table(store)
        before = store.read(keys.code).game.to_json()
    conn = sqlite3.connect(path)  # as incognito_nb wrote it before tables kept their language
    conn.executescript(
        "CREATE TABLE tables_old AS SELECT code, version, teacher, deck, rules, seed, lobby, created_at, updated_at "
        "FROM tables; DROP TABLE tables; ALTER TABLE tables_old RENAME TO tables; "
        "UPDATE schema_version SET version = 2;")
    conn.close()
    with open_store(path) as store:
        snapshot = store.read(keys.code)
        assert snapshot.game.to_json() == before and snapshot.language == "en"
        store.set_language(keys.code, keys.teacher_key, "fr")
        store.act(keys.code, Action.edit_drawing("Ana", [stroke(7)]), seat_token=seats["Ana"].token)
        assert store.read(keys.code).language == "fr" and len(store.replay(keys.code).drawing("Ana")) >= 1
    assert sqlite3.connect(path).execute("SELECT version FROM schema_version").fetchone() == (3,)


def test_a_redis_table_written_in_the_old_layout_is_moved_on_first_read(redis_url):
    import redis

    client = redis.Redis.from_url(redis_url, decode_responses=True)
    client.flushdb()
    with open_store(redis_url) as store:
        keys, seats, _ = table(store)
        game = store.read(keys.code).game
    game.edit_drawing("Cleo", [stroke(4)])
    state = f"incognito:table:{keys.code}:state"
    # What incognito_nb wrote before snapshots: the game in the record, a list as the log.
    client.hdel(state, "snapshot_version", "log_floor")
    client.delete(f"incognito:table:{keys.code}:snapshot", f"incognito:table:{keys.code}:actions")
    client.hset(state, mapping={"game": game.to_json()})
    client.rpush(f"incognito:table:{keys.code}:log", "{}")
    with open_store(redis_url) as store:
        assert store.read(keys.code).game.to_json() == game.to_json()
        store.act(keys.code, Action.edit_drawing("Ana", [stroke(5)]), seat_token=seats["Ana"].token)
        assert len(store.replay(keys.code).drawing("Cleo")) == 1
    assert not client.hexists(state, "game") and not client.exists(f"incognito:table:{keys.code}:log")


def test_a_redis_table_written_before_tables_kept_a_language_speaks_english(redis_url):
    import redis

    client = redis.Redis.from_url(redis_url, decode_responses=True)
    client.flushdb()
    with open_store(redis_url) as store:
        keys, _, _ = table(store)
        client.hdel(f"incognito:table:{keys.code}:state", "language")
        assert store.read(keys.code).language == "en"
        store.set_language(keys.code, keys.teacher_key, "es")
        assert store.read(keys.code).language == "es"
