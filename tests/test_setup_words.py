"""Set-up words (issue 10, point 8) and the lobby's memory (point 7): what the README tells a
newcomer is what the Makefile and the settings do."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from bohnanza.server.settings import Settings

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text()


@pytest.mark.skipif(shutil.which("make") is None, reason="no make on this machine")
def test_make_run_serves_on_the_port_given() -> None:
    assert "make run PORT=8001" in README
    out = subprocess.run(["make", "-n", "run", "PORT=8001"], cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout
    serve = next(x for x in out.splitlines() if " -m bohnanza serve " in x)
    assert re.search(r"--port 8001(\s|$)", serve), serve


def test_readme_says_make_test_needs_shared_beside_the_project() -> None:
    start = README.index("make test")
    words = " ".join(README[start:start + 1200].split())
    assert "needs the shared rule material in `../shared`" in words, words


def test_rooms_nobody_visits_are_forgotten_after_a_day() -> None:
    """The lobby forgets a room nobody has visited for a day (86 400 s)."""
    assert Settings.model_fields["forget_after"].default == 86400.0


def _english_labels() -> set[str]:
    """The English texts of the pages: web/js/i18n.js's first strings and the static labels
    of web/*.html."""
    web = ROOT / "web"
    i18n = (web / "js" / "i18n.js").read_text()
    labels = set(re.findall(r"^\s+\w+: \['((?:[^'\\]|\\.)*)'", i18n, re.M))
    for page in web.glob("*.html"):
        labels |= {x.strip() for x in re.findall(r">([^<>]+)</(?:button|a|option)>",
                                                  page.read_text())}
    return labels


def test_readme_names_the_buttons_the_pages_show() -> None:
    """Issue 10, fourth trial: the README said "press Take a seat" where the lobby's button is
    "Open or create". Every button the "Playing" section names in bold is a label of the
    pages, and the lobby's button comes before Take a seat."""
    start = README.index("## Playing")
    section = README[start:README.index("\n### ", start)]
    named = [" ".join(x.split()) for x in re.findall(r"\*\*(.+?)\*\*", section, re.S)]
    assert "Open or create" in named and "Take a seat" in named, named
    assert named.index("Open or create") < named.index("Take a seat"), named
    labels = _english_labels()
    missing = [x for x in named if x not in labels]
    assert missing == [], missing
