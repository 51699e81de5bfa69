"""The executable rules model: an engine (`core/`), one package per game on it, and the scenarios.

- `core/`: game state (players, turn order, zones, cards with printed and current values,
  counters, statuses), turn sequences and the turn walker, the trigger queue and who orders it,
  the stack, the trace, `RuleViolation` (a position the rules forbid is refused, not run), the
  checked reader of scenario data (`scenario`: ScenarioError names the bad field) and the shape
  of a procedure (`procedure`: a reader and a runner).
- One package per game: `the_spoils/`, `marvel_champions/`, `four_souls/`, `ashes/`, `altered/`.
  Each `__init__` lists the game's procedures (`PROCEDURES`) and the rules they follow; its
  `rules.py` holds the entry ids they cite and the game's turn; its `scenarios/` the shipped
  scenarios (`<game id>--<slug>.yaml`) and `not-reproduced.yaml` the rulings none reproduces.
- `files`: where those files are (`scenario_files()`: every shipped scenario of every game).
- `examples`: every game's procedures by (game, name), loading, checking and running scenarios;
  `render`: a trace in French (result labels, Markdown); `commands`: what
  `arbitre example list|run` print; `accounting`: which rulings the scenarios reproduce.

A game package imports `core/` and nothing of another game; `core/` imports no game.
"""
