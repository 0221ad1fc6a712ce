"""Scenario files of the farm game (design.md §5's format with ``"game": "farm"``).

``python -m bohnanza.scenario FILE...`` runs them too (it hands a scenario whose ``game`` is
``farm`` to :func:`run_scenario`). A farm scenario::

    {"game": "farm", "id": "FT1", "rules": ["F25", "F26"], "title": "...",
     "position": {"params": {"facilities": {"synth_pot": {...}}},   # laid over the defaults
                  "phase": "harvest", "piles": "rest", "seats": [{...}, {}]},
     "steps": [{"seat": 0, "say": "/ship b1 for L2 leaf"},
               {"seat": 1, "say": "/plant h1", "ok": false, "code": "wrong_phase"},
               {"timeout": true}],                        # the preparation time ran out (G19)
     "expect": {"seats": [{"cost": 10, "hand": 2}], "card_total": 96}}

``position`` is a partial canonical farm position (docs/farm.md): ``params`` is laid over the
default parameter set; ``"piles": "rest"`` fills every pile with the default deck's cards that
the position does not place elsewhere, in the deck's order (top first: categories, then
levels, then the pattern's rows). After every step the runner checks that the cards are
conserved and that a refused step changed nothing. ``expect`` is compared with the final
position: dicts by the keys given, lists element by element, an integer against a list means
its length, a ``null`` directly inside ``seats`` skips that seat; ``winners``/``scores``/
``tiebreak`` compare with ``result``; ``card_total`` counts every card.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from bohnanza.commands import ParseError
from bohnanza.engine.errors import Refusal
from bohnanza.farm.commands import GameCommand, Vocab, parse
from bohnanza.farm.engine import FarmGame, rules_from_params
from bohnanza.farm.params import ParamsError, load_params


def cards_of(p: dict[str, Any]) -> list[str]:
    """Every card of a position: piles, discards, hands, bases and synthesis cards."""
    out: list[str] = []
    for stacks in (p.get("piles") or {}, p.get("discards") or {}):
        if isinstance(stacks, dict):
            for v in stacks.values():
                out += v
    for s in p.get("seats") or []:
        s = s or {}
        out += s.get("hand") or []
        for b in s.get("field") or []:
            if b:
                out.append(b["base"])
                out += b.get("synth") or []
    return out


def prepare(p: dict[str, Any]) -> dict[str, Any]:
    """A scenario position made loadable: full parameters, ``"rest"`` piles dealt."""
    pos = dict(p)
    pos["params"] = load_params(overlay=p.get("params") or {})
    if "params_name" not in pos:
        pos["params_name"] = "scenario"
    if pos.get("piles") == "rest":
        rules = rules_from_params(pos["params"])
        used = Counter(cards_of({**pos, "piles": {}}))
        piles: dict[str, list[str]] = {k: [] for k in rules.pile_keys()}
        for c in rules.deck:
            if used[c] > 0:
                used[c] -= 1
            else:
                piles[rules.pile_of(c)].append(c)
        extra = +used
        if extra:
            raise ParamsError(f"cards placed beyond the deck: {dict(extra)}")
        pos["piles"] = piles
    return pos


def _cmp(path: str, want: Any, got: Any, diffs: list[str]) -> None:
    if isinstance(want, dict):
        if not isinstance(got, dict):
            diffs.append(f"{path}: expected {want!r}, got {got!r}")
            return
        for k, v in want.items():
            if k not in got:
                diffs.append(f"{path}.{k}: not in the position")
            else:
                _cmp(f"{path}.{k}", v, got[k], diffs)
        return
    if isinstance(want, int) and not isinstance(want, bool) and isinstance(got, list):
        if len(got) != want:
            diffs.append(f"{path}: expected {want} entries, got {got!r}")
        return
    if isinstance(want, list) and isinstance(got, list) and path != "seats":
        if len(want) != len(got):
            diffs.append(f"{path}: expected {want!r}, got {got!r}")
            return
        for i, (w, g) in enumerate(zip(want, got, strict=True)):
            _cmp(f"{path}[{i}]", w, g, diffs)
        return
    if want != got:
        diffs.append(f"{path}: expected {want!r}, got {got!r}")


def compare(expect: dict[str, Any], pos: dict[str, Any]) -> list[str]:
    """Differences between ``expect`` and the final position (module docstring)."""
    diffs: list[str] = []
    for key, want in expect.items():
        if key in ("winners", "scores", "tiebreak"):
            if pos.get("result") is None:
                diffs.append(f"{key}: the game is not over")
            else:
                _cmp(key, want, pos["result"].get(key), diffs)
        elif key == "card_total":
            _cmp(key, want, len(cards_of(pos)), diffs)
        elif key == "seats":
            for i, ws in enumerate(want):
                if ws is None:
                    continue
                if i >= len(pos["seats"]):
                    diffs.append(f"seats[{i}]: no such seat")
                else:
                    _cmp(f"seats[{i}]", ws, pos["seats"][i], diffs)
        elif key not in pos:
            diffs.append(f"{key}: not a key of the position")
        else:
            _cmp(key, want, pos[key], diffs)
    return diffs


def run_scenario(sc: dict[str, Any]) -> list[str]:
    """Run one farm scenario; returns the differences (empty = pass)."""
    try:
        game = FarmGame.from_position(prepare(sc.get("position", {})))
    except Refusal as e:
        return [f"position does not load: {e.code}: {e.message}"]
    vocab = Vocab.from_params(game.params)
    start = Counter(cards_of(game.to_position()))
    diffs: list[str] = []
    for n, step in enumerate(sc.get("steps", []), start=1):
        before = game.to_position()
        seat = step.get("seat", 0)
        say = "(time limit)" if step.get("timeout") else step["say"]
        want_ok = step.get("ok", True)
        code = message = rule = None
        try:
            if step.get("timeout"):
                game.expire_preparation()
            else:
                cmd = parse(say, vocab)
                if not isinstance(cmd, GameCommand):
                    raise ParseError(f"{say!r} is not a game command")
                game.apply(seat, cmd.action)
            ok = True
        except Refusal as e:
            ok, code, message, rule = False, e.code, e.message, e.rule
        if ok != want_ok:
            why = "" if ok else f" ({code}: {message})"
            diffs.append(f"step {n} (seat {seat}: {say!r}): expected "
                         f"{'accepted' if want_ok else 'refused'}, got "
                         f"{'accepted' if ok else 'refused'}{why}")
            break
        after = game.to_position()
        if not ok:
            if "code" in step and step["code"] != code:
                diffs.append(f"step {n} (seat {seat}: {say!r}): expected code {step['code']}, "
                             f"got {code} ({message})")
            if "rule" in step and step["rule"] != rule:
                diffs.append(f"step {n} (seat {seat}: {say!r}): expected rule {step['rule']}, "
                             f"got {rule}")
            if after != before:
                diffs.append(f"step {n}: the refused command changed the position")
                break
        if Counter(cards_of(after)) != start:
            diffs.append(f"step {n}: cards not conserved")
            break
    diffs += compare(sc.get("expect", {}), game.to_position())
    return diffs


def main(argv: list[str]) -> int:
    """Run farm scenario files (each a scenario object or a list); print the failures."""
    failed = total = 0
    for name in argv:
        with open(name, encoding="utf-8") as f:
            data = json.load(f)
        for sc in data if isinstance(data, list) else [data]:
            total += 1
            d = run_scenario(sc)
            if d:
                failed += 1
                print(f"FAIL {name} [{sc.get('id', '?')}] {sc.get('title', '')}")
                for x in d:
                    print(f"  - {x}")
    print(f"{total - failed} passed, {failed} failed")
    return 0 if failed == 0 else 1
