"""Game log lines phrased for people in English and Japanese (issue 10, points 6 and 7):
every event kind of random games, for every viewer; no internal names ("plant_traded",
slugs such as "blackeyed"); a player's own draw names the cards, nobody else's does (R41)."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

from bohnanza.commands import parse
from bohnanza.commands.logtext import log_line, phase_name
from bohnanza.engine import Event, Game, RuleError

from .randplay import sensible_action

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
INTERNAL = re.compile(r"plant_traded|plant_offer|plant_revealed|blackeyed|\bend_trading\b|\{|\}|None")


def _played(g: Game, rnd: random.Random, steps: int) -> Iterator[list[Event]]:
    """The events of each accepted action of a random game (``sensible_action``), at most
    ``steps`` actions tried, until the game is over."""
    for _ in range(steps):
        if g.over:
            return
        seat, action = sensible_action(g, rnd)
        try:
            events = g.apply(seat, action)
        except RuleError:
            continue
        yield events


def test_every_event_of_random_games_reads_well() -> None:
    rnd = random.Random(3)
    kinds: set[str] = set()
    # rio-grande with 2: the bean duel (rules.md §3a), both versions
    setups = [("classic", 3), ("classic", 4), ("rio-grande", 5), ("rio-grande", 2),
              ("rio-grande", 2)]
    for k, (preset, n) in enumerate(setups):
        options = {"duel_base": "3fields" if k == 4 else "standard"} if n == 2 else {}
        g = Game.new(preset, ["Ann", "Bob", "Cleo", "Dan", "Eve"][:n], k + 1, options)
        for events in _played(g, rnd, 3000):
            for ev in events:
                kinds.add(ev.kind)
                for viewer in (None, *range(n)):
                    entry = ev.for_viewer(viewer, g.names)
                    for lang in ("en", "ja"):
                        line = log_line(entry, lang, g.names, viewer)
                        assert line and not INTERNAL.search(line), (entry, line)
                        # a sentence: a capital, a name (all capitalised here) or a number
                        assert line[0].isupper() or line[0].isdigit() or lang == "ja", line
                        if lang == "ja":
                            assert JAPANESE.search(line), (entry, line)
                    if ev.kind == "draw" and ev.secret and ev.secret["cards"]:
                        own = log_line(entry, "en", g.names, viewer)
                        assert own.startswith("You drew") == (viewer == ev.seat), own
    assert {"plant", "harvest", "reveal", "draw", "phase", "turn", "offer", "deal_start",
            "deal_done", "exhaustion", "game_over", "discard", "pull", "leave", "buy"} <= kinds, kinds


def test_phase_names_are_words() -> None:
    # R33: phase 3 plants the received cards and the face-up cards the active player kept
    assert phase_name("plant_traded") == "Phase 3: plant the traded and kept cards"
    assert phase_name("plant_traded", "ja") == "フェーズ3: 入手・キープしたカードを植える"
    line = log_line({"kind": "phase", "seat": 0, "phase": "plant_traded",
                     "text": "phase: plant_traded"}, "en", ["Ann"])
    assert line == "Phase 3: plant the traded and kept cards"


def test_gifts_and_gift_requests_read_as_such() -> None:
    """R30: a deal where one side gives nothing is a gift; asking for one is C12. The log
    never says "offers nothing for"."""
    names = ["Ann", "Bob", "Cy"]
    gift = {"kind": "offer", "seat": 2, "id": 3, "give": {"green": 1}, "want": {},
            "to_active": True}
    ask = {"kind": "offer", "seat": 2, "id": 4, "give": {}, "want": {"green": 1},
           "to_active": True}
    assert log_line(gift, "en", names) == "Cy gives Green as a gift (offer #3)"
    assert log_line(ask, "en", names) == "Cy asks for Green as a gift (offer #4)"
    for entry in (gift, ask):
        assert "nothing" not in log_line(entry, "en", names)
        assert "gift" in log_line(entry, "en", names)
        assert "贈り物" in log_line(entry, "ja", names)      # called a gift (trial 3)
        assert "なし" not in log_line(entry, "ja", names).replace("見返りなし", "")
        assert "を出して" not in log_line(entry, "ja", names)
    # aimed at one seat: "asks Ann for", never "asks to Ann for" (the trial's slip)
    ask_ann = dict(ask, to=0)
    gift_ann = dict(gift, to=0)
    assert log_line(ask_ann, "en", names) == "Cy asks Ann for Green as a gift (offer #4)"
    assert log_line(gift_ann, "en", names) == "Cy gives Green as a gift to Ann (offer #3)"
    for entry in (ask_ann, gift_ann):        # JA: "Annに…", not an addressee tag as well
        line = log_line(entry, "ja", names)
        assert ": Annに" in line and "宛て" not in line, line
    # the deal's start of a gift says gift too (trial 3); the event says so (R30)
    g = Game.from_position({"preset": "classic", "deck": ["soy"] * 10, "phase": "trade",
                            "names": names, "face_up": ["green"], "seats": [{}, {}, {}]})
    g.apply(0, parse("/offer green for nothing to 3").action)     # type: ignore[union-attr]
    start = next(e.for_viewer(2, names) for e in g.apply(2, parse("/accept 1").action)  # type: ignore[union-attr]
                 if e.kind == "deal_start")
    assert start["gift"] is True
    assert log_line(start, "en", names) == "Cy accepted offer #1: a gift, with Ann"
    assert "贈り物" in log_line(start, "ja", names)
    done = {"kind": "deal_done", "seat": 0, "offer": 3, "other": 2, "active_gave": [],
            "other_gave": ["green"]}
    assert log_line(done, "en", names) == "Gift done: Cy gave Green to Ann"


def test_room_lines_from_their_key() -> None:
    entry = {"kind": "room", "key": "room.joined", "params": {"name": "Ann", "seat": 2},
             "text": "Ann joins in seat 2."}
    assert log_line(entry, "en") == "Ann joins in seat 2."
    assert log_line(entry, "ja") == "Annが2番の席に着きました。"
    assert log_line({"kind": "room", "text": "old line"}, "ja") == "old line"


def test_the_hosted_games_entries_are_logtexts_sentences_of_each_viewers_form() -> None:
    """The server's log entries (``BohnanzaHost.entries``, phrased without the engine's own
    sentence): each viewer's form is the event's form for that viewer (the secret only in
    the own seat's, R41), its keys in the same order, with ``log_line``'s English sentence as
    its text. ``entries`` reads the events' plain records (``EventLog`` not built: the zip
    below builds them after ``entries`` was called)."""
    from bohnanza.games.bohnanza import BOHNANZA

    rnd = random.Random(5)
    secret_seen = 0
    for k, (preset, n) in enumerate([("classic", 4), ("rio-grande", 3)]):
        g = Game.new(preset, ["Ann", "Bob", "Cleo", "Dan"][:n], k + 7)
        for events in _played(g, rnd, 1500):
            for ev, entry in zip(events, BOHNANZA.entries(g, events), strict=True):
                bare = ev.for_viewer(None, g.names, text=False)
                assert "text" not in bare
                for viewer in (None, *range(n)):
                    form = (entry["all"] if "all" in entry
                            else entry["per"][str(-1 if viewer is None else viewer)])
                    whole = ev.for_viewer(viewer, g.names)
                    assert {**form, "text": whole["text"]} == whole
                    assert list(form) == list(whole)  # the keys' order: the frames' bytes
                    assert form["text"] == log_line(whole, "en", g.names, viewer)
                    if ev.secret and viewer != ev.seat:
                        assert not set(ev.secret) - set(ev.data) & set(form), form
                    secret_seen += bool(ev.secret) and viewer == ev.seat
    assert secret_seen > 0
