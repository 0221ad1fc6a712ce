"""A command's output comes in every language the server writes (``reply.texts``): the board
keeps the answers it showed in the chat (/help, /who, /option, "You sit in seat 1") and shows
them again in the language the person switches to (a screen reader player's note: after the
switch to Japanese the kept answers stayed English, the rest of the page Japanese)."""

from __future__ import annotations

from bohnanza.commands.texts import LANGS

from .harness import Client, ServerProc
from .test_srv_lang import JAPANESE, hello


async def test_an_answer_comes_in_each_language(server: ServerProc) -> None:
    url = server.ws_url("texts")
    ann = await hello(Client(url, "Ann"), "ja")
    bob = await hello(Client(url, "Bob"), "en")
    for cmd in ("/help", "/who", "/option", "/help plant"):
        a = await ann.ok(cmd)
        b = await bob.ok(cmd)
        assert set(a["texts"]) == set(LANGS) == {"en", "ja"}, (cmd, a)
        # each reader's message is the text in their language, the other's is the other's
        assert a["texts"]["ja"] == a["message"] and JAPANESE.search(a["message"]), cmd
        assert b["texts"]["en"] == b["message"] and not JAPANESE.search(b["message"]), cmd
        assert a["texts"] == b["texts"], cmd


async def test_a_room_line_answer_comes_in_each_language(server: ServerProc) -> None:
    """An output the server writes in English and in Japanese again (``/join``'s seat)."""
    url = server.ws_url("texts2")
    ann = await hello(Client(url, "Ann"), "ja")
    bob = await hello(Client(url, "Bob"), "en")
    a = await ann.ok("/join")
    b = await bob.ok("/join")
    assert a["message"] == a["texts"]["ja"] and JAPANESE.search(a["message"]), a   # 1番の席
    assert b["message"] == b["texts"]["en"] == "You sit in seat 2.", b
    assert "1" in a["texts"]["en"] and not JAPANESE.search(a["texts"]["en"]), a


async def test_a_refusal_has_no_texts(server: ServerProc) -> None:
    """A refusal is shown for a moment where the person acted, never kept: one language."""
    ann = await hello(Client(server.ws_url("texts3"), "Ann"), "ja")
    r = await ann.say("/plnat 2")
    assert not r["ok"] and "texts" not in r and "/plant のことですか" in r["message"]
