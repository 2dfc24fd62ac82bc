"""Many benchmarks on pages of panels, for the box and improvement plots
(see fpbench_plot.py).

Up to GROUP_FROM_ROWS benchmarks share one panel, labelled with their full
names (the plot's own single-panel picture). More are grouped by scenario
(filename), one panel each, labelled with the configuration only, in COLUMNS
columns at most COLUMN_MAX_IN inches tall (a longer scenario is split, its
title numbered); what does not fit one picture goes on further pages,
OUT-2.png, OUT-3.png, ... beside OUT.png, so that no page is much taller than
about 2,000 pixels. Every panel of every page shares one axis.

A plot says how its rows look with a Kind: the least height of a row in
lines of label text and the padding added to it, how to draw one row and
its axis, its legend and the text under the page."""

import os
from dataclasses import dataclass
from typing import Callable

from plot_common import (FONT_SIZE, INCH_PER_LINE, plain, plt, save,
                         style_row_axis, wrap_name)

GROUP_FROM_ROWS = 40
COLUMNS = 2
COLUMN_MAX_IN = 20.0
LABEL_WIDTH = 68  # characters per line of a configuration label
PANEL_TITLE_IN = 0.32
PANEL_AXIS_IN = 0.42
PANEL_GAP_IN = 0.18
COLUMN_IN = (4.9, 3.6, 1.4)  # labels, plot, notes
PAGE_TOP_IN, PAGE_BOTTOM_IN = 0.9, 0.7


@dataclass
class Kind:
    min_lines: float  # a row is never shorter than this many label lines
    pad_lines: float  # added to every row's height
    draw_row: Callable  # (ax, row, y) draws one benchmark at height y
    set_axis: Callable  # (ax) sets the shared x axis of a panel
    legend: list  # handles of the page's legend
    axis_label: str  # the text under every page


def config_label(r):
    return wrap_name(r["configuration"] or "(no configuration)", "", LABEL_WIDTH)


def row_heights(rows, kind):
    return [max(kind.min_lines, config_label(r).count("\n") + 1) + kind.pad_lines
            for r in rows]


def panel_height(chunk, kind):
    return (PANEL_TITLE_IN + sum(row_heights(chunk[1], kind)) * INCH_PER_LINE
            + PANEL_AXIS_IN)


def scenario_chunks(rows, kind):
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
            if parts[-1] and panel_height((name, parts[-1] + [r]), kind) > COLUMN_MAX_IN:
                parts.append([])
            parts[-1].append(r)
        for k, part in enumerate(parts):
            chunks.append((name if len(parts) == 1 else f"{name} ({k + 1}/{len(parts)})", part))
    return chunks


def pages_of(chunks, kind):
    """Pages of COLUMNS columns, each a list of chunks at most COLUMN_MAX_IN
    tall, filled in order."""
    pages, column, height = [[]], [], 0.0
    for chunk in chunks:
        h = panel_height(chunk, kind) + PANEL_GAP_IN
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


def page_paths(out, count):
    stem, ext = os.path.splitext(out)
    return [out] + [f"{stem}-{k}{ext or '.png'}" for k in range(2, count + 1)]


def plot_pages(rows, out, title, kind):
    pages = pages_of(scenario_chunks(rows, kind), kind)
    for number, (page, path) in enumerate(zip(pages, page_paths(out, len(pages))), 1):
        page_title = title if len(pages) == 1 else f"{title} (page {number} of {len(pages)})"
        draw_page(page, path, page_title, kind)


def draw_page(columns, out, title, kind):
    column_w = sum(COLUMN_IN)
    content_h = max(sum(panel_height(c, kind) + PANEL_GAP_IN for c in col)
                    for col in columns)
    fig_w = column_w * len(columns)
    fig_h = PAGE_TOP_IN + content_h + PAGE_BOTTOM_IN
    fig = plt.figure(figsize=(fig_w, fig_h))
    fig.text(0.2 / fig_w, 1 - 0.3 / fig_h, plain(title), fontsize=FONT_SIZE + 2,
             va="top", ha="left")
    fig.legend(handles=kind.legend, loc="upper left", ncol=5,
               bbox_to_anchor=(0.2 / fig_w, 1 - 0.5 / fig_h), frameon=False,
               fontsize=FONT_SIZE, handlelength=2.5)
    fig.text(0.2 / fig_w, 0.25 / fig_h, kind.axis_label, fontsize=FONT_SIZE,
             va="bottom", ha="left")
    for c, column in enumerate(columns):
        top = fig_h - PAGE_TOP_IN
        for name, chunk in column:
            h = panel_height((name, chunk), kind)
            rows_h = h - PANEL_TITLE_IN - PANEL_AXIS_IN
            left = c * column_w + COLUMN_IN[0]
            bottom = top - PANEL_TITLE_IN - rows_h
            ax = fig.add_axes([left / fig_w, bottom / fig_h, COLUMN_IN[1] / fig_w,
                               rows_h / fig_h])
            draw_panel(ax, name, chunk, kind)
            top -= h + PANEL_GAP_IN
    save(fig, out)


def draw_panel(ax, name, chunk, kind):
    labels = [config_label(r) for r in chunk]
    heights = row_heights(chunk, kind)
    centres, y = [], 0.0
    for h in heights:
        centres.append(y + h / 2)
        y += h
    style_row_axis(ax, labels, centres, heights, y)
    for r, yc in zip(chunk, centres):
        kind.draw_row(ax, r, yc)
    kind.set_axis(ax)
    ax.tick_params(axis="x", labelsize=FONT_SIZE - 1)
    ax.set_title(plain(name), fontsize=FONT_SIZE + 1, loc="left", fontweight="bold")
