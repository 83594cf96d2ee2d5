//! Colour-order (Berger) tables, FIDE C.05 Annex 1: the first-listed number plays White. With an odd
//! number of players the table for one more is used and whoever meets the highest number rests.
//! A round robin of several cycles plays the table again and again, every other cycle with colours
//! reversed and the last two rounds of each cycle swapped so that nobody gets three games of one
//! colour in a row at a turn ([`cycles`]).

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

/// The double round robin: [`cycles`] of two.
pub fn double(players: usize) -> Vec<Round> {
    cycles(players, 2)
}

/// A round robin of `cycles` cycles (every two players meet that many times): odd cycles are the
/// table with its last two rounds swapped (C.05's recommendation for the turn of a double round
/// robin), even cycles the same with every colour reversed, so each turn between cycles is the
/// C.05 turn or its mirror and nobody plays three games of one colour in a row across it. With
/// four players the swap also changes each player's second game, so that the swapped cycle ends
/// with the two colours its reversed copy begins with: their even cycles reverse the table as
/// it is. One cycle is the table itself. An exhaustive search over every order of each cycle's
/// rounds (3–16 players, 1–6 cycles) found no case where three in a row at a turn could be
/// avoided and this order has one (`tests/cycles.rs` checks the order).
pub fn cycles(players: usize, cycles: u32) -> Vec<Round> {
    let table = single(players);
    if cycles <= 1 {
        return table;
    }
    let mut swapped = table.clone();
    let len = swapped.len();
    if len >= 2 {
        swapped.swap(len - 1, len - 2);
    }
    let even = if players == 4 { &table } else { &swapped };
    let reversed: Vec<Round> = even
        .iter()
        .map(|r| Round {
            round: 0,
            pairs: r.pairs.iter().map(|&[w, b]| [b, w]).collect(),
            bye: r.bye,
        })
        .collect();
    (0..cycles as usize)
        .flat_map(|c| {
            if c % 2 == 0 {
                swapped.clone()
            } else {
                reversed.clone()
            }
        })
        .enumerate()
        .map(|(i, r)| Round { round: i + 1, ..r })
        .collect()
}
