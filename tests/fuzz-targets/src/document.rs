//! Document bytes → both seeds, every entry point, and the `jsonschema`
//! crate: one verdict. Text that is not JSON is refused by every path with
//! a syntax error (and by serde_json too); a repeated member name by every
//! path with the same [`contracts::DuplicateMember`]; otherwise the typed
//! parse (one-pass and full path, with the same errors), `from_json_value`,
//! `validate`, `is_valid` and the oracle agree, and a valid document's typed
//! value validates and survives serialise → parse.

use contracts::{Contract, ParseError, ReadError, ReadSettings};
use serde_json::Value;
use std::fmt::Debug;
use std::sync::OnceLock;

/// One seed: its typed root, its module's `is_valid`, its oracle.
struct Seed {
    name: &'static str,
    is_valid: fn(&Value) -> bool,
    oracle: jsonschema::Validator,
}

fn oracle(schema_json: &str) -> jsonschema::Validator {
    let schema: Value = serde_json::from_str(schema_json).expect("a bundled schema is JSON");
    jsonschema::draft202012::new(&schema).expect("the oracle reads the bundled schema")
}

fn seeds() -> &'static [Seed; 2] {
    static SEEDS: OnceLock<[Seed; 2]> = OnceLock::new();
    SEEDS.get_or_init(|| {
        [
            Seed { name: "commands", is_valid: contracts::commands::is_valid, oracle: oracle(contracts::commands::SCHEMA_JSON) },
            Seed { name: "launch-request", is_valid: contracts::launch_request::is_valid, oracle: oracle(contracts::launch_request::SCHEMA_JSON) },
        ]
    })
}

/// The prefix of serde_json's private member names (`…Number`, `…RawValue`).
const SERDE_JSON_TOKEN: &[u8] = b"$serde_json::private::";

/// The target: `data` as a document of each seed.
pub fn run(data: &[u8]) {
    let [commands, launch] = seeds();
    check::<contracts::commands::CommandEnvelope>(commands, data);
    check::<contracts::launch_request::LaunchRequest>(launch, data);
}

fn check<T: Contract + PartialEq + Debug>(seed: &Seed, data: &[u8]) {
    let name = seed.name;
    let shown = String::from_utf8_lossy(data);
    let slice = T::from_json_slice(data);
    let via_value = T::from_json_slice_via_value(data);
    match contracts::value_from_slice(data, ReadSettings::new()) {
        Err(ReadError::Syntax(e)) => {
            assert!(serde_json::from_slice::<Value>(data).is_err(), "{name}: we refuse what serde_json reads ({e}): {shown}");
            for (path, r) in [("from_json_slice", &slice), ("from_json_slice_via_value", &via_value)] {
                assert!(matches!(r, Err(ParseError::Syntax(_))), "{name}: {path} is not a syntax error ({r:?}) for {shown}");
            }
        }
        Err(ReadError::Duplicate(d)) => {
            // The repeat is reported where it is met, before any later syntax
            // error; read last-wins, the text is what serde_json makes of it
            // (numbers compared by value: we keep `1e400` as written, serde_json
            // spells it `1e+400`).
            let last_wins = contracts::value_from_slice(data, ReadSettings::new().duplicates(contracts::Duplicates::LastWins));
            let same = match (&last_wins, serde_json::from_slice::<Value>(data)) {
                // serde_json reads an object whose first member is named by one
                // of its private tokens as a number or raw JSON; we read the
                // object that is written (`tests/round_trip.rs` holds it).
                _ if data.windows(SERDE_JSON_TOKEN.len()).any(|w| w == SERDE_JSON_TOKEN) => true,
                (Ok(ours), Ok(theirs)) => contracts::runtime::json_equal(ours, &theirs),
                (ours, theirs) => ours.is_err() && theirs.is_err(),
            };
            assert!(same, "{name}: last-wins reads differently from serde_json ({last_wins:?}): {shown}");
            for (path, r) in [("from_json_slice", &slice), ("from_json_slice_via_value", &via_value)] {
                match r {
                    Err(ParseError::Duplicate(x)) => assert_eq!(x, &d, "{name}: {path} reports another repeat for {shown}"),
                    other => panic!("{name}: {path} does not refuse the repeated {} ({other:?}) in {shown}", d.instance_location),
                }
            }
        }
        Ok(v) => {
            let valid = seed.oracle.is_valid(&v);
            let verdicts = [
                ("from_json_slice", slice.is_ok()),
                ("from_json_slice_via_value", via_value.is_ok()),
                ("from_json_value", T::from_json_value(v.clone()).is_ok()),
                ("validate_value", T::validate_value(&v).is_ok()),
                ("is_valid", (seed.is_valid)(&v)),
            ];
            for (path, ok) in verdicts {
                assert_eq!(ok, valid, "{name}: {path} says {ok}, the oracle {valid}, for {shown}");
            }
            match (&slice, &via_value) {
                (Err(ParseError::Invalid(a)), Err(ParseError::Invalid(b))) => {
                    assert_eq!(a.0, b.0, "{name}: the one-pass reader and the full path report different errors for {shown}")
                }
                (Ok(a), Ok(b)) => {
                    assert_eq!(a, b, "{name}: the one-pass reader and the full path build different values for {shown}");
                    a.validate().unwrap_or_else(|e| panic!("{name}: a parsed value does not validate ({e}) for {shown}"));
                    let text = serde_json::to_string(a).expect("a typed value serialises");
                    let again = T::from_json_str(&text).unwrap_or_else(|e| panic!("{name}: {text} does not parse back ({e}); from {shown}"));
                    assert_eq!(&again, a, "{name}: serialise → parse changes the value of {shown}");
                }
                (a, b) => panic!("{name}: from_json_slice {a:?} but from_json_slice_via_value {b:?} for {shown}"),
            }
        }
    }
}
