//! A round's ballots (the opening each board starts from) in words: drawn, set by hand.

use super::Words;
use crate::tournament::command::Command;

/// A ballot drawn or set, for a board or a whole round, in words.
pub fn said(w: &Words, cmd: &Command) -> String {
    match cmd {
        Command::DrawBallot {
            round, board, seed, ..
        } => match board {
            Some(b) => format!(
                "{} {round}, {} {b}: {} ({} {seed})",
                w.l("round", "тур"),
                w.l("board", "доска"),
                w.l("ballot drawn", "жеребьёвка начала"),
                w.l("seed", "зерно")
            ),
            None => format!(
                "{} {round}: {} ({} {seed})",
                w.l("round", "тур"),
                w.l("ballots drawn", "жеребьёвка начал"),
                w.l("seed", "зерно")
            ),
        },
        Command::SetBallot {
            round,
            board,
            ballot,
        } => format!(
            "{} {round}, {} {board}: {} {}",
            w.l("round", "тур"),
            w.l("board", "доска"),
            w.l("ballot", "начало"),
            ballot
                .as_ref()
                .map(|b| b.cell.clone())
                .unwrap_or_else(|| "—".into())
        ),
        Command::SetBallots { round, .. } => {
            format!(
                "{} {round}: {}",
                w.l("round", "тур"),
                w.l("ballots set", "начала")
            )
        }
        // (Only the commands above are sent here.)
        _ => String::new(),
    }
}
