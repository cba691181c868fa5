//! Generation, one schema per child process (`xtask corpus --gen-one NAME`),
//! so a panic, a stack overflow or a hang in the generator costs one schema,
//! never the run. The child writes the module and prints one JSON line.

use anyhow::{bail, Context, Result};
use serde_json::{json, Value};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// The generator's settings for corpus schemas: SchemaStore's reading
/// ([`super::layout::schemastore_settings`]), only what the root reaches
/// generated (so sizes compare with the root's closure that other generators
/// produce, and with earlier runs).
pub fn settings(root: &Path, repo: &Path) -> contracts_codegen::Settings {
    super::layout::schemastore_settings(root, repo).with_regenerate_command("cargo xtask corpus").with_all_definitions(false)
}

/// The child: generate `name` and write `out/<module>.rs`.
pub fn gen_one(root: &Path, repo: &Path, name: &str, out: &Path, module: &str) -> Result<ExitCode> {
    let path = root.join("schemas").join(name);
    let text = std::fs::read_to_string(&path)?;
    let input = contracts_codegen::SchemaInput::new(format!("schemas/{name}"), text);
    let start = Instant::now();
    let line = match contracts_codegen::generate(&settings(root, repo), &[input]) {
        Ok(output) => {
            let millis = start.elapsed().as_secs_f64() * 1000.0;
            let file = output.files.into_iter().next();
            match file {
                Some(f) => {
                    let root_type = f.root_type.clone();
                    // Unchanged modules keep their modification time: cargo
                    // then reuses the shard that holds them.
                    super::build::write_if_changed(&out.join(format!("{module}.rs")), &f.contents)?;
                    json!({"ok": true, "root": root_type, "millis": millis, "bytes": f.contents.len(), "lines": f.contents.lines().count(), "warnings": output.warnings.len()})
                }
                None => json!({"ok": false, "error": "the generator produced no module"}),
            }
        }
        Err(e) => json!({"ok": false, "error": e.to_string()}),
    };
    println!("{line}");
    Ok(ExitCode::SUCCESS)
}

/// What the parent learns about one schema's generation.
pub struct GenResult {
    pub ok: bool,
    pub root_type: Option<String>,
    pub millis: f64,
    /// Lines of the generated module (what its user compiles).
    pub lines: usize,
    pub error: Option<String>,
    pub reason: Option<String>,
}

/// The program that generates one schema: this one when it is optimised,
/// otherwise `xtask` built with `--release` first. An unoptimised generator
/// takes several times longer, and the corpus measures the generator users
/// get in their build scripts (see `[profile.*.build-override]`).
pub fn child_program(repo: &Path) -> Result<PathBuf> {
    let me = std::env::current_exe()?;
    if !cfg!(debug_assertions) {
        return Ok(me);
    }
    eprintln!("corpus: building the optimised generator (cargo build --release -p xtask)");
    // `target/debug/xtask` → `target/release/xtask`, wherever the target dir is.
    let target = me.parent().and_then(Path::parent).context("no target directory")?;
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let status = Command::new(cargo)
        .current_dir(repo)
        .args(["build", "--quiet", "--release", "--package", "xtask", "--target-dir"])
        .arg(target)
        .status()
        .context("cannot run cargo")?;
    if !status.success() {
        bail!("`cargo build --release -p xtask` failed");
    }
    let exe = target.join("release").join(me.file_name().context("no file name")?);
    if !exe.exists() {
        bail!("{} is missing after the build", exe.display());
    }
    Ok(exe)
}

