"""For students: the parity rule at work on one board (``lesson``), the board the heuristics are compared on
(``compare_board``), A* and IDA* as the textbooks write them (``reference``: read these first; the tests hold the
tuned searches of ``optimal/`` to them) and a search watched one expansion at a time (``watch/``, docs/watch.md).

A folder, not a face: its modules are imported by name."""
