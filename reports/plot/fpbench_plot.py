#!/usr/bin/env python3
"""Draw fpbench's comparison and history JSON as PNG pictures.

Reads only fpbench's own JSON and needs nothing beyond the standard library
and matplotlib (drawn off-screen with the Agg backend).

Subcommands:

  box COMPARE.json OUT.png
      Box plots of the old and new samples of every benchmark, one row per
      benchmark, the picture Node's `benchmark/compare.R --plot` draws with
      ggplot (rate by binary per benchmark) turned on its side so that long
      names stay readable. Rates are normalised per benchmark: every sample is
      divided by the benchmark's old mean, so 1.0 is "as fast as old" and the
      axis reads "rate relative to old mean". One shared axis of absolute
      rates would flatten every benchmark but the fastest when rates differ
      by decades; a ratio axis keeps every row comparable. The axis turns
      logarithmic when the ratios span more than a factor of 10. A benchmark
      without old samples is scaled by its new mean instead (its label says
      so); one without any samples says "no samples". `fpbench compare
      --format json` carries the samples as rows[i].old.samples.

  improvement COMPARE.json OUT.png [--title TEXT]
      The improvement % of every benchmark, in the JSON's order, with its
      95%, 99% and 99.9% confidence intervals as nested bars (thickest is
      95%), a zero line, and the stars and the number beside each row.
      Significant improvements are green, significant regressions red, the
      rest grey. A row without a test (stars null: fewer than two samples on
      a side) is a point labelled "no test"; one without an improvement (a
      side is empty) is labelled "no data".

  history HISTORY.json OUT.png [--title TEXT] [--max-series N]
      One panel per series (benchmark, machine, side): the mean of every
      point in commit order with its min-max band, sparse commit and date
      tick labels, the segment means between change points as steps, and a
      vertical marker at each change point annotated with its magnitude
      (regressions red, improvements green). At most --max-series panels
      (12 by default) are drawn, in input order; the title says how many
      were left out. A change point's index is the position in `points` of
      the first point after the change; without a "regression" flag a
      negative magnitude counts as a regression.

Exit status: 0 on success, 2 for bad usage or bad input (a missing file,
JSON that does not parse or has the wrong shape: the message on stderr names
the file and the offending key), 3 when the PNG cannot be written, 1 when
this Python has no matplotlib.
"""

import argparse
import json
import math
import sys
import textwrap

try:
    import matplotlib
except ImportError:
    sys.exit(f"fpbench_plot.py: error: {sys.executable} has no matplotlib: "
             "install python3-matplotlib or run the script with a Python that "
             "has it")

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402  (the backend comes first)
from matplotlib.lines import Line2D  # noqa: E402
from matplotlib.patches import Patch  # noqa: E402
from matplotlib.ticker import (EngFormatter, FuncFormatter,  # noqa: E402
                               LogLocator, NullFormatter)
from matplotlib.transforms import ScaledTranslation  # noqa: E402

PROG = "fpbench_plot.py"
# fpbench's exit codes (README, "Exit codes and errors"), which fpbench reads
# back as the kind of the error: 2 bad input, 3 an output that failed.
EXIT_BAD_INPUT = 2
EXIT_FAILURE = 3

OLD_COLOR = "#8c8c8c"
NEW_COLOR = "#e08214"
GOOD_COLOR = "#1a9641"
BAD_COLOR = "#d7191c"
NEUTRAL_COLOR = "#555555"
FONT_SIZE = 9
LABEL_WIDTH = 48  # characters per line of a wrapped benchmark name
INCH_PER_LINE = 0.17  # height of one line of label text at FONT_SIZE
MAX_SERIES = 12
TOP_TICKS_FROM_ROWS = 12  # more rows also get tick labels above the axes
TOP_TICKS_PT = 18  # height of tick labels drawn above the axes, in points
STARS_KEY = ("* p < 0.05, ** p < 0.01, *** p < 0.001 (Welch's t-test); "
             "green: significantly faster, red: significantly slower")


