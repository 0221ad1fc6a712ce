"""Names unique in a room (design.md section 7), compared one way everywhere (NFKC + casefold);
strict say ids; the open-offer cap as a plain refusal; /removebot and /handover through the
command parser."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from bohnanza.server.room.journal import load_room

from .harness import Client, ServerProc, seat_players, server_store


def _seat_names(c: Client) -> list[str]:
    assert c.state is not None
    return [s["name"] for s in c.state["room"]["seats"]]


async def test_names_compare_without_case_or_full_width_forms(server: ServerProc) -> None:
    url = server.ws_url("fold")
    ann = await Client(url, "Ann").connect()
    await ann.ok("/join")
    for text in ("/addbot ＡＮＮ", "/addbot ann", "/addbot Ａｎｎ greedy"):
        r = await ann.say(text)
        assert not r["ok"] and r["code"] == "name_taken", (text, r)
    # a watcher's name counts too, however it is written
    watcher = await Client(url, "ｂｏｔ　１").connect()
    assert [e["code"] for e in watcher.errors] == []
    # the PRECIS Nickname form (RFC 8266 §2.2: width mapped by NFKC, issue 11)
    assert watcher.welcomes[-1]["you"]["name"] == "bot 1"
    await ann.ok("/addbot")  # the next free bot name
    await ann.wait(lambda: len(_seat_names(ann)) == 2)
    assert _seat_names(ann) == ["Ann", "Bot 2"]
    assert (await watcher.say("/join ＢＯＴ ２"))["code"] == "name_taken"
    # the lookup of /removebot folds the same way: full-width name and full-width number
    assert (await ann.say("/removebot ＡＮＮ"))["code"] == "not_a_bot"
    await ann.ok("/removebot ｂｏｔ ２")
    await ann.ok("/addbot Robo")
    await ann.ok("/removebot ２")
    await ann.wait(lambda: _seat_names(ann) == ["Ann"])
    for c in (ann, watcher):
        await c.close()


async def test_a_watcher_cannot_take_a_name_in_use(server: ServerProc) -> None:
    url = server.ws_url("impostor")
    ann = await Client(url, "Ann").connect()
    await ann.ok("/join")
    # a watcher saying hello as the seated Ann (any case or width) watches as a guest
    for hello in ("Ann", "ANN", "Ａｎｎ"):
        imp = await Client(url, hello).connect()
        assert [e["code"] for e in imp.errors] == ["name_taken"], hello
        assert "already used" in imp.errors[0]["message"]
        guest = imp.welcomes[-1]["you"]["name"]
        assert guest != hello and guest.startswith("guest") and imp.seat is None
        assert imp.state is not None and imp.state["room"]["you"]["name"] == guest
        # and its chat goes out under the guest name, never as Ann
        await imp.ok(f"I am {hello}")
        await ann.wait(lambda hello=hello: any(c["text"] == f"I am {hello}" for c in ann.chats))
        line = next(c for c in ann.chats if c["text"] == f"I am {hello}")
        assert line["name"] == guest and line["seat"] is None
        await imp.close()
    # two watchers: the second of the same name is refused, a distinct name is fine
    zoe = await Client(url, "Zoe").connect()
    assert zoe.errors == [] and zoe.welcomes[-1]["you"]["name"] == "Zoe"
    zoe2 = await Client(url, "zoe").connect()
    assert [e["code"] for e in zoe2.errors] == ["name_taken"]
    # a watcher's name is taken for /join and /addbot too, but its holder may join under it
    assert (await ann.say("/addbot ZOE"))["code"] == "name_taken"
    assert (await zoe2.say("/join Zoe"))["code"] == "name_taken"
    await zoe.ok("/join")
    assert _seat_names(zoe) == ["Ann", "Zoe"]
    # a name that is not valid is refused at hello with its reason
    bad = await Client(url, "/slash").connect()
    assert [e["code"] for e in bad.errors] == ["bad_name"]
    assert bad.welcomes[-1]["you"]["name"].startswith("guest")
    for c in (ann, zoe, zoe2, bad):
        await c.close()


async def test_say_ids_are_strict_integers(server: ServerProc) -> None:
    c = await Client(server.ws_url("ids"), "Ida").connect()
    for bad_id in (True, False, 1.5, 1.0, "1", "a", None, [1], {"a": 1}, 2**53, -(2**53)):
        seen = len(c.errors)
        await c.send(json.dumps({"type": "say", "id": bad_id, "text": "/who"}))
        await c.wait(lambda seen=seen: len(c.errors) > seen)
        err = c.errors[-1]
        assert err["code"] == "bad_message" and "id" in err["message"], (bad_id, err)
    assert c.replies == {}  # none of them was answered as if its id were a number
    # a good id with a bad body still gets its reply; integers at the edges are fine
    await c.send(json.dumps({"type": "say", "id": 7}))
    await c.wait(lambda: 7 in c.replies)
    assert c.replies[7]["code"] == "bad_message"
    for good in (0, -1, 2**53 - 1):
        await c.send(json.dumps({"type": "say", "id": good, "text": "/who"}))
        await c.wait(lambda good=good: good in c.replies)
        assert c.replies[good]["ok"] is True and type(c.replies[good]["id"]) is int
    await c.close()


async def test_the_ninth_open_offer_is_refused_as_a_reply(server: ServerProc) -> None:
    table = await seat_players(server.ws_url("market"), ["Ann", "Bob", "Cy"])
    view = table.clients[0].view
    seat = (view["active"] + 1) % 3
    c = table.clients[seat]
    card = c.view["you"]["hand"][0]
    for n in range(1, 9):
        await c.ok(f"/offer {card} for {n} red")
    await table.sync()
    version = c.version
    r = await c.say(f"/offer {card} for 9 red")
    assert not r["ok"] and r["code"] == "too_many_offers" and r["message"], r
    await asyncio.sleep(0.2)
    assert c.version == version  # nothing changed
    mine = [o["id"] for o in c.view["offers"] if o["owner"] == seat]
    assert len(mine) == 8
    await c.ok(f"/withdraw {mine[0]}")
    await c.ok(f"/offer {card} for 9 red")
    for cl in table.clients:
        await cl.close()


async def test_removebot_and_handover_through_the_parser(server_factory: Any) -> None:
    srv: ServerProc = server_factory(game_seed=2, away_seconds=42)
    url = srv.ws_url("botcmds")
    ann = await Client(url, "Ann").connect()
    await ann.ok("/join")
    await ann.ok("/addbot")
    await ann.ok("/addbot Robo random")
    for text in ("/removebot", "/handover", "/removebot   "):
        r = await ann.say(text)
        assert r["code"] == "parse_error" and "name or a seat number" in r["message"], r
    assert (await ann.say("/kick Robo"))["code"] == "parse_error"
    assert (await ann.say("/removebot Nobody"))["code"] == "no_such_seat"
    assert (await ann.say("/handover Robo"))["code"] == "no_game"
    await ann.ok("/removebot   bot   1 ")  # a name with spaces, any case, spaces collapsed
    await ann.wait(lambda: _seat_names(ann) == ["Ann", "Robo"])
    overview = (await ann.ok("/help"))["message"]
    assert overview.count("/removebot") == 1 and overview.count("/handover") == 1
    assert "/kick" not in overview
    assert "/removebot Bot 1" in (await ann.ok("/help removebot"))["message"]
    assert "42 seconds" in (await ann.ok("/help handover"))["message"]
    await ann.ok("/removebot 2")
    await ann.wait(lambda: _seat_names(ann) == ["Ann"])
    store = server_store(srv.db)  # its command file folded in (cmdfile.py)
    try:
        stored = load_room(store, "botcmds")
        assert stored is not None and [s["name"] for s in stored.seats] == ["Ann"]
        texts = [e["all"]["text"] for e in stored.log if "all" in e]
        assert "Bot 1 (bot) left seat 2." in texts and "Robo (bot) left seat 2." in texts
    finally:
        store.close()
    await ann.close()


async def test_a_takeover_cannot_copy_another_bot_seats_name(server_factory: Any) -> None:
    srv: ServerProc = server_factory(game_seed=6, bot_delay=30)  # the leavers' bots wait
    url = srv.ws_url("twobots")
    table = await seat_players(url, ["Ann", "Bob", "Cy"])
    ann, bob, cy = table.clients
    await ann.ok("/leave")
    await bob.ok("/leave")
    await cy.wait(lambda: _seat_names(cy) == ["Ann (bot)", "Bob (bot)", "Cy"])
    dan = await Client(url, "Dan").connect()
    # Dan would take over seat 1 (Ann's bot): the name of the bot in seat 2 stays its own
    assert (await dan.say("/join bob (BOT)"))["code"] == "name_taken"
    assert (await dan.say("/join Cy"))["code"] == "name_taken"
    await dan.ok("/join")
    assert dan.seat == 0
    await cy.wait(lambda: _seat_names(cy) == ["Dan", "Bob (bot)", "Cy"])
    # Ann, watching again under her name, cannot /join as Dan either
    assert (await ann.say("/join dan"))["code"] == "name_taken"
    for c in (ann, bob, cy, dan):
        await c.close()


async def test_a_person_cannot_take_a_leavers_bot_name(server_factory: Any) -> None:
    """A leaver's seat is played by a bot named ``NAME (bot)`` (README, Bots): a person's name
    ending in ``(bot)`` (any case, width or look-alike letters) is ``bad_name`` in hello and
    in ``/join``, before a game and when taking a bot's seat over; bots keep such names."""
    srv: ServerProc = server_factory(game_seed=6, bot_delay=30)  # the leaver's bot waits
    url = srv.ws_url("botmark")
    ann = await Client(url, "Ann").connect()
    await ann.ok("/join")
    # (a review: a second leaver's bot is "NAME (bot) 2"; spaces inside the mark too)
    for hello in ("Ann (bot)", "Zed (BOT)", "Zed(bot)", "Zed （ｂｏｔ）", "Zed (b0t)",
                  "Ann (bot) 2", "Ann (bot) 11", "Ann (bot )", "Zed ( bot ) 3",
                  # (a second session: numbers with 0, a roman I, Cyrillic capitals, soft sign)
                  "Ann (bot) 10", "Ann (bot) 0", "Ann (bot) II", "Ann (\u0412\u041e\u0422)",
                  "Ann (\u042cot)"):
        m = await Client(url, hello).connect()
        assert [e["code"] for e in m.errors] == ["bad_name"], hello
        assert "(bot)" in m.errors[0]["message"], m.errors
        assert m.welcomes[-1]["you"]["name"].startswith("guest"), hello
        r = await m.say(f"/join {hello}")
        assert not r["ok"] and r["code"] == "bad_name", (hello, r)
        await m.close()
    assert _seat_names(ann) == ["Ann"]
    await ann.ok("/addbot Bert(bot) greedy")  # a bot's name may say so
    await ann.ok("/addbot")
    await ann.ok("/start")
    await ann.ok("/leave")
    await ann.wait(lambda: _seat_names(ann) == ["Ann (bot)", "Bert(bot)", "Bot 1"])
    # the leaver's bot seat: a newcomer cannot take it over as the bot, Ann takes it back
    mal = await Client(url, "Mal").connect()
    r = await mal.say("/join Ann (bot)")
    assert not r["ok"] and r["code"] == "bad_name", r
    r = await mal.say("/join Mal (bot)")
    assert not r["ok"] and r["code"] == "bad_name", r
    await ann.ok("/join")
    await ann.wait(lambda: _seat_names(ann) == ["Ann", "Bert(bot)", "Bot 1"])
    for c in (ann, mal):
        await c.close()


