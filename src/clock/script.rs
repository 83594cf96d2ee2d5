//! The scripts of `clock simulate`: lines `SECONDS ACTION [ARGS]`, `#` comments. A malformed line
//! fails with its line number and nothing is applied.

use super::game_clock::{ClockError, Event, EventKind, GameClock};
use crate::limits::{self, MAX_CLOCK_MS, MAX_INSTANT_MS, MAX_MOVES, MAX_PERIODS};
use crate::rules::Color;

/// Seconds as written in a script or an `--at` question (`90`, `12.5`) in whole milliseconds;
/// `None` if it is not a finite, non-negative number. Past u64 it saturates, for the caller's
/// limit to refuse.
pub fn seconds_to_ms(text: &str) -> Option<u64> {
    let seconds: f64 = text.parse().ok()?;
    if !seconds.is_finite() || seconds < 0.0 {
        return None;
    }
    Some((seconds * 1000.0).round() as u64)
}

#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum ScriptError {
    #[error("line {line}: {message}")]
    Syntax { line: usize, message: String },
    #[error("line {line}: {source}")]
    Clock { line: usize, source: ClockError },
}

fn side(word: Option<&str>, line: usize) -> Result<Color, ScriptError> {
    match word.map(str::to_ascii_lowercase).as_deref() {
        Some("white") | Some("w") => Ok(Color::White),
        Some("black") | Some("b") => Ok(Color::Black),
        other => Err(ScriptError::Syntax {
            line,
            message: format!(
                "expected `white` or `black`, found `{}`",
                other.unwrap_or("")
            ),
        }),
    }
}

/// `SIDE NUMBER` after an action; `usage` is the message when either is missing or bad.
fn side_and_number<T: std::str::FromStr>(
    words: &mut std::str::SplitWhitespace,
    line: usize,
    usage: &str,
) -> Result<(Color, T), ScriptError> {
    let s = side(words.next(), line)?;
    let n = words
        .next()
        .and_then(|w| w.parse().ok())
        .ok_or_else(|| ScriptError::Syntax {
            line,
            message: usage.to_string(),
        })?;
    Ok((s, n))
}

/// Reads a script into events with the line each came from, checking every line before any is
/// applied.
pub fn parse(text: &str) -> Result<Vec<(usize, Event)>, ScriptError> {
    let mut events = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let body = raw.split('#').next().unwrap_or("").trim();
        if body.is_empty() {
            continue;
        }
        events.push((line, parse_line(body, line)?));
    }
    Ok(events)
}

/// One line without its comment: `SECONDS ACTION [ARGS]`.
fn parse_line(body: &str, line: usize) -> Result<Event, ScriptError> {
    let bad = |message: String| syntax(line, message);
    let mut words = body.split_whitespace();
    let first = words.next().unwrap_or("");
    let at_ms = seconds_to_ms(first)
        .ok_or_else(|| bad("a line starts with the time in seconds".into()))
        .and_then(|ms| {
            limits::at_most("time", ms, MAX_INSTANT_MS).map_err(|e| bad(e.to_string()))
        })?;
    let action = words
        .next()
        .ok_or_else(|| bad("the action is missing".into()))?;
    let kind = action_kind(action, words, line)?;
    Ok(Event { at_ms, kind })
}

/// The event an action word and its arguments name.
fn action_kind(
    action: &str,
    mut words: std::str::SplitWhitespace,
    line: usize,
) -> Result<EventKind, ScriptError> {
    Ok(match action.to_ascii_lowercase().as_str() {
        "start" => EventKind::Start,
        "press" => EventKind::Press,
        "pause" => EventKind::Pause,
        "resume" => EventKind::Resume,
        "resolve" => EventKind::Resolve,
        "stop" => EventKind::Stop,
        "unstop" => EventKind::Unstop {
            reason: rest(words),
        },
        "claim" => EventKind::Claim {
            claimant: side(words.next(), line)?,
        },
        "add" => adjust_kind(words, line)?,
        "moves" => set_moves_kind(words, line)?,
        "period" => set_period_kind(words, line)?,
        "outage" => EventKind::Outage,
        "hand" => EventKind::HandTo {
            side: side(words.next(), line)?,
            reason: rest(words),
        },
        "undo" => EventKind::Undo {
            reason: rest(words),
        },
        other => return Err(syntax(line, format!("unknown action `{other}`"))),
    })
}

