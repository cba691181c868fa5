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
    let positives = generated::CASES.iter().filter(|c| c.valid).count();
    println!("corpus sample: {} documents ({positives} valid, {} invalid), {} wrong", generated::CASES.len(), generated::CASES.len() - positives, wrong.len());
    assert!(generated::CASES.len() >= 100, "the sample has {} documents", generated::CASES.len());
    assert!(wrong.is_empty(), "{} of {} documents got the wrong verdict:\n{}", wrong.len(), generated::CASES.len(), wrong.join("\n"));
}

/// The one-pass reader (`from_json_slice`) answers as the full path does on
/// every document of the sample: the same value, or the same errors.
#[test]
fn the_one_pass_reader_agrees_with_the_full_path() {
    let mut wrong = Vec::new();
    let mut compared = 0;
    for case in generated::CASES {
        if let Some(one_pass) = case.one_pass {
            compared += 1;
            if let Err(e) = one_pass(case.data.as_bytes()) {
                wrong.push(format!("{}: {e}", case.document));
            }
        }
    }
    assert!(compared >= 100, "only {compared} documents have a root type");
    assert!(wrong.is_empty(), "{} of {} documents got the wrong verdict:\n{}", wrong.len(), generated::CASES.len(), wrong.join("\n"));
}
