#!/usr/bin/env bash
# Fault injection for quiz's review state (docs/state-format.md): kill -9 at random moments, two
# writers at once, a read-only folder, a full disk, every kind of corrupt state file, and kill -9
# during an Anki import and an apkg export.
#
# Usage: Scripts/fault-injection.sh [--short] [--seed N] [--bin PATH] [--keep] [--only LIST]
#
#   --short     the CI form: 60 acknowledged answers under kill -9 instead of 500, fewer races,
#               one kind of full disk, 12 Anki imports and exports killed instead of 60
#   --seed N    seed bash's $RANDOM (default: the time); printed, to repeat a run's choices
#   --bin PATH  the quiz binary (default: $QUIZ_BIN, else .build/debug/quiz, as `swift build`
#               leaves it)
#   --keep      keep the work folder (printed) for a look afterwards
#   --only LIST run only these parts, comma-separated: kill,two,readonly,disk,corrupt,hostile,
#               anki
#
# Needs bash, coreutils, util-linux (setpriv, mount, losetup) and e2fsprogs (mkfs.ext4, for the
# loop-mounted disk); no network. Run as root for the read-only and full-disk parts: they need a
# non-root user (root ignores permissions) and mount(8). Without root the read-only part is
# skipped and a file size limit (ulimit -f) stands in for the full disk.
# Prints a plain summary, and `N passed, N failed` as its last line; exits 1 on any failure.
# See docs/reliability.md, "Fault injection".

set -uo pipefail
shopt -s nullglob

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
# shellcheck source=fault-injection/lib.sh
source "$HERE/fault-injection/lib.sh"
# shellcheck source=fault-injection/anki.sh
source "$HERE/fault-injection/anki.sh"

SHORT=0
SEED=$(($(date +%s) % 32768))
BIN=${QUIZ_BIN:-}
KEEP=0
ONLY=,kill,two,readonly,disk,corrupt,hostile,anki,
while [ $# -gt 0 ]; do
  case $1 in
    --short) SHORT=1 ;;
    --seed) SEED=${2:?--seed needs a number}; shift ;;
    --bin) BIN=${2:?--bin needs a path}; shift ;;
    --keep) KEEP=1 ;;
    --only) ONLY=,${2:?--only needs a list},; shift ;;
    -h | --help) sed -n '2,/^$/{s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
    *) echo "fault-injection.sh: unknown option $1 (see --help)" >&2; exit 64 ;;
  esac
  shift
done

if [ -z "$BIN" ]; then
  BIN=$ROOT/.build/debug/quiz
  if [ ! -x "$BIN" ]; then
    BIN=$(cd "$ROOT" && swift build --show-bin-path 2>/dev/null)/quiz
  fi
fi
if [ ! -x "$BIN" ]; then
  echo "fault-injection.sh: no quiz binary at $BIN; run 'swift build' first, or pass --bin." >&2
  exit 1
fi

if ((SHORT)); then
  KILL_TARGET=60
  RACES=5
else
  KILL_TARGET=500
  RACES=20
fi
RANDOM=$SEED
IS_ROOT=0
[ "$(id -u)" = 0 ] && IS_ROOT=1
STARTED=$(now_ms)

WORK=$(mktemp -d "${TMPDIR:-/tmp}/quiz-fault-injection.XXXXXX")
chmod 755 "$WORK"  # nobody must reach the binary and the decks
mkdir -p "$WORK/home" "$WORK/decks"
# A copy, so that a rebuild during the run changes nothing, and so that nobody can run it.
QUIZ=$WORK/quiz
cp "$BIN" "$QUIZ"
chmod 755 "$QUIZ"
CHILDREN=()
MOUNTS=()
LOOPS=()

