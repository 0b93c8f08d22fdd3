#!/usr/bin/env python3
"""Legacy Anki packages (schema 11) for timing `quiz import` (docs/performance.md, issue 31).

    anki_import_packages.py KIND OUT.apkg [COUNT] [SIZE]

KIND: `lt` (one note whose field is 100,000 "<"), `cloze` (one cloze note of 20,000 "{{c1::"),
`one` (COUNT Basic cards in one deck), `many` (COUNT Basic cards over 100 decks), `big` (COUNT
notes of SIZE bytes of text whose note type is missing: only reading counts), `bigcards` (the
same notes as Basic cards in one deck: the whole import), `revlog` (COUNT Basic review cards in
one deck, each with SIZE review-log lines, a day apart: the review log imported as history).
Python's own sqlite3 and zipfile; the schema is AnkiPackageWriter's.
"""
import json
import os
import random
import re
import sqlite3
import sys
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
WRITER = os.path.join(HERE, "../../Sources/AnkiPackage/AnkiPackageWriter.swift")
SCHEMA = re.search(r'static let schema = """\n(.*?)"""', open(WRITER).read(), re.S).group(1)


def package(path, notes, cloze=False, notetype=1, reviews=0):
    """Writes `notes`, (deck name, fields), one card each, as a package at `path`."""
    database = path + ".db"
    if os.path.exists(database):
        os.remove(database)
    connection = sqlite3.connect(database)
    connection.executescript(SCHEMA)
    decks = {}
    for deck, _ in notes:
        decks.setdefault(deck, 1000 + len(decks))
    model = {
        "id": 1, "name": "Cloze" if cloze else "Basic", "type": 1 if cloze else 0, "sortf": 0,
        "flds": [{"name": "Front", "ord": 0}, {"name": "Back", "ord": 1}],
        "tmpls": [{"name": "Card 1", "ord": 0, "afmt": "{{Back}}",
                   "qfmt": "{{cloze:Front}}" if cloze else "{{Front}}"}],
    }
    connection.execute(
        "INSERT INTO col VALUES (1, 1700000000, 0, 0, 11, 0, 0, 0, '{}', ?, ?, '{}', '{}')",
        (json.dumps({"1": model}), json.dumps({str(i): {"id": i, "name": n} for n, i in decks.items()})))
    for index, (deck, fields) in enumerate(notes):
        connection.execute(
            "INSERT INTO notes VALUES (?, ?, ?, 0, -1, '', ?, '', 0, 0, '')",
            (index + 1, "g%d" % index, notetype, "\x1f".join(fields)))
        if reviews:
            connection.execute(
                "INSERT INTO cards VALUES (?, ?, ?, 0, 0, -1, 2, 2, ?, 30, 2500, ?, 0, 0, 0, 0, 0, '')",
                (index + 1, index + 1, decks[deck], 400, reviews))
            start = 1_600_000_000_000 + index * 1000
            connection.executemany(
                "INSERT INTO revlog VALUES (?, ?, 0, ?, 1, 0, 2500, 5000, ?)",
                [(start + day * 86_400_000, index + 1, 1 + (index + day) % 4 if day else 3,
                  0 if day == 0 else 1) for day in range(reviews)])
        else:
            connection.execute(
                "INSERT INTO cards VALUES (?, ?, ?, 0, 0, -1, 0, 0, ?, 0, 0, 0, 0, 0, 0, 0, 0, '')",
                (index + 1, index + 1, decks[deck], index + 1))
    connection.commit()
    connection.close()
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as archive:
        archive.write(database, "collection.anki21")
    os.remove(database)


def main():
    kind, out = sys.argv[1], sys.argv[2]
    count = int(sys.argv[3]) if len(sys.argv) > 3 else 200_000
    if kind == "lt":
        package(out, [("D", ["<" * 100_000 + " q", "a"])])
    elif kind == "cloze":
        package(out, [("D", ["{{c1::" * 20_000 + " q", "a"])], cloze=True)
    elif kind == "one":
        package(out, [("D", ["q%d" % i, "a%d" % i]) for i in range(count)])
    elif kind == "many":
        package(out, [("D%d" % (i % 100), ["q%d" % i, "a%d" % i]) for i in range(count)])
    elif kind in ("big", "bigcards"):
        size = int(sys.argv[4]) if len(sys.argv) > 4 else 5_000
        random.seed(1)
        line = lambda: "".join(random.choice("abcdefghijklmnopqrstuvwxyz ") for _ in range(64))
        notes = [("D", [line() * (size // 64), "a"]) for _ in range(count)]
        package(out, notes, notetype=2 if kind == "big" else 1)
    elif kind == "revlog":
        per_card = int(sys.argv[4]) if len(sys.argv) > 4 else 20
        package(out, [("D", ["q%d" % i, "a%d" % i]) for i in range(count)], reviews=per_card)
    else:
        sys.exit("unknown kind " + kind)


if __name__ == "__main__":
    main()
