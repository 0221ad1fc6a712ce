"""A command's whole path through the server in one process: the CPU the server spends on a
game command beyond what the bare broadcast floor spends (issue 14), without sockets.

One room of ``--players`` delta connections (real ``Conn`` objects on Starlette's
``WebSocket``; the ASGI send under it returns at once, as uvicorn's does when the socket's
buffer has room) on a real
``Hub`` with SQLite on disk (a temp dir, default ``synchronous``). The seats ``/join`` and
``/start``; then the recorded commands of whole greedy games with marker fills
(``bench/frames.py``'s ``record_games``, the same game dealt by the room: ``game_seed``) each
go the way ``ws.py`` takes a ``say``: its JSON text read (``inbound.load``, ``_plain_say``),
the rate buckets, ``Room.say`` (parse, apply, log lines, commit: the group commit's end of
the loop's turn, the frames, the sends, the reply riding in its patch). What is left out is
what the floor pays too: uvicorn's and websockets' framing and the kernel's socket calls.

    python bench/pipeline.py                       # µs per command (CPU), best of --passes
    python bench/pipeline.py --profile 30          # where the time goes (cProfile)
    python bench/pipeline.py --compare main,.      # two trees, interleaved (--repeat)
    python bench/pipeline.py --kinds               # and µs per command of each kind
    python bench/pipeline.py --pollute 8 --kinds   # each command with cold caches (8 MiB
                                                   # written before it, not timed)
    python bench/pipeline.py --pollute 32 --pollute-every 2   # every other command cold
    BOHNANZA_BENCH_PIPELINE_SRC=DIR valgrind --tool=cachegrind --cache-sim=no \\
      --cachegrind-out-file=/dev/null python bench/pipeline.py --passes 1   # less --bare

``--bare`` does everything but the recorded commands (start-up, recording, join and start):
the instructions of the commands are the difference.
"""

from __future__ import annotations

import asyncio
import cProfile
import importlib
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
# the tree measured (``--compare`` sets it per run), else this checkout
sys.path.insert(0, os.environ.get("BOHNANZA_BENCH_PIPELINE_SRC") or str(HERE.parent))
sys.path.insert(1, str(HERE))
# frames.py (the recording) puts its own tree first: the same tree, not this checkout's
os.environ.setdefault("BOHNANZA_BENCH_FRAMES_SRC", sys.path[0])


class NullSocket:
    """The server's ASGI ``send`` for one connection: every frame is written at once
    (counted, not kept), as uvicorn does when the socket's buffer has room."""

    def __init__(self) -> None:
        self.frames = 0
        self.nbytes = 0
        self.refused: list[str] = []

    async def __call__(self, message: dict[str, Any]) -> None:
        text = message.get("text")
        if text is None:
            return
        self.frames += 1
        self.nbytes += len(text)
        if '"ok":false' in text:
            self.refused.append(text)


def _socket(send: NullSocket) -> Any:
    """A Starlette ``WebSocket`` (what the endpoint hands ``Conn``), accepted, over ``send``."""
    from starlette.websockets import WebSocket, WebSocketState

    async def receive() -> dict[str, Any]:  # pragma: no cover - never read here
        raise RuntimeError("not read")

    ws = WebSocket({"type": "websocket", "path": "/ws/bench", "headers": []}, receive,
                   send)  # type: ignore[arg-type]  # (its send takes a dict: what it is sent)
    ws.application_state = WebSocketState.CONNECTED
    ws.client_state = WebSocketState.CONNECTED
    return ws


async def _play(players: int, games: list[list[tuple[int, str]]], seed: int, db: Path,
                bare: bool, prof: cProfile.Profile | None, kinds: bool = False,
                pollute: int = 0, every: int = 1) -> dict[str, Any]:
    from bohnanza.server import inbound, ws
    from bohnanza.server.conn import Conn
    from bohnanza.server.hub import Hub
    from bohnanza.server.room.room import Room
    from bohnanza.server.settings import Settings

    settings = Settings(db=db, game_seed=seed, bot_delay=30, per_address_limits=False)
    hub = Hub(settings)
    await hub.start()
    socks = [NullSocket() for _ in range(players)]
    conns = []
    for i in range(players):
        c = Conn(_socket(socks[i]), 1e6, 10**6, 10**6)
        c.deltas = True
        c.direct = True  # as once its writer runs: a send goes out at once
        c.address = "127.0.0.1"
        got = await hub.room_for("bench", c, None, c.address)
        assert isinstance(got, Room)  # (one process: the room is here, never relayed)
        room = got
        await room.attach(c, f"P{i + 1}", None)
        conns.append(c)
    say_no = 0

    async def say(seat: int, text: str) -> None:
        nonlocal say_no
        say_no += 1
        raw = json.dumps({"type": "say", "id": say_no, "text": text})
        c = conns[seat]
        if not c.bucket.take():  # pragma: no cover
            raise SystemExit("rate")
        data = inbound.load(raw)
        plain: Any = ws._plain_say(data)
        assert plain is not None
        hub.gate.say(c.address)
        if isinstance(plain, tuple):  # (id, text)
            await room.say(c, plain[0], plain[1])
        else:  # a Say (trees before 1e14a3e's successor)
            await room.say(c, plain.id, plain.text)

    for seat in range(players):
        await say(seat, "/join")
    spent = 0.0
    commands = 0
    by_kind: dict[str, list[float]] = {}  # a command's first word: [commands, CPU s]
    # --pollute: a byte of each 64 (a cache line) of ``pollute`` MiB written before each command
    junk = bytearray(pollute * 2**20) if pollute else None
    stride = bytes(len(junk[::64])) if junk is not None else b""
    frames0 = sum(s.frames for s in socks)
    bytes0 = sum(s.nbytes for s in socks)
    for cmds in games:
        await say(0, "/start")
        if bare:
            continue
        if kinds or junk is not None:  # each command timed alone, the junk written between
            for i, (seat, text) in enumerate(cmds):
                if junk is not None and i % every == 0:
                    junk[::64] = stride  # untimed: the caches filled with something else
                k0 = time.process_time()
                if prof is not None:
                    prof.enable()
                await say(seat, text)
                if prof is not None:
                    prof.disable()
                dt = time.process_time() - k0
                spent += dt
                row = by_kind.setdefault(text.split()[0], [0, 0.0])
                row[0] += 1
                row[1] += dt
        else:
            t0 = time.process_time()
            if prof is not None:
                prof.enable()
            for seat, text in cmds:
                await say(seat, text)
            if prof is not None:
                prof.disable()
            spent += time.process_time() - t0
        commands += len(cmds)
        if room.table.game is None or not room.table.game.over:
            raise SystemExit(f"the game did not end: {[s.refused[:3] for s in socks]}")
    frames = sum(s.frames for s in socks) - frames0
    nbytes = sum(s.nbytes for s in socks) - bytes0
    await hub.stop()
    return {"commands": commands, "us_per_cmd": spent / max(commands, 1) * 1e6,
            "frames_per_cmd": frames / max(commands, 1),
            "bytes_per_cmd": nbytes / max(commands, 1),
            "kinds": {k: {"share": n / max(commands, 1), "us_per_cmd": t / n * 1e6}
                      for k, (n, t) in by_kind.items()}}


