//! What the benches and the memory probe share: the generated modules, the
//! documents, and one function per implementation.

#![allow(clippy::all)]

/// Our generated types and validators.
pub mod ours {
    include!(concat!(env!("OUT_DIR"), "/ours/modules.rs"));
}

/// typify's plain serde types (no validation).
pub mod typify_types {
    pub mod commands {
        #![allow(warnings, clippy::all)]
        include!(concat!(env!("OUT_DIR"), "/typify/commands.rs"));
    }
    pub mod launch_request {
        #![allow(warnings, clippy::all)]
        include!(concat!(env!("OUT_DIR"), "/typify/launch_request.rs"));
    }
    pub mod sarif {
        #![allow(warnings, clippy::all)]
        include!(concat!(env!("OUT_DIR"), "/typify/sarif.rs"));
    }
    pub mod liquibase {
        #![allow(warnings, clippy::all)]
        include!(concat!(env!("OUT_DIR"), "/typify/liquibase.rs"));
    }
}

#[path = "../../tests/support/docgen.rs"]
#[allow(dead_code, clippy::all)]
pub mod docgen;

pub mod docs;
pub mod handwritten;
