#!/usr/bin/env python3
"""Counts the lines of a crate's non-test source: every .rs file under the
given folder, less `#[cfg(test)]` modules (inline, or files declared so).

    tools/source-lines.py crates/sightlines/src
"""
import os
import re
import sys


def strip_tests(text):
    """The text without `#[cfg(test)]`-gated inline modules; and the names
    of the modules declared `#[cfg(test)] mod name;`."""
    lines = text.split("\n")
    out, gated, i = [], [], 0
    while i < len(lines):
        if lines[i].strip() == "#[cfg(test)]" and i + 1 < len(lines):
            m = re.match(r"\s*(pub(\(crate\))?\s+)?mod\s+(\w+)\s*(;|\{)", lines[i + 1])
            if m:
                if m.group(4) == ";":
                    gated.append(m.group(3))
                    i += 2
                    continue
                depth, j = 0, i + 1
                while j < len(lines):
                    depth += lines[j].count("{") - lines[j].count("}")
                    if depth == 0 and "}" in lines[j]:
                        break
                    j += 1
                i = j + 1
                continue
        out.append(lines[i])
        i += 1
    return out, gated


def main():
    root = sys.argv[1]
    total, skipped = 0, set()
    files = []
    for dirpath, _, names in os.walk(root):
        for n in names:
            if n.endswith(".rs"):
                files.append(os.path.join(dirpath, n))
    counts = {}
    for f in sorted(files):
        out, gated = strip_tests(open(f).read())
        base = f[:-3] if not f.endswith(("mod.rs", "lib.rs")) else os.path.dirname(f)
        for g in gated:
            for cand in (os.path.join(base, g + ".rs"), os.path.join(base, g, "mod.rs")):
                skipped.add(os.path.normpath(cand))
        counts[os.path.normpath(f)] = len(out) - (1 if out and out[-1] == "" else 0)
    for f, n in sorted(counts.items()):
        if f in skipped:
            continue
        total += n
        if "-v" in sys.argv:
            print(f"{n:6} {f}")
    print(f"{total:6} non-test lines under {root}")


if __name__ == "__main__":
    main()
