"""The engine every game's rules module runs on.

- `trace`: Step / Trace / Ruling / Recorder — what a procedure returns; every step cites entry ids,
  default values are marked as defaults.
- `state`: players in turn order, the active player, zones, cards with printed and current values,
  counters and statuses.
- `sequence`: a game's turn as phases and steps, and the check that an action happens in a phase
  that allows it.
- `triggers`: the queue of simultaneous triggered effects and the per-game rule of who orders them.
- `stack`: a last-in first-out stack of effects, for the games that have one.
- `rules`: `RuleViolation`, the refusal of a position the rules forbid, with the rule it breaks.
"""
