"""The improvement plot: every improvement with its confidence intervals
(see fpbench_plot.py).

The axis is the speed-up, new over old, on a log scale: x1 is no change,
x2 twice as fast, x0.5 half as fast, so +3% and +8,000% are both readable
on one picture. Up to GROUP_FROM_ROWS benchmarks share one panel, labelled
with their full names; more are grouped by scenario and paged
(plot_pages.py). Every panel of every page shares one axis."""

import math

from matplotlib.lines import Line2D
from matplotlib.ticker import FixedLocator, NullLocator

from plot_common import (FONT_SIZE, NEUTRAL_COLOR, STARS_KEY, box_note,
                         change_color, labelled_rows_figure,
                         legend_under_title, right_note, save, wrap_name)
from plot_pages import GROUP_FROM_ROWS, Kind, plot_pages

# The axis spans at least x0.5 .. x2, and never beyond x0.001 .. x100000.
MIN_LOW, MIN_HIGH = 0.5, 2.0
FLOOR, CEILING = 1e-3, 1e5
TICKS = (0.001, 0.01, 0.1, 0.2, 0.5, 0.8, 1, 1.25, 2, 5, 10, 20, 50, 100, 200,
         500, 1000, 10000, 100000)
THICKNESS = {0.05: 7, 0.01: 4, 0.001: 1.5}
ALPHA = {0.05: 0.9, 0.01: 0.55, 0.001: 0.35}
AXIS_LABEL = ("speed-up, new / old (log scale; x2 = +100%, x0.5 = -50%; "
              "right is better)")


def factor(pct):
    """An improvement in % as new/old; None when not positive."""
    f = 1 + pct / 100
    return f if f > 0 else None


def axis_limits(rows):
    lo, hi = MIN_LOW, MIN_HIGH
    for r in rows:
        x = r["improvement_pct"]
        if x is None:
            continue
        for v in [x] + [x + s * half for _, half in r["intervals"] for s in (-1, 1)]:
            f = factor(v)
            if f is not None:
                lo, hi = min(lo, f), max(hi, f)
    return max(lo / 1.15, FLOOR), min(hi * 1.15, CEILING)


def tick_label(v):
    return f"\u00d7{v:g}"


def axis_ticks(limits, width_in):
    """The ticks within the limits, thinned so that neighbours stay at
    least 0.45 inch apart on an axis width_in inches wide; x1 always."""
    per_inch = (math.log(limits[1]) - math.log(limits[0])) / width_in
    kept = []
    for t in sorted(TICKS, key=lambda v: (v != 1, v)):
        if not limits[0] <= t <= limits[1]:
            continue
        if all(abs(math.log(t) - math.log(k)) / per_inch >= 0.45 for k in kept):
            kept.append(t)
    return sorted(kept)


def factor_axis(ax, limits, labels=True):
    ax.set_xscale("log")
    ax.set_xlim(*limits)
    width_in = ax.get_position().width * ax.figure.get_figwidth()
    ticks = axis_ticks(limits, width_in)
    ax.xaxis.set_major_locator(FixedLocator(ticks))
    ax.xaxis.set_minor_locator(NullLocator())
    ax.set_xticklabels([tick_label(t) for t in ticks] if labels else [])
    ax.axvline(1.0, color="#333333", linewidth=0.9, zorder=1)


def draw_row(ax, r, y, limits):
    x = r["improvement_pct"]
    color = change_color(r)
    if x is None or factor(x) is None:
        ax.plot([1], [y], marker="x", color=NEUTRAL_COLOR, markersize=6)
        right_note(ax, y, *box_note(r))
        return
    for risk, half in r["intervals"]:
        # An interval reaching below -100% has no speed-up: drawn to the edge.
        a = factor(x - half) or limits[0]
        b = factor(x + half) or limits[0]
        ax.plot([a, b], [y, y], color=color, linewidth=THICKNESS.get(risk, 1.5),
                alpha=ALPHA.get(risk, 0.4), solid_capstyle="butt")
    tested = r["stars"] is not None
    ax.plot([factor(x)], [y], marker="o", markersize=4 if tested else 5, zorder=3,
            color="black", markerfacecolor="black" if tested else "white")
    right_note(ax, y, *box_note(r))


def legend_handles(rows):
    handles = [Line2D([], [], color=NEUTRAL_COLOR, linewidth=THICKNESS[k],
                      alpha=ALPHA[k], label=f"{100 * (1 - k):g}% interval")
               for k in (0.05, 0.01, 0.001)]
    handles.append(Line2D([], [], color="black", marker="o", linestyle="",
                          markersize=4, label="improvement"))
    if any(r["stars"] is None and r["improvement_pct"] is not None for r in rows):
        handles.append(Line2D([], [], color="black", marker="o", linestyle="",
                              markerfacecolor="white", markersize=5,
                              label="improvement, no test"))
    return handles


def plot_improvement(rows, out, title):
    title = title or ("Improvement of new over old with 95%, 99% and 99.9% "
                      "confidence intervals")
    limits = axis_limits(rows)
    if len(rows) <= GROUP_FROM_ROWS:
        plot_one_panel(rows, out, title, limits)
    else:
        plot_pages(rows, out, title, grouped_kind(rows, limits))


def plot_one_panel(rows, out, title, limits):
    labels = [wrap_name(r["filename"], r["configuration"]) for r in rows]
    fig, ax, centres, _ = labelled_rows_figure(labels, 1, title)
    for r, y in zip(rows, centres):
        draw_row(ax, r, y, limits)
    factor_axis(ax, limits)
    ax.set_xlabel(AXIS_LABEL + "\n" + STARS_KEY, fontsize=FONT_SIZE)
    ax.tick_params(axis="x", labelsize=FONT_SIZE)
    legend_under_title(ax, legend_handles(rows), len(rows))
    save(fig, out)


def grouped_kind(rows, limits):
    """How the improvement plot's rows look on grouped pages."""
    return Kind(min_lines=1, pad_lines=0.3,
                draw_row=lambda ax, r, y: draw_row(ax, r, y, limits),
                set_axis=lambda ax: factor_axis(ax, limits),
                legend=legend_handles(rows),
                axis_label=AXIS_LABEL + ";  " + STARS_KEY)
