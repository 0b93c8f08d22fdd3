#!/usr/bin/env bash
# Regenerates Sources/AnswerJudging/SDKIndex+Listing.swift: docs/judging.md, "The SDK index".
# Usage: Scripts/sdk-index/regenerate.sh APPLE_DOCS_REPO SWIFTUI_INTERFACE [MORE_INTERFACES...]
# APPLE_DOCS_REPO is a clone or mirror of github.com/theAppLaunchers/apple-docs-for-rag: the pages
# of SwiftUI, SwiftData, Charts, MapKit, Observation and Testing are read from its git objects at
# commit $docs_commit (2025-04-13: Apple's documentation of the iOS 18.4 era).
# SWIFTUI_INTERFACE is SwiftUI's interface: the SDK's SwiftUI.swiftinterface on a Mac
# (xcrun --show-sdk-path), or the generated interface kept in the public swiftui-headers history
# (git -C SWIFTUI_HEADERS_REPO show 7bb6ed0:SwiftUI.swift >SwiftUI.swift: Xcode 15 beta 2).
# The toolchain's own modules (Swift, _Concurrency, RegexBuilder, Synchronization, Observation,
# Foundation) are read with swift-symbolgraph-extract on this machine.
set -euo pipefail
docs_commit=df89f1451e3da24868b8489602d1bf72f179d7f7
cd "$(dirname "$0")/../.."
usage() { sed -n '2,11p' "$0" | sed "s/\$docs_commit/$docs_commit/" >&2; exit 64; }
[ $# -ge 2 ] || usage
docs_repo=$1
shift
git -C "$docs_repo" cat-file -e "$docs_commit^{commit}" 2>/dev/null || {
  echo "$docs_repo: no commit $docs_commit (not a clone of apple-docs-for-rag?)" >&2
  usage
}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/graphs" "$work/docs"
git -C "$docs_repo" archive "$docs_commit" SwiftUI SwiftData Charts MapKit Observation Testing \
  foundation OSLog os Combine CoreGraphics CoreLocation UIKit CoreTransferable UniformTypeIdentifiers \
  DeveloperToolsSupport WidgetKit |
  tar -x -C "$work/docs"
docs_name="apple-docs-for-rag ${docs_commit:0:10} ($(git -C "$docs_repo" log -1 --format=%cs "$docs_commit"))"
target=$(swift -print-target-info | python3 -c 'import json,sys; print(json.load(sys.stdin)["target"]["triple"])')
for module in Swift _Concurrency _StringProcessing RegexBuilder Synchronization Observation Dispatch FoundationEssentials \
  FoundationInternationalization Foundation FoundationNetworking; do
  swift-symbolgraph-extract -module-name "$module" -target "$target" -output-dir "$work/graphs" \
    -minimum-access-level public
done
interfaces=(--current Scripts/sdk-index/newer-declarations.swift)
for file in "$@"; do interfaces+=(--interface "$file"); done
python3 Scripts/sdk-index/generate.py "${interfaces[@]}" --symbol-graphs "$work/graphs" \
  --docs "$work/docs" --docs-name "$docs_name" Sources/AnswerJudging/SDKIndex+Listing.swift
