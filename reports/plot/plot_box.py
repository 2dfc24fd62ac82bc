"""The box plot: old and new samples per benchmark (see fpbench_plot.py).

Every sample is divided by its benchmark's old mean (the new mean where
there are no old samples). Up to GROUP_FROM_ROWS benchmarks share one panel
with their full names; more are grouped by scenario and paged like the
improvement plot (plot_pages.py), every panel on one axis."""

from matplotlib.patches import Patch
from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter

from plot_common import (FONT_SIZE, NEUTRAL_COLOR, NEW_COLOR, OLD_COLOR, STARS_KEY,
                         box_note, labelled_rows_figure, legend_under_title,
                         right_note, save, wrap_name)
from plot_pages import GROUP_FROM_ROWS, Kind, plot_pages

NO_OLD_NOTE = "(relative to new mean: no old samples)"
AXIS_LABEL = "rate relative to old mean (higher is better; 1 = old mean{})"
LEGEND = [Patch(facecolor=OLD_COLOR, label="old"),
          Patch(facecolor=NEW_COLOR, label="new")]


def plot_box(rows, out, title):
    title = title or "Samples of old and new, per benchmark"
    if len(rows) <= GROUP_FROM_ROWS:
        plot_one_panel(rows, out, title)
    else:
        plot_pages([dict(r, configuration=grouped_label(r)) for r in rows], out,
                   title, grouped_kind(rows))


def all_ratios(rows):
    return [v for r in rows for side in ("old", "new") for v in scaled(r, side)]


def log_axis(ratios):
    """A log axis when the ratios span more than a factor of 10."""
    return bool(ratios) and min(ratios) > 0 and max(ratios) / min(ratios) > 10


def axis_label(log):
    return AXIS_LABEL.format(", log scale" if log else "")


def grouped_kind(rows):
    """How the box plot's rows look on grouped pages: two boxes a row, every
    panel on the axis of all the samples."""
    ratios = all_ratios(rows)
    log = log_axis(ratios)
    limits = axis_limits(ratios, log)
    return Kind(min_lines=2, pad_lines=0.6, draw_row=draw_row,
                set_axis=lambda ax: ratio_axis(ax, log, limits), legend=LEGEND,
                axis_label=axis_label(log) + ";  " + STARS_KEY)


def plot_one_panel(rows, out, title):
    log = log_axis(all_ratios(rows))
    labels = []
    for r in rows:
        label = wrap_name(r["filename"], r["configuration"])
        if scale(r) and not positive_mean(r["old"]):
            label += "\n" + NO_OLD_NOTE
        labels.append(label)
    fig, ax, centres, _ = labelled_rows_figure(labels, 2, title)
    for r, y in zip(rows, centres):
        draw_row(ax, r, y)
    ratio_axis(ax, log, None)
    ax.set_xlabel(axis_label(log) + "\n" + STARS_KEY, fontsize=FONT_SIZE)
    ax.tick_params(axis="x", labelsize=FONT_SIZE)
    legend_under_title(ax, LEGEND, len(rows))
    save(fig, out)


def grouped_label(r):
    """A panel's row label: the configuration, and the scale where it is
    not the old mean."""
    if scale(r) and not positive_mean(r["old"]):
        return (r["configuration"] + " " + NO_OLD_NOTE).strip()
    return r["configuration"]


def draw_row(ax, r, y):
    base = scale(r)
    if not base:
        why = "no positive mean to scale by" if r["old"] or r["new"] else "no samples"
        ax.text(0.5, y, why, transform=ax.get_yaxis_transform(),
                ha="center", va="center", fontsize=FONT_SIZE,
                color=NEUTRAL_COLOR)
        return
    for side, dy, color in (("old", -0.55, OLD_COLOR), ("new", 0.55, NEW_COLOR)):
        values = scaled(r, side)
        if values:
            draw_box(ax, values, y + dy, color)
    right_note(ax, y, *box_note(r))


def axis_limits(ratios, log):
    """One axis for every panel: the samples' range with a little room."""
    if not ratios:
        return None
    lo, hi = min(ratios), max(ratios)
    if log:
        return lo / 1.15, hi * 1.15
    room = max((hi - lo) * 0.05, 0.01)
    return lo - room, hi + room


def ratio_axis(ax, log, limits):
    ax.axvline(1.0, color="#333333", linewidth=0.8, linestyle="--", zorder=1)
    if log:
        ax.set_xscale("log")
        ax.xaxis.set_major_locator(LogLocator(subs=(1.0, 2.0, 5.0)))
        ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:g}"))
        ax.xaxis.set_minor_formatter(NullFormatter())
    if limits:
        ax.set_xlim(*limits)


def positive_mean(values):
    mean = sum(values) / len(values) if values else 0.0
    return mean if mean > 0 else None


def scale(r):
    """What a benchmark's samples are divided by: the old mean, else the new
    mean; None when neither is positive."""
    return positive_mean(r["old"]) or positive_mean(r["new"])


def scaled(r, side):
    base = scale(r)
    return [v / base for v in r[side]] if base else []


def draw_box(ax, values, y, color):
    parts = ax.boxplot([values], positions=[y], widths=1.0, vert=False,
                       patch_artist=True, manage_ticks=False,
                       flierprops={"marker": ".", "markersize": 3,
                                   "markeredgecolor": color},
                       medianprops={"color": "black", "linewidth": 1})
    for box in parts["boxes"]:
        box.set_facecolor(color)
        box.set_alpha(0.85)
