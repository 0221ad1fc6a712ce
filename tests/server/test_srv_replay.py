"""The log history a connection gets on connect (design.md section 2, R41): only the person who
held a seat when a card was drawn is told which cards; seats change holders (a newcomer takes
over a leaver's seat) and numbers (between games), and the replay follows the person, not the
seat number."""

from __future__ import annotations

from typing import Any

from .harness import Client, ServerProc, seat_players


def _private(logs: list[dict[str, Any]], seat: int | None = None) -> list[dict[str, Any]]:
    """Draw lines that name the cards (each is phrased for the seat that drew them)."""
    return [e for e in logs if e.get("kind") == "draw" and ("cards" in e or
            e["text"].startswith("You drew")) and (seat is None or e["seat"] == seat)]


def _public_draws(logs: list[dict[str, Any]], seat: int) -> list[dict[str, Any]]:
    return [e for e in logs if e.get("kind") == "draw" and e["seat"] == seat
            and "cards" not in e and " drew " in e["text"]]


async def _again(url: str, token: str | None) -> Client:
    """A new connection with the token: what it holds is the replay (and one state)."""
    c = await Client(url).connect(token=token)
    assert c.state is not None
    return c


async def test_a_newcomer_in_a_leavers_seat_gets_no_earlier_private_lines(
    server_factory: Any,
) -> None:
    srv: ServerProc = server_factory(game_seed=5, bot_delay=30)  # the leaver's bot waits
    url = srv.ws_url("takeover")
    table = await seat_players(url, ["Ann", "Bob", "Cy"])
    ann, bob, cy = table.clients
    # a whole round: every seat has drawn
    while not all(_private(c.logs, s) for s, c in enumerate(table.clients)):
        assert await table.step()
    await table.sync()
    opened: list[Client] = []

    # the same person in the same seat: her own cards, as she saw them
    ann_again = await _again(url, ann.token)
    opened.append(ann_again)
    assert _private(ann_again.logs) == _private(ann.logs, 0) != []

    await bob.ok("/leave")
    dan = await Client(url, "Dan").connect()
    opened.append(dan)
    await dan.ok("/join")
    assert dan.seat == 1
    dan_again = await _again(url, dan.token)
    opened.append(dan_again)
    # Bob's draws reach Dan in their public form only
    assert _private(dan_again.logs) == []
    assert len(_public_draws(dan_again.logs, 1)) == len(_private(bob.logs, 1)) > 0

    # the game goes on with Dan in seat 1 until he draws himself
    table.clients[1] = dan
    while not _private(dan.logs, 1):
        assert await table.step()
    await table.sync()
    dan_later = await _again(url, dan.token)
    opened.append(dan_later)
    assert _private(dan_later.logs) == _private(dan.logs, 1)
    assert all(e["seat"] == 1 for e in _private(dan_later.logs))
    # a spectator never gets anyone's cards
    watcher = await _again(url, None)
    opened.append(watcher)
    assert _private(watcher.logs) == [] and _public_draws(watcher.logs, 1)
    for c in (*opened, ann, bob, cy):
        await c.close()


async def test_after_seats_renumber_the_last_game_is_replayed_in_public_form(
    server: ServerProc,
) -> None:
    url = server.ws_url("renumber")
    table = await seat_players(url, ["Ann", "Bob", "Cy"])
    ann, bob, cy = table.clients
    await table.play()
    opened: list[Client] = []
    # the game is over and nobody moved: Cy still gets her own draws of it (the most recent
    # ones: the replay holds the last log_history entries)
    cy_again = await _again(url, cy.token)
    opened.append(cy_again)
    mine = _private(cy_again.logs)
    assert mine and mine == _private(cy.logs, 2)[-len(mine):]

    # Bob leaves: Cy moves to seat 1; Dan sits down in seat 2 (Cy's seat in game 1)
    await bob.ok("/leave")
    dan = await Client(url, "Dan").connect()
    opened.append(dan)
    await dan.ok("/join")
    await cy.wait(lambda: cy.state is not None and cy.state["room"]["you"]["seat"] == 1)
    assert dan.seat == 2
    for token, seat in ((dan.token, 2), (cy.token, 1), (ann.token, 0)):
        again = await _again(url, token)
        opened.append(again)
        assert again.seat == seat
        # game 1 in its public form: nobody's cards, whoever held the number then
        assert _private(again.logs) == [], (seat, _private(again.logs)[:2])
        assert _public_draws(again.logs, 2) and any(
            e.get("kind") == "game_over" for e in again.logs
        )
    for c in (*opened, ann, bob, cy):
        await c.close()