cleanup() {
  local pid mount
  for pid in "${CHILDREN[@]}"; do kill -9 "$pid" 2>/dev/null; done
  for mount in "${MOUNTS[@]}"; do umount "$mount" 2>/dev/null || umount -l "$mount" 2>/dev/null; done
  for mount in "${LOOPS[@]}"; do losetup -d "$mount" 2>/dev/null; done
  if ((KEEP)); then
    echo "Work folder kept: $WORK"
  else
    chmod -R u+rwX "$WORK" 2>/dev/null
    rm -rf "$WORK"
  fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM
# A write to a session's FIFO after quiz has ended must fail quietly, not end this script.
trap '' PIPE

quiz_environment
DECK_CARDS=640
make_deck "$WORK/decks/faults.md" "$DECK_CARDS"
HAS_EXPORT=0
"$QUIZ" export --help >/dev/null 2>&1 && HAS_EXPORT=1
NOBODY_UID=$(id -u nobody 2>/dev/null || echo 65534)
NOBODY_GID=$(id -g nobody 2>/dev/null || echo 65534)

echo "quiz fault injection: $([ $SHORT = 1 ] && echo short || echo full) run, seed $SEED"
echo "binary $BIN; work folder $WORK"
if ! "$QUIZ" check >"$WORK/check.out" 2>&1; then
  echo "fault-injection.sh: the generated deck does not check:" >&2
  cat "$WORK/check.out" >&2
  exit 1
fi
echo "deck: $DECK_CARDS cards; quiz export $([ $HAS_EXPORT = 1 ] && echo present || echo absent: the journal is read directly)"

# load_check DIR LABEL: the state in DIR loads, read-only, and agrees with its journal: as many
# review events, and per-card review counts that add up to them. Without `quiz export`, a writer
# run that ends at once (empty input) must start.
load_check() {
  local dir=$1 label=$2 journal_count
  journal_count=$(journal_review_count "$dir/reviews.jsonl")
  if ((HAS_EXPORT)); then
    if ! "$QUIZ" export --format json --state "$dir" >"$WORK/load.json" 2>"$WORK/load.err" \
      || ! crash_free "$WORK/load.err"; then
      fail "$label: quiz export failed to load the state:"
      sed 's/^/        /' "$WORK/load.err" | head -5
      return 1
    fi
    if ! "$QUIZ" export --format csv --state "$dir" >"$WORK/load.csv" 2>"$WORK/load.err"; then
      fail "$label: quiz export --format csv failed:"
      sed 's/^/        /' "$WORK/load.err" | head -5
      return 1
    fi
    local exported summed
    exported=$(export_review_count "$WORK/load.json")
    summed=$(csv_reviews_sum "$WORK/load.csv")
    if [ "$exported" != "$journal_count" ] || [ "$summed" != "$journal_count" ]; then
      fail "$label: the journal holds $journal_count reviews, the export lists $exported, the cards' counts add up to $summed"
      return 1
    fi
  else
    if ! "$QUIZ" review --limit 1 --state "$dir" </dev/null >"$WORK/load.out" 2>"$WORK/load.err" \
      || ! crash_free "$WORK/load.err"; then
      fail "$label: a fresh quiz run failed to open the state:"
      sed 's/^/        /' "$WORK/load.err" | head -5
      return 1
    fi
  fi
  return 0
}

# ==============================================================================================
# 1. kill -9 at random moments
# ==============================================================================================

scenario_kill() {
  section "1. kill -9 at random moments ($KILL_TARGET acknowledged answers)"
  local state=$WORK/kill/state
  mkdir -p "$WORK/kill"
  local acked_total=0 runs=0 kills=0 ended=0 lost=0 extra_kept=0 fed_total=0
  local phase_startup=0 phase_session=0 phase_closing=0 eof_runs=0
  local planted=0 removed=0 moved_away=0 torn_seen=0 failures_before=$FAILED
  local journal_before=0 max_runs=$((KILL_TARGET * 3))
  local planted_name="" lifetime_runs=0 lifetime_ms=60 measured=0 closing_runs=0 fsrs_runs=0
  local -A left_by_kill=()

  while ((acked_total < KILL_TARGET && runs < max_runs)); do
    runs=$((runs + 1))
    # The kinds of run:
    # - paced (50%): answers go in one by one with pauses, as a person types; the kill comes at
    #   a random moment during or right after them, with cards left;
    # - lifetime (20%): every answer is written at once and the session ends by itself; the kill
    #   comes at a uniformly random moment of the process's measured lifetime (start-up, loading,
    #   recording, the summary, the state.json rewrite at close); every 8th of them is not killed,
    #   to measure that lifetime;
    # - eof (10%): paced, then the input ends (a clean quit, which rewrites state.json), then
    #   the kill;
    # - closing (12%): every answer at once; the kill comes as soon as the summary is out, or a
    #   little later, while the session closes and rewrites state.json;
    # - startup (8%): the kill comes 0-40 ms after the start, before any answer.
    local count=$((1 + RANDOM % (SHORT ? 6 : 12))) limit mode=paced choice=$((RANDOM % 100))
    limit=$((count + 2 + RANDOM % 20))
    if ((choice < 8)); then
      mode=startup
    elif ((choice < 18)); then
      mode=eof
    elif ((choice < 38)); then
      mode=lifetime
      limit=$count
    elif ((choice < 50)) && [ -n "${EPOCHREALTIME:-}" ]; then
      mode=closing
      limit=$count
    fi
    # Now and then: a stray temporary file as a crash mid-rename would leave, or no snapshot
    # (so that the next writer rebuilds it, and the kill may land in that).
    if ((runs % 6 == 0)) && [ -z "$planted_name" ] && [ -d "$state" ]; then
      planted_name=.quiz-tmp-state.json-fault-injection-$runs
      printf '{"version":1,"cards":{"fi-0000":{"due":"2026-' >"$state/$planted_name"
      planted=$((planted + 1))
    fi
    if ((runs % 9 == 0)) && [ -f "$state/state.json" ]; then
      mv "$state/state.json" "$WORK/kill/state.json.moved-away"
      moved_away=$((moved_away + 1))
    fi

    # quiz allows 200 reviews a day: a new day every 150 journalled reviews.
    QUIZ_NOW=$(date -u -d "2026-11-29 08:00 UTC + $((journal_before / 150)) days" +%Y-%m-%dT%H:%M:%SZ)
    export QUIZ_NOW
    # A third of the runs under FSRS: each switch replays the journal and rewrites state.json
    # under the other scheduler, and a kill may land in that too.
    if ((runs % 3 == 0)); then
      export QUIZ_SCHEDULER=fsrs
      fsrs_runs=$((fsrs_runs + 1))
    else
      export QUIZ_SCHEDULER=sm2
    fi
    local fed=() i grade attempt
    session_start kill-run review --state "$state" --new 1000 --limit "$limit"
    local started
    started=$(now_ms)
    if [ "$mode" = startup ]; then
      msleep $((RANDOM % 40))
    elif [ "$mode" = closing ]; then
      for ((i = 0; i < count; i++)); do
        grade=$((RANDOM % 6))
        session_send "" && session_send "$grade" || break
        fed+=("$grade")
      done
      session_close_input
      closing_runs=$((closing_runs + 1))
      spin_until_summary "$WORK/kill-run.out" 5000
      local spin=$((RANDOM % 800))
      for ((i = 0; i < spin; i++)); do :; done
    elif [ "$mode" = lifetime ]; then
      for ((i = 0; i < count; i++)); do
        grade=$((RANDOM % 6))
        session_send "" && session_send "$grade" || break
        fed+=("$grade")
      done
      session_close_input
      lifetime_runs=$((lifetime_runs + 1))
      if ((lifetime_runs % 8 == 1)); then
        measured=1
      else
        # Half of the moments fall anywhere in the lifetime, half in its last third, where the
        # last grades are recorded and the session closes.
        local at=$((RANDOM % (lifetime_ms * 11 / 10 + 1)))
        ((RANDOM % 2)) && at=$((lifetime_ms * 2 / 3 + RANDOM % (lifetime_ms / 3 + 1)))
        msleep $((at - ($(now_ms) - started)))
      fi
    else
      for ((i = 0; i < count; i++)); do
        attempt=""
        ((RANDOM % 3 == 0)) && attempt="let value = $i"
        session_send "$attempt" || break
        ((RANDOM % 4 == 0)) && msleep $((RANDOM % 8))
        grade=$((RANDOM % 6))
        session_send "$grade" || break
        fed+=("$grade")
        ((RANDOM % 5 != 0)) && msleep $((RANDOM % 12))
      done
      if [ "$mode" = eof ]; then
        session_close_input
        eof_runs=$((eof_runs + 1))
      fi
      ((RANDOM % 3 == 0)) || msleep $((RANDOM % 25))
    fi
    local status=0
    if ((measured)); then
      session_stop || status=$?
      lifetime_ms=$(($(now_ms) - started))
      measured=0
    else
      session_kill || status=$?
    fi
    fed_total=$((fed_total + ${#fed[@]}))

    local out=$WORK/kill-run.out err=$WORK/kill-run.err summary
    summary=$(reviewed_count "$out")
    mapfile -t shown < <(headers "$out")
    if ((status == 137)); then
      kills=$((kills + 1))
      if [ -n "$summary" ]; then
        phase_closing=$((phase_closing + 1))
      elif ((${#shown[@]} == 0)); then
        phase_startup=$((phase_startup + 1))
      else
        phase_session=$((phase_session + 1))
      fi
    elif ((status == 0)); then
      ended=$((ended + 1))
    else
      fail "run $runs: quiz exited with $status, not by the kill:"
      sed 's/^/        /' "$err" | head -5
      break
    fi
    grep -aq 'cut short' "$err" && torn_seen=$((torn_seen + 1))
    if ! crash_free "$err" || grep -av 'cut short' "$err" | grep -aq .; then
      fail "run $runs: quiz complained on standard error:"
      sed 's/^/        /' "$err" | head -5
      break
    fi

    if grep -aq '^Nothing to review' "$out"; then
      fail "run $runs: quiz had nothing to review: $(head -3 "$out" | tr '\n' ' ')"
      break
    fi

    # Which grades were acknowledged: the next card's header, or the summary, came after them.
    local acked
    if [ -n "$summary" ]; then acked=$summary; else acked=$((${#shown[@]} > 0 ? ${#shown[@]} - 1 : 0)); fi
    if ((acked > ${#fed[@]})); then
      fail "run $runs: $acked grades acknowledged but only ${#fed[@]} were given"
      break
    fi

    # Every acknowledged grade is in the journal, in order, for the card it was given to; any
    # grade recorded after those is one that was given, in order too.
    mapfile -t recorded < <(journal_reviews "$state/reviews.jsonl" | tail -n +$((journal_before + 1)))
    local now_count=${#recorded[@]} mismatch=""
    for ((i = 0; i < now_count; i++)); do
      if ((i >= ${#fed[@]})) || [ "${recorded[i]}" != "${shown[i]:-?} ${fed[i]}" ]; then
        mismatch="journal review $((journal_before + i + 1)) is '${recorded[i]}', expected '${shown[i]:-?} ${fed[i]:-none}'"
        break
      fi
    done
    if [ -n "$mismatch" ]; then
      fail "run $runs: $mismatch"
      break
    fi
    if ((now_count < acked)); then
      lost=$((lost + acked - now_count))
      fail "run $runs: $acked grades acknowledged, only $now_count in the journal"
      break
    fi
    extra_kept=$((extra_kept + now_count - acked))
    acked_total=$((acked_total + acked))
    journal_before=$((journal_before + now_count))

    load_check "$state" "run $runs" || break
    if [ -n "$planted_name" ] && ((${#shown[@]} > 0)); then
      # The run got past opening the folder, so the stray file must be gone.
      if [ -e "$state/$planted_name" ]; then
        fail "run $runs: the stray temporary file $planted_name was not removed"
        break
      fi
      removed=$((removed + 1))
      planted_name=""
    fi
    local name
    while IFS= read -r name; do
      [ -n "$name" ] && [ -z "${left_by_kill[$name]:-}" ] && left_by_kill[$name]=$runs
    done < <(temp_files "$state" | grep -v fault-injection)
  done

  export QUIZ_NOW=2026-11-29T08:00:00Z
  unset QUIZ_SCHEDULER
  if ((FAILED == failures_before)); then
    if ((acked_total >= KILL_TARGET)); then
      pass "$acked_total acknowledged answers over $runs runs ($kills killed, $ended ended by themselves); every one is in the journal, in order"
    else
      fail "only $acked_total answers acknowledged after $runs runs"
    fi
    # The end: a writer that starts and stops at once leaves no temporary file behind.
    if "$QUIZ" review --state "$state" --limit 1 </dev/null >"$WORK/kill-final.out" 2>"$WORK/kill-final.err"; then
      pass "after the last kill, a writer opens and closes the folder"
    else
      fail "after the last kill, quiz failed to open the folder:"
      sed 's/^/        /' "$WORK/kill-final.err" | head -5
    fi
    local stray
    stray=$(temp_files "$state")
    if [ -z "$stray" ]; then
      pass "no temporary file left in the state folder"
    else
      fail "temporary files left: $stray"
    fi
    load_check "$state" "after the final run" && pass "the state loads and agrees with the journal ($(journal_review_count "$state/reviews.jsonl") reviews)"
  fi
  note "kills: $phase_startup before the first card (start-up, loading), $phase_session mid-session, $phase_closing after the summary (closing);"
  note "$lifetime_runs runs killed at a random moment of their lifetime (last measured: $lifetime_ms ms);"
  note "$closing_runs runs killed right after their summary appeared; $fsrs_runs runs under FSRS;"
  note "$eof_runs runs had their input closed first; $extra_kept grades were recorded though not yet acknowledged (kept);"
  note "answers given $fed_total; stray temporary files planted $planted, removed by the next writer $removed;"
  note "state.json moved away $moved_away times (rebuilt); temporary files left by a kill ${#left_by_kill[@]} (all removed by the next writer); torn last lines seen $torn_seen"
  figure "kill -9: $acked_total acknowledged answers over $kills kills in $runs runs ($ended ended by themselves), $lost lost;" \
    "$extra_kept more recorded before their acknowledgement; kills before the first card $phase_startup, mid-session" \
    "$phase_session, while closing $phase_closing; stray temporary files $planted planted, $removed removed; state.json" \
    "moved away $moved_away times"
}

# ==============================================================================================
# 2. Two sessions at once
# ==============================================================================================

scenario_two_sessions() {
  section "2. Two sessions on one state folder"
  local state=$WORK/two/state other=$WORK/two/other copy=$WORK/two/copy
  mkdir -p "$WORK/two"

  # One card suspended beforehand, to try `quiz unsuspend` while a session runs.
  printf ':suspend\n' | "$QUIZ" review --state "$state" --new 1000 --card fi-0003 \
    >"$WORK/two-suspend.out" 2>&1

  session_start two-first review --state "$state" --new 1000 --limit 10
  local i
  for ((i = 0; i < 3; i++)); do session_send "" && session_send 4; done
  if ! wait_for_headers "$WORK/two-first.out" 4; then
    fail "the first session did not acknowledge its first 3 grades"
    session_kill
    return
  fi
  cp "$state/reviews.jsonl" "$WORK/two/journal.during"

  # A second session must refuse, naming the folder, and write nothing.
  local status=0
  answers 2 | "$QUIZ" review --state "$state" --new 1000 >"$WORK/two-second.out" 2>"$WORK/two-second.err" || status=$?
  if ((status == 1)) && grep -aqF "$state" "$WORK/two-second.err" \
    && grep -aq 'Another quiz session' "$WORK/two-second.err" && crash_free "$WORK/two-second.err"; then
    pass "a second session refuses (exit 1): $(head -1 "$WORK/two-second.err")"
  else
    fail "a second session: exit $status, message: $(head -2 "$WORK/two-second.err")"
  fi
  expect "the refused session wrote nothing" cmp -s "$WORK/two/journal.during" "$state/reviews.jsonl"

  # A merge into the folder in use must refuse too; both folders untouched.
  mkdir -p "$other"
  answers 3 5 | "$QUIZ" review --state "$other" --new 1000 --card fi-0600 --card fi-0601 --card fi-0602 >/dev/null 2>&1
  cp -a "$other" "$WORK/two/other.before"
  status=0
  "$QUIZ" merge "$other" --state "$state" >"$WORK/two-merge.out" 2>"$WORK/two-merge.err" || status=$?
  if ((status == 1)) && grep -aqF "$state" "$WORK/two-merge.err" && crash_free "$WORK/two-merge.err"; then
    pass "quiz merge into the folder in use refuses (exit 1): $(head -1 "$WORK/two-merge.err")"
  else
    fail "quiz merge during a session: exit $status, message: $(head -2 "$WORK/two-merge.err" "$WORK/two-merge.out")"
  fi
  expect "the refused merge changed neither journal" \
    bash -c 'cmp -s "$1" "$2" && cmp -s "$3/reviews.jsonl" "$4/reviews.jsonl"' _ \
    "$WORK/two/journal.during" "$state/reviews.jsonl" "$other" "$WORK/two/other.before"

  # `quiz unsuspend` of a suspended card needs the lock as well.
  status=0
  "$QUIZ" unsuspend fi-0003 --state "$state" >"$WORK/two-unsuspend.out" 2>"$WORK/two-unsuspend.err" || status=$?
  if ((status == 1)) && grep -aqF "$state" "$WORK/two-unsuspend.err" && crash_free "$WORK/two-unsuspend.err"; then
    pass "quiz unsuspend during a session refuses (exit 1)"
  else
    fail "quiz unsuspend during a session: exit $status, $(head -2 "$WORK/two-unsuspend.out" "$WORK/two-unsuspend.err")"
  fi

  # Readers do not need the lock: an export now sees the 3 grades.
  if ((HAS_EXPORT)); then
    status=0
    "$QUIZ" export --state "$state" >"$WORK/two-export.json" 2>"$WORK/two-export.err" || status=$?
    if ((status == 0)) && (($(export_review_count "$WORK/two-export.json") == 3)); then
      pass "quiz export during the session reads the 3 grades given so far"
    else
      fail "quiz export during the session: exit $status, $(export_review_count "$WORK/two-export.json") reviews"
    fi
  fi

  # Merging FROM the folder in use (another machine's live folder, say) into a third one.
  mkdir -p "$copy"
  status=0
  "$QUIZ" merge "$state" --state "$copy" >"$WORK/two-copy.out" 2>"$WORK/two-copy.err" || status=$?
  expect "quiz merge from the folder in use, into another, works (exit $status)" test "$status" = 0

  # The first session goes on and ends normally: 10 grades in all.
  for ((i = 3; i < 10; i++)); do session_send "" && session_send 4; done
  status=0
  session_stop || status=$?
  local reviews
  reviews=$(journal_review_count "$state/reviews.jsonl")
  if ((status == 0)) && [ "$(reviewed_count "$WORK/two-first.out")" = 10 ] && ((reviews == 10)); then
    pass "the first session finished (exit 0) and all its 10 grades are in the journal"
  else
    fail "the first session: exit $status, summary '$(reviewed_count "$WORK/two-first.out")', journal $reviews reviews"
  fi

  # One after the other: the second session now runs, and nothing is lost.
  status=0
  answers 5 | "$QUIZ" review --state "$state" --new 1000 --limit 5 >"$WORK/two-then.out" 2>"$WORK/two-then.err" || status=$?
  reviews=$(journal_review_count "$state/reviews.jsonl")
  if ((status == 0)) && ((reviews == 15)); then
    pass "the second session, run afterwards, adds its 5 grades: 15 in the journal"
  else
    fail "the second session afterwards: exit $status, $reviews reviews in the journal (expected 15)"
  fi
  "$QUIZ" merge "$other" --state "$state" >"$WORK/two-merge2.out" 2>&1
  "$QUIZ" merge "$state" --state "$copy" >"$WORK/two-copy2.out" 2>&1
  local unique
  unique=$(journal_review_ids "$copy/reviews.jsonl" | sort -u | wc -l)
  reviews=$(journal_review_count "$copy/reviews.jsonl")
  if ((reviews == 18)) && ((unique == 18)); then
    pass "merging the live folder, then again after: 18 reviews (15 + 3 merged), each once"
  else
    fail "merge from the live folder: $reviews reviews, $unique distinct ids (expected 18)"
  fi
  load_check "$state" "after the two sessions" && pass "the folder loads and agrees with its journal"

  # Two sessions started at the same moment: exactly one gets the folder.
  local race won_both=0 lost_both=0 one=0 racefail=0
  for ((race = 1; race <= RACES; race++)); do
    local dir=$WORK/two/race-$race
    mkdir -p "$dir"
    # Both wait on their FIFOs; opening them together starts both quiz processes together.
    mkfifo "$WORK/race-a.fifo" "$WORK/race-b.fifo"
    "$QUIZ" review --state "$dir" --new 1000 --limit 3 <"$WORK/race-a.fifo" >"$WORK/race-a.out" 2>"$WORK/race-a.err" &
    local pa=$!
    "$QUIZ" review --state "$dir" --new 1000 --limit 3 <"$WORK/race-b.fifo" >"$WORK/race-b.out" 2>"$WORK/race-b.err" &
    local pb=$!
    CHILDREN+=("$pa" "$pb")
    exec {fa}>"$WORK/race-a.fifo" {fb}>"$WORK/race-b.fifo"
    # The loser gives up at once; the winner waits for its answers. Wait for the loser (10 s
    # at most: two sessions both waiting that long both hold the folder).
    local deadline=$(($(now_ms) + 10000))
    while kill -0 "$pa" 2>/dev/null && kill -0 "$pb" 2>/dev/null && (($(now_ms) < deadline)); do
      msleep 10
    done
    local i
    for ((i = 0; i < 3; i++)); do printf '\n4\n' >&"$fa" 2>/dev/null; printf '\n5\n' >&"$fb" 2>/dev/null; done
    exec {fa}>&- {fb}>&-
    local sa=0 sb=0
    wait "$pa" || sa=$?
    wait "$pb" || sb=$?
    rm -f "$WORK/race-a.fifo" "$WORK/race-b.fifo"
    reviews=$(journal_review_count "$dir/reviews.jsonl")
    if { ((sa == 0 && sb == 1)) && grep -aq 'Another quiz session' "$WORK/race-b.err"; } \
      || { ((sa == 1 && sb == 0)) && grep -aq 'Another quiz session' "$WORK/race-a.err"; }; then
      if ((reviews == 3)); then one=$((one + 1)); else racefail=$((racefail + 1)); note "race $race: $reviews reviews, expected 3"; fi
    elif ((sa == 0 && sb == 0)); then
      won_both=$((won_both + 1)); note "race $race: both sessions ran (one after the other?)"
    else
      racefail=$((racefail + 1))
      note "race $race: exits $sa and $sb: $(cat "$WORK/race-a.err" "$WORK/race-b.err" | head -3)"
    fi
  done
  if ((racefail == 0 && won_both == 0)); then
    pass "$RACES races of two sessions started together: each time one ran (3 grades kept) and one refused"
  else
    fail "$RACES races: $one as expected, $won_both both ran, $racefail wrong"
  fi

  # A session that starts while a long merge holds the lock: it refuses, or (if the merge is
  # over) runs; either way the merge's events and the session's grades are all there.
  local big=$WORK/two/big merge_into=$WORK/two/merge-into events=$((SHORT ? 5000 : 20000))
  mkdir -p "$big" "$merge_into"
  make_journal "$big/reviews.jsonl" "$events"
  answers 2 | "$QUIZ" review --state "$merge_into" --new 1000 --limit 2 >/dev/null 2>&1
  "$QUIZ" merge "$big" --state "$merge_into" >"$WORK/two-bigmerge.out" 2>"$WORK/two-bigmerge.err" &
  local merge_pid=$! merge_status=0 tries=0 session_status=0 overlapped=0
  CHILDREN+=("$merge_pid")
  # Try to start sessions while the merge runs.
  while kill -0 "$merge_pid" 2>/dev/null && ((tries < 200)); do
    tries=$((tries + 1))
    session_status=0
    answers 1 | "$QUIZ" review --state "$merge_into" --new 1000 --limit 1 >"$WORK/two-during.out" 2>"$WORK/two-during.err" || session_status=$?
    if ((session_status == 1)) && grep -aq 'Another quiz session' "$WORK/two-during.err"; then
      overlapped=$((overlapped + 1))
    elif ((session_status != 0)); then
      fail "a session during a merge: exit $session_status, $(head -2 "$WORK/two-during.err")"
      break
    fi
    msleep 20
  done
  wait "$merge_pid" || merge_status=$?
  reviews=$(journal_review_count "$merge_into/reviews.jsonl")
  local sessions_ran=$((tries - overlapped))
  if ((merge_status == 0)) && ((reviews == 2 + events + sessions_ran)); then
    pass "sessions started during a merge of $events events: $overlapped refused, $sessions_ran ran after it; $reviews reviews, none lost"
  else
    fail "merge of $events events with sessions during it: merge exit $merge_status, $reviews reviews (expected $((2 + events + sessions_ran))); $(head -2 "$WORK/two-bigmerge.err")"
  fi
  load_check "$merge_into" "after the merge" && pass "the merged folder loads and agrees with its journal"
  figure "two sessions: second session, merge and unsuspend refused while a session ran; $RACES simultaneous starts," \
    "one winner each; $overlapped sessions refused during a $events-event merge; no grade lost"
}

# make_journal FILE N: a journal of N review events, another machine's, on the deck's cards.
make_journal() {
  LC_ALL=C awk -v n="$2" 'BEGIN {
    for (i = 0; i < n; i++) {
      id = sprintf("%08x-0000-4000-8000-%012d", i, i)
      card = sprintf("fi-%04d", i % 640)
      printf "{\"v\":1,\"id\":\"%s\",\"card\":\"%s\",\"at\":\"2026-11-%02dT07:%02d:%02d.000Z\",\"day\":\"2026-11-%02d\",\"grade\":%d,\"before\":{},\"after\":{\"due\":\"2026-11-30\",\"interval\":1,\"repetitions\":1,\"reviews\":1}}\n", id, card, 1 + int(i / 1000) % 28, int(i / 60) % 60, i % 60, 1 + int(i / 1000) % 28, 3 + i % 3
    }
  }' >"$1"
}

# ==============================================================================================
# 3. A read-only state folder, and a full disk
# ==============================================================================================

# base_state DIR: a folder with 3 grades, closed cleanly (so it has a snapshot).
base_state() {
  mkdir -p "$1"
  answers 3 | "$QUIZ" review --state "$1" --new 1000 --limit 3 >/dev/null 2>&1
}

# expect_clean_failure LABEL STATUS ERRFILE WANTED...: exit 1, standard error names each WANTED
# text, and no crash.
expect_clean_failure() {
  local label=$1 status=$2 err=$3 wanted ok=1
  shift 3
  ((status == 1)) || ok=0
  crash_free "$err" || ok=0
  for wanted in "$@"; do grep -aqF -- "$wanted" "$err" || ok=0; done
  if ((ok)); then
    pass "$label: exit 1, \"$(head -1 "$err" | cut -c1-150)\""
  else
    fail "$label: exit $status, standard error: $(head -3 "$err" | cut -c1-200)"
  fi
}

scenario_read_only() {
  section "3a. A read-only state folder (as user nobody)"
  if ((!IS_ROOT)); then
    skip "not root: cannot act as another user"
    return
  fi
  if ! as_nobody test -x "$QUIZ" 2>/dev/null; then
    skip "cannot run $QUIZ as nobody (setpriv/runuser failed, or a parent folder is closed to others)"
    return
  fi
  local base=$WORK/ro status

  # Everything root's: the folder 555, the files 444. The lock cannot be opened for writing.
  local dir=$base/all-read-only
  base_state "$dir"
  chmod 444 "$dir"/*
  chmod 555 "$dir"
  cp -a "$dir" "$base/all-read-only.before"
  status=0
  answers 2 | as_nobody "$QUIZ" review --state "$dir" --new 1000 >"$WORK/ro.out" 2>"$WORK/ro.err" || status=$?
  # The folder is root's: a writer refuses another user's state folder before it tries the lock.
  expect_clean_failure "review in another user's read-only folder" "$status" "$WORK/ro.err" "$dir" \
    "belongs to another user"
  expect "the read-only folder is byte for byte as it was" same_files "$base/all-read-only.before" "$dir"
  if ((HAS_EXPORT)); then
    status=0
    as_nobody "$QUIZ" export --state "$dir" >"$WORK/ro.json" 2>"$WORK/ro-export.err" || status=$?
    expect "quiz export reads the read-only folder (exit $status, $(export_review_count "$WORK/ro.json") reviews)" \
      test "$status" = 0 -a "$(export_review_count "$WORK/ro.json")" = 3
  fi
  status=0
  "$QUIZ" merge "$dir" --state "$base/merge-target" >"$WORK/ro-merge.out" 2>"$WORK/ro-merge.err" || status=$?
  expect "quiz merge from a read-only folder works (exit $status)" test "$status" = 0

  # nobody's folder, read-only, without a lock file (a copy of another machine's state).
  dir=$base/no-lock
  base_state "$dir"
  rm "$dir/lock"
  chown -R "$NOBODY_UID:$NOBODY_GID" "$dir"
  chmod 555 "$dir"
  cp -a "$dir" "$base/no-lock.before"
  status=0
  answers 2 | as_nobody "$QUIZ" review --state "$dir" --new 1000 >"$WORK/ro.out" 2>"$WORK/ro.err" || status=$?
  expect_clean_failure "review in a read-only folder without a lock file" "$status" "$WORK/ro.err" "$dir/lock"
  expect "that folder is as it was" same_files "$base/no-lock.before" "$dir"

  # The folder and lock are nobody's, but the journal is root's (read-only for nobody).
  dir=$base/read-only-journal
  base_state "$dir"
  chown "$NOBODY_UID:$NOBODY_GID" "$dir" "$dir/lock"
  cp -a "$dir" "$base/read-only-journal.before"
  status=0
  answers 2 | as_nobody "$QUIZ" review --state "$dir" --new 1000 >"$WORK/ro.out" 2>"$WORK/ro.err" || status=$?
  # Root's files are 0600 since the hardening: nobody cannot even read the snapshot or journal.
  expect_clean_failure "review with root's journal and snapshot" "$status" "$WORK/ro.err" "$dir/" "Permission denied"
  expect "journal and snapshot are as they were" same_files "$base/read-only-journal.before" "$dir" lock

  # The state folder does not exist and its parent is read-only.
  mkdir -p "$base/parent"
  chmod 555 "$base/parent"
  status=0
  answers 2 | as_nobody "$QUIZ" review --state "$base/parent/state" --new 1000 >"$WORK/ro.out" 2>"$WORK/ro.err" || status=$?
  expect_clean_failure "review where the state folder cannot be created" "$status" "$WORK/ro.err" \
    "$base/parent/state: could not create it: Permission denied"
  expect "nothing was created" test ! -e "$base/parent/state"

  # nobody's folder, read-only, but its files writable: the journal can grow, state.json cannot
  # be replaced (that needs a new file in the folder).
  dir=$base/folder-only
  base_state "$dir"
  chown -R "$NOBODY_UID:$NOBODY_GID" "$dir"
  chmod 555 "$dir"
  cp -a "$dir" "$base/folder-only.before"
  status=0
  answers 2 | as_nobody "$QUIZ" review --state "$dir" --new 1000 --limit 2 >"$WORK/ro.out" 2>"$WORK/ro.err" || status=$?
  local reviews
  reviews=$(journal_review_count "$dir/reviews.jsonl")
  if ((status == 0)) && ((reviews == 5)) && crash_free "$WORK/ro.err" \
    && cmp -s "$base/folder-only.before/state.json" "$dir/state.json" \
    && is_prefix "$base/folder-only.before/reviews.jsonl" "$dir/reviews.jsonl" && [ -z "$(temp_files "$dir")" ]; then
    pass "read-only folder with writable files: the 2 grades are journalled (exit 0), state.json kept, no temporary file"
    if [ -s "$WORK/ro.err" ]; then
      note "standard error: $(head -1 "$WORK/ro.err")"
    else
      note "no word that state.json could not be refreshed (the journal holds the grades; harmless)"
    fi
  else
    fail "read-only folder with writable files: exit $status, $reviews reviews (expected 5), $(head -2 "$WORK/ro.err")"
  fi
  chmod 755 "$dir"
  load_check "$dir" "that folder, made writable again" && pass "it loads and agrees with its journal"

  # The same, without state.json (moved away, which is always safe): opening wants to write it
  # and cannot. That is a warning; the session goes on and journals its grades.
  dir=$base/folder-only-no-snapshot
  base_state "$dir"
  rm "$dir/state.json"
  chown -R "$NOBODY_UID:$NOBODY_GID" "$dir"
  chmod 555 "$dir"
  cp -a "$dir" "$base/folder-only-no-snapshot.before"
  status=0
  answers 2 | as_nobody "$QUIZ" review --state "$dir" --new 1000 --limit 2 >"$WORK/ro.out" 2>"$WORK/ro.err" || status=$?
  reviews=$(journal_review_count "$dir/reviews.jsonl")
  if ((status == 0)) && ((reviews == 5)) && crash_free "$WORK/ro.err" \
    && grep -aq 'Could not update state.json' "$WORK/ro.err" && grep -aq 'Permission denied' "$WORK/ro.err" \
    && is_prefix "$base/folder-only-no-snapshot.before/reviews.jsonl" "$dir/reviews.jsonl" \
    && [ ! -e "$dir/state.json" ] && [ -z "$(temp_files "$dir")" ]; then
    pass "read-only folder, writable files, no state.json: a warning, and the 2 grades are journalled (exit 0)"
    note "standard error: $(head -1 "$WORK/ro.err" | cut -c1-160)"
  else
    fail "read-only folder, writable files, no state.json: exit $status, $reviews reviews (expected 5), $(head -2 "$WORK/ro.err" | cut -c1-200)"
  fi
  chmod 755 "$dir"
  load_check "$dir" "that folder, made writable again" && pass "it loads and agrees with its journal"
  figure "read-only folder: 6 cases as user nobody; writers refused with exit 1 naming the file, or (files" \
    "writable, folder not) grades journalled, with a warning when state.json cannot be rewritten;" \
    "nothing changed that should not"
}

# small_disk KIND DIR: mounts a tiny file system of KIND (tmpfs, ext4) on DIR.
small_disk() {
  local kind=$1 dir=$2
  mkdir -p "$dir"
  case $kind in
    tmpfs)
      mount -t tmpfs -o size=64k,mode=755 tmpfs "$dir" 2>/dev/null || return 1
      ;;
    ext4)
      command -v mkfs.ext4 >/dev/null || return 1
      local image=$WORK/ext4.img device
      truncate -s 2M "$image"
      mkfs.ext4 -q -F -m 0 -b 1024 -N 64 "$image" >/dev/null 2>&1 || return 1
      device=$(losetup -f --show "$image" 2>/dev/null) || return 1
      LOOPS+=("$device")
      mount -t ext4 "$device" "$dir" 2>/dev/null || return 1
      ;;
  esac
  MOUNTS+=("$dir")
}

# fill DIR: fills the file system under DIR.
fill() {
  dd if=/dev/zero of="$1/filler" bs=1k >/dev/null 2>&1
  local i=0
  # Some space may remain for small files only (ext4 inline data, tmpfs pages).
  while ((i < 64)) && printf 'x%.0s' {1..512} >"$1/filler-$i" 2>/dev/null; do i=$((i + 1)); done
  sync
}

unfill() { rm -f "$1"/filler*; sync; }

# disk_full_case KIND DIR RUNNER...: the disk tests on a full file system at DIR; RUNNER is how
# quiz is started (a prefix: empty, or a ulimit wrapper).
disk_full_case() {
  local kind=$1 disk=$2
  shift 2
  local runner=("$@") status state=$disk/state before=$WORK/disk-$kind.before
  local reason="No space left on device"
  [ "$kind" = ulimit ] && reason="File too large"

  # A session on a full disk: some grades fit in the journal's last block, then a write fails.
  base_state "$state"
  [ "$kind" = ulimit ] || fill "$disk"
  rm -rf "$before"
  cp -a "$state" "$before"
  local journal_before
  journal_before=$(journal_review_count "$state/reviews.jsonl")
  status=0
  answers 40 | "${runner[@]}" "$QUIZ" review --state "$state" --new 1000 --limit 40 \
    >"$WORK/disk.out" 2>"$WORK/disk.err" || status=$?
  local graded
  graded=$(reviewed_count "$WORK/disk.out")
  if ((status == 0)); then
    fail "$kind: the disk did not fill up: 40 grades written"
    unfill "$disk"
    return
  fi
  expect_clean_failure "$kind: a session on a full disk" "$status" "$WORK/disk.err" "$state/" "$reason"
  local reviews torn=""
  reviews=$(journal_review_count "$state/reviews.jsonl")
  expect "$kind: the $graded grade(s) acknowledged before the failure are all in the journal ($reviews = $journal_before + $graded)" \
    test "$reviews" = $((journal_before + graded))
  expect "$kind: state.json unchanged, and the journal as it was plus whole lines or a torn one" \
    bash -c 'cmp -s "$1/state.json" "$2/state.json" && cmp -s -n "$(stat -c %s "$1/reviews.jsonl")" "$1/reviews.jsonl" "$2/reviews.jsonl"' \
    _ "$before" "$state"
  expect "$kind: no temporary file left" test -z "$(temp_files "$state")"
  [ "$(tail -c1 "$state/reviews.jsonl" | od -An -c | tr -d ' ')" != '\n' ] && torn=" (it ends in a torn line)"
  note "$kind: $graded grade(s) written before the disk was full$torn"

  # Still full: readers read; a writer fails as cleanly and changes nothing.
  local during=$WORK/disk-$kind.during
  rm -rf "$during"
  cp -a "$state" "$during"
  if ((HAS_EXPORT)); then
    status=0
    "$QUIZ" export --state "$state" >"$WORK/disk.json" 2>"$WORK/disk-export.err" || status=$?
    expect "$kind: quiz export still reads the state (exit $status)" test "$status" = 0
    if [ "$kind" != ulimit ]; then
      # Written to the full disk: a clean failure that leaves nothing behind (no temporary file,
      # no scratch collection for a package).
      local format listed
      for format in json apkg; do
        listed=$(ls -A "$disk" | sort)
        status=0
        "$QUIZ" export --state "$state" --output "$disk/progress.$format" >/dev/null 2>"$WORK/disk-export.err" || status=$?
        expect "$kind: quiz export --output progress.$format on the full disk fails cleanly and leaves nothing (exit $status)" \
          test "$status" = 1 -a "$listed" = "$(ls -A "$disk" | sort)"
        expect "$kind: and says why" grep -aq "progress.$format: cannot be written: " "$WORK/disk-export.err"
      done
    fi
  fi
  status=0
  answers 2 | "${runner[@]}" "$QUIZ" review --state "$state" --new 1000 --limit 2 >"$WORK/disk2.out" 2>"$WORK/disk2.err" || status=$?
  expect_clean_failure "$kind: the next session, disk still full" "$status" "$WORK/disk2.err" "$state/" "$reason"
  expect "$kind: and it changed no file" same_files "$during" "$state" lock

  # Space again: the next writer goes on, marking any torn line, and nothing is lost.
  [ "$kind" = ulimit ] || unfill "$disk"
  status=0
  answers 2 | "$QUIZ" review --state "$state" --new 1000 --limit 2 >"$WORK/disk3.out" 2>"$WORK/disk3.err" || status=$?
  reviews=$(journal_review_count "$state/reviews.jsonl")
  expect "$kind: with space again, a session works and the journal holds all $((journal_before + graded + 2)) grades (exit $status)" \
    test "$status" = 0 -a "$reviews" = $((journal_before + graded + 2))
  expect "$kind: the old journal is still the start of the new one" is_prefix "$during/reviews.jsonl" "$state/reviews.jsonl"
  load_check "$state" "$kind: after the disk was full" && pass "$kind: the state loads and agrees with its journal"

  # A full disk when state.json is rewritten at the end of a session.
  rm -rf "$state"
  base_state "$state"
  answers 1 | "$QUIZ" review --state "$state" --new 1000 --limit 1 >/dev/null 2>&1
  [ "$kind" = ulimit ] || fill "$disk"
  rm -rf "$before"
  cp -a "$state" "$before"
  status=0
  answers 1 | "${runner[@]}" "$QUIZ" review --state "$state" --new 1000 --limit 1 >"$WORK/disk4.out" 2>"$WORK/disk4.err" || status=$?
  reviews=$(journal_review_count "$state/reviews.jsonl")
  local snapshot_kept=0
  cmp -s "$before/state.json" "$state/state.json" && snapshot_kept=1
  if crash_free "$WORK/disk4.err" && [ -z "$(temp_files "$state")" ] \
    && { ((status == 0 && reviews == 5)) || ((status == 1 && reviews == 4 && snapshot_kept)); }; then
    if ((status == 0 && snapshot_kept)); then
      pass "$kind: the grade fits but state.json cannot be rewritten: exit 0, grade journalled, old state.json kept"
    elif ((status == 0)); then
      pass "$kind: a one-grade session near the limit: exit 0, grade journalled, state.json rewritten"
    else
      pass "$kind: a one-grade session on a full disk: exit 1, $(head -1 "$WORK/disk4.err" | cut -c1-120)"
    fi
  else
    fail "$kind: state.json rewrite on a full disk: exit $status, $reviews reviews, $(head -2 "$WORK/disk4.err")"
  fi
  [ "$kind" = ulimit ] || unfill "$disk"
  load_check "$state" "$kind: after the failed rewrite" && pass "$kind: the state loads and agrees with its journal"

  # A new state folder on a full disk.
  rm -rf "$state"
  [ "$kind" = ulimit ] || fill "$disk"
  status=0
  answers 2 | "${runner[@]}" "$QUIZ" review --state "$state" --new 1000 --limit 2 >"$WORK/disk5.out" 2>"$WORK/disk5.err" || status=$?
  if [ "$kind" = ulimit ]; then
    # A file size limit does not stop the first lines.
    expect "$kind: a new state folder: exit $status" test "$status" = 0 -o "$status" = 1
  else
    expect_clean_failure "$kind: a new state folder on a full disk" "$status" "$WORK/disk5.err" "$state" "$reason"
    # No other reason may stand in for the real one (it once read "Input/output error").
    expect "$kind: the message gives the real reason" bash -c '! grep -aq "Input/output error" "$1"' _ "$WORK/disk5.err"
  fi
  [ "$kind" = ulimit ] || unfill "$disk"
  if [ -d "$state" ]; then
    load_check "$state" "$kind: the new folder" && pass "$kind: the new folder loads afterwards"
  fi
}

scenario_full_disk() {
  section "3b. A full disk"
  local kinds=() kind tried=() unavailable=()
  if ((IS_ROOT)); then
    kinds=(tmpfs ext4)
  else
    skip "not root: no small tmpfs or ext4 disk can be mounted; a file size limit stands in"
  fi
  local done_one=0
  for kind in "${kinds[@]}"; do
    local disk=$WORK/disk-$kind
    if small_disk "$kind" "$disk"; then
      tried+=("$kind")
      disk_full_case "$kind" "$disk"
      done_one=1
      ((SHORT)) && break
    else
      unavailable+=("$kind")
      note "$kind: cannot mount one here"
    fi
  done
  if ((!done_one || !SHORT)); then
    # A file size limit: the same failures without a mount, at byte granularity.
    local dir=$WORK/disk-ulimit
    mkdir -p "$dir"
    tried+=(ulimit)
    base_state "$dir/probe"
    local limit_kb=$((($(file_size "$dir/probe/reviews.jsonl") + 1500) / 1024 + 1))
    rm -rf "$dir/probe"
    disk_full_case ulimit "$dir" bash -c 'trap "" XFSZ; ulimit -f "$0"; exec "$@"' "$limit_kb"
  fi
  local joined="${tried[*]}" missing="${unavailable[*]}"
  figure "full disk: on ${joined// /, }${missing:+ (could not mount here: ${missing// /, })};" \
    "sessions that fill the disk, a session on a full disk, state.json rewritten on a full disk," \
    "a new state folder on a full disk"
}

# ==============================================================================================
# 4. Corrupt state files
# ==============================================================================================

# The base: 6 grades closed cleanly (state.json covers them), then 4 more from a session killed
# with kill -9 (the journal's tail, after what state.json covers).
make_corruption_base() {
  local dir=$1
  base_state "$dir"
  answers 3 | "$QUIZ" review --state "$dir" --new 1000 --limit 3 >/dev/null 2>&1
  session_start corrupt-base review --state "$dir" --new 1000 --limit 10
  local i
  for ((i = 0; i < 4; i++)); do session_send "" && session_send 5; done
  wait_for_headers "$WORK/corrupt-base.out" 5
  session_kill
  [ "$(journal_review_count "$dir/reviews.jsonl")" = 10 ]
}

# replace_line FILE N TEXT: line N of FILE becomes TEXT (bytes, printf-style escapes allowed).
replace_line() {
  local file=$1 n=$2 text=$3
  {
    head -n $((n - 1)) "$file"
    printf "$text\n"
    tail -n +$((n + 1)) "$file"
  } >"$file.new" && mv "$file.new" "$file"
}

# corrupt NAME DIR: applies the corruption NAME to the state folder DIR.
corrupt() {
  local name=$1 dir=$2 journal=$2/reviews.jsonl snapshot=$2/state.json line
  case $name in
    snapshot-not-json) printf 'this is not JSON\n' >"$snapshot" ;;
    snapshot-empty) : >"$snapshot" ;;
    snapshot-truncated) head -c $(($(file_size "$snapshot") / 2)) "$snapshot" >"$snapshot.new" && mv "$snapshot.new" "$snapshot" ;;
    snapshot-wrong-type) sed -i 's/"journalBytes" : \([0-9]*\)/"journalBytes" : "\1"/' "$snapshot" ;;
    snapshot-wrong-type-nested) sed -i '0,/"easeFactor" : [0-9.]*/s//"easeFactor" : "high"/' "$snapshot" ;;
    snapshot-wrong-shape) sed -i 's/"cards" : {/"cards" : [ ], "x" : {/' "$snapshot" ;;
    snapshot-newer-version) sed -i 's/"version" : 1/"version" : 2/' "$snapshot" ;;
    snapshot-version-zero) sed -i 's/"version" : 1/"version" : 0/' "$snapshot" ;;
    snapshot-ahead-of-journal) head -n 3 "$journal" >"$journal.new" && mv "$journal.new" "$journal" ;;
    journal-malformed-middle) replace_line "$journal" 8 'this is not JSON' ;;
    journal-malformed-covered-no-snapshot)
      replace_line "$journal" 2 '{"v":1,"id":"not a uuid","card":"fi-0001"}'
      rm "$snapshot"
      ;;
    journal-torn-middle)
      line=$(sed -n 8p "$journal")
      replace_line "$journal" 8 "${line:0:120}"
      ;;
    journal-torn-last)
      line=$(tail -n 1 "$journal")
      head -n 9 "$journal" >"$journal.new"
      printf '%s' "${line:0:150}" >>"$journal.new"
      mv "$journal.new" "$journal"
      ;;
    journal-torn-last-terminated)
      line=$(tail -n 1 "$journal")
      replace_line "$journal" 10 "${line:0:150}"
      ;;
    journal-newer-v-middle) sed -i '8s/"v":1/"v":9/' "$journal" ;;
    journal-newer-v-last) sed -i '10s/"v":1/"v":9/' "$journal" ;;
    journal-invalid-utf8-middle) sed -i '8s/"card":"fi-/"card":"\xff\xfefi-/' "$journal" ;;
    journal-invalid-utf8-middle-no-snapshot)
      sed -i '2s/"card":"fi-/"card":"\xc3\x28fi-/' "$journal"
      rm "$snapshot"
      ;;
    journal-invalid-utf8-last) sed -i '10s/"card":"fi-/"card":"\xff\xfefi-/' "$journal" ;;
    journal-wrong-type-middle) sed -i '8s/"grade":\([0-5]\)/"grade":"\1"/' "$journal" ;;
    journal-grade-out-of-range) sed -i '8s/"grade":\([0-5]\)/"grade":9/' "$journal" ;;
    journal-blank-lines) sed -i '8s/^/\n   \n/' "$journal" ;;
    lock-garbage) printf 'not a pid\n\xff' >"$dir/lock" ;;
    *) echo "unknown corruption $name" >&2; return 1 ;;
  esac
}

