//! Peak memory on the hostile probes of issue 17, counted by a global
//! allocator that keeps, per thread, the bytes live and their peak (so the
//! other tests of this binary running in parallel do not disturb a reading).

use contracts::launch_request::LaunchRequest;
use contracts::Contract;
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
/// to keep every error: 4.5 GB for an 11.9 MB file. Errors are capped per
/// document, and the map's reader (`rt::fast::MapOf`) reads on through an
/// invalid map keeping only the members whose errors will be listed,
/// counting the others' (past the cap): what stays is the capped errors and
/// a hash per member name (to refuse a repeated one), not the document's
/// `Value` (12× the input: about 138 bytes per 11-byte member).
#[test]
fn many_errors_stay_bounded() {
    let members = 200_000;
    let answers: String = (0..members).map(|i| format!("\"k{i}\":5")).collect::<Vec<_>>().join(",");
    let text = format!("{{\"contractVersion\":\"1.0.0\",\"input\":\"x\",\"mode\":\"interactive\",\"answers\":{{{answers}}}}}");
    let mut listed = 0;
    let mut out = String::new();
    let peak = peak_of(|| {
        // What the CLI does: parse, validate, write the basic output.
        let err = LaunchRequest::from_json_str(&text).unwrap_err();
        let errors = err.validation_errors().unwrap();
        listed = errors.len();
        out = errors.to_basic_output().to_string();
    });
    assert!(out.contains(&format!("… and {} more errors", 2 * members - 1000)), "{}", &out[out.len() - 300..]);
    assert_eq!(listed, contracts::runtime::DEFAULT_MAX_ERRORS + 1);
    // The full path (bytes → `Value` → validators) says exactly the same.
    let full = LaunchRequest::from_json_slice_via_value(text.as_bytes()).unwrap_err();
    assert_eq!(full.validation_errors().unwrap().to_basic_output().to_string(), out);
    let value = peak_of(|| drop(contracts::runtime::value_from_str(&text, Default::default()).unwrap()));
    let input = text.len();
    eprintln!(
        "{members} members, {input} bytes of input: peak {peak} bytes ({:.1}× the input; the document's Value alone is {value} bytes, {:.1}×)",
        peak as f64 / input as f64,
        value as f64 / input as f64,
    );
    assert!(peak <= 4 * input + (2 << 20), "peak {peak} bytes for {input} bytes of input");
}

/// The same for an array: a question catalog whose 100,000 questions each
/// carry an unknown member (one error each) used to be handed up whole, as
/// its `Value` (19× the input). The array's reader (`rt::fast::VecOf`)
/// reads on keeping only the items whose errors will be listed and counting
/// the others', and tells the validators the array's length and the kept
/// items' indices.
#[test]
fn an_array_of_many_bad_items_stays_bounded() {
    use contracts::question_catalog::QuestionCatalog;
    let items = 100_000;
    let questions: String = (0..items).map(|i| format!("{{\"id\":\"q{i}\",\"select\":\"single\",\"label\":\"x\",\"bad\":1}}")).collect::<Vec<_>>().join(",");
    let text = format!("{{\"catalogVersion\":\"1.0.0\",\"questions\":[{questions}]}}");
    let mut out = String::new();
    let peak = peak_of(|| {
        let err = QuestionCatalog::from_json_str(&text).unwrap_err();
        out = err.validation_errors().unwrap().to_basic_output().to_string();
    });
    // `maxItems` (500) and one error per question, 1,000 listed.
    assert!(out.contains(&format!("… and {} more errors", items + 1 - 1000)), "{}", &out[out.len() - 300..]);
    let full = QuestionCatalog::from_json_slice_via_value(text.as_bytes()).unwrap_err();
    assert_eq!(full.validation_errors().unwrap().to_basic_output().to_string(), out);
    let input = text.len();
    eprintln!("{items} items, {input} bytes of input: peak {peak} bytes ({:.1}× the input)", peak as f64 / input as f64);
    assert!(peak <= 4 * input + (2 << 20), "peak {peak} bytes for {input} bytes of input");
}
