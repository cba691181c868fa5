//! Runs the drift gate from the command line: `cargo run -p contracts-drift --example drift -- --old A --new B`.
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let root = std::env::current_dir().unwrap_or_default();
    std::process::exit(contracts_drift::run_cli(&args, &root));
}
