"""The layers of design.md §1, read from the imports of every module (issue 12): the engine
imports only itself and the standard library; the command language only the engine; neither
imports the server or the bots. Inside the server: the store keeps rows (it imports neither
the engine nor the command language), the room's parts do not import the room that owns them,
and no server module grows past about 400 lines."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

PKG = Path(__file__).resolve().parents[1] / "bohnanza"
STDLIB = set(sys.stdlib_module_names) | {"__future__"}


def _module(path: Path) -> str:
    parts = list(path.relative_to(PKG.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path) -> set[str]:
    """The absolute names of the modules ``path`` imports (relative imports resolved)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    here = _module(path).split(".")
    package = here if path.name == "__init__.py" else here[:-1]
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                name = ".".join(base + ([node.module] if node.module else []))
                # "from . import x": x may be a module
                out.update(f"{name}.{a.name}" if not node.module else name for a in node.names)
            else:
                out.add(node.module or "")
    return out


def _modules(sub: str) -> list[Path]:
    return sorted((PKG / sub).rglob("*.py"))


def _top(name: str) -> str:
    return name.split(".")[0]


def _inside(name: str, *packages: str) -> bool:
    return any(name == p or name.startswith(p + ".") for p in packages)


@pytest.mark.parametrize("path", _modules("engine"), ids=lambda p: p.name)
def test_the_engine_imports_only_itself_and_the_standard_library(path: Path) -> None:
    bad = {m for m in _imports(path)
           if not _inside(m, "bohnanza.engine") and _top(m) not in STDLIB}
    assert not bad, f"{path.name} imports {sorted(bad)}"


@pytest.mark.parametrize("path", _modules("commands"), ids=lambda p: p.name)
def test_the_command_language_imports_only_the_engine(path: Path) -> None:
    bad = {m for m in _imports(path)
           if not _inside(m, "bohnanza.engine", "bohnanza.commands") and _top(m) not in STDLIB}
    assert not bad, f"{path.name} imports {sorted(bad)}"


@pytest.mark.parametrize("path", _modules("engine") + _modules("commands"),
                         ids=lambda p: f"{p.parent.name}/{p.name}")
def test_neither_imports_the_server_or_the_bots(path: Path) -> None:
    bad = {m for m in _imports(path) if _inside(m, "bohnanza.server", "bohnanza.bots")}
    assert not bad, f"{path.name} imports {sorted(bad)}"


@pytest.mark.parametrize("name", ["store", "rows", "sqlite", "postgres", "checkpointer", "dbqueue",
                                  "dbthread", "dboutcomes", "pgschema", "pgowners", "pgmarks"])
def test_the_store_keeps_rows(name: str) -> None:
    """The store neither parses nor applies a command (the journal replays)."""
    bad = {m for m in _imports(PKG / "server" / f"{name}.py")
           if _inside(m, "bohnanza.engine", "bohnanza.commands", "bohnanza.bots",
                      "bohnanza.server.room")}
    assert not bad, f"server/{name}.py imports {sorted(bad)}"


@pytest.mark.parametrize("path", [p for p in _modules("server/room")
                                  if p.name not in ("room.py", "__init__.py")],
                         ids=lambda p: p.name)
def test_the_room_parts_do_not_import_the_room(path: Path) -> None:
    bad = {m for m in _imports(path) if _inside(m, "bohnanza.server.room.room")}
    assert not bad, f"room/{path.name} imports the room that owns it"


def test_no_server_module_is_over_400_lines() -> None:
    long = {str(p.relative_to(PKG)): n for p in _modules("server")
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > 400}
    assert not long, long


def test_the_import_reader_sees_imports() -> None:
    """The checks above read what they should (a module of each kind)."""
    assert "bohnanza.engine.state" in _imports(PKG / "engine" / "flow.py")
    assert "bohnanza.engine" in _imports(PKG / "commands" / "replay.py")
    assert "bohnanza.server.room.table" in _imports(PKG / "server" / "room" / "presence.py")
    assert "bohnanza.server.frames" in _imports(PKG / "server" / "room" / "game.py")
    assert "bohnanza.server.room.room" in _imports(PKG / "server" / "room" / "__init__.py")
