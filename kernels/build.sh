#!/usr/bin/env bash
# Compiles every kernels/*.cu into a fatbin that JCuda loads from the class path. Called by Maven
# (process-resources, ARCH from -Dcuda.arch); usage:
#   build.sh [--dry-run] NVCC OUT_DIR PTXAS_REPORT_DIR [ARCH]
#
# ARCH, the GPUs the fatbins hold code for:
#   auto (the default): the GPUs of this machine, as nvidia-smi lists them with their compute
#         capability; without a GPU (or one this nvcc cannot compile for), as all
#   all:  SASS for sm_75, sm_80, sm_86, sm_89 and sm_90 and compute_90 PTX, which the driver compiles
#         for newer GPUs: a jar for every GPU the suite supports
#   sm_XY[,sm_XY...]: SASS for those GPUs only (sm_75 or newer), e.g. a jar for a known machine
# One line says which targets the build compiles for and why. nvcc's own -arch=native is not used:
# without a GPU, nvcc 13.0 warns and builds for its default sm_75 alone, and it does not say which
# targets it chose. Nothing is compiled at run time (NVRTC is absent on CUDA 13).
# The ptxas report (registers, shared memory, spills per kernel and target) goes to PTXAS_REPORT_DIR,
# one file a kernel; one line at the end of a build says which kernels spill registers.
# OUT_DIR/targets.txt records the targets, nvcc's options and nvcc's version; a fatbin is rebuilt when
# they change, or when its source or a shared header is newer.
# --dry-run: print the targets' line and nvcc's options, compile nothing.
# NVIDIA_SMI: the nvidia-smi to ask (default: nvidia-smi on PATH).
set -euo pipefail
dry_run=false
if [ "${1:-}" = "--dry-run" ]; then dry_run=true; shift; fi
nvcc=${1:?nvcc}
out=${2:?output directory}
report=${3:?ptxas report directory}
arch=${4:-auto}
here=$(cd "$(dirname "$0")" && pwd)

if ! command -v "$nvcc" >/dev/null 2>&1; then
  echo "nvcc not found ('$nvcc'): install the CUDA Toolkit 12 or newer (https://developer.nvidia.com/cuda-downloads) and put nvcc on PATH, or point at it with -Dnvcc=/path/to/nvcc" >&2
  exit 1
fi

# Every supported GPU (-Dcuda.arch=all): from sm_75, the oldest the suite runs on (Variant.BUILT_FOR_SM).
portable=(
  -gencode arch=compute_75,code=sm_75
  -gencode arch=compute_80,code=sm_80
  -gencode arch=compute_86,code=sm_86
  -gencode arch=compute_89,code=sm_89
  -gencode arch=compute_90,code=[sm_90,compute_90]
)
portable_label="sm_75, sm_80, sm_86, sm_89, sm_90 and compute_90 PTX"
oldest=75
options=(-fatbin -O3 -std=c++17 -lineinfo -Xptxas -v)
nvcc_release=$("$nvcc" --version 2>/dev/null | grep -o 'release [0-9.]*' || true)
# the SASS targets this nvcc knows (sm_75 sm_80 ...); empty where it cannot list them
known_codes=$("$nvcc" --list-gpu-code 2>/dev/null || true)
knows() { [ -z "$known_codes" ] || grep -qx "sm_$1" <<<"$known_codes"; }

# The compute capabilities of the GPUs present, one a line (90 for sm_90), distinct; nothing
# without a GPU: no nvidia-smi, no driver, or no GPU listed.
gpu_caps() {
  local smi=${NVIDIA_SMI:-nvidia-smi} wait=() gpus
  command -v "$smi" >/dev/null 2>&1 || return 0
  command -v timeout >/dev/null 2>&1 && wait=(timeout 30)
  gpus=$(${wait[@]+"${wait[@]}"} "$smi" -L 2>/dev/null) || return 0
  grep -q '^GPU [0-9]' <<<"$gpus" || return 0
  # "9.0" -> 90; a GPU listed whose capability is not read gives "?"
  { ${wait[@]+"${wait[@]}"} "$smi" --query-gpu=compute_cap --format=csv,noheader 2>/dev/null || true; } \
    | tr -d ' .\r' | sed 's/^$/?/; s/^.*[^0-9].*$/?/' | sort -un | grep . || echo "?"
}

targets() {  # sets flags and label from SM numbers (90 80 ...)
  flags=(); label=""
  local cc
  for cc in "$@"; do
    flags+=(-gencode "arch=compute_$cc,code=sm_$cc")
    label+="${label:+, }sm_$cc"
  done
}

