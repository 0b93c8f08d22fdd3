#!/usr/bin/env python3
"""Anki collections whose review log Anki's own scheduler wrote, for checking that `quiz import`
keeps the log as history FSRS can fit on (docs/scheduling.md, "Anki's review log").

    apt-get install faketime                      # libfaketime: Anki's clock, moved by the script
    python3 -m venv /tmp/anki-venv-h1
    /tmp/anki-venv-h1/bin/pip install anki==26.9.3 fsrs-rs-python==0.9.3
    swift build -c release
    /tmp/anki-venv-h1/bin/python Scripts/anki/make_review_history.py sample \\
        --quiz .build/release/quiz [--notes 600] [--days 365] [--seed 20261205]
    /tmp/anki-venv-h1/bin/python Scripts/anki/make_review_history.py fixture

`sample` simulates a learner for a year and compares the fits: Anki's own
(`compute_fsrs_params`, evaluated by Anki), fsrs-rs's (fsrs-rs-python's `compute_parameters` on
the items quiz makes of the log) and quiz's (`quiz import` of the exported package, then
`quiz fsrs fit --json`), each set of weights evaluated by fsrs-rs on the same items. On a few
thousand items a fit depends on the order of its batches by more than 1% (either optimizer's),
so fsrs-rs and quiz each fit with six seeds and their mean log losses must be within 1%. It
prints a table and writes it, with the package, under --work (default /tmp/anki-history).

`fixture` writes Tests/AnkiPackageTests/Fixtures/history.apkg, a few notes whose log holds each
kind of line (learning, review, relearning, a filtered deck's answers with and without
rescheduling, a set due date, a reset), and history.json beside it: what quiz's import must make
of the log, and Anki's own count of FSRS items (each day's reviews ten minutes later than the
day before's, so that Anki's days and quiz's 24-hour periods agree). The package is Anki's export
less the stand-in collection it adds for older versions, to stay a few KB.

How it works: the whole process runs under libfaketime (the script starts itself again with it
preloaded), whose clock is read from a file the script writes before each step, so that Anki's
scheduler (its Rust backend reads the system clock) schedules and logs every answer at the
simulated moment. The learner is simulated as in Scripts/fsrs-reference/fit.py: its memory
follows FSRS-6 with weights of its own drawn around the defaults, each review is recalled with
the probability that memory gives, recalled reviews are rated Hard, Good or Easy at random, a
new card's first answer is Again a quarter of the time. Anki schedules with its defaults (SM-2,
learning steps 1 and 10 minutes, relearning 10 minutes), 4 new cards a day; the learner studies
most mornings and skips a day now and then. Everything is seeded: the same arguments give the
same log (Anki's card and note ids come from the faked clock too).
"""

import argparse
import json
import math
import os
import random
import shutil
import sqlite3
import subprocess
import sys
import zipfile
from datetime import datetime, timedelta, timezone
from pathlib import Path

FAKETIME = "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1"
HERE = Path(__file__).resolve().parent
FIXTURES = HERE.parent.parent / "Tests/AnkiPackageTests/Fixtures"
DAY = 86_400
START = datetime(2025, 1, 6, 8, 0, tzinfo=timezone.utc)
FIRST_RATINGS = [0.25, 0.10, 0.55, 0.10]  # Again, Hard, Good, Easy
RECALLED_RATINGS = [0.15, 0.75, 0.10]  # Hard, Good, Easy


def under_faketime() -> None:
    """Starts this script again with libfaketime preloaded, its clock read from a file."""
    if os.environ.get("QUIZ_ANKI_FAKETIME"):
        return
    if not os.path.exists(FAKETIME):
        sys.exit(f"{FAKETIME} is missing: apt-get install faketime")
    clock = Path(os.environ.get("TMPDIR", "/tmp")) / f"anki-clock-{os.getpid()}"
    clock.write_text(START.strftime("%Y-%m-%d %H:%M:%S") + "\n")
    env = dict(os.environ, TZ="UTC", LD_PRELOAD=FAKETIME, FAKETIME_NO_CACHE="1")
    env.update(FAKETIME_TIMESTAMP_FILE=str(clock), QUIZ_ANKI_FAKETIME=str(clock))
    code = subprocess.call([sys.executable, *sys.argv], env=env)
    clock.unlink(missing_ok=True)
    sys.exit(code)


