"""What the plots of fpbench_plot.py share: matplotlib drawn off-screen,
the colours and sizes, reading fpbench's JSON with errors that name the file
and key, and the layout of a picture with one labelled row per benchmark."""

import errno
import json
import math
import os
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
from matplotlib.transforms import ScaledTranslation  # noqa: E402

OLD_COLOR = "#8c8c8c"
NEW_COLOR = "#e08214"
GOOD_COLOR = "#1a9641"
BAD_COLOR = "#d7191c"
NEUTRAL_COLOR = "#555555"
FONT_SIZE = 9
LABEL_WIDTH = 48  # characters per line of a wrapped benchmark name
INCH_PER_LINE = 0.17  # height of one line of label text at FONT_SIZE
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


def style_row_axis(ax, labels, centres, heights, total):
    """One labelled row per benchmark, top to bottom, on `total` lines."""
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


def labelled_rows_figure(labels, min_lines, title):
    centres, heights, total = row_layout(labels, min_lines)
    fig_height = 1.3 + total * INCH_PER_LINE
    fig, ax = plt.subplots(figsize=(11, max(2.6, fig_height)))
    style_row_axis(ax, labels, centres, heights, total)
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
    # format="png": matplotlib would otherwise add ".png" to a name without
    # that extension (a folder "out" became "out.png" beside it).
    try:
        if os.path.isdir(out):
            raise IsADirectoryError(errno.EISDIR, "is a directory; give a file name")
        fig.savefig(out, format="png", dpi=100, bbox_inches="tight", pad_inches=0.2)
    except OSError as e:
        raise OSError(f"{out}: cannot write: {e.strerror or e}") from None
    finally:
        plt.close(fig)


# ---------------------------------------------------------------- notes


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
