"""Issue 11, text people type (items 6-10), each with the issue's input over real WebSockets
against a real server: look-alike and invisible names, chat lines that forge other lines, lone
surrogates, malformed messages, an unknown help topic. Each is refused with a clear code and
changes nothing (nothing stored, the connection still served)."""

from __future__ import annotations

import asyncio
import base64
import json
import os
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
        # a session breaking the server: capitals whose small letters look like no Latin one
        ("Bob", "\u0412ob"),        # Cyrillic capital VE: small ve looks like no b
        ("Kim", "\u041aim"),        # Cyrillic capital KA
        ("Tom", "\u0422om"),        # Cyrillic capital TE
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


#: a letter under a pile of marks ("Zalgo" text): the pile drew above and below its line, over
#: the seat panel and the line around it (a session breaking the server, 5 Dec 2026)
ZALGO = "Z" + "\u0301\u0300\u0302\u0303\u0308" + "\u0316\u0317\u0318"


async def test_a_name_or_chat_line_under_a_pile_of_marks_is_refused(server: ServerProc) -> None:
    c = await Client(server.ws_url("zalgo"), name="Ann").connect()
    for line in ["/join " + ZALGO, "hi " + ZALGO]:   # a typed line: the name or the chat
        r = await c.say(line)
        assert r["ok"] is False and r["code"] == "bad_text", r
        assert "at most 4 marks on one character" in r["message"]
    assert c.seat is None
    ja = await Client(server.ws_url("zalgo")).connect(hello=False)  # a watcher's name too
    await ja.send({"type": "hello", "name": ZALGO, "lang": "ja"})
    await ja.wait(lambda: bool(ja.welcomes and ja.errors))
    assert ja.errors[-1]["code"] == "bad_name" and "記号は4個まで" in ja.errors[-1]["message"]
    assert ja.welcomes[-1]["you"]["name"] != ZALGO
    # words as their scripts write them: marks on a letter, up to 4 (Tibetan's stack of 3,
    # an accent typed after its letter, an emoji keycap)
    assert (await c.say("/join བསྒྲུབས")).get("ok"), "a name of three stacked marks"
    for line in ["नमस्ते दोस्तों", "cafe\u0301 #\ufe0f\u20e3", "עִבְרִית", "ཧྨྱཱཾ"]:
        assert (await c.say(line))["ok"], line
    assert [m["text"] for m in _stored_chat(server, "zalgo")][-1] == "ཧྨྱཱཾ"
    assert all(ZALGO not in m["text"] for m in _stored_chat(server, "zalgo"))
    # the pile cut into runs of 4 by an invisible character between them (a zero-width
    # non-joiner, a soft hyphen, U+2061): the marks still stack on the one letter
    for gap in ["\u200c", "\u00ad", "\u2061", "\u200d"]:
        r = await c.say("hi Z" + ("\u0301\u0300\u0302\u0303" + gap) * 5)
        assert r["ok"] is False and r["code"] == "bad_text", (hex(ord(gap)), r)
    # the joiners words need stay (Devanagari's half form, an emoji sequence)
    for line in ["क्\u200dष", "\U0001f3f3\ufe0f\u200d\U0001f308", "می\u200cخواهم"]:
        assert (await c.say(line))["ok"], line
    await c.close()
    await ja.close()


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


@pytest.mark.parametrize("deltas", ["yes", "true", 1, 0, "no"])
async def test_hello_deltas_takes_only_true_or_false(server: ServerProc, deltas: Any) -> None:
    """``hello.deltas`` is a JSON boolean (design.md's wire protocol, the JSON Schema): a
    string or number is refused with a clear error and no seat or room is entered; the same
    connection may then say a proper hello."""
    c = Client(server.ws_url("deltasbool"))
    await c.connect(hello=False)
    await c.send(json.dumps({"type": "hello", "name": "Ann", "deltas": deltas}))
    await c.wait(lambda: bool(c.errors))
    assert c.errors[0]["code"] == "bad_message"
    assert "deltas" in c.errors[0]["message"]
    assert not c.welcomes
    await c.send(json.dumps({"type": "hello", "name": "Ann", "deltas": True}))
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


def _client_frame(payload: bytes, opcode: int = 0x1, fin: bool = True) -> bytes:
    """One masked client frame (RFC 6455 section 5.2), payload under 126 bytes."""
    mask = os.urandom(4)
    return (bytes([(0x80 if fin else 0) | opcode, 0x80 | len(payload)]) + mask
            + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))


def _close_code(data: bytes) -> int | None:
    """The code of the server's close frame in ``data`` (its unmasked frames, in order)."""
    at = 0
    while at + 2 <= len(data):
        opcode, n = data[at] & 0x0F, data[at + 1] & 0x7F
        head = 2 + (2 if n == 126 else 8 if n == 127 else 0)
        if n >= 126:
            n = int.from_bytes(data[at + 2:at + head], "big")
        if opcode == 0x8:
            return int.from_bytes(data[at + head:at + head + 2], "big")
        at += head + n
    return None


@pytest.mark.parametrize(
    "frames",
    [
        [_client_frame(b'{"type":"say","id":1,"text":"\xff"}')],  # a lone frame
        [_client_frame(b'{"type":"say",', fin=False),  # a message in parts
         _client_frame(b'"id":1,"text":"\xc3"}', opcode=0x0)],
        [_client_frame(b'{"type":"say","id":1,"text":"ok"}')  # behind another, one write
         + _client_frame(b'{"type":"say","id":2,"text":"\xed\xa0\x80"}')],  # UTF-8 surrogate
        # a review: the peer's close in the same write (the connection closing already:
        # the 1007 could not be sent, asyncio logged a fatal error with two tracebacks);
        # the server's close is then the echo of the peer's (1000)
        [_client_frame(b'{"type":"say","id":1,"text":"\xff\xfe"}')
         + _client_frame((1000).to_bytes(2, "big"), opcode=0x8)],
    ],
    ids=["lone", "fragmented", "second-in-a-write", "close-behind-it"],
)
async def test_text_frame_of_invalid_utf8_is_closed_1007_without_a_traceback(
    server: ServerProc, frames: list[bytes]
) -> None:
    """RFC 6455 section 8.1: text that is not UTF-8 fails the connection with 1007; the log
    holds no traceback nor ERROR for it (before: uvicorn's ``ERROR Invalid UTF-8 sequence``
    with a whole traceback for each such frame, at any log level)."""
    before = server.log.read_text()
    reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
    key = base64.b64encode(os.urandom(16)).decode()
    writer.write(f"GET /ws/utf8 HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
                 f"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                 "Sec-WebSocket-Version: 13\r\n\r\n".encode())
    assert b" 101 " in (await reader.readuntil(b"\r\n\r\n")).split(b"\r\n")[0]
    writer.write(_client_frame(json.dumps({"type": "hello", "name": "Ann"}).encode()))
    await writer.drain()
    await asyncio.sleep(0.2)  # the hello read alone
    for f in frames:
        writer.write(f)
        await writer.drain()
    data = await asyncio.wait_for(reader.read(), 10)  # to the server's end of it
    writer.close()
    peer_closed = len(frames[-1]) >= 8 and frames[-1][-8] == 0x88  # its close frame last
    assert _close_code(data) == (1000 if peer_closed else 1007), data
    c = await Client(server.ws_url("utf8"), name="Bob").connect()  # still served
    assert (await c.say("still here"))["ok"]
    await c.close()
    log = server.log.read_text()[len(before):]
    assert "Traceback" not in log and "ERROR" not in log, log[-2000:]


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
