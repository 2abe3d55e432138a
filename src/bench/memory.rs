//! The process's peak memory, which several benches report: a leaf both they and the bench
//! module read.

/// VmHWM from `/proc/self/status` (the peak resident set), or `unknown`.
pub(super) fn peak_memory() -> String {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines().find_map(|l| l.strip_prefix("VmHWM:").map(|v| v.trim().to_string()))
        })
        .unwrap_or_else(|| "unknown".into())
}
