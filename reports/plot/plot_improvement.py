"""The improvement plot: every improvement with its confidence intervals
(see fpbench_plot.py)."""

from matplotlib.lines import Line2D

from plot_common import (FONT_SIZE, NEUTRAL_COLOR, STARS_KEY, box_note,
                         change_color, labelled_rows_figure, legend_under_title,
                         right_note, save, wrap_name)


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
