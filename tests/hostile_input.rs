//! Inputs that used to panic, abort, hang, wrap around or overwrite (issue 11), through the real
//! command line: each must end with a clear error (exit 2) naming the value or the place, and
//! leave every file as it was.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_shashki-arbiter"))
}

fn run(args: &[&str]) -> Output {
    bin().args(args).output().unwrap()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Exit 2, no panic, and the message contains each of `needles`.
fn refused(out: &Output, needles: &[&str]) {
    let e = stderr(out);
    assert_eq!(out.status.code(), Some(2), "{e}");
    assert!(!e.contains("panicked"), "{e}");
    for n in needles {
        assert!(e.contains(n), "`{n}` not in: {e}");
    }
}

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("sa-hostile-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn sample(d: &Path, name: &str) -> PathBuf {
    let p = d.join(format!("{name}.ron"));
    std::fs::copy(format!("tournaments/{name}.ron"), &p).unwrap();
    p
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn a_newer_or_unknown_schema_is_refused_in_every_spelling_and_never_rewritten() {
    let d = dir("schema");
    let original = std::fs::read_to_string("tournaments/open-swiss-48.ron").unwrap();
    assert!(original.contains("schema: 2,"));
    for (i, spelling) in [
        "schema: 5,",
        "schema: 0x5,",
        "schema: +5,",
        "schema: 0b101,",
        "schema: 0o5,",
        "schema:5,",
        "schema: 0,",
        "schema: -1,",
        "schema: 99999999999,",
    ]
    .iter()
    .enumerate()
    {
        let p = d.join(format!("e{i}.ron"));
        std::fs::write(&p, original.replacen("schema: 2,", spelling, 1)).unwrap();
        let before = std::fs::read(&p).unwrap();
        for args in [
            vec!["pair", "--save", "--seed", "1", s(&p)],
            vec!["standings", s(&p)],
        ] {
            let out = run(&args);
            refused(&out, &[s(&p), "left untouched"]);
        }
        assert_eq!(std::fs::read(&p).unwrap(), before, "{spelling}");
        assert!(!p.with_extension("journal").exists(), "{spelling}");
    }
    // A comment that mentions the schema before the field does not hide it.
    let p = d.join("comment.ron");
    let text = original.replacen("schema: 2,", "schema: 5,", 1);
    std::fs::write(&p, format!("// schema: 2 was the old one\n{text}")).unwrap();
    refused(
        &run(&["pair", "--save", "--seed", "1", s(&p)]),
        &["newer version"],
    );
    // No schema at all: not an event file.
    let p = d.join("none.ron");
    std::fs::write(&p, original.replacen("schema: 2,", "", 1)).unwrap();
    refused(&run(&["standings", s(&p)]), &["no `schema` field"]);
}

#[test]
fn an_export_never_writes_over_its_input_or_an_event() {
    let d = dir("overwrite");
    let p = sample(&d, "open-swiss-48");
    let other = sample(&d, "international-round-robin");
    let before = std::fs::read(&p).unwrap();
    let before_other = std::fs::read(&other).unwrap();
    refused(
        &run(&["trf", "export", s(&p), "--output", s(&p)]),
        &["input file"],
    );
    refused(
        &run(&["trf", "export", s(&p), "--output", s(&other)]),
        &["never written over"],
    );
    refused(&run(&["report", s(&p), "-o", s(&p)]), &["input file"]);
    // Another spelling of the same path is the same file.
    let dotted = d.join(".").join("open-swiss-48.ron");
    refused(
        &run(&["trf", "export", s(&p), "--output", s(&dotted)]),
        &["input file"],
    );
    assert_eq!(std::fs::read(&p).unwrap(), before);
    assert_eq!(std::fs::read(&other).unwrap(), before_other);
}

#[test]
fn a_pairing_naming_an_unknown_player_is_an_error_with_its_place() {
    let d = dir("unknown-id");
    let p = sample(&d, "international-round-robin");
    let text = std::fs::read_to_string(&p).unwrap();
    // The first pairing's Black becomes player 99, who is not in the list.
    let at = text.find("black: ").unwrap();
    let end = at + text[at..].find(',').unwrap();
    std::fs::write(&p, format!("{}black: 99{}", &text[..at], &text[end..])).unwrap();
    let before = std::fs::read(&p).unwrap();
    let trf = d.join("x.trf");
    let html = d.join("x.html");
    for args in [
        vec!["standings", s(&p)],
        vec!["--format", "json", "standings", s(&p)],
        vec!["report", s(&p), "-o", s(&html)],
        vec!["pair", s(&p)],
        vec!["trf", "export", s(&p), "-o", s(&trf)],
    ] {
        refused(
            &run(&args),
            &[
                s(&p),
                "round 1, board 1",
                "player 99",
                "not in the player list",
            ],
        );
    }
    assert_eq!(std::fs::read(&p).unwrap(), before);
    assert!(!trf.exists() && !html.exists());
}

#[test]
fn huge_numbers_are_refused_with_the_limit() {
    for (args, needles) in [
        (
            vec![
                "ballot",
                "draw",
                "--seed",
                "1",
                "--count",
                "18446744073709551615",
            ],
            vec!["--count 18446744073709551615", "at most 1000"],
        ),
        (vec!["berger", "9223372036854775807"], vec!["at most 2000"]),
        (vec!["berger", "4294967296"], vec!["at most 2000"]),
        (vec!["berger", "18446744073709551615"], vec!["at most 2000"]),
        (vec!["perft", "4294967295"], vec!["depth", "at most 30"]),
        (
            vec!["clock", "simulate", "--control", "307445734561825861", "-"],
            vec!["--control", "longer than"],
        ),
        (
            vec![
                "clock",
                "simulate",
                "--control",
                "5m d99999999999999999999999999999999s",
                "-",
            ],
            vec!["the delay", "longer than"],
        ),
        (
            vec!["clock", "simulate", "--control", "1h/4294967295", "-"],
            vec!["the move count", "at most 10000"],
        ),
        (
            vec!["clock", "hall", "/nonexistent", "--boards", "1000000"],
            vec!["--boards", "at most 1000"],
        ),
        (
            vec![
                "pair",
                "tournaments/open-swiss-48.ron",
                "--absent",
                "4294967295",
            ],
            vec!["--absent: player 4294967295 is not in the event"],
        ),
        (
            vec![
                "standings",
                "tournaments/open-swiss-48.ron",
                "--round",
                "18446744073709551615",
            ],
            vec!["the event has 7 round(s)"],
        ),
    ] {
        refused(&run(&args), &needles);
    }
}

/// Runs `clock simulate` on a script given on standard input.
fn simulate(control: &str, script: &str, extra: &[&str]) -> Output {
    let mut child = bin()
        .args(["clock", "simulate", "--control", control])
        .args(extra)
        .arg("-")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(script.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn clock_scripts_never_wrap_or_spin() {
    // Each used to take seconds of CPU, set a flag, or show period 0.
    for (control, script, needles) in [
        (
            "1h/1*",
            "0 moves white 4294967295\n",
            vec!["line 1", "moves 4294967295", "at most 10000"],
        ),
        (
            "45m",
            "0 start\n1 add white 9223372036854775\n",
            vec!["line 2", "correction", "out of range"],
        ),
        (
            "45m/20*",
            "0 period white 18446744073709551615\n",
            vec!["line 1", "period", "at most 1000"],
        ),
        (
            "45m",
            "99999999999999999999999 start\n",
            vec!["line 1", "time", "at most"],
        ),
    ] {
        refused(&simulate(control, script, &[]), &needles);
    }
    // The repeating period is found by division: 10 000 moves of `1h/1*` are period 10 001.
    let out = simulate("1h/1*", "0 moves white 10000\n", &["--format", "json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["white"]["period"], 10_001);
    // A huge `--at` is refused, not wrapped.
    refused(
        &simulate("45m", "0 start\n", &["--at", "1e300"]),
        &["--at", "at most"],
    );
}

#[test]
fn a_bad_byte_is_named_by_file_line_and_column() {
    let d = dir("utf8");
    let p = sample(&d, "international-round-robin");
    let mut bytes = std::fs::read(&p).unwrap();
    let line3 = bytes
        .iter()
        .enumerate()
        .filter(|(_, &b)| b == b'\n')
        .nth(1)
        .unwrap()
        .0
        + 1;
    bytes.insert(line3 + 4, 0xFF);
    std::fs::write(&p, &bytes).unwrap();
    refused(
        &run(&["standings", s(&p)]),
        &[&format!("{}:3:5: not UTF-8", s(&p))],
    );

    let table = d.join("table.ron");
    std::fs::write(&table, b"(\n  schema: 1,\n  id: \"x\xC0\",\n)").unwrap();
    refused(
        &run(&["ballot", "check", s(&table)]),
        &[&format!("{}:3:9: not UTF-8", s(&table))],
    );

    let script = d.join("script.txt");
    std::fs::write(&script, b"0 start\n5 press # \xE9t\xE9\n").unwrap();
    refused(
        &run(&["clock", "simulate", "--control", "5m", s(&script)]),
        &[&format!("{}:2:11: not UTF-8", s(&script))],
    );

    let log = d.join("board.clocklog");
    std::fs::write(&log, b"{\"control\":\"5m\xFF\",\"first\":\"white\"}\n").unwrap();
    refused(
        &run(&["clock", "replay", s(&log)]),
        &[&format!("{}:1:", s(&log)), "column 15", "not UTF-8"],
    );
}

#[test]
fn a_closed_pipe_ends_the_program_quietly() {
    for args in [
        vec!["berger", "2000"],
        vec!["--format", "json", "berger", "400"],
        vec!["ballot", "draw", "--seed", "1", "--count", "1000"],
    ] {
        let mut child = bin()
            .args(&args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // Read one line, then hang up, as `| head -1` does.
        let mut out = child.stdout.take().unwrap();
        let mut first = [0u8; 16];
        let _ = out.read(&mut first).unwrap();
        drop(out);
        let mut err = String::new();
        child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut err)
            .unwrap();
        let status = child.wait().unwrap();
        assert_eq!(status.code(), Some(141), "{args:?}: {err}");
        assert!(err.is_empty(), "{args:?}: {err}");
    }
}

#[test]
fn a_trf_with_more_rounds_than_any_event_is_refused_with_its_line() {
    let d = dir("trf-rounds");
    let input = d.join("long.trf");
    let mut line = String::from(
        "001    1      Alpha, A                          1500                             1.0    1",
    );
    while line.len() < 91 {
        line.push(' ');
    }
    for _ in 0..4_100 {
        line.push_str("  0000 - Z");
    }
    std::fs::write(&input, format!("012 Long\n{line}\n")).unwrap();
    let out = d.join("long.ron");
    refused(
        &run(&["trf", "import", s(&input), "-o", s(&out)]),
        &[&format!("{}:2:", s(&input)), "at most 4000"],
    );
    assert!(!out.exists());
}
