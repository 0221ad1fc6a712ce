"""Every text the server writes for a person comes in that person's language (issue 10,
point 6): replies, refusals, errors, help, /who, room lines and the game log. English stays the
default. And a burst of lines over the rate is answered line by line (point 7)."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import websockets

from .harness import Client, ServerProc

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
INTERNAL = re.compile(r"plant_traded|blackeyed|phase: ")


async def hello(c: Client, lang: str | None) -> Client:
    """Connect ``c`` with a ``hello`` that says ``lang`` (or no language at all)."""
    c.ws = await websockets.connect(c.url, max_size=None)
    c.reader = asyncio.create_task(c._read())
    msg: dict[str, Any] = {"type": "hello", "name": c.name}
    if lang is not None:
        msg["lang"] = lang
    await c.send(msg)
    await c.wait(lambda: c.welcomes and c.state is not None)
    return c


async def _seated(url: str, ann_lang: str) -> tuple[Client, Client, Client]:
    """Ann (her hello in ``ann_lang``), Bob (no language: English) and Cy (English), seated."""
    ann = await hello(Client(url, "Ann"), ann_lang)
    bob = await hello(Client(url, "Bob"), None)
    cy = await hello(Client(url, "Cy"), "en")
    for c in (ann, bob, cy):
        await c.ok("/join")
    return ann, bob, cy


async def test_japanese_connection_reads_japanese(server: ServerProc) -> None:
    ann, bob, cy = await _seated(server.ws_url("lang"), "ja-JP")
    # replies of room commands
    r = await ann.ok("/who")
    assert "観戦者" in r["message"] and "spectators" in (await bob.ok("/who"))["message"]
    r = await ann.ok("/help")
    assert JAPANESE.search(r["message"]) and "コマンド" in r["message"]
    r = await ann.ok("/option")
    assert "ルール" in r["message"] and "獲得現金非表示" in r["message"]
    # refusals: the parser's, the server's, the engine's
    r = await ann.say("/plnat 2")
    assert not r["ok"] and "/plant のことですか" in r["message"], r
    r = await bob.say("/plnat 2")
    assert "did you mean /plant" in r["message"]
    r = await ann.say("/join")
    assert r["code"] == "already_seated" and "番の席に着いています" in r["message"], r
    await ann.ok("/start")
    await ann.wait(lambda: ann.state and ann.state["view"] is not None)
    v = ann.view
    players = {ann.seat: ann, bob.seat: bob, cy.seat: cy}
    other = players[(v["active"] + 1) % 3]
    r = await other.say("/plant")
    assert r["code"] == "not_your_turn"
    if other is ann:
        assert "手番プレイヤーだけ" in r["message"]
    else:
        assert r["message"] == "only the active player plants in phase 1"
    # the log: room lines and game lines in each one's language, no internal names
    active = players[v["active"]]
    await active.ok("/plant")
    await active.ok("/done")                      # phase 2: the face-up cards are turned up
    await ann.wait(lambda: any(e.get("kind") == "reveal" for e in ann.logs))
    await bob.wait(lambda: any(e.get("kind") == "reveal" for e in bob.logs))
    for e in ann.logs:
        assert JAPANESE.search(e["text"]), e
        assert not INTERNAL.search(e["text"]), e
    for e in bob.logs:
        assert not JAPANESE.search(e["text"]) and not INTERNAL.search(e["text"]), e
    assert any("席に着きました" in e["text"] for e in ann.logs)
    assert any(e["text"].endswith("joins in seat 1.") for e in bob.logs)
    planted = next(e for e in bob.logs if e["kind"] == "plant")
    assert re.fullmatch(r"\w+ planted [A-Z][a-z-]+ in field \d", planted["text"]), planted

    # a switch of language: the log comes again in the new one (a log frame, replay)
    n = len(bob.frames)
    await bob.send({"type": "lang", "lang": "ja"})
    await bob.wait(lambda: any('"replay":true' in f for f in bob.frames[n:]))
    again = next(f for f in bob.frames[n:] if '"replay":true' in f)
    assert "植えた" in again and "席に着きました" in again
    r = await bob.say("/plnat")
    assert "コマンドはありません" in r["message"]
    for c in (ann, bob, cy):
        await c.close()


async def test_japanese_hello_errors(server: ServerProc) -> None:
    url = server.ws_url("names")
    a = await hello(Client(url, "Kai"), None)
    b = await hello(Client(url, "KAI"), "ja")            # the name is taken: watches as a guest
    await b.wait(lambda: b.errors)
    assert b.errors[0]["code"] == "name_taken" and "観戦します" in b.errors[0]["message"]
    for c in (a, b):
        await c.close()


async def test_a_burst_over_the_rate_is_answered_line_by_line(server_factory: Any) -> None:
    srv: ServerProc = server_factory(commands_per_second=5, commands_burst=10)
    url = srv.ws_url("burst")
    c = await Client(url, "Paster").connect()
    futs = [await c.say_nowait(f"line {i}") for i in range(25)]   # 25 lines pasted at once
    replies = [await asyncio.wait_for(f, 10) for f in futs]
    ok = [r for r in replies if r["ok"]]
    refused = [r for r in replies if not r["ok"]]
    assert len(replies) == 25 and ok and refused
    assert {r["code"] for r in refused} == {"rate_limited"}
    assert c.close_code is None                        # still connected
    await asyncio.sleep(0.5)
    assert (await c.say("after the burst"))["ok"]       # and it goes on
    await c.wait(lambda: any(x["text"] == "after the burst" for x in c.chats))
    await c.close()


#: the beans' names as the board shows them (trial 7: "Black-eyed", "Soy"; never the ids)
BOARD_NAMES = {"coffee": "Coffee", "wax": "Wax", "blue": "Blue", "chili": "Chili",
               "stink": "Stink", "green": "Green", "soy": "Soy", "blackeyed": "Black-eyed",
               "red": "Red", "garden": "Garden", "cocoa": "Cocoa"}


async def test_an_english_refusal_names_the_bean_as_the_board_does(server: ServerProc) -> None:
    """Trial 7: an English player read "field 1 holds blackeyed; soy needs ..." (the engine's
    ids). The reply's refusal names each bean as the board does, in English as in Japanese;
    its code is the engine's. Here: in phase 1 only the front card is planted (R9)."""
    ann, bob, cy = await _seated(server.ws_url("names-en"), "en")
    await ann.ok("/start")
    await ann.wait(lambda: ann.state and ann.state["view"] is not None)
    active = {c.seat: c for c in (ann, bob, cy)}[ann.view["active"]]
    await active.wait(lambda: active.view is not None and active.view["you"]["hand"])
    front = active.view["you"]["hand"][0]
    other = next(b for b in ("blackeyed", "soy", "red") if b != front)
    r = await active.say(f"/plant {other}")
    assert not r["ok"] and r["code"] == "no_such_card", r
    assert r["message"] == ("in phase 1 you plant the front card of your hand "
                            f"({BOARD_NAMES[front]})"), r
    await active.send({"type": "lang", "lang": "ja"})
    r = await active.say(f"/plant {other}")
    assert r["code"] == "no_such_card" and JAPANESE.search(r["message"]), r
    assert not re.search(r"[a-z]{3,}", r["message"]), r            # no id: the Japanese name
    for c in (ann, bob, cy):
        await c.close()


