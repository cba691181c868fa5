//! Fuzz target `drift`: see `contracts_fuzz_targets::drift`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| contracts_fuzz_targets::drift::run(data));
