"""For researchers (docs/research.md): every state of a small board by one breadth-first search
(``exhaustive``), a board's distance as cheaply as it is known (``labels``), datasets of solved boards (``dataset``)
and their files (``datafiles``, over the appended line files of ``linefile``), many boards solved at once
(``batch``: ``npuzzle solve --batch``, in worker processes or on a Dask cluster) and the benchmark instance sets
(``instances``).

The page imports none of it. A folder, not a face: its modules are imported by name."""
