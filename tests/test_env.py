"""``npuzzle.env``: Gymnasium's own checker on both environments, vector environments (sync and async), the action
mask, seeded starts, and the distance labels against the breadth-first oracle (3×3) and Korf's published lengths
(4×4 with the pattern database)."""

from __future__ import annotations

import io
import warnings
from pathlib import Path

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from npuzzle import Board, goal_board
from npuzzle.board import DIRECTIONS
from npuzzle.cli import main
from npuzzle.course.reference import SlidingPuzzle, astar
from npuzzle.env import MAX_EPISODE_STEPS, PUZZLE_ID, TEXT_ID, SlidingPuzzleEnv, TextPuzzleEnv, expand, next_states
from npuzzle.errors import (
    GoalError,
    LimitError,
    MoveError,
    PatternDatabaseError,
    PuzzleError,
    ShapeError,
    UnknownNameError,
    UnsolvableError,
)
from npuzzle.nearoptimal import manhattan_linear_conflict
from npuzzle.optimal.heuristics import make_heuristic
from npuzzle.pdb import PDB_ENV
from npuzzle.randomize import MAX_SCRAMBLE_MOVES, random_board
from npuzzle.research.instances import korf100
from npuzzle.research.labels import shared_table
from oracle import distances
from shipped_pdb import PDB_FILE


