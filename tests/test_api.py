"""The Python API contract of DESIGN.md: names, types and every error path."""

from __future__ import annotations

import copy
import json
import pickle

import numpy as np
import pytest

import meeple
from conftest import ALL_GAMES

REF = "_reference"


def test_games_lists_complete_games_sorted() -> None:
    names = meeple.games()
    assert names == sorted(names)
    assert REF not in names
    for n in names:
        info = meeple.game_info(n)
        assert info["name"] == n
        assert 1 <= info["min_players"] <= info["max_players"]
        assert info["num_distinct_actions"] > 0
        for opt in info["options"].values():
            assert "default" in opt and "doc" in opt
            assert "allowed" in opt or "type" in opt


def test_constants() -> None:
    assert meeple.CHANCE == -1
    assert meeple.TERMINAL == -4
    assert issubclass(meeple.IllegalActionError, ValueError)


@pytest.mark.parametrize("game", ALL_GAMES)
def test_game_properties(game: str) -> None:
    info = meeple.game_info(game)
    p = info["min_players"]
    g = meeple.new_game(game, players=p, seed=7)
    assert g.game_id == game
    assert g.num_players == p
    assert set(g.options) == set(info["options"])
    assert g.num_distinct_actions == info["num_distinct_actions_by_players"][str(p)]
    assert g.current_player >= 0
    assert not g.is_terminal and not g.is_chance_node
    assert isinstance(str(g), str) and str(g)
    assert game in repr(g)
    assert g.seed == 7 and g.chance == "auto"


def test_unknown_game() -> None:
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        meeple.new_game("chess", players=2)
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        meeple.game_info("chess")


def test_bad_player_count() -> None:
    with pytest.raises(ValueError, match="played by 2 to 4 players, not 9"):
        meeple.new_game(REF, players=9)
    with pytest.raises(ValueError, match="players must be an int"):
        meeple.new_game(REF, players="three")  # type: ignore[arg-type]


def test_unknown_option() -> None:
    with pytest.raises(ValueError, match="unknown option 'speed'"):
        meeple.new_game(REF, players=2, speed=3)


def test_bad_option_value() -> None:
    with pytest.raises(ValueError, match="bad value for option 'flaw'"):
        meeple.new_game(REF, players=2, flaw="sometimes")
    with pytest.raises(ValueError, match="bad value for option 'flaw'"):
        meeple.new_game(REF, players=2, flaw=3)


def test_bad_seed_and_chance() -> None:
    with pytest.raises(ValueError, match="seed"):
        meeple.new_game(REF, players=2, seed=-1)
    with pytest.raises(ValueError, match="seed"):
        meeple.new_game(REF, players=2, seed=2**64)
    with pytest.raises(ValueError, match="chance"):
        meeple.new_game(REF, players=2, chance="sometimes")


def test_illegal_action_names_action_and_state() -> None:
    g = meeple.new_game(REF, players=2, seed=1)
    before = g.to_json()
    with pytest.raises(
        meeple.IllegalActionError, match=r"illegal action 4 \('action 4'\) at player 0 to move"
    ):
        g.apply_action(4)
    with pytest.raises(meeple.IllegalActionError, match="has actions 0..5"):
        g.apply_action(99)
    with pytest.raises(meeple.IllegalActionError, match="illegal action -3"):
        g.apply_action(-3)
    assert g.to_json() == before


def test_action_after_end() -> None:
    g = meeple.new_game(REF, players=2, seed=1)
    while not g.is_terminal:
        g.apply_action(g.legal_actions()[0])
    with pytest.raises(meeple.IllegalActionError, match="the game is over"):
        g.apply_action(0)


def test_string_actions() -> None:
    g = meeple.new_game(REF, players=2, seed=1)
    assert g.string_to_action("bet") == 1
    assert g.action_to_string(1) == "bet"
    with pytest.raises(
        ValueError, match="'fold' names no action of .*; legal now: pass, bet, swap"
    ):
        g.string_to_action("fold")
    with pytest.raises(ValueError, match="out of range"):
        g.action_to_string(77)


def test_bad_seat() -> None:
    g = meeple.new_game(REF, players=2, seed=1)
    for call in (g.observation, g.observation_tensor, g.evaluate):
        with pytest.raises(ValueError, match="seat 5 out of range"):
            call(5)
    with pytest.raises(ValueError, match="seat -1 out of range"):
        g.determinize(-1, 0)


