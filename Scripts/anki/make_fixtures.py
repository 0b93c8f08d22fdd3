#!/usr/bin/env python3
"""Makes the Anki packages that Tests/AnkiPackageTests read, with Anki itself (the `anki` package).

    python3 Scripts/bench/anki_bench.py setup      # once: /tmp/anki-venv with anki 26.x
    /tmp/anki-venv/bin/python Scripts/anki/make_fixtures.py Tests/AnkiPackageTests/Fixtures

Writes, into the folder given:
    current.apkg  what Anki exports today (collection.anki21b, zstd, with the `meta` file)
    legacy.apkg   Anki's "support older Anki versions" export (collection.anki21, no `meta`)
    expected.json what the packages hold, for the tests to compare with

Both hold the same notes: a Basic note with HTML (code, a line break, entities, an image), a
Basic-and-reversed note, a Cloze note with two deletions, in two decks; one card reviewed (with
a review log), one suspended, the rest new. GUIDs, fields and review-log times are fixed, so a
rerun gives the same notes and reviews (Anki's own ids and file bytes differ).
"""

import json
import os
import sys
import tempfile

from anki.collection import AddNoteRequest, Collection, ExportAnkiPackageOptions
from anki.decks import DeckId

DAY_MS = 86_400_000


def build(folder: str) -> None:
    work = tempfile.mkdtemp(prefix="anki-fixtures-")
    col = Collection(os.path.join(work, "collection.anki2"))
    swift = col.decks.id("Swift::Basics")
    other = col.decks.id("Other")

    basic = col.models.by_name("Basic")
    reversed_ = col.models.by_name("Basic (and reversed card)")
    cloze = col.models.by_name("Cloze")

    picture = os.path.join(work, "pic.png")
    with open(picture, "wb") as file:
        file.write(b"\x89PNG\r\n\x1a\n")
    picture_name = col.media.add_file(picture)

    notes = []
    note = col.new_note(basic)
    note["Front"] = "What does <code>let</code> declare?<br>Say &amp; show &lt;one&gt;."
    note["Back"] = (
        "<div>A constant.</div><pre><code>let x = 1\nlet y = 2</code></pre>"
        f'<img src="{picture_name}">'
    )
    note.guid = "basicGUID1"
    note.tags = ["swift", "basics"]
    notes.append((note, swift))

    note = col.new_note(reversed_)
    note["Front"] = "Optional"
    note["Back"] = "A value or <b>nothing</b>"
    note.guid = "rev/GUID+2"
    notes.append((note, swift))

    note = col.new_note(cloze)
    note["Text"] = "{{c1::Structs}} are value types; {{c2::classes::kind}} are reference types."
    note["Back Extra"] = "Copy on assignment."
    note.guid = "clozeGUID3"
    notes.append((note, other))

    col.add_notes([AddNoteRequest(note=n, deck_id=DeckId(d)) for n, d in notes])

    today = col.sched.today
    first = col.db.scalar(
        "select c.id from cards c join notes n on n.id = c.nid where n.guid = 'basicGUID1'"
    )
    suspended = col.db.scalar(
        "select c.id from cards c join notes n on n.id = c.nid"
        " where n.guid = 'rev/GUID+2' and c.ord = 1"
    )
    # The reviewed card: three reviews (Good, Again, Good), now a review card due in 5 days.
    col.db.execute(
        "update cards set type = 2, queue = 2, due = ?, ivl = 6, factor = 2300, reps = 3,"
        " lapses = 1, left = 0 where id = ?",
        today + 5,
        first,
    )
    base = 1_700_000_000_000
    for offset, (ease, ivl, last, factor, kind) in enumerate(
        [(3, 1, 0, 2500, 0), (1, -600, 1, 2300, 1), (3, 6, 1, 2300, 2)]
    ):
        col.db.execute(
            "insert into revlog (id, cid, usn, ease, ivl, lastIvl, factor, time, type)"
            " values (?, ?, -1, ?, ?, ?, ?, ?, ?)",
            base + offset * DAY_MS,
            first,
            ease,
            ivl,
            last,
            factor,
            4_000 + offset,
            kind,
        )
    col.sched.suspend_cards([suspended])

    expected = {
        "today": today,
        "reviewed": {"guid": "basicGUID1", "interval": 6, "ease": 2.3, "reviews": 3,
                     "lapses": 1, "dueInDays": 5, "repetitions": 1},
        "suspended": {"guid": "rev/GUID+2", "ord": 1},
        "media": [picture_name],
        "cards": col.card_count(),
    }
    os.makedirs(folder, exist_ok=True)
    for name, legacy in (("current.apkg", False), ("legacy.apkg", True)):
        col.export_anki_package(
            out_path=os.path.join(folder, name),
            options=ExportAnkiPackageOptions(
                with_scheduling=True, with_deck_configs=False, with_media=True, legacy=legacy
            ),
            limit=None,
        )
    col.close()
    with open(os.path.join(folder, "expected.json"), "w", encoding="utf-8") as file:
        json.dump(expected, file, indent=2, sort_keys=True)
        file.write("\n")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    build(sys.argv[1])
