"""The one replay path (bohnanza/commands/replay.py): the accepted commands of a game, applied
again as text to the same deal, give the same game as live play did (design.md section 2: a
game is determined by its deal and the commands applied), in every preset and player count;
each text refused live is refused again at the same point, with the same code."""

from __future__ import annotations

import random

import pytest

from bohnanza.bots import get_policy
from bohnanza.commands import GameCommand, ParseError, apply_text, parse, replay
from bohnanza.engine import PLAYER_RANGE, PRESETS, Game, Refusal, RuleError

# texts a person might send at any moment: some apply now and then, most are refused
NOISE = ["/done", "/harvest 1", "/harvest 3", "/buy", "/plant", "/plant 2", "/accept 1",
         "/accept 99", "/withdraw 2", "/provide h1", "/cancel", "/want red", "/have soy",
         "/signals clear", "/offer red for nothing", "/offer ? for 2 blue", "/plant red",
         "/join Ann", "hello", "/harvest", "/offer"]


def _live(preset: str, n: int, seed: int) -> tuple[Game, list[tuple[int, str, str | None]]]:
    """Play a game as the server does (parse, then Game.apply): bots for every seat, asked
    the active player last, plus noise. Returns the game and every (seat, text, refusal code
    or None) in order."""
    game = Game.new(preset, [f"P{i}" for i in range(n)], seed)
    rng = random.Random(seed)
    policies = [get_policy("random" if i == 0 else "greedy") for i in range(n)]
    said: list[tuple[int, str, str | None]] = []
    quiet = 0
    while not game.over and len(said) < 20000:
        acted = False
        for k in range(n):
            seat = (game.active + 1 + k) % n
            text = policies[seat].decide(game.view(seat), rng, hurry=quiet > 1)
            if rng.random() < 0.15:
                text = rng.choice(NOISE)
            if text is None:
                continue
            try:
                command = parse(text)
                if not isinstance(command, GameCommand):
                    raise ParseError("not a game command")
                game.apply(seat, command.action)
            except Refusal as e:
                said.append((seat, text, e.code))
                continue
            said.append((seat, text, None))
            acted = True
            if game.over:
                break
        quiet = 0 if acted else quiet + 1
    return game, said


@pytest.mark.parametrize("preset", PRESETS)
def test_replay_gives_the_game_live_play_gave(preset: str) -> None:
    low, high = PLAYER_RANGE[preset]
    for n in range(low, high + 1):
        for seed in (n,):
            live, said = _live(preset, n, seed)
            assert live.over, (preset, n, seed)
            accepted = [(seat, text) for seat, text, code in said if code is None]
            again = replay(Game.new(preset, [f"P{i}" for i in range(n)], seed), accepted)
            assert again.to_position() == live.to_position(), (preset, n, seed)

            # step by step: the same refusals at the same points
            game = Game.new(preset, [f"P{i}" for i in range(n)], seed)
            for seat, text, code in said:
                if code is None:
                    apply_text(game, seat, text)
                    continue
                with pytest.raises(Refusal) as info:
                    apply_text(game, seat, text)
                assert info.value.code == code, (seat, text)
            assert game.to_position() == live.to_position()


def test_apply_text_refuses_what_is_not_a_game_command() -> None:
    game = Game.new("classic", ["A", "B", "C"], 1)
    before = game.to_position()
    for text in ("/join Ann", "hello", "/start"):
        with pytest.raises(ParseError) as info:
            apply_text(game, 0, text)
        assert info.value.code == "parse_error" and text in info.value.message
    with pytest.raises(ParseError):
        apply_text(game, 0, "/plant two")
    with pytest.raises(RuleError) as rule:
        apply_text(game, (game.active + 1) % 3, "/plant")
    assert rule.value.code == "not_your_turn" and rule.value.rule == "R26"
    assert game.to_position() == before
