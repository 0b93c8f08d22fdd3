# Helpers for Scripts/fault-injection.sh: results, running quiz, scripted sessions through a FIFO,
# reading the journal. Sourced, not run. Needs bash 4.1+, coreutils, awk, grep, sed, cmp.

# ---- Results ---------------------------------------------------------------------------------

PASSED=0
FAILED=0
SKIPPED=0
FIGURES=()  # lines for the final summary

pass() {
  PASSED=$((PASSED + 1))
  echo "  ok    $*"
}

fail() {
  FAILED=$((FAILED + 1))
  echo "  FAIL  $*"
}

skip() {
  SKIPPED=$((SKIPPED + 1))
  echo "  skip  $*"
}

note() { echo "        $*"; }

section() {
  echo
  echo "== $* =="
}

figure() { FIGURES+=("$*"); }

# expect DESCRIPTION COMMAND...: passes when the command succeeds.
expect() {
  local description=$1
  shift
  if "$@"; then pass "$description"; else fail "$description"; fi
}

# ---- Small utilities -------------------------------------------------------------------------

# msleep N: sleeps N milliseconds (0 returns at once).
msleep() {
  local ms=$1
  ((ms <= 0)) && return 0
  sleep "$((ms / 1000)).$(printf '%03d' $((ms % 1000)))"
}

# now_ms: milliseconds since the epoch (without a fork where bash has $EPOCHREALTIME).
now_ms() {
  if [ -n "${EPOCHREALTIME:-}" ]; then
    local t=${EPOCHREALTIME/[.,]/}
    echo $((t / 1000))
  else
    date +%s%3N
  fi
}

# file_size FILE: bytes, 0 when missing.
file_size() {
  if [ -e "$1" ]; then stat -c %s "$1"; else echo 0; fi
}

# is_prefix SHORTER LONGER: whether SHORTER's bytes start LONGER.
is_prefix() {
  local size
  size=$(file_size "$1")
  [ "$(file_size "$2")" -ge "$size" ] && cmp -s -n "$size" "$1" "$2"
}

# same_files DIR_A DIR_B [IGNORED_NAME...]: every file of either folder exists in both with the
# same bytes; prints the differences.
same_files() {
  local a=$1 b=$2
  shift 2
  local ignored=" $* " name status=0
  while IFS= read -r name; do
    [[ $ignored == *" $name "* ]] && continue
    if [ ! -e "$a/$name" ] || [ ! -e "$b/$name" ]; then
      echo "        $name: only in $([ -e "$a/$name" ] && echo before || echo after)"
      status=1
    elif ! cmp -s "$a/$name" "$b/$name"; then
      echo "        $name: bytes differ"
      status=1
    fi
  done < <( (ls -A "$a"; ls -A "$b") | sort -u)
  return $status
}

# temp_files DIR: the names of quiz's temporary files in DIR.
temp_files() { ls -A "$1" 2>/dev/null | grep '^\.quiz-tmp-' || true; }

# crash_free ERRFILE: no sign of a crash or a stack trace on standard error.
crash_free() {
  ! grep -aqiE 'fatal error|stack dump|stack trace|backtrace|illegal instruction|segmentation fault|trace/breakpoint|core dumped|💣|Program crashed|0x[0-9a-f]{8,}' "$1"
}

# ---- Running quiz ----------------------------------------------------------------------------

# The environment of every run: a fixed clock, the generated decks, no colour, UTC, and nothing
# from the caller's own state.
quiz_environment() {
  export QUIZ_NOW=2026-11-29T08:00:00Z
  export QUIZ_DECKS=$WORK/decks
  export QUIZ_SHIPPED_DECKS=no
  export NO_COLOR=1
  export TZ=UTC
  export HOME=$WORK/home
  export COLUMNS=100
  unset QUIZ_STATE QUIZ_DAY_START XDG_DATA_HOME VISUAL EDITOR
}

# run_quiz OUT ERR STDIN ARGS...: runs quiz, returns its exit status.
run_quiz() {
  local out=$1 err=$2 input=$3
  shift 3
  "$QUIZ" "$@" <"$input" >"$out" 2>"$err"
}

# as_nobody COMMAND...: runs a command as the unprivileged user nobody.
as_nobody() {
  if command -v setpriv >/dev/null 2>&1; then
    setpriv --reuid="$NOBODY_UID" --regid="$NOBODY_GID" --clear-groups -- "$@"
  else
    runuser -u nobody -- "$@"
  fi
}

# answers N [GRADE]: N piped answers (an attempt line and a grade line each).
answers() {
  local i
  for ((i = 0; i < $1; i++)); do
    printf '\n%s\n' "${2:-4}"
  done
}

# ---- Sessions through a FIFO -----------------------------------------------------------------
#
# session_start NAME ARGS... starts `quiz ARGS...` reading from a FIFO; sets SESSION_PID and
# SESSION_FD, and writes $WORK/NAME.out and $WORK/NAME.err. session_send LINE writes one line;
# session_stop closes the input and returns the exit status.

SESSION_PID=
SESSION_FD=
SESSION_NAME=

session_start() {
  SESSION_NAME=$1
  shift
  local fifo=$WORK/$SESSION_NAME.fifo
  rm -f "$fifo"
  mkfifo "$fifo"
  "$QUIZ" "$@" <"$fifo" >"$WORK/$SESSION_NAME.out" 2>"$WORK/$SESSION_NAME.err" &
  SESSION_PID=$!
  CHILDREN+=("$SESSION_PID")
  exec {SESSION_FD}>"$fifo"
}

