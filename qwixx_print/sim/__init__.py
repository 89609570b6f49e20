"""Simulated games: bots, a compiled kernel and the balance report (issue 13).

- :mod:`~qwixx_print.sim.dice`: the seeded dice stream (splitmix64) the kernel and the
  reference engine share, so both play exactly the same games.
- :mod:`~qwixx_print.sim.tables`: the facts of :mod:`qwixx_print.compiled` as the numpy
  arrays the kernel reads.
- :mod:`~qwixx_print.sim.kernel`: the game loop and the bots compiled with numba (the one
  allowed mirror of the rules; a test proves it agrees with :mod:`qwixx_print.play`), in
  parts: :mod:`~qwixx_print.sim.state` (the sheets as arrays, dice, score),
  :mod:`~qwixx_print.sim.crossing` (a cross and its chain), :mod:`~qwixx_print.sim.matches`
  (where a die sum may go), :mod:`~qwixx_print.sim.gap` and :mod:`~qwixx_print.sim.strong`
  (the two bots).
- :mod:`~qwixx_print.sim.lean`: the same games for layouts without small boxes, bonus bar,
  powers, bonus rows, links, diamonds and lucky numbers, 1.3 to 1.7 times faster (issue 24).
- :mod:`~qwixx_print.sim.plain`: the same games for those built as classic (one colour and
  each number once a row, one lock field), also with a bonus bar, powers, links, small
  boxes, diamonds or bonus rows, at the speed of a loop in plain C (issue 24).
- :mod:`~qwixx_print.sim.jit`: numba, caching in the user's cache folder.
- :mod:`~qwixx_print.sim.bots`: the same bots on top of :class:`qwixx_print.play.Game`.
- :mod:`~qwixx_print.sim.probe`: the kernel's legal options at a state, beside the
  engine's (the per-state agreement test).
- :mod:`~qwixx_print.sim.report`: statistics, the table and the JSON of ``simulate``.
"""
