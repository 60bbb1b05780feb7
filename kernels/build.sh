#!/usr/bin/env bash
# Compiles every kernels/*.cu into a fatbin that JCuda loads from the class path. Called by Maven
# (process-resources); usage:
#   build.sh NVCC OUT_DIR PTXAS_REPORT_DIR
#
# Each fatbin holds SASS for sm_75, sm_80, sm_86, sm_89 and sm_90 and compute_90 PTX, which the
# driver compiles for newer GPUs. Nothing is compiled at run time (NVRTC is absent on CUDA 13).
# The ptxas report (registers, shared memory, spills per kernel and target) goes to PTXAS_REPORT_DIR.
# Each output is rebuilt only when a source it depends on is newer.
set -euo pipefail
nvcc=${1:?nvcc}
out=${2:?output directory}
report=${3:?ptxas report directory}
here=$(cd "$(dirname "$0")" && pwd)

if ! command -v "$nvcc" >/dev/null 2>&1; then
  echo "nvcc not found ('$nvcc'): install the CUDA Toolkit 12 or newer (https://developer.nvidia.com/cuda-downloads) and put nvcc on PATH, or point at it with -Dnvcc=/path/to/nvcc" >&2
  exit 1
fi
mkdir -p "$out" "$report"
# the headers a user's kernel file includes (fwbench.cuh and what it includes), which the suite
# compiles such a file against at run time (fwbench.cuda.KernelCompiler)
mkdir -p "$out/include"
cp "$here"/fwbench.cuh "$here"/fw.cuh "$here"/fw_constants.cuh "$out/include/"

gencode=(
  -gencode arch=compute_75,code=sm_75
  -gencode arch=compute_80,code=sm_80
  -gencode arch=compute_86,code=sm_86
  -gencode arch=compute_89,code=sm_89
  -gencode arch=compute_90,code=[sm_90,compute_90]
)
export nvcc out report
export gencode_flags="${gencode[*]}"

compile() {
  local cu=$1 name
  name=$(basename "$cu" .cu)
  # shellcheck disable=SC2086
  if ! "$nvcc" -fatbin -O3 -std=c++17 -lineinfo -Xptxas -v $gencode_flags \
        -o "$out/$name.fatbin" "$cu" 2> "$report/$name.txt"; then
    cat "$report/$name.txt" >&2
    echo "nvcc failed on $cu (full log: $report/$name.txt)" >&2
    return 1
  fi
  if grep -q "bytes spill" "$report/$name.txt" && grep "bytes spill" "$report/$name.txt" | grep -qv " 0 bytes spill stores, 0 bytes spill loads"; then
    echo "note: $name spills registers on some target (see $report/$name.txt)" >&2
  fi
  echo "compiled $name.fatbin"
}
export -f compile
export here

# Stale: the output is missing, or its source or a shared header is newer.
stale=()
newer_header() { [ -n "$(find "$here" -maxdepth 1 -name '*.cuh' -newer "$1")" ]; }
for cu in "$here"/*.cu; do
  fatbin="$out/$(basename "$cu" .cu).fatbin"
  if [ ! -f "$fatbin" ] || [ "$cu" -nt "$fatbin" ] || newer_header "$fatbin"; then
    stale+=("$cu")
  fi
done
[ ${#stale[@]} -eq 0 ] && { echo "kernels up to date"; exit 0; }
printf '%s\n' "${stale[@]}" | xargs -P "$(nproc)" -I{} bash -c 'compile "$@"' _ {}
