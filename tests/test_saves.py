"""Saved games: deterministic, versioned JSON, and a folder that never loses a good save."""

from __future__ import annotations

import json
import os

import pytest

from incognito_nb import Drawing, Game, IllegalAction, Phase, SaveError, Stroke
from incognito_nb.engine import MAX_DRAWING_POINTS, MAX_DRAWING_STROKES
from incognito_nb.store import AUTOSAVE, GameFolder
from tables import ANA_BEN_CLEO, SIX, confirm_all, doodle, to_find, token, word_deck


def test_the_same_state_gives_the_same_text():
    one = Game.new(SIX, word_deck(), seed=3)
    two = Game.new(SIX, word_deck(), seed=3)
    assert one.to_json() == two.to_json()
    assert json.loads(one.to_json())["version"] == 2


def test_a_game_saved_mid_round_plays_on_exactly_as_before():
    game = Game.new(SIX[:4], word_deck(), seed=8)
    game.submit_drawing("Ana", doodle(1))
    game.update_drawing("Ben", doodle(2))
    restored = Game.from_json(game.to_json())
    assert restored.to_json() == game.to_json()
    assert restored.drawing("Ben") == doodle(2) and restored.done == ("Ana",)
    for g in (game, restored):
        g.advance(force=True)
        g.cast_vote("Cleo", "Ana", token(g, "Ana"))
    mid_find = Game.from_json(restored.to_json())
    assert mid_find.votes_of("Cleo") == {"Ana": token(game, "Ana")}
    for g in (game, mid_find):
        confirm_all(g)
        g.advance()
        g.advance()
    assert mid_find.to_json() == game.to_json()
    assert mid_find.round == 2 and mid_find.scores == game.scores


def test_a_save_with_a_drawing_past_the_cap_still_loads_and_plays_on_but_takes_no_more_ink():
    """A save of a version before the drawing cap may hold a bigger board: a cap refuses
    new ink, it does not damage old games.  The board may shrink, not grow."""
    game = Game.new(SIX[:3], word_deck(), seed=8)
    data = json.loads(game.to_json())
    stroke = Stroke([(x, 100 + x % 7) for x in range(25)], color="#0072b2", width=4)
    big = Drawing([stroke] * 1_200)  # 30,000 points in 1,200 strokes: past both caps
    assert big.points > MAX_DRAWING_POINTS and len(big) > MAX_DRAWING_STROKES
    data["table"]["drawings"]["Ana"] = big.to_list()
    old = Game.from_json(json.dumps(data))
    assert old.drawing("Ana") == big
    assert Game.from_json(old.to_json()).drawing("Ana") == big
    with pytest.raises(IllegalAction) as refused:
        old.edit_drawing("Ana", [stroke])
    assert refused.value.rule == "drawing_full" and old.drawing("Ana") == big
    old.submit_drawing("Ana", big)  # handed in as it stands (the pad's Done)
    old.edit_drawing("Ana", keep=len(big) - 1)  # an undo: smaller, still past the cap
    assert len(old.drawing("Ana")) == len(big) - 1
    old.advance(force=True)
    assert old.phase is Phase.FIND and old.drawing("Ana").points == big.points - 25


@pytest.mark.parametrize("text", ["", "   ", b"", "null", "[]", '{"format": "something else"}'])
def test_empty_or_foreign_text_is_refused(text):
    with pytest.raises(SaveError):
        Game.from_json(text)


def test_a_truncated_save_is_refused():
    text = Game.new(ANA_BEN_CLEO, word_deck(), seed=1).to_json()
    for cut in (1, len(text) // 2, len(text) - 1):
        with pytest.raises(SaveError):
            Game.from_json(text[:cut])


def test_a_save_of_another_version_is_refused_saying_so():
    data = json.loads(Game.new(ANA_BEN_CLEO, word_deck(), seed=1).to_json())
    data["version"] = 99
    with pytest.raises(SaveError, match="version 99"):
        Game.from_json(json.dumps(data))


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: d.pop("players"),
        lambda d: d.update(players=["Ana", "Ana", "Ben"]),
        lambda d: d.update(phase="dancing"),
        lambda d: d.update(round=7),
        lambda d: d["table"]["votes"]["Ana"].update(Ana=1),
        lambda d: d["table"].update(lineup=[]),
        lambda d: d["rules"].update(rounds="three"),
        lambda d: d.update(extra_field=1),
        lambda d: d["table"]["drawings"]["Ana"].append({"points": "nope"}),
    ],
)
def test_a_damaged_save_is_refused(damage):
    data = json.loads(to_find(Game.new(ANA_BEN_CLEO, word_deck(), seed=1)).to_json())
    damage(data)
    with pytest.raises(SaveError, match="(damaged|Incognito saved game)"):
        Game.from_json(json.dumps(data))


