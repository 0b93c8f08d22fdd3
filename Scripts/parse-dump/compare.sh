#!/bin/sh
# Compares the whole parse of deck files by the CardDeck of BASE (a git ref, default main) and
# by the working tree's, on the given files and folders and on mangled copies of them.
#   Scripts/parse-dump/compare.sh [BASE] [FILE|FOLDER...]
# Default inputs: Decks/ and Tests/CardDeckTests/Fixtures/. Work folder: $PARSE_DUMP_DIR
# (default /tmp/parse-dump). Exit 0 when the dumps are identical, 1 otherwise.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
base=${1:-main}
[ $# -gt 0 ] && shift
[ $# -eq 0 ] && set -- "$root/Decks" "$root/Tests/CardDeckTests/Fixtures"
work=${PARSE_DUMP_DIR:-/tmp/parse-dump}
rm -rf "$work/base" "$work/dump-base" "$work/dump-tree"
mkdir -p "$work/base"
git -C "$root" archive "$base" Sources/CardDeck | tar -x -C "$work/base"
build() { # sources folder, output
  swiftc -O -wmo -module-name CardDeck $(find "$1/Sources/CardDeck" -name '*.swift') \
    "$root/Scripts/parse-dump/main.swift" -o "$2" >"$2.log" 2>&1 || { cat "$2.log" >&2; rm -f "$2"; }
}
build "$work/base" "$work/dump-base" &
build "$root" "$work/dump-tree"
wait
[ -x "$work/dump-base" ] && [ -x "$work/dump-tree" ] || { echo "a build failed" >&2; exit 1; }
export SWIFT_DETERMINISTIC_HASHING=1
# The address of a private type's context differs from build to build.
"$work/dump-base" "$@" | sed 's/(unknown context at \$[0-9a-f]*)//' >"$work/base.txt"
"$work/dump-tree" "$@" | sed 's/(unknown context at \$[0-9a-f]*)//' >"$work/tree.txt"
if cmp -s "$work/base.txt" "$work/tree.txt"; then
  echo "identical: $(grep -c '^===' "$work/base.txt") parses"
else
  diff "$work/base.txt" "$work/tree.txt" | head -40
  exit 1
fi
