"""The command layer's bean slugs and preset names agree with the engine's tables."""

from __future__ import annotations

from bohnanza.commands import PRESET_NAMES, SLUGS
from bohnanza.engine import BEANS, PRESETS


def test_slugs_match_the_engine_beans_in_order() -> None:
    assert SLUGS == tuple(BEANS)


def test_preset_names_match_the_engine_presets() -> None:
    assert set(PRESET_NAMES) == set(PRESETS)
