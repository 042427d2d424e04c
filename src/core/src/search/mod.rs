//! Search: random, heuristic, MCTS and ISMCTS bots generic over Game (in progress).