async def test_an_unknown_bean_lists_this_games_deck(server: ServerProc) -> None:
    url = server.ws_url("deck")
    ann = await Client(url, "Ann").connect()
    await ann.ok("/join")
    await ann.ok("/addbot")
    await ann.ok("/addbot")
    await ann.ok("/start")
    # 3-player classic: no coffee, no wax, no cocoa (rules.md §1d)
    r = await ann.say("/want cofee")
    assert r["code"] == "parse_error"
    # the beans named as the board does (trial 7: "blackeyed" was listed)
    assert "Coffee" not in r["message"] and "Did you mean" not in r["message"], r
    assert "Garden" in r["message"] and "Black-eyed" in r["message"], r
    assert "blackeyed" not in r["message"], r
    r = await ann.say("/want broad bean")             # Broad bean is the Stink bean
    assert r["ok"], r
    await ann.close()


async def test_the_duel_and_the_clock_in_japanese(server_factory: Any) -> None:
    """The bean duel's and the turn clock's texts (issue 13) come in each reader's language:
    the option lines, /option, the duel's refusals and the timeout's room line."""
    srv: ServerProc = server_factory(game_seed=7, idle_check_interval=0.1)
    url = srv.ws_url("duel-ja")
    ann = await hello(Client(url, "Ann"), "ja")
    bob = await hello(Client(url, "Bob"), "en")
    for c in (ann, bob):
        await c.ok("/join")
    await ann.ok("/option rules rio-grande")
    r = await ann.ok("/option duel 3fields")
    assert "豆の決闘" in r["message"] and "畑3つ" in r["message"], r
    r = await bob.ok("/option clock 1")
    assert r["message"].startswith("Turn clock: 1 s per decision"), r
    r = await ann.ok("/option")
    assert "持ち時間" in r["message"] and "判断ごとに1秒" in r["message"], r
    assert "豆の決闘" in r["message"] and "rules" not in r["message"], r
    r = await ann.say("/option clock soon")
    assert r["code"] == "parse_error" and "/option clock には" in r["message"], r
    await ann.ok("/start")
    await ann.wait(lambda: ann.view is not None)
    # rules.md §3a: no trading in the duel
    r = await ann.say("/offer blue for red")
    assert r["code"] == "no_trading" and "交渉も贈り物もありません" in r["message"], r
    r = await bob.say("/offer blue for red")
    assert r["message"] == "there is no trading and no gift in the 2-player bean duel", r
    # nobody moves: the clock runs out for the active player
    await ann.wait(lambda: any(e.get("event") == "timeout" for e in ann.logs))
    await bob.wait(lambda: any(e.get("event") == "timeout" for e in bob.logs))
    line = next(e for e in ann.logs if e.get("event") == "timeout")
    assert "持ち時間切れ" in line["text"], line
    line = next(e for e in bob.logs if e.get("event") == "timeout")
    assert "time ran out (turns in a row: 1)" in line["text"], line
    for c in (ann, bob):
        await c.close()


