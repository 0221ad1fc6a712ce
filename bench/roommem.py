"""Memory per room in one process (issue 14): Python's traced memory (``tracemalloc``) of R
rooms of 5 delta connections on a real ``Hub`` with SQLite on disk, once joined and started,
and again after each room played the first N commands of a recorded whole greedy game
(``bench/frames.py``'s ``record_games``, through ``Room.say`` as ``bench/pipeline.py`` plays
them). Load-independent, unlike ``bench/server.py``'s RSS per room (which also moves with the
allocator's arenas and the process's growth); it counts only what Python allocates.

    python bench/roommem.py                        # this checkout, 20 rooms, 300 commands
    python bench/roommem.py --src DIR --rooms 50   # the tree in DIR (holds ``bohnanza``)

Prints one JSON row: KB per room started (``started_kb``) and after play (``after_play_kb``).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import sys
import tempfile
import tracemalloc
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent


async def _measure(rooms: int, commands: int, db: Path) -> dict[str, Any]:
    import pipeline
    from frames import record_games

    from bohnanza.server.conn import Conn
    from bohnanza.server.hub import Hub
    from bohnanza.server.settings import Settings

    game = record_games(5, 1, "classic", 1)[0][:commands]
    hub = Hub(Settings(db=db, game_seed=1, bot_delay=30, per_address_limits=False))
    await hub.start()
    gc.collect()
    tracemalloc.start()
    t0 = tracemalloc.get_traced_memory()[0]
    said = 0

    async def say(room: Any, conn: Any, text: str) -> None:
        nonlocal said
        said += 1
        await room.say(conn, said, text)

    played = []
    for r in range(rooms):
        conns = []
        room = None
        for i in range(5):
            c = Conn(pipeline._socket(pipeline.NullSocket()), 1e6, 10**6, 10**6)
            c.deltas = True
            c.direct = True
            c.address = "127.0.0.1"
            room = await hub.room_for(f"room{r}", c, None, c.address)
            assert room is not None
            await room.attach(c, f"P{i + 1}", None)
            conns.append(c)
        for i in range(5):
            await say(room, conns[i], "/join")
        await say(room, conns[0], "/start")
        played.append((room, conns))
    gc.collect()
    t1 = tracemalloc.get_traced_memory()[0]
    for room, conns in played:
        for seat, text in game:
            await say(room, conns[seat], text)
    gc.collect()
    t2 = tracemalloc.get_traced_memory()[0]
    await hub.stop()
    return {"rooms": rooms, "commands": len(game),
            "started_kb": round((t1 - t0) / rooms / 1024, 1),
            "after_play_kb": round((t2 - t0) / rooms / 1024, 1)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--src", help="a directory holding the tree's bohnanza (default: this one)")
    ap.add_argument("--rooms", type=int, default=20)
    ap.add_argument("--commands", type=int, default=300)
    a = ap.parse_args()
    src = str(Path(a.src).resolve()) if a.src else str(HERE.parent)
    sys.path.insert(0, src)
    sys.path.insert(1, str(HERE))
    os.environ["BOHNANZA_BENCH_FRAMES_SRC"] = src  # the recording's tree: the same
    with tempfile.TemporaryDirectory() as tmp:
        row = asyncio.run(_measure(a.rooms, a.commands, Path(tmp) / "bench.db"))
    print(json.dumps({"src": src, **row}))


if __name__ == "__main__":
    main()
