"""Game-independent screens: title, setup, settings, rules, pause, results."""
