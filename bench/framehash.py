"""A hash of every frame the room's state path makes (issue 14, server CPU): whole greedy games
(``bench/frames.py``'s ``record_games``, with marker fills) in five setups (classic 5, classic 5
with hidden money and 2 delta spectators, amigo 4, rio-grande 7, classic 3; two games each),
every connection a delta connection, each change's frames from ``state_frames`` as
``Room.states`` makes them, with the clock frozen (``now``). Two trees that print the same
hash send the same bytes; a change meant to save CPU only should keep it.

    python bench/framehash.py                  # this checkout
    python bench/framehash.py --src DIR        # the tree in DIR (holds ``bohnanza``)

Prints ``frames bytes sha256``.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
SETUPS = [(5, "classic", False, 0), (5, "classic", True, 2), (4, "amigo", False, 0),
          (7, "rio-grande", False, 0), (3, "classic", False, 0)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--src", default=str(HERE.parent), help="the tree measured")
    ap.add_argument("--seed", type=int, default=7)
    a = ap.parse_args()
    sys.path.insert(0, a.src)
    sys.path.insert(1, str(HERE))
    os.environ["BOHNANZA_BENCH_FRAMES_SRC"] = a.src
    time.time = lambda: 1.7e9  # the room part's clock, frozen

    import frames as bench_frames

    from bohnanza.commands import GameCommand, parse
    from bohnanza.server.room.logbook import game_entries
    from bohnanza.server.room.presence import Presence
    from bohnanza.server.room.states import Snapshot, room_part, state_frames

    settings: Any = bench_frames._Settings()  # what the room part reads of Settings
    h = hashlib.sha256()
    n = size = 0
    for players, preset, hidden, spectators in SETUPS:
        games = bench_frames.record_games(players, 2, preset, a.seed, hidden)
        for g_no, cmds in enumerate(games):
            table = bench_frames.dealt_table(players, preset, hidden, a.seed, g_no)
            presence = Presence(settings)
            conns: list[Any] = [bench_frames.FakeConn(i, f"P{i + 1}", True)
                                for i in range(players)]
            conns += [bench_frames.FakeConn(None, f"W{k}", True) for k in range(spectators)]
            presence.conns = conns
            snap = Snapshot()
            version = 1
            state_frames(version, room_part("bench", table, presence, settings), table,
                         conns, None, snap)
            for seat, text in cmds:
                cmd = parse(text)
                assert isinstance(cmd, GameCommand), text  # record_games: game commands only
                events = table.game.apply(seat, cmd.action)
                version += 1
                out = state_frames(version, room_part("bench", table, presence, settings),
                                   table, conns, game_entries(table, events), snap)
                for f in out:
                    if f is None:  # a delta connection that sees nothing new: no frame
                        continue
                    h.update(f.encode())
                    n += 1
                    size += len(f)
    print(n, size, h.hexdigest())


if __name__ == "__main__":
    main()
