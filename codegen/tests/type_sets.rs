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
    assert_eq!(TypeSet::ALL, pairs.iter().fold(0, |a, (b, _)| a | b));
}
