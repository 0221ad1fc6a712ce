"""The parameter layer (farm-rules.md §3; issue 17 "Parameters the designer edits")."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from bohnanza.farm.engine import params_hash, rules_from_params
from bohnanza.farm.params import ParamsError, default_params, load_params, with_override


def test_default_set_is_the_spec_sketch() -> None:
    p = default_params()
    assert p["name"] == "default"
    assert p["game"]["cycles"] == 3 and p["game"]["turns_per_cycle"] == 4          # F1, F3
    assert p["game"]["contest_turns"] == [2, 3, 4]                                  # F2
    assert p["facilities"]["field"]["price"] == [6, 14, 24]                         # G7
    assert p["facilities"]["storage_box"]["hand_limit"] == [5, 6, 7, 8]             # F31
    assert p["facilities"]["synth_pot"]["max_synth"] == [1, 2, 3, 4]                # F19, G9
    assert p["contest"]["vp"] == {"appearance": [2, 1], "taste": [2, 1], "overall": [4, 2]}


def test_default_deck_is_g1() -> None:
    """G1: 96 cards; per category 16/8/8 by level; mean bonus 1.5/2.5/3.5; appearance and
    taste totals equal at every level; every category alike."""
    r = rules_from_params(default_params())
    cards = [r.card(c) for c in r.deck]
    assert len(cards) == 96
    for lv, n, mean in ((1, 16, 1.5), (2, 8, 2.5), (3, 8, 3.5)):
        for cat in r.categories:
            these = [c for c in cards if c.level == lv and c.category == cat]
            assert len(these) == n
            assert sum(c.bonus for c in these) / n == mean
            app = sum(c.bonus for c in these if r.group_of[c.attribute] == "appearance")
            taste = sum(c.bonus for c in these if r.group_of[c.attribute] == "taste")
            assert app == taste
    assert Counter(c.category for c in cards) == {"root": 32, "leaf": 32, "fruit": 32}


def test_hash_names_the_numbers_not_the_name() -> None:
    p = default_params()
    q = dict(p, name="renamed")
    assert params_hash(p) == params_hash(q)
    r = with_override(p, "facilities.field.price", "[5, 10, 15]")
    assert params_hash(r) != params_hash(p)
    assert r["facilities"]["field"]["price"] == [5, 10, 15] and r["name"] == "default*"


@pytest.mark.parametrize(("key", "value", "needle"), [
    ("facilities.field.price", "[5, 10]", "facilities.field.price: 3 prices are needed"),
    ("facilities.fild.price", "[5]", "facilities.fild.price: not a parameter"),
    ("contest.tie", "coin", "contest.tie"),
    ("game.cycles", "0", "game.cycles"),
    ("game.contest_level_by_cycle", "[1, 2]", "game.contest_level_by_cycle: one level per cycle"),
    ("contest.vp", "{beauty = [2, 1]}", "contest.vp: one list per evaluation"),
    ("game.contest_turns", "[2, 3, 9]", "game.contest_turns: turns run 1-4"),
    ("facilities.max_grade", "5", "facilities.transform_pot.price: 4 prices are needed"),
    ("game.start_cost", "true", "game.start_cost"),
    ("game.end_tiebreak", '["shared", "cost"]', "'shared' can only be the last"),
])
def test_bad_values_name_the_key(key: str, value: str, needle: str) -> None:
    with pytest.raises(ParamsError) as e:
        with_override(default_params(), key, value)
    assert needle in e.value.message


def test_a_file_holds_only_its_changes(tmp_path: Path) -> None:
    f = tmp_path / "cheap.toml"
    f.write_text('[facilities.field]\nprice = [3, 6, 9]\n[contest]\ntie = "order_card_low"\n',
                 encoding="utf-8")
    p = load_params(f)
    assert p["name"] == "cheap"
    assert p["facilities"]["field"]["price"] == [3, 6, 9]
    assert p["facilities"]["field"]["max_bases"] == [1, 2, 3, 4]
    assert p["contest"]["tie"] == "order_card_low"


def test_a_card_list_replaces_the_pattern(tmp_path: Path) -> None:
    f = tmp_path / "tiny.toml"
    rows = "\n".join(
        f'[[cards.card]]\ncategory = "{c}"\nlevel = {lv}\nattribute = "shape"\nbonus = 1\n'
        f"copies = 12" for c in ("root", "leaf", "fruit") for lv in (1, 2, 3))
    f.write_text(rows + "\n", encoding="utf-8")
    p = load_params(f)
    assert "pattern" not in p["cards"]
    assert len(rules_from_params(p).deck) == 108


def test_unknown_keys_and_bad_toml(tmp_path: Path) -> None:
    f = tmp_path / "typo.toml"
    f.write_text("[facilities.field]\npricee = [1, 2, 3]\n", encoding="utf-8")
    with pytest.raises(ParamsError, match="facilities.field.pricee: not a parameter"):
        load_params(f)
    f.write_text("[game\n", encoding="utf-8")
    with pytest.raises(ParamsError, match="not valid TOML"):
        load_params(f)
    with pytest.raises(ParamsError, match="cannot read"):
        load_params(tmp_path / "missing.toml")


def test_a_file_too_deep_or_a_number_too_long_is_bad_params(tmp_path: Path) -> None:
    """tomllib's RecursionError (arrays 1,800 deep) and int's ValueError (4,400 digits) were no
    ParamsError: a room answered internal_error, the CLI a traceback."""
    f = tmp_path / "odd.toml"
    for text, needle in (("a = " + "[" * 1800 + "]" * 1800, "nests at most"),
                         ("[game]\nstart_cost = " + "1" * 4400, "at most 1000000"),
                         ("[game]\nstart_cost = 10000000000", "less than or equal to 1000000")):
        f.write_text(text + "\n", encoding="utf-8")
        with pytest.raises(ParamsError, match=needle):
            load_params(f)
