"""Driving the board of one browser tab: read the state the page holds, act through its UI."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

TIMEOUT = 10_000
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
# what has the keyboard focus: "#id", "TAG.class.list", or "body" (the keyboard tests)
FOCUSED = """() => { const e = document.activeElement;
  return !e || e === document.body ? 'body' : e.id ? '#' + e.id
    : e.tagName + '.' + [...e.classList].join('.'); }"""


@contextmanager
def watched_page(browser: Any, **context: Any) -> Iterator[tuple[Any, list[str]]]:
    """A page in a new context (``context``: Playwright's new_context options) and the list
    its page errors collect in; the context is closed at the end."""
    ctx = browser.new_context(**context)
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    try:
        yield pg, errors
    finally:
        ctx.close()


def assert_clean(pg: Any, errors: list[str]) -> None:
    """No page error, and no text key asked for without a text (it would show as itself:
    "waiting_room")."""
    assert not errors, errors
    assert pg.evaluate("window.__bohnanza ? [...window.__bohnanza.missing] : []") == []


def drawn(page: Any, frames: int = 2) -> None:
    """Wait until the page has drawn ``frames`` more frames: what the board places in an
    animation frame (requestAnimationFrame: a tip's place, a panel brought into its column)
    was placed in the first of them, however long a loaded machine takes to draw one."""
    page.evaluate("(n) => new Promise((done) => { const next = (k) => k ? "
                  "requestAnimationFrame(() => next(k - 1)) : done(); next(n); })", frames)


def slow_frames(ms: int, switch: str | None = None) -> str:
    """An init script (``context.add_init_script``): every frame from the server reaches the
    page's code ``ms`` milliseconds late (a slow network), in order; with ``switch``, only
    while ``window[switch]`` is set. Each is late by ``ms`` from its own arrival, not from the
    frame before it: frames that came together are handed on together (they waited ``ms``
    each in turn before, and a page's load or a command's few frames took many times ``ms``)."""
    delay = f"(window.{switch} ? {ms} : 0)" if switch else str(ms)
    return """(() => {
  const Real = window.WebSocket;
  class Slow extends Real {
    set onmessage(fn) {
      let chain = Promise.resolve();
      super.onmessage = (ev) => {
        const data = ev.data;
        const due = performance.now() + DELAY;
        chain = chain.then(() => new Promise((r) => setTimeout(() => { fn({ data }); r(); },
                                                               Math.max(0, due - performance.now()))));
      };
    }
  }
  window.WebSocket = Slow;
})();""".replace("DELAY", delay)


def status(page: Any) -> str:
    """The status line's text."""
    return page.locator("#status").inner_text().strip()


class Player:
    """One person at the table: a page in its own browser context."""

    def __init__(self, page: Page, name: str) -> None:
        self.page = page
        self.name = name
        self.errors: list[str] = []
        page.on("pageerror", lambda e: self.errors.append(str(e)))

    # ------------------------------------------------------------------ reading
    def state(self) -> dict[str, Any]:
        return self.page.evaluate("window.__bohnanza.state")

    def view(self) -> dict[str, Any]:
        v = self.state()["view"]
        assert v is not None, "no game view"
        return v

    def you(self) -> dict[str, Any]:
        return self.view()["you"]

    def version(self) -> int:
        return int(self.page.evaluate("window.__bohnanza.S.version"))

    def wait_version(self, v: int) -> None:
        self.page.wait_for_function(f"window.__bohnanza.S.version >= {v}", timeout=TIMEOUT)

    def wait(self, js: str) -> None:
        """Wait until ``js`` is true; while a page (re)loads, window.__bohnanza is missing and
        the expression throws: that counts as not yet (a throw would end the wait)."""
        self.page.wait_for_function(
            f"(() => {{ try {{ return !!({js}); }} catch (e) {{ return false; }} }})()",
            timeout=TIMEOUT)

    # ------------------------------------------------------------------ acting
    def act(self, action: Any, ok: bool = True) -> dict[str, Any]:
        """Run a UI action that sends one command; wait for its reply and return it."""
        n, sent = self.page.evaluate(
            "[window.__bohnanza.replies.length, window.__bohnanza.sent.length]")
        action()
        try:
            self.page.wait_for_function(f"window.__bohnanza.replies.length > {n}", timeout=TIMEOUT)
        except Exception as e:
            ARTIFACTS.mkdir(exist_ok=True)
            self.page.screenshot(path=str(ARTIFACTS / f"no-reply-{self.name}.png"))
            said = self.page.evaluate(f"window.__bohnanza.sent.slice({sent})")
            raise AssertionError(f"{self.name}: no reply within {TIMEOUT / 1000:g} s; the page "
                                 f"sent {said or 'nothing'}") from e
        reply = self.page.evaluate(f"window.__bohnanza.replies[{n}]")
        if ok:
            assert reply["ok"], f"{self.name}: {reply}"
        return reply

    def click(self, selector: str, button: str = "left") -> None:
        self.page.locator(selector).first.click(button=button)  # type: ignore[arg-type]

    def harvest(self, field: int) -> None:
        """Press Harvest on ``field``; a harvest for 0 coins asks first (trial 3): yes."""
        self.click(f'#fields .field[data-field="{field}"] button.harvest')
        yes = self.page.locator("#confirm-yes")
        if yes.count():
            yes.click()

    def awaits_auto_provide(self) -> bool:
        """Whether the board hands this seat's cards over by itself (the view's
        deal_auto_cards: which ones changes nothing, trial 3); then waits until it has and
        its reply came. False: the person picks (or nothing is owed)."""
        you = self.you()
        if you.get("deal_auto_cards") is None or you.get("deal_provided"):
            return False
        self.wait("(() => { const b = window.__bohnanza, v = b.state.view;"
                  " return b.replies.length >= b.sent.length"
                  " && (!v.deal || (v.you && v.you.deal_provided)); })()")
        return True

    def clear_offer(self) -> None:
        """Empty the offer window (folded away when already empty)."""
        if self.page.locator("#offer-clear").count():
            self.click("#offer-clear")

    def drag(self, source: str, target: str) -> None:
        self.page.locator(source).first.drag_to(self.page.locator(target).first)

    def shot(self, path: Path) -> None:
        self.page.screenshot(path=str(path), full_page=True)


def sync(players: list[Player]) -> None:
    """Wait until every page shows the newest state any of them has. A board is sent nothing
    for a version in which it sees nothing new (another seat's markers it does not see:
    ``server/room/stateframes.py``), so one still behind after a moment asks for its state
    again (``resync``: a full state of the room's version; its own ``resyncs`` count, the
    patches it could not follow, stays as it is)."""
    v = max(p.version() for p in players)
    for p in players:
        try:
            p.page.wait_for_function(f"window.__bohnanza.S.version >= {v}", timeout=1000)
        except PlaywrightTimeout:
            p.page.evaluate("window.__bohnanza.net.ws.send(JSON.stringify({type: 'resync'}))")
            p.wait_version(v)


# ------------------------------------------------------- keyboard (the sample board's push)


def press(page: Any, selector: str, key: str = "Enter") -> None:
    """The control focused (as Tab would put it there) and ``key`` pressed."""
    page.locator(selector).first.focus()
    page.keyboard.press(key)


def push(page: Any, msg: dict[str, Any]) -> str:
    """The server's next state; what has the focus once the page drew it."""
    page.evaluate("m => window.__bohnanza.push(m)", msg)
    drawn(page)
    return str(page.evaluate(FOCUSED))
