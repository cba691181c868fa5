//! Fuzz target `generate`: see `contracts_fuzz_targets::generate`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| contracts_fuzz_targets::generate::run(data));
