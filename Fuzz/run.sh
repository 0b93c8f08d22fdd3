#!/usr/bin/env bash
# Builds the libFuzzer targets of Fuzz/Targets and runs each in turn, one at a time.
#
#   Fuzz/run.sh [SECONDS] [TARGET...]     SECONDS per target (default 60); targets default to all:
#                                         native-deck lesson-page state-decoder state-folder
#                                         answer-judge terminal-text deck-cache snapshot-sidecar
#                                         journal-index anki-package
#   Fuzz/run.sh --build-only [TARGET...]  only build
#   Fuzz/run.sh --typecheck [TARGET...]   only type-check each target's sources (CI: seconds, where
#                                         a build with the sanitizers takes minutes a target)
#   Fuzz/run.sh --reproduce TARGET FILE   run one input through a target (after a crash)
#
# Everything is written under $QUIZ_FUZZ_DIR (default /tmp/quiz-fuzz), never into the repository:
# bin/ the fuzzers, corpus/TARGET the working corpus (kept between runs, seeded on every run),
# artifacts/TARGET the crashing, hanging or invariant-breaking inputs, logs/TARGET.log the output.
# SwiftPM cannot build fuzzers, so each target is compiled with swiftc from its module's sources
# plus its files in Fuzz/Targets, as that module (so it reaches internal declarations).
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=${QUIZ_FUZZ_DIR:-/tmp/quiz-fuzz}
all_targets=(native-deck lesson-page state-decoder state-folder answer-judge terminal-text deck-cache
  snapshot-sidecar journal-index anki-package)

mode=run
seconds=60
case "${1:-}" in
  --build-only) mode=build; shift ;;
  --typecheck) mode=typecheck; shift ;;
  --reproduce) mode=reproduce; shift ;;
  '' | *[!0-9]*) ;;
  *) seconds=$1; shift ;;
esac
targets=("$@")
if [[ $mode == reproduce ]]; then
  [[ $# == 2 ]] || { echo "usage: $0 --reproduce TARGET FILE" >&2; exit 64; }
  targets=("$1")
  input=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
fi
[[ ${#targets[@]} -gt 0 ]] || targets=("${all_targets[@]}")

module_of() {
  case $1 in
    # Each with the modules it depends on, as one module, to reach internal declarations.
    native-deck | lesson-page | terminal-text | deck-cache) echo "CardDeck Basics" ;;
    answer-judge) echo "CardDeck AnswerJudging Basics" ;;
    state-decoder | state-folder | snapshot-sidecar | journal-index) echo "ReviewStorage Scheduler Basics" ;;
    # AnkiPackage and the modules it imports; the C libraries as SwiftPM takes them (below).
    anki-package) echo "AnkiPackage CardDeck ReviewStorage Scheduler Basics" ;;
    *) echo "unknown target '$1' (known: ${all_targets[*]})" >&2; exit 64 ;;
  esac
}

target_files() {
  case $1 in
    native-deck) echo Fuzz/Targets/DeckChecks.swift Fuzz/Targets/NativeDeckFuzzer.swift ;;
    lesson-page) echo Fuzz/Targets/DeckChecks.swift Fuzz/Targets/LessonPageFuzzer.swift ;;
    answer-judge) echo Fuzz/Targets/DeckChecks.swift Fuzz/Targets/AnswerJudgeFuzzer.swift ;;
    terminal-text) echo Fuzz/Targets/DeckChecks.swift Fuzz/Targets/TerminalTextFuzzer.swift ;;
    deck-cache) echo Fuzz/Targets/DeckChecks.swift Fuzz/Targets/DeckCacheFuzzer.swift ;;
    state-decoder) echo Fuzz/Targets/StateChecks.swift Fuzz/Targets/StateDecoderFuzzer.swift ;;
    state-folder) echo Fuzz/Targets/StateChecks.swift Fuzz/Targets/StateFolderFuzzer.swift ;;
    snapshot-sidecar) echo Fuzz/Targets/StateChecks.swift Fuzz/Targets/SnapshotSidecarFuzzer.swift ;;
    journal-index) echo Fuzz/Targets/StateChecks.swift Fuzz/Targets/JournalIndexFuzzer.swift ;;
    anki-package) echo Fuzz/Targets/StateChecks.swift Fuzz/Targets/AnkiPackageFuzzer.swift ;;
  esac
}

# The system-library modules a target's modules import (Package.swift's .systemLibrary targets):
# their module maps' folders, as SwiftPM passes them; each map's `link` names the library. The
# libraries are the system's, not built with the fuzzer's instrumentation: their code is run,
# not steered (coverage is of the Swift code that calls them).
c_modules() {
  case $1 in
    anki-package) echo CSQLite CZstd CZip ;;
  esac
}