# corruption_case NAME EXPECTATION WANTED: EXPECTATION is error (exit 1, WANTED in the message,
# nothing changed), torn (a warning naming WANTED; readers change nothing, a writer only appends)
# or fine (works, nothing said).
corruption_case() {
  local name=$1 expectation=$2 wanted=$3
  local dir=$WORK/corrupt/$name pristine=$WORK/corrupt/$name.pristine status
  cp -a "$WORK/corrupt/base" "$dir"
  corrupt "$name" "$dir" || { fail "$name: could not corrupt"; return; }
  cp -a "$dir" "$pristine"
  local wanted_text=${wanted//\$DIR/$dir}

  # A reader.
  if ((HAS_EXPORT)); then
    status=0
    "$QUIZ" export --state "$dir" >"$WORK/c.out" 2>"$WORK/c.err" || status=$?
    case $expectation in
      error) expect_clean_failure "$name: quiz export" "$status" "$WORK/c.err" "$wanted_text" ;;
      torn)
        if ((status == 0)) && grep -aqF "$wanted_text" "$WORK/c.err" && crash_free "$WORK/c.err"; then
          pass "$name: quiz export warns: $(head -1 "$WORK/c.err" | cut -c1-150)"
        else
          fail "$name: quiz export: exit $status, $(head -2 "$WORK/c.err")"
        fi
        ;;
      fine) expect "$name: quiz export works (exit $status)" test "$status" = 0 ;;
    esac
    expect "$name: and left every file as it was" same_files "$pristine" "$dir"
  fi

  # A writer.
  status=0
  answers 1 | "$QUIZ" review --state "$dir" --new 1000 --limit 1 >"$WORK/c.out" 2>"$WORK/c.err" || status=$?
  case $expectation in
    error)
      expect_clean_failure "$name: quiz review" "$status" "$WORK/c.err" "$wanted_text"
      expect "$name: and left the journal and the snapshot as they were" same_files "$pristine" "$dir" lock
      ;;
    torn)
      local reviews
      reviews=$(journal_review_count "$dir/reviews.jsonl")
      if ((status == 0)) && grep -aqF "$wanted_text" "$WORK/c.err" && crash_free "$WORK/c.err" \
        && is_prefix "$pristine/reviews.jsonl" "$dir/reviews.jsonl" \
        && grep -aq '"type":"torn"' "$dir/reviews.jsonl" \
        && ((reviews == $(journal_review_count "$pristine/reviews.jsonl") + 1)); then
        pass "$name: quiz review warns, marks the torn line, appends its grade; the old bytes stay"
      else
        fail "$name: quiz review: exit $status, $reviews reviews, $(head -2 "$WORK/c.err")"
      fi
      status=0
      answers 1 | "$QUIZ" review --state "$dir" --new 1000 --limit 1 >"$WORK/c.out" 2>"$WORK/c.err" || status=$?
      if ((status == 0)) && [ ! -s "$WORK/c.err" ]; then
        pass "$name: the next session opens without a word"
      else
        fail "$name: the next session: exit $status, $(head -2 "$WORK/c.err")"
      fi
      ;;
    fine)
      if ((status == 0)) && crash_free "$WORK/c.err"; then
        pass "$name: quiz review works"
      else
        fail "$name: quiz review: exit $status, $(head -2 "$WORK/c.err")"
      fi
      ;;
  esac
}

