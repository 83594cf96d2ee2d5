//! Deputy arbiters who enter results from the floor: each has a name, the boards he looks after
//! and a code. The event keeps only the code's SHA-256 (a copy of the file gives nobody a code);
//! a revoked deputy stays listed, so the journal's names keep meaning something, and his code
//! never works again.

use chrono::{DateTime, Utc};
use rand_chacha::rand_core::RngCore;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::model::{GameResult, Tournament};

/// The highest board number a deputy's boards may name (far above any hall).
pub const MAX_BOARD: usize = 9_999;
/// Characters of a deputy's name.
pub const MAX_NAME: usize = 80;

/// A deputy arbiter as the event keeps him.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deputy {
    pub name: String,
    pub boards: Boards,
    /// `sha256:` and the hex digest of the code as [`normalise`] writes it.
    pub code: String,
    pub added: DateTime<Utc>,
    /// When his code was revoked: it never works again.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub revoked: Option<DateTime<Utc>>,
}

impl Deputy {
    pub fn new(name: &str, boards: Boards, code: &str, added: DateTime<Utc>) -> Deputy {
        Deputy {
            name: name.trim().to_string(),
            boards,
            code: hash(code),
            added,
            revoked: None,
        }
    }

    pub fn live(&self) -> bool {
        self.revoked.is_none()
    }
}

/// Board numbers as ranges: `1-12,15` (saved as that text).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Boards(Vec<(usize, usize)>);

impl Boards {
    pub fn contains(&self, board: usize) -> bool {
        self.0.iter().any(|&(a, b)| (a..=b).contains(&board))
    }

    /// Reads `1-12,15`, `3`, `1–4, 7` (spaces and an en dash allowed).
    pub fn parse(text: &str) -> Result<Boards, BoardsError> {
        let mut ranges = Vec::new();
        for part in text.split(',').map(str::trim) {
            if part.is_empty() {
                continue;
            }
            let bad = || BoardsError::Unreadable(part.to_string());
            let number = |s: &str| -> Result<usize, BoardsError> {
                let n: usize = s.trim().parse().map_err(|_| bad())?;
                if n == 0 || n > MAX_BOARD {
                    return Err(BoardsError::OutOfRange(n));
                }
                Ok(n)
            };
            let range = match part.split_once(['-', '–']) {
                Some((a, b)) => (number(a)?, number(b)?),
                None => (number(part)?, number(part)?),
            };
            if range.0 > range.1 {
                return Err(bad());
            }
            ranges.push(range);
        }
        if ranges.is_empty() {
            return Err(BoardsError::Empty);
        }
        ranges.sort_unstable();
        Ok(Boards(ranges))
    }
}

impl std::fmt::Display for Boards {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let parts: Vec<String> = self
            .0
            .iter()
            .map(|&(a, b)| {
                if a == b {
                    a.to_string()
                } else {
                    format!("{a}-{b}")
                }
            })
            .collect();
        f.write_str(&parts.join(","))
    }
}

impl Serialize for Boards {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_string())
    }
}

impl<'de> Deserialize<'de> for Boards {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Boards, D::Error> {
        let text = String::deserialize(d)?;
        Boards::parse(&text).map_err(serde::de::Error::custom)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BoardsError {
    #[error("no boards given (write them as 1-12,15)")]
    Empty,
    #[error("`{0}` is not a board number or a range (write them as 1-12,15)")]
    Unreadable(String),
    #[error("board {0} is out of range: from 1 to {MAX_BOARD}")]
    OutOfRange(usize),
}

impl crate::lang::Russian for BoardsError {
    fn ru(&self) -> String {
        match self {
            BoardsError::Empty => "доски не указаны (пишите их так: 1-12,15)".to_string(),
            BoardsError::Unreadable(part) => {
                format!("«{part}» — не номер доски и не диапазон (пишите так: 1-12,15)")
            }
            BoardsError::OutOfRange(n) => format!("доска {n} вне пределов: от 1 до {MAX_BOARD}"),
        }
    }
}

/// The code's letters: Crockford's base 32 (no i, l, o, u), so that nothing read off a screen is
/// mistaken for another letter.
const ALPHABET: &[u8; 32] = b"0123456789abcdefghjkmnpqrstvwxyz";
/// Letters in a code: 25 × 5 bits = 125 random bits.
pub const CODE_LETTERS: usize = 25;

/// A new code from `rng` (the callers give the system's generator), in groups of five:
/// `k3f9q-2mxwd-…`.
pub fn new_code(rng: &mut impl RngCore) -> String {
    let mut out = String::new();
    for i in 0..CODE_LETTERS {
        if i > 0 && i % 5 == 0 {
            out.push('-');
        }
        out.push(ALPHABET[(rng.next_u32() % 32) as usize] as char);
    }
    out
}

/// The code as it is hashed: lower case, without dashes and spaces, the letters people confuse
/// read as Crockford's base 32 reads them (o → 0, i and l → 1).
pub fn normalise(code: &str) -> String {
    code.chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .map(|c| match c.to_ascii_lowercase() {
            'o' => '0',
            'i' | 'l' => '1',
            c => c,
        })
        .collect()
}

/// What the event keeps of a code.
pub fn hash(code: &str) -> String {
    let digest = Sha256::digest(format!("shashki-arbiter deputy\0{}", normalise(code)));
    let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
    format!("sha256:{hex}")
}

impl Tournament {
    /// The live deputy whose code this is; `None` for an unknown or revoked code.
    pub fn deputy_by_code(&self, code: &str) -> Option<&Deputy> {
        // A code is never empty or short: nothing is hashed for what cannot be one.
        if normalise(code).len() < CODE_LETTERS || code.len() > 200 {
            return None;
        }
        let h = hash(code);
        self.deputies.iter().find(|d| d.live() && d.code == h)
    }

