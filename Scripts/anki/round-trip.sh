#!/bin/bash
# quiz → Anki, checked by Anki's own importer (docs/anki.md, "Round trip").
#
#   Scripts/anki/round-trip.sh            # the shipped decks, reviews over the last 40 days
#
# Builds quiz, grades cards of the shipped decks on several past days (piped reviews, QUIZ_NOW),
# suspends one, exports the cards now as an Anki package and as JSON, and has
# Scripts/anki/round_trip.py import the package twice into a new Anki collection and compare.
# Anki comes from the virtual environment that Scripts/bench/anki_bench.py sets up.
set -euo pipefail
cd "$(dirname "$0")/../.."
python=$(python3 Scripts/bench/anki_bench.py setup | awk '/^PYTHON/ {print $2}')
swift build --product quiz >&2
quiz=.build/debug/quiz
work=$(mktemp -d /tmp/quiz-anki-round-trip.XXXXXX)
export QUIZ_STATE="$work/state" TZ=UTC
unset QUIZ_DECKS QUIZ_NOW
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
