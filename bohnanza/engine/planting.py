"""Planting, harvesting and the third field (R9-R25, R26, R33), and the hints about them."""

from __future__ import annotations

from .actions import CardRef, Harvest, Plant
from .beans import PAYOUT
from .errors import RuleError
from .state import GameState, Seat


def fields_for(g: GameState, s: Seat, bean: str) -> list[int]:
    """1-based fields of ``s`` that can take ``bean`` (R13, R14, C9)."""
    fields = s.fields
    dup = g.rules.allow_duplicate_variety
    grown = False
    out: list[int] = []
    for i, f in enumerate(fields):
        if f is None:
            out.append(i + 1)
        elif f[0] == bean:
            out.append(i + 1)
            grown = True
    if not dup and grown:
        out = [i for i in out if fields[i - 1] is not None]
    return out


def plant_fields(g: GameState, seat: int, bean: str) -> list[int]:
    """1-based fields of ``seat`` that can take ``bean`` now (R13, R14, C9): :func:`fields_for`
    by seat number, in one call (``Game.plant_fields``, a hint bots ask for every card)."""
    fields = g.seats[seat].fields
    out: list[int] = []
    i = 0
    for f in fields:
        i += 1
        if f is None or f[0] == bean:
            out.append(i)
    if not g.rules.allow_duplicate_variety and len(out) > 1:
        grown = [i for i in out if fields[i - 1] is not None]
        return grown or out     # C9: a field of that bean, when there is one
    return out


def _choose_field(g: GameState, s: Seat, bean: str, field: int | None) -> int:
    """0-based index of the field ``bean`` goes into; raises ``RuleError``."""
    fields = s.fields
    if field is not None:
        if not 1 <= field <= len(fields):
            raise RuleError("no_such_field", f"you have fields 1-{len(fields)}, not {field}",
                            "R13")
        f = fields[field - 1]
        if f is None:
            if not g.rules.allow_duplicate_variety and any(
                    x is not None and x[0] == bean for x in fields):
                raise RuleError("field_mismatch",
                                f"{bean} already grows in another field", "R14")
            return field - 1
        if f[0] != bean:
            raise RuleError("field_mismatch",
                            f"field {field} holds {f[0]}; {bean} needs an empty field or a "
                            f"field of {bean}", "R13")
        return field - 1
    empty = -1
    for i, f in enumerate(fields):
        if f is None:
            if empty < 0:
                empty = i
        elif f[0] == bean:
            return i
    if empty >= 0:
        return empty
    cost = g.rules.third_field_cost
    # R15: buying is a way out only where it is allowed and affordable (R21, R22); under
    # hidden_money the coins are not looked at, even one's own are hidden (R42)
    buy = cost is not None and len(fields) < 3 and (
        bool(g.options.get("hidden_money")) or len(s.coins) >= cost)
    raise RuleError("no_field_fits",
                    f"no field can take {bean}: harvest a field "
                    + ("or buy a third one first" if buy else "first"), "R15")


def _put(g: GameState, seat: int, s: Seat, bean: str, i: int) -> None:
    f = s.fields[i]
    if f is None:
        s.fields[i] = [bean, 1]
    else:
        f[1] += 1  # type: ignore[operator]
    g.events.append(("plant", seat, (bean, i + 1), None))


