#!/usr/bin/env python3
"""Anki's own scheduler on quiz's benchmark cards: a measuring stick for quiz-bench, never a
dependency of quiz.

    python3 anki_bench.py setup
        Makes the virtual environment /tmp/anki-venv (once) and installs anki 26.9.* into it,
        or the closest 26.x that installs. Prints "PYTHON <venv python> <anki version>".
    <venv python> anki_bench.py build --cards cards.json --collection c.anki2 --reviews N
        A new collection with one Basic note per card (front and back as quiz-bench wrote them),
        each card's scheduling set from its quiz state, and N review-log entries.
    <venv python> anki_bench.py first-card --collection c.anki2
        Opens the collection, takes the first card with col.sched.getCard() and prints
        "FIRST-CARD <id>" at once: quiz-bench times this process from its spawn.
    <venv python> anki_bench.py answer --collection c.anki2 --count N
        Answers N cards (getCard, then answerCard with Good) in one process and prints
        "RESULT {json}" with the median milliseconds of each.

The collection is changed by `answer`: quiz-bench runs it on a copy.
"""

import argparse
import json
import os
import sys
import time

VENV = os.environ.get("ANKI_VENV", "/tmp/anki-venv")
WANTED = ["anki==26.9.*", "anki>=26,<27"]


def setup() -> int:
    import subprocess

    python = os.path.join(VENV, "bin", "python")
    if not os.path.exists(python):
        made = subprocess.run(
            [sys.executable, "-m", "venv", VENV], capture_output=True, text=True
        )
        if made.returncode != 0:
            sys.stderr.write(f"python3 -m venv {VENV} failed:\n{made.stdout}{made.stderr}")
            return 1
    probe = [python, "-c", "from anki.buildinfo import version; print(version)"]
    found = subprocess.run(probe, capture_output=True, text=True)
    if found.returncode != 0 or not found.stdout.startswith("26."):
        failures = []
        for requirement in WANTED:
            installed = subprocess.run(
                [python, "-m", "pip", "install", "--quiet", requirement],
                capture_output=True,
                text=True,
            )
            if installed.returncode == 0:
                break
            failures.append(f"pip install '{requirement}':\n{installed.stdout}{installed.stderr}")
        else:
            sys.stderr.write("the anki package could not be installed:\n" + "\n".join(failures))
            return 1
        found = subprocess.run(probe, capture_output=True, text=True)
        if found.returncode != 0:
            sys.stderr.write(f"anki installed but does not import:\n{found.stderr}")
            return 1
    print(f"PYTHON {python} {found.stdout.strip()}")
    return 0


def build(cards_path: str, collection_path: str, reviews: int) -> int:
    from anki.collection import AddNoteRequest, Collection

    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(collection_path + suffix):
            os.remove(collection_path + suffix)
    with open(cards_path, encoding="utf-8") as file:
        cards = json.load(file)["cards"]

    started = time.perf_counter()
    col = Collection(collection_path)
    model = col.models.by_name("Basic")
    deck = col.decks.id("Default")
    requests = []
    for card in cards:
        note = col.new_note(model)
        note["Front"] = card["front"].replace("\n", "<br>")
        note["Back"] = card["back"].replace("\n", "<br>")
        requests.append(AddNoteRequest(note=note, deck_id=deck))
    col.add_notes(requests)

    today = col.sched.today
    rows = col.db.all("select c.id from cards c join notes n on n.id = c.nid order by n.id")
    updates = []
    revlog = []
    moment = int(time.time() * 1000) - 400 * 86_400_000
    with_state = [(row[0], card["state"]) for row, card in zip(rows, cards) if "state" in card]
    per_card = max(1, reviews // max(1, len(with_state)))
    for index, (card_id, state) in enumerate(with_state):
        interval = max(1, int(state["interval"]))
        factor = int(round(state["ease"] * 1000))
        updates.append(
            (
                today + int(state["dueIn"]),
                interval,
                factor,
                int(state["reviews"]),
                int(state["lapses"]),
                card_id,
            )
        )
        count = int(state["reviews"]) if reviews else 0
        for _ in range(count):
            moment += 1
            revlog.append((moment, card_id, -1, 3, interval, interval, factor, 9_500, 1))
    col.db.executemany(
        "update cards set type = 2, queue = 2, due = ?, ivl = ?, factor = ?, reps = ?,"
        " lapses = ?, left = 0 where id = ?",
        updates,
    )
    col.db.executemany(
        "insert into revlog (id, cid, usn, ease, ivl, lastIvl, factor, time, type)"
        " values (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        revlog,
    )
    col.close()

    col = Collection(collection_path)
    counts = col.sched.counts()
    total = col.card_count()
    logged = col.db.scalar("select count() from revlog")
    col.close()
    size = os.path.getsize(collection_path)
    print(
        f"{total} cards ({len(with_state)} with a review state, {per_card} reviews each on"
        f" average), {logged} review-log entries, due today (new, learning, review) = {counts},"
        f" {size / 1_048_576:.1f} MiB, built in {time.perf_counter() - started:.1f} s"
    )
    return 0


def first_card(collection_path: str) -> int:
    from anki.collection import Collection

    col = Collection(collection_path)
    card = col.sched.getCard()
    print(f"FIRST-CARD {card.id if card else 'none'}", flush=True)
    col.close()
    return 0 if card else 1


def answer(collection_path: str, count: int) -> int:
    import statistics

    from anki.collection import Collection

    col = Collection(collection_path)
    before = col.db.scalar("select count() from revlog")
    get_times, answer_times = [], []
    for _ in range(count):
        start = time.perf_counter()
        card = col.sched.getCard()
        got = time.perf_counter()
        if card is None:
            break
        col.sched.answerCard(card, 3)
        done = time.perf_counter()
        get_times.append((got - start) * 1000)
        answer_times.append((done - got) * 1000)
    after = col.db.scalar("select count() from revlog")
    col.close()
    both = [a + b for a, b in zip(get_times, answer_times)]
    print(
        "RESULT "
        + json.dumps(
            {
                "answered": float(len(answer_times)),
                "logged": float(after - before),
                "getCard_ms_median": statistics.median(get_times),
                "answerCard_ms_median": statistics.median(answer_times),
                "both_ms_median": statistics.median(both),
            }
        )
    )
    return 0 if len(answer_times) == count else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=["setup", "build", "first-card", "answer"])
    parser.add_argument("--cards")
    parser.add_argument("--collection")
    parser.add_argument("--reviews", type=int, default=0)
    parser.add_argument("--count", type=int, default=100)
    arguments = parser.parse_args()
    if arguments.mode == "setup":
        return setup()
    if arguments.mode == "build":
        return build(arguments.cards, arguments.collection, arguments.reviews)
    if arguments.mode == "first-card":
        return first_card(arguments.collection)
    return answer(arguments.collection, arguments.count)


if __name__ == "__main__":
    sys.exit(main())
