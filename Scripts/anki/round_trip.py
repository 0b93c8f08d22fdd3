#!/usr/bin/env python3
"""Checks a package that `quiz export --format apkg` wrote with Anki's own importer.

    /tmp/anki-venv/bin/python Scripts/anki/round_trip.py PACKAGE.apkg EXPORT.json TODAY

EXPORT.json is `quiz export --format json` of the same cards at the same moment, TODAY that
moment's day (YYYY-MM-DD) by quiz's clock. The package is imported twice into a new collection;
then every card must be there once, with the interval, ease factor, lapses, review count, due day
(relative to today) and review log (button, interval after and before, ease, time) that quiz had. Prints "RESULT {json}" with the figures that
docs/anki.md quotes; exits 1 on any difference.
"""

import datetime
import json
import os
import sys
import tempfile
import time

from anki.collection import Collection, ImportAnkiPackageOptions, ImportAnkiPackageRequest


def main(package: str, export_path: str, today_text: str) -> int:
    with open(export_path, encoding="utf-8") as file:
        export = json.load(file)
    today = datetime.date.fromisoformat(today_text)
    folder = tempfile.mkdtemp(prefix="anki-round-trip-")
    col = Collection(os.path.join(folder, "collection.anki2"))
    timings = []
    logs = []
    for _ in range(2):
        started = time.perf_counter()
        result = col.import_anki_package(
            ImportAnkiPackageRequest(
                package_path=os.path.abspath(package),
                options=ImportAnkiPackageOptions(
                    with_scheduling=True, merge_notetypes=True, update_notes=0,
                    update_notetypes=0
                ),
            )
        )
        timings.append(time.perf_counter() - started)
        logs.append(result.log)

    problems = []
    notes = col.db.scalar("select count() from notes")
    cards = col.db.scalar("select count() from cards")
    expected = len(export["cards"])
    if notes != expected or cards != expected:
        problems.append(f"{expected} cards exported, {notes} notes and {cards} cards in Anki")
    anki_today = col.sched.today
    rows = col.db.all(
        "select n.guid, c.id, c.type, c.queue, c.due, c.ivl, c.factor, c.reps, c.lapses"
        " from cards c join notes n on n.id = c.nid"
    )
    by_guid = {row[0]: row for row in rows}
    reviews_in_effect = [
        event for event in export["reviews"]
        if event.get("type", "review") == "review" and not event.get("undone")
    ]
    checked = {"review": 0, "learning": 0, "relearning": 0, "new": 0, "suspended": 0}
    for card in export["cards"]:
        row = by_guid.get(card["id"])
        if row is None:
            problems.append(f"{card['id']}: missing")
            continue
        _, cid, kind, queue, due, ivl, factor, reps, lapses = row
        if card["suspended"]:
            checked["suspended"] += 1
            if queue != -1:
                problems.append(f"{card['id']}: suspended in quiz, queue {queue} in Anki")
        if card["reviews"] == 0:
            checked["new"] += 1
            if kind != 0:
                problems.append(f"{card['id']}: new in quiz, type {kind} in Anki")
            continue
        if reps != card["reviews"] or lapses != card["lapses"]:
            problems.append(
                f"{card['id']}: reviews/lapses {card['reviews']}/{card['lapses']} in quiz,"
                f" {reps}/{lapses} in Anki"
            )
        if factor != round(card["easeFactor"] * 1000):
            problems.append(f"{card['id']}: ease {card['easeFactor']} in quiz, {factor} in Anki")
        due_in = (datetime.date.fromisoformat(card["due"]) - today).days
        same_day = due_in <= 0 and (card["needsExtraReview"] or card["interval"] == 0)
        if same_day:
            name = "learning" if kind == 1 else "relearning"
            checked[name] += 1
            if kind not in (1, 3):
                problems.append(f"{card['id']}: in same-day repetition, type {kind} in Anki")
        else:
            checked["review"] += 1
            if kind != 2 or ivl != max(1, card["interval"]) or due - anki_today != due_in:
                problems.append(
                    f"{card['id']}: interval {card['interval']}, due in {due_in} in quiz;"
                    f" type {kind}, interval {ivl}, due in {due - anki_today} in Anki"
                )
        log = col.db.all(
            "select ease, ivl, lastIvl, factor, time from revlog where cid = ? order by id", cid
        )
        mine = [event for event in reviews_in_effect if event["card"] == card["id"]]
        wanted = [
            [
                {0: 1, 1: 1, 2: 1, 3: 2, 4: 3, 5: 4}[event["grade"]],
                event["after"]["interval"] if event["after"]["due"] > event["day"] else -600,
                event["before"]["interval"],
                round(event["after"]["easeFactor"] * 1000),
                min(3_600_000, round((event["seconds"] or 0) * 1000)),
            ]
            for event in mine
        ]
        if [list(entry) for entry in log] != wanted:
            problems.append(f"{card['id']}: review log {wanted} in quiz, {log} in Anki")
        checked["reviewLogLines"] = checked.get("reviewLogLines", 0) + len(log)
    revlog = col.db.scalar("select count() from revlog")
    col.close()
    figures = {
        "cards": expected,
        "notesInAnki": notes,
        "cardsInAnki": cards,
        "reviewLog": revlog,
        "reviewsInQuiz": len(reviews_in_effect),
        "checked": checked,
        "firstImportSeconds": round(timings[0], 3),
        "secondImportSeconds": round(timings[1], 3),
        "secondImport": {
            "new": len(logs[1].new), "updated": len(logs[1].updated),
            "duplicate": len(logs[1].duplicate),
        },
        "problems": len(problems),
    }
    for problem in problems[:40]:
        print(problem, file=sys.stderr)
    print("RESULT " + json.dumps(figures, sort_keys=True))
    return 1 if problems else 0


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    sys.exit(main(*sys.argv[1:]))
