"""For players and speedsolvers (docs/speedsolving.md): fair scrambles dealt from a seed (``scrambles``),
reconstructions written and read (``reconstruction``), a solve analysed against the optimum (``analysis``, with the
bounds it keeps along the moves in ``walked_bounds``) and a hint's next move (``hint``).

A folder, not a face: its modules are imported by name."""
