//! A game's record in words: its score sheet kept or removed, the arbiter's notes on a board.

use super::Words;
use crate::tournament::command::Command;
use crate::tournament::id::GameRef;

/// A score sheet or a board's notes in words.
pub fn said(w: &Words, cmd: &Command) -> String {
    match cmd {
        Command::SetRecord {
            game: GameRef { round, board, game },
            moves,
        } => format!(
            "{} {round}, {} {board}, {} {}: {}",
            w.l("round", "тур"),
            w.l("board", "доска"),
            w.l("game", "партия"),
            game + 1,
            match moves {
                Some(text) => {
                    let plies = crate::rules::pdn::read(text)
                        .ok()
                        .and_then(|g| g.first().map(|g| g.moves.len()))
                        .unwrap_or(0);
                    format!(
                        "{} ({})",
                        w.l("score sheet kept", "бланк записи сохранён"),
                        w.lang.count(
                            plies as u64,
                            ["ply", "plies"],
                            ["полуход", "полухода", "полуходов"]
                        )
                    )
                }
                None => w.l("score sheet removed", "бланк записи удалён"),
            }
        ),
        Command::SetNotes {
            round,
            board,
            notes,
        } => format!(
            "{} {round}, {} {board}: {}",
            w.l("round", "тур"),
            w.l("board", "доска"),
            notes.last().map_or_else(
                || w.l("notes cleared", "заметки стёрты"),
                |n| n.get(w.lang).to_string()
            )
        ),
        // (Only the commands above are sent here.)
        _ => String::new(),
    }
}
