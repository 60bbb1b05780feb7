#!/usr/bin/env bash
# A quick look at the tile kernels on a GPU machine, from the repository's own files only.
# Run from the repository root on a machine with a GPU and the CUDA Toolkit (nvcc, cuobjdump):
#   bash kernels/tools/device_check.sh OUT_DIR [n ...]
# 1. The sm_90 SASS of 07_kleene.cu, 09_packed16.cu, peak.cu and graph.cu (the certificate),
#    compiled here from kernels/ into a temporary folder, and its instruction mix (sass_mix.py:
#    relaxations, spills).
# 2. The timing harness (kleene_bench.cu) built with 2 and 1 tile-product blocks per SM
#    (TILE_PRODUCT_MIN_BLOCKS_PER_SM), each timed at the given n (default 1000 2500 5000 10000).
# Everything it writes goes to OUT_DIR: sass_*.txt, sass_mix.txt, ptxas_blocks*.txt, kleene_bench.txt.
set -uo pipefail
out=${1:?output folder}; shift
sizes=${*:-1000 2500 5000 10000}
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

for f in 07_kleene 09_packed16 peak graph; do
  nvcc -cubin -O3 -std=c++17 -arch=sm_90 -o "$work/$f.cubin" "kernels/$f.cu" || { echo "nvcc failed on kernels/$f.cu"; continue; }
  cuobjdump -sass "$work/$f.cubin" > "$out/sass_$f.txt" 2>&1
  python3 kernels/tools/sass_mix.py < "$out/sass_$f.txt"
done | tee "$out/sass_mix.txt"

for blocks in 2 1; do
  nvcc -O3 -std=c++17 -arch=sm_90 -DTILE_PRODUCT_MIN_BLOCKS_PER_SM=$blocks -Xptxas -v -o "$work/kb$blocks" kernels/tools/kleene_bench.cu \
    > "$out/ptxas_blocks$blocks.txt" 2>&1 || { cat "$out/ptxas_blocks$blocks.txt"; continue; }
  echo "== kleene_bench, $blocks blocks per SM"
  "$work/kb$blocks" $sizes
done 2>&1 | tee "$out/kleene_bench.txt"
