#!/usr/bin/env bash
# Regenerates Sources/AnswerJudging/SDKIndex+Listing.swift: docs/judging.md, "The SDK index".
# Usage: Scripts/sdk-index/regenerate.sh SWIFTUI_INTERFACE [MORE_INTERFACES...]
# SWIFTUI_INTERFACE is SwiftUI's interface: the SDK's SwiftUI.swiftinterface on a Mac
# (xcrun --show-sdk-path), or the generated interface kept in the public swiftui-headers history.
# The toolchain's own modules (Swift, _Concurrency, Observation, Foundation) are read with
# swift-symbolgraph-extract on this machine.
set -euo pipefail
cd "$(dirname "$0")/../.."
[ $# -ge 1 ] || { sed -n '2,7p' "$0" >&2; exit 64; }
graphs=$(mktemp -d)
trap 'rm -rf "$graphs"' EXIT
target=$(swift -print-target-info | python3 -c 'import json,sys; print(json.load(sys.stdin)["target"]["triple"])')
for module in Swift _Concurrency _StringProcessing Observation FoundationEssentials \
  FoundationInternationalization Foundation FoundationNetworking; do
  swift-symbolgraph-extract -module-name "$module" -target "$target" -output-dir "$graphs" \
    -minimum-access-level public
done
interfaces=()
for file in "$@"; do interfaces+=(--interface "$file"); done
python3 Scripts/sdk-index/generate.py "${interfaces[@]}" --symbol-graphs "$graphs" \
  Sources/AnswerJudging/SDKIndex+Listing.swift