async def test_the_first_turn_has_its_line_in_each_language(server: ServerProc) -> None:
    """Issue 10 trial: the log said "Bob's turn" for every turn but the first. The start seat
    (R4) has its line right after "Game 1 begins", as every later turn has (R34), in English
    and in Japanese, and again in the backlog of a connection that comes in later."""
    url = server.ws_url("firstturn")
    ann = await hello(Client(url, "Ann"), "ja")
    bob = await hello(Client(url, "Bob"), "en")
    cy = await hello(Client(url, "Cy"), None)
    for c in (ann, bob, cy):
        await c.ok("/join")
    await bob.ok("/start")
    await bob.wait(lambda: bob.view is not None and any(e.get("kind") == "turn" for e in bob.logs))
    await ann.wait(lambda: any(e.get("kind") == "turn" for e in ann.logs))
    first = ["Ann", "Bob", "Cy"][bob.view["active"]]

    def after_start(logs: list[dict[str, Any]]) -> str:
        texts = [e["text"] for e in logs]
        begins = next(i for i, x in enumerate(texts) if "1" in x and ("begins" in x or "開始" in x))
        return texts[begins + 1]

    assert after_start(bob.logs) == f"{first}'s turn"
    assert after_start(ann.logs) == f"{first}の手番"
    # the backlog of a new connection holds it too
    dee = await hello(Client(url, "Dee"), "en")
    await dee.wait(lambda: any(e.get("kind") == "turn" for e in dee.logs))
    assert after_start(dee.logs) == f"{first}'s turn"
    for c in (ann, bob, cy, dee):
        await c.close()


async def test_a_bot_seated_reads_well_in_each_language(server: ServerProc) -> None:
    """Issue 10 trial: the log said "Ann seats a easy bot". Each level reads as English
    should, and in Japanese."""
    url = server.ws_url("botline")
    ann = await hello(Client(url, "Ann"), "en")
    hana = await hello(Client(url, "Hana"), "ja")
    await ann.ok("/join")
    for policy in ("easy", "normal", "hard"):
        await ann.ok(f"/addbot {policy}")
    await ann.wait(lambda: sum("Bot 3" in e["text"] for e in ann.logs) >= 1)
    await hana.wait(lambda: sum("Bot 3" in e["text"] for e in hana.logs) >= 1)
    lines = [e["text"] for e in ann.logs if e["text"].startswith("Ann seats")]
    assert lines == [f"Ann seats a bot ({p}), Bot {i}, in seat {i + 1}."
                     for i, p in enumerate(("easy", "normal", "hard"), start=1)]
    assert not any(re.search(r"\ba [aeiou]", x) for x in lines)
    # the bot's name once, its level as a bot's ("Bot 1（かんたんボット）")
    ja = [e["text"] for e in hana.logs if re.search(r"Bot \d（\w+ボット）", e["text"])]
    assert len(ja) == 3 and all(JAPANESE.search(x) for x in ja), ja
    for c in (ann, hana):
        await c.close()