class InputError(Exception):
    """Bad input: reported as 'FILE: message' with exit status 2."""


# ---------------------------------------------------------------- loading


def load_json(path):
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        raise InputError(f"{path}: cannot read: {e.strerror}") from None
    except UnicodeDecodeError as e:
        raise InputError(f"{path}: not UTF-8 text ({e.reason})") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise InputError(f"{path}:{e.lineno}: not valid JSON: {e.msg}") from None


class Shape:
    """Type checks that name the file and the key path of a mismatch."""

    def __init__(self, path):
        self.path = path

    def fail(self, where, what):
        raise InputError(f"{self.path}: {where}: {what}")

    def obj(self, value, where):
        if not isinstance(value, dict):
            self.fail(where, "expected an object")
        return value

    def key(self, parent, name, where):
        if name not in parent:
            self.fail(where, f"missing key '{name}'")
        return parent[name]

    def array(self, value, where):
        if not isinstance(value, list):
            self.fail(where, "expected an array")
        return value

    def string(self, value, where):
        if not isinstance(value, str):
            self.fail(where, "expected a string")
        return value

    def number(self, value, where, nullable=True):
        if value is None and nullable:
            return None
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            self.fail(where, "expected a number" + (" or null" if nullable else ""))
        try:
            number = float(value)  # an integer of 400 digits overflows here
        except OverflowError:
            number = math.inf
        if not math.isfinite(number):
            self.fail(where, "expected a finite number")
        return number

    def numbers(self, value, where):
        return [self.number(v, f"{where}[{i}]", nullable=False)
                for i, v in enumerate(self.array(value, where))]


def read_compare(path, need_samples):
    """The rows of `fpbench compare --format json` as plain dicts."""
    s = Shape(path)
    doc = s.obj(load_json(path), "top level")
    rows = []
    for i, raw in enumerate(s.array(s.key(doc, "rows", "top level"), "rows")):
        at = f"rows[{i}]"
        r = s.obj(raw, at)
        row = {"name": s.string(s.key(r, "name", at), at + ".name")}
        row["filename"] = r.get("filename")
        row["configuration"] = r.get("configuration")
        if not isinstance(row["filename"], str):
            row["filename"], row["configuration"] = row["name"], ""
        elif not isinstance(row["configuration"], str):
            row["configuration"] = ""
        for side in ("old", "new"):
            sd = s.obj(s.key(r, side, at), f"{at}.{side}")
            row[side + "_mean"] = s.number(sd.get("mean"), f"{at}.{side}.mean")
            n = s.number(sd.get("n", 0), f"{at}.{side}.n")
            row[side + "_n"] = int(n or 0)
            if need_samples:
                if "samples" not in sd:
                    s.fail(f"{at}.{side}", "missing key 'samples' (written by "
                           "an fpbench without samples in its JSON?)")
                row[side] = s.numbers(sd["samples"], f"{at}.{side}.samples")
        row["improvement_pct"] = s.number(r.get("improvement_pct"),
                                          at + ".improvement_pct")
        stars = r.get("stars")
        if stars is not None and (type(stars) is not int or stars not in (0, 1, 2, 3)):
            s.fail(at + ".stars", "expected 0, 1, 2, 3 or null")
        row["stars"] = stars
        row["intervals"] = read_intervals(s, r, at) if stars is not None else []
        rows.append(row)
    if not rows:
        raise InputError(f"{path}: rows: no benchmark to plot")
    return rows


def read_intervals(s, r, at):
    """(risk, half width %) pairs, widest interval (smallest risk) first."""
    where = at + ".confidence_intervals"
    out = []
    for j, raw in enumerate(s.array(s.key(r, "confidence_intervals", at), where)):
        ci = s.obj(raw, f"{where}[{j}]")
        risk = s.number(s.key(ci, "risk", f"{where}[{j}]"), f"{where}[{j}].risk",
                        nullable=False)
        half = s.number(ci.get("half_width_pct"), f"{where}[{j}].half_width_pct")
        if half is not None:
            out.append((risk, half))
    return sorted(out)


