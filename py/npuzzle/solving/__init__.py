"""The front door and what it chooses from: ``solve`` (``solve``, ``plan`` and ``compare``, re-exported at
the root: ``auto`` resolved, unsolvable boards refused, the search started), ``registry`` (the heuristics and
specialised solvers on offer), ``multitile`` (solving in line moves), ``fallback`` (an optimal search that gives way
to the near-optimal solver) and ``records`` (a batch line's board solved into its JSON record, in whichever process
runs it).

Above ``optimal/``, ``pdb/``, ``nearoptimal/`` and ``policy/``; the page, the command line and the groups for
players, researchers and students call it. A folder, not a face: its modules are imported by name."""
