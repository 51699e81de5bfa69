"""The engine every game's package runs on; it imports no game.

- `trace`: Step / Trace / Ruling / Recorder — what a procedure returns; every step cites entry ids,
  default values are marked as defaults.
- `state`: players in turn order, the active player, zones, cards with printed and current values,
  counters and statuses.
- `sequence`: a game's turn as phases and steps, and the check that an action happens in a phase
  that allows it; `turn`: the walker of a whole turn, and `turn_procedure` for any game's turn.
- `triggers`: the queue of simultaneous triggered effects and the per-game rule of who orders them.
- `stack`: a last-in first-out stack of effects, for the games that have one.
- `rules`: `RuleViolation`, the refusal of a position the rules forbid, with the rule it breaks.
- `scenario`: `Fields`, the checked reader of scenario data every game's reader uses (a bad field
  is a ScenarioError naming it), and the openings all readers share; `yaml_lines`: the line of a
  field, for `file:line:` messages.
- `procedure`: the shape of a procedure (a reader and a runner) that each game lists.
- `french`: articles, elision and contraction for the traces' French.
"""
