//! Unit tests for Dark Fence beyond the per-file ones: the spec's test table (§4).
