"""Mars Needs Heroes: three guided bids. Known Invaders come up and Zax's bids are scripted, so the
learner sees a bid won, equal bids cancel into a bidding tie, and a Freeze Ray steal a pot of four."""

import math

import pygame

from game import controls
from game.heroes.rules import BID, FREEZE, FREEZE_WINDOW, PASS
from game.heroes.scene import MESSAGE, GameScene
from game.scenes.tutorial import NEXT, Lesson, Step, Tutorial, key_event
from game.ui import layout

ZAX_BIDS = (2, 3, 5)  # the bot's bids, round by round; it never fires its Freeze Ray in the lesson

LESSON = Lesson(
    # Invaders by colour: the first pot, the second, the two that join it after the tie, the next pot
    chance=("yellow", "yellow", "green", "blue", "green", "purple", "blue", "yellow"),
    steps=(
        Step("Welcome to Mars Needs Heroes! Everyone picks a Hero card, 1 to 5, at the same moment and in "
             "secret. The cards flip together; the highest takes the pot."),
        Step("Bid your 4: press {key}. Zax bids too; you only see that Zax is ready.", 4,
             wrong="For this lesson, bid your 4: press {key}."),
        Step("Your 4 beat Zax's 2: the two yellow Invaders are yours. (A winner may even fire the Freeze Ray to "
             "keep a big pot safe.) Played cards stay face up until all five are played.",
             when=lambda g: len(g.history) == 1 and g.phase == BID),
        Step("Equal numbers cancel. Bid your 3 and see: press {key}.", 3, wrong="Bid your 3 this time: press {key}."),
        Step("A tie: both 3s cancel. Now either of you may fire your one Freeze Ray to take the pot. Keep "
             "yours: let the blue bar run out.", PASS, wrong="Save your Freeze Ray for a bigger pot: let the bar "
                                                            "run out."),
        Step("Two more Invaders joined the pot: 4 now. Zax still holds 1, 4 and 5. Bid your 1: press {key}.", 1,
             wrong="Bid your 1 this time: press {key}."),
        Step("Zax's 5 wins the bid, unless someone fires a Freeze Ray first (Zax may fire too, to keep it). "
             "Fire yours: press {key}! The first to fire takes the pot.", FREEZE),
    ),
    summary="Your Freeze Ray stole a pot of 4 Invaders. In a real game the Freeze window lasts only a few "
            "seconds. When the pile runs out, the most Invaders of one colour wins, then the second colour, "
            "and so on. A tie with no Invaders left to add: everyone picks up their played cards and bids on.",
    box=(MESSAGE[0], layout.bottom(MESSAGE) + 10, 414, 300),  # under the header, over the pile
    least=206,  # over the whole pile, its count included
)


class LessonScene(Tutorial, GameScene):
    LESSON = LESSON

    def _plan(self, player: int) -> None:
        """Zax bids as the lesson needs (after a person's moment of thought) and keeps its Freeze Ray."""
        g = self.game
        if g.phase != BID:
            self.plans[player] = (PASS, math.inf)  # the window's end passes for it
            return
        bid = ZAX_BIDS[min(len(g.bidding), len(ZAX_BIDS) - 1)]
        bot = self.info.bots[self.seats[player].bot]
        delay = bot.delay(g.view(player), player, bid, g.rng_for(f"bot/{player}")) if bot.delay else self.BOT_THINK
        self.plans[player] = (bid, delay / self.speed)

    def perform(self, player: int, action) -> bool:
        """Letting a Freeze window run out is no step of the lesson (the learner may fire in every window, the
        winner too): it goes ahead unless the coach is asking about that window."""
        step = self.active_step()
        if action == PASS and self.game.phase == FREEZE_WINDOW and (step is None or step.expect not in (PASS, FREEZE)):
            return super(Tutorial, self).perform(player, action)
        return super().perform(player, action)

    def window_length(self) -> float:
        """The Freeze window waits while the coach asks the learner to fire."""
        step = self.active_step()
        return math.inf if step is not None and step.expect == FREEZE else super().window_length()

    def step_key(self, step: Step) -> str:
        """The learner's own keys (or pad buttons), as shown under their cards."""
        if isinstance(step.expect, int):
            return self.card_keys(0)[step.expect - 1]
        return controls.action_key(self.seats[0].control) if step.expect == FREEZE else ""

    def wanted_input(self) -> list:
        """The learner's keys for a bid or the Freeze Ray (with a pad, a lesson is played by hand)."""
        step = self.active_step()
        zone = controls.KEY_ZONES.get(self.seats[0].control)
        if step is None or zone is None or step.expect in (NEXT, PASS):
            return super().wanted_input()
        index = controls.CHOICE_KEYS if step.expect == FREEZE else step.expect - 1
        return [key_event(pygame.key.key_code(zone[index]))]
