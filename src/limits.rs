//! What the domain allows for every number a user or a file can give: a value past these is an
//! error naming the value and the limit, never a wrapped number, a huge allocation or a long loop.
//! The limits are far above any real event and far below what the arithmetic can hold.

/// Players in one event (a round robin of this size would take years; big opens stay well below).
pub const MAX_PLAYERS: usize = 2000;
/// Rounds in one event: a double round robin of [`MAX_PLAYERS`].
pub const MAX_ROUNDS: usize = 2 * MAX_PLAYERS;
/// Boards in one round or one hall of clocks.
pub const MAX_BOARDS: usize = MAX_PLAYERS / 2;
/// Games in one pairing (a micromatch is 2).
pub const MAX_GAMES: u32 = 8;
/// Extra micromatches a regulation may order after a tie.
pub const MAX_EXTRA_MICROMATCHES: u32 = 20;
/// Any time on a clock: a period, an increment, a delay, a correction, an instant in a script.
pub const MAX_CLOCK_MS: u64 = 7 * 24 * 3_600_000;
/// An instant in a clock script or an audit question (`--at`): a year of seconds.
pub const MAX_INSTANT_MS: u64 = 366 * 24 * 3_600_000;
/// Moves a side can have made, or must make in a period.
pub const MAX_MOVES: u32 = 10_000;
/// Depth of a perft count (the deepest published figures are near 20).
pub const MAX_PERFT_DEPTH: u32 = 30;
/// Periods of a time control, and the period a correction may name.
pub const MAX_PERIODS: usize = 1_000;
/// Characters of one game's record as typed or loaded (a 300-move game with comments is ~10,000).
pub const MAX_RECORD_CHARS: usize = 100_000;

/// A number past its limit: what it is, the value and the limit, as the message shows them.
/// Boxed, so that the many error enums that carry it stay small.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{} {} is out of range: at most {}", .0.what, .0.value, .0.max)]
pub struct OutOfRange(Box<Detail>);

impl crate::lang::Russian for OutOfRange {
    fn ru(&self) -> String {
        let what = match self.0.what.as_str() {
            "players" => "число участников",
            "rounds" => "число туров",
            "planned rounds" => "число запланированных туров",
            "round" => "тур",
            "virtual points" => "виртуальные очки",
            "games per pairing" => "число партий в паре",
            "extra micromatches" => "число дополнительных микроматчей",
            "a correction of" => "поправка",
            "moves" | "the move count" => "число ходов",
            "period" => "период",
            "time" => "время",
            "depth" => "глубина",
            other => other,
        };
        format!(
            "{what} {} вне допустимых пределов: не более {}",
            self.0.value, self.0.max
        )
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Detail {
    pub what: String,
    pub value: String,
    pub max: String,
}

/// `value` if it is at most `max`, else the error naming both.
pub fn at_most<T: PartialOrd + std::fmt::Display>(
    what: &str,
    value: T,
    max: T,
) -> Result<T, OutOfRange> {
    if value <= max {
        Ok(value)
    } else {
        Err(OutOfRange(Box::new(Detail {
            what: what.to_string(),
            value: value.to_string(),
            max: max.to_string(),
        })))
    }
}
