//! Peak memory on the hostile probes of issue 17, counted by a global
//! allocator that keeps, per thread, the bytes live and their peak (so the
//! other tests of this binary running in parallel do not disturb a reading).

use contracts::launch_request::LaunchRequest;
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

struct Counting;

thread_local! {
    static LIVE: Cell<isize> = const { Cell::new(0) };
    static PEAK: Cell<isize> = const { Cell::new(0) };
}

fn note(delta: isize) {
    let _ = LIVE.try_with(|l| {
        let now = l.get() + delta;
        l.set(now);
        let _ = PEAK.try_with(|p| p.set(p.get().max(now)));
    });
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        note(layout.size() as isize);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        note(-(layout.size() as isize));
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        note(new_size as isize - layout.size() as isize);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Runs `f` and returns the peak of bytes it held live beyond what was live before.
fn peak_of(f: impl FnOnce()) -> usize {
    let base = LIVE.with(Cell::get);
    PEAK.with(|p| p.set(base));
    f();
    (PEAK.with(Cell::get) - base).max(0) as usize
}

/// Issue 17, probe 2: `answers` with many members of value `5` (each two
/// errors: the union's, naming the closest branch, and that branch's) used
/// to keep every error: 4.5 GB for an 11.9 MB file. Errors are now capped
/// per document, so what remains is the document's own `Value`, which the
/// validators need whole: per member an IndexMap bucket of 104 bytes (hash
/// 8, key `String` 24, `Value` 72: with `preserve_order` a `Value` holds an
/// `IndexMap` inline), with the map's spare capacity, its index, the key's
/// and the number's text about 138 bytes, for 11 bytes of text
/// (`"k12345":5,`). So the peak is about 12×
/// the input, all of it the `Value`: reaching 4× needs validators that do
/// not hold the whole object (streaming), not a change here.
#[test]
fn many_errors_stay_bounded() {
    let members = 200_000;
    let answers: String = (0..members).map(|i| format!("\"k{i}\":5")).collect::<Vec<_>>().join(",");
    let text = format!("{{\"contractVersion\":\"1.0.0\",\"input\":\"x\",\"mode\":\"interactive\",\"answers\":{{{answers}}}}}");
    let mut listed = 0;
    let peak = peak_of(|| {
        // What the CLI does: parse, validate, write the basic output.
        let err = LaunchRequest::from_json_str(&text).unwrap_err();
        let errors = err.validation_errors().unwrap();
        listed = errors.len();
        let out = errors.to_basic_output().to_string();
        assert!(out.contains("… and 399000 more errors"), "{}", &out[out.len() - 300..]);
    });
    assert_eq!(listed, contracts::runtime::DEFAULT_MAX_ERRORS + 1);
    let value = peak_of(|| drop(contracts::runtime::value_from_str(&text, Default::default()).unwrap()));
    let input = text.len();
    eprintln!(
        "{members} members, {input} bytes of input: peak {peak} bytes ({:.1}× the input), of which the document's Value {value} bytes ({:.1}×; a Value is {} bytes)",
        peak as f64 / input as f64,
        value as f64 / input as f64,
        std::mem::size_of::<serde_json::Value>()
    );
    // Validation, the capped errors and the output add a constant to the `Value`.
    assert!(peak <= value + (4 << 20), "peak {peak} bytes, the Value alone {value}");
    assert!(peak <= 13 * input + (4 << 20), "peak {peak} bytes for {input} bytes of input");
}
