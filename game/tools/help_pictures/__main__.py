from game.tools.help_pictures import write_all

for path in write_all():
    print(f"wrote {path}")
