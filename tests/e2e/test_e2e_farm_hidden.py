"""The farm game's board when the parameter set hides facts from the other seats (farm-rules.md
G31, ``[info] public``): a set that leaves out grades, hand sizes and synthesis counts made the
board throw at every state (``s.grades`` and a slot's ``synth`` undefined: no seat panel drawn)
or read "hand undefined" (found by a session breaking the server, 5 Dec 2026). The board shows
"?" where the view has no value, as it does for cost and VP."""

from __future__ import annotations

from typing import Any

import pytest

from .e2e_board import assert_clean, watched_page

pytestmark = pytest.mark.browser

TIMEOUT = 30_000
LAPTOP = {"viewport": {"width": 1366, "height": 768}}
HIDDEN = {"grades", "hand_count", "cost", "vp"}  # a seat's facts G31 may keep from the others


def _seat_ann_and_say(pg: Any, server: str, room: str, lines: list[str], lang: str = "en"
                      ) -> None:
    """Ann opens ``room`` on the board in ``lang``, takes a seat and says ``lines`` (each
    accepted)."""
    pg.add_init_script(f"localStorage.setItem('bohnanza.lang', {lang!r});"
                       "localStorage.setItem('bohnanza.name', 'Ann')")
    pg.goto(f"{server}/r/{room}")
    pg.click("#btn-join")
    pg.wait_for_function("window.__bohnanza.S.roomInfo.start_seats === 1", timeout=TIMEOUT)
    for text in lines:
        reply = pg.evaluate(f"window.__bohnanza.net.say({text!r})")
        assert reply["ok"], (text, reply)


@pytest.mark.parametrize("public", ['["entries"]', "[]"])
def test_hidden_grades_and_hand_sizes_read_as_unknown(browser: Any, server: str,
                                                      public: str) -> None:
    room = f"e2e-farm-hidden-{len(public)}"
    with watched_page(browser, **LAPTOP) as (pg, errors):
        _seat_ann_and_say(pg, server, room, [
            "/option game farm",
            f"/option param info.public {public}",  # G31: grades, hand sizes, cost, VP hidden
            "/addbot", "/addbot", "/start"])
        pg.wait_for_function("window.__bohnanza.S.view && window.__bohnanza.S.view.game === 'farm'"
                             " && document.querySelectorAll('#farm .farm-seat').length === 3",
                             timeout=TIMEOUT)
        view = pg.evaluate("window.__bohnanza.S.view")
        me = view["you"]["seat"]
        others = [i for i in range(3) if i != me]
        for i in others:  # the view holds none of the hidden facts of another seat
            assert not HIDDEN & set(view["seats"][i]), view["seats"][i]
        for i in others:
            panel = pg.locator(f'#farm .farm-seat[data-seat="{i}"]')
            assert panel.locator(".hand-count").inner_text() == "hand ?"
            assert panel.locator(".vp").inner_text() == "? VP"
            grades = panel.locator(".fac-grade").all_inner_texts()
            assert grades and all(g == "grade ?" for g in grades), grades
            assert panel.locator(".pip.on").count() == 0
        mine = pg.locator(f'#farm .farm-seat[data-seat="{me}"]')  # my own: every fact
        assert mine.locator(".hand-count").inner_text() == f"hand {len(view['you']['hand'])}"
        own = mine.locator(".fac-grade").all_inner_texts()
        assert own == [f"grade {g}" for g in view["you"]["grades"].values()], own
        assert_clean(pg, errors)


def test_the_farm_harvest_phase_is_no_harvest_news(browser: Any, server: str) -> None:
    # the farm's log line opening the harvest phase ("harvest phase, in this order: ...") has
    # the kind of a Bohnanza harvest (R19-R20's coins): the board showed it at the top as a
    # harvest's news, where it stayed through the phases after it (user9's trial)
    with watched_page(browser, **LAPTOP) as (pg, errors):
        _seat_ann_and_say(pg, server, "e2e-farm-news", ["/option game farm", "/addbot", "/start"])
        pg.wait_for_function("window.__bohnanza.S.view && window.__bohnanza.S.view.phase === 'prep'",
                             timeout=TIMEOUT)
        reply = pg.evaluate("window.__bohnanza.net.say('/done')")  # F20: Ann declares
        assert reply["ok"], reply
        pg.wait_for_function("window.__bohnanza.S.view.phase === 'harvest'", timeout=TIMEOUT)
        pg.wait_for_function("[...document.querySelectorAll('#log li, #log .log-line')]"
                             ".some(e => /harvest phase/i.test(e.textContent))", timeout=TIMEOUT)
        news = pg.locator("#news")
        assert news.is_hidden() or "harvest" not in news.inner_text().lower(), news.inner_text()
        assert_clean(pg, errors)


@pytest.mark.parametrize(("lang", "known", "hidden"), [("ja", "Lv1", "Lv?"),
                                                      ("en", "grade 1", "grade ?")])
def test_a_seat_panels_grade_stays_on_one_line(browser: Any, server: str, lang: str, known: str,
                                               hidden: str) -> None:
    """The seat panels' facility cells are narrow: "グレード?" broke as "グレー / ド?" and
    "グレード1" as "グレード / 1" (the lead's look at a Japanese farm board, 5 Dec 2026).
    The panels write a grade as the draft's "Lv" too (farm-rules.md F7), on one line."""
    with watched_page(browser, **LAPTOP) as (pg, errors):
        _seat_ann_and_say(pg, server, f"e2e-farm-grade-{lang}", [
            "/option game farm", "/option param info.public []",  # others' grades hidden
            "/addbot", "/addbot", "/start"], lang)
        pg.wait_for_function("document.querySelectorAll('#farm .farm-seat').length === 3",
                             timeout=TIMEOUT)
        # read in one go (the bots' moves redraw the panels between two reads)
        me, cells = pg.evaluate("""() => [window.__bohnanza.S.view.you.seat,
          [...document.querySelectorAll('#farm .farm-seat .fac')].map((c) => ({
            seat: Number(c.closest('.farm-seat').dataset.seat),
            text: c.querySelector('.fac-grade').textContent,
            grade: c.querySelector('.fac-grade').getBoundingClientRect().height,
            name: c.querySelector('.fac-name').getBoundingClientRect().height}))]""")
        assert sorted(c["seat"] for c in cells) == [0] * 4 + [1] * 4 + [2] * 4
        for c in cells:
            assert c["text"] == (known if c["seat"] == me else hidden), c
            assert 0 < c["grade"] <= c["name"] + 1, c
        assert_clean(pg, errors)