# -sanitize=fuzzer,address where the toolchain links it; fuzzer alone otherwise.
sanitizers=${QUIZ_FUZZ_SANITIZE:-}
if [[ -z $sanitizers && $mode != typecheck ]]; then
  mkdir -p "$out/probe"
  printf '%s\n' '@_cdecl("LLVMFuzzerTestOneInput")' \
    'public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt { 0 }' \
    >"$out/probe/probe.swift"
  if swiftc -sanitize=fuzzer,address -parse-as-library -use-ld=lld "$out/probe/probe.swift" \
    -o "$out/probe/probe" >"$out/probe/log" 2>&1; then
    sanitizers=fuzzer,address
  else
    sanitizers=fuzzer
    echo "note: -sanitize=fuzzer,address does not link here; building with fuzzer alone" >&2
  fi
fi

build() {
  local target=$1 modules module c_flags=()
  read -r -a modules <<<"$(module_of "$target")"
  for module in $(c_modules "$target"); do c_flags+=(-I "$repo/Sources/$module"); done
  local copy=$out/build/$target/src
  mkdir -p "$out/bin" "$copy"
  if [[ $mode == typecheck ]]; then
    echo "type-checking $target (${modules[*]})" >&2
  else
    echo "building $target (${modules[*]}, -sanitize=$sanitizers)" >&2
  fi
  # A copy, so that edits made in the work tree meanwhile cannot break the build half-way.
  rm -rf "$copy" && mkdir -p "$copy/Sources" "$copy/Fuzz"
  for module in "${modules[@]}"; do cp -R "$repo/Sources/$module" "$copy/Sources/"; done
  cp -R "$repo/Fuzz/Targets" "$copy/Fuzz/"
  # A module's `import` of the one it is compiled with means nothing here.
  for module in "${modules[@]}"; do
    find "$copy/Sources" -name '*.swift' -exec sed -i "/^import $module\$/d" {} +
  done
  # shellcheck disable=SC2046
  if [[ $mode == typecheck ]]; then
    (cd "$copy" && swiftc -typecheck -parse-as-library -package-name quiz -warnings-as-errors \
      -module-name "${modules[0]}" -module-cache-path "$out/build/module-cache" "${c_flags[@]}" \
      $(for module in "${modules[@]}"; do find "Sources/$module" -name '*.swift'; done | sort) \
      $(target_files "$target"))
    return
  fi
  # shellcheck disable=SC2046
  (cd "$copy" && swiftc -sanitize="$sanitizers" -parse-as-library -O -g -use-ld=lld -package-name quiz \
    -module-name "${modules[0]}" -module-cache-path "$out/build/module-cache" "${c_flags[@]}" \
    $(for module in "${modules[@]}"; do find "Sources/$module" -name '*.swift'; done | sort) \
    $(target_files "$target") -o "$out/bin/$target")
}

# Seeds: the test fixtures and shipped decks, whole and cut into one card each, and the state
# folders of Fuzz/corpus/state as journal alone, snapshot alone, and both.
seed() {
  local target=$1 dir=$out/corpus/$1 file name
  mkdir -p "$dir"
  case $target in
    native-deck | terminal-text)
      if [[ $target == terminal-text ]]; then
        printf '# T\033]0;t\a\n\n## Trick · A\033[2J · a\nQ\302\233?\n\n---\n\nA\342\200\256.\n' \
          >"$dir/seed-hostile"
      fi
      for file in "$repo"/Decks/*.md; do
        name=$(basename "$file" .md)
        cp "$file" "$dir/seed-$name"
        awk -v prefix="$dir/seed-$name-card-" '
          /^## / { n++; if (file != "") close(file); file = prefix n; printf "%s", header > file }
          n == 0 { header = header $0 "\n"; next }
          { print > file }' "$file"
      done
      ;;
    lesson-page)
      for file in "$repo"/Tests/CardDeckTests/Fixtures/*.txt; do
        name=$(basename "$file" .txt)
        cp "$file" "$dir/seed-$name"
        awk -v prefix="$dir/seed-$name-part-" '
          function start() { n++; if (file != "") close(file); file = prefix n
            printf "%sFlash cards\n\n", header > file }
          inHeader && (/^Step / || /^You will build/) { inHeader = 0 }
          BEGIN { inHeader = 1 }
          inHeader { header = header $0 "\n"; next }
          $0 == "Flash cards" || $0 == "Edge cases and tricky questions" { part = $0; file = ""; next }
          /^Interview problem/ { part = ""; start(); print > file; next }
          (part == "Flash cards" && (/^Syntax · / || /^Trick question · /)) \
            || (part != "" && part != "Flash cards" && / · question [0-9]+ of [0-9]+/) {
            start(); if (part != "Flash cards") printf "%s\n\n", part > file }
          file != "" { print > file }' "$file"
      done
      ;;
    answer-judge)
      # Each syntax card's code as code and attempt, and beside every other card's code.
      for file in "$repo"/Decks/*.md; do
        name=$(basename "$file" .md)
        awk -v prefix="$dir/seed-$name-code-" '
          /^```swift$/ { n++; file = prefix n; inCode = 1; next }
          /^```$/ && inCode { inCode = 0; close(file); next }
          inCode { print > file }' "$file"
      done
      local codes=("$dir"/seed-*-code-*) i=0
      for file in "${codes[@]}"; do
        i=$((i + 1))
        cat "$file" <(printf '\0') "${codes[$(((i * 7) % ${#codes[@]}))]}" >"$dir/seed-pair-$i"
      done
      ;;
    deck-cache)
      # One small cache file a card of the shipped decks and the fixtures, made by the target.
      QUIZ_FUZZ_SEEDS="$repo/Decks:$dir" "$out/bin/deck-cache"
      QUIZ_FUZZ_SEEDS="$repo/Tests/CardDeckTests/Fixtures:$dir" "$out/bin/deck-cache"
      QUIZ_FUZZ_SEEDS="$repo/Tests/AnswerJudgingTests/Fixtures:$dir" "$out/bin/deck-cache"
      ;;
    snapshot-sidecar)
      # The sidecar of each snapshot of Fuzz/corpus/state, made by the target.
      QUIZ_FUZZ_SEEDS="$repo/Fuzz/corpus/state:$dir" "$out/bin/snapshot-sidecar"
      ;;
    anki-package)
      # The fixture packages whole, their collections as SQLite files and zstd frames, a sample
      # collection in each form and edits of its values, made by the target.
      QUIZ_FUZZ_SEEDS="$repo/Tests/AnkiPackageTests/Fixtures:$dir" "$out/bin/anki-package"
      ;;
    journal-index)
      # The index of each journal of Fuzz/corpus/state, made by the target.
      QUIZ_FUZZ_SEEDS="$repo/Fuzz/corpus/state:$dir" "$out/bin/journal-index"
      ;;
    state-decoder | state-folder)
      for file in "$repo"/Fuzz/corpus/state/*/; do
        name=$(basename "$file")
        if [[ -f $file/reviews.jsonl ]]; then cp "$file/reviews.jsonl" "$dir/seed-$name-journal"; fi
        if [[ -f $file/state.json ]]; then
          cat "$file/state.json" <(printf '\0') >"$dir/seed-$name-snapshot"
          if [[ -f $file/reviews.jsonl ]]; then
            cat "$file/state.json" <(printf '\0') "$file/reviews.jsonl" >"$dir/seed-$name-both"
          fi
        fi
      done
      ;;
  esac
}

