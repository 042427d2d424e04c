//! castles_of_burgundy: work in progress (not registered yet).
