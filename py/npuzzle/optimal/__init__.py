"""The optimal searches and what they stand on: A* and IDA* (``search``), their heuristics (``heuristics``;
walking distance in ``walking``, with its own IDA* in ``walking_search``), the packed states they search
(``packing``) and the two ways of counting their moves, single tiles or whole lines (``metric``), the limits and the
replay every optimal search shares (``checkpoint``; the bookkeeping of the IDA*s written out for speed in
``ida_counts``), and what A* and IDA* show an observer (``observe``, over the
updatable heap of ``heap``).

It imports only the package root's modules; ``pdb/`` and ``nearoptimal/`` build on it. A folder, not a face: its
modules are imported by name."""
