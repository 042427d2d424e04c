//! catan: work in progress (not registered yet).
