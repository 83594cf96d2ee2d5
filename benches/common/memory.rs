//! The memory one call takes, for the benches that report it: the process's peak resident size
//! while it runs, above what the process held before (Linux: `/proc/self/clear_refs` resets the
//! peak, `VmHWM` reads it).

/// A field of `/proc/self/status` in kB (`None` off Linux).
fn status_kb(field: &str) -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with(field))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// The peak resident size while `f` runs, above the resident size before it, in MB.
pub fn peak_mb(f: impl FnOnce()) -> Option<f64> {
    std::fs::write("/proc/self/clear_refs", "5").ok()?;
    let before = status_kb("VmRSS:")?;
    f();
    let peak = status_kb("VmHWM:")?;
    Some(peak.saturating_sub(before) as f64 / 1000.0)
}