    /// The live deputy of this name.
    pub fn deputy(&self, name: &str) -> Option<&Deputy> {
        let name = name.trim();
        self.deputies.iter().find(|d| d.live() && d.name == name)
    }
}

/// How results from the floor reach the event (an event setting).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FloorResults {
    /// Applied as soon as they come, as if the arbiter had typed them.
    #[default]
    AtOnce,
    /// Kept as pending until the arbiter confirms or rejects each.
    Confirm,
}

impl FloorResults {
    pub fn is_default(&self) -> bool {
        *self == FloorResults::AtOnce
    }
}

/// A result a deputy sent while the event asks the arbiter to confirm them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Submitted {
    pub round: usize,
    pub board: usize,
    /// From 0, as [`crate::tournament::command::Command::SetResult`] counts.
    pub game: usize,
    pub result: GameResult,
    pub by: String,
    pub address: String,
    pub at: DateTime<Utc>,
}

/// Who made a change that did not come from the console: a deputy from his phone.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Author {
    pub deputy: String,
    /// The network address the change came from.
    pub address: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_read_and_write_as_ranges() {
        let b = Boards::parse("15, 1-12").unwrap();
        assert_eq!(b.to_string(), "1-12,15");
        assert!(b.contains(1) && b.contains(12) && b.contains(15));
        assert!(!b.contains(13) && !b.contains(0) && !b.contains(16));
        assert_eq!(Boards::parse("3–5").unwrap().to_string(), "3-5");
        assert_eq!(Boards::parse(""), Err(BoardsError::Empty));
        assert_eq!(Boards::parse("0"), Err(BoardsError::OutOfRange(0)));
        assert!(matches!(
            Boards::parse("5-2"),
            Err(BoardsError::Unreadable(_))
        ));
        assert!(matches!(
            Boards::parse("a-b"),
            Err(BoardsError::Unreadable(_))
        ));
    }

    #[test]
    fn a_code_is_found_by_its_hash_however_it_is_typed() {
        use rand_chacha::rand_core::SeedableRng;
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(7);
        let code = new_code(&mut rng);
        assert_eq!(code.len(), CODE_LETTERS + 4);
        assert_ne!(code, new_code(&mut rng));
        let mut t = Tournament::new(
            "cup",
            crate::rules::Variant::Russian,
            crate::tournament::model::System::RoundRobin,
            crate::clock::TimeControl::sudden_death(45),
            1,
        );
        let at = DateTime::from_timestamp(0, 0).unwrap();
        t.deputies.push(Deputy::new(
            " Иванов ",
            Boards::parse("1-4").unwrap(),
            &code,
            at,
        ));
        assert!(!t.deputies[0].code.contains(&normalise(&code)));
        let typed = code.to_uppercase().replace('-', " ");
        assert_eq!(
            t.deputy_by_code(&typed).map(|d| d.name.as_str()),
            Some("Иванов")
        );
        assert!(t.deputy_by_code("").is_none());
        assert!(t.deputy_by_code(&new_code(&mut rng)).is_none());
        t.deputies[0].revoked = Some(at);
        assert!(t.deputy_by_code(&code).is_none());
    }
}
