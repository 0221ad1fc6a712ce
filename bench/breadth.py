"""How much code a command runs (issue 14): the distinct Python functions (code objects) and C
functions each game command calls on its whole path through the server, and the bytes of
bytecode of those Python functions (their instructions with CPython 3.11's inline caches),
per command kind; then which files the Python functions come from.

A live command at R = 20 finds its code and data out of the caches (``bench/pipeline.py
--pollute``): the breadth of the code it runs, read once per command, costs more than the
number of instructions. This counts that breadth. The commands are ``bench/pipeline.py``'s
(the same recorded games through the same ``Hub``, rooms and connections), each watched
alone with ``sys.setprofile``; the bench's own few functions (its ``say``, its sockets, the
JSON of the line it sends) are counted with them.

    python bench/breadth.py                        # per kind, and per file
    python bench/breadth.py --show /want           # the functions of one /want (the 6th)
    BOHNANZA_BENCH_PIPELINE_SRC=DIR python bench/breadth.py   # another tree
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from collections import Counter, defaultdict
from pathlib import Path
from types import CodeType, FrameType
from typing import Any

import pipeline  # this directory's (it puts the tree measured first on sys.path)


class Watch:
    """What ``pipeline._play`` enables around each command when given a profiler: here the
    set of code objects (Python) and builtins (C) called meanwhile, one set per command."""

    def __init__(self) -> None:
        self.now: set[Any] = set()
        self.per: list[set[Any]] = []

    def _hook(self, frame: FrameType, event: str, arg: Any) -> None:
        if event == "call":
            self.now.add(frame.f_code)
        elif event == "c_call":
            self.now.add(arg)

    def enable(self) -> None:
        self.now = set()
        sys.setprofile(self._hook)

    def disable(self) -> None:
        sys.setprofile(None)
        self.per.append(self.now)


def _size(code: CodeType) -> int:
    """The bytes of a code object's instructions as they run (inline caches included)."""
    return len(getattr(code, "_co_code_adaptive", code.co_code))


def _where(code: CodeType) -> str:
    f = code.co_filename
    return f.split("/bohnanza/", 1)[1] if "/bohnanza/" in f else f.rsplit("/", 1)[-1]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=5)
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--preset", default="classic")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--show", metavar="KIND", help="list the functions of one command of KIND")
    ap.add_argument("--nth", type=int, default=5, help="which command of --show's kind (0: the "
                    "first)")
    ap.add_argument("--files", type=int, default=25, help="files listed (most functions first)")
    a = ap.parse_args()

    games = pipeline.recorded(a.players, a.games, a.preset, a.seed)
    watch = Watch()
    with tempfile.TemporaryDirectory() as tmp:
        asyncio.run(pipeline._play(a.players, games, a.seed, Path(tmp) / "bench.db", False,
                                   watch, True))  # type: ignore[arg-type]
    texts = [text for cmds in games for _, text in cmds]
    assert len(texts) == len(watch.per), (len(texts), len(watch.per))

    kinds: dict[str, list[tuple[int, int, int]]] = defaultdict(list)
    files: Counter[str] = Counter()
    for text, called in zip(texts, watch.per, strict=True):
        codes = [c for c in called if isinstance(c, CodeType)]
        kinds[text.split()[0]].append((len(codes), len(called) - len(codes),
                                       sum(_size(c) for c in codes)))
        files.update(_where(c) for c in codes)
    n = len(texts)
    rows = [r for v in kinds.values() for r in v]
    print(f"{n} commands; per command: {sum(r[0] for r in rows) / n:.0f} Python functions, "
          f"{sum(r[1] for r in rows) / n:.0f} C functions, "
          f"{sum(r[2] for r in rows) / n:.0f} bytes of bytecode")
    print("| command | share | Python functions | C functions | bytecode bytes |")
    print("| --- | --- | --- | --- | --- |")
    for k, v in sorted(kinds.items(), key=lambda kv: -len(kv[1])):
        m = len(v)
        print(f"| {k} | {100 * m / n:.0f} % | {sum(r[0] for r in v) / m:.0f} | "
              f"{sum(r[1] for r in v) / m:.0f} | {sum(r[2] for r in v) / m:.0f} |")
    print("\n| file | Python functions per command |\n| --- | --- |")
    for f, count in files.most_common(a.files):
        print(f"| {f} | {count / n:.1f} |")
    if a.show:
        picked = [i for i, t in enumerate(texts) if t.split()[0] == a.show]
        if not picked:
            raise SystemExit(f"no command {a.show!r} in these games")
        i = picked[min(a.nth, len(picked) - 1)]
        print(f"\n{texts[i]}: its Python functions (file:line name, bytecode bytes)")
        for c in sorted((c for c in watch.per[i] if isinstance(c, CodeType)),
                        key=lambda c: (_where(c), c.co_firstlineno)):
            print(f"  {_where(c)}:{c.co_firstlineno} {c.co_name} {_size(c)}")


if __name__ == "__main__":
    main()
