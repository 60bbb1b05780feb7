#!/usr/bin/env python3
"""Instruction mix of each kernel in a fatbin's sm_90 SASS: cuobjdump -sass output on stdin.

Prints, per kernel, the count of each opcode (top 12), local-memory accesses (LDL/STL: spills)
and the relaxation instructions (VIADDMNMX, VIMNMX, IADD3+IMNMX): a quick read of whether the inner
loop is what the source meant.
"""
import collections
import re
import sys

kernel, counts = None, collections.OrderedDict()
for line in sys.stdin:
    m = re.match(r"\s+Function : (\S+)", line)
    if m:
        kernel = m.group(1)
        counts[kernel] = collections.Counter()
        continue
    m = re.match(r"\s+/\*[0-9a-f]{4,}\*/\s+(?:@!?U?P\w+\s+)?([A-Z][A-Z0-9_.]+)", line)
    if m and kernel:
        counts[kernel][m.group(1).split(".")[0]] += 1
for k, c in counts.items():
    total = sum(c.values())
    print(f"{k}: {total} instructions; LDL {c['LDL']} STL {c['STL']}; VIADDMNMX {c['VIADDMNMX']} VIMNMX {c['VIMNMX']} IMNMX {c['IMNMX']}")
    print("   " + ", ".join(f"{op} {n}" for op, n in c.most_common(12)))
