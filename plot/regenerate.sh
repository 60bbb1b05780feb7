#!/usr/bin/env bash
# Makes plot/ again from results/: the report of every results file (plot/NAME/ from
# results/NAME.json) and every comparison README.md, docs/ and kernels/*.md name
# (plot/BEFORE-vs-AFTER/). The report's output depends on its inputs only, so the folders git
# tracks come out byte for byte as committed; the others are ignored (plot/.gitignore).
# Usage, after `mvn package`: bash plot/regenerate.sh [JAR]
set -euo pipefail
cd "$(dirname "$0")/.."
jar=${1:-target/benchmarks.jar}
[ -f "$jar" ] || { echo "regenerate.sh: no $jar; run 'mvn package' first (or pass the jar's path)" >&2; exit 2; }
report() { java -jar "$jar" report "$@" >/dev/null; }

made=0 skipped=0
for results in results/*.json; do
  # a file of the peak benchmark alone has no report of its own: it is the ceiling beside a run (batches of small graphs have one)
  if report "$results" 2>/dev/null; then made=$((made + 1)); else skipped=$((skipped + 1)); fi
done
echo "regenerate.sh: $made reports in plot/ ($skipped results files hold neither solves nor batches)"

compared=0
for name in $(grep -rhoE 'plot/[0-9][^/ `)*]*-vs-[^/ `)*]*' README.md docs kernels/*.md | sed 's#^plot/##' | sort -u); do
  before=results/${name%%-vs-*}.json after=results/${name#*-vs-}.json
  if [ -f "$before" ] && [ -f "$after" ]; then
    report "$before" --compare "$after"; compared=$((compared + 1))
  else
    echo "regenerate.sh: plot/$name is named in the docs but $before or $after is missing" >&2; exit 1
  fi
done
echo "regenerate.sh: $compared comparisons in plot/"
