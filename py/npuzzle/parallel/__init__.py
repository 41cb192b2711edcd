"""What work spread over processes stands on: worker processes started and ended together (``workers``),
Ctrl-C held back while the main thread handles their queues (``interrupts``) and one writer per output file
(``writelock``).

Below ``pdb/`` (its builds and its split over processes); ``research/batch`` and ``cluster/`` use it too. A folder,
not a face: its modules are imported by name."""
