"""Issue 11, text people type (items 6-10), each with the issue's input over real WebSockets
against a real server: look-alike and invisible names, chat lines that forge other lines, lone
surrogates, malformed messages, an unknown help topic. Each is refused with a clear code and
changes nothing (nothing stored, the connection still served)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from .harness import Client, ServerProc, server_store


def _stored_chat(srv: ServerProc, room: str) -> list[dict[str, Any]]:
    store = server_store(srv.db)  # its command file folded in (cmdfile.py)
    try:
        return store.recent(room, 0, 100_000)[1]
    finally:
        store.close()


# ------------------------------------------------------------------ item 6: names


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Kai", "Kai\u034f"),       # COMBINING GRAPHEME JOINER after the name
        ("Ann", "\u0410nn"),        # Cyrillic capital A
        ("Bob", "B0b"),             # digit zero for O (UTS #39 skeleton)
        ("Kim", "Kirn"),            # rn for m (UTS #39 skeleton)
        ("Kai", "\uff2b\uff41\uff49"),  # full-width
        ("Ann", "Ann\u2800"),      # BRAILLE PATTERN BLANK after, before, inside the name
        ("Ann", "\u2800Ann"),
        ("Ann", "An\u2800n"),
        ("Ann", "Ann\U0001d159"),  # MUSICAL SYMBOL NULL NOTEHEAD (draws nothing)
    ],
)
async def test_look_alike_name_is_not_seated_beside_the_first(
    server: ServerProc, first: str, second: str
) -> None:
    a = await Client(server.ws_url("names")).connect()
    b = await Client(server.ws_url("names")).connect()
    assert (await a.say(f"/join {first}"))["ok"]
    r = await b.say(f"/join {second}")
    assert not r["ok"] and r["code"] in ("name_taken", "bad_name"), r
    assert [s["name"] for s in b.state["room"]["seats"]] == [first]  # type: ignore[index]
    await a.close()
    await b.close()


@pytest.mark.parametrize("name", ["\u3164", "\u2800", "\u3164\u3164", "\u2800 \u2800",
                                  "Kai\u202e", "\x1b[31mred", "Ann\u2800", "\u2800Ann",
                                  "Ann\u3164", "Ann\u115f", "Ann\u1160", "Ann\uffa0",
                                  "Ann\U0001d159", "Ann\U00016fe4"])
async def test_name_that_shows_nothing_or_hides_characters_is_refused(
    server: ServerProc, name: str
) -> None:
    c = await Client(server.ws_url("blank")).connect()
    r = await c.say(f"/join {name}")  # a line with a control or bidi override: bad_text
    assert not r["ok"] and r["code"] in ("bad_name", "bad_text"), r
    # the hello name too: refused, the connection watches under a guest name
    w = await Client(server.ws_url("blank"), name=name).connect()
    assert any(e["code"] == "bad_name" for e in w.errors), w.errors
    assert w.welcomes[-1]["you"]["name"].startswith("guest")
    await c.close()
    await w.close()


async def test_zero_width_space_in_a_name_is_removed_or_refused(server: ServerProc) -> None:
    c = await Client(server.ws_url("zwname")).connect()
    assert (await c.say("/join a\u200bb"))["ok"]  # a typed line loses its zero-width spaces
    assert [s["name"] for s in c.state["room"]["seats"]] == ["ab"]  # type: ignore[index]
    w = await Client(server.ws_url("zwname"), name="Zed\u200b").connect()  # hello: PRECIS
    assert any(e["code"] == "bad_name" for e in w.errors), w.errors
    await c.close()
    await w.close()


async def test_names_in_other_scripts_are_still_welcome(server: ServerProc) -> None:
    c = await Client(server.ws_url("scripts")).connect()
    for name in ("豆太郎", "Zoë", "Ünal", "Ольга"):
        assert (await c.say(f"/join {name}"))["ok"], name
        assert (await c.say("/leave"))["ok"]
    await c.close()


# ------------------------------------------------------------------ item 7: chat lines


@pytest.mark.parametrize(
    "text",
    ["hi\nBob: I resign", "hi\rBob: I resign", "a\x00b", "a\x1bb", "a\x07b", "a\x85b",
     "a\u0090b", "\u202eevil", "a\u2066b\u2069", "a\u2028Bob: I resign"],
)
async def test_chat_line_with_controls_or_bidi_is_refused_and_not_stored(
    server: ServerProc, text: str
) -> None:
    c = await Client(server.ws_url("chat"), name="Ann").connect()
    other = await Client(server.ws_url("chat"), name="Cy").connect()
    r = await c.say(text)
    assert not r["ok"] and r["code"] == "bad_text", r
    assert "U+" in r["message"]
    assert (await c.say("fine"))["ok"]
    await other.wait(lambda: any(m["text"] == "fine" for m in other.chats))
    assert [m["text"] for m in other.chats] == ["fine"]
    assert [m["text"] for m in _stored_chat(server, "chat")] == ["fine"]
    await c.close()
    await other.close()


async def test_zero_width_spaces_are_removed_from_chat(server: ServerProc) -> None:
    c = await Client(server.ws_url("zw"), name="Ann").connect()
    assert (await c.say("he\u200bl\u2060lo\ufeff"))["ok"]
    await c.wait(lambda: bool(c.chats))
    assert c.chats[-1]["text"] == "hello"
    await c.close()


# ------------------------------------------------------------------ item 8: lone surrogates


@pytest.mark.parametrize("text", ["\ud800", "hi \ud800", "/plant \ud800", "/help \ud800",
                                  "/offer \ud800 for red", "/\ud800"])
async def test_lone_surrogate_is_bad_text_and_nothing_is_stored(
    server: ServerProc, text: str
) -> None:
    c = await Client(server.ws_url("sur"), name="Ann").connect()
    # json.dumps writes the surrogate as the escape \ud800, as an attacker's client would
    await c.send(json.dumps({"type": "say", "id": 5, "text": text}))
    await c.wait(lambda: 5 in c.replies)
    assert c.replies[5]["ok"] is False and c.replies[5]["code"] == "bad_text"
    assert (await c.say("after"))["ok"]
    assert [m["text"] for m in _stored_chat(server, "sur")] == ["after"]
    await c.close()
    log = server.log.read_text()
    assert "Traceback" not in log and "internal_error" not in log


async def test_lone_surrogate_in_hello_is_an_error_not_a_crash(server: ServerProc) -> None:
    c = Client(server.ws_url("sur2"))
    await c.connect(hello=False)
    await c.send('{"type": "hello", "name": "A\\udc00", "token": "\\ud800"}')
    await c.wait(lambda: bool(c.errors))
    assert c.errors[0]["code"] == "bad_text"
    await c.send(json.dumps({"type": "hello", "name": "Ann"}))
    await c.wait(lambda: bool(c.welcomes))
    await c.close()


# ------------------------------------------------------------------ item 9: malformed


@pytest.mark.parametrize("depth", [1500, 2000])
async def test_deeply_nested_json_is_bad_message_not_1011(server: ServerProc, depth: int) -> None:
    c = await Client(server.ws_url("deep"), name="Ann").connect()
    await c.send("[" * depth + "]" * depth)
    await c.send('{"type": "say", "id": 1, "x": ' + "[" * depth + "]" * depth + "}")
    # the say's id is read when the frame can be read at all: a reply, else an error
    await c.wait(lambda: len(c.errors) + len(c.replies) >= 2)
    assert [m["code"] for m in [*c.errors, *c.replies.values()]] == ["bad_message"] * 2
    assert (await c.say("still here"))["ok"]
    await c.close()
    assert "Traceback" not in server.log.read_text()


@pytest.mark.parametrize("kind", [["say"], {"a": 1}, 5, None, True])
async def test_type_that_is_not_a_string_is_bad_message(server: ServerProc, kind: Any) -> None:
    c = await Client(server.ws_url("typ"), name="Ann").connect()
    await c.send(json.dumps({"type": kind, "id": 1, "text": "x"}))
    await c.wait(lambda: bool(c.errors))
    assert c.errors[0]["code"] == "bad_message"
    assert (await c.say("still here"))["ok"]
    assert c.close_code is None
    await c.close()
    assert "Traceback" not in server.log.read_text()


# ------------------------------------------------------------------ item 10: /help


@pytest.mark.parametrize(("lang", "word"), [("en", "Topics"), ("ja", "項目")])
async def test_help_for_an_unknown_topic_is_an_error_naming_the_topics(
    server_factory: Any, lang: str, word: str
) -> None:
    srv: ServerProc = server_factory()
    c = Client(srv.ws_url("help"))
    await c.connect(hello=False)
    await c.send(json.dumps({"type": "hello", "name": "Ann", "lang": lang}))
    await c.wait(lambda: bool(c.welcomes) and c.state is not None)
    r = await c.say("/help nosuchthing")
    assert not r["ok"] and r["code"] == "unknown_topic"
    assert word in r["message"] and "plant" in r["message"] and "offer" in r["message"]
    assert "nosuchthing" in r["message"]
    assert (await c.say("/help plant"))["ok"]
    assert (await c.say("/help"))["ok"]
    await c.close()