# The caches beside the journal and the snapshot, journal-index.bin and state.bin: cut short, a
# byte flipped, of a newer format version, a link or a FIFO in their place. quiz stats prints
# what it prints without them, at once, following no link and changing nothing; the next writer
# replaces them, except an index of a newer version, which is left to the quiz that wrote it.
cache_cases() {
  local base=$WORK/corrupt/caches name fault dir status victim size last replaced
  cp -a "$WORK/corrupt/base" "$base"
  # A session closed cleanly: both caches cover the whole journal.
  answers 1 | "$QUIZ" review --state "$base" --new 1000 --limit 1 >/dev/null 2>&1
  if [ ! -f "$base/journal-index.bin" ] || [ ! -f "$base/state.bin" ]; then
    fail "caches: a closed session left no journal-index.bin or state.bin"
    return
  fi
  dir=$WORK/corrupt/caches-none
  cp -a "$base" "$dir" && rm "$dir/journal-index.bin" "$dir/state.bin"
  { "$QUIZ" stats --state "$dir" --json; "$QUIZ" stats --state "$dir"; } >"$WORK/caches.expected" 2>&1
  for name in journal-index.bin state.bin; do
    for fault in cut flipped newer link fifo; do
      dir=$WORK/corrupt/caches-$name-$fault
      victim=$WORK/corrupt/victim-$name-$fault
      cp -a "$base" "$dir"
      size=$(file_size "$dir/$name")
      case $fault in
        cut) head -c $((size / 2)) "$base/$name" >"$dir/$name" ;;
        flipped)
          last=$(tail -c 1 "$base/$name" | od -An -tu1 | tr -d ' ')
          printf "\\x$(printf %02x $((last ^ 1)))" | dd of="$dir/$name" bs=1 seek=$((size - 1)) conv=notrunc 2>/dev/null
          ;;
        newer) printf '\x02' | dd of="$dir/$name" bs=1 seek=16 conv=notrunc 2>/dev/null ;;
        link) mv "$dir/$name" "$victim" && ln -s "$victim" "$dir/$name" ;;
        fifo) rm "$dir/$name" && mkfifo "$dir/$name" ;;
      esac
      [[ $fault == link ]] && cp "$victim" "$victim.before"
      [[ $fault == link || $fault == fifo ]] || cp "$dir/$name" "$WORK/caches.before"
      status=0
      { timeout 10 "$QUIZ" stats --state "$dir" --json && timeout 10 "$QUIZ" stats --state "$dir"; } \
        >"$WORK/caches.out" 2>&1 || status=$?
      local kept=1
      case $fault in
        link) [ -L "$dir/$name" ] && cmp -s "$victim" "$victim.before" || kept=0 ;;
        fifo) [ -p "$dir/$name" ] || kept=0 ;;
        *) cmp -s "$dir/$name" "$WORK/caches.before" || kept=0 ;;
      esac
      if ((status == 0)) && ((kept)) && cmp -s "$WORK/caches.expected" "$WORK/caches.out"; then
        pass "$name $fault: quiz stats prints what it prints without it, and changes nothing"
      else
        fail "$name $fault: quiz stats exit $status (124 is a hang), file kept $kept, $(diff "$WORK/caches.expected" "$WORK/caches.out" | head -3)"
      fi
      status=0
      answers 1 | timeout 20 "$QUIZ" review --state "$dir" --new 1000 --limit 1 >/dev/null 2>"$WORK/caches.err" || status=$?
      replaced=0
      [ -f "$dir/$name" ] && [ ! -L "$dir/$name" ] && ! cmp -s "$dir/$name" "$WORK/caches.before" && replaced=1
      if [[ $name == journal-index.bin && $fault == newer ]]; then
        # Left to the newer quiz that wrote it: it still fits the start of the journal.
        if ((status == 0)) && cmp -s "$dir/$name" "$WORK/caches.before"; then
          pass "$name $fault: a writer leaves it as it is"
        else
          fail "$name $fault: a writer: exit $status, $(head -1 "$WORK/caches.err")"
        fi
      elif ((status == 0)) && ((replaced)) && crash_free "$WORK/caches.err" \
        && { [[ $fault != link ]] || cmp -s "$victim" "$victim.before"; }; then
        pass "$name $fault: a writer replaces it with a regular file$([[ $fault == link ]] && echo ", the link's target untouched")"
      else
        fail "$name $fault: a writer: exit $status, replaced $replaced, $(head -1 "$WORK/caches.err")"
      fi
      rm -f "$WORK/caches.before"
    done
  done
  figure "caches: journal-index.bin and state.bin cut, a byte flipped, newer, a link, a FIFO:" \
    "quiz stats prints the same as without them, and the next writer replaces them (a newer index excepted)"
}

