from __future__ import annotations

import meeple

# Every registered game plus the kit's reference game (chance nodes and hidden information), so
# the API contract is exercised even on a build with few games.
ALL_GAMES = [*meeple.games(), "_reference"]


def player_counts(game: str) -> list[int]:
    info = meeple.game_info(game)
    return list(range(info["min_players"], info["max_players"] + 1))


GAME_PLAYERS = [(g, p) for g in ALL_GAMES for p in player_counts(g)]
