//! Generator errors and warnings: each names the file, the JSON Pointer and
//! the reason, never a panic.

use std::fmt;
use std::path::Path;

/// Why generation failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    /// The schema file (empty when the error is not about one file).
    pub file: String,
    /// The JSON Pointer of the offending subschema or keyword.
    pub pointer: String,
    /// What is wrong.
    pub reason: String,
}

impl Error {
    /// An error at `pointer` in `file`.
    pub fn at(file: &str, pointer: &str, reason: impl Into<String>) -> Self {
        Error { file: file.to_owned(), pointer: pointer.to_owned(), reason: reason.into() }
    }
    /// An error not tied to a schema location.
    pub fn message(reason: impl Into<String>) -> Self {
        Error { file: String::new(), pointer: String::new(), reason: reason.into() }
    }
    pub(crate) fn io(path: &Path, e: std::io::Error) -> Self {
        Error { file: path.display().to_string(), pointer: String::new(), reason: e.to_string() }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.file.is_empty(), self.pointer.is_empty()) {
            (true, _) => f.write_str(&self.reason),
            (false, true) => write!(f, "{}: {}", self.file, self.reason),
            (false, false) => write!(f, "{}#{}: {}", self.file, self.pointer, self.reason),
        }
    }
}

impl std::error::Error for Error {}

/// Something generated, but not as precisely as it could be.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Warning {
    /// The schema file.
    pub file: String,
    /// The JSON Pointer of the subschema.
    pub pointer: String,
    /// What happened.
    pub message: String,
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}#{}: {}", self.file, self.pointer, self.message)
    }
}