def recorded(players: int, n_games: int, preset: str, seed: int) -> list[list[tuple[int, str]]]:
    """The commands of ``n_games`` whole greedy games with marker fills (``bench/frames.py``'s
    ``record_games``; the room deals its game k, from 0, with ``game_seed`` + k, as the
    recording does), each game a list of (seat, text)."""
    from frames import record_games

    games = record_games(players, n_games, preset, seed)
    # the lines recording read are not read again for free: a tree that keeps the commands
    # of lines read before (commands/parse.py) starts the play without them
    importlib.import_module("bohnanza.commands.parse").__dict__.get("_READ", {}).clear()
    return games


def run(players: int, n_games: int, preset: str, seed: int, passes: int, profile: int,
        bare: bool, kinds: bool = False, pollute: int = 0, every: int = 1) -> dict[str, Any]:
    games = recorded(players, n_games, preset, seed)
    from inprocess import best_of

    def play(prof: cProfile.Profile | None) -> dict[str, Any]:
        with tempfile.TemporaryDirectory() as tmp:
            return asyncio.run(_play(players, games, seed, Path(tmp) / "bench.db", bare, prof,
                                     kinds, pollute, every))

    return best_of(passes, profile, play)


def main() -> None:
    import inprocess

    ap = inprocess.arguments(__doc__.splitlines()[0], games=2)
    ap.add_argument("--bare", action="store_true",
                    help="start-up, recording, join and start only (for instruction counts)")
    ap.add_argument("--kinds", action="store_true",
                    help="and per command kind (its first word): share and CPU µs per command")
    ap.add_argument("--pollute", type=int, default=0, metavar="MIB",
                    help="write a byte of each cache line of MIB MiB before each command (not "
                    "timed): the caches cold, as a lone command finds them in the live server")
    ap.add_argument("--pollute-every", type=int, default=1, metavar="N",
                    help="--pollute before every N-th command only (2: each command cold, the "
                    "next warm, as two commands committed together)")
    a = ap.parse_args()
    if a.compare:
        argv = [f"--players={a.players}", f"--games={a.games}", f"--preset={a.preset}",
                f"--seed={a.seed}", f"--passes={a.passes}", f"--pollute={a.pollute}",
                f"--pollute-every={a.pollute_every}"]
        inprocess.compare(__file__, "BOHNANZA_BENCH_PIPELINE_SRC", a.compare.split(","), a.repeat,
                      argv, "us_per_cmd", "cmd",
                      lambda row: f"{row['us_per_cmd']:.1f} µs/cmd, {row['frames_per_cmd']:.2f} "
                      f"frames/cmd, {row['bytes_per_cmd']:.0f} B/cmd")
        return
    if a.pollute_every < 1:
        ap.error("--pollute-every must be at least 1")
    res = run(a.players, a.games, a.preset, a.seed, a.passes, a.profile, a.bare, a.kinds,
              a.pollute, a.pollute_every)
    if a.json:
        print(json.dumps({k: v for k, v in res.items() if k != "profile"}))
        return
    print(f"{res['commands']} commands, {res['us_per_cmd']:.1f} µs per command, "
          f"{res['frames_per_cmd']:.2f} frames and {res['bytes_per_cmd']:.0f} bytes per "
          "command (all connections)")
    if res["kinds"]:
        print("| command | share | µs per command |\n| --- | --- | --- |")
        for k, v in sorted(res["kinds"].items(), key=lambda kv: -kv[1]["share"]):
            print(f"| {k} | {100 * v['share']:.1f} % | {v['us_per_cmd']:.1f} |")
    if "profile" in res:
        print(res["profile"])


if __name__ == "__main__":
    main()
