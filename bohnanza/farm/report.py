"""Plots of a farm simulation for the designer: ``bohnanza simulate --game farm --report DIR``.

Writes into DIR: ``vp.png`` (final VP distribution per policy), ``grades.png`` (mean facility
grades by turn, total and per facility, per policy), ``cost.png`` (cost earned per game, per
policy), ``seats.png`` (win rate and mean VP by seat), ``contests.png`` (contest entries and
places per game, per policy), ``summary.txt`` (the printed summary) and ``index.html`` showing
them all. Uses matplotlib (the ``report`` extra) without a display (Agg).
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bohnanza.farm.engine import FACILITIES

if TYPE_CHECKING:
    from .simulate import Summary

_FACILITY_LABEL = {"transform_pot": "transformation pot", "field": "field",
                   "synth_pot": "synthesis pot", "storage_box": "storage box"}


def _plt() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _vp(s: Summary, out: Path) -> None:
    plt = _plt()
    fig, ax = plt.subplots(figsize=(8, 4.5))
    top = max((max(st.vp) for st in s.policies.values() if st.vp), default=0)
    bins = list(range(0, top + 3, max(1, (top + 2) // 30 or 1)))
    for st in s.policies.values():
        if st.vp:
            _, _, patches = ax.hist(st.vp, bins=bins, alpha=0.55, density=True,
                                    label=f"{st.name} (mean {st.mean_vp:.1f}, "
                                    f"win {st.win_rate:.0%})")
            ax.axvline(st.mean_vp, linestyle="--", linewidth=1.5,
                       color=patches[0].get_facecolor()[:3])
    ax.set_xlabel("final victory points")
    ax.set_ylabel("share of seats")
    ax.set_title(f"VP distribution, {s.games} games ({s.params_name} {s.params_hash})")
    ax.legend()
    fig.tight_layout()
    fig.savefig(out, dpi=100)
    plt.close(fig)


def _grades(s: Summary, out: Path) -> None:
    plt = _plt()
    fig, axes = plt.subplots(1, 5, figsize=(16, 3.8), sharex=True)
    for st in s.policies.values():
        total = st.grade_by_turn()
        turns = list(range(1, len(total) + 1))
        axes[0].plot(turns, total, marker="o", label=st.name)
        per = st.facility_by_turn()
        for k in range(len(FACILITIES)):
            axes[k + 1].plot(turns, [row[k] for row in per], marker=".", label=st.name)
    axes[0].set_title("all four (4-16)")
    axes[0].set_ylim(4, 16)
    axes[0].set_ylabel("mean grade at the end of the turn")
    for k, kind in enumerate(FACILITIES):
        axes[k + 1].set_title(_FACILITY_LABEL[kind])
        axes[k + 1].set_ylim(1, 4)
    from matplotlib.ticker import MaxNLocator

    for ax in axes:
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.set_xlabel("turn")
        ax.grid(alpha=0.3)
    axes[0].legend()
    fig.suptitle("Facility grades by turn (G7's prices decide how fast these climb)")
    fig.tight_layout()
    fig.savefig(out, dpi=100)
    plt.close(fig)


def _cost(s: Summary, out: Path) -> None:
    plt = _plt()
    fig, ax = plt.subplots(figsize=(8, 4.5))
    for st in s.policies.values():
        if st.earned:
            ax.hist(st.earned, bins=30, alpha=0.55, density=True,
                    label=f"{st.name} (mean {st.mean_earned:.0f})")
    ax.set_xlabel("cost earned over the game (shipping, F26)")
    ax.set_ylabel("share of seats")
    ax.set_title("Cost earned per game")
    ax.legend()
    fig.tight_layout()
    fig.savefig(out, dpi=100)
    plt.close(fig)


def _seats(s: Summary, out: Path) -> None:
    plt = _plt()
    fig, (a1, a2) = plt.subplots(1, 2, figsize=(10, 4))
    labels = [str(i + 1) for i in range(len(s.seats))]
    a1.bar(labels, [st.win_rate for st in s.seats], color="#4c78a8")
    fair = sum(st.win_rate for st in s.seats) / len(s.seats)
    a1.axhline(fair, color="black", linestyle="--", linewidth=1, label=f"mean {fair:.3f}")
    a1.set_xlabel("seat")
    a1.set_ylabel("win rate")
    a1.set_title(f"Win rate by seat (first-seat advantage {s.first_seat_advantage:+.3f})")
    a1.legend()
    a2.bar(labels, [st.mean_vp for st in s.seats], color="#f58518")
    a2.set_xlabel("seat")
    a2.set_ylabel("mean VP")
    a2.set_title("Mean VP by seat")
    fig.tight_layout()
    fig.savefig(out, dpi=100)
    plt.close(fig)


def _contests(s: Summary, out: Path) -> None:
    plt = _plt()
    fig, ax = plt.subplots(figsize=(8, 4.5))
    names = list(s.policies)
    stats = list(s.policies.values())
    firsts = [st.per_game(st.places.get(1, 0)) for st in stats]
    seconds = [st.per_game(st.places.get(2, 0)) for st in stats]
    unplaced = [st.per_game(st.entries) - a - b for st, a, b in zip(stats, firsts, seconds,
                                                                     strict=True)]
    ax.bar(names, firsts, label="1st place", color="#54a24b")
    ax.bar(names, seconds, bottom=firsts, label="2nd place", color="#eeca3b")
    ax.bar(names, unplaced, bottom=[a + b for a, b in zip(firsts, seconds, strict=True)],
           label="no place", color="#bab0ac")
    ax.set_ylabel("per seat and game")
    ax.set_title("Contest entries and places")
    # room above the tallest bar for the legend
    ax.set_ylim(0, max([a + b + c for a, b, c in zip(firsts, seconds, unplaced, strict=True)]
                       + [0.1]) * 1.35)
    ax.legend(loc="upper right")
    fig.tight_layout()
    fig.savefig(out, dpi=100)
    plt.close(fig)


PLOTS = (("vp.png", "Final VP per policy", _vp),
         ("grades.png", "Facility grades by turn", _grades),
         ("cost.png", "Cost earned per game", _cost),
         ("seats.png", "Seats", _seats),
         ("contests.png", "Contests", _contests))


def write_report(s: Summary, out_dir: Path, params: dict[str, Any]) -> Path:
    """Write the plots, ``summary.txt`` and ``index.html`` into ``out_dir``; returns the
    page's path."""
    out_dir.mkdir(parents=True, exist_ok=True)
    for name, _, fn in PLOTS:
        fn(s, out_dir / name)
    text = "\n".join(s.lines())
    (out_dir / "summary.txt").write_text(text + "\n", encoding="utf-8")
    prices = ", ".join(f"{_FACILITY_LABEL[k]} {params['facilities'][k]['price']}"
                       for k in FACILITIES)
    figs = "\n".join(f'<figure><img src="{n}" alt="{html.escape(t)}"><figcaption>'
                     f"{html.escape(t)}</figcaption></figure>" for n, t, _ in PLOTS)
    page = f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Farm balance report: {html.escape(s.params_name)} {s.params_hash}</title>
<style>body{{font-family:sans-serif;margin:1em auto;max-width:1100px;padding:0 1em}}
img{{max-width:100%;border:1px solid #ddd}}pre{{background:#f6f6f6;padding:.8em;overflow:auto}}
figure{{margin:1.5em 0}}</style></head><body>
<h1>Farm balance report</h1>
<p>Parameter set <b>{html.escape(s.params_name)}</b> (hash <code>{s.params_hash}</code>),
{s.players} players, {s.games} games, policies {html.escape(", ".join(s.layout))}.
Upgrade prices (G7): {html.escape(prices)}.</p>
<pre>{html.escape(text)}</pre>
{figs}
</body></html>
"""
    path = out_dir / "index.html"
    path.write_text(page, encoding="utf-8")
    return path