scenario_corruption() {
  section "4. Corrupt state files"
  mkdir -p "$WORK/corrupt"
  if ! make_corruption_base "$WORK/corrupt/base"; then
    fail "could not make the base state (10 reviews)"
    return
  fi
  local before=$FAILED cases=0
  local S='$DIR/state.json' J='$DIR/reviews.jsonl'
  while IFS='|' read -r name expectation wanted; do
    [ -z "$name" ] && continue
    cases=$((cases + 1))
    corruption_case "$name" "$expectation" "$wanted"
  done <<EOF
snapshot-not-json|error|$S is unreadable
snapshot-empty|error|$S is unreadable
snapshot-truncated|error|$S is unreadable
snapshot-wrong-type|error|$S is unreadable
snapshot-wrong-type-nested|error|$S is unreadable
snapshot-wrong-shape|error|$S is unreadable
snapshot-newer-version|error|$S was written by a newer quiz
snapshot-version-zero|error|$S is unreadable
snapshot-ahead-of-journal|error|$S covers reviews that
journal-malformed-middle|error|$J:8 is not a journal entry
journal-malformed-covered-no-snapshot|error|$J:2 is not a journal entry
journal-torn-middle|error|$J:8 is not a journal entry
journal-wrong-type-middle|error|$J:8 is not a journal entry
journal-grade-out-of-range|error|$J:8 is not a journal entry
journal-newer-v-middle|error|$J:8 was written by a newer quiz
journal-newer-v-last|error|$J:10 was written by a newer quiz
journal-invalid-utf8-middle|error|$J:8 is not a journal entry
journal-invalid-utf8-middle-no-snapshot|error|$J:2 is not a journal entry
journal-torn-last|torn|$J:10
journal-torn-last-terminated|torn|$J:10
journal-invalid-utf8-last|torn|$J:10
journal-blank-lines|fine|
lock-garbage|fine|
EOF
  # Merging from a folder whose journal is corrupt changes neither folder.
  local target=$WORK/corrupt/merge-target status=0
  base_state "$target"
  cp -a "$target" "$target.before"
  "$QUIZ" merge "$WORK/corrupt/journal-malformed-middle" --state "$target" >"$WORK/c.out" 2>"$WORK/c.err" || status=$?
  expect_clean_failure "merge from a folder with a malformed journal line" "$status" "$WORK/c.err" \
    "$WORK/corrupt/journal-malformed-middle/reviews.jsonl:8"
  expect "the merge changed nothing" same_files "$target.before" "$target" lock
  cache_cases
  figure "corrupt files: $cases kinds, each read by quiz export and opened by quiz review;" \
    "$((FAILED - before)) failed checks"
}