async def test_a_bot_without_a_name_is_named_in_the_language_of_who_seats_it(
        server: ServerProc) -> None:
    """Issue 10 (fourth trial): "Bot 1" showed in English on a Japanese page. ``/addbot``
    alone names the bot in the language of the person who seats it; a typed name stays."""
    url = server.ws_url("botnames")
    ann = await hello(Client(url, "Ann"), "ja")
    bob = await hello(Client(url, "Bob"), "en")
    await ann.ok("/join")
    await bob.ok("/join")
    await ann.ok("/addbot")
    await bob.ok("/addbot")
    await ann.ok("/addbot Robo")
    await ann.wait(lambda: len(ann.state["room"]["seats"]) == 5)
    names = [s["name"] for s in ann.state["room"]["seats"]]
    assert names == ["Ann", "Bob", "ボット1", "Bot 1", "Robo"], names
    assert not any(JAPANESE.search(s["name"]) for s in ann.state["room"]["seats"][3:])
    # the Japanese room line names it once, not "ボットボット1"
    await ann.wait(lambda: any("ボット1" in e["text"] for e in ann.logs))
    line = next(e["text"] for e in ann.logs if "ボット1" in e["text"])
    assert "ボットボット" not in line, line
    for c in (ann, bob):
        await c.close()


async def test_who_names_a_bots_level_in_the_readers_words(server: ServerProc) -> None:
    """User11's trial: on a Japanese page /who listed "Bert (ボット（hard）)" beside the
    board's badge "むずかしい": the level in the reader's words, English unchanged."""
    url = server.ws_url("wholevels")
    hana = await hello(Client(url, "Hana"), "ja")
    ann = await hello(Client(url, "Ann"), "en")
    await hana.ok("/join")
    await hana.ok("/addbot Bert hard")
    await hana.ok("/addbot Cleo easy")
    ja = (await hana.ok("/who"))["message"]
    assert "Bert（むずかしいボット）" in ja and "Cleo（かんたんボット）" in ja, ja
    assert "hard" not in ja and "easy" not in ja, ja
    en = (await ann.ok("/who"))["message"]
    assert "Bert (bot, hard)" in en and "Cleo (bot, easy)" in en, en
    for c in (hana, ann):
        await c.close()


async def test_a_greedy_bot_is_named_by_its_badge_everywhere(server: ServerProc) -> None:
    """``/addbot Cy greedy`` seats ``greedy``, whose badge reads "easy" (README's level table:
    "`easy`: today's `greedy`"); /who, the reply and the log said "greedy" / "欲張り", and the
    Japanese /who nested its brackets ("Cy (ボット（欲張り）)"). ``random`` is no level and
    stays random."""
    url = server.ws_url("nolevel")
    hana = await hello(Client(url, "Hana"), "ja")
    ann = await hello(Client(url, "Ann"), "en")
    await ann.ok("/join")
    assert (await ann.ok("/addbot Cy greedy"))["message"] == "Cy (easy bot) sits in seat 2."
    await ann.ok("/addbot Rex random")
    seat = ann.state["room"]["seats"][1]
    assert (seat["policy"], seat["level"]) == ("greedy", "easy")   # what the badge shows
    en = (await ann.ok("/who"))["message"]
    assert "2. Cy (bot, easy)" in en and "3. Rex (bot, random)" in en, en
    assert "greedy" not in en, en
    ja = (await hana.ok("/who"))["message"]
    assert "2. Cy（かんたんボット）" in ja and "3. Rex（ランダムボット）" in ja, ja
    assert "欲張り" not in ja and "(" not in ja and "（ボット" not in ja, ja
    await hana.wait(lambda: any("Rex" in e["text"] for e in hana.logs))
    lines = [e["text"] for e in ann.logs if e["text"].startswith("Ann seats")]
    assert lines == ["Ann seats a bot (easy), Cy, in seat 2.",
                     "Ann seats a bot (random), Rex, in seat 3."], lines
    ja_lines = [e["text"] for e in hana.logs if "Cy" in e["text"]]
    assert ja_lines == ["Annが2番の席にCy（かんたんボット）を着けました。"], ja_lines
    for c in (hana, ann):
        await c.close()


async def test_the_option_summary_names_the_bot_speed(server: ServerProc) -> None:
    """``/option`` with no argument listed every option but ``/option botspeed``: after
    ``/option botspeed slow`` it still read "rules classic …; hiddenmoney off; clock off"."""
    url = server.ws_url("speedshown")
    hana = await hello(Client(url, "Hana"), "ja")
    ann = await hello(Client(url, "Ann"), "en")
    await ann.ok("/join")
    assert (await ann.ok("/option"))["message"].endswith("; clock off; botspeed normal")
    await ann.ok("/option botspeed slow")
    en = (await ann.ok("/option"))["message"]
    assert en.endswith("; hiddenmoney off; clock off; botspeed slow"), en
    ja = (await hana.ok("/option"))["message"]
    assert ja.endswith("、持ち時間 オフ、ボットの速さ ゆっくり"), ja
    await ann.ok("/option rules rio-grande")
    await ann.ok("/option botspeed fast")
    en = (await ann.ok("/option"))["message"]
    assert "bean duel" in en and en.endswith("; botspeed fast"), en
    ja = (await hana.ok("/option"))["message"]
    assert "豆の決闘" in ja and ja.endswith("、ボットの速さ 速い"), ja
    for c in (hana, ann):
        await c.close()


