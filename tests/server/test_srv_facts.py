"""Facts written once (issue 12): the bean slugs and names, the presets with their player
ranges and the bot policies come from the engine and the bots package; the command language
takes them from there, and the board fetches them from ``/api/facts`` instead of keeping
copies. These tests hold every other place to them."""

from __future__ import annotations

import re
from pathlib import Path

from fastapi.testclient import TestClient

from bohnanza.bots import DEFAULT_POLICY, POLICIES
from bohnanza.commands import PRESET_NAMES, SLUGS, bean_label, help_text
from bohnanza.engine import BEANS, PLAYER_RANGE, PRESETS
from bohnanza.engine.beans import BEAN_NAMES
from bohnanza.server import Settings, create_app

WEB = Path(__file__).resolve().parents[2] / "web"


def test_the_endpoint_serves_the_engine_and_bots_facts(tmp_path: Path) -> None:
    with TestClient(create_app(Settings(db=tmp_path / "f.db")), base_url="http://localhost") as client:
        got = client.get("/api/facts").json()
    assert [b["slug"] for b in got["beans"]] == list(BEANS)  # catalogue order (rules.md §1)
    for b in got["beans"]:
        assert (b["count"], tuple(b["meter"])) == BEANS[b["slug"]]
        assert b["names"] == {lang: names[b["slug"]] for lang, names in BEAN_NAMES.items()}
    assert {p["name"]: (p["min_players"], p["max_players"]) for p in got["presets"]} == \
        PLAYER_RANGE
    assert [p["name"] for p in got["presets"]] == list(PRESETS)
    # what each preset sets per player count, stated by the setup box (pitfalls B11, B31, B32):
    # (start fields, third field's price or None, deck passes, tie-break), rules.md §4a and §3a
    rg = {2: (2, 3, 1), 3: (3, None, 2), 4: (2, 3, 3), 5: (2, 3, 3), 6: (2, 2, 3), 7: (2, 2, 3)}
    want = {
        "classic": {n: (2, 3, 3, "most_hand_cards") for n in (3, 4, 5)},
        "amigo": {n: (3 if n == 3 else 2, None, 3, "farthest_from_start") for n in (3, 4, 5)},
        "rio-grande": {n: (*v, "most_hand_cards") for n, v in rg.items()},
    }
    for p in got["presets"]:
        assert {int(n): (f["start_fields"], f["third_field_cost"], f["passes_limit"],
                         f["tiebreak"]) for n, f in p["by_players"].items()} == want[p["name"]]
    # two players of rio-grande play the bean duel in the room's version (rules.md §3a, C10):
    # (a) standard, 2 fields and a third to buy; (b) 3fields, 3 fields and none to buy; both
    # end at the first exhaustion. by_players["2"] is (a) alone: the setup box told a room
    # set to 3fields of 2 fields and a third for 3 coins
    duel = {p["name"]: p.get("duel") for p in got["presets"]}
    assert duel["classic"] is None and duel["amigo"] is None
    assert {b: (f["start_fields"], f["third_field_cost"], f["passes_limit"], f["tiebreak"])
            for b, f in duel["rio-grande"].items()} == {
        "standard": (2, 3, 1, "most_hand_cards"), "3fields": (3, None, 1, "most_hand_cards")}
    assert got["policies"] == sorted(POLICIES) and got["default_policy"] == DEFAULT_POLICY
    # the picker's order (issue 10 trial): the levels, easiest first, then greedy and random
    assert got["bot_picker"] == ["easy", "normal", "hard", "greedy", "random"]
    assert DEFAULT_POLICY in POLICIES


def test_the_endpoint_serves_this_servers_limits(tmp_path: Path) -> None:
    """The inputs' limits (characters) are the settings the server checks names and lines
    against, not a copy in the page (issue 10 trial: the chat box took 500, the server 400)."""
    settings = Settings(db=tmp_path / "f.db", name_max_len=7, room_name_max_len=9,
                        chat_max_len=55)
    with TestClient(create_app(settings), base_url="http://localhost") as client:
        got = client.get("/api/facts").json()
    assert got["limits"] == {"name": 7, "room_name": 9, "line": 55}


def test_the_command_language_takes_the_engine_facts() -> None:
    assert SLUGS == tuple(BEANS)
    assert PRESET_NAMES == PRESETS
    for lang, names in BEAN_NAMES.items():
        assert all(bean_label(slug, lang) == names[slug] for slug in BEANS)
    # the help's prose names every preset the engine knows, in its order
    for lang in ("en", "ja"):
        assert "|".join(PRESETS) in help_text(None, lang)
        assert "|".join(PRESETS) in help_text("option", lang)


def _web_sources() -> dict[str, str]:
    return {str(p.relative_to(WEB)): p.read_text(encoding="utf-8")
            for p in sorted(WEB.rglob("*.js")) + sorted(WEB.rglob("*.html"))}


def test_the_board_keeps_no_copy_of_the_facts() -> None:
    slug = "|".join(BEANS)
    preset = "|".join(re.escape(p) for p in PRESETS)
    for name, text in _web_sources().items():
        # a list literal of several slugs, presets or policies is a copy
        for kind, words in (("bean slugs", slug), ("presets", preset),
                            ("policies", "|".join(POLICIES))):
            found = re.findall(rf"\[\s*['\"]({words})['\"]\s*,\s*['\"]({words})['\"]", text)
            assert not found, f"{name} lists {kind} itself: {found}"
        # nor are the beans' names (the names of every language come with the facts)
        for lang, names in BEAN_NAMES.items():
            copied = [n for n in names.values() if f"'{n}'" in text or f'"{n}"' in text]
            assert not copied, f"{name} names beans itself ({lang}): {copied}"
        # nor the server's limits on names and lines (they come with the facts and welcome)
        assert not re.findall(r"maxlength\s*=\s*[\"']?\d", text, re.I), \
            f"{name} writes an input's limit itself"
    facts_js = (WEB / "js" / "facts.js").read_text(encoding="utf-8")
    assert "/api/facts" in facts_js


def test_the_board_colours_cover_exactly_the_engine_beans() -> None:
    """The colours are the board's own (presentation); they must name the engine's slugs."""
    text = (WEB / "js" / "beans.js").read_text(encoding="utf-8")
    block = text[text.index("const COLOURS"):]
    block = block[:block.index("};")]
    assert set(re.findall(r"(\w+): \[", block)) == set(BEANS)
