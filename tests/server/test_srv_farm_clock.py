"""G19's preparation time limit with a bot among the seats (farm-rules.md G19: "when it
expires, players who have not declared take the remaining cards in seat order and are
done"). A farm bot that is ready holds its declaration while a person still prepares
(``BotDriver.holds``); when the people's clock ran out, the people took their cards in seat
order and the bot, waiting behind them, took the last card, whatever its seat (found by
farm19: a bot in seat 2 got card 4 instead of card 2, and harvested first, F23)."""

from __future__ import annotations

from typing import Any

from .harness import Client, catch_up


async def test_a_ready_bot_takes_its_seat_orders_card_when_the_clock_runs_out(
        server_factory: Any) -> None:
    srv = server_factory(game_seed=6, idle_check_interval=0.1)
    ann = Client(srv.ws_url("g19bot"), "Ann")
    await ann.connect()
    await ann.ok("/join")
    await ann.ok("/option game farm")
    await ann.ok("/option param turn.prep_time_limit_s 4")
    await ann.ok("/addbot Robo sensible")   # seat 2, between the people
    people = [ann]
    for name in ("Bob", "Cy"):
        c = Client(srv.ws_url("g19bot"), name)
        await c.connect()
        await c.ok("/join")
        people.append(c)
    await ann.ok("/start")
    await catch_up(people)
    assert [s["name"] for s in ann.view["seats"]] == ["Ann", "Robo", "Bob", "Cy"]
    # nobody declares: Robo gets ready and waits for the people; the clock runs out
    await ann.wait(lambda: ann.view["phase"] == "harvest", timeout=40)
    await catch_up(people)
    v = ann.view
    # G19: the seats that had not declared take cards 1-4 in seat order (F22: Cy, the last,
    # is done at once); F23: the harvest goes from the highest card down
    assert [s["order_card"] for s in v["seats"]] == [1, 2, 3, 4], v["seats"]
    assert v["harvest_order"] == [3, 2, 1, 0], v["harvest_order"]
    for c in people:
        await c.close()
