"""The history plot: one panel per series with its change points (see
fpbench_plot.py)."""

import textwrap

from matplotlib.lines import Line2D
from matplotlib.ticker import EngFormatter

from plot_common import (BAD_COLOR, FONT_SIZE, GOOD_COLOR, NEUTRAL_COLOR,
                         InputError, Shape, load_json, plain, plt, save)


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


# ---------------------------------------------------------------- plot


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