def read_history(path):
    s = Shape(path)
    doc = s.obj(load_json(path), "top level")
    metric = doc.get("metric", "rate_ops_per_s")
    if not isinstance(metric, str):
        s.fail("metric", "expected a string")
    series = []
    for i, raw in enumerate(s.array(s.key(doc, "series", "top level"), "series")):
        at = f"series[{i}]"
        sr = s.obj(raw, at)
        one = {k: s.string(s.key(sr, k, at), f"{at}.{k}")
               for k in ("benchmark", "machine", "side")}
        points = []
        for j, praw in enumerate(s.array(s.key(sr, "points", at), at + ".points")):
            pat = f"{at}.points[{j}]"
            p = s.obj(praw, pat)
            point = {"commit": s.string(s.key(p, "commit", pat), pat + ".commit"),
                     "date": p.get("date") if isinstance(p.get("date"), str) else ""}
            for k in ("mean", "min", "max"):
                point[k] = s.number(p.get(k), f"{pat}.{k}")
            points.append(point)
        one["points"] = points
        cps = []
        for j, craw in enumerate(s.array(sr.get("change_points", []),
                                         at + ".change_points")):
            cat = f"{at}.change_points[{j}]"
            c = s.obj(craw, cat)
            index = s.key(c, "index", cat)
            if isinstance(index, bool) or not isinstance(index, int) \
                    or not 0 < index < len(points):
                s.fail(cat + ".index", "expected the position of the first point "
                       f"after the change: an integer from 1 to {len(points) - 1}"
                       if len(points) > 1 else "a series of fewer than two "
                       "points has no change point")
            cp = {"index": index,
                  "commit": c.get("commit") if isinstance(c.get("commit"), str) else ""}
            for k in ("mean_before", "mean_after", "magnitude_pct"):
                cp[k] = s.number(c.get(k), f"{cat}.{k}")
            regression = c.get("regression")
            if not isinstance(regression, bool):  # absent: a fall in the metric
                regression = (cp["magnitude_pct"] or 0) < 0
            cp["regression"] = regression
            cps.append(cp)
        one["change_points"] = sorted(cps, key=lambda c: c["index"])
        series.append(one)
    if not series:
        raise InputError(f"{path}: series: no series to plot")
    return metric, series


# ---------------------------------------------------------------- layout


def plain(text):
    """Text matplotlib shows as written: '$' would start mathtext."""
    return text.replace("$", r"\$")


def wrap_name(filename, configuration, width=LABEL_WIDTH):
    """The benchmark name on several lines: the file, then its parameters,
    broken at spaces and never dropped."""
    lines = textwrap.wrap(filename, width, break_on_hyphens=False) or [""]
    lines += textwrap.wrap(configuration, width, break_on_hyphens=False)
    return "\n".join(plain(line) for line in lines)


def row_layout(labels, min_lines):
    """Centre and height (in label lines) of every row, first row on top;
    a row is as tall as its label and never shorter than min_lines."""
    heights = [max(min_lines, label.count("\n") + 1) + 0.6 for label in labels]
    centres, y = [], 0.0
    for h in heights:
        centres.append(y + h / 2)
        y += h
    return centres, heights, y


