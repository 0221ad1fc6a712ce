"""Every shared case and every scenario file of tests/scenarios (design.md §5)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bohnanza.scenario import load_file, run_scenario

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted((ROOT.parent / "shared" / "cases").glob("*.json")) + sorted(
    (ROOT / "tests" / "scenarios").glob("*.json"))
CASES = [(f, sc) for f in FILES for sc in load_file(f)]


@pytest.mark.parametrize(("path", "scenario"), CASES,
                         ids=[f"{f.stem}:{sc.get('id', '?')}" for f, sc in CASES])
def test_scenario(path: Path, scenario: dict) -> None:
    diffs = run_scenario(scenario)
    assert not diffs, "\n".join(diffs)


def test_shared_cases_present() -> None:
    ids = {sc.get("id") for f, sc in CASES if "shared" in str(f)}
    assert {"T1", "T5", "T13", "T17"} <= ids
