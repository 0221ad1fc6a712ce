"""The server's state frames in one process: the CPU of building what every connection of a
room is sent after a change (issue 14), without sockets, storage or clients.

A room of ``--players`` seats (greedy bots, the same as ``bench/server.py``'s clients, and as
there an idle seat sets or clears a supply/demand marker half of the time) plays whole games
in the engine; after each command the frames of every connection are built as the server
builds them (``Room.states``: the room part, the views, the patches of the delta
connections), for one delta connection per seat plus ``--spectators`` delta spectators
(``--full``: full-state connections instead). Prints CPU µs per change (the best of ``--passes``
passes over the same recorded games) and, with ``--profile N``, the top N functions of
cProfile.

    python bench/frames.py                          # 5 seats, 4 games of classic
    python bench/frames.py --profile 25             # where the time goes
    python bench/frames.py --compare main,.         # two trees (paths or git revisions)

Each tree of ``--compare`` runs this file's code in a fresh process with that tree's
``bohnanza`` first on ``sys.path`` (a revision is extracted with ``git archive``), the order
alternating each round (``--repeat``); the ratio NEW/OLD of the medians is printed.
"""

from __future__ import annotations

import cProfile
import json
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
# the tree measured (``--compare`` sets it per run), else this checkout
sys.path.insert(0, os.environ.get("BOHNANZA_BENCH_FRAMES_SRC") or str(HERE.parent))


class FakeConn:
    """What the state frames read of a connection."""

    def __init__(self, seat: int | None, name: str, deltas: bool) -> None:
        self.seat = seat
        self.name = name
        self.lang = "en"
        self.deltas = deltas
        self.held: Any = None
        self.seen = -1
        self.you = ""


class _Settings:
    away_seconds = 120.0
    idle_seconds = 60.0


def record_games(players: int, games: int, preset: str, seed: int, hidden: bool = False
                 ) -> list[list[tuple[int, str]]]:
    """Whole greedy games with marker fills: each game's commands ``(seat, text)``."""
    from bohnanza.bots import get_policy
    from bohnanza.bots.base import ask_order
    from bohnanza.commands import apply_text
    from bohnanza.engine import Game, Refusal

    out = []
    for g_no in range(games):
        names = [f"P{i + 1}" for i in range(players)]
        game = Game.new(preset, names, seed + g_no, {"hidden_money": hidden})
        pols = [get_policy("greedy") for _ in range(players)]
        rng = random.Random(seed * 1000 + g_no)
        marked = [False] * players
        cmds: list[tuple[int, str]] = []
        idle = [0] * players
        steps = 0
        while not game.over and steps < 5000:
            for seat in ask_order(game.active, players):
                view = game.view(seat)
                must = bool(view["you"]["must_act"])
                text = pols[seat].decide(view, rng, hurry=must and idle[seat] >= 2)
                if text is None:
                    idle[seat] += must
                    if rng.random() < 0.5:
                        continue
                    marked[seat] = not marked[seat]
                    beans = [c["bean"] for c in view["catalogue"]]
                    text = ("/signals clear" if not marked[seat]
                            else f"/{rng.choice(('want', 'have'))} {rng.choice(beans)}")
                else:
                    idle[seat] = 0
                steps += 1
                try:
                    apply_text(game, seat, text)
                except Refusal:
                    continue
                cmds.append((seat, text))
                if game.over:
                    break
        out.append(cmds)
    return out


def _doc(m: dict[str, Any]) -> dict[str, Any]:
    return {"view": m["view"], "room": m["room"]}


def _check(docs: list[dict[str, Any]], out: list[str | None], version: int, room: dict[str, Any],
           table: Any, conns: list[Any]) -> None:
    """Each connection's document after ``out`` equals the state a full-state connection of
    the same seat is sent (``--check``)."""
    from bohnanza.server import delta
    from bohnanza.server.room.states import state_frames

    twins: list[Any] = [FakeConn(c.seat, c.name, False) for c in conns]
    full = state_frames(version, room, table, twins)
    for i, (frame, want) in enumerate(zip(out, full, strict=True)):
        assert want is not None
        wanted = _doc(json.loads(want))
        if frame is None:  # nothing new to see: what it holds is the new state but "now"
            docs[i]["room"]["now"] = wanted["room"]["now"]
        elif (m := json.loads(frame))["type"] == "patch":
            docs[i] = delta.apply(docs[i], m["ops"])
        else:
            docs[i] = _doc(m)
        if docs[i] != wanted:
            raise SystemExit(f"connection {i} differs from its full state at version "
                             f"{version}")


