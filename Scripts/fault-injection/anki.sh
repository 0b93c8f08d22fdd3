# Part 6 of Scripts/fault-injection.sh: kill -9 at random moments of `quiz import` of an Anki
# package and of `quiz export --format apkg`. Sourced, not run; uses the script's WORK, QUIZ,
# SHORT and RANDOM, and lib.sh.
#
# After every kill: each deck file the import writes is absent or whole (the bytes a clean import
# writes), no other file is in the output folder but quiz's scratch files; the state folder, if
# made, loads (`quiz export`); the package the export writes is absent or whole (the bytes a
# clean export writes). Then the same command again, not killed: it succeeds, leaves no scratch
# file, and gives what a clean run gives (the same deck files, the same progress, the same
# package).

# make_anki_decks DIR: 8 decks of 250 trick cards each, ids ak-D-NNN.
make_anki_decks() {
  local dir=$1 deck i
  mkdir -p "$dir"
  for ((deck = 1; deck <= 8; deck++)); do
    {
      printf '# Anki deck %d\n' "$deck"
      for ((i = 0; i < 250; i++)); do
        printf '\n## Trick · Topic %d · ak-%d-%03d\nWhat is %d times %d?\n\n---\n\n%d.\n' \
          "$deck" "$deck" "$i" "$deck" "$i" $((deck * i))
      done
    } >"$dir/anki-$deck.md"
  done
}

# anki_run_killed LIFETIME_MS COMMAND...: runs quiz with COMMAND, kill -9 at a random moment of
# a clean run's LIFETIME_MS: uniformly in 0-120 % of it in half the runs, in 60-120 % (where the
# files are written) in the other half; returns 137 when the kill landed, else quiz's status.
anki_run_killed() {
  local lifetime=$1 pid status=0 from=0
  shift
  ((RANDOM % 2)) && from=60
  "$QUIZ" "$@" </dev/null >"$WORK/anki.out" 2>"$WORK/anki.err" &
  pid=$!
  CHILDREN+=("$pid")
  msleep $((lifetime * (from + RANDOM % (121 - from)) / 100))
  kill -9 "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null || status=$?
  return $status
}

# anki_lifetime COMMAND...: the milliseconds a clean run of quiz COMMAND takes (the shorter of
# two runs: the first may wait for the disk cache).
anki_lifetime() {
  local start first second
  start=$(now_ms)
  "$QUIZ" "$@" </dev/null >/dev/null 2>&1
  first=$(($(now_ms) - start))
  start=$(now_ms)
  "$QUIZ" "$@" </dev/null >/dev/null 2>&1
  second=$(($(now_ms) - start))
  echo $((first < second ? first : second))
}

# anki_folder_check DIR REFERENCE LABEL: every file of DIR is a file of REFERENCE with the same
# bytes, or a scratch file of quiz (.NAME.quiz-tmp-…); prints what is not.
anki_folder_check() {
  local dir=$1 reference=$2 label=$3 name status=0
  for name in $(ls -A "$dir" 2>/dev/null); do
    [[ $name == .*.quiz-tmp-* ]] && continue
    if [ ! -f "$reference/$name" ]; then
      fail "$label: $name should not be there"
      status=1
    elif ! cmp -s "$dir/$name" "$reference/$name"; then
      fail "$label: $name is half-written ($(file_size "$dir/$name") bytes of $(file_size "$reference/$name"))"
      status=1
    fi
  done
  return $status
}

# anki_scratch DIR: how many scratch files of quiz DIR holds.
anki_scratch() { ls -A "$1" 2>/dev/null | grep -c '\.quiz-tmp-' || true; }