/// Runs the child program `exe` for `name` with a time limit.
pub fn run_child(exe: &Path, root: &Path, name: &str, out: &Path, module: &str, timeout: Duration) -> GenResult {
    let fail =
        |reason: &str, error: String| GenResult { ok: false, root_type: None, millis: 0.0, lines: 0, error: Some(error), reason: Some(reason.to_owned()) };
    let mut cmd = Command::new(exe);
    cmd.args(["corpus", "--gen-one", name, "--root"]).arg(root).arg("--out").arg(out).args(["--module", module]);
    let run = match run_limited(cmd, timeout) {
        Ok(r) => r,
        Err(e) => return fail("generate: cannot start", e.to_string()),
    };
    let Some(status) = run.status else {
        return fail("generate: time limit", format!("no result after {} s", timeout.as_secs()));
    };
    match run.json_line() {
        Some(v) if v["ok"] == true => GenResult {
            ok: true,
            root_type: v["root"].as_str().map(str::to_owned),
            millis: v["millis"].as_f64().unwrap_or(0.0),
            lines: v["lines"].as_u64().unwrap_or(0) as usize,
            error: None,
            reason: None,
        },
        Some(v) => {
            let error = v["error"].as_str().unwrap_or("").to_owned();
            GenResult { ok: false, root_type: None, millis: 0.0, lines: 0, reason: Some(gen_reason(&error)), error: Some(error) }
        }
        None => {
            let (kind, msg) = run.crash(status);
            fail(&format!("generate: {kind}"), msg)
        }
    }
}

/// What a child run with a time limit left: its exit status (`None`: killed
/// at the time limit), and everything it printed.
pub struct Limited {
    pub status: Option<ExitStatus>,
    pub stdout: String,
    pub stderr: String,
}

impl Limited {
    /// The last line of stdout, as JSON (the children's result protocol).
    pub fn json_line(&self) -> Option<Value> {
        self.stdout.lines().last().and_then(|l| serde_json::from_str(l).ok())
    }

    /// For a child that ended without its result line: `stack overflow`,
    /// `panic` or `crash`, and the first lines of stderr.
    pub fn crash(&self, status: ExitStatus) -> (&'static str, String) {
        let msg = self.stderr.lines().filter(|l| !l.trim().is_empty()).take(3).collect::<Vec<_>>().join(" | ");
        let kind = if self.stderr.contains("overflow") {
            "stack overflow"
        } else if self.stderr.contains("panicked") {
            "panic"
        } else {
            "crash"
        };
        (kind, format!("{status}: {msg}"))
    }
}

/// Runs `cmd` with piped output, killing it after `timeout`. Shared by our
/// generator's children and typify's (`--compare`).
pub fn run_limited(mut cmd: Command, timeout: Duration) -> std::io::Result<Limited> {
    let start = Instant::now();
    let mut child = cmd.env("RUST_BACKTRACE", "0").stdout(Stdio::piped()).stderr(Stdio::piped()).spawn()?;
    let (mut so, mut se) = (child.stdout.take().unwrap(), child.stderr.take().unwrap());
    let out_t = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = so.read_to_string(&mut s);
        s
    });
    let err_t = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = se.read_to_string(&mut s);
        s
    });
    let status = loop {
        match child.try_wait() {
            Ok(Some(s)) => break Some(s),
            Ok(None) if start.elapsed() > timeout => {
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(5)),
            Err(_) => break None,
        }
    };
    let stdout = out_t.join().unwrap_or_default();
    let stderr = err_t.join().unwrap_or_default();
    Ok(Limited { status, stdout, stderr })
}

/// A short category for a generator error message.
pub fn gen_reason(error: &str) -> String {
    let cats = [
        ("no schema is known as", "generate: unresolved reference (document)"),
        ("no anchor", "generate: unresolved reference (anchor)"),
        ("nothing at", "generate: unresolved reference (pointer)"),
        ("cycle", "generate: reference cycle"),
        ("regular expression", "generate: unsupported regex"),
        ("regex", "generate: unsupported regex"),
        ("not valid JSON", "generate: schema is not JSON"),
        ("does not parse", "generate: emitted code does not parse"),
    ];
    for (needle, cat) in cats {
        if error.contains(needle) {
            return cat.to_owned();
        }
    }
    "generate: other error".to_owned()
}
