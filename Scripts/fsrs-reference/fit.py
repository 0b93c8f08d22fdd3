#!/usr/bin/env python3
"""Writes fit histories and what FSRS's reference optimizer makes of them, for the Swift
optimizer's tests (Sources/Scheduler/FSRS/FSRSOptimizer*.swift) and its 100k-review comparison.

The reference is fsrs-rs (Open Spaced Repetition's Rust optimizer, the one Anki runs), through
its Python binding `fsrs-rs-python`; py-fsrs 6.3.2 schedules the simulated reviews. Both are
references only, never dependencies of quiz:

    python3 -m venv /tmp/fit-venv
    /tmp/fit-venv/bin/pip install fsrs==6.3.2 fsrs-rs-python==0.9.3
    /tmp/fit-venv/bin/python Scripts/fsrs-reference/fit.py            # fit-small.txt, committed
    /tmp/fit-venv/bin/python Scripts/fsrs-reference/fit.py --large /tmp/fit-100k.txt [--seed N]

The first writes fit-small.txt beside this script (about 8,500 reviews), which the Swift tests
read. The second writes a history of 100,001 reviews wherever it is told (another learner's, of
another size, with another seed); the Swift figures for it come from the test
`FSRSOptimizerLargeTests`, which runs only when QUIZ_FSRS_FIT_HISTORY names such a file (see
that test for the command). Histories are the same on every run (fixed
seeds, no clock); the reference's fit times are of course this machine's.

Each history is one simulated learner whose memory follows FSRS-6 with its own weights ("true"
below, drawn around the defaults): cards are introduced over the first months, each reviewed when
py-fsrs's default scheduler (fuzz on) makes it due, a little late or early as a person is, until
the end of the period. A review is recalled with the probability the learner's true memory gives
(whole and fractional days count), and recalled reviews are rated Hard, Good or Easy at random.

The training items are built as Swift's `FSRSTrainingSet` builds them, which is how Anki's
`fsrs_items_for_training` builds them from a review log where every card starts new: per card,
one item for each review after the first whose `delta_t` (whole days since the previous review)
is more than 0, holding the card's reviews up to it; items sorted by the moment of their last
review. Days here are py-fsrs's: whole 24-hour periods since the previous review.

The file is text, one record a line, fields separated by one space; `#` starts a comment line.

    days elapsed
        How delta_t is counted (only `elapsed` so far).
    items N
        How many training items the history gives.
    outliers FIRST TRAINING
        What fsrs-rs's `filter_outlier` leaves: the items of first intervals that fit the first
        stabilities, and the items trained on.
    p NAME W0 … W20 LOGLOSS RMSE
        A set of weights and fsrs-rs's `FSRS.evaluate` of them on all the items: `default`
        (FSRS-6's), `true` (the learner's), `pretrained` (`compute_parameters` with no epoch:
        the first stabilities fitted, the rest the defaults), `fitted` (`compute_parameters`
        with the card of each item, as Anki and Swift batch by card), `fitted-plain` (without
        card ids).
    time NAME SECONDS
        The shortest of three runs of `compute_parameters`, for `fitted` and `fitted-plain`.
    c START R GAP R GAP …
        A card: its first review at START (seconds since 1970) rated R (1 Again … 4 Easy), then
        each later review GAP whole seconds after the one before, rated R. The first GAP is 0.
"""

import argparse
import math
import random
import sys
import time
from datetime import datetime, timedelta, timezone
from importlib.metadata import version
from pathlib import Path

import fsrs.scheduler
from fsrs import Card, Rating, Scheduler
from fsrs_rs_python import (
    DEFAULT_PARAMETERS,
    FSRS,
    FSRSItem,
    FSRSReview,
    TrainingConfig,
    filter_outlier,
)

PY_FSRS = "6.3.2"
FSRS_RS_PYTHON = "0.9.3"
SMALL = Path(__file__).resolve().parent / "fit-small.txt"
EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)
START = datetime(2025, 1, 6, 8, 0, tzinfo=timezone.utc)
DAY = 86_400

