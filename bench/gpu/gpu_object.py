#!/usr/bin/python3
"""Prints the objects embedded in the gpu.binary ops of an MLIR file.

gather-gpu-pipeline (like gpu-module-to-binary) embeds each kernel module as
a string attribute of a `#gpu.object`. With `--format=isa` that string is
the PTX; this script undoes MLIR's string escapes and prints it, one
`// gpu.binary @NAME` header per binary, so that FileCheck (or a person) can
read the PTX line by line. With `--out DIR` it writes each object to
DIR/NAME.<ptx|cubin> instead (for cuobjdump/nvdisasm on a cubin).

Usage: gather-opt in.mlir --gather-gpu-pipeline=format=isa | gpu_object.py
"""

import argparse
import os
import re
import sys

# `gpu.binary @name [#gpu.object<#nvvm.target<...>, ..., "payload">]`: the
# payload is the last string literal of the object.
BINARY = re.compile(r'gpu\.binary @([\w$.]+)')
STRING = re.compile(r'"((?:[^"\\]|\\.)*)"')


def unescape(text):
    """Decodes an MLIR string literal body (\\XX hex escapes, \\\\, \\")."""
    out = bytearray()
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == "\\":
            nxt = text[i + 1]
            if nxt in '\\"':
                out.append(ord(nxt))
                i += 2
                continue
            if nxt == "n":
                out.append(10)
                i += 2
                continue
            if nxt == "t":
                out.append(9)
                i += 2
                continue
            out.append(int(text[i + 1:i + 3], 16))
            i += 3
            continue
        out.extend(ch.encode("utf-8"))
        i += 1
    return bytes(out)


def objects(mlir):
    """Yields (binary name, payload bytes) for every gpu.binary line."""
    for line in mlir.splitlines():
        match = BINARY.search(line)
        if not match:
            continue
        strings = STRING.findall(line[match.end():])
        if not strings:
            continue
        yield match.group(1), unescape(strings[-1])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("input", nargs="?", default="-")
    ap.add_argument("--out", help="write NAME.ptx / NAME.cubin files here")
    args = ap.parse_args()
    text = sys.stdin.read() if args.input == "-" else open(args.input).read()
    count = 0
    for name, payload in objects(text):
        count += 1
        is_ptx = b".version" in payload[:4096] and b"\0" not in payload
        if args.out:
            os.makedirs(args.out, exist_ok=True)
            path = os.path.join(args.out, name + (".ptx" if is_ptx else ".cubin"))
            with open(path, "wb") as f:
                f.write(payload)
            print(path)
        elif is_ptx:
            print("// gpu.binary @" + name)
            sys.stdout.write(payload.decode("utf-8"))
        else:
            print("// gpu.binary @%s: %d bytes, %s" % (
                name, len(payload),
                "ELF" if payload[:4] == b"\x7fELF" else "not ELF"))
    if count == 0:
        sys.exit("gpu_object.py: no gpu.binary with an object found")


if __name__ == "__main__":
    main()
