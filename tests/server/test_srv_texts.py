"""Every line the room writes for a person has its Japanese (issue 10, point 6): the refusals,
room lines and replies written in ``bohnanza/server/room/`` and ``hub.py`` are found again in
the text catalogue (``bohnanza.commands.texts``) or among the refusal shapes, so a connection
reading Japanese never gets one of them in English. The lines are read from the source: a new
one without its Japanese fails here."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from bohnanza.commands.refusals import refusal_text
from bohnanza.commands.texts import key_of, server_text

SERVER = Path(__file__).resolve().parents[2] / "bohnanza" / "server"
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def _sample(node: ast.expr) -> str | None:
    """The text of a string or f-string literal with each value filled in as "7"; None for
    anything else (a name, a call)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        out = []
        for part in node.values:
            if isinstance(part, ast.Constant):
                out.append(str(part.value))
            else:
                out.append("7")
        return "".join(out)
    return None


def _lines() -> list[tuple[str, str | None, str]]:
    """(where, refusal code or None, English line) of every refusal, room line and reply."""
    found: list[tuple[str, str | None, str]] = []
    for path in sorted([*(SERVER / "room").glob("*.py"), SERVER / "hub.py"]):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", ""))
            where = f"{path.name}:{node.lineno}"
            if name in ("CommandError", "error_frame") and len(node.args) >= 2:
                code = node.args[0].value if isinstance(node.args[0], ast.Constant) else None
                text = _sample(node.args[1])
                if text is not None:
                    found.append((where, code, text))
            elif name == "room_entry" and node.args:
                text = _sample(node.args[0])
                if text is not None:
                    found.append((where, None, text))
            elif name == "Change":
                reply = [k.value for k in node.keywords if k.arg == "reply"]
                reply += node.args[3:4]
                for r in reply:
                    text = _sample(r)
                    if text is not None:
                        found.append((where, None, text))
    return found


# server/cluster/: the call and the positions of its arguments that carry a line for people
CLUSTER_CALLS = {"error_frame": slice(1, 2), "_refuse": slice(1, 2), "lose": slice(1, 2),
                 "drop": slice(0, 1), "drop_all": slice(0, 1)}


def _cluster_lines() -> list[tuple[str, str | None, str]]:
    """(where, None, English line) of every line server/cluster/ sends a connection it
    closes (a literal, or a module constant named there)."""
    found: list[tuple[str, str | None, str]] = []
    for path in sorted((SERVER / "cluster").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        consts = {t.id: n.value.value for n in tree.body if isinstance(n, ast.Assign)
                  and isinstance(n.value, ast.Constant) and isinstance(n.value.value, str)
                  for t in n.targets if isinstance(t, ast.Name)}
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", ""))
            for arg in node.args[CLUSTER_CALLS.get(name, slice(0, 0))]:
                text = consts.get(arg.id) if isinstance(arg, ast.Name) else _sample(arg)
                if text is not None:
                    found.append((f"{path.name}:{node.lineno}", None, text))
    return found


def test_the_reader_finds_the_cluster_lines() -> None:
    texts = {t for _, _, t in _cluster_lines()}
    assert "The servers cannot reach each other; reconnecting." in texts
    assert any("database" in t for t in texts), texts  # a constant, found by its name


# a line made of other lines only ("{name}: {line}", an option's line after a name) has
# nothing of its own to write again
LINES = [x for x in [*_lines(), *_cluster_lines()] if len(re.sub(r"[^A-Za-z]", "", x[2])) >= 4]


def test_the_reader_finds_the_lines() -> None:
    texts = {t for _, _, t in LINES}
    assert "Nothing to say." in texts and "The game is over. /start plays again." in texts
    assert len(LINES) > 40, len(LINES)


@pytest.mark.parametrize(("where", "code", "text"), LINES, ids=[w for w, _, _ in LINES])
def test_every_line_of_the_room_has_its_japanese(where: str, code: str | None, text: str) -> None:
    ja = refusal_text(code, text, "ja") if code else server_text(text, "ja")
    assert key_of(text) is not None or (code and ja != text), (where, text)
    assert JAPANESE.search(ja), (where, text, ja)


@pytest.mark.parametrize(("english", "japanese"), [
    # issue 10 (k): the preset, the game and the bot level come in Japanese too
    ("Game 1 begins (classic): Ann, Bob, Cleo.", "第1ゲーム開始（クラシック）: Ann, Bob, Cleo"),
    ("Game 2 begins (rio-grande): Ann, Bob.", "第2ゲーム開始（リオグランデ）: Ann, Bob"),
    ("Game 3 begins (farm, parameters seed-002 ab12cd): Ann, Bob.",
     "第3ゲーム開始（農園コンテスト、パラメータ seed-002 ab12cd）: Ann, Bob"),
    ("Ann seats a bot (hard), Bot 2, in seat 2.", "Annが2番の席にBot 2（むずかしいボット）を着けました。"),
    # the farm game's bots (trial user12: "ボット（shipper）" beside the Add bot list's "出荷専門")
    ("Ann seats a bot (shipper), Bot 2, in seat 4.", "Annが4番の席にBot 2（出荷専門ボット）を着けました。"),
    ("Ann seats a bot (sensible), Bot 1, in seat 3.", "Annが3番の席にBot 1（堅実ボット）を着けました。"),
    # R42 in words (user10: the line said "hiddenmoney is on.", the command's name)
    ("Ann: Hidden money is on: every coin total stays hidden, even your own, until the game ends.",
     "Ann: 獲得現金非表示: オン（ゲーム終了まで、自分のものも含めて全員のターラー合計は見えません）"),
])
def test_the_words_inside_a_room_line_in_japanese(english: str, japanese: str) -> None:
    assert server_text(english, "ja") == japanese
    assert server_text(english, "en") == english


def test_a_name_that_is_a_word_stays_a_name() -> None:
    """Only an option's value is a word to translate: a person called "normal" keeps the name."""
    assert server_text("normal joins in seat 2.", "ja") == "normalが2番の席に着きました。"