def run(players: int, games: list[list[tuple[int, str]]], preset: str, seed: int,
        spectators: int, full: bool, passes: int, profile: int = 0,
        check: bool = False, hidden: bool = False, bare: bool = False) -> dict[str, Any]:
    """µs per change of ``Room.states`` over the recorded ``games`` (best pass); ``check``:
    every connection's document is compared with its full state after every change."""
    from bohnanza.commands import parse
    from bohnanza.server.room.logbook import game_entries
    from bohnanza.server.room.presence import Presence
    from bohnanza.server.room.states import Snapshot, room_part, state_frames

    settings: Any = _Settings()
    best = float("inf")
    changes = 0
    nbytes = 0
    prof = cProfile.Profile() if profile else None
    for _ in range(passes):
        spent = 0.0
        changes = 0
        nbytes = 0
        for g_no, cmds in enumerate(games):
            table = dealt_table(players, preset, hidden, seed, g_no)
            presence = Presence(settings)
            fakes: list[Any] = [FakeConn(i, f"P{i + 1}", not full) for i in range(players)]
            fakes += [FakeConn(None, f"W{k}", not full) for k in range(spectators)]
            presence.conns = fakes  # (stand-ins: what the frames read of a Conn)
            snap = Snapshot()
            version = 1
            conns: list[Any] = presence.conns
            first = state_frames(version, room_part("bench", table, presence, settings), table,
                                 conns, None, snap)
            docs = [_doc(json.loads(str(f))) for f in first] if check else []  # (states)
            for seat, text in cmds:
                command: Any = parse(text)  # (a game command: the recorded games hold no other)
                events = table.game.apply(seat, command.action)
                entries = game_entries(table, events)
                version += 1
                t0 = time.process_time()
                if prof is not None:
                    prof.enable()
                if bare:  # the commands alone: what the frames add is the difference
                    spent += time.process_time() - t0
                    changes += 1
                    continue
                room = room_part("bench", table, presence, settings)
                out = state_frames(version, room, table, conns, entries, snap)
                if prof is not None:
                    prof.disable()
                spent += time.process_time() - t0
                changes += 1
                nbytes += sum(len(f) for f in out if f is not None)  # None: no frame
                if check:
                    _check(docs, out, version, room, table, conns)
        best = min(best, spent)
    result: dict[str, Any] = {"changes": changes, "us_per_change": best / changes * 1e6,
                              "bytes_per_change": nbytes / changes}
    if prof is not None:
        from inprocess import top

        result["profile"] = top(prof, profile)
    return result


def dealt_table(players: int, preset: str, hidden: bool, seed: int, g_no: int) -> Any:
    """A room's ``Table`` (``server/room/table.py``) of ``players`` seats P1, P2, ... whose
    game number ``g_no + 1`` is dealt with ``seed + g_no``, as the room deals its game
    ``g_no`` (from 0) and as :func:`record_games` recorded it."""
    from bohnanza.server.room.table import Seat, Table

    table = Table()
    table.preset = preset
    table.hidden_money = hidden
    table.seats = [Seat(f"P{i + 1}", "x" * 64) for i in range(players)]
    table.game = table.hosted.new(table.game_options(), [s.name for s in table.seats],
                                  seed + g_no)
    table.game_no = g_no + 1
    return table


def main() -> None:
    import inprocess

    ap = inprocess.arguments(__doc__.splitlines()[0], games=4)
    ap.add_argument("--spectators", type=int, default=0)
    ap.add_argument("--hidden-money", action="store_true")
    ap.add_argument("--full", action="store_true", help="full-state connections")
    ap.add_argument("--bare", action="store_true",
                    help="apply the commands and phrase their log only, no frames (for "
                    "instruction counts: the frames' share is the difference)")
    ap.add_argument("--check", action="store_true",
                    help="compare every patched document with the full state (one pass)")
    a = ap.parse_args()
    if a.compare:
        argv = [f"--players={a.players}", f"--games={a.games}", f"--preset={a.preset}",
                f"--seed={a.seed}", f"--spectators={a.spectators}", f"--passes={a.passes}"]
        if a.hidden_money:
            argv.append("--hidden-money")
        if a.full:
            argv.append("--full")
        inprocess.compare(__file__, "BOHNANZA_BENCH_FRAMES_SRC", a.compare.split(","), a.repeat,
                      argv, "us_per_change", "change",
                      lambda row: f"{row['us_per_change']:.1f} µs/change, "
                      f"{row['bytes_per_change']:.0f} B/change")
        return
    games = record_games(a.players, a.games, a.preset, a.seed, a.hidden_money)
    res = run(a.players, games, a.preset, a.seed, a.spectators, a.full,
              1 if a.check else a.passes, a.profile, a.check, a.hidden_money, a.bare)
    if a.check:
        print(f"checked: {res['changes']} changes, every connection held its full state")
    if a.json:
        print(json.dumps({k: v for k, v in res.items() if k != "profile"}))
        return
    print(f"{res['changes']} changes, {res['us_per_change']:.1f} µs per change, "
          f"{res['bytes_per_change']:.0f} bytes per change (all connections)")
    if "profile" in res:
        print(res["profile"])


if __name__ == "__main__":
    main()
