//! san_juan: work in progress (not registered yet).
