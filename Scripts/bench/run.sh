#!/bin/bash
# Builds quiz and quiz-bench (release, in their own scratch folder) and runs the benchmark.
#
#   Scripts/bench/run.sh                 # everything; the tables go to standard output
#   Scripts/bench/run.sh --quick         # smaller sizes, for a first look
#   Scripts/bench/run.sh --output docs/performance-figures.md
#
# Arguments go to quiz-bench (see `quiz-bench --help`). SCRATCH chooses the build folder
# (default /tmp/bench-build). Anki's scheduler is measured in a virtual environment that
# Scripts/bench/anki_bench.py makes under /tmp (ANKI_VENV, default /tmp/anki-venv); pass
# --no-anki to skip it.
set -euo pipefail
cd "$(dirname "$0")/../.."
scratch="${SCRATCH:-/tmp/bench-build}"

# Help needs no build: this file's header, then quiz-bench's options if it is built.
for argument in "$@"; do
  if [ "$argument" = --help ] || [ "$argument" = -h ]; then
    sed -n '2,11s/^# \{0,1\}//p' "$0"
    if [ -x "$scratch/release/quiz-bench" ]; then
      echo
      exec "$scratch/release/quiz-bench" --help
    fi
    exit 0
  fi
done

if pgrep -f fuzz >/dev/null; then
  echo "run.sh: note: a fuzzer is running (pgrep -f fuzz); the figures will be slower" >&2
fi
swift build -c release --scratch-path "$scratch" --product quiz >&2
swift build -c release --scratch-path "$scratch" --product quiz-bench >&2
exec "$scratch/release/quiz-bench" --quiz "$scratch/release/quiz" "$@"
