"""Gymnasium environments of the sliding puzzle (the ``npuzzle[gym]`` extra: gymnasium and numpy; docs/research.md):
:class:`SlidingPuzzleEnv` (tiles in, moves out, the optimal distance in ``info`` where cheap) and
:class:`TextPuzzleEnv` (the same through text, for language models); :func:`next_states` and :func:`expand` move
arrays of boards in batches (:mod:`.arrays`).

Importing this package registers them with Gymnasium as :data:`PUZZLE_ID` and :data:`TEXT_ID`:
``gymnasium.make("npuzzle/SlidingPuzzle-v0", rows=3, cols=3)`` (episodes truncated after :data:`MAX_EPISODE_STEPS`
actions: the spec's ``max_episode_steps``), or without importing it first
``gymnasium.make("npuzzle.env:npuzzle/SlidingPuzzle-v0")`` (Gymnasium 1.x imports the module named before the colon;
it has no plugin entry points any more). Nothing else in npuzzle imports this package: without the extra the rest
stays standard-library only, and the web page never loads it.
"""

from __future__ import annotations

import gymnasium

from .arrays import expand, next_states
from .puzzle import MAX_EPISODE_STEPS, SlidingPuzzleEnv
from .text import TextPuzzleEnv

PUZZLE_ID = "npuzzle/SlidingPuzzle-v0"
TEXT_ID = "npuzzle/SlidingPuzzleText-v0"

for _id, _entry in ((PUZZLE_ID, "npuzzle.env.puzzle:SlidingPuzzleEnv"), (TEXT_ID, "npuzzle.env.text:TextPuzzleEnv")):
    if _id not in gymnasium.registry:  # the episode limit is the spec's, applied by gym.make's TimeLimit alone
        gymnasium.register(_id, _entry, max_episode_steps=MAX_EPISODE_STEPS, kwargs={"max_steps": None})

__all__ = ["MAX_EPISODE_STEPS", "PUZZLE_ID", "TEXT_ID", "SlidingPuzzleEnv", "TextPuzzleEnv", "expand", "next_states"]