async def test_name_taken_names_the_seated_name_it_looks_like(server: ServerProc) -> None:
    """A look-alike of a seated name is refused naming the seated one (before: the refusal
    named only the new name, "Аnn is already used", and the person saw no "Аnn" anywhere)."""
    url = server.ws_url("alike")
    ann = await Client(url, "Ann").connect()
    await ann.ok("/join")
    cyr = "\u0410nn"  # Cyrillic capital A, then "nn"
    eve = await Client(url, "Eve").connect()
    r = await eve.say(f"/join {cyr}")
    assert r["code"] == "name_taken" and "looks like Ann" in r["message"], r
    r = await ann.say("/addbot ANN")
    assert r["code"] == "name_taken" and "ANN looks like Ann" in r["message"], r
    # the same name as typed: said as before
    r = await eve.say("/join Ann")
    assert r["message"] == "Ann is already used in this room; pick another name.", r
    # a hello under a look-alike watches as a guest, told which name is in the way
    imp = await Client(url, "ａｎｎ").connect()
    assert [e["code"] for e in imp.errors] == ["name_taken"]
    assert "looks like Ann" in imp.errors[0]["message"], imp.errors
    # and in Japanese
    ja = Client(url)
    await ja.connect(hello=False)
    await ja.send({"type": "hello", "name": cyr, "lang": "ja"})
    await ja.wait(lambda: bool(ja.errors))
    assert ja.errors[0]["code"] == "name_taken" and "Ann" in ja.errors[0]["message"], ja.errors
    r = await ja.say(f"/join {cyr}")
    assert r["code"] == "name_taken" and "Ann" in r["message"] and "見分け" in r["message"], r
    for c in (ann, eve, imp, ja):
        await c.close()
