"""Scenario runner (design.md section 5, a contract).

``python -m bohnanza.scenario FILE...`` runs every scenario in the files (a file holds one
scenario object or a list of them), prints each difference, and exits 0 only when all pass.
Besides the scenario's own expectations it checks card conservation (rules.md T52) after
every step, and that a refused step changed nothing (design.md §2).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from .commands import apply_text
from .engine import Game, Refusal, RuleError

STACKS = ("deck", "discard", "hand", "coins", "to_plant", "face_up", "removed")


def card_count(p: dict[str, Any]) -> int:
    """Cards of a position: every stack, hand, field, to-plant area and coin stack, and the
    cards removed from the game (the duel's third-field coins, T52)."""
    total = len(p["deck"]) + len(p["discard"]) + len(p["face_up"]) + len(p.get("removed", ()))
    for s in p["seats"]:
        total += len(s["hand"]) + len(s["coins"]) + len(s["to_plant"])
        total += sum(f[1] for f in s["fields"] if f is not None)
    return total


def _compare(path: str, want: Any, got: Any, key: str, diffs: list[str]) -> None:
    if key in STACKS and isinstance(want, int) and not isinstance(want, bool):
        if not isinstance(got, list) or len(got) != want:
            diffs.append(f"{path}: expected {want} cards, got {got!r}")
        return
    if key == "offers" and isinstance(want, int):
        if len(got) != want:
            diffs.append(f"{path}: expected {want} offers, got {got!r}")
        return
    if want != got:
        diffs.append(f"{path}: expected {want!r}, got {got!r}")


def compare(expect: dict[str, Any], pos: dict[str, Any]) -> list[str]:
    """Differences between ``expect`` and the final position, by the rules of design.md §5."""
    diffs: list[str] = []
    for key, want in expect.items():
        if key in ("winners", "scores"):
            result = pos.get("result")
            if result is None:
                diffs.append(f"{key}: the game is not over")
            else:
                _compare(key, want, result.get(key), key, diffs)
        elif key == "seats":
            for i, ws in enumerate(want):
                if ws is None:
                    continue
                if i >= len(pos["seats"]):
                    diffs.append(f"seats[{i}]: no such seat")
                    continue
                gs = pos["seats"][i]
                for k, v in ws.items():
                    got = gs.get(k)
                    _compare(f"seats[{i}].{k}", v, got, k, diffs)
        elif key not in pos:
            diffs.append(f"{key}: not a key of the position")
        else:
            _compare(key, want, pos[key], key, diffs)
    return diffs


def run_scenario(sc: dict[str, Any]) -> list[str]:
    """Run one scenario object; returns the list of differences (empty = pass). A scenario
    with ``"game": "farm"`` runs in the farm game (:mod:`bohnanza.farm.scenario`)."""
    game_name = sc.get("game", "bohnanza")
    if game_name == "farm":
        from .farm.scenario import run_scenario as run_farm

        return run_farm(sc)
    if game_name != "bohnanza":
        return [f"unknown game {game_name!r} (bohnanza or farm)"]
    diffs: list[str] = []
    try:
        game = Game.from_position(sc.get("position", {}))
    except RuleError as e:
        return [f"position does not load: {e.code}: {e.message}"]
    start = card_count(game.to_position())
    for n, step in enumerate(sc.get("steps", []), start=1):
        seat = step.get("seat", 0)
        say = step.get("say")
        if not isinstance(say, str):
            diffs.append(f"step {n}: no command to say (a step is {{\"seat\": N, \"say\": "
                         f"\"/...\"}}), got {step!r}")
            break
        ok_wanted = step.get("ok", True)
        code: str | None = None
        before = game.to_position()
        try:
            apply_text(game, seat, say)
            ok = True
        except Refusal as e:
            ok = False
            code = e.code
            message = e.message
        if ok != ok_wanted:
            why = "" if ok else f" ({code}: {message})"
            diffs.append(f"step {n} (seat {seat}: {say!r}): expected "
                         f"{'accepted' if ok_wanted else 'refused'}, got "
                         f"{'accepted' if ok else 'refused'}{why}")
            break
        if not ok and "code" in step and step["code"] != code:
            diffs.append(f"step {n} (seat {seat}: {say!r}): expected code {step['code']}, "
                         f"got {code}")
        if not ok and game.to_position() != before:  # design.md §2, as the farm's runner checks
            diffs.append(f"step {n}: the refused command changed the position")
            break
        now = card_count(game.to_position())
        if now != start:
            diffs.append(f"step {n}: card count changed from {start} to {now} (T52)")
            break
    diffs += compare(sc.get("expect", {}), game.to_position())
    return diffs


def load_file(path: Path) -> list[dict[str, Any]]:
    data = json.loads(path.read_text(encoding="utf-8"))
    return data if isinstance(data, list) else [data]


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if not args:
        print("usage: python -m bohnanza.scenario FILE...", file=sys.stderr)
        return 2
    failed = total = 0
    for name in args:
        try:
            scenarios = load_file(Path(name))
        except (OSError, json.JSONDecodeError) as e:
            print(f"{name}: cannot read: {e}")
            failed += 1
            continue
        for sc in scenarios:
            total += 1
            diffs = run_scenario(sc)
            label = f"{name} [{sc.get('id', '?')}]"
            if diffs:
                failed += 1
                print(f"FAIL {label} {sc.get('title', '')}")
                for d in diffs:
                    print(f"  - {d}")
    print(f"{total - failed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
