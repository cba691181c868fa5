//! Typed Rust API and validators for the bundled JSON Schema contracts.
//!
//! Every schema in `schemas/` becomes a module (generated at build time by
//! `contracts-codegen`): `contracts::commands` for `commands.schema.json`,
//! `contracts::launch_request` for `launch-request.schema.json`.
//!
//! ```
//! use contracts::commands::{Command, CommandEnvelope};
//!
//! let json = r#"{"protocolVersion": "1.0", "commandId": "cmd_0123456789abcdef0123456789abcdef",
//!   "type": "pause", "issuedAt": "2026-11-30T12:00:00.000Z",
//!   "actor": {"kind": "human", "id": "ada", "transport": "cli"}, "payload": {"reason": "lunch"}}"#;
//! let envelope = CommandEnvelope::from_json_str(json).unwrap();
//! match &envelope.command {
//!     Command::Pause(p) => assert_eq!(p.reason.as_deref(), Some("lunch")),
//!     other => panic!("unexpected {}", other.type_name()),
//! }
//! ```

pub use contracts_runtime as runtime;
pub use contracts_runtime::{
    value_from, value_from_slice, value_from_str, Contract, DuplicateMember, Duplicates, ParseError, ReadError, ReadSettings, ValidationError, ValidationErrors,
};

include!(concat!(env!("OUT_DIR"), "/modules.rs"));

pub mod catalog;
pub mod launch_request_rules;
