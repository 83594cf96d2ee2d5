//! Colour-order (Berger) tables, FIDE C.05 Annex 1: the first-listed number plays White. With an odd
//! number of players the table for one more is used and whoever meets the highest number rests.
//! A double round robin plays the table again with colours reversed, the last two rounds of the
//! first cycle swapped so that nobody gets three games of one colour in a row at the turn.

use serde::Serialize;

/// One round of the table: pairs `[white, black]` by player number, board order as printed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Round {
    pub round: usize,
    pub pairs: Vec<[usize; 2]>,
    pub bye: Option<usize>,
}

/// The single round robin for `players` (at least 2).
pub fn single(players: usize) -> Vec<Round> {
    assert!(players >= 2, "a round robin needs two players");
    let n = players + players % 2;
    (1..n)
        .map(|r| {
            // 0-based index of the player who meets n in round r.
            let a = ((r - 1) * n / 2) % (n - 1);
            // Board 1 is a + 1 against n; with an odd number n does not exist and a + 1 rests.
            let mut pairs = Vec::with_capacity(n / 2);
            let bye = if players < n {
                Some(a + 1)
            } else {
                pairs.push(if r % 2 == 1 { [a + 1, n] } else { [n, a + 1] });
                None
            };
            for k in 1..n / 2 {
                let white = (a + k) % (n - 1) + 1;
                let black = (a + (n - 1) - k) % (n - 1) + 1;
                pairs.push([white, black]);
            }
            Round {
                round: r,
                pairs,
                bye,
            }
        })
        .collect()
}

/// The double round robin: the first cycle with its last two rounds swapped, then the second
/// cycle with colours reversed.
pub fn double(players: usize) -> Vec<Round> {
    let mut first = single(players);
    let len = first.len();
    if len >= 2 {
        first.swap(len - 1, len - 2);
    }
    let second: Vec<Round> = first
        .iter()
        .map(|r| Round {
            round: 0,
            pairs: r.pairs.iter().map(|&[w, b]| [b, w]).collect(),
            bye: r.bye,
        })
        .collect();
    first
        .into_iter()
        .chain(second)
        .enumerate()
        .map(|(i, r)| Round { round: i + 1, ..r })
        .collect()
}
