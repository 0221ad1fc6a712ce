"""The smallest legal move for a seat whose clock ran out (issue 13, ``/option clock``).

``timeout_move(view)`` reads ``Game.view(seat)`` like every policy and answers one command
text that moves the decision the table waits for towards its end, changing as little as the
rules allow; the server repeats it until the seat no longer owes that decision:

* phase 1 (R9, R26): plant the front card into the first field that takes it; when none does,
  harvest (R15) the harvestable field that pays most now (the lowest-numbered on a tie);
  after one card, ``/done`` (no optional second card);
* phase 2, active (R32): ``/done`` (end trading); with a pending deal it is a party of, which
  it owes cards to: the only, else the first fitting cards (hand first, from the front, then
  face-up cards, R11, R31);
* phase 3 (R33): the first card of the to-plant area into the first field that takes it,
  harvesting as above when none does;
* the bean duel (rules.md §3a): step 1, an offer card joins a field of its own bean, else it
  is discarded (no empty field is taken); step 2 as phase 1, without the optional discard;
  step 3 ends at once (``/done``: the revealed cards become the opponent's offer).

It never buys a third field and never posts, accepts or withdraws an offer. ``None`` when the
seat owes nothing now.
"""

from __future__ import annotations

from typing import Any

from . import common as c


def _harvest_for_room(view: dict[str, Any]) -> str | None:
    """The forced harvest (R15): the harvestable field paying most now, lowest on a tie."""
    you = view["you"]
    info = view["seats"][you["seat"]]["field_info"]
    best: tuple[int, int] | None = None
    for f in you["harvestable"]:
        pays = int(info[f - 1]["harvest_now"]) if info[f - 1] is not None else 0
        if best is None or pays > best[0]:
            best = (pays, f)
    return None if best is None else c.harvest(best[1])


def timeout_move(view: dict[str, Any]) -> str | None:
    """One command text for the seat of ``view`` (module docstring), or ``None``."""
    you = view.get("you")
    if you is None or view["phase"] == "over" or not you["must_act"]:
        return None
    waiting = you["waiting_for"]
    if waiting == "provide":
        owes = c.my_deal_duty(view) or {}
        refs = []
        for bean, n in owes.items():
            refs += c.card_refs(view, bean)[:n]
        return c.provide(refs)
    if waiting == "trade":
        return c.done() if view["deal"] is None else None
    if waiting == "plant":
        if view["planted"] >= 1:
            return c.done()
        fields = you["plant_fields"]
        return c.plant(fields[0]) if fields else _harvest_for_room(view)
    if waiting == "plant_traded":
        bean = you["to_plant"][0]
        fields = you["plant_traded_fields"].get(bean) or []
        return c.plant(fields[0], bean) if fields else _harvest_for_room(view)
    if waiting == "plant_offer":
        bean = view["face_up"][0]
        own = view["seats"][you["seat"]]["fields"]
        for f in you["face_up_fields"][0]:
            if own[f - 1] is not None and own[f - 1][0] == bean:
                return c.plant_card(1, f)
        return c.discard("u1")
    if waiting == "plant_revealed":
        return c.done()
    return None