all_hint="-Dcuda.arch=all for every supported GPU"
case "$arch" in
  all)
    flags=("${portable[@]}"); label=$portable_label
    why="-Dcuda.arch=all: every supported GPU" ;;
  auto|"")
    mapfile -t caps < <(gpu_caps)
    ccs=(); unusable=""
    for cc in ${caps[@]+"${caps[@]}"}; do
      if [ "$cc" = "?" ]; then unusable="nvidia-smi lists a GPU but not its compute capability, so every supported GPU"
      elif [ "$cc" -lt "$oldest" ]; then unusable="the GPU present, sm_$cc, is older than sm_$oldest, the oldest the suite supports, so every supported GPU"
      elif ! knows "$cc"; then unusable="nvcc $nvcc_release cannot compile for sm_$cc, the GPU present, so every supported GPU, whose compute_90 PTX the driver compiles for it"
      else ccs+=("$cc"); fi
    done
    if [ ${#caps[@]} -eq 0 ]; then
      flags=("${portable[@]}"); label=$portable_label
      why="no GPU found, so every supported GPU; -Dcuda.arch=sm_90, say, builds one GPU's in a fifth of the time"
    elif [ -n "$unusable" ]; then
      flags=("${portable[@]}"); label=$portable_label
      why=$unusable
    else
      targets "${ccs[@]}"
      if [ ${#ccs[@]} -eq 1 ]; then why="the GPU present; $all_hint"; else why="the GPUs present; $all_hint"; fi
    fi ;;
  *)
    ccs=()
    IFS=', ' read -ra items <<<"$arch"
    for item in "${items[@]}"; do
      [ -z "$item" ] && continue
      if ! [[ $item =~ ^sm_([0-9]+)$ ]]; then
        echo "kernels: -Dcuda.arch=$arch: expected auto (the GPUs of this machine, the default), all (every supported GPU) or a list such as sm_90 or sm_80,sm_90" >&2
        exit 1
      fi
      cc=${BASH_REMATCH[1]}
      if [ "$cc" -lt "$oldest" ]; then
        echo "kernels: -Dcuda.arch=$arch: sm_$cc is older than sm_$oldest, the oldest GPU the suite supports" >&2
        exit 1
      fi
      if ! knows "$cc"; then
        echo "kernels: -Dcuda.arch=$arch: nvcc $nvcc_release cannot compile for sm_$cc; it knows $(tr '\n' ' ' <<<"$known_codes")" >&2
        exit 1
      fi
      ccs+=("$cc")
    done
    [ ${#ccs[@]} -gt 0 ] || { echo "kernels: -Dcuda.arch is empty: expected auto, all or a list such as sm_90" >&2; exit 1; }
    mapfile -t ccs < <(printf '%s\n' "${ccs[@]}" | sort -un)
    targets "${ccs[@]}"
    why="-Dcuda.arch=$arch: code for those GPUs only; $all_hint" ;;
esac

if $dry_run; then
  echo "kernels: compiling for $label ($why)"
  echo "nvcc ${options[*]} ${flags[*]}"
  exit 0
fi

mkdir -p "$out" "$report"
# the headers a user's kernel file includes (fwbench.cuh and what it includes), which the suite
# compiles such a file against at run time (fwbench.cuda.KernelCompiler)
mkdir -p "$out/include"
cp "$here"/fwbench.cuh "$here"/fw.cuh "$here"/fw_constants.cuh "$out/include/"

export nvcc out report
export nvcc_flags="${options[*]} ${flags[*]}"

compile() {
  local cu=$1 name
  name=$(basename "$cu" .cu)
  # shellcheck disable=SC2086
  if ! "$nvcc" $nvcc_flags -o "$out/$name.fatbin" "$cu" 2> "$report/$name.txt"; then
    cat "$report/$name.txt" >&2
    echo "nvcc failed on $cu (full log: $report/$name.txt)" >&2
    return 1
  fi
  echo "compiled $name.fatbin"
}
export -f compile
export here

# One line for the whole build: which kernels spill registers on some target (ptxas's
# "N bytes spill stores, M bytes spill loads" not both 0), and where ptxas's report is.
spill_summary() {
  local cu name spilling=() where
  for cu in "$here"/*.cu; do
    name=$(basename "$cu" .cu)
    if grep "bytes spill" "$report/$name.txt" 2>/dev/null | grep -qv " 0 bytes spill stores, 0 bytes spill loads"; then
      spilling+=("$name")
    fi
  done
  where=$(realpath --relative-to=. "$report" 2>/dev/null || echo "$report")  # target/ptxas from Maven
  case $where in ..*) where=$report ;; esac
  case ${#spilling[@]} in
    0) echo "kernels: no kernel spills registers; the ptxas report is in $where/" ;;
    1) echo "kernels: 1 kernel spills registers on some target (${spilling[0]}); the ptxas report is in $where/" ;;
    *) local names; names=$(printf '%s, ' "${spilling[@]}"); echo "kernels: ${#spilling[@]} kernels spill registers on some target (${names%, }); the ptxas report is in $where/" ;;
  esac
}

# What the fatbins are built with: when it changes (other targets, options or nvcc), every fatbin is
# stale. Written once all are built, so that a build stopped halfway rebuilds them all.
stamp="$out/targets.txt"
built_with=$(printf 'targets: %s\nnvcc: %s\nnvcc --version: %s\n' "$label" "$nvcc_flags" "$("$nvcc" --version | tail -n 2 | tr '\n' ' ')")
same_targets=true
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$built_with" ]; then
  same_targets=false
  rm -f "$stamp"
fi

# Stale: the output is missing, or its source or a shared header is newer, or the targets changed.
stale=()
newer_header() { [ -n "$(find "$here" -maxdepth 1 -name '*.cuh' -newer "$1")" ]; }
for cu in "$here"/*.cu; do
  fatbin="$out/$(basename "$cu" .cu).fatbin"
  if ! $same_targets || [ ! -f "$fatbin" ] || [ "$cu" -nt "$fatbin" ] || newer_header "$fatbin"; then
    stale+=("$cu")
  fi
done
if [ ${#stale[@]} -eq 0 ]; then
  echo "kernels: up to date, for $label ($why)"
  exit 0
fi
echo "kernels: compiling for $label ($why)"
printf '%s\n' "${stale[@]}" | xargs -P "$(nproc)" -I{} bash -c 'compile "$@"' _ {}
printf '%s\n' "$built_with" > "$stamp"
spill_summary
