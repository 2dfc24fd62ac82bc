"""The box plot: old and new samples per benchmark (see fpbench_plot.py)."""

from matplotlib.patches import Patch
from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter

from plot_common import (FONT_SIZE, NEUTRAL_COLOR, NEW_COLOR, OLD_COLOR, STARS_KEY,
                         box_note, labelled_rows_figure, legend_under_title,
                         right_note, save, wrap_name)


def plot_box(rows, out, title):
    labels, scales, notes = [], [], []
    for r in rows:
        label = wrap_name(r["filename"], r["configuration"])
        base = positive_mean(r["old"]) or positive_mean(r["new"])
        if base and not positive_mean(r["old"]):
            label += "\n(relative to new mean: no old samples)"
        labels.append(label)
        scales.append(base)
        notes.append(box_note(r))
    fig, ax, centres, _ = labelled_rows_figure(
        labels, 2, title or "Samples of old and new, per benchmark")
    ratios = []
    for r, y, base, note in zip(rows, centres, scales, notes):
        if not base:
            why = "no positive mean to scale by" if r["old"] or r["new"] else "no samples"
            ax.text(0.5, y, why, transform=ax.get_yaxis_transform(),
                    ha="center", va="center", fontsize=FONT_SIZE,
                    color=NEUTRAL_COLOR)
            continue
        for side, dy, color in (("old", -0.55, OLD_COLOR), ("new", 0.55, NEW_COLOR)):
            values = [v / base for v in r[side]]
            if not values:
                continue
            ratios += values
            draw_box(ax, values, y + dy, color)
        right_note(ax, y, note[0], note[1])
    ax.axvline(1.0, color="#333333", linewidth=0.8, linestyle="--", zorder=1)
    scale = ""
    if ratios and min(ratios) > 0 and max(ratios) / min(ratios) > 10:
        ax.set_xscale("log")
        ax.xaxis.set_major_locator(LogLocator(subs=(1.0, 2.0, 5.0)))
        ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:g}"))
        ax.xaxis.set_minor_formatter(NullFormatter())
        scale = ", log scale"
    ax.set_xlabel(f"rate relative to old mean (higher is better; 1 = old mean{scale})\n"
                  + STARS_KEY, fontsize=FONT_SIZE)
    ax.tick_params(axis="x", labelsize=FONT_SIZE)
    legend_under_title(ax, [Patch(facecolor=OLD_COLOR, label="old"),
                            Patch(facecolor=NEW_COLOR, label="new")],
                       len(rows))
    save(fig, out)


def positive_mean(values):
    mean = sum(values) / len(values) if values else 0.0
    return mean if mean > 0 else None


def draw_box(ax, values, y, color):
    parts = ax.boxplot([values], positions=[y], widths=1.0, vert=False,
                       patch_artist=True, manage_ticks=False,
                       flierprops={"marker": ".", "markersize": 3,
                                   "markeredgecolor": color},
                       medianprops={"color": "black", "linewidth": 1})
    for box in parts["boxes"]:
        box.set_facecolor(color)
        box.set_alpha(0.85)