class Clock:
    """The faked clock: what libfaketime gives every process that reads the file."""

    def __init__(self) -> None:
        self.file = Path(os.environ["QUIZ_ANKI_FAKETIME"])
        self.now = START

    def set(self, moment: datetime) -> None:
        self.now = moment
        self.file.write_text(moment.strftime("%Y-%m-%d %H:%M:%S") + "\n")

    def advance(self, seconds: float) -> None:
        self.set(self.now + timedelta(seconds=max(1, round(seconds))))


class Learner:
    """One simulated person's memory, as in Scripts/fsrs-reference/fit.py."""

    def __init__(self, seed: int) -> None:
        from fsrs_rs_python import DEFAULT_PARAMETERS, FSRS

        self.rng = random.Random(seed)
        self.weights = [w * math.exp(self.rng.gauss(0, 0.2)) for w in DEFAULT_PARAMETERS]
        self.weights[17] = min(self.weights[17], 0.8)
        self.weights[20] = min(max(self.weights[20], 0.1), 0.8)
        self.model = FSRS(self.weights)
        self.memory = {}  # card id: (MemoryState, last review moment)

    def recall(self, card: int, now: datetime) -> float:
        memory, last = self.memory[card]
        days = max((now - last).total_seconds() / DAY, 0)
        decay = -self.weights[20]
        factor = 0.9 ** (1 / decay) - 1
        return (1 + factor * days / memory.stability) ** decay

    def answer(self, card: int, now: datetime) -> int:
        """The button, 1 Again … 4 Easy, and the learner's memory updated by it."""
        if card not in self.memory:
            rating = self.rng.choices(range(1, 5), FIRST_RATINGS)[0]
            state, elapsed = None, 0
        else:
            state, last = self.memory[card]
            elapsed = max(0, (now.date() - last.date()).days)
            recalled = self.rng.random() < self.recall(card, now)
            rating = self.rng.choices(range(2, 5), RECALLED_RATINGS)[0] if recalled else 1
        states = self.model.next_states(state, 0.9, elapsed)
        memory = [states.again, states.hard, states.good, states.easy][rating - 1].memory
        self.memory[card] = (memory, now)
        return rating


def new_collection(path: Path, notes: int, new_per_day: int):
    from anki.collection import AddNoteRequest, Collection
    from anki.decks import DeckId

    col = Collection(str(path))
    deck = col.decks.id("History")
    config = col.decks.config_dict_for_deck_id(deck)
    config["new"]["perDay"] = new_per_day
    config["rev"]["perDay"] = 9999
    col.decks.save(config)
    basic = col.models.by_name("Basic")
    requests = []
    for index in range(notes):
        note = col.new_note(basic)
        note["Front"] = f"Question {index + 1}"
        note["Back"] = f"Answer {index + 1}"
        note.guid = f"history{index + 1:04d}"
        requests.append(AddNoteRequest(note=note, deck_id=DeckId(deck)))
    col.add_notes(requests)
    return col, deck


def answer_queued(col, clock: Clock, learner: Learner, until: datetime) -> int:
    """Answers what Anki's queue gives until it is empty and no learning step ends before
    `until`; how many answers."""
    from anki.scheduler_pb2 import CardAnswer

    buttons = [CardAnswer.AGAIN, CardAnswer.HARD, CardAnswer.GOOD, CardAnswer.EASY]
    answered = 0
    while True:
        queued = col.sched.get_queued_cards()
        if not queued.cards:
            due = col.db.scalar("select min(due) from cards where queue = 1")
            if due is None or due > until.timestamp():
                return answered
            clock.set(max(clock.now, datetime.fromtimestamp(due, timezone.utc)))
            clock.advance(learner.rng.uniform(5, 60))
            continue
        top = queued.cards[0]
        card = col.get_card(top.card.id)
        card.start_timer()
        clock.advance(learner.rng.uniform(3, 20))
        rating = learner.answer(card.id, clock.now)
        answer = col.sched.build_answer(card=card, states=top.states, rating=buttons[rating - 1])
        col.sched.answer_card(answer)
        answered += 1