@pytest.mark.parametrize(
    "settings",
    [
        {"rows": 3, "cols": 3},
        {"rows": 2, "cols": 4, "observation": "onehot", "reward": "sparse", "goal": "blank-first"},
        {"rows": 4, "cols": 4, "scramble": "walk:30", "render_mode": "ansi"},
        {"rows": 5, "cols": 5, "distance": "off"},
    ],
)
def test_gymnasiums_checker_passes(settings: dict[str, object]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a checker's warning fails the test
        check_env(gym.make(PUZZLE_ID, **settings).unwrapped)
        check_env(gym.make(TEXT_ID, **{k: v for k, v in settings.items() if k != "observation"}).unwrapped)


def test_the_module_colon_id_form_imports_and_makes_it() -> None:
    env = gym.make("npuzzle.env:npuzzle/SlidingPuzzle-v0", rows=2, cols=3)
    observation, info = env.reset(seed=5)
    assert observation.shape == (2, 3) and observation.dtype == np.int16 and "optimal_distance" in info


def test_the_labels_follow_the_breadth_first_oracle_step_by_step() -> None:
    env = SlidingPuzzleEnv(3, 3)
    truth = distances(goal_board(3, 3))
    rng = np.random.default_rng(4)
    for episode in range(5):
        observation, info = env.reset(seed=episode)
        for _ in range(40):
            tiles = tuple(int(t) for t in observation.ravel())
            assert info["optimal_distance"] == info["distance_lower_bound"] == truth[tiles] > 0 or tiles == tuple(
                goal_board(3, 3).tiles
            )
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            observation, reward, terminated, _, info = env.step(action)
            assert reward == -1.0 and info["tile"] > 0
            if terminated:
                break


def test_an_action_the_mask_forbids_changes_nothing_but_costs_a_step() -> None:
    env = SlidingPuzzleEnv(3, 3, max_steps=3)
    observation, info = env.reset(options={"board": "1 2 3 / 4 5 6 / 7 0 8"})
    mask = info["action_mask"]
    assert [DIRECTIONS[a] for a in np.flatnonzero(mask)] == ["D", "L", "R"]  # the blank on the bottom row
    assert np.array_equal(mask, env.action_masks())
    after, reward, terminated, truncated, info = env.step(DIRECTIONS.index("U"))
    assert np.array_equal(after, observation) and reward == -1.0 and info["tile"] == 0 and not terminated
    env.step(DIRECTIONS.index("U"))
    *_, truncated, _ = env.step(DIRECTIONS.index("U"))
    assert truncated  # max_steps actions
    env.reset(options={"board": [[1, 2, 3], [4, 5, 6], [7, 0, 8]]})
    observation, reward, terminated, _, info = env.step(DIRECTIONS.index("L"))  # 8 slides left: solved
    assert terminated and info["optimal_distance"] == 0 and observation.ravel().tolist() == [1, 2, 3, 4, 5, 6, 7, 8, 0]


def test_the_mask_is_reached_through_wrappers_as_maskable_ppo_reaches_it() -> None:
    # sb3-contrib's get_action_masks and is_masking_supported call env.get_wrapper_attr("action_masks"); Gymnasium's
    # wrappers (OrderEnforcing, TimeLimit, …) no longer pass other attributes through
    env = gym.wrappers.RecordEpisodeStatistics(gym.make(PUZZLE_ID, rows=3, cols=3))
    _, info = env.reset(options={"board": "1 2 3 / 4 5 6 / 7 0 8"})
    masks = env.get_wrapper_attr("action_masks")
    assert masks().tolist() == info["action_mask"].tolist() == [0, 1, 1, 1]
    _, _, _, _, info = env.step(DIRECTIONS.index("D"))  # 5 slides down: the blank mid-board
    assert masks().tolist() == info["action_mask"].tolist() == [1, 1, 1, 1]
    envs = gym.make_vec(PUZZLE_ID, num_envs=2, vectorization_mode="sync", rows=2, cols=2)
    _, infos = envs.reset(seed=1)
    assert np.array_equal(np.stack(envs.call("action_masks")), infos["action_mask"])
    envs.close()


def test_maskable_ppo_learns_through_gym_make() -> None:
    pytest.importorskip("sb3_contrib")  # an optional check: sb3-contrib (and torch) are not npuzzle's dependencies
    from sb3_contrib import MaskablePPO
    from sb3_contrib.common.maskable.utils import get_action_masks, is_masking_supported

    env = gym.make(PUZZLE_ID, rows=2, cols=3)
    env.reset(seed=0)
    assert is_masking_supported(env) and get_action_masks(env).tolist() == env.unwrapped.action_masks().tolist()
    model = MaskablePPO("MlpPolicy", env, n_steps=32, batch_size=16, n_epochs=1, seed=0)
    model.learn(64)
    assert model.num_timesteps == 64


def test_the_spec_states_the_episode_limit_and_episodes_keep_it() -> None:
    assert gym.spec(PUZZLE_ID).max_episode_steps == gym.spec(TEXT_ID).max_episode_steps == MAX_EPISODE_STEPS == 200
    for made, limit in (
        (gym.make(PUZZLE_ID, rows=3, cols=3), 200),
        (gym.make(PUZZLE_ID, rows=3, cols=3, max_episode_steps=7), 7),
    ):
        assert made.spec is not None and made.spec.max_episode_steps == limit
        made.reset(options={"board": "1 2 3 / 4 5 6 / 0 7 8"})  # the blank in a corner: nothing slides up
        truncated = [made.step(DIRECTIONS.index("U"))[3] for _ in range(limit)]
        assert truncated == [False] * (limit - 1) + [True]
    text = gym.make(TEXT_ID, rows=2, cols=2, max_episode_steps=3)
    text.reset(seed=0)
    assert [text.step("jump")[3] for _ in range(3)] == [False, False, True]
    assert SlidingPuzzleEnv(3, 3).max_steps == MAX_EPISODE_STEPS  # made directly: the env truncates itself


def test_seeded_starts_repeat_and_walks_stay_within_their_length() -> None:
    env = SlidingPuzzleEnv(3, 3, scramble="walk:6")
    first = [env.reset(seed=s)[0].tolist() for s in range(20)]
    again = [env.reset(seed=s)[0].tolist() for s in range(20)]
    assert first == again and len({str(b) for b in first}) > 5
    assert all(0 < env.reset(seed=s)[1]["optimal_distance"] <= 6 for s in range(20))
    sparse = SlidingPuzzleEnv(2, 3, reward="sparse", scramble="walk:1")
    outcomes = []
    for action in range(4):
        sparse.reset(seed=3)  # one move from the goal
        _, reward, terminated, _, _ = sparse.step(action)
        outcomes.append((reward, terminated))
    assert sorted(outcomes) == [(0.0, False)] * 3 + [(1.0, True)]


def test_walks_between_a_and_b_moves_start_at_every_depth_between() -> None:
    # a walk of K moves ends at a distance of at most K with K's parity (each move changes the distance by one)
    truth = distances(goal_board(3, 3))
    env = SlidingPuzzleEnv(3, 3, scramble="walk:5-8", distance="off")
    starts = [tuple(int(t) for t in env.reset(seed=s)[0].ravel()) for s in range(200)]
    depths = [truth[start] for start in starts]
    assert max(depths) <= 8 and {d % 2 for d in depths} == {0, 1} and min(depths) > 0
    assert starts == [tuple(int(t) for t in env.reset(seed=s)[0].ravel()) for s in range(200)]  # seeded
    assert {truth[tuple(int(t) for t in env.reset(seed=s, options={"scramble": "walk:7"})[0].ravel())] % 2
            for s in range(50)} == {1}  # fmt: skip
    # a curriculum: the depth of one reset's start set by its options, the env's own scramble otherwise
    envs = gym.make_vec(PUZZLE_ID, num_envs=4, vectorization_mode="sync", rows=3, cols=3, scramble="walk:1")
    _, infos = envs.reset(seed=0)
    assert infos["optimal_distance"].tolist() == [1, 1, 1, 1]
    _, infos = envs.reset(seed=1, options={"scramble": "walk:20-24"})
    assert (infos["optimal_distance"] <= 24).all() and (infos["optimal_distance"] > 1).all()
    envs.close()
    with pytest.raises(UnknownNameError, match="board or scramble, not both"):
        env.reset(options={"board": "1 2 3 / 4 5 6 / 7 0 8", "scramble": "walk:3"})
    with pytest.raises(LimitError, match="scramble 'walk:3-1' is not a walk"):
        env.reset(options={"scramble": "walk:3-1"})


@pytest.mark.parametrize(("rows", "cols"), [(2, 2), (3, 4), (4, 4), (5, 3)])
def test_batched_next_states_and_expand_move_each_board_as_a_step_does(rows: int, cols: int) -> None:
    boards = [random_board(rows, cols, seed=f"batch/{i}") for i in range(64)]
    array = np.array([[list(b.tiles[r * cols : (r + 1) * cols]) for r in range(rows)] for b in boards], np.int16)
    kept = array.copy()
    actions = np.random.default_rng(rows * cols).integers(0, 4, len(boards))
    after, moved = next_states(array, actions)
    children, masks = expand(array)
    assert np.array_equal(array, kept) and after.dtype == array.dtype and children.shape == (64, 4, rows, cols)
    for i, board in enumerate(boards):
        movable = board.movable_tiles()
        letter = DIRECTIONS[actions[i]]
        expected = board.slide(letter) if letter in movable else board
        assert tuple(after[i].ravel().tolist()) == expected.tiles and moved[i] == (letter in movable)
        assert masks[i].tolist() == [int(d in movable) for d in DIRECTIONS]
        for a, d in enumerate(DIRECTIONS):
            assert tuple(children[i, a].ravel().tolist()) == (board.slide(d) if d in movable else board).tiles
    assert np.array_equal(next_states(array, 2)[0], children[:, 2])  # one action for the whole batch


def test_batched_next_states_take_the_env_s_observations_and_name_bad_input() -> None:
    envs = gym.make_vec(PUZZLE_ID, num_envs=3, vectorization_mode="sync", rows=3, cols=3, distance="off")
    observations, infos = envs.reset(seed=4)
    actions = np.array([int(np.flatnonzero(m)[0]) for m in infos["action_mask"]])
    predicted, moved = next_states(observations, actions)
    stepped, *_ = envs.step(actions)
    envs.close()
    assert (
        moved.all()
        and np.array_equal(predicted, stepped)
        and np.array_equal(expand(observations)[1], infos["action_mask"])
    )
    with pytest.raises(MoveError, match=r"action 4 is not one of 0 \(U\)"):
        next_states(observations, [0, 4, 1])
    with pytest.raises(MoveError, match=r"action 1\.5 is not one of"):
        next_states(observations, 1.5)
    with pytest.raises(ShapeError, match=r"one action or one per board \(3\), got an array of shape \(2,\)"):
        next_states(observations, [0, 1])
    with pytest.raises(ShapeError, match=r"an integer array \(batch, rows, cols\), got int16 of shape \(3, 3\)"):
        next_states(observations[0], 0)
    with pytest.raises(ShapeError, match="board 1 of the batch has 2 blanks"):
        expand(np.array([[[1, 2], [3, 0]], [[0, 0], [1, 2]]]))
    with pytest.raises(ShapeError, match="the tiles of a 2×2 board are 0 to 3, got 0 to 7"):
        expand(np.array([[[1, 2], [7, 0]]]))


def test_onehot_observations_mark_one_tile_per_cell() -> None:
    env = SlidingPuzzleEnv(3, 4, observation="onehot", distance="off")
    observation, info = env.reset(seed=1)
    assert observation.shape == (3, 4, 12) and observation.dtype == np.int8
    assert (observation.sum(axis=2) == 1).all() and sorted(observation.argmax(axis=2).ravel()) == list(range(12))
    assert set(info) == {"action_mask", "tile"}
    again, _ = env.reset(options={"board": observation})  # an observation is a board reset takes
    assert np.array_equal(again, observation)


def test_a_big_board_gets_a_lower_bound_named_as_such() -> None:
    env = SlidingPuzzleEnv(6, 6)
    observation, info = env.reset(seed=2)
    board = Board(6, 6, tuple(int(t) for t in observation.ravel()))
    assert info["optimal_distance"] == -1 and info["distance_known"] is False
    goal = goal_board(6, 6)
    assert info["distance_lower_bound"] == manhattan_linear_conflict(board.tiles, goal.tiles, 6, 6)
    with pytest.raises(LimitError, match="known cheaply only on boards of up to 9 cells"):
        SlidingPuzzleEnv(5, 5, distance="exact")


@pytest.mark.skipif(not PDB_FILE.exists(), reason="the 7/7-7 tables are not built")
def test_the_15_puzzle_with_the_tables_gives_korfs_lengths() -> None:
    env = SlidingPuzzleEnv(4, 4, goal="blank-first", tables=str(PDB_FILE), distance="exact")
    for instance in sorted(korf100(), key=lambda i: i.manhattan_nodes or 0)[:3]:
        _, info = env.reset(options={"board": instance.board()})
        assert info["optimal_distance"] == instance.optimal
        # one move away from the start: the distance is one more or one less, and exact mode knows which
        action = int(np.flatnonzero(info["action_mask"])[0])
        _, _, _, _, after = env.step(action)
        assert abs(after["optimal_distance"] - instance.optimal) == 1
        assert after["distance_lower_bound"] == after["optimal_distance"]
    cheap = SlidingPuzzleEnv(4, 4, goal="blank-first", tables=str(PDB_FILE))
    instance = korf100()[0]
    _, info = cheap.reset(options={"board": instance.board()})
    assert info["optimal_distance"] == instance.optimal


def test_a_4x4_finds_the_tables_npuzzle_pdb_build_left_in_the_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))  # the cache directory of npuzzle.pdb.cache, the CLI's
    monkeypatch.delenv(PDB_ENV, raising=False)
    with pytest.raises(LimitError, match=f"none was found .* {str(tmp_path / 'npuzzle')!r} .*npuzzle pdb build"):
        gym.make(PUZZLE_ID, rows=4, cols=4, distance="exact")
    code = main(["pdb", "build", "--partition", "5-5-5"], out=io.StringIO(), err=io.StringIO(), stdin=io.StringIO())
    assert code == 0
    env = gym.make(PUZZLE_ID, rows=4, cols=4, distance="exact", scramble="walk:24")
    goal = goal_board(4, 4)
    for seed in range(3):
        observation, info = env.reset(seed=seed)
        board = Board(4, 4, tuple(int(t) for t in observation.ravel()))
        path = astar(SlidingPuzzle(board, goal, make_heuristic("manhattan", goal))).path
        assert path is not None and info["optimal_distance"] == len(path) - 1 > 0
    cheap = gym.make(PUZZLE_ID, rows=4, cols=4, scramble="walk:24")  # exact at the start and on the path found
    _, start = cheap.reset(seed=0)
    assert start["distance_known"] and start["optimal_distance"] > 0
    after = []
    for action in np.flatnonzero(start["action_mask"]):  # at most one move follows the solution found
        cheap.reset(seed=0)
        info = cheap.step(action)[4]
        after.append((info["distance_known"], info["optimal_distance"] if info["distance_known"] else -1))
        assert info["optimal_distance"] == (info["distance_lower_bound"] if info["distance_known"] else -1)
    assert sorted(after)[0] == (False, -1) and sorted(after)[-1] in ((False, -1), (True, start["optimal_distance"] - 1))


