//! Types and validators generated from `schemas/` at build time: one module
//! per schema (`order`, `customer`).

include!(concat!(env!("OUT_DIR"), "/modules.rs"));
