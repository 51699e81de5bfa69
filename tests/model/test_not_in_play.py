"""A card that is not in play, named where the rules want one in play, is a rule refusal.

One shipped scenario per game, changed so that an action names a card of the scenario that is in
a hand, a deck or a discard pile: the scenario is refused with the rule that wants the card in play
(`require_in_play`), not run.  A name that is no card of the scenario stays a field error.
"""

from __future__ import annotations

import copy

import pytest
import yaml
from click.testing import CliRunner

from arbitre.cli import cli
from arbitre.model.core.rules import RuleViolation
from arbitre.model.core.scenario import ScenarioError
from arbitre.model.examples import read_scenario
from arbitre.model.files import scenario_path
from tests.conftest import REPO


def data(stem: str) -> dict:
    text = (scenario_path(stem)).read_text(encoding="utf-8")
    return copy.deepcopy(yaml.safe_load(text))


def ashes(name: str) -> dict:
    d = data("ashes--attaque-negative-sur-une-unite")
    d["state"]["out_of_play"] = [{"name": "Unité défaussée", "zone": "defausse", "player": "Alice"}]
    d["actions"]["attack"]["attackers"] = [name]
    return d


def ashes_play(name: str) -> dict:
    d = data("ashes--alterations-sur-une-unite-adverse")
    d["state"]["out_of_play"] = [{"name": "Unité en main", "zone": "main", "player": "Bruno"}]
    d["actions"]["play"]["effects"][0]["target"] = name
    return d


def spoils(name: str) -> dict:
    d = data("the-spoils--vitesse-zero")
    d["state"]["out_of_play"] = [{"name": "Garde en main", "zone": "main"}]
    d["actions"] = {"tactics": [{"window": "A", "effect": "destroy", "character": name}]}
    return d


def marvel(name: str) -> dict:
    d = data("marvel-champions--riposte-allie-defend")
    d["state"]["out_of_play"] = [{"name": "Shocker", "zone": "defausse_rencontre"}]
    d["actions"]["attacks"][0]["enemy"] = name
    return d


def four_souls(name: str) -> dict:
    d = data("four-souls--boutique-baby-haunt-et-moms-shovel")
    d["state"]["treasure_deck"] = ["Baby Haunt", "Guppy's Paw"]
    for play in d["actions"]["plays"]:
        if play["kind"] == "achat":
            play["buys"] = name
    return d


def altered(name: str) -> dict:
    d = data("altered--coriace-gratuit")
    d["actions"]["target"] = name
    return d


# (build, a card of the scenario out of play, a name that is no card, rule, field, place)
CASES = [
    (
        ashes,
        "Unité défaussée",
        "ashes/glossaire/unite",
        "actions.attack",
        "dans la défausse d'Alice",
    ),
    (
        ashes_play,
        "Unité en main",
        "ashes/faq/placement-2",
        "actions.play.effects[0].target",
        "dans la main de Bruno",
    ),
    (
        spoils,
        "Garde en main",
        "the-spoils/402.3",
        "actions.tactics[0].character",
        "dans la main",
    ),
    (
        marvel,
        "Shocker",
        "marvel-champions/glossaire/en-jeu-et-hors-jeu",
        "actions.attacks[0].enemy",
        "dans la pile de défausse Rencontre",
    ),
    (
        four_souls,
        "Guppy's Paw",
        "four-souls/comment-jouer/acheter/1",
        "actions.plays[0].buys",
        "dans le paquet trésor",
    ),
    (
        altered,
        "Carte 1",
        "altered/2.2.1.h",
        "actions.target",
        "dans la Main d'Alice",
    ),
]
IDS = ["ashes", "ashes-play", "the-spoils", "marvel-champions", "four-souls", "altered"]


@pytest.mark.parametrize(("build", "card", "rule", "field", "place"), CASES, ids=IDS)
def test_a_card_not_in_play_is_refused_with_the_rule(build, card, rule, field, place):
    with pytest.raises(RuleViolation) as info:
        read_scenario(build(card), "essai", "essai.yaml")
    assert info.value.rule_id == rule
    assert info.value.field == f"essai.yaml: {field}"
    assert f"{card} n'est pas en jeu ({place})" in info.value.text_fr


@pytest.mark.parametrize(("build", "card", "rule", "field", "place"), CASES, ids=IDS)
def test_a_name_that_is_no_card_stays_a_field_error(build, card, rule, field, place):
    with pytest.raises(ScenarioError) as info:
        read_scenario(build("Personne"), "essai", "essai.yaml")
    assert info.value.field == f"essai.yaml: {field}"
    assert "no card named 'Personne'" in info.value.detail


def test_an_out_of_play_zone_must_be_one_of_the_game():
    d = ashes("Unité défaussée")
    d["state"]["out_of_play"][0]["zone"] = "cimetiere"
    with pytest.raises(ScenarioError, match=r"state\.out_of_play\[0\]\.zone"):
        read_scenario(d, "essai", "essai.yaml")


def test_a_card_cannot_be_both_in_play_and_out_of_play():
    d = ashes("Unité défaussée")
    d["state"]["out_of_play"][0]["name"] = "Unité affaiblie"
    with pytest.raises(ScenarioError, match="two cards are named 'Unité affaiblie'"):
        read_scenario(d, "essai", "essai.yaml")


def test_the_cli_prints_the_refusal_and_fails(tmp_path):
    path = tmp_path / "defausse.yaml"
    path.write_text(yaml.safe_dump(marvel("Shocker"), allow_unicode=True), encoding="utf-8")
    result = CliRunner().invoke(cli, ["--root", str(REPO), "example", "run", str(path)])
    assert result.exit_code == 1
    assert "REFUSÉ defausse.yaml:" in result.output
    assert "Shocker n'est pas en jeu" in result.output
    assert "(marvel-champions/glossaire/en-jeu-et-hors-jeu)" in result.output
    assert "0 passed, 1 failed" in result.output
