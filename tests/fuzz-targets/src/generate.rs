//! A schema → `contracts_codegen::generate`: code or an error, never a
//! panic. The first byte picks the input: odd, the rest is schema text as
//! is (any bytes: the loader's errors); even, a structure-aware schema
//! ([`crate::schema::arbitrary_schema`]) with random settings.

use arbitrary::Unstructured;
use contracts_codegen::{SchemaInput, Settings};

/// The target.
pub fn run(data: &[u8]) {
    let Some((&mode, rest)) = data.split_first() else { return };
    let mut settings = Settings::new();
    let text = if mode % 2 == 1 {
        String::from_utf8_lossy(rest).into_owned()
    } else {
        let mut u = Unstructured::new(rest);
        let Ok(schema) = crate::schema::arbitrary_schema(&mut u) else { return };
        settings = settings.with_format_assertion(mode & 2 != 0);
        schema.to_string()
    };
    let input = SchemaInput { path: "fuzz.schema.json".into(), text, generate: true, retrieval_uri: None, default_dialect: None };
    match contracts_codegen::generate(&settings, &[input]) {
        Ok(out) => assert!(!out.files.is_empty(), "generate returned no file and no error"),
        Err(e) => assert!(!e.to_string().is_empty(), "an error without a message"),
    }
}