# session_send LINE: false when quiz no longer reads.
session_send() {
  printf '%s\n' "$1" >&"$SESSION_FD" 2>/dev/null
}

session_close_input() {
  if [ -n "$SESSION_FD" ]; then
    exec {SESSION_FD}>&-
    SESSION_FD=
  fi
}

# session_stop: closes the input, waits, returns the exit status.
session_stop() {
  session_close_input
  local status=0
  wait "$SESSION_PID" 2>/dev/null || status=$?
  rm -f "$WORK/$SESSION_NAME.fifo"
  return $status
}

# session_kill: kill -9 now, then wait; returns the exit status (137 when the kill landed).
session_kill() {
  kill -9 "$SESSION_PID" 2>/dev/null
  session_stop
}

# headers OUTFILE: the card ids of the card headers "[k/N] … · id", in order.
headers() {
  LC_ALL=C awk -F' · ' '/^\[[0-9]+\/[0-9]+\] / { print $NF }' "$1"
}

header_count() { LC_ALL=C grep -c '^\[[0-9]*/[0-9]*\] ' "$1" || true; }

# reviewed_count OUTFILE: N of the summary's "Reviewed N cards", or empty without a summary.
reviewed_count() {
  LC_ALL=C sed -n 's/^Reviewed \([0-9][0-9]*\) cards\{0,1\} in .*/\1/p' "$1" | tail -1
}

# wait_for_headers OUTFILE K [TIMEOUT_MS]: waits until K card headers, or a summary, are out.
wait_for_headers() {
  local out=$1 k=$2 limit=$(($(now_ms) + ${3:-5000}))
  while (($(now_ms) < limit)); do
    (($(header_count "$out") >= k)) && return 0
    [ -n "$(reviewed_count "$out")" ] && return 0
    msleep 5
  done
  return 1
}

# spin_until_summary OUTFILE TIMEOUT_MS: returns as soon as the summary line is out, polling with
# shell builtins only (no fork), so that a kill right after it lands while quiz closes.
spin_until_summary() {
  local out=$1 line limit=$((${EPOCHREALTIME/[.,]/} + $2 * 1000))
  while ((${EPOCHREALTIME/[.,]/} < limit)); do
    while IFS= read -r line; do
      [[ $line == "Reviewed "* ]] && return 0
    done <"$out"
  done
  return 1
}

# ---- The journal -----------------------------------------------------------------------------

# journal_reviews FILE: "card grade" for every complete review line, in journal order. A review
# line is one JSON object ending with its "after" state, "…}}"; a torn line cannot end so.
journal_reviews() {
  [ -f "$1" ] || return 0
  LC_ALL=C awk '/"grade":[0-5]/ && /\}\}\r?$/ {
      card = $0; sub(/.*"card":"/, "", card); sub(/".*/, "", card)
      grade = $0; sub(/.*"grade":/, "", grade); grade = substr(grade, 1, 1)
      print card, grade
    }' "$1"
}

journal_review_count() { journal_reviews "$1" | wc -l; }

# journal_review_ids FILE: the event ids of the review lines.
journal_review_ids() {
  LC_ALL=C grep -a '"grade":[0-5]' "$1" | sed -n 's/.*"id":"\([0-9a-fA-F-]*\)".*/\1/p'
}

# export_review_count OUT: review events in a `quiz export --format json` document.
export_review_count() { LC_ALL=C grep -o '"type" *: *"review"' "$1" | wc -l; }

# csv_reviews_sum OUT: the sum of the "reviews" column of `quiz export --format csv`.
csv_reviews_sum() {
  LC_ALL=C awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) { h = $i; gsub(/[\r"]/, "", h); if (h == "reviews") c = i }; next }
    c { gsub(/\r/, ""); s += $c } END { print s + 0 }' "$1"
}

# ---- Decks -----------------------------------------------------------------------------------

# make_deck FILE COUNT: a native deck of COUNT cards, the four kinds in turn, ids fi-0000….
make_deck() {
  local file=$1 count=$2 i id
  {
    echo "# Fault injection"
    echo
    echo "Generated by Scripts/fault-injection.sh."
    for ((i = 0; i < count; i++)); do
      printf -v id 'fi-%04d' "$i"
      echo
      case $((i % 4)) in
        0)
          printf '## Syntax · Faults · %s\nWrite value number %d.\n\n---\n\n' "$id" "$i"
          printf '```swift\nlet value = %d\n```\n\nA constant.\n' "$i"
          ;;
        1)
          printf '## Trick · Faults · %s\nWhat is %d + 1?\n\n---\n\n%d.\n' "$id" "$i" $((i + 1))
          ;;
        2)
          printf '## Edge · Faults · %s\nWhat does this print?\n\n```swift\nprint(%d)\n```\n\n' "$id" "$i"
          printf -- '---\n\n%d\n\nSource: the generator\n' "$i"
          ;;
        3)
          printf '## Interview · Faults · %s\nExplain card %d.\n\n---\n\nIt is card %d.\n\n' "$id" "$i" "$i"
          printf 'Listen for: the number %d.\n' "$i"
          ;;
      esac
    done
  } >"$file"
}
