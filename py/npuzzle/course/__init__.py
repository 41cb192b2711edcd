"""For students: the parity rule at work on one board (``lesson``), the board the heuristics are compared on
(``compare_board``), breadth-first search, A* and IDA* as the textbooks write them (``reference``: read these first;
the tests hold the tuned searches of ``optimal/`` to them), a search watched one expansion at a time (``watch/``,
docs/watch.md), and the lab (docs/course-lab.md): the textbook's table by depth (``depth_table``), a heuristic checked
on every state (``heuristic_check``), a student's own heuristic (``student``).

A folder, not a face: its modules are imported by name."""