scenario_anki() {
  local runs=$((SHORT ? 12 : 60)) base=$WORK/anki failures_before=$FAILED
  section "6. kill -9 during an Anki import and an apkg export ($runs runs each)"
  mkdir -p "$base/reference"
  make_anki_decks "$base/decks"
  # Progress on 40 cards, so that the package carries scheduling and a review log.
  answers 40 3 | QUIZ_DECKS=$base/decks "$QUIZ" review --state "$base/source-state" --new 40 \
    --limit 40 >/dev/null 2>&1
  if ! QUIZ_DECKS=$base/decks "$QUIZ" export --state "$base/source-state" --format apkg \
    --output "$base/reference/package.apkg" >/dev/null 2>"$WORK/err"; then
    fail "the package to import cannot be exported: $(head -1 "$WORK/err")"
    return
  fi
  "$QUIZ" import "$base/reference/package.apkg" --output "$base/reference/decks" \
    --state "$base/reference/state" >/dev/null 2>"$WORK/err" \
    || fail "a clean import fails: $(head -1 "$WORK/err")"
  "$QUIZ" export --decks "$base/reference/decks" --state "$base/reference/state" --format csv \
    >"$base/reference/progress.csv" 2>/dev/null
  local import_ms export_ms
  import_ms=$(anki_lifetime import "$base/reference/package.apkg" --output "$base/lifetime/decks" \
    --state "$base/lifetime/state" --force)
  export_ms=$(anki_lifetime export --decks "$base/decks" --state "$base/source-state" \
    --format apkg --output "$base/lifetime/package.apkg" --force)
  note "a clean import takes $import_ms ms, an export $export_ms ms; kills land in 0-120 % of that"

  # The import: a new output and state folder each run, killed, checked, then imported again.
  local run status kills=0 import_kills decks_whole=0 decks_absent=0 scratch_left=0 loads=0 dir
  for ((run = 1; run <= runs; run++)); do
    dir=$base/import-$run
    anki_run_killed "$import_ms" import "$base/reference/package.apkg" \
      --output "$dir/decks" --state "$dir/state"
    status=$?
    ((status == 137)) && kills=$((kills + 1))
    anki_folder_check "$dir/decks" "$base/reference/decks" "import run $run" || continue
    decks_whole=$((decks_whole + $(ls "$dir/decks" 2>/dev/null | grep -c '\.md$')))
    decks_absent=$((decks_absent + 8 - $(ls "$dir/decks" 2>/dev/null | grep -c '\.md$')))
    scratch_left=$((scratch_left + $(anki_scratch "$dir/decks") + $(anki_scratch "$dir/state")))
    if [ -d "$dir/state" ]; then
      if ! "$QUIZ" export --state "$dir/state" --format json >/dev/null 2>"$WORK/err" \
        || ! crash_free "$WORK/err"; then
        fail "import run $run: the state folder does not load: $(head -1 "$WORK/err")"
        continue
      fi
      loads=$((loads + 1))
    fi
    if ! "$QUIZ" import "$base/reference/package.apkg" --output "$dir/decks" --state "$dir/state" \
      >/dev/null 2>"$WORK/err"; then
      fail "import run $run: the import after the kill fails: $(head -1 "$WORK/err")"
      continue
    fi
    "$QUIZ" export --decks "$dir/decks" --state "$dir/state" --format csv >"$dir/progress.csv" \
      2>/dev/null
    if ! same_files "$dir/decks" "$base/reference/decks" \
      || ! cmp -s "$dir/progress.csv" "$base/reference/progress.csv"; then
      fail "import run $run: after the next import, decks or progress differ from a clean import"
    elif (($(anki_scratch "$dir/decks") + $(anki_scratch "$dir/state") > 0)); then
      fail "import run $run: scratch files left after the next import: $(ls -A "$dir/decks" "$dir/state" | grep quiz-tmp | head -2)"
    fi
    rm -rf "$dir"
  done
  pass "import: $kills kills in $runs runs; deck files whole $decks_whole, absent $decks_absent, never half-written; $loads state folders loaded; $scratch_left scratch files left by kills, none after the next import, which matched a clean one"

  # The export: killed while it replaces the package, checked, then run again.
  local packages_whole=0 packages_absent=0 export_scratch=0
  import_kills=$kills
  kills=0
  mkdir -p "$base/export"
  for ((run = 1; run <= runs; run++)); do
    ((run % 2)) && rm -f "$base/export/package.apkg"
    anki_run_killed "$export_ms" export --decks "$base/decks" \
      --state "$base/source-state" --format apkg --output "$base/export/package.apkg" --force
    status=$?
    ((status == 137)) && kills=$((kills + 1))
    anki_folder_check "$base/export" "$base/reference" "export run $run" || continue
    if [ -f "$base/export/package.apkg" ]; then
      packages_whole=$((packages_whole + 1))
    else
      packages_absent=$((packages_absent + 1))
    fi
    export_scratch=$((export_scratch + $(anki_scratch "$base/export")))
    if ! "$QUIZ" export --decks "$base/decks" --state "$base/source-state" --format apkg \
      --output "$base/export/package.apkg" --force >/dev/null 2>"$WORK/err"; then
      fail "export run $run: the export after the kill fails: $(head -1 "$WORK/err")"
    elif ! cmp -s "$base/export/package.apkg" "$base/reference/package.apkg"; then
      fail "export run $run: the package after the next export differs from a clean one"
    elif (($(anki_scratch "$base/export") > 0)); then
      fail "export run $run: scratch files left after the next export: $(ls -A "$base/export" | head -3)"
    fi
  done
  pass "apkg export: $kills kills in $runs runs; package whole $packages_whole, absent $packages_absent, never half-written; $export_scratch scratch files left by kills, all swept by the next export, whose package matched a clean one"
  ((FAILED == failures_before)) || note "(see the failures above)"
  figure "Anki: $import_kills kills of $runs imports ($decks_whole deck files whole, $loads state" \
    "folders loaded), $kills of $runs apkg exports ($packages_whole packages whole," \
    "$export_scratch scratch files swept); nothing half-written"
}
