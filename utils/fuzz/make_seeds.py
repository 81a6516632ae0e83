#!/usr/bin/python3
"""Writes the seed corpus of gather-fuzz into a directory.

Text seeds: every split (`// -----`) of the test files under test/ that
holds a gather op, as written, and embedding bags (a gather reduced by a
linalg op, the forms gather-fuse-reductions rewrites) from
utils/difftest/bags.py. Structured seeds: byte strings starting with 0
(gather-fuzz's structured mode). All drawn from fixed seeds, so that runs
are reproducible. Usage: make_seeds.py OUT_DIR [--structured N] [--bags N]
"""

import argparse
import os
import random
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(
    __file__))))
sys.path.insert(0, os.path.join(ROOT, "utils", "difftest"))


def write_bags(out, n):
    """Writes `n` embedding-bag programs (one case each, with its main);
    none where numpy is missing (bags.py needs it)."""
    try:
        import bags
    except ImportError:
        return 0
    for k in range(n):
        text, _ = bags.program([bags.generate_case(20261130, k)])
        with open(os.path.join(out, f"bag-{k:03d}.mlir"), "w") as f:
            f.write(text)
    return n


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--structured", type=int, default=256)
    ap.add_argument("--bags", type=int, default=64)
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    count = 0
    for top, _, files in os.walk(os.path.join(ROOT, "test")):
        for name in sorted(files):
            if not name.endswith(".mlir"):
                continue
            with open(os.path.join(top, name), errors="replace") as f:
                text = f.read()
            for k, chunk in enumerate(text.split("// -----")):
                if "gather." not in chunk:
                    continue
                base = os.path.relpath(os.path.join(top, name), ROOT)
                out = base.replace(os.sep, "_") + f".{k}.mlir"
                with open(os.path.join(args.out, out), "w") as f:
                    f.write(chunk)
                count += 1
    count += write_bags(args.out, args.bags)
    rng = random.Random(20261124)
    for k in range(args.structured):
        data = bytes([0]) + bytes(rng.randrange(256) for _ in range(48))
        with open(os.path.join(args.out, f"structured-{k:03d}"), "wb") as f:
            f.write(data)
    print(f"make_seeds: {count} text seeds, {args.structured} structured "
          f"seeds in {args.out}")


if __name__ == "__main__":
    main()