def test_vector_environments_sync_and_async() -> None:
    for mode in ("sync", "async"):
        envs = gym.make_vec(PUZZLE_ID, num_envs=3, vectorization_mode=mode, rows=3, cols=3)
        try:
            observations, infos = envs.reset(seed=11)
            truth = distances(goal_board(3, 3))
            assert observations.shape == (3, 3, 3) and infos["action_mask"].shape == (3, 4)
            assert list(infos["optimal_distance"]) == [truth[tuple(o.ravel().tolist())] for o in observations]
            actions = np.array([int(np.flatnonzero(m)[0]) for m in infos["action_mask"]])
            observations, rewards, *_, infos = envs.step(actions)
            assert list(rewards) == [-1.0] * 3 and (infos["tile"] > 0).all()
        finally:
            envs.close()


def test_a_vector_env_says_unknown_distances_as_minus_one_never_as_solved() -> None:
    envs = gym.make_vec(PUZZLE_ID, num_envs=2, vectorization_mode="sync", rows=5, cols=5, scramble="walk:40")
    _, infos = envs.reset(seed=3)
    assert infos["optimal_distance"].tolist() == [-1, -1] and infos["distance_known"].tolist() == [False, False]
    assert (infos["distance_lower_bound"] > 0).all()
    envs.close()
    envs = gym.make_vec(PUZZLE_ID, num_envs=2, vectorization_mode="sync", rows=2, cols=3)
    _, infos = envs.reset(seed=3)
    assert infos["distance_known"].tolist() == [True, True] and (infos["optimal_distance"] > 0).all()
    assert (infos["optimal_distance"] == infos["distance_lower_bound"]).all()
    envs.close()