def test_a_save_whose_points_do_not_follow_from_its_cards_is_refused():
    game = confirm_all(to_find(Game.new(ANA_BEN_CLEO, word_deck(), seed=1)))
    data = json.loads(game.to_json())
    data["history"][0]["points"]["Ana"] = 99
    with pytest.raises(SaveError, match="points"):
        Game.from_json(json.dumps(data))


def test_a_folder_saves_lists_and_loads_games(tmp_path):
    folder = GameFolder(tmp_path / "saves")
    game = to_find(Game.new(ANA_BEN_CLEO, word_deck(), seed=1))
    folder.save(game)
    folder.save(Game.new(SIX, word_deck(), seed=2), "class 4b")
    assert folder.load().to_json() == game.to_json()
    listed = {s.name: s for s in folder.list()}
    assert set(listed) == {AUTOSAVE, "class 4b"}
    assert listed[AUTOSAVE].phase is Phase.FIND and listed["class 4b"].players == SIX
    assert "Ana, Ben, Cleo — round 1, find phase" in listed[AUTOSAVE].describe()


def test_saving_leaves_no_temporary_files(tmp_path):
    folder = GameFolder(tmp_path)
    for seed in range(3):
        folder.save(Game.new(ANA_BEN_CLEO, word_deck(), seed=seed))
    assert [p.name for p in tmp_path.iterdir()] == [f"{AUTOSAVE}.incognito.json"]


def test_a_failed_write_keeps_the_previous_save(tmp_path, monkeypatch):
    folder = GameFolder(tmp_path)
    good = Game.new(ANA_BEN_CLEO, word_deck(), seed=1)
    folder.save(good)
    later = to_find(Game.from_json(good.to_json()))

    def disk_full(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)
    with pytest.raises(SaveError, match="No space left"):
        folder.save(later)
    monkeypatch.undo()
    assert folder.load().to_json() == good.to_json()
    assert [p.name for p in tmp_path.iterdir()] == [f"{AUTOSAVE}.incognito.json"]


def test_a_damaged_file_is_reported_and_left_out_of_the_list(tmp_path):
    folder = GameFolder(tmp_path)
    folder.save(Game.new(ANA_BEN_CLEO, word_deck(), seed=1), "good")
    (tmp_path / "bad.incognito.json").write_text('{"format": "incognito-nb/game", "version": 1', encoding="utf-8")
    assert [s.name for s in folder.list()] == ["good"]
    with pytest.raises(SaveError, match="bad.incognito.json"):
        folder.load("bad")
    with pytest.raises(SaveError, match="no saved game called 'missing'"):
        folder.load("missing")


@pytest.mark.parametrize("name", ["../escape", "", "a/b", ".hidden", "x" * 80])
def test_save_names_cannot_leave_the_folder(tmp_path, name):
    with pytest.raises(SaveError, match="save name"):
        GameFolder(tmp_path).save(Game.new(ANA_BEN_CLEO, word_deck(), seed=1), name)


def test_a_save_this_version_cannot_read_is_kept_aside_never_overwritten(tmp_path):
    folder = GameFolder(tmp_path)
    newer = json.loads(Game.new(["Ana", "Ben", "Cleo"], seed=1).to_json())
    newer["version"] = 99  # written by a later incognito_nb
    (tmp_path / "autosave.incognito.json").write_text(json.dumps(newer), encoding="utf-8")
    with pytest.raises(SaveError, match="version 99"):
        folder.load()
    game = Game.new(["Dev", "Eli", "Fay"], seed=2)
    folder.save(game)
    kept = list(tmp_path.glob("autosave.kept-*.json"))
    assert len(kept) == 1 and json.loads(kept[0].read_text(encoding="utf-8")) == newer
    assert folder.load().players == ("Dev", "Eli", "Fay")
    folder.save(game)  # the slot now holds this version's save: nothing more is moved
    assert list(tmp_path.glob("autosave.kept-*.json")) == kept
    assert [saved.name for saved in folder.list()] == ["autosave"]
    (tmp_path / "damaged.incognito.json").write_text('{"format": "incognito-nb/game", "vers', encoding="utf-8")
    folder.save(game, "damaged")
    assert len(list(tmp_path.glob("damaged.kept-*.json"))) == 1
