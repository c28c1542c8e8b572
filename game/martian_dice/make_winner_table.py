"""Regenerate levels/martian-dice/winner-table.json (takes a few minutes).

    python -m game.martian_dice.make_winner_table
"""

import json
import sys
import time

from game.martian_dice.rules import TARGET_SCORE
from game.martian_dice.winning import TABLE_FILE, solve_table


def main() -> None:
    started = time.perf_counter()

    def progress(total: int) -> None:
        print(f"score total {total:2d} solved ({time.perf_counter() - started:5.0f} s)", file=sys.stderr)

    q = solve_table(progress)
    rounded = [[[round(v, 7) for v in seats] for seats in row] for row in q]
    data = {
        "about": "Martian Dice two-player win chances at the start of a turn: q[me][them][seat], "
        "seat 0 = first in the round. Regenerate with: python -m game.martian_dice.make_winner_table",
        "target": TARGET_SCORE,
        "q": rounded,
    }
    TABLE_FILE.parent.mkdir(parents=True, exist_ok=True)
    TABLE_FILE.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"wrote {TABLE_FILE} in {time.perf_counter() - started:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
