"""An extra figure for the sim: how often a round had no unique bid."""


class Stats:
    def __init__(self):
        self.rounds = 0
        self.empty = 0

    def add(self, state) -> None:
        self.rounds += len(state.history)
        self.empty += sum(1 for r in state.history if r.winner is None)

    def seat(self, p: int) -> dict:
        return {}

    def extra(self) -> dict:
        return {"rounds_without_winner": round(self.empty / self.rounds, 4) if self.rounds else 0.0}