def labelled_rows_figure(labels, min_lines, title):
    centres, heights, total = row_layout(labels, min_lines)
    fig_height = 1.3 + total * INCH_PER_LINE
    fig, ax = plt.subplots(figsize=(11, max(2.6, fig_height)))
    ax.set_ylim(total, 0)
    ax.set_yticks(centres)
    ax.set_yticklabels(labels, fontsize=FONT_SIZE)
    ax.tick_params(axis="y", length=0)
    # Faint bands tell neighbouring rows apart when there are many.
    y = 0.0
    for i, h in enumerate(heights):
        if i % 2:
            ax.axhspan(y, y + h, color="#f2f2f2", zorder=0)
        y += h
    ax.grid(axis="x", color="#dddddd", linewidth=0.6)
    ax.set_axisbelow(True)
    # A reader of a tall picture should not have to scroll to the bottom to
    # read the scale; the legend then sits above the top tick labels.
    top_ticks = len(labels) > TOP_TICKS_FROM_ROWS
    if top_ticks:
        ax.tick_params(axis="x", top=True, labeltop=True)
    ax.set_title(plain(title), fontsize=FONT_SIZE + 2, loc="left",
                 pad=24 + (TOP_TICKS_PT if top_ticks else 0))
    return fig, ax, centres, heights


def legend_under_title(ax, handles, rows):
    lift = TOP_TICKS_PT / 72 if rows > TOP_TICKS_FROM_ROWS else 0
    ax.legend(handles=handles, loc="lower left", bbox_to_anchor=(0, 1),
              bbox_transform=ax.transAxes + ScaledTranslation(
                  0, lift, ax.figure.dpi_scale_trans),
              ncol=len(handles), fontsize=FONT_SIZE, frameon=False,
              borderaxespad=0.3, handlelength=2.5)


def right_note(ax, y, text, color):
    """Text just right of the axes at data height y."""
    ax.annotate(text, xy=(1.01, y), xycoords=("axes fraction", "data"),
                va="center", ha="left", fontsize=FONT_SIZE, color=color,
                annotation_clip=False)


def stars_text(stars):
    return "*" * stars if stars else ""


def save(fig, out):
    try:
        fig.savefig(out, dpi=100, bbox_inches="tight", pad_inches=0.2)
    except OSError as e:
        raise OSError(f"{out}: cannot write: {e.strerror or e}") from None
    finally:
        plt.close(fig)


# ---------------------------------------------------------------- box


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


def box_note(r):
    """The improvement and stars beside a row, or why there are none."""
    x = r["improvement_pct"]
    if x is None:
        return f"no data (n = {r['old_n']} old, {r['new_n']} new)", NEUTRAL_COLOR
    if r["stars"] is None:
        return (f"{x:+.2f} %  no test (n = {r['old_n']} old, {r['new_n']} new)",
                NEUTRAL_COLOR)
    return f"{x:+.2f} % {stars_text(r['stars'])}".rstrip(), change_color(r)


def change_color(r):
    if not r["stars"] or r["improvement_pct"] is None:
        return NEUTRAL_COLOR
    return GOOD_COLOR if r["improvement_pct"] > 0 else BAD_COLOR


# ---------------------------------------------------------------- improvement


def plot_improvement(rows, out, title):
    labels = [wrap_name(r["filename"], r["configuration"]) for r in rows]
    fig, ax, centres, _ = labelled_rows_figure(
        labels, 1, title or "Improvement of new over old with 95%, 99% and "
        "99.9% confidence intervals")
    thickness = {0.05: 7, 0.01: 4, 0.001: 1.5}
    alpha = {0.05: 0.9, 0.01: 0.55, 0.001: 0.35}
    xs = [0.0]
    for r, y in zip(rows, centres):
        x = r["improvement_pct"]
        color = change_color(r)
        if x is None:
            ax.plot([0], [y], marker="x", color=NEUTRAL_COLOR, markersize=6)
            right_note(ax, y, *box_note(r))
            continue
        xs.append(x)
        for risk, half in r["intervals"]:
            ax.plot([x - half, x + half], [y, y], color=color,
                    linewidth=thickness.get(risk, 1.5),
                    alpha=alpha.get(risk, 0.4), solid_capstyle="butt")
            xs += [x - half, x + half]
        tested = r["stars"] is not None
        ax.plot([x], [y], marker="o", markersize=4 if tested else 5, zorder=3,
                color="black", markerfacecolor="black" if tested else "white")
        right_note(ax, y, *box_note(r))
    ax.axvline(0.0, color="#333333", linewidth=0.9, zorder=1)
    span = max(xs) - min(xs) or 1.0
    ax.set_xlim(min(xs) - 0.05 * span, max(xs) + 0.05 * span)
    ax.set_xlabel("improvement of new over old (%; higher is better)\n"
                  + STARS_KEY, fontsize=FONT_SIZE)
    ax.tick_params(axis="x", labelsize=FONT_SIZE)
    handles = [Line2D([], [], color=NEUTRAL_COLOR, linewidth=thickness[k],
                      alpha=alpha[k], label=f"{100 * (1 - k):g}% interval")
               for k in (0.05, 0.01, 0.001)]
    handles.append(Line2D([], [], color="black", marker="o", linestyle="",
                          markersize=4, label="improvement"))
    if any(r["stars"] is None and r["improvement_pct"] is not None for r in rows):
        handles.append(Line2D([], [], color="black", marker="o", linestyle="",
                              markerfacecolor="white", markersize=5,
                              label="improvement, no test"))
    legend_under_title(ax, handles, len(rows))
    save(fig, out)


