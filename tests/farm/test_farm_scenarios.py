"""FT1-FT12 (farm-rules.md §4) and more, as scenario files run by the project's runner."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from bohnanza.scenario import load_file, run_scenario

FILES = sorted((Path(__file__).parent / "scenarios").glob("*.json"))
CASES = [(f, sc) for f in FILES for sc in load_file(f)]


@pytest.mark.parametrize(("path", "scenario"), CASES,
                         ids=[f"{f.stem}:{sc.get('id', '?')}" for f, sc in CASES])
def test_scenario(path: Path, scenario: dict[str, Any]) -> None:
    assert scenario["game"] == "farm" and scenario["rules"]
    diffs = run_scenario(scenario)
    assert not diffs, "\n".join(diffs)


def test_every_ft_scenario_is_there() -> None:
    ids = {sc["id"].split("-")[0].rstrip("abcde") for _, sc in CASES}
    assert {f"FT{i}" for i in range(1, 13)} <= ids


def test_the_runner_catches_a_wrong_expectation() -> None:
    sc = copy.deepcopy(json.loads((Path(__file__).parent / "scenarios" / "FT1.json")
                                  .read_text(encoding="utf-8"))[0])
    sc["expect"]["seats"][0]["cost"] = 11
    assert any("cost" in d for d in run_scenario(sc))
    sc["steps"][0]["ok"] = True
    assert any("expected accepted" in d for d in run_scenario(sc))
    assert run_scenario({"game": "chess"}) == ["unknown game 'chess' (bohnanza or farm)"]