def plant(g: GameState, seat: int, action: Plant) -> None:
    """Phase 1: the front hand card (R9, R26). Phase 3: a to-plant card (R33). The duel's
    steps 1 and 3: a face-up card (``duel.plant_face_up``)."""
    s = g.seats[seat]
    phase = g.phase
    card = action.card
    if phase == "plant":
        if seat != g.active:
            raise RuleError("not_your_turn", "only the active player plants in phase 1", "R26")
        if g.planted >= 2:   # only the duel rests here: its optional discard is still open
            raise RuleError("wrong_phase", "two cards are planted; discard one hand card or "
                            "/done", "R26")
        bean = s.hand[0]
        if (card is not None and card != CardRef("h", 1)) or (action.bean is not None
                                                              and action.bean != bean):
            # the front card by its bean (a card dragged from further back, newuser19:
            # "(h1)" named a place the board does not show)
            raise RuleError("no_such_card",
                            f"in phase 1 you plant the front card of your hand ({bean})", "R9")
        i = _choose_field(g, s, bean, action.field)
        del s.hand[0]
        f = s.fields[i]                 # _put, without the call
        if f is None:
            s.fields[i] = [bean, 1]
        else:
            f[1] += 1  # type: ignore[operator]
        g.events.append(("plant", seat, (bean, i + 1), None))
        g.planted += 1
        return
    if phase == "plant_traded":
        if card is not None and card.zone == "h":
            raise RuleError("no_such_card", "in phase 3 you plant the cards of your to-plant "
                            "area, not hand cards", "R33")
        if card is not None:
            raise RuleError("no_such_card", "in phase 3 name the bean to plant, like "
                            "/plant red 2", "R33")
        tp = s.to_plant
        if not tp:
            raise RuleError("no_such_card", "you have no received cards to plant", "R33")
        if action.bean is None:
            kinds = set(tp)
            if len(kinds) > 1:
                raise RuleError("no_such_card", "name the bean to plant: "
                                + ", ".join(sorted(kinds)), "R33")
            bean = tp[0]
        else:
            bean = action.bean
        if bean not in tp:
            raise RuleError("no_such_card", f"you have no {bean} to plant", "R33")
        i = _choose_field(g, s, bean, action.field)
        tp.remove(bean)
        f = s.fields[i]                 # _put, without the call
        if f is None:
            s.fields[i] = [bean, 1]
        else:
            f[1] += 1  # type: ignore[operator]
        g.events.append(("plant", seat, (bean, i + 1), None))
        return
    if phase in ("plant_offer", "plant_revealed"):   # the duel's steps 1 and 3
        from .duel import plant_face_up
        plant_face_up(g, seat, action)
        return
    raise RuleError("wrong_phase", "phase 2 is for trading; received cards are planted in "
                    "phase 3", "R27")


def harvestable(g: GameState, s: Seat) -> list[int]:
    """1-based fields that may be harvested now (R17, R19, C8)."""
    fields = s.fields
    single_ok = not _protected(g, fields)
    out: list[int] = []
    i = 0
    for f in fields:
        i += 1
        if f is not None and (single_ok or f[1] != 1):
            out.append(i)
    return out


def _protected(g: GameState, fields: list[list[object] | None]) -> bool:
    """Whether a field holding a single bean is protected now (R19, C8): under ``amigo``
    while another field holds two or more beans; under ``rio_grande_literal`` unless every
    field holds exactly one."""
    if g.rules.protection_rule == "rio_grande_literal":
        for f in fields:
            if f is None or f[1] != 1:
                return True
        return False
    for f in fields:
        if f is not None and f[1] != 1:
            return True
    return False


def harvest_timing_ok(g: GameState, seat: int) -> bool:
    """Whether ``seat`` may harvest at this moment at all (R16): any time, except in the bean
    duel, where only on one's own turn (rules.md §3a)."""
    return g.rules.harvest_timing != "own_turn" or seat == g.active


def harvestable_now(g: GameState, seat: int) -> list[int]:
    """1-based fields ``seat`` may harvest now: R16 timing, R17, R19 (the views' and bots'
    hint; :func:`harvestable` with :func:`_protected` for the usual rule, in one call)."""
    rules = g.rules
    if g.phase == "over" or (rules.harvest_timing == "own_turn" and seat != g.active):
        return []   # R16: harvest_timing_ok
    fields = g.seats[seat].fields
    if rules.protection_rule != "amigo":
        return harvestable(g, g.seats[seat])
    out: list[int] = []
    single = False      # R19 amigo: a lone bean is protected while a field holds 2 or more
    i = 0
    for f in fields:
        i += 1
        if f is not None:
            out.append(i)
            if f[1] == 1:
                single = True
    if single and len(out) > 1:
        protected = False
        for f in fields:
            if f is not None and f[1] != 1:
                protected = True
                break
        if protected:
            return [i for i in out if fields[i - 1][1] != 1]  # type: ignore[index]
    return out


