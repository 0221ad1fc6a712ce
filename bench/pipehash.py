"""Hash every frame the real room path sends over ``bench/pipeline.py``'s recorded games (a
``Hub`` and ``Room``, the ``RoomPart`` the room builds, the sends), with the clock's readings
(Unix times, ``1xxxxxxxxx.x``) and the seats' tokens masked: two trees that send the same
frames print the same hash (``bench/framehash.py`` covers ``state_frames`` alone, with the
room part as plain data).

    BOHNANZA_BENCH_PIPELINE_SRC=DIR BOHNANZA_BENCH_FRAMES_SRC=DIR python bench/pipehash.py
"""

from __future__ import annotations

import hashlib
import importlib.util
import re
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
MASK = re.compile(r'1[0-9]{9}(\.[0-9]+)?(e[-+]?[0-9]+)?|"token":"[^"]*"')


def main() -> None:
    sys.argv = [sys.argv[0], "--games", "2", "--passes", "1", "--json"]
    sys.path.insert(0, str(HERE))
    spec = importlib.util.spec_from_file_location("pipeline", HERE / "pipeline.py")
    assert spec is not None and spec.loader is not None
    pipeline = importlib.util.module_from_spec(spec)
    sys.modules["pipeline"] = pipeline
    spec.loader.exec_module(pipeline)
    digest = hashlib.sha256()
    seen = [0, 0]
    send = pipeline.NullSocket.__call__

    async def hashed(self: Any, message: dict[str, Any]) -> None:
        text = message.get("text")
        if text is not None:
            masked = MASK.sub("T", text)
            digest.update(masked.encode())
            seen[0] += 1
            seen[1] += len(masked)
        await send(self, message)

    pipeline.NullSocket.__call__ = hashed
    pipeline.main()
    print(f"{seen[0]} frames, {seen[1]} bytes masked, {digest.hexdigest()}")


if __name__ == "__main__":
    main()
