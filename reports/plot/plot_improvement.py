"""The improvement plot: every improvement with its confidence intervals
(see fpbench_plot.py).

The axis is the speed-up, new over old, on a log scale: x1 is no change,
x2 twice as fast, x0.5 half as fast, so +3% and +8,000% are both readable
on one picture. Up to GROUP_FROM_ROWS benchmarks share one panel, labelled
with their full names. More are grouped by scenario (filename), one panel
each, labelled with the configuration only, in COLUMNS columns at most
COLUMN_MAX_IN inches tall (a longer scenario is split); what does not fit
one picture goes on further pages,
OUT-2.png, OUT-3.png, ... beside OUT.png. Every panel of every page shares
one axis."""

import math
import os

from matplotlib.lines import Line2D
from matplotlib.ticker import FixedLocator, NullLocator

from plot_common import (FONT_SIZE, INCH_PER_LINE, NEUTRAL_COLOR, STARS_KEY,
                         box_note, change_color, labelled_rows_figure,
                         legend_under_title, plain, plt, right_note, save,
                         wrap_name)

GROUP_FROM_ROWS = 40
COLUMNS = 2
COLUMN_MAX_IN = 20.0
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
        plot_grouped(rows, out, title, limits)


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


# ---------------------------------------------------------------- grouped

LABEL_WIDTH = 68  # characters per line of a configuration label
ROW_LINES = 1.3  # height of a one-line row, in lines of label text
PANEL_TITLE_IN = 0.32
PANEL_AXIS_IN = 0.42
PANEL_GAP_IN = 0.18
COLUMN_IN = (4.9, 3.6, 1.4)  # labels, plot, notes
PAGE_TOP_IN, PAGE_BOTTOM_IN = 0.9, 0.7


def scenario_chunks(rows):
    """(filename, rows) in input order, a scenario with more rows than a
    column holds split into several chunks."""
    groups = []
    for r in rows:
        if groups and groups[-1][0] == r["filename"]:
            groups[-1][1].append(r)
        else:
            groups.append((r["filename"], [r]))
    chunks = []
    for name, members in groups:
        parts = [[]]
        for r in members:
            if parts[-1] and panel_height((name, parts[-1] + [r])) > COLUMN_MAX_IN:
                parts.append([])
            parts[-1].append(r)
        for k, part in enumerate(parts):
            chunks.append((name if len(parts) == 1 else f"{name} ({k + 1}/{len(parts)})", part))
    return chunks


def pages_of(chunks):
    """Pages of COLUMNS columns, each a list of chunks at most COLUMN_MAX_IN
    tall, filled in order."""
    pages, column, height = [[]], [], 0.0
    for chunk in chunks:
        h = panel_height(chunk) + PANEL_GAP_IN
        if column and height + h > COLUMN_MAX_IN:
            if len(pages[-1]) == COLUMNS:
                pages.append([])
            pages[-1].append(column)
            column, height = [], 0.0
        column.append(chunk)
        height += h
    if len(pages[-1]) == COLUMNS:
        pages.append([])
    pages[-1].append(column)
    return pages


def config_label(r):
    return wrap_name(r["configuration"] or "(no configuration)", "", LABEL_WIDTH)


def panel_height(chunk):
    lines = sum(config_label(r).count("\n") + ROW_LINES for r in chunk[1])
    return PANEL_TITLE_IN + lines * INCH_PER_LINE + PANEL_AXIS_IN


def page_paths(out, count):
    stem, ext = os.path.splitext(out)
    return [out] + [f"{stem}-{k}{ext or '.png'}" for k in range(2, count + 1)]


def plot_grouped(rows, out, title, limits):
    pages = pages_of(scenario_chunks(rows))
    for number, (page, path) in enumerate(zip(pages, page_paths(out, len(pages))), 1):
        page_title = title if len(pages) == 1 else f"{title} (page {number} of {len(pages)})"
        draw_page(page, path, page_title, limits, rows)


def draw_page(columns, out, title, limits, rows):
    column_w = sum(COLUMN_IN)
    content_h = max(sum(panel_height(c) + PANEL_GAP_IN for c in col) for col in columns)
    fig_w = column_w * len(columns)
    fig_h = PAGE_TOP_IN + content_h + PAGE_BOTTOM_IN
    fig = plt.figure(figsize=(fig_w, fig_h))
    fig.text(0.2 / fig_w, 1 - 0.3 / fig_h, plain(title), fontsize=FONT_SIZE + 2,
             va="top", ha="left")
    fig.legend(handles=legend_handles(rows), loc="upper left", ncol=5,
               bbox_to_anchor=(0.2 / fig_w, 1 - 0.5 / fig_h), frameon=False,
               fontsize=FONT_SIZE, handlelength=2.5)
    fig.text(0.2 / fig_w, 0.25 / fig_h, AXIS_LABEL + ";  " + STARS_KEY,
             fontsize=FONT_SIZE, va="bottom", ha="left")
    for c, column in enumerate(columns):
        top = fig_h - PAGE_TOP_IN
        for name, chunk in column:
            h = panel_height((name, chunk))
            rows_h = h - PANEL_TITLE_IN - PANEL_AXIS_IN
            left = c * column_w + COLUMN_IN[0]
            bottom = top - PANEL_TITLE_IN - rows_h
            ax = fig.add_axes([left / fig_w, bottom / fig_h, COLUMN_IN[1] / fig_w,
                               rows_h / fig_h])
            draw_panel(ax, name, chunk, limits)
            top -= h + PANEL_GAP_IN
    save(fig, out)


def draw_panel(ax, name, chunk, limits):
    labels = [config_label(r) for r in chunk]
    heights = [label.count("\n") + ROW_LINES for label in labels]
    centres, y = [], 0.0
    for h in heights:
        centres.append(y + h / 2)
        y += h
    ax.set_ylim(y, 0)
    ax.set_yticks(centres)
    ax.set_yticklabels(labels, fontsize=FONT_SIZE)
    ax.tick_params(axis="y", length=0)
    start = 0.0
    for i, h in enumerate(heights):
        if i % 2:
            ax.axhspan(start, start + h, color="#f2f2f2", zorder=0)
        start += h
    ax.grid(axis="x", color="#dddddd", linewidth=0.6)
    ax.set_axisbelow(True)
    for r, yc in zip(chunk, centres):
        draw_row(ax, r, yc, limits)
    factor_axis(ax, limits)
    ax.tick_params(axis="x", labelsize=FONT_SIZE - 1)
    ax.set_title(plain(name), fontsize=FONT_SIZE + 1, loc="left", fontweight="bold")
