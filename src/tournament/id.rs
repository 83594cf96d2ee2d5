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
