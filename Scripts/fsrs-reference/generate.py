#!/usr/bin/env python3
"""Writes fsrs-reference.txt, beside this script: what py-fsrs 6.3.2 (`fsrs` on PyPI, Open Spaced
Repetition) computes for random review sequences, for the Scheduler's FSRS tests to match.

Run it with the package installed (py-fsrs is a reference only, never a dependency of quiz):

    python3 -m venv /tmp/fsrs-venv && /tmp/fsrs-venv/bin/pip install fsrs==6.3.2
    /tmp/fsrs-venv/bin/python Scripts/fsrs-reference/generate.py

The output is the same on every run (fixed seeds, no clock).

Every sequence starts from a new card and reviews it with random ratings at moments in whole
milliseconds, as quiz's files keep them: on time, early or late relative to the due moment,
minutes to months after the last review, on either side of a whole number of days, and now and
then a little before the last review (a clock set back). Most sequences use py-fsrs's default
scheduler without fuzz; some use random parameters within py-fsrs's bounds (other learning steps,
none at all, short maximum intervals). Where fuzz is on, py-fsrs's `random()` is replaced by a
seeded draw whose value the file records, so that the Swift tests replay the same draws.

A sequence ends early where py-fsrs cannot go on: a due moment past the year 9999, which Python's
datetime cannot hold.

The file is text, one record a line, fields separated by one space; `#` starts a comment line.

    p W0 … W20 RETENTION MAXIMUM FUZZ LEARNING RELEARNING
        The scheduler for the sequences that follow: the 21 weights, the desired retention, the
        maximum interval in days, fuzz (0 or 1), and the steps in whole seconds, comma-separated,
        or `-` for none.
    c START
        A new card, created (and due) at START, milliseconds since 1970.
    r RATING GAP DRAW STATE STABILITY DIFFICULTY DUE
        A review with RATING (1 Again … 4 Easy), GAP milliseconds after the previous review (after
        START for the first one), then what py-fsrs returns. DRAW is the value `random()` gave
        the fuzz, or `-` if the review drew none. STATE is `L` (learning), `R` (review) or `X`
        (relearning), followed by the step for L and X. STABILITY and DIFFICULTY are Python's
        repr of the floats (they read back exactly). DUE is the due moment minus the review
        moment: `Nd` for N whole days, otherwise milliseconds.
    t GAP RETRIEVABILITY
        `get_card_retrievability` of the card as the sequence left it, GAP milliseconds after its
        last review.
"""

import random
import sys
from datetime import datetime, timedelta, timezone
from importlib.metadata import version
from pathlib import Path

import fsrs.scheduler
from fsrs import Card, Rating, Scheduler, State

VERSION = "6.3.2"
SEED = 20260601
OUTPUT = Path(__file__).resolve().parent / "fsrs-reference.txt"
EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)
DAY_MS = 86_400_000

# How many sequences each kind of scheduler gets.
DEFAULT_PLAIN = 7_000
DEFAULT_FUZZED = 1_500
RANDOM_SCHEDULERS = 40
RANDOM_SEQUENCES_EACH = 40

# Weights of the ratings Again, Hard, Good, Easy for each kind of sequence.
MIXES = [
    [1, 1, 1, 1],  # uniform
    [1, 1, 6, 2],  # mostly remembered
    [4, 3, 3, 0],  # struggling
    [0, 1, 3, 6],  # easy: intervals grow to the maximum
    [1, 0, 8, 1],  # Anki's usual pattern
]


class Draws:
    """Stands in for `random.random` inside fsrs.scheduler, recording what it returned."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.taken: list[float] = []

    def __call__(self) -> float:
        value = self.rng.random()
        self.taken.append(value)
        return value


def milliseconds(moment: datetime) -> int:
    delta = moment - EPOCH
    return (delta.days * 86_400 + delta.seconds) * 1000 + delta.microseconds // 1000


def moment(ms: int) -> datetime:
    return EPOCH + timedelta(milliseconds=ms)


def random_scheduler(rng: random.Random) -> Scheduler:
    """Weights uniform within py-fsrs's bounds (some at a bound), and other steps and limits."""
    lower = fsrs.scheduler.LOWER_BOUNDS_PARAMETERS
    upper = fsrs.scheduler.UPPER_BOUNDS_PARAMETERS
    weights = []
    for low, high in zip(lower, upper):
        pick = rng.random()
        if pick < 0.05:
            weights.append(float(low))
        elif pick < 0.1:
            weights.append(float(high))
        else:
            weights.append(round(rng.uniform(low, high), 4))
    step_choices = [1, 30, 60, 90, 300, 600, 1_200, 3_600, 7_200, 86_400, 172_800]

    def steps(most: int) -> list[timedelta]:
        chosen = rng.sample(step_choices, rng.randint(0, most))
        return [timedelta(seconds=seconds) for seconds in chosen]

    return Scheduler(
        parameters=weights,
        desired_retention=round(rng.uniform(0.7, 0.99), 3),
        learning_steps=steps(4),
        relearning_steps=steps(3),
        maximum_interval=rng.choice([1, 2, 3, 5, 10, 30, 100, 365, 1_000, 36_500]),
        enable_fuzzing=rng.random() < 0.5,
    )


