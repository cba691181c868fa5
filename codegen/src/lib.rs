//! contracts-codegen
