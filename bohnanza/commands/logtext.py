"""Game log lines in English and Japanese, phrased from an event's public fields.

``log_line(entry, lang, names)`` takes one entry as ``Event.for_viewer`` gives it
(``{"kind", "seat", ...data}``; the drawn cards only in the drawing seat's own entry) and
returns the sentence for a person reading ``lang``. No internal names reach people: a phase is
"Phase 3: plant the traded and kept cards", not ``plant_traded``. Room lines (``kind`` ``room``) carry
their catalogue ``key`` and ``params`` (see :mod:`.texts`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .texts import EN_BEANS, bean_name, cards_text, fill, side_text

_PHASES = {
    "plant": ("Phase 1: plant from the hand", "フェーズ1: 手札から植える"),
    "trade": ("Phase 2: trade", "フェーズ2: 交渉"),
    # R33: the cards received in deals and gifts, and the face-up cards the active player kept
    "plant_traded": ("Phase 3: plant the traded and kept cards",
                     "フェーズ3: 入手・キープしたカードを植える"),
    # the 2-player bean duel (rules.md §3a): steps 1 and 3 of a turn
    "plant_offer": ("Step 1: plant or discard the opponent's offer",
                    "ステップ1: 相手が残したカードを植えるか捨てる"),
    "plant_revealed": ("Step 3: plant from the revealed cards", "ステップ3: めくったカードを植える"),
    "over": ("Game over", "ゲーム終了"),
}


def phase_name(phase: str, lang: str = "en") -> str:
    """A phase for people (``"Phase 2: trade"``); an unknown phase as given."""
    pair = _PHASES.get(phase)
    return phase if pair is None else pair[1 if lang == "ja" else 0]


def _coins(n: int, lang: str) -> str:
    if lang == "ja":
        return f"{n}ターラー"
    return f"{n} coin" + ("" if n == 1 else "s")


Name = Callable[[Any], str]
Phrase = Callable[[str, dict[str, Any], bool, Name], str]
"""One kind's English sentence: ``(who, entry, own, name) -> str`` (``who``: the name of the
entry's seat; ``own``: the reader is that seat; ``name``: a seat's name). Raises ``KeyError``
or ``TypeError`` for an entry that lacks a field (:func:`phrased` gives up on it)."""


def _b(slug: str) -> str:
    return EN_BEANS.get(slug, slug)  # bean_name(slug, "en"), one call less


def _en_plant(who: str, d: dict[str, Any], own: bool, name: Name) -> str:
    bean = d["bean"]  # (the most common line: its bean's name without a call)
    return f"{who} planted {EN_BEANS.get(bean, bean)} in field {d['field']}"


def _en_harvest(who: str, d: dict[str, Any], own: bool, name: Name) -> str:
    line = f"{who} harvested {d['count']} {_b(d['bean'])} from field {d['field']}"
    if "coins" not in d:  # hidden_money (R42): what it earned is not told
        return line
    return f"{line} for {_coins(d['coins'], 'en')}"


def _en_buy(who: str, d: dict[str, Any], own: bool, name: Name) -> str:
    if d.get("paid_to") == "removed":
        return f"{who} bought a third field; its {_coins(d['cost'], 'en')} left the game"
    return f"{who} bought a third field"


def _en_discard(who: str, d: dict[str, Any], own: bool, name: Name) -> str:
    where = "an offer card" if d.get("from") == "offer" else "a hand card"
    card = f" ({d['card']})" if own and d.get("card") else ""
    return f"{who} discarded {where}: {_b(d['bean'])}{card}"


def _en_pull(who: str, d: dict[str, Any], own: bool, name: Name) -> str:
    return f"{cards_text(d['cards'], 'en')} joined them from the discard pile"


def _en_leave(who: str, d: dict[str, Any], own: bool, name: Name) -> str:
    return f"{who} left {cards_text(d['cards'], 'en')} as {name(d['to'])}'s offer"


def _en_reveal(who: str, d: dict[str, Any], own: bool, name: Name) -> str:
    return f"{who} turned up {cards_text(d.get('cards', []), 'en')}"


def _en_draw(who: str, d: dict[str, Any], own: bool, name: Name) -> str:
    if own and "cards" in d:
        return f"You drew {cards_text(d['cards'], 'en')}"
    n = d["count"]
    return f"{who} drew {n} card" + ("" if n == 1 else "s")


def _en_reshuffle(who: str, d: dict[str, Any], own: bool, name: Name) -> str:
    return f"The discard pile ({d['count']} cards) was shuffled into a new draw pile"


def _en_exhaustion(who: str, d: dict[str, Any], own: bool, name: Name) -> str:
    return f"The draw pile ran out ({d['exhaustions']} of {d['limit']})"


def _en_phase(who: str, d: dict[str, Any], own: bool, name: Name) -> str:
    return phase_name(d["phase"], "en")


def _en_turn(who: str, d: dict[str, Any], own: bool, name: Name) -> str:
    return f"{who}'s turn"


def _en_offer(who: str, d: dict[str, Any], own: bool, name: Name) -> str:
    aimed = d.get("to") is not None
    to = f" to {name(d['to'])}" if aimed else ""
    if d["want"] == {}:    # a gift (R30)
        return f"{who} gives {side_text(d['give'], 'en')} as a gift{to} (offer #{d['id']})"
    if d["give"] == {}:    # asking for a gift (R30, C12): "asks Ann for", not "asks to Ann"
        whom = f" {name(d['to'])}" if aimed else ""
        return (f"{who} asks{whom} for {side_text(d['want'], 'en')} as a gift "
                f"(offer #{d['id']})")
    return (f"{who} offers {side_text(d['give'], 'en')} for {side_text(d['want'], 'en')}"
            f"{to} (offer #{d['id']})")


def _en_withdraw(who: str, d: dict[str, Any], own: bool, name: Name) -> str:
    return f"{who} withdrew offer #{d['id']}"


def _en_offer_stale(who: str, d: dict[str, Any], own: bool, name: Name) -> str:
    if d.get("why") == "gift_request":     # C12: the gift it answered is gone
        return (f"Offer #{d['id']} left the market: the gift {who} answered is gone, and "
                "asking for a gift is not allowed here")
    return f"Offer #{d['id']} left the market: {who} no longer holds what it gives"


def _en_deal_start(who: str, d: dict[str, Any], own: bool, name: Name) -> str:
    if d.get("gift"):       # R30: one side gives nothing
        return f"{who} accepted offer #{d['offer']}: a gift, with {name(d['other'])}"
    return f"{who} accepted offer #{d['offer']}: a deal with {name(d['other'])}"


def _en_provide(who: str, d: dict[str, Any], own: bool, name: Name) -> str:
    return f"{who} handed over the cards for the deal on offer #{d['offer']}"


def _en_deal_cancel(who: str, d: dict[str, Any], own: bool, name: Name) -> str:
    return f"{who} called off the deal on offer #{d['offer']}"


def _en_deal_done(who: str, d: dict[str, Any], own: bool, name: Name) -> str:
    other = name(d["other"])
    if not d["other_gave"]:     # a gift (R30)
        return f"Gift done: {who} gave {cards_text(d['active_gave'], 'en')} to {other}"
    if not d["active_gave"]:
        return f"Gift done: {other} gave {cards_text(d['other_gave'], 'en')} to {who}"
    return (f"Deal done: {who} gave {cards_text(d['active_gave'], 'en')}, "
            f"{other} gave {cards_text(d['other_gave'], 'en')}")


def _en_pass(who: str, d: dict[str, Any], own: bool, name: Name) -> str:
    return f"{who} is not interested"


def _en_game_over(who: str, d: dict[str, Any], own: bool, name: Name) -> str:
    winners = ", ".join(name(s) for s in d.get("winners", []))
    return f"Game over: {winners} won with {_coins(d['best'], 'en')}"


EN: dict[str, Phrase] = {
    "plant": _en_plant, "harvest": _en_harvest, "buy": _en_buy, "discard": _en_discard,
    "pull": _en_pull, "leave": _en_leave, "reveal": _en_reveal, "draw": _en_draw,
    "reshuffle": _en_reshuffle, "exhaustion": _en_exhaustion, "phase": _en_phase,
    "turn": _en_turn, "offer": _en_offer, "withdraw": _en_withdraw,
    "offer_stale": _en_offer_stale, "deal_start": _en_deal_start, "provide": _en_provide,
    "deal_cancel": _en_deal_cancel, "deal_done": _en_deal_done, "pass": _en_pass,
    "game_over": _en_game_over,
}
"""Each event kind's English sentence (:data:`Phrase`), looked up by kind (issue 14: one
look-up, not a chain of comparisons); a kind not here has none (``""``)."""


def _en(kind: str, who: str, d: dict[str, Any], own: bool, name: Name) -> str:
    phrase = EN.get(kind)
    return "" if phrase is None else phrase(who, d, own, name)


def _ja(kind: str, who: str, d: dict[str, Any], own: bool, name: Callable[[Any], str]) -> str:
    def b(slug: str) -> str:
        return bean_name(slug, "ja")

    if kind == "plant":
        return f"{who}が{b(d['bean'])}を畑{d['field']}に植えた"
    if kind == "harvest":
        line = f"{who}が畑{d['field']}の{b(d['bean'])}{d['count']}枚を売却"
        if "coins" not in d:  # hidden_money (R42)
            return line
        return f"{line}（{_coins(d['coins'], 'ja')}）"
    if kind == "buy":
        if d.get("paid_to") == "removed":
            return f"{who}が3つ目の畑を購入（{_coins(d['cost'], 'ja')}はゲームから除外）"
        return f"{who}が3つ目の畑を購入"
    if kind == "discard":
        where = "相手が残したカード" if d.get("from") == "offer" else "手札"
        card = f"（{d['card']}）" if own and d.get("card") else ""
        return f"{who}が{where}を捨てた: {b(d['bean'])}{card}"
    if kind == "pull":
        return f"捨て札から加わった: {cards_text(d['cards'], 'ja')}"
    if kind == "leave":
        return f"{who}が{name(d['to'])}に残したカード: {cards_text(d['cards'], 'ja')}"
    if kind == "reveal":
        return f"{who}が表向きにした: {cards_text(d.get('cards', []), 'ja')}"
    if kind == "draw":
        if own and "cards" in d:
            return f"あなたが引いたカード: {cards_text(d['cards'], 'ja')}"
        return f"{who}がカードを{d['count']}枚引いた"
    if kind == "reshuffle":
        return f"捨て札{d['count']}枚をシャッフルして新しい山札にした"
    if kind == "exhaustion":
        return f"山札がなくなった（{d['exhaustions']}/{d['limit']}回目）"
    if kind == "phase":
        return phase_name(d["phase"], "ja")
    if kind == "turn":
        return f"{who}の手番"
    if kind == "offer":
        aimed = d.get("to") is not None
        to = f"（{name(d['to'])}宛て）" if aimed else ""
        # a gift and a gift request name the other person as the one given to / asked
        # ("Annに…を贈る", "Annに…を無償で求める"), not as an addressee tag
        whom = f"{name(d['to'])}に" if aimed else ""
        if d["want"] == {}:    # a gift (R30), called so (trial 3)
            return (f"{who}のオファー#{d['id']}（贈り物）: {whom}{side_text(d['give'], 'ja')}"
                    "を贈る")
        if d["give"] == {}:    # asking for a gift (R30, C12)
            return (f"{who}のオファー#{d['id']}（贈り物の依頼）: {whom}"
                    f"{side_text(d['want'], 'ja')}を無償で求める")
        return (f"{who}のオファー#{d['id']}{to}: {side_text(d['give'], 'ja')}を出して"
                f"{side_text(d['want'], 'ja')}を求める")
    if kind == "withdraw":
        return f"{who}がオファー#{d['id']}を撤回"
    if kind == "offer_stale":
        if d.get("why") == "gift_request":     # C12: the gift it answered is gone
            return (f"オファー#{d['id']}が市場から消えた（{who}が応じた贈り物がなくなり、"
                    "贈り物の依頼はできない）")
        return f"オファー#{d['id']}が市場から消えた（{who}が出すカードを持っていない）"
    if kind == "deal_start":
        if d.get("gift"):       # R30: one side gives nothing
            return f"{who}がオファー#{d['offer']}を受諾: {name(d['other'])}との贈り物"
        return f"{who}がオファー#{d['offer']}を受諾: {name(d['other'])}とのトレード"
    if kind == "provide":
        return f"{who}がオファー#{d['offer']}のトレードのカードを渡した"
    if kind == "deal_cancel":
        return f"{who}がオファー#{d['offer']}のトレードを中止"
    if kind == "deal_done":
        other = name(d["other"])
        if not d["other_gave"]:     # a gift (R30)
            return f"贈り物成立: {who}が{other}に{cards_text(d['active_gave'], 'ja')}を渡した"
        if not d["active_gave"]:
            return f"贈り物成立: {other}が{who}に{cards_text(d['other_gave'], 'ja')}を渡した"
        return (f"トレード成立: {who}は{cards_text(d['active_gave'], 'ja')}、"
                f"{other}は{cards_text(d['other_gave'], 'ja')}を渡した")
    if kind == "pass":
        return f"{who}: 興味なし"
    if kind == "game_over":
        winners = "、".join(name(s) for s in d.get("winners", []))
        return f"ゲーム終了: {winners}の勝ち（{_coins(d['best'], 'ja')}）"
    return ""


def log_line(entry: dict[str, Any], lang: str = "en", names: Sequence[str] = (),
             viewer: int | None = None) -> str:
    """The sentence of one log ``entry`` for a person reading ``lang``; ``names``: seat
    names; ``viewer``: the reader's seat (``you drew ...`` in its own entries). An entry this
    module cannot phrase keeps its ``text``."""
    line = phrased(entry, lang, names, viewer)
    if line is not None:
        return line
    if entry.get("kind") == "room":
        return str(entry.get("text", ""))
    return str(entry.get("text", entry.get("kind", "")))


def phrased(entry: dict[str, Any], lang: str = "en", names: Sequence[str] = (),
            viewer: int | None = None) -> str | None:
    """:func:`log_line`'s sentence, or None when this module cannot phrase ``entry`` (then
    :func:`log_line` gives its ``text``)."""
    kind = str(entry.get("kind", ""))
    if kind == "room":
        key = entry.get("key")
        if isinstance(key, str):
            try:
                return fill(key, entry.get("params"), lang)
            except (KeyError, IndexError, ValueError):
                pass
        return None

    def name(seat: Any) -> str:
        if isinstance(seat, int) and 0 <= seat < len(names):
            return names[seat]
        return f"P{seat}" if seat is not None else ""

    seat = entry.get("seat")
    own = viewer is not None and seat == viewer
    try:
        out = (_ja if lang == "ja" else _en)(kind, name(seat), entry, own, name)
    except (KeyError, TypeError):
        out = ""
    return out or None
