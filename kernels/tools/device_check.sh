#!/usr/bin/env bash
# On the GPU machine, from the repository root, after `mvn package` and pack.sh here:
#   bash kernels/tools/device_check.sh OUT_DIR [n ...]
# Reads the SASS instruction mix of the tiled kernels, builds the development harness
# (kernels/tools/kleene_bench.cu) with 1 and 2 blocks per SM and times both at the given n.
set -uo pipefail
out=${1:?output folder}; shift
sizes=${*:-1000 2500 5000 10000}
mkdir -p /tmp/fatbins
python3 - <<'PY'
import zipfile
z = zipfile.ZipFile(".device/benchmarks.jar")
for name in z.namelist():
    if name.startswith("kernels/") and name.endswith(".fatbin"):
        open("/tmp/fatbins/" + name.split("/")[-1], "wb").write(z.read(name))
PY
for f in 07_kleene 09_packed16 peak; do
  cuobjdump -sass -arch sm_90 /tmp/fatbins/$f.fatbin > "$out/sass_$f.txt" 2>&1
  python3 kernels/tools/sass_mix.py < "$out/sass_$f.txt"
done | tee "$out/sass_mix.txt"
for blocks in 2 1; do
  nvcc -O3 -std=c++17 -arch=sm_90 -DTILE_PRODUCT_MIN_BLOCKS_PER_SM=$blocks -Xptxas -v -o /tmp/kb$blocks kernels/tools/kleene_bench.cu > "$out/ptxas_blocks$blocks.txt" 2>&1 || { cat "$out/ptxas_blocks$blocks.txt"; continue; }
  echo "== kleene_bench, $blocks blocks per SM (H200 or H100 as the reply says)"
  /tmp/kb$blocks $sizes
done 2>&1 | tee "$out/kleene_bench.txt"
