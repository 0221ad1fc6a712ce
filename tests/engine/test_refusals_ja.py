"""The engine's refusals in Japanese (issue 10, point 6): every sentence the engine produces in
random play and in the rule scenarios has its shape in bohnanza/commands/refusals.py, so a
person reading Japanese gets the specifics (which bean, which field, which offer) in Japanese."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

from bohnanza.commands import ParseError, parse
from bohnanza.commands.refusals import refusal_text, shape_of
from bohnanza.engine import Game, RuleError

from .randplay import random_action, sensible_action

ROOT = Path(__file__).resolve().parents[2]
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
# the engine's bean ids (rules.md §1) as words of a sentence; the display names are capitalised
BEAN_ID = re.compile(r"\b(coffee|wax|blue|chili|stink|green|soy|blackeyed|red|garden|cocoa)\b")


def _engine_refusals(games: int = 30) -> set[tuple[str, str]]:
    """(code, message) of every refusal met in random play in every preset."""
    seen: set[tuple[str, str]] = set()
    rnd = random.Random(10)
    # rio-grande with 2: the bean duel (rules.md §3a), both of its versions
    setups = [("classic", 3), ("classic", 5), ("amigo", 4), ("rio-grande", 6), ("rio-grande", 2)]
    for k in range(games):
        preset, n = setups[k % len(setups)]
        options = {"hidden_money": k % 3 == 0}
        if n == 2:
            options["duel_base"] = "3fields" if k % 2 else "standard"
        g = Game.new(preset, [f"P{i}" for i in range(n)], rnd.randrange(2**32), options)
        for _ in range(600):
            if g.over:
                break
            if rnd.random() < 0.5:
                seat = rnd.randrange(n)
                action = random_action(g, seat, rnd)
            else:
                seat, action = sensible_action(g, rnd)
            try:
                g.apply(seat, action)
            except RuleError as e:
                seen.add((e.code, e.message))
        for seat in range(n):   # after the game
            try:
                g.apply(seat, random_action(g, seat, rnd))
            except RuleError as e:
                seen.add((e.code, e.message))
    for bad in ((2, "classic"), (9, "classic"), (1, "rio-grande"), (3, "nope")):
        try:
            Game.new(bad[1], ["x"] * bad[0], 1)
        except RuleError as e:
            seen.add((e.code, e.message))
    return seen


def test_every_engine_refusal_has_a_japanese_shape() -> None:
    seen = _engine_refusals()
    codes = {c for c, _ in seen}
    # the random play reaches the refusals of every family
    assert {"not_your_turn", "no_field_fits", "cannot_provide", "no_such_offer",
            "wrong_phase", "game_over", "bean_protection"} <= codes, codes
    missing = sorted((c, m) for c, m in seen if shape_of(c, m) is None)
    assert not missing, missing
    for code, message in seen:
        ja = refusal_text(code, message, "ja")
        assert JAPANESE.search(ja), (code, message, ja)
        en = refusal_text(code, message, "en")
        # English names a bean as the board does (Black-eyed), never by its id (issue 10 trial)
        assert not BEAN_ID.search(en), (code, message, en)
        assert en.lower().replace("black-eyed", "blackeyed") == message.lower(), (message, en)


def test_scenario_refusals_have_shapes() -> None:
    """The refused steps of the rule scenarios (ours and ../shared/cases)."""
    files = sorted((ROOT / "tests" / "scenarios").glob("*.json"))
    shared = ROOT.parent / "shared" / "cases"
    if shared.is_dir():
        files += sorted(shared.glob("*.json"))
    checked = 0
    for f in files:
        data = json.loads(f.read_text())
        for sc in data if isinstance(data, list) else [data]:
            try:
                g = Game.from_position(sc["position"])
            except (RuleError, KeyError, TypeError):
                continue
            for step in sc.get("steps", []):
                try:
                    cmd = parse(step["say"])
                    action = getattr(cmd, "action", None)
                    if action is None:
                        continue
                    g.apply(step["seat"], action)
                except (RuleError, ParseError) as e:
                    assert shape_of(e.code, e.message) is not None, (f.name, e.code, e.message)
                    checked += 1
    assert checked > 10


def test_a_refusal_names_the_bean_as_the_board_does() -> None:
    """The trial's /harvest 2: a single Black-eyed beside a field of two (R19, bean protection)."""
    g = Game.from_position({"preset": "classic", "deck": ["soy"] * 30, "names": ["Ann", "Bob", "Cleo"],
                            "seats": [{"name": "Ann", "hand": ["red"],
                                       "fields": [["chili", 2], ["blackeyed", 1]]},
                                      {"name": "Bob"}, {"name": "Cleo"}]})
    cmd = parse("/harvest 2")
    try:
        g.apply(0, cmd.action)  # type: ignore[union-attr]
    except RuleError as e:
        assert e.code == "bean_protection"
        assert refusal_text(e.code, e.message, "en") == (
            "a single Black-eyed cannot be harvested while another field holds two or more beans")
        assert "ささげ" in refusal_text(e.code, e.message, "ja")
    else:
        raise AssertionError("R19: the single Black-eyed must be protected")
    # a side of several beans, and a player's name that is no bean stays as it is
    assert refusal_text("cannot_provide", "you do not hold 2 blackeyed, 1 red to give (hand cards)"
                        ) == "you do not hold 2 Black-eyed, 1 Red to give (hand cards)"
