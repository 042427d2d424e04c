//! kingdom_builder: work in progress (not registered yet).
