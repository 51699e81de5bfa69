"""The executable rules model: an engine (`core/`) and one rules module per game on top of it.

- `core/`: game state (players, turn order, zones, cards with printed and current values,
  counters, statuses), turn sequences and the turn walker, the trigger queue and who orders it,
  the stack, the trace, and `RuleViolation` (a position the rules forbid is refused, not run).
- Rules modules: `the_spoils` (TURN, COMBAT), `the_spoils_combat` (the combat on the core) and
  `the_spoils_play` (playing a card);
  `ashes` (damage and destruction, ROUND, TURN); `altered` (DAY, DUSK), `altered_dusk` (the Dusk on the core) and
  `altered_fleeting`
  (Limbo, Fleeting, Rest); `four_souls/` (rules and TURN, attack, stack and priority);
  `marvel_champions` (activations, ROUND), `marvel_villain_phase`, `marvel_encounter`.
- `scenario`: the checked reader of scenario data (ScenarioError names the bad field);
  `yaml_lines`: the line of a field, for `file:line:` messages.
- `examples`: the procedures by (game, name), loading and running `scenarios/*.yaml`;
  `commands`: what `arbitre example list|run` print.
"""