def test_malformed_json() -> None:
    with pytest.raises(ValueError, match="bad JSON"):
        meeple.from_json("{not json")
    with pytest.raises(ValueError, match="bad JSON"):
        meeple.from_json('{"format": 1}')
    with pytest.raises(ValueError, match="format 99 is not supported"):
        meeple.from_json('{"format": 99, "game": "_reference", "state": {}}')
    with pytest.raises(ValueError, match="unknown game 'go'"):
        meeple.from_json('{"format": 1, "game": "go", "state": {}}')
    with pytest.raises(ValueError, match="from_json takes JSON text"):
        meeple.from_json(42)  # type: ignore[arg-type]


def test_truncated_and_altered_json() -> None:
    g = meeple.new_game(REF, players=3, seed=2)
    text = g.to_json()
    with pytest.raises(ValueError, match="bad JSON"):
        meeple.from_json(text[: len(text) // 2])
    doc = json.loads(text)
    doc["state"]["hands"][0] = 9
    with pytest.raises(ValueError, match="card 9 does not exist"):
        meeple.from_json(json.dumps(doc))
    doc = json.loads(text)
    doc["state"]["deck"] = [2, 2, 2, 2, 2]
    with pytest.raises(ValueError, match="appears 3 times"):
        meeple.from_json(json.dumps(doc))
    doc = json.loads(text)
    doc["state"]["config"]["options"] = {"flaw": "none", "extra": 1}
    with pytest.raises(ValueError, match="unknown option 'extra'"):
        meeple.from_json(json.dumps(doc))


def test_foreign_json() -> None:
    g = meeple.new_game(REF, players=2, seed=2)
    doc = json.loads(g.to_json())
    for game in meeple.games():
        doc["game"] = game
        with pytest.raises(ValueError):
            meeple.from_json(json.dumps(doc))
    with pytest.raises(ValueError):
        meeple.from_json("[1, 2, 3]")


def test_json_round_trip_and_copies() -> None:
    g = meeple.new_game(REF, players=3, seed=3)
    g.apply_action(1)
    text = g.to_json()
    doc = json.loads(text)
    assert doc["format"] == meeple.FORMAT_VERSION and doc["game"] == REF
    assert meeple.from_json(text).to_json() == text
    assert pickle.loads(pickle.dumps(g)).to_json() == text
    assert copy.copy(g).to_json() == text
    assert copy.deepcopy(g).history() == g.history()


def test_replay_and_bad_record() -> None:
    g = meeple.new_game(REF, players=2, seed=4)
    while not g.is_terminal:
        g.apply_action(g.legal_actions()[-1])
    rec = json.loads(g.record())
    assert set(rec) >= {"format", "game", "players", "options", "seed", "actions"}
    assert meeple.replay(rec).to_json() == g.to_json()
    rec["actions"].append(0)  # one move past the end
    with pytest.raises(meeple.IllegalActionError, match=f"replay step {len(rec['actions']) - 1}"):
        meeple.replay(rec)
    with pytest.raises(ValueError, match="bad record"):
        meeple.replay({"game": REF})
    with pytest.raises(ValueError, match="replay takes"):
        meeple.replay(3)  # type: ignore[arg-type]


def test_same_seed_same_game() -> None:
    a = meeple.new_game(REF, players=4, seed=99)
    b = meeple.new_game(REF, players=4, seed=99)
    assert a.to_json() == b.to_json()


def test_observation_hides_other_hands() -> None:
    g = meeple.new_game(REF, players=3, seed=5)
    obs = g.observation(0)
    assert obs["hands"][0] is not None
    assert obs["hands"][1] is None and obs["hands"][2] is None


def test_mask_and_tensor_types() -> None:
    g = meeple.new_game(REF, players=2, seed=5)
    m = g.legal_action_mask()
    assert m.dtype == np.bool_ and list(np.flatnonzero(m)) == g.legal_actions()
    assert g.observation_tensor(0).dtype == np.float32


def test_random_playouts_from_state() -> None:
    g = meeple.new_game(REF, players=2, seed=5)
    lengths, scores, returns, finished = g.random_playouts(10, seed=1, threads=2)
    assert lengths.shape == (10,) and scores.shape == (10, 2)
    assert finished.all() and np.allclose(returns.sum(axis=1), 1)


def test_hand_written_position_may_omit_default_options() -> None:
    g = meeple.new_game(REF, players=3, seed=2)
    doc = json.loads(g.to_json())
    del doc["options"]
    doc["state"]["config"]["options"] = {}
    loaded = meeple.from_json(json.dumps(doc))
    assert loaded.options == {"flaw": "none"}
    assert loaded.to_json() == g.to_json()
    doc["state"]["config"]["options"] = {"flaw": "often"}
    with pytest.raises(ValueError, match="bad value for option 'flaw'"):
        meeple.from_json(json.dumps(doc))
