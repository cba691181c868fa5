//! The generator's type-set bits are the runtime's: generated validators
//! name them (`c.check_type(l, s, i, NULL | STRING)`) from `contracts_runtime::types`.

use contracts_codegen::ir::TypeSet;
use contracts_runtime::types;

#[test]
fn type_set_bits_are_the_runtimes() {
    let pairs = [
        (TypeSet::NULL, types::NULL),
        (TypeSet::BOOLEAN, types::BOOLEAN),
        (TypeSet::INTEGER, types::INTEGER),
        (TypeSet::NUMBER, types::NUMBER),
        (TypeSet::STRING, types::STRING),
        (TypeSet::ARRAY, types::ARRAY),
        (TypeSet::OBJECT, types::OBJECT),
    ];
    for (generator, runtime) in pairs {
        assert_eq!(generator, runtime);
    }
    // The names the generated code spells them by.
    let names: Vec<(u8, String)> = TypeSet::NAMES.iter().map(|(bit, n)| (*bit, n.to_ascii_uppercase())).collect();
    assert_eq!(
        names,
        [(1, "NULL"), (2, "BOOLEAN"), (4, "INTEGER"), (8, "NUMBER"), (16, "STRING"), (32, "ARRAY"), (64, "OBJECT")].map(|(b, n)| (b, n.to_owned()))
    );
    assert_eq!(TypeSet::ALL, pairs.iter().fold(0, |a, (b, _)| a | b));
}
