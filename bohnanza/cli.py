"""Command line: ``bohnanza serve [--host H] [--port P] [--db PATH]`` and
``bohnanza simulate --players N --games M --policy greedy,random --seed S`` (bot games in the
engine, :mod:`bohnanza.bots.simulate`)."""

from __future__ import annotations

import argparse
import gc
import logging
import sys
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    args_in = sys.argv[1:] if argv is None else list(argv)
    if args_in[:1] == ["simulate"]:  # its own options and --help
        pre = argparse.ArgumentParser(add_help=False)
        pre.add_argument("--game", choices=["bohnanza", "farm"], default="bohnanza")
        known, rest = pre.parse_known_args(args_in[1:])
        if known.game == "farm":  # bohnanza.farm.simulate: simulate --game farm --help
            from bohnanza.farm.simulate import main as farm_simulate

            return farm_simulate(rest)
        from bohnanza.bots.simulate import main as simulate

        return simulate(rest)
    parser = argparse.ArgumentParser(prog="bohnanza", description="Bohnanza online table")
    sub = parser.add_subparsers(dest="command", required=True)
    serve = sub.add_parser("serve", help="run the web server")
    serve.add_argument("--host", help="address to listen on (default 127.0.0.1)")
    serve.add_argument("--port", type=int, help="port (default 8000)")
    serve.add_argument("--db", type=Path, help="SQLite file (default var/bohnanza.db)")
    serve.add_argument("--database", metavar="URL",
                       help="PostgreSQL instead of SQLite (postgresql://user@host:port/name; "
                       "also BOHNANZA_DATABASE): several server processes share it")
    serve.add_argument("--redis", dest="redis_url", metavar="URL",
                       help="Redis (redis://host:port/0; also BOHNANZA_REDIS_URL): connections "
                       "for rooms another process owns are relayed to it")
    serve.add_argument("--bot-delay", type=float,
                       help="seconds a bot waits before it acts (default 1)")
    serve.add_argument("--log-level", default="info")
    sub.add_parser(
        "simulate",
        help="play bot games in the engine and compare policies "
        "(--players N --games M --policy greedy,random --seed S; see simulate --help; "
        "--game farm: the farm game)",
        add_help=False,
    )
    args = parser.parse_args(args_in)

    if args.command == "serve":
        import uvicorn

        from bohnanza.server import Settings, create_app

        overrides = {k: v for k in ("host", "port", "db", "database", "redis_url", "bot_delay") if (v := getattr(args, k)) is not None}
        settings = Settings(**overrides)
        logging.basicConfig(level=args.log_level.upper())
        # what start-up allocated (modules, models) is never garbage: keep it out of every
        # collection; and collect young objects less often (each change builds a few hundred
        # short-lived dicts and lists for its views, freed by reference counting anyway).
        # bench/server.py: about 20 us per command less in 4 alternating runs.
        gc.collect()
        gc.freeze()
        gc.set_threshold(20_000, 50, 50)
        uvicorn.run(
            create_app(settings),
            host=settings.host,
            port=settings.port,
            ws_max_size=settings.max_frame_bytes,
            ws_per_message_deflate=settings.ws_deflate,
            log_level=args.log_level,
        )
    return 0
