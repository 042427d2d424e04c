//! puerto_rico: work in progress (not registered yet).
