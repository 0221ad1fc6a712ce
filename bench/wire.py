"""A command's whole path through the server in one process, from the bytes of its frame on:
``bench/pipeline.py`` with the server's real socket protocol in front (issue 14, server CPU).

One room of ``--players`` connections, each a real ``gatedws.GatedWebSocket`` (uvicorn's
``websockets-sansio`` protocol, as ``bohnanza serve`` runs it) over a stand-in transport that
counts what is written, on the real application (``create_app``: Starlette, ``ws.py``, a real
``Hub`` with SQLite on disk in a temp dir), on the server's event loop (uvloop when installed,
as uvicorn picks it). Each seat says hello (deltas), ``/join`` and ``/start``; then the
recorded commands of whole greedy games with marker fills (``bench/frames.py``'s
``record_games``) each arrive as a client's masked text frame, handed to the protocol's
``data_received`` from a callback of the loop (as the socket's reading does), and the next
one is sent once the sender's reply (alone or riding in its patch) is written. What is left
out: the kernel's socket calls and the loop's polling of the sockets (one ``epoll_wait`` per
turn), which the instruction counts of this process do not see; turns of the loop per command
are counted on asyncio's own loop (``--loop asyncio``: ``turns_per_cmd``).

    python bench/wire.py                         # µs per command (CPU), best of --passes
    python bench/wire.py --profile 30            # where the time goes (cProfile)
    python bench/wire.py --compare main,.        # two trees, interleaved (--repeat)
    BOHNANZA_BENCH_WIRE_SRC=DIR valgrind --tool=cachegrind --cache-sim=no \\
      --cachegrind-out-file=/dev/null python bench/wire.py --games 1 --passes 1 --json  # less --bare

``--bare`` does everything but the recorded commands (start-up, recording, hello, join and
start): the instructions of the commands are the difference. ``DIR`` holds a tree's
``bohnanza`` (``git archive REV bohnanza | tar -x -C DIR``).
"""

from __future__ import annotations

import asyncio
import base64
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
sys.path.insert(0, os.environ.get("BOHNANZA_BENCH_WIRE_SRC") or str(HERE.parent))
sys.path.insert(1, str(HERE))
os.environ.setdefault("BOHNANZA_BENCH_FRAMES_SRC", sys.path[0])


class Transport(asyncio.Transport):
    """A socket stand-in: counts the frames written; wakes the bench when the reply to the say
    it waits for is among them."""

    def __init__(self) -> None:
        super().__init__()
        self.writes = 0
        self.nbytes = 0
        self.closing = False
        self.waiting: tuple[bytes, asyncio.Future[None]] | None = None

    def write(self, data: Any) -> None:
        self.writes += 1
        self.nbytes += len(data)
        w = self.waiting
        if w is not None and w[0] in data:
            self.waiting = None
            w[1].set_result(None)

    def is_closing(self) -> bool:
        return self.closing

    def close(self) -> None:
        self.closing = True

    def pause_reading(self) -> None:
        pass

    def resume_reading(self) -> None:
        pass

    def get_write_buffer_size(self) -> int:
        return 0

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return {"peername": ("127.0.0.1", 5000), "sockname": ("127.0.0.1", 8000)}.get(
            name, default)


def client_frame(text: str) -> bytes:
    """A client's masked text frame (RFC 6455 section 5.2), by the websockets library."""
    from websockets.frames import Frame, Opcode

    return Frame(Opcode.TEXT, text.encode()).serialize(mask=True, extensions=[])


