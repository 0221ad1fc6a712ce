"""The farm log in Japanese (bohnanza.farm.commands.logtext, through the hosted game's
``phrase``): the glossary's words (farm-rules.md §5), every kind a whole bot game makes, and
never a card the viewer's own form of the line does not name (G31)."""

from __future__ import annotations

import random
import re
from typing import Any

from bohnanza.farm.bots import get_policy
from bohnanza.farm.commands import parse
from bohnanza.farm.engine import FarmGame
from bohnanza.farm.params import default_params
from bohnanza.games import TableGame
from bohnanza.server import lang

NAMES = ["Ann", "Bob", "Cy"]
FARM = TableGame.get("farm")


def _ja(entry: dict[str, Any], viewer: int | None, names: list[str] = NAMES) -> str:
    return FARM.phrase(entry, "ja", names, viewer)


def test_a_shipment_in_the_glossarys_words() -> None:
    """FT1's shipment: L2 root shape+2 with L1 leaf color+1 and L2 fruit nutrition+3, +10."""
    entry = {"kind": "ship", "seat": 0, "slot": 1, "gain": 10,
             "cards": ["L2 root shape+2", "L1 leaf color+1", "L2 fruit nutrition+3"],
             "text": "Ann shipped ..."}
    mine = _ja(entry, 0)
    assert mine == ("あなたはスロット1のL2 根菜 形状+2、L1 葉菜 彩り+1、L2 果菜 栄養+3を"
                    "出荷しました（コスト+10）")
    assert _ja(entry, 1).startswith("Annはスロット1の")
    # the room's language path gives it to a Japanese reader; English stays as written
    assert lang.phrase({**entry, "game": "farm"}, "ja", NAMES, 0)["text"] == mine
    assert lang.phrase({**entry, "game": "farm"}, "en", NAMES, 0)["text"] == "Ann shipped ..."
    # a line of an older game (no names) keeps its stored words
    assert _ja(entry, 0, []) == "Ann shipped ..."


def test_a_contest_and_the_end() -> None:
    contest = {"kind": "contest", "seat": None, "category": "leaf", "evaluation": "taste",
               "level": 2, "text": "...", "entries": [
                   {"seat": 0, "card": "L3 leaf aroma+3", "score": 9, "place": 1, "vp": 4},
                   {"seat": 2, "card": "L2 leaf size+2", "score": 2, "place": None, "vp": 0}]}
    assert _ja(contest, None) == ("コンテスト 葉菜／味（レベル2）: Ann L3 葉菜 香り+3 評価点9"
                                  "（1位、+4勝利点）；Cy L2 葉菜 大きさ+2 評価点2（入賞なし）")
    over = {"kind": "game_over", "seat": None, "winners": [1], "scores": [20, 20, 3],
            "best": 20, "tiebreak": "cost", "params_name": "default",
            "params_hash": "e114d00b1a36", "text": "..."}
    assert _ja(over, 2) == ("ゲーム終了: Bobが20勝利点で勝利（同点の決着: 残りコスト）、"
                            "パラメータ default e114d00b1a36")


def _game_events(seed: int) -> tuple[FarmGame, list[Any]]:
    params = default_params()
    g = FarmGame.new(params, NAMES, seed)
    policy = get_policy("sensible")
    rngs = [random.Random(f"{seed}:{i}") for i in range(3)]
    events: list[Any] = []
    for _ in range(5000):
        if g.over:
            break
        for seat in range(3):
            if g.over or not g.must_act(seat):
                continue
            text = policy.decide(g.view(seat), rngs[seat])
            assert text is not None
            events += g.apply(seat, parse(text).action)  # type: ignore[union-attr]
    assert g.over
    return g, events


def _strings(obj: Any, out: list[str]) -> list[str]:
    if isinstance(obj, str):
        out.append(obj)
    elif isinstance(obj, dict):
        for k, v in obj.items():
            if k != "text":
                _strings(v, out)
    elif isinstance(obj, list):
        for v in obj:
            _strings(v, out)
    return out


def test_every_line_of_a_game_in_japanese_names_only_what_its_reader_may_see() -> None:
    from bohnanza.farm.commands.logtext import card_ja

    g, events = _game_events(4)
    deck = set(g.rules.deck)
    kinds: set[str] = set()
    for ev in events:
        for viewer in (None, 0, 1, 2):
            entry = ev.for_viewer(viewer, NAMES)
            ja = _ja(entry, viewer)
            assert ja != entry["text"], entry   # every kind has its Japanese line
            kinds.add(ev.kind)
            # no English words left but the names and the parameter set's
            words = set(re.findall(r"[A-Za-z]{3,}", ja)) - {*NAMES, "default"}
            assert not words, (ja, words)
            # the cards it names are those of this reader's form of the line (G31)
            named = {c for c in deck if card_ja(c) in ja}
            fields = set(_strings(entry, []))
            assert named <= fields, (viewer, ev.kind, named - fields, ja)
            if ev.secret and viewer != ev.seat:
                for c in _strings(ev.secret, []):
                    if c in deck:
                        assert card_ja(c) not in ja, ("a face-down card in Japanese", ja)
    assert {"schedule", "turn", "draw", "plant", "declare", "harvest", "ship", "enter",
            "adjust", "contest", "game_over", "upgrade", "transform"} <= kinds, kinds


