//! A round's pairing in words: numbers drawn, a round paired, taken back, put back, locked.

use super::Words;
use crate::tournament::command::Command;

/// A change to the pairing numbers or to a round's pairing in words.
pub fn said(w: &Words, cmd: &Command) -> String {
    match cmd {
        Command::DrawNumbers { seed } => {
            format!(
                "{} ({} {seed})",
                w.l("numbers drawn by lot", "жеребьёвка номеров"),
                w.l("seed", "зерно")
            )
        }
        Command::SetNumbers { .. } => w.l("pairing numbers set", "номера установлены"),
        Command::PairRound { round, .. } | Command::DrawTableRound { round, .. } => {
            format!(
                "{} {round} {}",
                w.l("round", "тур"),
                w.l("paired", "составлен")
            )
        }
        Command::SetPairings { round, pairs, .. } => format!(
            "{} {round} {} ({})",
            w.l("round", "тур"),
            w.l("paired", "составлен"),
            w.lang.count(
                pairs.len() as u64,
                ["board", "boards"],
                ["доска", "доски", "досок"]
            )
        ),
        Command::SetForbidden { pairs } => format!(
            "{}: {}",
            w.l("forbidden pairs", "запрещённые пары"),
            pairs.len()
        ),
        Command::RestoreRound { round } => format!(
            "{} {} {}",
            w.l("round", "тур"),
            round.number,
            w.l("put back", "восстановлен")
        ),
        Command::UnpairRound { round } => {
            format!(
                "{} {round} {}",
                w.l("round", "тур"),
                w.l("taken back", "отменён")
            )
        }
        Command::LockRound { round } => {
            format!(
                "{} {round} {}",
                w.l("round", "тур"),
                w.l("locked", "закрыт")
            )
        }
        Command::UnlockRound { round } => {
            format!(
                "{} {round} {}",
                w.l("round", "тур"),
                w.l("unlocked", "открыт")
            )
        }
        // (Only the commands above are sent here.)
        _ => String::new(),
    }
}
