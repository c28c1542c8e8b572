"""Phones as private controllers: a small web server on the local network (``server``) and its
bridge to the game loop (``bridge``). Nothing here decides a move: the phone sends intents, the
game's rules decide."""
