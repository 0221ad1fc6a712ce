"""Names in right-to-left scripts on the board (break12). Names in other scripts are welcome
(test_srv_harden_text): a Hebrew or Arabic name is a run of right-to-left letters inside an
English or Japanese line, and without a bidi isolate the Unicode bidi algorithm pulls the
numbers and punctuation next to it into its run. A trader's chat line "2 red for 1 blue"
from a Hebrew name read "2 :אבג red for 1 blue" (the 2 drawn before the speaker's name, the
colon after it), and a chat line "3" read "3 :شمس", as if the speaker had said nothing."""

from __future__ import annotations

from typing import Any

import pytest

from .test_e2e_break11 import say
from .test_e2e_trial_faults import close, table

pytestmark = pytest.mark.browser

HEBREW, ARABIC = "אבג", "شمس"

# where a chat line's parts are drawn: the speaker's name (its box) and the first character
# of what was said (the box of that one character)
PLACES = """line => {
  const name = line.querySelector('b').getBoundingClientRect();
  const said = line.querySelector('span').firstChild;
  const r = document.createRange();
  r.setStart(said, 0);
  r.setEnd(said, 1);
  const first = r.getBoundingClientRect();
  return {name_left: name.left, name_right: name.right, first_left: first.left,
          name_text: line.querySelector('b').textContent};
}"""


def test_a_right_to_left_name_keeps_its_chat_line_in_order(server: str, browser: Any) -> None:
    players = table(browser, server, "rtl-chat", [HEBREW, "Bob", ARABIC])
    heb, bob, arab = players
    say(heb, "2 red for 1 blue, anyone?")
    say(arab, "3")
    bob.page.wait_for_function("document.querySelectorAll('#chat .chat-line b').length >= 2")
    lines = bob.page.locator("#chat .chat-line:has(b)")
    seen = [lines.nth(i).evaluate(PLACES) for i in range(lines.count())]
    assert [s["name_text"] for s in seen] == [f"{HEBREW}: ", f"{ARABIC}: "]
    for s in seen:
        # an English line reads left to right: the name, then what was said after it
        assert s["first_left"] >= s["name_right"] - 1, s
    close(players)
