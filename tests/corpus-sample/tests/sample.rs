//! Every document of the sample gets the verdict SchemaStore expects.

#[allow(clippy::all, dead_code, unused)]
mod generated {
    include!(concat!(env!("OUT_DIR"), "/sample.rs"));
}

#[test]
fn every_document_gets_its_verdict() {
    let mut wrong = Vec::new();
    for case in generated::CASES {
        let v: serde_json::Value = serde_json::from_str(case.data).expect("JSON");
        let got = (case.check)(v);
        match (case.valid, got) {
            (true, Err(e)) => wrong.push(format!("{}: rejected: {e}", case.document)),
            (false, Ok(())) => wrong.push(format!("{}: accepted", case.document)),
            _ => {}
        }
    }
    assert!(generated::CASES.len() >= 100, "the sample has {} documents", generated::CASES.len());
    assert!(wrong.is_empty(), "{} of {} documents got the wrong verdict:\n{}", wrong.len(), generated::CASES.len(), wrong.join("\n"));
}
