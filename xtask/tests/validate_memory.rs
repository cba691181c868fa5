//! Issue 17, probe 2, through the program: `validate --format json` over a
//! launch request whose `answers` has many members of value `5` (two errors
//! each) used to peak at 4.5 GB for an 11.9 MB file. The peak resident
//! memory of the child is read with `getrusage(RUSAGE_CHILDREN)`, so this
//! binary holds this one test and starts no other child.

#![cfg(target_os = "linux")]

use std::process::Command;

#[test]
fn many_errors_stay_within_four_times_the_input() {
    let members = 400_000;
    let answers: String = (0..members).map(|i| format!("\"k{i}\":5")).collect::<Vec<_>>().join(",");
    let text = format!("{{\"contractVersion\":\"1.0.0\",\"input\":\"x\",\"mode\":\"interactive\",\"answers\":{{{answers}}}}}");
    let dir = std::env::temp_dir().join(format!("xtask-validate-memory-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("many-errors.json");
    std::fs::write(&file, &text).unwrap();
    for format in ["json", "text"] {
        let started = std::time::Instant::now();
        let out = Command::new(env!("CARGO_BIN_EXE_xtask")).args(["validate", "--schema", "launch-request", "--format", format]).arg(&file).output().unwrap();
        let took = started.elapsed();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(1), "{}", String::from_utf8_lossy(&out.stderr));
        assert!(stdout.contains(&format!("… and {} more errors", 2 * members - 1000)), "{}", &stdout[stdout.len().saturating_sub(300)..]);
        // The largest child so far: this format's (the formats differ little).
        let peak = peak_of_children();
        let input = text.len();
        eprintln!(
            "--format {format}: {members} members, {input} bytes of input: peak RSS {peak} bytes ({:.1}× the input), {took:?}",
            peak as f64 / input as f64
        );
        // The constant is the program itself (its code and data, resident).
        assert!(peak <= 4 * input + (24 << 20), "peak RSS {peak} bytes for {input} bytes of input");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The peak resident memory of the largest child waited for, in bytes.
fn peak_of_children() -> usize {
    let mut usage = std::mem::MaybeUninit::<libc::rusage>::zeroed();
    // SAFETY: `usage` is a valid, writable `rusage` for the call to fill.
    let rc = unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, usage.as_mut_ptr()) };
    assert_eq!(rc, 0, "getrusage failed");
    // SAFETY: filled by the successful call above.
    let kib = unsafe { usage.assume_init() }.ru_maxrss;
    kib as usize * 1024
}
