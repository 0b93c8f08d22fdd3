#!/usr/bin/env python3
"""Writes sm2-reference.json, beside this script: what the `sm-2` package 0.3.0 (Open Spaced
Repetition) computes for random grade sequences, for the Scheduler tests to match.

The file lives here rather than in Tests/SchedulerTests, where SwiftPM would warn about a file
that Package.swift does not declare as a resource.

Each sequence reviews one new card, always on the day it is due (so the package's due date, the
old due date plus the interval, equals quiz's, the review day plus the interval), starting at
START. The grades come from a fixed seed, each sequence drawing from one of a few mixes so that
intervals grow long, ease factors reach their floor of 1.3, and failures reset cards.

Run it with the package installed:

    python3 -m venv /tmp/sm2venv && /tmp/sm2venv/bin/pip install sm-2==0.3.0
    /tmp/sm2venv/bin/python Scripts/sm2-reference/generate.py

The output is the same on every run.
"""

import json
import random
import struct
import sys
from datetime import datetime, timezone
from pathlib import Path

from sm_2 import Card, Scheduler

SEED = 20261129
SEQUENCES = 200
START = datetime(2026, 1, 1, tzinfo=timezone.utc)
# Weights of grades 0…5 for each kind of sequence.
MIXES = {
    "uniform": [1, 1, 1, 1, 1, 1],
    "good": [1, 1, 1, 2, 6, 6],
    "hard": [1, 1, 1, 8, 3, 1],
    "perfect": [0, 0, 1, 1, 3, 12],
}
# A fifth kind, "struggling", mostly gives a 3 and then the 4 that clears the extra review it
# calls for, so that the ease factor falls to its floor of 1.3 within 30 grades.
STRUGGLING_WEIGHTS = [1, 1, 1, 12, 1, 0]
EXTRA_REVIEW_WEIGHTS = [1, 1, 1, 1, 12, 0]
OUTPUT = Path(__file__).resolve().parent / "sm2-reference.json"


def bits(value: float) -> str:
    """The IEEE 754 bit pattern of a double, as 16 hex digits."""
    return struct.pack(">d", value).hex()


def sequence(rng: random.Random) -> dict:
    mix = rng.choice(sorted(MIXES) + ["struggling"])
    length = rng.randint(20, 30) if mix == "struggling" else rng.randint(1, 30)
    card = Card(card_id=1, due=START)
    steps = []
    for _ in range(length):
        if mix == "struggling":
            weights = EXTRA_REVIEW_WEIGHTS if card.needs_extra_review else STRUGGLING_WEIGHTS
        else:
            weights = MIXES[mix]
        grade = rng.choices(range(6), weights=weights)[0]
        try:
            card, _ = Scheduler.review_card(card, grade, review_datetime=card.due)
        except OverflowError:
            # Past year 9999, which Python's datetime cannot hold: the sequence ends here.
            break
        steps.append(
            [grade, card.n, card.EF, bits(card.EF), card.I, card.due.date().isoformat(),
             card.needs_extra_review]
        )
    return {"mix": mix, "steps": steps}


def main() -> None:
    rng = random.Random(SEED)
    sequences = [sequence(rng) for _ in range(SEQUENCES)]
    header = {
        "package": "sm-2 0.3.0",
        "generator": "Scripts/sm2-reference/generate.py",
        "seed": SEED,
        "start": START.date().isoformat(),
        "columns": ["grade", "n", "EF", "EF bits", "I", "due", "needs_extra_review"],
    }
    # One sequence a line, so that a diff of the file shows which sequences changed.
    lines = [json.dumps(sequence) for sequence in sequences]
    text = json.dumps(header)[:-1] + ', "sequences": [\n' + ",\n".join(lines) + "\n]}\n"
    OUTPUT.write_text(text)
    print(f"Wrote {sum(len(s['steps']) for s in sequences)} steps in {SEQUENCES} sequences "
          f"to {OUTPUT}", file=sys.stderr)


if __name__ == "__main__":
    main()
