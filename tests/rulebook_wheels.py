"""The rulebook's worked examples of Wild Wild Pattern, rebuilt as concrete wheels from the (assumed) deck.

Shared by the tests of the pattern engine and of the whole game.
"""

ARCHIBALD = ("red-gun-coin,grey-star-coin,blue-wanted-coin,red-bottle-bullets,red-horseshoe-coin,"
             "yellow-dynamite-bullets,grey-loot-bullets,blue-barrel-bullets")
MARTHA = ARCHIBALD.replace("red-bottle-bullets", "yellow-star-coin")  # the wheel after Archibald's move
PHINEAS = ("blue-star-bullets,red-loot-bullets,yellow-gun-coin,grey-bottle-bullets,white-dynamite-coin,"
           "grey-loot-bullets,red-wanted-bullets,yellow-horseshoe-coin")
DAKOTA = ("blue-gun-bullets,red-loot-bullets,blue-bottle-coin,grey-loot-bullets,blue-wanted-coin,"
          "red-star-coin,white-barrel-bullets,grey-horseshoe-coin")
WILD = ("blue-gun-bullets,red-loot-bullets,blue-star-bullets,yellow-loot-bullets,blue-bottle-coin,"
        "grey-loot-bullets,blue-barrel-bullets,white-horseshoe-bullets")
NO_MOVE = ("yellow-star-coin,white-gun-bullets,yellow-barrel-coin,white-dynamite-coin,yellow-loot-bullets,"
           "white-horseshoe-bullets,grey-star-coin,white-star-bullets")
