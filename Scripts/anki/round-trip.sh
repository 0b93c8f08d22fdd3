#!/bin/bash
# quiz → Anki, checked by Anki's own importer (docs/anki.md, "Round trip").
#
#   Scripts/anki/round-trip.sh            # the shipped decks, reviews over the last 40 days
#   Scripts/anki/round-trip.sh --fsrs     # the same under FSRS, its memory checked too
#
# Builds quiz, grades cards of the shipped decks on several past days (piped reviews, QUIZ_NOW),
# suspends one, exports the cards now as an Anki package and as JSON, and has
# Scripts/anki/round_trip.py import the package twice into a new Anki collection and compare.
# With --fsrs, every command runs under FSRS with weights of its own (fsrs-parameters.json, not
# FSRS's defaults), and Scripts/anki/fsrs_memory.py also checks each card's memory in Anki.
# Anki comes from the virtual environment that Scripts/bench/anki_bench.py sets up.
set -euo pipefail
cd "$(dirname "$0")/../.."
fsrs=no
[ "${1:-}" = --fsrs ] && fsrs=yes
python=$(python3 Scripts/bench/anki_bench.py setup | awk '/^PYTHON/ {print $2}')
swift build --product quiz >&2
quiz=.build/debug/quiz
work=$(mktemp -d /tmp/quiz-anki-round-trip.XXXXXX)
export QUIZ_STATE="$work/state" TZ=UTC
unset QUIZ_DECKS QUIZ_NOW QUIZ_SCHEDULER
if [ "$fsrs" = yes ]; then
  export QUIZ_SCHEDULER=fsrs
  mkdir -m 700 "$QUIZ_STATE"
  # Weights within FSRS's bounds, away from its defaults: the export must carry these.
  (umask 077 && cat >"$QUIZ_STATE/fsrs-parameters.json") <<'JSON'
{
  "fittedAt" : "2026-01-01T00:00:00.000Z",
  "items" : 0,
  "version" : 1,
  "weights" : [0.2208, 1.7455, 2.7607, 8.4225, 7.9303, 0.627, 3.9291, 0.001, 2.2745, 0.1856,
    1.0852, 1.1673, 0.0727, 0.2648, 1.9094, 0.6494, 1.8487, 0.5563, 0.0595, 0.0864, 0.1853]
}
JSON
fi
# Grades cycle through 0…5 so that every kind of Anki card and review-log line occurs.
for days_ago in 40 39 33 30 21 12 5 1; do
  moment=$(date -u -d "$days_ago days ago" +%Y-%m-%dT10:00:00Z)
  grades=""
  for i in $(seq 1 60); do grades+="x"$'\n'"$(( (i + days_ago) % 6 ))"$'\n'; done
  printf '%s' "$grades" | QUIZ_NOW="$moment" "$quiz" review --new 25 >/dev/null 2>&1 || true
done
"$quiz" suspend nav-route-enum >/dev/null
"$quiz" export --output "$work/quiz.apkg" >&2
"$quiz" export --output "$work/quiz.json" >&2
"$python" Scripts/anki/round_trip.py "$work/quiz.apkg" "$work/quiz.json" "$(date -u +%F)"
if [ "$fsrs" = yes ]; then
  "$python" Scripts/anki/fsrs_memory.py "$work/quiz.apkg" "$work/quiz.json" \
    "$QUIZ_STATE/fsrs-parameters.json"
fi