async def test_the_farm_bots_policies_in_the_readers_words(server: ServerProc) -> None:
    """The farm game's bots (``sensible``, ``shipper``) were named in English on a Japanese
    page, in the seat reply and in /who (review8): the words the board's picker uses
    (堅実, 出荷専門)."""
    url = server.ws_url("farmwords")
    hana = await hello(Client(url, "Hana"), "ja")
    await hana.ok("/join")
    await hana.ok("/option game farm")
    seated = (await hana.ok("/addbot Bo sensible"))["message"]
    assert "堅実" in seated and "sensible" not in seated, seated
    await hana.ok("/addbot Cy shipper")
    ja = (await hana.ok("/who"))["message"]
    assert "堅実" in ja and "出荷専門" in ja, ja
    assert "sensible" not in ja and "shipper" not in ja, ja
    await hana.close()


async def test_the_games_are_named_as_the_lobby_names_them(server: ServerProc) -> None:
    """"/option game farm" answered "The game here is farm (2-4 players)." and a table too
    big for it "farm is for 2-4 players": the game's id, where the lobby and the board say
    "Farm contest" (user16's trial); in Japanese 農園コンテスト, and Bohnanza / ボーナンザ.
    What /option game takes stays the id (farm, bohnanza)."""
    url = server.ws_url("gametitle")
    ann = await hello(Client(url, "Ann"), "en")
    hana = await hello(Client(url, "Hana"), "ja")
    await ann.ok("/join")
    await hana.ok("/join")
    assert (await ann.ok("/option game farm"))["message"] == \
        "The game here is Farm contest (2-4 players)."
    assert (await hana.ok("/option game farm"))["message"] == \
        "この部屋のゲームは農園コンテスト（2〜4人）です。"
    assert (await ann.ok("/option game bohnanza"))["message"] == \
        "The game here is Bohnanza (3-5 players)."   # classic: 3-5 (rules.md §1)
    for name in ("Bo", "Cy", "Di"):
        await ann.ok(f"/addbot {name}")
    refused = await ann.say("/option game farm")   # 5 seated: the farm contest takes 2-4
    assert refused["code"] == "room_full"
    assert refused["message"] == "Farm contest is for 2-4 players; 5 sit here.", refused
    refused = await hana.say("/option game farm")
    assert refused["message"] == "農園コンテストは2〜4人用です。いま5人が着席しています。", refused
    for c in (ann, hana):
        await c.close()


async def test_the_option_summary_reads_the_rules_in_japanese(server: ServerProc) -> None:
    """``/option`` read "ルール classic（3〜5人）" to a Japanese reader, the preset's command
    word, where ``/option rules`` answers "ルール: リオグランデ" and the board's picker says
    クラシック (the presets' Japanese names: texts.py ``_WORDS``); the duel's line read
    "豆の決闘（rio-grande）". The words typed stay: ``/option rules amigo`` still works."""
    url = server.ws_url("rules-ja")
    hana = await hello(Client(url, "Hana"), "ja")
    ann = await hello(Client(url, "Ann"), "en")
    await ann.ok("/join")
    ja = (await hana.ok("/option"))["message"]
    assert ja.startswith("ルール クラシック（3〜5人）、"), ja
    assert "rules classic (3-5 players); " in (await ann.ok("/option"))["message"]
    await ann.ok("/option rules rio-grande")
    ja = (await hana.ok("/option"))["message"]
    assert ja.startswith("ルール リオグランデ（2〜7人。2人では豆の決闘: "), ja
    await ann.ok("/option rules amigo")
    ja = (await hana.ok("/option"))["message"]
    assert ja.startswith("ルール アミーゴ（3〜5人）、"), ja
    await hana.ok("/join")
    await hana.ok("/option rules rio-grande")
    r = await hana.ok("/option duel 3fields")
    assert r["message"] == "2人用の豆の決闘（リオグランデ）は畑3つで遊びます（購入なし）。", r
    assert not re.search(r"[a-z]{3,}", (await hana.ok("/option"))["message"])
    for c in (hana, ann):
        await c.close()