def simulate(col, deck: int, clock: Clock, learner: Learner, days: int) -> int:
    """A year of mornings; now and then a card set due by hand, a card reset, a cram session
    in a filtered deck that does not reschedule."""
    rng = learner.rng
    answers = 0
    for day in range(days):
        if rng.random() < 0.1:
            continue
        clock.set(START + timedelta(days=day, seconds=rng.uniform(0, 3 * 3600)))
        col.decks.select(deck)
        answers += answer_queued(col, clock, learner, clock.now + timedelta(hours=1))
        reviewed = col.db.list("select id from cards where type = 2")
        if reviewed and day % 45 == 20:
            col.sched.set_due_date([rng.choice(reviewed)], "3")
        if reviewed and day % 90 == 60:
            card = rng.choice(reviewed)
            col.sched.schedule_cards_as_new([card], restore_position=True, reset_counts=False)
            learner.memory.pop(card, None)
        if reviewed and day % 60 == 30:
            answers += cram(col, clock, learner, deck)
    return answers


def cram(col, clock: Clock, learner: Learner, deck: int) -> int:
    """A filtered deck of a few review cards that does not reschedule them (Anki logs its
    answers as filtered, ease factor 0), answered, then emptied."""
    filtered = col.sched.get_or_create_filtered_deck(deck_id=0)
    filtered.name = "Cram"
    filtered.config.reschedule = False
    del filtered.config.search_terms[:]
    filtered.config.search_terms.add(search="deck:History is:review", limit=5, order=0)
    made = col.sched.add_or_update_filtered_deck(filtered)
    col.decks.select(made.id)
    answered = answer_queued(col, clock, learner, clock.now)
    col.decks.remove([made.id])
    col.decks.select(deck)
    return answered


def export(col, path: Path) -> None:
    from anki.collection import ExportAnkiPackageOptions

    col.export_anki_package(
        out_path=str(path),
        options=ExportAnkiPackageOptions(
            with_scheduling=True, with_deck_configs=False, with_media=False, legacy=False
        ),
        limit=None,
    )


def anki_fit(col) -> dict:
    """Anki's own fit of the whole collection and Anki's evaluation of it."""
    fitted = col._backend.compute_fsrs_params(
        search="", current_params=[], ignore_revlogs_before_ms=0, num_of_relearning_steps=1,
        health_check=False,
    )
    evaluation = col._backend.evaluate_params_legacy(
        params=fitted.params, search="", ignore_revlogs_before_ms=0
    )
    return {
        "parameters": list(fitted.params),
        "items": fitted.fsrs_items,
        "logLoss": evaluation.log_loss,
        "rmse": evaluation.rmse_bins,
    }


# quiz's history, made again here from the log as docs/anki.md describes it ------------------


def history(lines: list[tuple]) -> list[tuple[int, int, str, bool]]:
    """One card's log lines (id, ease, type, factor), in time order, as quiz's import keeps
    them: (milliseconds, quiz grade, kind, first)."""
    kinds = {0: "learn", 1: "review", 2: "relearn", 3: "filtered"}
    grades = {1: 1, 2: 3, 3: 4, 4: 5}
    start = None
    for index in reversed(range(len(lines))):
        _, ease, kind, factor = lines[index]
        if kind == 3 and factor == 0:
            continue
        if kind == 0 and ease in grades:
            start = index
        elif start is not None or (kind not in kinds and factor == 0):
            break
    return [
        (ms, grades[ease], kinds[kind], index == start)
        for index, (ms, ease, kind, factor) in enumerate(lines)
        if ease in grades and kind in kinds and not (kind == 3 and factor == 0)
    ]


