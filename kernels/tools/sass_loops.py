#!/usr/bin/env python3
"""The loops of each kernel in cuobjdump -sass output (stdin) and the opcode counts of their bodies.

A loop is a backward branch (BRA to a lower address); its body is every instruction from the
target to the branch, nested loops included. Opcodes are counted without modifiers (VIADDMNMX for
VIADDMNMX.S16x2). Prints, per kernel, one line a loop, e.g. for kernels/peak.cu on sm_90:
    fw_peak_int32
      loop 0x0890..0x18b0: 259 instructions: VIADDMNMX 256, UIADD3 1, ISETP 1, BRA 1
Usage: cuobjdump -sass X.cubin | python3 kernels/tools/sass_loops.py
"""
import collections
import re
import sys

INSTRUCTION = re.compile(r"\s+/\*([0-9a-f]{4,})\*/\s+(@!?U?P\w+\s+)?([A-Z][A-Z0-9_.]+)([^;]*);")

kernels = collections.OrderedDict()
kernel = None
for line in sys.stdin:
    m = re.match(r"\s+Function : (\S+)", line)
    if m:
        kernel = m.group(1)
        kernels[kernel] = []
        continue
    m = INSTRUCTION.match(line)
    if m and kernel:
        kernels[kernel].append((int(m.group(1), 16), m.group(3).split(".")[0], m.group(4)))

for kernel, instructions in kernels.items():
    print(kernel)
    for address, opcode, operands in instructions:
        target = re.match(r"\s*(0x[0-9a-f]+)", operands) if opcode == "BRA" else None
        if target and int(target.group(1), 16) < address:
            start = int(target.group(1), 16)
            body = collections.Counter(o for a, o, _ in instructions if start <= a <= address)
            print(f"  loop 0x{start:04x}..0x{address:04x}: {sum(body.values())} instructions: "
                  + ", ".join(f"{o} {n}" for o, n in body.most_common()))
