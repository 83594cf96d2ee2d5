//! The deputies and the results they send from the floor in words: a deputy added, taken off, his
//! code revoked; a result waiting for the arbiter, or turned down.

use super::Words;
use crate::tournament::command::Command;
use crate::tournament::id::GameRef;

/// A change to the deputies or to a result waiting for the arbiter, in words.
pub fn said(w: &Words, cmd: &Command) -> String {
    match cmd {
        Command::AddDeputy { deputy } => format!(
            "{} {} ({} {})",
            w.l("deputy arbiter added:", "добавлен заместитель судьи"),
            deputy.name,
            w.l("boards", "доски"),
            deputy.boards
        ),
        Command::RemoveDeputy { name } => {
            format!(
                "{} {name}",
                w.l("deputy arbiter taken off:", "снят заместитель судьи")
            )
        }
        Command::RevokeDeputy { name, .. } => {
            format!("{} {name}", w.l("code revoked:", "отозван код заместителя"))
        }
        Command::KeepRevoked { name } => format!(
            "{} {name} {}",
            w.l("the code of", "код заместителя"),
            w.l(
                "stays revoked (a revoked code never works again)",
                "остаётся отозванным (отозванный код больше не действует)"
            )
        ),
        Command::SetPending {
            round,
            board,
            game,
            pending,
        } => match pending {
            // (Who sent it is the journal entry's own: said after it.)
            Some(s) => format!(
                "{}: {}",
                w.l("waits for confirmation", "ждёт подтверждения"),
                super::command(
                    w.t,
                    &Command::SetResult {
                        game: GameRef {
                            round: *round,
                            board: *board,
                            game: *game
                        },
                        result: s.result
                    },
                    w.lang
                ),
            ),
            None => format!(
                "{} {round}, {} {board}, {} {}",
                w.l(
                    "result from the floor turned down: round",
                    "отклонён результат с площадки: тур"
                ),
                w.l("board", "доска"),
                w.l("game", "партия"),
                game + 1,
            ),
        },
        // (Only the commands above are sent here.)
        _ => String::new(),
    }
}
