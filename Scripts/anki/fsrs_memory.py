#!/usr/bin/env python3
"""Checks with Anki itself that `quiz export --format apkg` under FSRS carries FSRS's memory.

    /tmp/anki-venv/bin/python Scripts/anki/fsrs_memory.py PACKAGE.apkg EXPORT.json WEIGHTS.json

EXPORT.json is `quiz export --format json` of the same cards at the same moment, under FSRS;
WEIGHTS.json the `fsrs-parameters.json` the export scheduled with. The package is imported,
with its deck presets, into a new collection with FSRS turned on. Then every card quiz has a
stability for must have Anki's memory state (`card.memory_state`) equal to quiz's stability and
difficulty to the precision Anki keeps (it stores a card's stability to 4 places, difficulty to
3, desired retention to 2 and decay to 3, as 32-bit floats: equal to quiz's so rounded, to a
relative 1e-6), the desired retention and decay (w20) quiz scheduled with, and its last
review's second; Anki's retrievability of it now (the card's statistics, which read the memory,
the decay and the last review) must be FSRS's curve on those; and the quiz decks' preset must
hold the weights and the desired retention. Prints "RESULT {json}"; exits 1 on any difference.
"""

import datetime
import json
import os
import sys
import tempfile
import time

from anki.collection import Collection, ImportAnkiPackageOptions, ImportAnkiPackageRequest

# quiz's FSRS schedules for this retention (py-fsrs's default).
DESIRED_RETENTION = 0.9


def close(a: float, b: float, relative: float = 1e-6) -> bool:
    return abs(a - b) <= relative * max(1.0, abs(b))


def kept(value: float, places: int) -> float:
    """`value` as Anki stores it: to `places` decimal places, halves away from zero."""
    factor = 10**places
    scaled = value * factor
    return (int(scaled + 0.5) if scaled >= 0 else -int(-scaled + 0.5)) / factor


def seconds(moment: str) -> int:
    return int(datetime.datetime.fromisoformat(moment.replace("Z", "+00:00")).timestamp())


def main(package: str, export_path: str, weights_path: str) -> int:
    with open(export_path, encoding="utf-8") as file:
        export = json.load(file)
    with open(weights_path, encoding="utf-8") as file:
        weights = json.load(file)["weights"]
    decay = kept(weights[20], 3)
    folder = tempfile.mkdtemp(prefix="anki-fsrs-memory-")
    col = Collection(os.path.join(folder, "collection.anki2"))
    col.set_config("fsrs", True)
    col.import_anki_package(
        ImportAnkiPackageRequest(
            package_path=os.path.abspath(package),
            options=ImportAnkiPackageOptions(
                with_scheduling=True, with_deck_configs=True, merge_notetypes=True,
                update_notes=0, update_notetypes=0,
            ),
        )
    )
    problems = []
    by_guid = dict(col.db.all("select n.guid, c.id from cards c join notes n on n.id = c.nid"))
    checked = {"memory": 0, "new": 0, "retrievability": 0, "presets": 0}
    for row in export["cards"]:
        cid = by_guid.get(row["id"])
        if cid is None:
            problems.append(f"{row['id']}: missing")
            continue
        card = col.get_card(cid)
        if "stability" not in row:
            checked["new"] += 1
            if card.memory_state is not None:
                problems.append(f"{row['id']}: no memory in quiz, {card.memory_state} in Anki")
            continue
        memory = card.memory_state
        if memory is None:
            problems.append(f"{row['id']}: stability {row['stability']} in quiz, none in Anki")
            continue
        checked["memory"] += 1
        stability = kept(row["stability"], 4)
        wanted = [
            ("stability", memory.stability, stability),
            ("difficulty", memory.difficulty, kept(row["difficulty"], 3)),
            ("desired retention", card.desired_retention, kept(DESIRED_RETENTION, 2)),
            ("decay", card.decay, decay),
        ]
        for name, anki, quiz in wanted:
            if anki is None or not close(anki, quiz):
                problems.append(f"{row['id']}: {name} {quiz} in quiz, {anki} in Anki")
        last = seconds(row["lastReview"])
        if card.last_review_time != last:
            problems.append(
                f"{row['id']}: last review {last} in quiz, {card.last_review_time} in Anki"
            )
        now = time.time()
        stats = col.card_stats_data(cid)
        factor = 0.9 ** (-1 / decay) - 1
        expected = (1 + factor * (now - last) / 86_400 / stability) ** -decay
        if not stats.HasField("fsrs_retrievability") or not close(
            stats.fsrs_retrievability, expected, 1e-4
        ):
            problems.append(
                f"{row['id']}: retrievability now {expected:.6f} by FSRS's curve,"
                f" {stats.fsrs_retrievability:.6f} in Anki"
            )
        else:
            checked["retrievability"] += 1
    for did in {col.get_card(cid).did for cid in by_guid.values()}:
        preset = col.decks.config_dict_for_deck_id(did)
        checked["presets"] += 1
        params = preset.get("fsrsParams6", [])
        # The preset's weights are 32-bit floats.
        if len(params) != 21 or not all(close(a, b) for a, b in zip(params, weights)):
            problems.append(f"deck {did}: weights {params} in Anki, {weights} in quiz")
        if not close(preset.get("desiredRetention", 0), DESIRED_RETENTION):
            problems.append(f"deck {did}: desired retention {preset.get('desiredRetention')}")
    col.close()
    figures = {"cards": len(export["cards"]), "checked": checked, "problems": len(problems)}
    for problem in problems[:40]:
        print(problem, file=sys.stderr)
    print("RESULT " + json.dumps(figures, sort_keys=True))
    return 1 if problems or checked["memory"] == 0 else 0


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    sys.exit(main(*sys.argv[1:]))
