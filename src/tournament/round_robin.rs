//! Round robins paired from the colour-order (Berger) table: which table round a tournament round
//! played, which are left, and the pairs of one.

use super::berger;
use super::model::{PlayerId, Tournament};

/// Why a round robin's round cannot be paired from its table.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum RoundRobinError {
    #[error("a round robin of {players} players has {rounds} rounds")]
    NoTableRound { players: usize, rounds: usize },
    #[error("table round {0} has already been played")]
    TableRoundPlayed(usize),
    #[error("this event is not a round robin: its rounds are paired by its own system (`pair`)")]
    NotRoundRobin,
    #[error("a round robin needs at least 2 players")]
    TooFewPlayers,
}

impl crate::lang::Russian for RoundRobinError {
    fn ru(&self) -> String {
        match self {
            RoundRobinError::NoTableRound { players, rounds } => {
                // «для 21 участника», «для 10 участников»: the genitive after «для».
                let noun = crate::lang::ru_noun(
                    *players as u64,
                    ["участника", "участников", "участников"],
                );
                format!("в круговом турнире для {players} {noun} число туров — {rounds}")
            }
            RoundRobinError::TableRoundPlayed(round) => {
                format!("тур {round} таблицы Бергера уже сыгран")
            }
            RoundRobinError::NotRoundRobin => {
                "этот турнир не круговой: пары его туров составляются по его системе (`pair`)"
                    .to_string()
            }
            RoundRobinError::TooFewPlayers => {
                "для кругового турнира нужно не менее 2 участников".to_string()
            }
        }
    }
}

/// The event's colour-order table (single or double round robin).
pub fn table(t: &Tournament) -> Result<Vec<berger::Round>, RoundRobinError> {
    let n = t.players.len();
    if n < 2 {
        return Err(RoundRobinError::TooFewPlayers);
    }
    if !t.settings.system.is_round_robin() {
        return Err(RoundRobinError::NotRoundRobin);
    }
    Ok(berger::cycles(n, t.settings.cycles()))
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
pub fn not_played(t: &Tournament, round: usize) -> Result<Vec<usize>, RoundRobinError> {
    let total = table(t)?.len();
    let played: Vec<Option<usize>> = (1..round).map(|r| table_round_of(t, r)).collect();
    let left: Vec<usize> = (1..=total)
        .filter(|n| !played.contains(&Some(*n)))
        .collect();
    if left.is_empty() {
        return Err(RoundRobinError::NoTableRound {
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
) -> Result<Pairs, RoundRobinError> {
    let rounds = table(t)?;
    let table_round = table_round.unwrap_or(round);
    if table_round == 0 || table_round > rounds.len() {
        return Err(RoundRobinError::NoTableRound {
            players: t.players.len(),
            rounds: rounds.len(),
        });
    }
    let played: Vec<Option<usize>> = (1..round).map(|r| table_round_of(t, r)).collect();
    if played.contains(&Some(table_round)) {
        return Err(RoundRobinError::TableRoundPlayed(table_round));
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