def log_by_card(database: str) -> dict[int, list[tuple]]:
    connection = sqlite3.connect(database)
    rows = connection.execute("select cid, id, ease, type, factor from revlog order by cid, id")
    cards: dict[int, list[tuple]] = {}
    for cid, ms, ease, kind, factor in rows:
        cards.setdefault(cid, []).append((ms, ease, kind, factor))
    connection.close()
    return cards


def training_items(cards: dict[int, list[tuple]]):
    """The items quiz's FSRSTrainingSet makes of the history: per card from its first review
    marked first, one item per review at least 24 hours after the one before (whole 24-hour
    periods as delta_t), sorted by the moment of their last review."""
    from fsrs_rs_python import FSRSItem, FSRSReview

    keyed = []
    for place, (card, lines) in enumerate(sorted(cards.items())):
        kept = history(lines)
        starts = [index for index, review in enumerate(kept) if review[3]]
        if not starts:
            continue
        kept = kept[starts[-1]:]
        ratings = [{1: 1, 3: 2, 4: 3, 5: 4}[grade] for _, grade, _, _ in kept]
        deltas = [0] + [(b[0] - a[0]) // (DAY * 1000) for a, b in zip(kept, kept[1:])]
        reviews = [FSRSReview(r, d) for r, d in zip(ratings, deltas)]
        for index in range(1, len(kept)):
            if deltas[index] > 0:
                keyed.append(((kept[index][0], place, index), place, reviews[: index + 1]))
    keyed.sort(key=lambda entry: entry[0])
    return [FSRSItem(r) for _, _, r in keyed], [place for _, place, _ in keyed]


SEEDS = [2023, 1, 2, 3, 4, 5]


def quiz_fits(quiz: str, package: Path, work: Path) -> list[dict]:
    """`quiz import` of the package into a new state folder, then `quiz fsrs fit --json` with
    each of SEEDS (the order of the optimizer's batches; 2023 is fsrs-rs's and quiz's default)."""
    state, decks = work / "quiz-state", work / "quiz-decks"
    for folder in (state, decks):
        shutil.rmtree(folder, ignore_errors=True)
    env = dict(os.environ, QUIZ_STATE=str(state), QUIZ_DECKS=str(decks), QUIZ_CACHE="off")
    for name in ("LD_PRELOAD", "FAKETIME_TIMESTAMP_FILE", "FAKETIME_NO_CACHE"):
        env.pop(name, None)
    imported = subprocess.run(
        [quiz, "import", str(package), "--output", str(decks)], env=env, check=True,
        capture_output=True, text=True,
    )
    print(imported.stdout.strip(), file=sys.stderr)
    fits = []
    for seed in SEEDS:
        fitted = subprocess.run(
            [quiz, "fsrs", "fit", "--json", "--seed", str(seed)], env=env, check=True,
            capture_output=True, text=True,
        )
        fits.append(json.loads(fitted.stdout))
    return fits


def sample(arguments) -> None:
    from fsrs_rs_python import DEFAULT_PARAMETERS, FSRS, TrainingConfig

    work = Path(arguments.work)
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    clock = Clock()
    clock.set(START - timedelta(days=1))
    col, deck = new_collection(work / "collection.anki2", arguments.notes, 4)
    learner = Learner(arguments.seed)
    answers = simulate(col, deck, clock, learner, arguments.days)
    package = work / "history.apkg"
    export(col, package)
    anki = anki_fit(col)
    database = col.path
    col.close()
    items, card_ids = training_items(log_by_card(database))
    references = [
        FSRS(DEFAULT_PARAMETERS).compute_parameters(
            items, card_ids, training_config=TrainingConfig(seed=seed)
        )
        for seed in SEEDS
    ]
    quiz = quiz_fits(arguments.quiz, package, work)
    loss = lambda weights: FSRS(weights).evaluate(items)  # noqa: E731
    lines = [
        f"# {arguments.notes} notes, {arguments.days} days, seed {arguments.seed}: "
        f"{answers} answers",
        f"FSRS items: Anki's {anki['items']} (its days), quiz's rule rebuilt here {len(items)},"
        f" quiz fit {quiz[0]['items']} ({quiz[0]['cards']} cards, {quiz[0]['reviews']} reviews,"
        f" {quiz[0]['cardsLeftOut']} left out)",
        f"Anki's fit, evaluated by Anki on its items: log loss {anki['logLoss']:.6f}, "
        f"RMSE(bins) {anki['rmse']:.6f}",
        "weights | log loss | RMSE(bins)  (fsrs-rs's evaluate, on quiz's items)",
    ]
    for name, weights in [
        ("FSRS-6 defaults", list(DEFAULT_PARAMETERS)),
        ("Anki 26.9.3 compute_fsrs_params", anki["parameters"]),
    ]:
        evaluation = loss(weights)
        lines.append(f"{name} | {evaluation.log_loss:.6f} | {evaluation.rmse_bins:.6f}")
    means = {}
    for name, fits in [
        ("fsrs-rs-python compute_parameters", references),
        ("quiz fsrs fit", [fit["parameters"] for fit in quiz]),
    ]:
        losses = []
        for seed, weights in zip(SEEDS, fits):
            evaluation = loss(weights)
            losses.append(evaluation.log_loss)
            lines.append(
                f"{name}, seed {seed} | {evaluation.log_loss:.6f} | {evaluation.rmse_bins:.6f}"
            )
        means[name] = sum(losses) / len(losses)
        lines.append(f"{name}, mean of {len(SEEDS)} seeds | {means[name]:.6f} |")
    lines.append(
        f"quiz's own figures, seed 2023: log loss {quiz[0]['logLoss']:.6f}, "
        f"RMSE(bins) {quiz[0]['rmse']:.6f}"
    )
    first = loss(quiz[0]["parameters"]).log_loss / loss(references[0]).log_loss - 1
    gap = means["quiz fsrs fit"] / means["fsrs-rs-python compute_parameters"] - 1
    lines.append(f"quiz against fsrs-rs-python, seed 2023 each: {100 * first:+.2f}% log loss")
    lines.append(f"quiz against fsrs-rs-python, mean over the seeds: {100 * gap:+.2f}% log loss")
    report = "\n".join(lines)
    (work / "report.txt").write_text(report + "\n")
    print(report)
    if abs(gap) > 0.01:
        sys.exit("quiz's fits are not within 1% of fsrs-rs-python's log loss")


# the fixture ---------------------------------------------------------------------------------


def fixture(arguments) -> None:
    """A few notes, each reviewed by script at 08:00 and a few minutes on chosen days."""
    from anki.scheduler_pb2 import CardAnswer

    work = Path(arguments.work)
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    clock = Clock()
    clock.set(START - timedelta(days=1))
    col, deck = new_collection(work / "collection.anki2", 5, 5)
    buttons = {1: CardAnswer.AGAIN, 2: CardAnswer.HARD, 3: CardAnswer.GOOD, 4: CardAnswer.EASY}
    cards = col.db.list("select c.id from cards c join notes n on n.id = c.nid order by n.guid")

    def answer(card_id: int, button: int) -> None:
        card = col.get_card(card_id)
        card.start_timer()
        clock.advance(7)
        states = col._backend.get_scheduling_states(card_id)
        col.sched.answer_card(
            col.sched.build_answer(card=card, states=states, rating=buttons[button])
        )

    def on(day: int, minute: int) -> None:
        # Ten minutes later each day, so that a day's answers come more than whole days after
        # the day before's (a few minutes long): Anki's days and quiz's 24-hour periods agree.
        clock.set(START + timedelta(days=day, minutes=10 * day + minute))

    # Card 1: learning (Again, Good, Good), reviews on days 1, 4, 12 (a lapse), 13, 30.
    # Card 2: learning, reviews, a set due date on day 4 (a manual line), then a review.
    # Card 3: learning, reviews, a reset (Forget) on day 6, learning again from day 20: its
    #   history starts anew there.
    # Card 4: learning, a review, then answered in a cram deck that does not reschedule.
    # Card 5: new, never answered.
    script = [
        (0, 0, [(0, 1), (0, 3), (0, 3)]), (0, 1, [(1, 3), (1, 3)]), (0, 2, [(2, 3), (2, 3)]),
        (0, 3, [(3, 4)]), (1, 0, [(0, 3)]), (1, 1, [(1, 3)]), (1, 2, [(2, 3)]),
        (2, 0, [(3, 3)]), (4, 0, [(0, 3), (1, 2), (1, "due")]), (6, 0, [(2, 4), (2, "forget")]),
        (12, 0, [(0, 1), (0, 3)]), (13, 0, [(0, 3)]), (20, 0, [(2, 3), (2, 1), (2, 3)]),
        (21, 0, [(2, 3)]), (22, 0, [(3, "cram")]), (30, 0, [(0, 3), (1, 3)]),
    ]
    for day, minute, steps in script:
        on(day, minute)
        for index, step in steps:
            if step == "due":
                col.sched.set_due_date([cards[index]], "2")
            elif step == "forget":
                col.sched.schedule_cards_as_new(
                    [cards[index]], restore_position=True, reset_counts=False
                )
            elif step == "cram":
                cram_cards(col, deck, cards[index], answer)
            else:
                answer(cards[index], step)
            clock.advance(60)
    package = FIXTURES / "history.apkg"
    export(col, work / "exported.apkg")
    small_package(work / "exported.apkg", package)
    anki = anki_fit(col)
    database = col.path
    guids = dict(col.db.all("select c.id, n.guid from cards c join notes n on n.id = c.nid"))
    col.close()
    log = log_by_card(database)
    items, _ = training_items(log)
    facts = {
        "ankiItems": anki["items"],
        "items": len(items),
        "cards": {
            f"anki-{guids[card]}": [
                {"ms": ms, "grade": grade, "kind": kind, "first": first}
                for ms, grade, kind, first in history(lines)
            ]
            for card, lines in sorted(log.items())
        },
        "logLines": sum(len(lines) for lines in log.values()),
    }
    (FIXTURES / "history.json").write_text(json.dumps(facts, indent=1) + "\n")
    print(json.dumps(facts, indent=1))


def small_package(exported: Path, package: Path) -> None:
    """The package Anki exported without the stand-in `collection.anki2` that it adds for
    older versions (50 KB of "please update"; `meta` names the real collection), deflated."""
    with zipfile.ZipFile(exported) as source, zipfile.ZipFile(
        package, "w", zipfile.ZIP_DEFLATED
    ) as target:
        for name in ("meta", "collection.anki21b", "media"):
            target.writestr(name, source.read(name))
    package.chmod(0o644)


def cram_cards(col, deck: int, card_id: int, answer) -> None:
    """Answers the card in a filtered deck that does not reschedule it, then removes the deck."""
    filtered = col.sched.get_or_create_filtered_deck(deck_id=0)
    filtered.name = "Cram"
    filtered.config.reschedule = False
    del filtered.config.search_terms[:]
    filtered.config.search_terms.add(search=f"cid:{card_id}", limit=5, order=0)
    made = col.sched.add_or_update_filtered_deck(filtered)
    answer(card_id, 3)
    col.decks.remove([made.id])
    col.decks.select(deck)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("sample", help="simulate, export, fit three ways, compare")
    run.add_argument("--quiz", required=True, help="the quiz executable")
    run.add_argument("--notes", type=int, default=600)
    run.add_argument("--days", type=int, default=365)
    run.add_argument("--seed", type=int, default=20261205)
    run.add_argument("--work", default="/tmp/anki-history")
    made = commands.add_parser("fixture", help="write Tests/AnkiPackageTests/Fixtures/history.*")
    made.add_argument("--work", default="/tmp/anki-history-fixture")
    arguments = parser.parse_args()
    under_faketime()
    sample(arguments) if arguments.command == "sample" else fixture(arguments)


if __name__ == "__main__":
    main()
