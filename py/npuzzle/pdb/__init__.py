"""Additive pattern databases for the 15-puzzle and the optimal IDA* that uses them.

:mod:`.database` holds the file format, the tables' indexing and their building and loading; :mod:`.tables`
prepares loaded tables for searching and maps a board and its goal onto them; :mod:`.search` is the IDA* with
those tables (and their reflection) as its heuristic.
"""
