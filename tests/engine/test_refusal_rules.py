"""Every refusal the engine raises names the rule it enforces (design.md section 2: a
``RuleError`` carries the rules.md id in ``rule``), and reads in Japanese too.

Read from the source (every ``RuleError(...)`` in ``bohnanza/engine`` and the Bohnanza game's
options), not from random play: a refusal that random play never meets is checked as well. A
refusal that enforces no rule of rules.md (the table's own bookkeeping: an offer number that is
none, a bound of the market, a position that does not load) is listed in :data:`NO_RULE`.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from bohnanza.commands.refusals import refusal_text, shape_of
from bohnanza.engine import Game, RuleError

ROOT = Path(__file__).resolve().parents[2]
SOURCES = sorted((ROOT / "bohnanza" / "engine").glob("*.py")) + [
    ROOT / "bohnanza" / "games" / "bohnanza.py"]
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")

NO_RULE = {
    "parse_error",       # the command's words, not a rule
    "bad_position",      # a position that does not load (design.md §3)
    "not_seated",        # a seat that does not play
    "no_such_offer", "not_your_offer", "already_answered", "no_such_seat",
    "too_many_offers",   # the market's own bookkeeping and bound [house] (design.md §4, §7)
}


def _rule_ids() -> set[str]:
    """The ids of rules.md as the coverage table of tests/scenarios lists them (R1-R43,
    C1-C18, T.., B..), and the sections refusals cite: §3a (the duel), §4a (the presets)."""
    table = (ROOT / "tests" / "scenarios" / "COVERAGE.md").read_text(encoding="utf-8")
    ids = set(re.findall(r"^\| ([RC]\d+) \|", table, re.MULTILINE))
    assert {f"R{i}" for i in range(1, 44)} <= ids and {f"C{i}" for i in range(1, 19)} <= ids
    return ids | {"§3a", "§4a"}


def _raises() -> list[tuple[str, int, str, ast.expr | None]]:
    """(file, line, code, rule argument) of every ``RuleError(code, message, rule)``."""
    out = []
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id == "RuleError"):
                code = node.args[0]
                assert isinstance(code, ast.Constant), (path.name, node.lineno)
                rule = node.args[2] if len(node.args) > 2 else next(
                    (k.value for k in node.keywords if k.arg == "rule"), None)
                out.append((path.name, node.lineno, str(code.value), rule))
    return out


RAISES = _raises()


def test_the_source_was_read() -> None:
    codes = {code for _, _, code, _ in RAISES}
    assert {"bean_protection", "no_field_fits", "cannot_afford", "not_active_party",
            "gift_request_forbidden", "no_trading", "must_plant_first"} <= codes


@pytest.mark.parametrize(("where", "line", "code", "rule"), RAISES,
                         ids=[f"{w}:{n}:{c}" for w, n, c, _ in RAISES])
def test_every_refusal_names_its_rule(where: str, line: int, code: str,
                                      rule: ast.expr | None) -> None:
    if code in NO_RULE:
        return
    if rule is None and code == "bad_option":
        # the one option key Bohnanza does not have (/option colour): no rule to name
        assert where == "bohnanza.py", (where, line)
        return
    assert rule is not None, f"{where}:{line} refuses {code} without a rules.md id"
    if isinstance(rule, ast.Constant):
        assert rule.value in _rule_ids(), f"{where}:{line}: {rule.value} is no rules.md id"
    else:   # a loop over the config keys, each with its id (presets.py)
        assert isinstance(rule, ast.Name), (where, line)


@pytest.mark.parametrize(("options", "rule"), [
    ({"protection_rule": "strict"}, "C8"), ({"tiebreak": "oldest"}, "C1"),
    ({"start_fields": 4}, "C2"), ({"passes_limit": 0}, "C4"),
    ({"third_field_cost": "3"}, "C3"), ({"field_payment_to": "box"}, "C11"),
    ({"keep_is_binding": True}, "C18"), ({"allow_gift_requests": "no"}, "C12"),
    ({"allow_duplicate_variety": 1}, "C9"), ({"duel_base": "best"}, "C10")])
def test_a_config_key_refusal_names_its_conflict_and_reads_in_japanese(
        options: dict[str, object], rule: str) -> None:
    """rules.md §4: each config key is the resolution of one conflict; a value it does not
    take is refused with that conflict's id, and the Japanese names the key and its values
    (it read 'その設定はありません', "there is no such setting", for a key that exists)."""
    n = 2 if "duel_base" in options else 3
    with pytest.raises(RuleError) as e:
        Game.new("rio-grande", ["a", "b", "c"][:n], 1, options)
    assert (e.value.code, e.value.rule) == ("bad_option", rule)
    assert shape_of(e.value.code, e.value.message) is not None, e.value.message
    ja = refusal_text(e.value.code, e.value.message, "ja")
    assert JAPANESE.search(ja) and next(iter(options)) in ja, ja


def test_the_rarer_refusals_read_in_japanese() -> None:
    """Refusals random play does not meet (tests/engine/test_refusals_ja.py plays for the
    others): a start seat that is none (R2) and a gift request accepted from a position under
    classic (C12: the Japanese spoke of posting such an offer, not of accepting one)."""
    with pytest.raises(RuleError) as e:
        Game.new("classic", ["a", "b", "c"], 1, start_seat=3)
    assert (e.value.code, e.value.rule) == ("bad_seat", "R2")
    assert refusal_text(e.value.code, e.value.message, "ja") == "スタートの席は0から2までです"
    g = Game.from_position({"phase": "trade", "seats": [{}, {"hand": ["red"]}, {}],
                            "offers": [{"id": 1, "owner": 1, "give": {}, "want": {"red": 1}}]})
    from bohnanza.commands import apply_text
    with pytest.raises(RuleError) as e:
        apply_text(g, 0, "/accept 1")
    assert (e.value.code, e.value.rule) == ("gift_request_forbidden", "C12")
    assert refusal_text(e.value.code, e.value.message, "ja").startswith("オファー#1は")
