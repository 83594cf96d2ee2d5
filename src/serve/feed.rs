//! The relay feed: the current round as one PDN file, one game per board and game in a fixed
//! order (every board's game 1, then every board's game 2, then the extra games), so that a
//! broadcast that matches games by their place in the file keeps each board where it was. Each
//! game carries its score sheet's moves and the clock times after each (see
//! [`crate::tournament::records`]).

use std::path::Path;

use crate::tournament::model::Tournament;
use crate::tournament::records;

/// The current round of `t` as PDN (empty before the first round), with the clock logs of
/// `event`'s folder.
pub fn games(t: &Tournament, event: &Path) -> String {
    t.rounds
        .last()
        .map(|round| records::round_pdn(t, round, Some(event)))
        .unwrap_or_default()
}