def test_the_envs_of_a_process_share_one_breadth_first_table() -> None:
    before = shared_table.cache_info()
    envs = gym.make_vec(PUZZLE_ID, num_envs=8, vectorization_mode="sync", rows=3, cols=3, goal="blank-first")
    _, infos = envs.reset(seed=0)
    envs.close()
    after = shared_table.cache_info()
    assert after.hits + after.misses - before.hits - before.misses == 8  # each env's labeller asked once
    assert after.misses - before.misses <= 1  # and one search answered all eight (none if an earlier test ran it)
    truth = distances(goal_board(3, 3, "blank-first"))
    assert infos["distance_known"].all() and (infos["optimal_distance"] > 0).all()
    assert shared_table(goal_board(3, 3, "blank-first")).distance(goal_board(3, 3, "blank-first")) == 0
    assert len(shared_table(goal_board(3, 3, "blank-first"))) == len(truth)


def test_the_text_environment_reads_words_and_answers_as_the_command_line() -> None:
    env = TextPuzzleEnv(3, 3)
    text, info = env.reset(options={"board": "1 2 3 / 4 5 6 / 7 0 8"})
    assert text == "1 2 3\n4 5 6\n7 _ 8"
    board = Board(3, 3, (1, 2, 3, 4, 5, 6, 7, 0, 8))
    for move in ("jump", "up", "4", "U L"):
        text, reward, terminated, _, info = env.step(move)
        try:
            board.slide({"up": "U"}.get(move, move))
            expected = ""
        except MoveError as exc:
            expected = f"npuzzle: {exc}"
        if move == "U L":
            expected = "npuzzle: one move at a time, got 2: 'U L'"
        assert info["error"] == expected and text == expected + "\n1 2 3\n4 5 6\n7 _ 8" and reward == -1.0
    text, reward, terminated, _, info = env.step(" Left ")  # 8 slides left
    assert terminated and "error" not in info and text == "1 2 3\n4 5 6\n7 8 _"


