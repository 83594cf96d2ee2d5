//! The ids an event's records name things by: a player, a team, one game. Each is a type of its
//! own so that a starting number, a board or a round is never passed where a player or a team is
//! meant; each is saved as the bare number (older files read unchanged).

use serde::{Deserialize, Serialize};

/// A newtype over `u32` saved as the number, shown as the number, read from the number a
/// command line gives.
macro_rules! number_id {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(
            Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
        )]
        #[serde(transparent)]
        pub struct $name(pub u32);

        impl $name {
            /// The id `n` places after this one: the ids a list hands out in its order.
            pub fn offset(self, n: usize) -> $name {
                $name(self.0 + n as u32)
            }

            /// The id after the highest of `ids` (1 for none): a newly entered one's.
            pub fn after(ids: impl IntoIterator<Item = $name>) -> $name {
                ids.into_iter().max().unwrap_or_default().offset(1)
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                self.0.fmt(f)
            }
        }

        impl std::str::FromStr for $name {
            type Err = std::num::ParseIntError;
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                s.trim().parse().map($name)
            }
        }
    };
}

number_id!(
    /// A player's id in the event: the program's own number, kept when the list is re-sorted
    /// (the arbiter sees starting numbers, not these).
    PlayerId
);

number_id!(
    /// A team's id in the event, kept when the team list is re-sorted (its number, the TRF's
    /// `013` order, is its place in the list: `Tournament::team_number`).
    TeamId
);

/// One game of the event: its round, its board (the round's board number) and the game on that
/// board, counted from 0 through the micromatch's games and then its extra games, as the score
/// sheets are kept. Saved in a journal line as its three numbers beside the command's own
/// fields (`"round":2,"board":3,"game":0`), as lines were written before it had a name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct GameRef {
    pub round: usize,
    pub board: usize,
    pub game: usize,
}

impl GameRef {
    pub fn new(round: usize, board: usize, game: usize) -> GameRef {
        GameRef { round, board, game }
    }
}

impl std::fmt::Display for GameRef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "round {}, board {}, game {}",
            self.round,
            self.board,
            self.game + 1
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::command::Command;
    use crate::tournament::model::GameResult;

    /// Journals written before the ids had types (and every older event file) read unchanged,
    /// and what is written now reads in the older shape: the numbers bare, a game's three
    /// numbers beside the command's fields.
    #[test]
    fn the_typed_ids_are_saved_as_the_numbers_they_were() {
        let line = r#"{"command":"set_result","round":2,"board":3,"game":1,"result":"draw"}"#;
        let cmd: Command = serde_json::from_str(line).unwrap();
        assert_eq!(
            cmd,
            Command::SetResult {
                game: GameRef::new(2, 3, 1),
                result: GameResult::Draw,
            }
        );
        assert_eq!(serde_json::to_string(&cmd).unwrap(), line);
        let record = r#"{"command":"set_record","round":1,"board":2,"game":3,"moves":"1. cd4 *"}"#;
        let cmd: Command = serde_json::from_str(record).unwrap();
        assert!(matches!(cmd, Command::SetRecord { game, .. } if game == GameRef::new(1, 2, 3)));
        assert_eq!(serde_json::to_string(&cmd).unwrap(), record);

        let ids: Vec<PlayerId> = crate::files::ron_text::from_str("x.ron", "[3, 1]").unwrap();
        assert_eq!(ids, [PlayerId(3), PlayerId(1)]);
        assert_eq!(crate::files::ron_text::to_string(&TeamId(12)), "12");
    }

    #[test]
    fn an_id_reads_from_the_command_line_and_shows_as_its_number() {
        assert_eq!(" 17".parse::<PlayerId>(), Ok(PlayerId(17)));
        assert!("x".parse::<TeamId>().is_err());
        assert_eq!(PlayerId(9).to_string(), "9");
        assert_eq!(PlayerId::after([PlayerId(3), PlayerId(8)]), PlayerId(9));
        assert_eq!(PlayerId::after([]), PlayerId(1));
        assert_eq!(
            GameRef::new(4, 2, 0).to_string(),
            "round 4, board 2, game 1"
        );
    }
}