# ==============================================================================================
# 5. Hostile files: planted links and FIFOs, a shared folder, duplicated lines, a full stdout
# ==============================================================================================

scenario_hostile() {
  section "5. Hostile files"
  local dir name status victim
  # A link planted in place of each state file: quiz refuses it, and its target is untouched.
  for name in lock reviews.jsonl state.json; do
    dir=$WORK/hostile-link-$name
    mkdir -p "$dir" && chmod 700 "$dir"
    victim=$WORK/victim-$name
    printf 'precious\n' >"$victim"
    ln -s "$victim" "$dir/$name"
    answers 1 | "$QUIZ" review --state "$dir" --limit 1 >"$WORK/out" 2>"$WORK/err"
    status=$?
    if ((status == 1)) && [[ $(cat "$victim") == precious ]] && grep -qF "is a symbolic link" "$WORK/err"; then
      pass "a planted $name link: refused, target untouched"
    else
      fail "a planted $name link: exit $status, target: $(head -c 60 "$victim"), $(head -1 "$WORK/err")"
    fi
  done
  # A FIFO in place of the journal or the snapshot: an error at once, never a hang.
  for name in reviews.jsonl state.json; do
    dir=$WORK/hostile-fifo-$name
    mkdir -p "$dir" && chmod 700 "$dir"
    mkfifo "$dir/$name"
    timeout 10 "$QUIZ" stats --state "$dir" >/dev/null 2>"$WORK/err"
    status=$?
    if ((status == 1)) && grep -qF "is a FIFO" "$WORK/err"; then
      pass "a FIFO as $name: refused at once"
    else
      fail "a FIFO as $name: exit $status (124 is a hang), $(head -1 "$WORK/err")"
    fi
  done
  # A folder others may write in.
  dir=$WORK/hostile-shared
  mkdir -p "$dir" && chmod 777 "$dir"
  answers 1 | "$QUIZ" review --state "$dir" --limit 1 >/dev/null 2>"$WORK/err"
  expect_clean_failure "a state folder others may write in" $? "$WORK/err" "others may write in it"
  # Every line of the journal twice: the same state as once, and a warning.
  dir=$WORK/hostile-twice
  base_state "$dir"
  "$QUIZ" export --state "$dir" --format csv >"$WORK/once.csv" 2>/dev/null
  cat "$dir/reviews.jsonl" "$dir/reviews.jsonl" >"$WORK/twice" && mv "$WORK/twice" "$dir/reviews.jsonl"
  rm -f "$dir/state.json"
  "$QUIZ" export --state "$dir" --format csv >"$WORK/twice.csv" 2>"$WORK/err"
  if cmp -s "$WORK/once.csv" "$WORK/twice.csv" && grep -qF "holds 3 events twice" "$WORK/err"; then
    pass "a journal with every line twice: the same progress, and a warning"
  else
    fail "a journal with every line twice: $(diff "$WORK/once.csv" "$WORK/twice.csv" | head -3) $(head -1 "$WORK/err")"
  fi
  # Standard output on a full disk, and a closed pipe with SIGPIPE ignored: exit 1, no trap.
  for command in cards stats decks "export --format md" "--help" man; do
    # shellcheck disable=SC2086
    QUIZ_STATE=$WORK/hostile-stdout "$QUIZ" $command >/dev/full 2>"$WORK/err"
    status=$?
    if ((status == 1)) && crash_free "$WORK/err" && grep -qF "No space left on device" "$WORK/err"; then
      pass "quiz $command > /dev/full: exit 1 with a message"
    else
      fail "quiz $command > /dev/full: exit $status, $(head -1 "$WORK/err")"
    fi
    # shellcheck disable=SC2086
    (trap '' PIPE; QUIZ_STATE=$WORK/hostile-stdout "$QUIZ" $command 2>"$WORK/err" | head -c 1 >/dev/null; exit "${PIPESTATUS[0]}")
    status=$?
    if ((status <= 1)) && crash_free "$WORK/err"; then
      pass "quiz $command into a closed pipe: exit $status, quietly"
    else
      fail "quiz $command into a closed pipe: exit $status, $(head -1 "$WORK/err")"
    fi
  done
}

# ==============================================================================================

wanted() { [[ $ONLY == *",$1,"* ]]; }
wanted kill && scenario_kill
wanted two && scenario_two_sessions
wanted readonly && scenario_read_only
wanted disk && scenario_full_disk
wanted corrupt && scenario_corruption
wanted hostile && scenario_hostile
wanted anki && scenario_anki

ELAPSED=$((($(now_ms) - STARTED) / 1000))
section "Summary"
for line in "${FIGURES[@]}"; do echo "- $line"; done
echo "- $([ $SHORT = 1 ] && echo short || echo full) run, seed $SEED, ${ELAPSED} s; $SKIPPED skipped"
echo "$PASSED passed, $FAILED failed"
((FAILED == 0))
