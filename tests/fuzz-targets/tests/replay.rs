//! Replays every saved fuzz input on stable: the corpus cargo-fuzz keeps
//! (`fuzz/corpus/TARGET/`, committed small) and every minimised finding
//! (`fuzz/regressions/TARGET/`), through the same functions the fuzz
//! targets call. A finding fixed stays fixed. A drift finding may also be
//! kept as its schema pair (`*.json`, see `drift::run_pair`).

use std::path::{Path, PathBuf};

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz")
}

fn files(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = match std::fs::read_dir(dir) {
        Ok(rd) => rd.filter_map(|e| e.ok()).map(|e| e.path()).filter(|p| p.is_file()).collect(),
        Err(_) => Vec::new(),
    };
    out.sort();
    out
}

#[test]
fn every_saved_input_replays() {
    let mut total = 0;
    for (target, run) in contracts_fuzz_targets::TARGETS {
        let corpus = files(&fuzz_dir().join("corpus").join(target));
        assert!(!corpus.is_empty(), "fuzz/corpus/{target}/ is empty or missing: the corpus must be committed");
        let regressions = files(&fuzz_dir().join("regressions").join(target));
        for path in corpus.iter().chain(&regressions) {
            let data = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let pair = *target == "drift" && path.extension().is_some_and(|e| e == "json");
            let run = if pair { contracts_fuzz_targets::drift::run_pair } else { *run };
            let outcome = std::panic::catch_unwind(|| run(&data));
            assert!(outcome.is_ok(), "{target}: {} fails (replay: cargo test -p contracts-fuzz-targets)", path.display());
            total += 1;
        }
    }
    assert!(total > 0);
}