def test_an_action_outside_the_action_space_is_named_not_wrapped_round() -> None:
    env = SlidingPuzzleEnv(3, 3)
    env.reset(options={"board": "1 2 3 / 4 0 5 / 6 7 8"})  # every action legal
    for action in (-1, 4, 2.0):
        with pytest.raises(MoveError, match=f"action {action!r} is not one of 0"):
            env.step(action)  # type: ignore[arg-type]
    assert env.steps == 0 and env.board == Board(3, 3, (1, 2, 3, 4, 0, 5, 6, 7, 8))
    assert env.step(np.int64(3))[4]["tile"] == 4


def test_bad_settings_are_named() -> None:
    with pytest.raises(UnknownNameError, match="reward must be one of 'step', 'sparse', got 'dense'"):
        SlidingPuzzleEnv(3, 3, reward="dense")
    with pytest.raises(UnknownNameError, match="distance must be one of 'off', 'cheap', 'exact', got 'exactly'"):
        SlidingPuzzleEnv(3, 3, distance="exactly")  # type: ignore[arg-type]
    with pytest.raises(PuzzleError, match=r"'random', 'walk:K' or 'walk:A-B' .*, got 'shuffle'"):
        SlidingPuzzleEnv(3, 3, scramble="shuffle")
    with pytest.raises(UnsolvableError, match="cannot reach the goal"):
        SlidingPuzzleEnv(3, 3).reset(options={"board": "2 1 3 / 4 5 6 / 7 8 0"})
    with pytest.raises(PuzzleError, match="at least 2 rows and 2 columns, got 1×3"):
        SlidingPuzzleEnv(1, 3)
    with pytest.raises(UnknownNameError, match="render_mode must be one of None, 'ansi', got 'human'"):
        SlidingPuzzleEnv(3, 3, render_mode="human")  # gym.make warns of it first


