#!/usr/bin/python3
"""Plots bench/results/cpu.csv (or the CSV given) as grouped bars of GB/s per
case (log scale), one panel per thread count; writes the PNG next to the
CSV."""

import csv
import math
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

SERIES = [("generated_GBps", "generated"), ("cpp_loop_GBps", "C++ loop"),
          ("cpp_prefetch_GBps", "C++ prefetch"), ("memcpy_GBps", "memcpy"),
          ("numpy_GBps", "numpy"), ("torch_GBps", "torch")]


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "results", "cpu.csv")
    with open(path) as f:
        rows = list(csv.DictReader(f))
    threads = sorted({int(r["threads"]) for r in rows})
    panels = [[r for r in rows if int(r["threads"]) == t] for t in threads]
    fig, axes = plt.subplots(
        len(panels), 1, squeeze=False,
        figsize=(max(8, 0.55 * max(len(p) for p in panels)),
                 4.5 * len(panels)))
    width = 0.8 / len(SERIES)
    most = max(len(p) for p in panels)
    for ax, t, panel in zip(axes[:, 0], threads, panels):
        for k, (col, label) in enumerate(SERIES):
            ys = [float(r[col]) if r[col] not in ("", "nan") else math.nan
                  for r in panel]
            ax.bar([x + (k - len(SERIES) / 2 + 0.5) * width
                    for x in range(len(panel))], ys, width, label=label)
        ax.set_xticks(range(len(panel)))
        ax.set_xticklabels([r["case"] for r in panel], rotation=60,
                           ha="right", fontsize=8)
        ax.set_xlim(-0.5, most - 0.5)
        ax.set_yscale("log")
        ax.set_ylabel("GB/s of output (log)")
        ax.set_title(f"gather, {t} thread{'s' if t > 1 else ''}")
        ax.grid(axis="y", which="both", alpha=0.3)
        ax.legend(fontsize=8, ncol=len(SERIES))
    fig.tight_layout()
    png = os.path.splitext(path)[0] + ".png"
    fig.savefig(png, dpi=110)
    print(f"wrote {png}")


if __name__ == "__main__":
    main()
