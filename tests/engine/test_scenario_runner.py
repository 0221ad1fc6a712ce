"""The scenario runner (design.md §5) reports a scenario file's slips as differences, never
as a traceback: a field without its count, a step without its command."""

from __future__ import annotations

from pathlib import Path

import pytest

from bohnanza.engine import Game, RuleError
from bohnanza.scenario import main, run_scenario


@pytest.mark.parametrize("seat", [
    {"fields": [["blue"], None]},                  # a field without its count
    {"fields": [["blue", "three"], None]},         # a count that is no number
    {"fields": 3},                                 # fields that are no list
    "Ann",                                         # a seat that is no object
])
def test_a_position_of_the_wrong_shape_is_bad_position(seat: object) -> None:
    with pytest.raises(RuleError) as e:
        Game.from_position({"seats": [seat, {}, {}]})
    assert e.value.code == "bad_position"


def test_an_offer_without_its_id_is_bad_position() -> None:
    with pytest.raises(RuleError) as e:
        Game.from_position({"seats": [{}, {}, {}], "offers": [{"owner": 0, "give": {},
                                                               "want": "?"}]})
    assert e.value.code == "bad_position"


def test_a_misshapen_scenario_is_a_difference(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    bad_field = {"id": "S1", "position": {"seats": [{"fields": [["blue"], None]}, {}, {}]}}
    no_say = {"id": "S2", "position": {"seats": [{"hand": ["red"]}, {}, {}]},
              "steps": [{"seat": 0}]}
    assert run_scenario(bad_field)[0].startswith("position does not load: bad_position")
    assert run_scenario(no_say)[0].startswith("step 1: no command to say")
    path = tmp_path / "slips.json"
    path.write_text('[{"id": "S1", "position": {"seats": [{"fields": [["blue"]]}, {}, {}]}},'
                    ' {"id": "S2", "steps": [{"seat": 0}]}]', encoding="utf-8")
    assert main([str(path)]) == 1
    out = capsys.readouterr().out
    assert "FAIL" in out and "[S1]" in out and "[S2]" in out and "0 passed, 2 failed" in out


def test_a_refusal_that_changed_the_position_is_a_difference(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """design.md §2: a rejected action changes nothing; the runner says so when one did (as
    the farm's runner does), not only when the final position differs from ``expect``."""
    import bohnanza.scenario as runner
    from bohnanza.engine import Refusal

    def leaky(game: Game, seat: int, text: str) -> None:
        game.seats[seat].hand.reverse()  # a refusal that moved cards in the hand first
        raise Refusal("not_your_turn", "refused after all")

    monkeypatch.setattr(runner, "apply_text", leaky)
    sc = {"id": "S3", "position": {"seats": [{"hand": ["red", "blue"]}, {}, {}]},
          "steps": [{"seat": 0, "say": "/plant", "ok": False}]}
    assert run_scenario(sc) == ["step 1: the refused command changed the position"]