# fsrs-rs's `clip_parameters` bounds (short-term on, one relearning step): the true weights stay
# within what the optimizer can reach.
LOWER = [0.001] * 4 + [1, 0.001, 0.001, 0.001, 0, 0, 0.001, 0.001, 0.001, 0.001, 0, 0, 1, 0, 0]
LOWER += [0.01, 0.1]
UPPER = [100] * 4 + [10, 4, 4, 0.75, 4.5, 0.8, 3.5, 5, 0.25, 0.9, 4, 1, 6, 2, 2, 0.8, 0.8]

FIRST_RATINGS = [0.25, 0.10, 0.55, 0.10]  # Again, Hard, Good, Easy
RECALLED_RATINGS = [0.15, 0.75, 0.10]  # Hard, Good, Easy


class Learner:
    """One simulated person: true weights, habits, and the random draws behind both."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.true_weights = [
            min(max(w * math.exp(self.rng.gauss(0, 0.25)), low), high)
            for w, low, high in zip(DEFAULT_PARAMETERS, LOWER, UPPER)
        ]
        # Short-term weights that grow stability on the same day would make learning steps
        # strengthen memory without end; keep the default's shape.
        self.true_weights[17] = min(self.true_weights[17], 0.8)
        self.truth = Scheduler(parameters=self.true_weights, enable_fuzzing=False)
        self.schedule = Scheduler(enable_fuzzing=True)
        fsrs.scheduler.random = self.rng.random

    def recall_probability(self, card: Card, now: datetime) -> float:
        if card.last_review is None:
            return 0.0
        days = max((now - card.last_review).total_seconds() / DAY, 0)
        decay = -self.true_weights[20]
        factor = 0.9 ** (1 / decay) - 1
        return (1 + factor * days / card.stability) ** decay

    def delay(self, due: datetime) -> datetime:
        """When the learner actually reviews a card due at `due`."""
        pick = self.rng.random()
        if pick < 0.05:  # early, by up to a day
            return due - timedelta(seconds=self.rng.uniform(0, DAY))
        if pick < 0.75:  # later the same day
            return due + timedelta(seconds=self.rng.uniform(0, DAY / 3))
        return due + timedelta(seconds=self.rng.expovariate(1 / (2.5 * DAY)))

    def rating(self, true_card: Card, now: datetime) -> Rating:
        if true_card.last_review is None:
            return Rating(self.rng.choices(range(1, 5), FIRST_RATINGS)[0])
        if self.rng.random() >= self.recall_probability(true_card, now):
            return Rating.Again
        return Rating(self.rng.choices(range(2, 5), RECALLED_RATINGS)[0])

    def card(self, introduced: datetime, end: datetime) -> list[tuple[int, int]]:
        """The reviews of one card, as (seconds since 1970, rating)."""
        # An explicit id: py-fsrs would otherwise sleep a millisecond to make one from the clock.
        shown, true_card = Card(card_id=1, due=introduced), Card(card_id=1, due=introduced)
        now, reviews = introduced, []
        while now < end:
            rating = self.rating(true_card, now)
            reviews.append((int((now - EPOCH).total_seconds()), int(rating)))
            moment = EPOCH + timedelta(seconds=reviews[-1][0])
            shown, _ = self.schedule.review_card(shown, rating, moment)
            true_card, _ = self.truth.review_card(true_card, rating, moment)
            now = max(self.delay(shown.due), moment + timedelta(seconds=1))
        return reviews

    def history(self, cards: int, introduce_days: int, days: int) -> list[list[tuple[int, int]]]:
        end = START + timedelta(days=days)
        result = []
        for _ in range(cards):
            introduced = START + timedelta(seconds=self.rng.uniform(0, introduce_days * DAY))
            result.append(self.card(introduced, end))
        result.sort(key=lambda reviews: reviews[0][0])
        return result


def training_items(history: list[list[tuple[int, int]]]) -> tuple[list[FSRSItem], list[int]]:
    """The items fsrs-rs trains on, and the card of each: see the module's comment."""
    keyed = []
    for card_index, reviews in enumerate(history):
        deltas = [0] + [(b[0] - a[0]) // DAY for a, b in zip(reviews, reviews[1:])]
        fsrs_reviews = [FSRSReview(rating, delta) for (_, rating), delta in zip(reviews, deltas)]
        for index in range(1, len(reviews)):
            if deltas[index] > 0:
                key = (reviews[index][0], card_index, index)
                keyed.append((key, card_index, fsrs_reviews[: index + 1]))
    keyed.sort(key=lambda entry: entry[0])
    return [FSRSItem(reviews) for _, _, reviews in keyed], [card for _, card, _ in keyed]


def timed_fit(items: list[FSRSItem], card_ids: list[int] | None) -> tuple[list[float], float]:
    best, parameters = math.inf, []
    for _ in range(3):
        started = time.perf_counter()
        parameters = FSRS(DEFAULT_PARAMETERS).compute_parameters(items, card_ids)
        best = min(best, time.perf_counter() - started)
    return parameters, best


def write(path: Path, learner: Learner, history: list[list[tuple[int, int]]]) -> None:
    items, card_ids = training_items(history)
    fitted, fitted_time = timed_fit(items, card_ids)
    pretrained = FSRS(DEFAULT_PARAMETERS).compute_parameters(
        items, card_ids, training_config=TrainingConfig(num_epochs=0)
    )
    first_intervals = [item for item in items if item.long_term_review_cnt() == 1]
    first, training = filter_outlier(first_intervals, items)
    plain, plain_time = timed_fit(items, None)
    reviews = sum(len(card) for card in history)
    lines = [
        f"# Written by fit.py with py-fsrs {version('fsrs')}"
        f" and fsrs-rs-python {version('fsrs-rs-python')}.",
        f"# {len(history)} cards, {reviews} reviews.",
        "days elapsed",
        f"items {len(items)}",
        f"outliers {len(first)} {len(training)}",
    ]
    for name, weights in [
        ("default", DEFAULT_PARAMETERS),
        ("true", learner.true_weights),
        ("pretrained", pretrained),
        ("fitted", fitted),
        ("fitted-plain", plain),
    ]:
        evaluation = FSRS(weights).evaluate(items)
        numbers = [repr(float(w)) for w in weights]
        numbers += [repr(evaluation.log_loss), repr(evaluation.rmse_bins)]
        lines.append(f"p {name} " + " ".join(numbers))
    lines.append(f"time fitted {fitted_time:.4f}")
    lines.append(f"time fitted-plain {plain_time:.4f}")
    for reviews_of_card in history:
        start = reviews_of_card[0][0]
        fields = [str(start)]
        previous = start
        for moment, rating in reviews_of_card:
            fields += [str(rating), str(moment - previous)]
            previous = moment
        lines.append("c " + " ".join(fields))
    path.write_text("\n".join(lines) + "\n")
    print(f"{path}: {len(history)} cards, {reviews} reviews, {len(items)} items", file=sys.stderr)
    print("\n".join(line for line in lines if not line.startswith("c ")), file=sys.stderr)


def main() -> None:
    for package, wanted in [("fsrs", PY_FSRS), ("fsrs-rs-python", FSRS_RS_PYTHON)]:
        if version(package) != wanted:
            sys.exit(f"fit.py needs {package} {wanted}, not {version(package)}")
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--large", type=Path, help="write the 100k-review history there instead")
    parser.add_argument("--seed", type=int, default=20260602, help="another learner, for --large")
    arguments = parser.parse_args()
    if arguments.large:
        learner = Learner(seed=arguments.seed)
        write(arguments.large, learner, learner.history(cards=6_700, introduce_days=300, days=365))
    else:
        learner = Learner(seed=20260601)
        write(SMALL, learner, learner.history(cards=800, introduce_days=120, days=300))


if __name__ == "__main__":
    main()
