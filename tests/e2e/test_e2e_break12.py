"""Names in right-to-left scripts on the board (break12). Names in other scripts are welcome
(test_srv_harden_text): a Hebrew or Arabic name is a run of right-to-left letters inside an
English or Japanese line, and without a bidi isolate the Unicode bidi algorithm pulls the
numbers and punctuation next to it into its run. A trader's chat line "2 red for 1 blue"
from a Hebrew name read "2 :אבג red for 1 blue" (the 2 drawn before the speaker's name, the
colon after it), a chat line "3" read "3 :شمس", as if the speaker had said nothing, and
two such names in a list ("Seated: אבג, شمس") were drawn in the reverse order."""

from __future__ import annotations

from typing import Any

import pytest

from .e2e_board import sync
from .test_e2e_break11 import say
from .test_e2e_trial_faults import close, enter, table

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
    # one after the other as the server takes them: two lines sent from two pages at once
    # may reach a busy server in either order, and the order is asserted below
    heb.act(lambda: say(heb, "2 red for 1 blue, anyone?"))
    arab.act(lambda: say(arab, "3"))
    bob.page.wait_for_function("document.querySelectorAll('#chat .chat-line b').length >= 2")
    lines = bob.page.locator("#chat .chat-line:has(b)")
    seen = [lines.nth(i).evaluate(PLACES) for i in range(lines.count())]
    assert [s["name_text"] for s in seen] == [f"{HEBREW}: ", f"{ARABIC}: "]
    for s in seen:
        # an English line reads left to right: the name, then what was said after it
        assert s["first_left"] >= s["name_right"] - 1, s
    close(players)


# the left edge of where each of ``names`` is drawn in an element (its first occurrence in
# the element's text, wherever the text nodes are split)
LEFTS = """(el, names) => {
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  const nodes = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) nodes.push(n);
  return names.map((name) => {
    for (const n of nodes) {
      const i = n.data.indexOf(name);
      if (i < 0) continue;
      const r = document.createRange();
      r.setStart(n, i);
      r.setEnd(n, i + name.length);
      return r.getBoundingClientRect().left;
    }
    return null;
  });
}"""


def test_right_to_left_names_in_a_list_keep_their_seat_order(server: str,
                                                             browser: Any) -> None:
    """The name gate of a room where אבג (seat 1) and شمس (seat 2) sit said "Seated: شمس
    ,אבג (3 seats free)": the two names, with the comma between them, were one right-to-left
    run, so the English line read the second seat first."""
    players = [enter(browser, server, "rtl-gate", n) for n in (HEBREW, ARABIC)]
    ctx = browser.new_context(viewport={"width": 1366, "height": 768})
    page = ctx.new_page()
    page.goto(f"{server}/r/rtl-gate")
    page.wait_for_function("document.querySelector('#gate-seated').textContent.includes('"
                           + ARABIC + "')")
    hebrew, arabic = page.locator("#gate-seated").evaluate(LEFTS, [HEBREW, ARABIC])
    assert hebrew is not None and arabic is not None
    assert hebrew < arabic, (hebrew, arabic)   # seat 1 first: an English line reads left to right
    ctx.close()
    close(players)


def test_right_to_left_names_on_an_offer_keep_their_seat_order(server: str,
                                                               browser: Any) -> None:
    """An offer two such players passed on said "Declined by شمس ,אבג": the same run, in
    the market."""
    names = [HEBREW, ARABIC, "עוז", "Bob"]
    players = table(browser, server, "rtl-market", names)
    view = players[0].view()
    a = view["active"]
    active = players[a]
    active.act(lambda: say(active, "/plant"))
    if active.view()["phase"] == "plant":
        active.act(lambda: say(active, "/done"))
    sync(players)
    bean = active.view()["face_up"][0]
    active.act(lambda: say(active, f"/offer {bean} for nothing"))
    passing = [i for i in range(3) if i != a][:2]     # two right-to-left names, seat order
    for i in passing:
        players[i].act(lambda p=players[i]: say(p, "/done"))    # not interested
    sync(players)
    first, second = (names[i] for i in passing)
    page = players[a].page
    page.wait_for_selector("#market .offer-declined")
    left = page.locator("#market .offer-declined").first.evaluate(LEFTS, [first, second])
    assert None not in left and left[0] < left[1], (first, second, left)
    close(players)


def test_right_to_left_names_in_the_lobby_keep_their_seat_order(server: str,
                                                                browser: Any) -> None:
    """The lobby's line of a room where אבג and شمس sit listed شمس first, and the people
    count after them was drawn inside their run."""
    players = [enter(browser, server, "rtl-lobby", n) for n in (HEBREW, ARABIC)]
    ctx = browser.new_context(viewport={"width": 1366, "height": 768})
    page = ctx.new_page()
    page.goto(f"{server}/")
    line = page.locator("#rooms li", has_text="rtl-lobby")
    line.locator(".seats").wait_for()
    hebrew, arabic = line.evaluate(LEFTS, [HEBREW, ARABIC])
    assert hebrew is not None and arabic is not None and hebrew < arabic, (hebrew, arabic)
    people = line.locator(".people").evaluate("e => e.getBoundingClientRect().left")
    assert people > arabic, (people, arabic)     # the count comes after the names
    ctx.close()
    close(players)