def harvest(g: GameState, seat: int, action: Harvest) -> None:
    """``Harvest(field)``: harvest a whole field: coins to the coin stack, the rest discarded
    (R16-R20)."""
    field = action.field
    if g.rules.harvest_timing == "own_turn" and seat != g.active:   # not harvest_timing_ok
        raise RuleError("not_your_turn", "in the bean duel you harvest only on your own turn",
                        "R16")
    s = g.seats[seat]
    fields = s.fields
    if not 1 <= field <= len(fields):
        raise RuleError("no_such_field", f"you have fields 1-{len(fields)}, not {field}", "R17")
    f = fields[field - 1]
    if f is None:
        raise RuleError("empty_field", f"field {field} is empty", "R17")
    if f[1] == 1 and _protected(g, fields):
        raise RuleError("bean_protection",
                        f"a single {f[0]} cannot be harvested while another field holds two "
                        "or more beans" if g.rules.protection_rule == "amigo" else
                        f"a single {f[0]} can be harvested only when every field holds one",
                        "R19")
    sell(g, seat, field)


def sell(g: GameState, seat: int, field: int, final: bool = False) -> None:
    """Pay out the non-empty 1-based ``field``: coins to the coin stack, the rest onto the
    discard pile, the field empty (R18, R20). No checks: callers check (R16-R19, R39)."""
    s = g.seats[seat]
    f = s.fields[field - 1]
    assert f is not None
    bean: str = f[0]  # type: ignore[assignment]
    n: int = f[1]  # type: ignore[assignment]
    row = PAYOUT[bean]       # coins_for(bean, n), without the call
    c = row[n] if n < len(row) else row[-1]
    s.fields[field - 1] = None
    if c:
        s.coins.extend([bean] * c)
    if n > c:
        g.discard.extend([bean] * (n - c))
    # R42: under hidden_money the harvest is public, what it earned is not (until the end)
    shown = c if final or not g.options.get("hidden_money") else None
    g.events.append(("harvest", seat, (bean, n, field, shown, True if final else None), None))


def buy(g: GameState, seat: int) -> None:
    """Buy the third field, paying the top coins onto the discard pile, or out of the game
    in the duel (R21-R25, C11)."""
    s = g.seats[seat]
    cost = g.rules.third_field_cost
    if cost is None:
        raise RuleError("no_third_field",
                        "a third field cannot be bought with these rules", "R21")
    if len(s.fields) >= 3:
        raise RuleError("third_field_owned", "you already have three fields", "R24")
    if len(s.coins) < cost:
        have = "" if g.options.get("hidden_money") else f"; you have {len(s.coins)}"
        raise RuleError("cannot_afford", f"the third field costs {cost} coins{have}", "R22")
    keep = len(s.coins) - cost  # not coins[-cost:]: a price of 0 (C3) would take them all
    paid = s.coins[keep:]
    del s.coins[keep:]
    paid.reverse()              # the top coin goes onto the discard pile first
    if g.rules.field_payment_to == "discard":
        g.discard.extend(paid)
    else:                       # "removed": the duel's coins leave the game (§3a, C11)
        g.removed.extend(paid)
    s.fields.append(None)
    g.events.append(("buy", seat, (cost, g.rules.field_payment_to), None))


def can_buy(g: GameState, seat: int) -> bool:
    """Whether ``seat`` may buy the third field now (R21-R24)."""
    cost = g.rules.third_field_cost
    s = g.seats[seat]
    return g.phase != "over" and cost is not None and len(s.fields) < 3 and len(s.coins) >= cost


def buy_hint(g: GameState, seat: int) -> bool:
    """The board's buy hint: :func:`can_buy`, except that under ``hidden_money`` it does not
    look at the coins, since even one's own total is hidden (R42)."""
    if not g.options.get("hidden_money"):
        return can_buy(g, seat)
    cost = g.rules.third_field_cost
    return g.phase != "over" and cost is not None and len(g.seats[seat].fields) < 3
