"""Game-independent, headless building blocks shared by every game's rules."""