# ---------------------------------------------------------------- history


def metric_label(metric):
    if metric == "rate_ops_per_s":
        return "rate (ops/s, higher is better)"
    return metric


def plot_history(metric, series, out, title, max_series):
    shown = series[:max_series]
    left_out = len(series) - len(shown)
    fig, axes = plt.subplots(len(shown), 1, squeeze=False,
                             figsize=(11, 0.9 + 2.9 * len(shown)))
    for ax, s in zip(axes[:, 0], shown):
        draw_series(ax, s, metric)
    heading = title or f"History of the {metric_label(metric)}"
    if left_out:
        heading += (f" (showing {len(shown)} of {len(series)} series; "
                    f"{left_out} left out)")
    fig.suptitle(plain(heading), fontsize=FONT_SIZE + 3, x=0.01, ha="left",
                 y=1 - 0.1 / fig.get_figheight(), va="top")
    fig.tight_layout(h_pad=1.5)
    save(fig, out)


def draw_series(ax, s, metric):
    points, cps = s["points"], s["change_points"]
    heading = "\n".join(textwrap.wrap(s["benchmark"], 80)) or "(unnamed)"
    ax.set_title(plain(f"{heading}\nmachine {s['machine']}, side {s['side']}"),
                 fontsize=FONT_SIZE, loc="left")
    ax.tick_params(labelsize=FONT_SIZE - 1)
    ax.yaxis.set_major_formatter(EngFormatter(sep=" "))
    ax.set_ylabel(metric_label(metric), fontsize=FONT_SIZE - 1)
    ax.grid(color="#e6e6e6", linewidth=0.6)
    if not points:
        ax.text(0.5, 0.5, "no points", transform=ax.transAxes, ha="center",
                color=NEUTRAL_COLOR)
        ax.set_xticks([])
        ax.set_yticks([])
        return
    x = list(range(len(points)))
    nan = float("nan")
    lo = [nan if p["min"] is None else p["min"] for p in points]
    hi = [nan if p["max"] is None else p["max"] for p in points]
    mean = [nan if p["mean"] is None else p["mean"] for p in points]
    ax.fill_between(x, lo, hi, color="#9ecae1", alpha=0.5, linewidth=0,
                    label="min-max")
    ax.plot(x, mean, color="#08519c", linewidth=1.2, marker="." if len(x) < 60 else None,
            markersize=3, label="mean")
    draw_segments(ax, points, cps)
    for cp in cps:
        draw_change_point(ax, cp, len(points))
    ax.set_xlim(-0.5, len(points) - 0.5)
    ticks = sparse_ticks(len(points), 7)
    ax.set_xticks(ticks)
    ax.set_xticklabels([tick_label(points[i]) for i in ticks])
    ax.set_xlabel("commit (oldest first)", fontsize=FONT_SIZE - 1)
    handles, _ = ax.get_legend_handles_labels()
    for regression, color in ((True, BAD_COLOR), (False, GOOD_COLOR)):
        if any(c["regression"] == regression for c in cps):
            handles.append(Line2D([], [], color=color, linestyle="--",
                                  label="regression" if regression else "improvement"))
    ax.legend(handles=handles, loc="lower right", bbox_to_anchor=(1, 1),
              ncol=len(handles), fontsize=FONT_SIZE - 1, frameon=False,
              borderaxespad=0.2)