dictionary() {
  case $1 in
    native-deck | terminal-text) echo "$repo/Fuzz/dict/native-deck.dict" ;;
    lesson-page) echo "$repo/Fuzz/dict/lesson-page.dict" ;;
    answer-judge) echo "$repo/Fuzz/dict/swift.dict" ;;
    deck-cache) echo "$repo/Fuzz/dict/native-deck.dict" ;;
    state-decoder | state-folder | snapshot-sidecar | journal-index) echo "$repo/Fuzz/dict/state.dict" ;;
    anki-package) echo "$repo/Fuzz/dict/anki-package.dict" ;;
  esac
}

# Inputs up to 8 KiB; a package's collection is SQLite pages, and the fixtures are 60 KB.
max_len() {
  case $1 in
    anki-package) echo 131072 ;;
    *) echo 8192 ;;
  esac
}

export SWIFT_BACKTRACE=enable=no  # let libFuzzer, not the Swift runtime, report a trap
export ASAN_OPTIONS=${ASAN_OPTIONS:-allocator_may_return_null=1}

for target in "${targets[@]}"; do module_of "$target" >/dev/null; done
for target in "${targets[@]}"; do build "$target"; done
[[ $mode == build || $mode == typecheck ]] && exit 0
if [[ $mode == reproduce ]]; then
  exec "$out/bin/${targets[0]}" -timeout=5 -rss_limit_mb=2048 "$input"
fi

found=0
summary=()
for target in "${targets[@]}"; do
  seed "$target"
  mkdir -p "$out/artifacts/$target" "$out/logs"
  log=$out/logs/$target.log
  echo "fuzzing $target for ${seconds}s; log: $log" >&2
  status=0
  nice -n 10 "$out/bin/$target" "$out/corpus/$target" -dict="$(dictionary "$target")" \
    -max_total_time="$seconds" -timeout=5 -rss_limit_mb=2048 -max_len="$(max_len "$target")" \
    -artifact_prefix="$out/artifacts/$target/" -print_final_stats=1 >"$log" 2>&1 || status=$?
  last=$(grep -E '^#[0-9]+' "$log" | tail -1 || true)
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
  files=$(find "$out/corpus/$target" -type f | wc -l)
  line="$target: exit $status, ${runs:-?} runs, ${rate:-?} exec/s, corpus $files files; last: $last"
  if [[ $status != 0 ]]; then
    found=1
    line+=$'\n'"  found: $(grep -E 'ERROR|FUZZ INVARIANT|Test unit written' "$log" | head -3)"
  fi
  summary+=("$line")
done
printf '%s\n' "${summary[@]}"
exit $found