def scheduler_line(scheduler: Scheduler) -> str:
    def steps(values: tuple[timedelta, ...]) -> str:
        return ",".join(str(int(step.total_seconds())) for step in values) or "-"

    return " ".join(
        ["p"]
        + [repr(float(weight)) for weight in scheduler.parameters]
        + [
            repr(scheduler.desired_retention),
            str(scheduler.maximum_interval),
            "1" if scheduler.enable_fuzzing else "0",
            steps(scheduler.learning_steps),
            steps(scheduler.relearning_steps),
        ]
    )


def gap(rng: random.Random, card: Card) -> int:
    """Milliseconds from the card's last review (or creation) to its next review."""
    last = milliseconds(card.last_review or card.due)
    scheduled = milliseconds(card.due) - last
    pick = rng.random()
    if pick < 0.35:
        # Early or late relative to the due moment, in proportion to the interval.
        return max(0, round(scheduled * rng.uniform(0.1, 3.0)))
    if pick < 0.55:
        # On time, or within a few seconds of it.
        return scheduled + rng.randint(-5_000, 5_000)
    if pick < 0.85:
        # Anything from a minute to half a year, spread evenly on a log scale.
        return round(60_000 * (180 * 1_440) ** rng.random()) + rng.randint(0, 999)
    if pick < 0.98:
        # A whole number of days, give or take a millisecond: where `.days` changes.
        return rng.randint(0, 4) * DAY_MS + rng.choice([-1, 0, 1])
    # A review before the last one, as with a clock set back.
    return -rng.randint(1, 2 * 3_600_000)


def state_text(card: Card) -> str:
    if card.state == State.Review:
        return "R"
    return ("L" if card.state == State.Learning else "X") + str(card.step)


def due_text(offset: int) -> str:
    return f"{offset // DAY_MS}d" if offset % DAY_MS == 0 else str(offset)


def sequence(rng: random.Random, scheduler: Scheduler, draws: Draws) -> list[str]:
    start = rng.randint(milliseconds(datetime(2020, 1, 1, tzinfo=timezone.utc)),
                        milliseconds(datetime(2030, 1, 1, tzinfo=timezone.utc)))
    card = Card(card_id=1, due=moment(start))
    lines = [f"c {start}"]
    weights = rng.choice(MIXES)
    pick = rng.random()
    length = rng.randint(1, 5) if pick < 0.8 else rng.randint(6, 14) if pick < 0.96 else \
        rng.randint(15, 30)
    previous = start
    for _ in range(length):
        rating = Rating(rng.choices([1, 2, 3, 4], weights=weights)[0])
        at = previous + gap(rng, card)
        if at < 0:
            break
        draws.taken.clear()
        try:
            card, _ = scheduler.review_card(card, rating, review_datetime=moment(at))
        except OverflowError:
            break
        assert len(draws.taken) <= 1
        draw = repr(draws.taken[0]) if draws.taken else "-"
        due = milliseconds(card.due) - at
        lines.append(f"r {int(rating)} {at - previous} {draw} {state_text(card)} "
                     f"{card.stability!r} {card.difficulty!r} {due_text(due)}")
        previous = at
    if card.last_review is not None:
        later = rng.choice([0, rng.randint(0, 3 * DAY_MS), rng.randint(0, 400 * DAY_MS)])
        retrievability = scheduler.get_card_retrievability(
            card, current_datetime=moment(previous + later))
        lines.append(f"t {later} {retrievability!r}")
    return lines


def main() -> None:
    if version("fsrs") != VERSION:
        sys.exit(f"py-fsrs {version('fsrs')} is installed; the vectors are py-fsrs {VERSION}'s.")
    rng = random.Random(SEED)
    draws = Draws(SEED + 1)
    # `from random import random` bound the name in fsrs.scheduler; replace it there.
    fsrs.scheduler.random = draws
    blocks = [
        (Scheduler(enable_fuzzing=False), DEFAULT_PLAIN),
        (Scheduler(enable_fuzzing=True), DEFAULT_FUZZED),
    ] + [(random_scheduler(rng), RANDOM_SEQUENCES_EACH) for _ in range(RANDOM_SCHEDULERS)]
    out = [
        f"# py-fsrs {VERSION}, written by Scripts/fsrs-reference/generate.py (seed {SEED});",
        "# the format is described at the top of that script.",
    ]
    count = 0
    reviews = 0
    for scheduler, sequences in blocks:
        out.append(scheduler_line(scheduler))
        for _ in range(sequences):
            lines = sequence(rng, scheduler, draws)
            out.extend(lines)
            count += 1
            reviews += sum(1 for line in lines if line.startswith("r "))
    OUTPUT.write_text("\n".join(out) + "\n")
    print(f"Wrote {reviews} reviews in {count} sequences to {OUTPUT} "
          f"({OUTPUT.stat().st_size} bytes)", file=sys.stderr)


if __name__ == "__main__":
    main()
