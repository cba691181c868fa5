//! schemars `JsonSchema` for generated types (feature `schemars`): each type
//! reports its source subschema, and the definitions its references need are
//! added to the generator, so the contract is embedded exactly.

use schemars::{Schema, SchemaGenerator};
use serde_json::Value;

/// The schema of type `name` from a module's `SCHEMARS_JSON`
/// (`{"types": {...}, "defs": {...}}`), registering the definitions it uses.
pub fn schema_for(generator: &mut SchemaGenerator, module_json: &str, name: &str) -> Schema {
    let Ok(Value::Object(mut all)) = serde_json::from_str::<Value>(module_json) else {
        return Schema::default();
    };
    let path = generator.settings().definitions_path.trim_start_matches('#').trim_end_matches('/').to_owned();
    let prefix = format!("#{path}/");
    if let Some(Value::Object(defs)) = all.remove("defs") {
        for (k, mut v) in defs {
            retarget(&mut v, &prefix);
            generator.definitions_mut().entry(k).or_insert(v);
        }
    }
    let mut own = all.get_mut("types").and_then(|t| t.get_mut(name)).map(Value::take).unwrap_or(Value::Bool(true));
    retarget(&mut own, &prefix);
    Schema::try_from(own).unwrap_or_default()
}

/// Points `#/$defs/NAME` references at the generator's definitions path.
fn retarget(v: &mut Value, prefix: &str) {
    match v {
        Value::Object(m) => {
            if let Some(Value::String(r)) = m.get_mut("$ref") {
                if let Some(rest) = r.strip_prefix("#/$defs/") {
                    *r = format!("{prefix}{rest}");
                }
            }
            m.values_mut().for_each(|x| retarget(x, prefix));
        }
        Value::Array(a) => a.iter_mut().for_each(|x| retarget(x, prefix)),
        _ => {}
    }
}
