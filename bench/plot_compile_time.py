#!/usr/bin/python3
"""Plots bench/results/compile_time.csv (or the CSV given): CPU seconds and
peak MiB against the number of gathers, log-log, for gather-opt and for
upstream mlir-opt on the linalg form, one line per module shape; writes the
PNG next to the CSV."""

import csv
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "results",
        "compile_time.csv")
    with open(path) as f:
        rows = list(csv.DictReader(f))
    fig, axes = plt.subplots(1, 2, figsize=(11, 4.5))
    for ax, (col, label) in zip(axes, [("cpu_s", "CPU seconds"),
                                       ("MiB", "peak MiB")]):
        for shape in sorted({r["shape"] for r in rows}):
            own = [r for r in rows if r["shape"] == shape]
            ns = [int(r["n"]) for r in own]
            for tool, style in (("gather", "o-"), ("upstream", "s--")):
                ax.plot(ns, [float(r[f"{tool}_{col}"]) for r in own], style,
                        label=f"{tool} ({shape})")
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_xlabel("gathers in the module")
        ax.set_ylabel(label)
        ax.grid(which="both", alpha=0.3)
        ax.legend(fontsize=8)
    axes[0].set_title("compile time: gather-cpu-pipeline vs upstream linalg")
    axes[1].set_title("peak memory")
    fig.tight_layout()
    png = os.path.splitext(path)[0] + ".png"
    fig.savefig(png, dpi=110)
    print(f"wrote {png}")


if __name__ == "__main__":
    main()
