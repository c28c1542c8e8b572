"""Mars Needs Heroes: secret simultaneous bids for Invader cards, and a Freeze Ray race."""
