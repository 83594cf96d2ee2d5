//! The subcommands' input and output; the work itself is in the library.

pub mod category;
pub mod check;
pub mod claim;
pub mod clock;
pub mod deputy;
pub mod event;
pub mod game;
pub mod journal;
pub mod moves;
pub mod norms;
pub mod option;
pub mod perft;
pub mod prize;
pub mod registration;
pub mod swiss;
pub mod system;

use std::io::Read;

use shashki_arbiter::rules::{fen, Position, Variant};

pub type CliResult = Result<std::process::ExitCode, String>;

/// One change to an event file, made from what it holds now and put through the one `apply`
/// (validated, saved, journaled) as the command `verb` holding the file: a refusal, by `make`
/// or by `apply`, names the file in `lang` and writes nothing.
pub fn change<E: shashki_arbiter::lang::Russian>(
    file: &str,
    verb: &str,
    lang: shashki_arbiter::lang::Lang,
    make: impl FnOnce(
        &shashki_arbiter::tournament::model::Tournament,
    ) -> Result<shashki_arbiter::tournament::command::Command, E>,
) -> Result<(), String> {
    use shashki_arbiter::lang::Russian;
    let now = chrono::Utc::now();
    let holder = shashki_arbiter::files::lock::Holder::this(verb, now);
    let mut event =
        shashki_arbiter::store::event::EventFile::open_as(std::path::Path::new(file), &holder)
            .map_err(|e| e.said(lang))?;
    let cmd = make(&event.tournament).map_err(|e| format!("{file}: {}", e.said(lang)))?;
    event
        .apply(cmd, now)
        .map_err(|e| format!("{file}: {}", e.said(lang)))?;
    Ok(())
}

/// A final document or report refused while games are adjourned (the standings are
/// provisional until their results are in), unless asked for as provisional.
pub fn adjourned_refused(
    t: &shashki_arbiter::tournament::Tournament,
    file: &str,
    provisional: bool,
    lang: shashki_arbiter::lang::Lang,
) -> Result<(), String> {
    let open = t.adjourned();
    if open.is_empty() || provisional {
        return Ok(());
    }
    let games: Vec<String> = open
        .iter()
        .map(|(r, b, _)| match lang {
            shashki_arbiter::lang::Lang::En => format!("round {r}, board {b}"),
            shashki_arbiter::lang::Lang::Ru => format!("тур {r}, доска {b}"),
        })
        .collect();
    Err(match lang {
        shashki_arbiter::lang::Lang::En => format!(
            "{file}: adjourned games are not finished ({}): the standings are provisional; enter their results, or give --provisional",
            games.join("; ")
        ),
        shashki_arbiter::lang::Lang::Ru => format!(
            "{file}: отложенные партии не доиграны ({}): положение предварительное; внесите их результаты или укажите --provisional",
            games.join("; ")
        ),
    })
}

/// The exit status of a program stopped by a closed pipe (128 + SIGPIPE), as a shell reports it.
pub const BROKEN_PIPE_EXIT: i32 = 141;

/// Writes to standard output; when the reader has gone (`… | head -1`), the program ends quietly
/// with the status a closed pipe conventionally gives, instead of panicking.
pub fn out(args: std::fmt::Arguments) {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    if let Err(e) = stdout.write_fmt(args).and_then(|()| stdout.flush()) {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(BROKEN_PIPE_EXIT);
        }
        eprintln!("shashki-arbiter: standard output: {e}");
        std::process::exit(2);
    }
}

/// `println!` through [`out`].
macro_rules! outln {
    () => { $crate::cli::out(format_args!("\n")) };
    ($($arg:tt)*) => { $crate::cli::out(format_args!("{}\n", format_args!($($arg)*))) };
}
/// `print!` through [`out`].
macro_rules! outp {
    ($($arg:tt)*) => { $crate::cli::out(format_args!($($arg)*)) };
}
pub(crate) use {outln, outp};

/// Refuses an output file that is the input itself, or one of the program's own record files
/// (an event, its journal, a clock log): a report or an export never goes over them.
pub fn safe_output(input: &str, output: &str) -> Result<(), String> {
    let out = std::path::Path::new(output);
    let same = match (std::fs::canonicalize(input), std::fs::canonicalize(out)) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    };
    if same {
        return Err(format!(
            "{output}: this is the input file; write the output to another file"
        ));
    }
    if out
        .extension()
        .is_some_and(|e| e == "ron" || e == "journal" || e == "clocklog")
        && out.exists()
    {
        return Err(format!(
            "{output}: an existing event or log file is never written over by an export"
        ));
    }
    Ok(())
}

pub fn position(variant: Variant, fen_text: Option<&str>) -> Result<Position, String> {
    match fen_text {
        None => Ok(Position::start(variant)),
        Some(f) => fen::parse(variant, f).map_err(|e| format!("--fen: {e}")),
    }
}

/// The bytes of a file, or of standard input for `-`.
pub fn read_input(path: &str) -> Result<Vec<u8>, String> {
    if path == "-" {
        let mut buf = Vec::new();
        std::io::stdin()
            .read_to_end(&mut buf)
            .map_err(|e| format!("standard input: {e}"))?;
        Ok(buf)
    } else {
        std::fs::read(path).map_err(|e| format!("{path}: {e}"))
    }
}

pub fn print_json<T: serde::Serialize>(value: &T) -> Result<(), String> {
    let text = serde_json::to_string_pretty(value).map_err(|e| e.to_string())?;
    outln!("{text}");
    Ok(())
}

/// What a command wrote to a file: with `--format json` an object on standard output
/// (`{"written": PATH, "bytes": N, …facts}`), else `said` on standard error as before.
pub fn report_written(
    format: crate::Format,
    path: &str,
    bytes: usize,
    facts: serde_json::Value,
    said: &str,
) -> Result<(), String> {
    if format == crate::Format::Json {
        let mut out = serde_json::json!({"written": path, "bytes": bytes});
        if let (Some(o), serde_json::Value::Object(more)) = (out.as_object_mut(), facts) {
            o.extend(more);
        }
        return print_json(&out);
    }
    eprintln!("{said}");
    Ok(())
}
