"""Typed commands -> canonical command text (the inverse of :func:`parse`)."""

from __future__ import annotations

from bohnanza.engine.actions import (
    ASK,
    Accept,
    Action,
    Buy,
    Cancel,
    CardRef,
    ClearSignals,
    Discard,
    Done,
    Harvest,
    Plant,
    PostOffer,
    Provide,
    Side,
    Signal,
    Withdraw,
)

from .beans import SLUGS
from .model import Chat, Command, GameCommand
from .numbers import MAX_CARD, MAX_OFFER, MAX_SMALL
from .room import (
    AddBot,
    HandOver,
    Help,
    Join,
    Leave,
    OptionSet,
    OptionShow,
    RemoveBot,
    RoomCommand,
    Start,
    Who,
)


def format_action(action: Action) -> str:
    """Canonical command text for an engine action, e.g. ``Plant(2, "red")`` -> ``/plant red 2``.

    ``parse(format_action(a)) == GameCommand(a)`` for every valid action. Offer sides list beans
    in catalogue order, a count only when above 1 (``/offer 2 blue, red for nothing``).
    Raises ``ValueError`` for an action the language cannot express: an unknown bean slug, a
    field or count outside 1-99, an offer number outside 1-999999, a card position outside
    1-999, or a count of 0 in an offer side.
    """
    match action:
        case Plant(field=field, bean=bean, card=card):
            words = ["/plant"]
            if card is not None:
                if bean is not None:
                    raise ValueError("/plant names a card or a bean, not both")
                words.append(_card(card))
            elif bean is not None:
                words.append(_slug(bean))
            if field is not None:
                words.append(str(_bounded(field, MAX_SMALL, "field")))
            return " ".join(words)
        case Done():
            return "/done"
        case Harvest(field=field):
            return f"/harvest {_bounded(field, MAX_SMALL, 'field')}"
        case Buy():
            return "/buy"
        case PostOffer(give=give, want=want, to=to):
            text = f"/offer {format_side(give)} for {format_side(want)}"
            if to is None:
                return text
            if isinstance(to, int):
                return f"{text} to {_bounded(to + 1, MAX_SMALL, 'seat')}"
            return f"{text} to {' '.join(to.split())}"
        case Withdraw(offer=offer):
            return f"/withdraw {_bounded(offer, MAX_OFFER, 'offer number')}"
        case Accept(offer=offer):
            return f"/accept {_bounded(offer, MAX_OFFER, 'offer number')}"
        case Provide(cards=cards):
            return " ".join(["/provide", *(_card(c) for c in cards)])
        case Discard(card=card):
            return f"/discard {_card(card)}"
        case Cancel():
            return "/cancel"
        case Signal(kind=kind, bean=bean):
            return f"/{kind} {_slug(bean)}"
        case ClearSignals():
            return "/signals clear"
    raise ValueError(f"not an engine action: {action!r}")


def format_side(side: Side) -> str:
    """One offer side as text: ``"?"``, ``"nothing"`` or ``"2 blue, red"``.

    Raises ``ValueError`` for an unknown slug or a count outside 1-99.
    """
    if side == ASK:
        return "?"
    if not isinstance(side, dict):
        raise ValueError(f"an offer side is a dict or '?', not {side!r}")
    if not side:
        return "nothing"
    for bean in side:
        _slug(bean)
    items = []
    for bean in SLUGS:
        if bean in side:
            count = _bounded(side[bean], MAX_SMALL, f"count of {bean}")
            items.append(bean if count == 1 else f"{count} {bean}")
    return ", ".join(items)


def format_command(command: Command) -> str:
    """Canonical text for anything :func:`parse` returns; ``parse`` reads it back as equal.

    Raises ``ValueError`` as :func:`format_action` does, and for a chat line that is empty or
    would read as a command (a chat line starting with ``/`` gets the ``//`` escape).
    """
    if isinstance(command, GameCommand):
        return format_action(command.action)
    if isinstance(command, Chat):
        text = command.text.strip()
        if not text or text != command.text:
            raise ValueError("a chat line is non-empty text without outer spaces")
        return "/" + text if text.startswith("/") else text
    return _format_room(command)


def _format_room(command: RoomCommand) -> str:
    match command:
        case Join(name=name):
            return "/join" if name is None else f"/join {name}"
        case Leave():
            return "/leave"
        case Start():
            return "/start"
        case OptionShow():
            return "/option"
        case OptionSet(key=key, value=value):
            return f"/option {key}" if value is None else f"/option {key} {value}"
        case AddBot(name=name, policy=policy):
            if name is None and policy is not None:
                raise ValueError("/addbot cannot give a policy without a name")
            return " ".join(["/addbot", *(w for w in (name, policy) if w is not None)])
        case RemoveBot(target=target):
            return f"/removebot {_target(target, 'removebot')}"
        case HandOver(target=target):
            return f"/handover {_target(target, 'handover')}"
        case Help(topic=topic):
            return "/help" if topic is None else f"/help {topic}"
        case Who():
            return "/who"
    raise ValueError(f"not a room command: {command!r}")


def _target(target: str, name: str) -> str:
    if not isinstance(target, str) or not target or " ".join(target.split()) != target:
        raise ValueError(f"/{name} needs a name or seat number without outer or double spaces,"
                         f" not {target!r}")
    return target


def _card(card: CardRef) -> str:
    if card.zone not in ("h", "u"):
        raise ValueError(f"a card is in zone h or u, not {card.zone!r}")
    return f"{card.zone}{_bounded(card.index, MAX_CARD, 'card position')}"


def _slug(bean: str) -> str:
    if bean not in SLUGS:
        raise ValueError(f"not a bean slug: {bean!r}")
    return bean


def _bounded(value: int, high: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= high:
        raise ValueError(f"{what} must be a whole number from 1 to {high}, not {value!r}")
    return value