@pytest.mark.parametrize(
    ("setting", "error", "message"),
    [
        ({"rows": "3"}, ShapeError, "rows must be a whole number, got '3'"),
        ({"cols": 2.5}, ShapeError, "cols must be a whole number, got 2.5"),
        ({"rows": True}, ShapeError, "rows must be a whole number, got True"),
        ({"goal": 5}, GoalError, "goal must be 'default', 'blank-first' or a board .*, got 5"),
        ({"scramble": 30}, UnknownNameError, "scramble must be 'random', 'walk:K' or 'walk:A-B' .*, got 30"),
        ({"scramble": "walk:6-3"}, LimitError, f"'walk:6-3' is not a walk of 1 to {MAX_SCRAMBLE_MOVES:,} moves"),
        ({"scramble": "walk:0"}, LimitError, "scramble 'walk:0' is not a walk of 1 to"),
        ({"max_steps": "10"}, LimitError, "max_steps must be a whole number, got '10'"),
        ({"max_steps": 0}, LimitError, "max_steps must be at least 1, got 0"),
        ({"tables": 7}, PatternDatabaseError, "tables must be a file's path or PdbTables, got 7"),
        (
            {"observation": ["tiles"]},
            UnknownNameError,
            r"observation must be one of 'tiles', 'onehot', got \['tiles'\]",
        ),
    ],
)
def test_every_setting_of_the_wrong_type_or_value_is_named_with_the_value(
    setting: dict[str, object], error: type[PuzzleError], message: str
) -> None:
    with pytest.raises(error, match=message):
        gym.make(PUZZLE_ID, **{"rows": 3, "cols": 3, **setting})
    assert issubclass(error, ValueError)
    if "observation" not in setting:
        with pytest.raises(error, match=message):
            gym.make(TEXT_ID, **{"rows": 3, "cols": 3, **setting})
    else:
        with pytest.raises(UnknownNameError, match="TextPuzzleEnv's observation is text: leave out observation="):
            TextPuzzleEnv(3, 3, **setting)


def test_an_unknown_reset_option_is_refused_naming_it_and_the_known_ones() -> None:
    env = gym.make(PUZZLE_ID, rows=3, cols=3)
    with pytest.raises(UnknownNameError, match="reset has no option 'bord': its options are 'board', 'scramble'"):
        env.reset(options={"bord": "1 2 3 / 4 5 6 / 7 0 8"})
    with pytest.raises(UnknownNameError, match="reset's options must be a dict of 'board', 'scramble', got '1 2 3'"):
        env.reset(options="1 2 3")  # type: ignore[arg-type]
    with pytest.raises(UnknownNameError, match="reset has no option 'seed'"):
        gym.make(TEXT_ID, rows=3, cols=3).reset(options={"seed": 1})
    observation, _ = env.reset(options={"board": "1 2 3 / 4 5 6 / 7 0 8"})
    assert observation.ravel().tolist() == [1, 2, 3, 4, 5, 6, 7, 0, 8]