def _form(entry: dict[str, Any], viewer: int | None) -> dict[str, Any]:
    """The line ``viewer`` reads of one of the hosted game's entries (logbook.entry_for)."""
    if "all" in entry:
        return dict(entry["all"])
    return dict(entry["per"][str(-1 if viewer is None else viewer)])


def test_every_english_line_is_a_sentence_that_calls_its_reader_you() -> None:
    """Trial farm17: the farm log read "you shipped…" (lower case, no full stop) and, in Ann's
    own log, "Ann entered…" beside "you shipped…". Every line of a whole bot game starts with a
    capital and ends with a full stop; a reader's own seat is "you" in every line that names it
    (its actions, the harvest order, contest rows, the winners), never their name; a watcher
    reads no "you"; no rule id (G23, G30) reaches a player. The Japanese lines likewise name
    the reader あなた and carry no rule id."""
    g, events = _game_events(4)
    entries = FARM.entries(g, events)
    kinds: set[str] = set()
    for entry in entries:
        for viewer in (None, 0, 1, 2):
            form = _form(entry, viewer)
            text = form["text"]
            kinds.add(form["kind"])
            assert text[:1].isupper() and text.endswith("."), text
            assert not re.search(r"\b[FG]\d+\b", text), text
            ja = _ja(form, viewer)
            assert not re.search(r"[FG]\d+", ja), ja
            if viewer is None:
                assert not re.search(r"\byou", text, re.IGNORECASE), text
                continue
            assert not re.search(rf"\b{NAMES[viewer]}\b", text), (viewer, text)
            assert NAMES[viewer] not in ja, (viewer, ja)
            if form["seat"] == viewer:
                assert text.startswith(("You ", "Your ")), text
                assert ja.startswith("あなた"), ja
            named = form.get("order", []) + [e["seat"] for e in form.get("entries", [])]
            if viewer in named + form.get("winners", []):
                assert re.search(r"\byour?\b", text), text
                assert "あなた" in ja, ja
    assert {"harvest", "contest", "game_over", "ship", "enter", "declare"} <= kinds, kinds


def test_the_rescue_draw_and_the_tie_break_in_words() -> None:
    """G23 and G30 said in words, not as "(G23)" and "(tie-break: cost)"."""
    from bohnanza.farm.engine import Event

    rescue = Event("rescue", 0, {"count": 2})
    assert rescue.for_viewer(0, NAMES)["text"] == (
        "You have no cards in hand and no bases, and may take 2 rescue cards.")
    assert rescue.for_viewer(1, NAMES)["text"] == (
        "Ann has no cards in hand and no bases, and may take 2 rescue cards.")
    assert _ja(rescue.for_viewer(0, NAMES), 0) == "あなたは手札もベースもないので、救済カードを2枚引けます"
    over = Event("game_over", None, {"winners": [1], "scores": [20, 20, 3], "best": 20,
                                     "tiebreak": "cost", "params_name": "default",
                                     "params_hash": "e114d00b1a36"})
    assert over.for_viewer(2, NAMES)["text"] == (
        "Game over: Bob won with 20 VP (tied on VP, the most cost left decided); "
        "parameters default e114d00b1a36.")
    assert over.for_viewer(1, NAMES)["text"].startswith("Game over: you won with 20 VP")


def test_the_boards_words_carry_no_rule_id() -> None:
    """The board's rescue line said "Take your rescue cards first (G23)." and its final
    table "…the most cost left wins (G30).": every text of the farm board
    (``web/js/farm/words.js``, both languages) is in words, the ids stay in its comments."""
    from pathlib import Path

    words = (Path(__file__).resolve().parents[2] / "web" / "js" / "farm" /
             "words.js").read_text(encoding="utf-8")
    pairs = re.findall(r"^\s*(\w+): \[\s*'([^']*)',\s*'([^']*)',?\s*\]", words, re.MULTILINE)
    assert len(pairs) > 50 and any(k == "st_rescue" for k, _, _ in pairs)
    for key, en, ja in pairs:
        assert not re.search(r"\b[FG]\d+\b", en), (key, en)
        assert not re.search(r"[FG]\d+", ja), (key, ja)
