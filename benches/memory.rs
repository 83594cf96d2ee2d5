//! The whole program's memory, as an arbiter's laptop sees it: the peak resident size of the
//! `shashki-arbiter` process (the release build this bench is built with) for
//! - doing nothing (`--version`): what is loaded before `main`;
//! - pairing round 11 of a 300-player Swiss (`pair`, the event made by `trf import` of
//!   `benches/data/festival-300.trf`, declared 11 rounds long).
//!
//! With `BBP_PAIRINGS` naming a bbpPairings binary (built outside the project:
//! docs/swiss-oracle.md), the same round is paired by it (`--dutch FILE -p`) and its peak printed
//! beside ours, with its own idle size. Each figure is the least of five runs (the kernel's
//! read-ahead makes the first run of a binary larger). `cargo bench --bench memory`; the lines are
//! also written to `target/criterion/memory.txt`.

use std::path::{Path, PathBuf};
use std::process::Command;

use nix::sys::resource::{getrusage, UsageWho};

const RUNS: usize = 5;

/// The peak resident size of `cmd`'s process in MB: measured by this bench run again as a
/// go-between (`--peak-of`), whose only child it is (Linux: `getrusage(RUSAGE_CHILDREN)`'s
/// `ru_maxrss` is the largest of the children waited for).
fn peak_mb(cmd: Command) -> Option<f64> {
    let out = Command::new(std::env::current_exe().ok()?)
        .arg("--peak-of")
        .arg(cmd.get_program())
        .args(cmd.get_args())
        .current_dir(cmd.get_current_dir().unwrap_or(Path::new(".")))
        .output()
        .ok()?;
    let kb: f64 = String::from_utf8_lossy(&out.stdout).trim().parse().ok()?;
    Some(kb / 1000.0)
}

/// The go-between: runs the command, waits for it, prints its peak resident size in kB.
fn go_between(program: &str, args: &[String]) {
    let _ = Command::new(program)
        .args(args)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status();
    if let Ok(usage) = getrusage(UsageWho::RUSAGE_CHILDREN) {
        println!("{}", usage.max_rss());
    }
}

/// The least peak of [`RUNS`] runs of the command `make` builds.
fn least(make: impl Fn() -> Command) -> Option<f64> {
    (0..RUNS)
        .filter_map(|_| peak_mb(make()))
        .min_by(|a, b| a.total_cmp(b))
}

fn ours(args: &[&str], dir: &Path) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_shashki-arbiter"));
    c.args(args).current_dir(dir);
    c
}

/// The 300-player event declared 11 rounds long, as TRF and as this program's event file.
fn event(dir: &Path) -> (PathBuf, PathBuf) {
    let source = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/data/festival-300.trf");
    let text = std::fs::read_to_string(source).expect("the generated event");
    let trf = dir.join("festival-300.trf");
    std::fs::write(&trf, text.replace("XXR 10", "XXR 11")).expect("a temporary file");
    let ron = dir.join("festival-300.ron");
    let made = ours(
        &[
            "trf",
            "import",
            "festival-300.trf",
            "-o",
            "festival-300.ron",
        ],
        dir,
    )
    .status()
    .expect("the program runs");
    assert!(made.success(), "trf import of {source}");
    (trf, ron)
}

fn line(what: &str, mb: Option<f64>) -> String {
    match mb {
        Some(mb) => format!("{what}: {mb:.1} MB peak resident\n"),
        None => format!("{what}: not measured here\n"),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let [_, flag, program, rest @ ..] = &args[..] {
        if flag == "--peak-of" {
            return go_between(program, rest);
        }
    }
    let dir = std::env::temp_dir().join(format!("shashki-memory-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let (trf, _) = event(&dir);
    let paired = ours(&["pair", "festival-300.ron"], &dir).output();
    assert!(
        paired.is_ok_and(|o| o.status.success()),
        "pair of the 300-player event"
    );
    let mut report = String::new();
    report += &line(
        "this program, idle (--version)",
        least(|| ours(&["--version"], &dir)),
    );
    report += &line(
        "this program, pair round 11 of 300 players",
        least(|| ours(&["pair", "festival-300.ron"], &dir)),
    );
    if let Ok(bbp) = std::env::var("BBP_PAIRINGS") {
        report += &line(
            "bbpPairings, idle (no arguments)",
            least(|| Command::new(&bbp)),
        );
        let pairs = dir.join("bbp-pairs.txt");
        report += &line(
            "bbpPairings, --dutch round 11 of 300 players",
            least(|| {
                let mut c = Command::new(&bbp);
                c.arg("--dutch").arg(&trf).arg("-p").arg(&pairs);
                c
            }),
        );
    }
    print!("{report}");
    let _ = std::fs::remove_dir_all(&dir);
    let out = concat!(env!("CARGO_MANIFEST_DIR"), "/target/criterion");
    if std::fs::create_dir_all(out).is_ok() {
        let _ = std::fs::write(format!("{out}/memory.txt"), report);
    }
}
