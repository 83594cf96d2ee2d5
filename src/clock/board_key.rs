//! The one identity of a board in the hall: its number in the round's pairing list. It names the
//! clock's log (`board-005.clocklog` is board 5's, whichever clocks were started before it), the
//! board's keys and its hall row, and it is what a game record's clock times are looked up by.
//! The console and the command line both write it; both old spellings of it are read.

use std::path::Path;

use serde::{Deserialize, Serialize};

/// A board's number, from 1, as the pairing list gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct BoardKey(pub usize);

/// The ending of a clock log's file name.
pub const LOG_EXTENSION: &str = "clocklog";

impl BoardKey {
    /// Reads a board as logs and people have written it: `5`, `Board 5`, `доска 5`, `board-005`.
    pub fn read(text: &str) -> Option<BoardKey> {
        let t = text.trim();
        let lower = t.to_lowercase();
        let digits = ["board-", "board", "доска"]
            .iter()
            .find_map(|p| lower.strip_prefix(p))
            .unwrap_or(&lower)
            .trim()
            .trim_start_matches('№')
            .trim();
        let n: usize = digits.parse().ok()?;
        (n >= 1).then_some(BoardKey(n))
    }

    /// The file its clock's log is written to, inside a game's clock folder.
    pub fn log_file(self) -> String {
        format!("board-{:03}.{LOG_EXTENSION}", self.0)
    }

    /// The board a log belongs to: the board its header names, else its file name's.
    pub fn of_log(header: Option<&str>, path: &Path) -> Option<BoardKey> {
        header.and_then(BoardKey::read).or_else(|| {
            path.file_stem()
                .and_then(|s| s.to_str())
                .and_then(BoardKey::read)
        })
    }
}

impl std::fmt::Display for BoardKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl From<usize> for BoardKey {
    fn from(n: usize) -> BoardKey {
        BoardKey(n)
    }
}

#[cfg(test)]
mod tests {
    use super::BoardKey;
    use std::path::Path;

    #[test]
    fn every_spelling_a_log_has_used_names_the_same_board() {
        for text in ["5", "Board 5", "board 5", "Доска 5", "board-005", " 5 "] {
            assert_eq!(BoardKey::read(text), Some(BoardKey(5)), "{text}");
        }
        for text in ["", "0", "Board", "A1", "-3"] {
            assert_eq!(BoardKey::read(text), None, "{text}");
        }
    }

    #[test]
    fn the_header_names_the_board_before_the_file_name_does() {
        let path = Path::new("round-2-game-3/board-001.clocklog");
        assert_eq!(BoardKey::of_log(Some("5"), path), Some(BoardKey(5)));
        assert_eq!(BoardKey::of_log(Some("Board 7"), path), Some(BoardKey(7)));
        assert_eq!(BoardKey::of_log(None, path), Some(BoardKey(1)));
        assert_eq!(BoardKey(5).log_file(), "board-005.clocklog");
    }
}
