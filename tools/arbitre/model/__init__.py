"""The executable rules model: procedures of each game run on scenarios and return traces.

- `trace`: Step / Trace / Ruling, the data every procedure returns.
- `scenario`: the checked reader of scenario data (ScenarioError names the bad field).
- `the_spoils`, `ashes`: one module per game, pure procedures.
- `examples`: loads `scenarios/*.yaml`, runs them, renders worked examples for the site.
"""
