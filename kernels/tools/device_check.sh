#!/usr/bin/env bash
# A quick look at the tile kernels on a GPU machine, from the repository's own files only.
# Run from the repository root on a machine with a GPU and the CUDA Toolkit (nvcc, cuobjdump):
#   bash kernels/tools/device_check.sh OUT_DIR
# 1. The sm_90 SASS of 07_kleene.cu, 09_packed16.cu, peak.cu and graph.cu (the certificate),
#    compiled here from kernels/ into a temporary folder, and its instruction mix (sass_mix.py:
#    relaxations, spills).
# 2. ptxas's registers and spills of 07_kleene.cu and 09_packed16.cu built with 2 and 1 tile-product
#    blocks per SM (TILE_PRODUCT_MIN_BLOCKS_PER_SM).
# Everything it writes goes to OUT_DIR: sass_*.txt, sass_mix.txt, ptxas_blocks*.txt.
# Timings come from the suite itself: `java -jar target/benchmarks.jar -p variant=... -p n=...`, and one
# verified solve under Nsight Compute from its profile command (docs/profiling.md).
set -uo pipefail
out=${1:?output folder}
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

for f in 07_kleene 09_packed16 peak graph; do
  nvcc -cubin -O3 -std=c++17 -arch=sm_90 -o "$work/$f.cubin" "kernels/$f.cu" || { echo "nvcc failed on kernels/$f.cu"; continue; }
  cuobjdump -sass "$work/$f.cubin" > "$out/sass_$f.txt" 2>&1
  python3 kernels/tools/sass_mix.py < "$out/sass_$f.txt"
done | tee "$out/sass_mix.txt"

for blocks in 2 1; do
  for f in 07_kleene 09_packed16; do
    nvcc -cubin -O3 -std=c++17 -arch=sm_90 -DTILE_PRODUCT_MIN_BLOCKS_PER_SM=$blocks -Xptxas -v \
      -o "$work/${f}_blocks$blocks.cubin" "kernels/$f.cu" || echo "nvcc failed on kernels/$f.cu"
  done > "$out/ptxas_blocks$blocks.txt" 2>&1
  echo "== ptxas, $blocks tile-product blocks per SM: $out/ptxas_blocks$blocks.txt"
  grep "bytes spill" "$out/ptxas_blocks$blocks.txt" | grep -v " 0 bytes spill stores, 0 bytes spill loads" || echo "no spills"
done
