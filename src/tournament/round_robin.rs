//! Round robins paired from the colour-order (Berger) table: which table round a tournament round
//! played, which are left, and the pairs of one.

use super::berger;
use super::command::CommandError;
use super::model::{PlayerId, System, Tournament};

/// The event's colour-order table (single or double round robin).
pub fn table(t: &Tournament) -> Result<Vec<berger::Round>, CommandError> {
    let n = t.players.len();
    if n < 2 {
        return Err(CommandError::TooFewPlayers);
    }
    Ok(match t.settings.system {
        System::RoundRobin => berger::single(n),
        System::DoubleRoundRobin => berger::double(n),
        System::Swiss => return Err(CommandError::NotRoundRobin),
    })
}

/// Which round of the colour-order table a tournament round played (matched by its pairs).
pub fn table_round_of(t: &Tournament, round: usize) -> Option<usize> {
    let r = t.rounds.iter().find(|r| r.number == round)?;
    let table = table(t).ok()?;
    let number_of = |id: PlayerId| t.player(id).and_then(|p| p.number);
    let first = r.pairings.first()?;
    let pair = [number_of(first.white)?, number_of(first.black)?];
    table
        .iter()
        .find(|tr| tr.pairs.contains(&pair))
        .map(|tr| tr.round)
}

/// The table rounds not played before `round` (the regulation may draw the next among them).
pub fn not_played(t: &Tournament, round: usize) -> Result<Vec<usize>, CommandError> {
    let total = table(t)?.len();
    let played: Vec<Option<usize>> = (1..round).map(|r| table_round_of(t, r)).collect();
    let left: Vec<usize> = (1..=total)
        .filter(|n| !played.contains(&Some(*n)))
        .collect();
    if left.is_empty() {
        return Err(CommandError::NoTableRound {
            players: t.players.len(),
            rounds: total,
        });
    }
    Ok(left)
}

/// A round's pairs (White of game 1 first) and its bye.
pub type Pairs = (Vec<(PlayerId, PlayerId)>, Option<PlayerId>);

/// The pairs and the bye of tournament round `round` playing table round `table_round` (the
/// round's own number when `None`); every player must have a number.
pub fn pairs(
    t: &Tournament,
    round: usize,
    table_round: Option<usize>,
) -> Result<Pairs, CommandError> {
    let rounds = table(t)?;
    let table_round = table_round.unwrap_or(round);
    if table_round == 0 || table_round > rounds.len() {
        return Err(CommandError::NoTableRound {
            players: t.players.len(),
            rounds: rounds.len(),
        });
    }
    let played: Vec<Option<usize>> = (1..round).map(|r| table_round_of(t, r)).collect();
    if played.contains(&Some(table_round)) {
        return Err(CommandError::TableRoundPlayed(table_round));
    }
    let by_number = |n: usize| t.players.iter().find(|p| p.number == Some(n)).map(|p| p.id);
    let tr = &rounds[table_round - 1];
    let pairs = tr
        .pairs
        .iter()
        .filter_map(|&[w, b]| Some((by_number(w)?, by_number(b)?)))
        .collect();
    Ok((pairs, tr.bye.and_then(by_number)))
}