def draw_change_point(ax, cp, n):
    color = BAD_COLOR if cp["regression"] else GOOD_COLOR
    x = cp["index"] - 0.5  # between the last point before and the first after
    ax.axvline(x, color=color, linewidth=1.3, linestyle="--")
    text = "" if cp["magnitude_pct"] is None else f"{cp['magnitude_pct']:+.1f}%"
    if cp["commit"]:
        text = f"{text} at {cp['commit'][:8]}".strip()
    if not text:
        return
    # Near the right edge the label goes left of its marker to stay inside.
    right = cp["index"] > 0.7 * n
    ax.annotate(plain(text), xy=(x, 1.0), xycoords=("data", "axes fraction"),
                xytext=(-4 if right else 4, -4), textcoords="offset points",
                va="top", ha="right" if right else "left", fontsize=FONT_SIZE,
                color=color, fontweight="bold",
                bbox={"facecolor": "white", "edgecolor": "none", "alpha": 0.8,
                      "pad": 1})


def draw_segments(ax, points, cps):
    """The mean of every segment between change points, as steps."""
    if not cps:
        return
    bounds = [0] + [c["index"] for c in cps] + [len(points)]
    levels = [c["mean_before"] for c in cps] + [cps[-1]["mean_after"]]
    for k, level in enumerate(levels):
        if level is None:
            continue
        ax.hlines(level, bounds[k] - 0.5, bounds[k + 1] - 0.5, color="#333333",
                  linewidth=1.6, label="segment mean" if k == 0 else None)


def sparse_ticks(n, most):
    """At most `most` evenly spread indices, the first and last included."""
    if n <= most:
        return list(range(n))
    step = (n - 1) / (most - 1)
    return sorted({round(i * step) for i in range(most)})


def tick_label(point):
    return plain(f"{point['commit'][:8]}\n{point['date'][:10]}".rstrip())


# ---------------------------------------------------------------- main


def parse_args(argv):
    parser = argparse.ArgumentParser(
        prog=PROG, description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="kind", required=True)
    compare = "compare JSON (fpbench compare --format json)"
    for kind, what, source in (
            ("box", "old and new samples per benchmark as box plots", compare),
            ("improvement", "improvement per benchmark with confidence intervals",
             compare),
            ("history", "trend of each series with its change points",
             "history JSON (fpbench history plot)")):
        p = sub.add_parser(kind, help=what, description=f"Draw the {what}.")
        p.add_argument("json", help=source)
        p.add_argument("png", help="PNG file to write")
        p.add_argument("--title", default="", help="title of the picture")
        if kind == "history":
            p.add_argument("--max-series", type=int, default=MAX_SERIES,
                           help=f"most series drawn (default {MAX_SERIES})")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)  # exits 2 itself on bad usage
    plt.rcParams["font.size"] = FONT_SIZE
    try:
        if args.kind == "box":
            plot_box(read_compare(args.json, need_samples=True), args.png, args.title)
        elif args.kind == "improvement":
            plot_improvement(read_compare(args.json, need_samples=False), args.png,
                             args.title)
        else:
            if args.max_series < 1:
                raise InputError("--max-series must be at least 1")
            metric, series = read_history(args.json)
            plot_history(metric, series, args.png, args.title, args.max_series)
    except InputError as e:
        print(f"{PROG}: error: {e}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except OSError as e:
        print(f"{PROG}: error: {e}", file=sys.stderr)
        return EXIT_FAILURE
    return 0


if __name__ == "__main__":
    sys.exit(main())
