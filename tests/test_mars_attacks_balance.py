"""The deck's balance rule, guarded: four Smart bots play a few games and every card's VP per turn spent on its
claim stays near the deck's median, and every card is claimed in a fair share of the games it turns up in.

The figures the deck is tuned to come from ``python -m game sim mars-attacks --bots smart,smart,smart,smart
--games 2000`` (within 25% of the median, claimed in at least 30% of its games); this check plays fewer games
with one seed, so its band is wider. A change to the deck or the rules that makes a card free points or a trap
moves it out of even this band."""

from game.mars_attacks.sim import balance
from game.registry import GAMES
from game.tournament import tournament

GAMES_PLAYED = 120
BAND = 0.5  # VP per turn of work, as a share of the deck's median either way (2,000 games: 0.25)
CLAIMED = 0.2  # the least share of its games in play a card is claimed in (2,000 games: 0.3)


def test_every_card_pays_about_the_median_vp_per_turn_of_work_and_is_claimed_in_a_fair_share_of_its_games():
    cards = tournament(GAMES["mars-attacks"], ["smart"] * 4, GAMES_PLAYED, seed=23)["cards"]
    assert len(cards) == 29, "every card turned up"
    middle = balance(cards)["median_vp_per_turn"]
    for card, f in cards.items():
        assert f["turns_per_claim"], f"{card} was never claimed"
        share = f["vp"] / f["turns_per_claim"] / middle - 1
        assert abs(share) <= BAND, f"{card}: {share:+.0%} VP per turn against the median"
        assert f["claimed_when_in_play"] >= CLAIMED, f"{card}: claimed in {f['claimed_when_in_play']:.0%}"


def test_no_four_cards_face_up_make_the_hard_side_a_wall_of_nukes():
    """Why a hard game once ran 121 turns a player: five cards had no Nuke symbol, and with three or four of them
    face up the hard side counted 1 or 2 symbols in play, so nearly every first roll was nuked (90 to 98%) and
    nobody could claim the cards that would turn up others. Now every card but Las Vegas (claimed by being nuked)
    carries a symbol: the fewest symbols four face-up cards can give the hard side is 4 (a first roll nuked 44%
    of the time)."""
    from game.mars_attacks import odds
    from game.mars_attacks.deck import standard_deck

    deck = standard_deck()
    fewest = deck.difficulty["hard"] + sum(sorted(card.nukes for card in deck.cards.values())[:4])
    assert fewest >= 4 and odds.first_roll_nuked(fewest) < 0.5