async def _play(players: int, games: list[list[tuple[int, str]]], seed: int, db: Path,
                bare: bool, prof: cProfile.Profile | None) -> dict[str, Any]:
    from uvicorn.config import Config
    from uvicorn.server import ServerState

    from bohnanza.server import Settings, create_app
    from bohnanza.server.gatedws import GatedWebSocket

    settings = Settings(db=db, game_seed=seed, bot_delay=30, per_address_limits=False,
                        commands_per_second=1e6, commands_burst=10**6)
    app = create_app(settings)
    hub = app.state.hub
    await hub.start()
    loop = asyncio.get_running_loop()
    # no keepalive pings: the stand-in transport never answers one, and under valgrind on a
    # loaded machine a game outlasts uvicorn's ping interval and timeout (the server then
    # closed the connections and the bench waited for a reply for ever)
    config = Config(app=app, ws=GatedWebSocket, log_level="warning", lifespan="off",
                    ws_ping_interval=None)
    config.load()
    state = ServerState()
    protos: list[Any] = []
    transports: list[Transport] = []
    say_no = 0

    async def send(seat: int, text: str, wait_for: bytes) -> None:
        t = transports[seat]
        done = loop.create_future()
        t.waiting = (wait_for, done)
        loop.call_soon(protos[seat].data_received, client_frame(text))
        await done

    async def say(seat: int, text: str) -> None:
        nonlocal say_no
        say_no += 1
        await send(seat, json.dumps({"type": "say", "id": say_no, "text": text}),
                   b'"id":%d,"ok"' % say_no)

    key = base64.b64encode(b"0123456789abcdef").decode()
    for i in range(players):
        t = Transport()
        p = GatedWebSocket(config=config, server_state=state, app_state={})
        p.connection_made(t)
        transports.append(t)
        protos.append(p)
        p.data_received((f"GET /ws/bench HTTP/1.1\r\nhost: localhost\r\nUpgrade: websocket\r\n"
                         f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                         "Sec-WebSocket-Version: 13\r\n\r\n").encode())
        for _ in range(1000):
            if p.handshake_complete:
                break
            await asyncio.sleep(0)
        await send(i, json.dumps({"type": "hello", "name": f"P{i + 1}", "deltas": True}),
                   b'"type":"state"')
    for seat in range(players):
        await say(seat, "/join")
    room = hub.rooms["bench"] if hasattr(hub, "rooms") else None
    spent = 0.0
    commands = 0
    turns = 0
    writes0 = sum(t.writes for t in transports)
    bytes0 = sum(t.nbytes for t in transports)
    for cmds in games:
        await say(0, "/start")
        if bare:
            continue
        t0 = time.process_time()
        n0 = _ready_turns(loop)
        if prof is not None:
            prof.enable()
        for seat, text in cmds:
            await say(seat, text)
        if prof is not None:
            prof.disable()
        turns += _ready_turns(loop) - n0
        spent += time.process_time() - t0
        commands += len(cmds)
        game = getattr(getattr(room, "table", None), "game", None)
        if game is not None and not game.over:
            raise SystemExit("the game did not end")
    writes = sum(t.writes for t in transports) - writes0
    nbytes = sum(t.nbytes for t in transports) - bytes0
    for p in protos:
        p.connection_lost(None)
    await asyncio.wait_for(asyncio.gather(*state.tasks, return_exceptions=True), 10)
    await hub.stop()
    return {"commands": commands, "us_per_cmd": spent / max(commands, 1) * 1e6,
            "writes_per_cmd": writes / max(commands, 1),
            "bytes_per_cmd": nbytes / max(commands, 1),
            "turns_per_cmd": turns / max(commands, 1) if isinstance(loop, CountingLoop)
            else None}


class CountingLoop(asyncio.SelectorEventLoop):
    """asyncio's own loop, counting its turns (``_run_once``: one poll of the sockets and the
    callbacks that are ready)."""

    turns = 0

    def _run_once(self) -> None:
        CountingLoop.turns += 1
        super()._run_once()  # type: ignore[misc]


def _ready_turns(loop: Any) -> int:
    """Turns of the loop so far (-10**9 on uvloop, which does not count them)."""
    return CountingLoop.turns if isinstance(loop, CountingLoop) else -10**9


def run(players: int, n_games: int, preset: str, seed: int, passes: int, profile: int,
        bare: bool, loop_kind: str) -> dict[str, Any]:
    from frames import record_games

    games = record_games(players, n_games, preset, seed)
    importlib.import_module("bohnanza.commands.parse").__dict__.get("_READ", {}).clear()
    from inprocess import best_of

    def play(prof: cProfile.Profile | None) -> dict[str, Any]:
        with tempfile.TemporaryDirectory() as tmp:
            coro = _play(players, games, seed, Path(tmp) / "bench.db", bare, prof)
            if loop_kind == "uvloop":
                import uvloop

                return uvloop.run(coro)
            loop = CountingLoop()
            try:
                return loop.run_until_complete(coro)
            finally:
                loop.close()

    return best_of(passes, profile, play)


def main() -> None:
    import inprocess

    ap = inprocess.arguments(__doc__.splitlines()[0], games=2)
    ap.add_argument("--bare", action="store_true",
                    help="start-up, recording, hello, join and start only (instruction counts)")
    ap.add_argument("--loop", choices=("uvloop", "asyncio"), default="uvloop",
                    help="the event loop (asyncio's own counts the turns per command)")
    a = ap.parse_args()
    if a.compare:
        argv = [f"--players={a.players}", f"--games={a.games}", f"--preset={a.preset}",
                f"--seed={a.seed}", f"--passes={a.passes}", f"--loop={a.loop}"]
        inprocess.compare(__file__, "BOHNANZA_BENCH_WIRE_SRC", a.compare.split(","), a.repeat,
                          argv, "us_per_cmd", "cmd",
                          lambda row: f"{row['us_per_cmd']:.1f} µs/cmd, {row['writes_per_cmd']:.2f} "
                          f"writes/cmd, turns/cmd {row['turns_per_cmd']}")
        return
    res = run(a.players, a.games, a.preset, a.seed, a.passes, a.profile, a.bare, a.loop)
    if a.json:
        print(json.dumps({k: v for k, v in res.items() if k != "profile"}))
        return
    turns = res["turns_per_cmd"]
    print(f"{res['commands']} commands, {res['us_per_cmd']:.1f} µs per command, "
          f"{res['writes_per_cmd']:.2f} writes and {res['bytes_per_cmd']:.0f} bytes per command "
          f"(all connections)" + (f", {turns:.2f} turns of the loop per command"
                                  if turns is not None and turns >= 0 else ""))
    if "profile" in res:
        print(res["profile"])


if __name__ == "__main__":
    main()