fn syntax(line: usize, message: String) -> ScriptError {
    ScriptError::Syntax { line, message }
}

/// The words left on a line: the reason an action gives.
fn rest(words: std::str::SplitWhitespace) -> String {
    words.collect::<Vec<_>>().join(" ")
}

/// `add SIDE SECONDS [REASON]`.
fn adjust_kind(
    mut words: std::str::SplitWhitespace,
    line: usize,
) -> Result<EventKind, ScriptError> {
    let (s, secs) = side_and_number::<f64>(&mut words, line, "`add SIDE SECONDS [REASON]`")?;
    let ms = (secs * 1000.0).round();
    if !ms.is_finite() || ms.abs() > MAX_CLOCK_MS as f64 {
        return Err(syntax(
            line,
            format!(
                "a correction of {secs} s is out of range: at most {} s either way",
                MAX_CLOCK_MS / 1000
            ),
        ));
    }
    Ok(EventKind::Adjust {
        side: s,
        ms: ms as i64,
        reason: rest(words),
    })
}

/// `moves SIDE N [REASON]`.
fn set_moves_kind(
    mut words: std::str::SplitWhitespace,
    line: usize,
) -> Result<EventKind, ScriptError> {
    let (s, moves) = side_and_number::<u32>(&mut words, line, "`moves SIDE N [REASON]`")?;
    let moves =
        limits::at_most("moves", moves, MAX_MOVES).map_err(|e| syntax(line, e.to_string()))?;
    Ok(EventKind::SetMoves {
        side: s,
        moves,
        reason: rest(words),
    })
}

/// `period SIDE N [REASON]`.
fn set_period_kind(
    mut words: std::str::SplitWhitespace,
    line: usize,
) -> Result<EventKind, ScriptError> {
    let (s, period) = side_and_number::<usize>(&mut words, line, "`period SIDE N [REASON]`")?;
    let period =
        limits::at_most("period", period, MAX_PERIODS).map_err(|e| syntax(line, e.to_string()))?;
    Ok(EventKind::SetPeriod {
        side: s,
        period,
        reason: rest(words),
    })
}

/// Runs a script on a new clock; the first refused event names its line.
pub fn run(clock: &mut GameClock, text: &str) -> Result<(), ScriptError> {
    let mut trial = clock.clone();
    for (line, event) in parse(text)? {
        trial
            .push(event)
            .map_err(|source| ScriptError::Clock { line, source })?;
    }
    *clock = trial;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scripts_drive_the_clock_and_bad_lines_name_themselves() {
        let mut clock = GameClock::new("45m/20,15m".parse().unwrap(), Color::White);
        run(
            &mut clock,
            "# a game\n0 start\n12.5 press\n300 pause\n330 resume\n400 add black 60 penalty\n",
        )
        .unwrap();
        let s = clock.snapshot(400_000);
        assert_eq!(s.white.ms_left, 2_700_000 - 12_500);
        assert_eq!(s.black.ms_left, 2_700_000 - 357_500 + 60_000);
        let before = clock.clone();
        assert_eq!(
            run(&mut clock, "401 press\n402 jump\n")
                .unwrap_err()
                .to_string(),
            "line 2: unknown action `jump`"
        );
        assert_eq!(
            run(&mut clock, "401 press\n402 resume\n")
                .unwrap_err()
                .to_string(),
            "line 2: the clock is not paused"
        );
        assert_eq!(clock, before, "a failed script changes nothing");
    }
}
