//! Fuzz target `document`: see `contracts_fuzz_targets::document`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| contracts_fuzz_targets::document::run(data));
