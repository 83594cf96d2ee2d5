//! Colour preferences and the allocation of colours to a pair (C.04.3, A.6 and E).

use super::history::PlayerState;
use crate::rules::Color;

/// How strongly a player wants a colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Strength {
    None,
    /// Colour difference 0: alternate from the last game.
    Mild,
    /// Colour difference ±1.
    Strong,
    /// Colour difference beyond ±1, or the same colour in the last two games.
    Absolute,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Preference {
    pub colour: Option<Color>,
    pub strength: Strength,
}

pub fn preference(p: &PlayerState) -> Preference {
    let cd = p.colour_difference();
    let last = p.colours.last().copied();
    let last_two_same =
        p.colours.len() >= 2 && p.colours[p.colours.len() - 1] == p.colours[p.colours.len() - 2];
    let other = |c: Color| match c {
        Color::White => Color::Black,
        Color::Black => Color::White,
    };
    let towards = |cd: i32| if cd > 0 { Color::Black } else { Color::White };
    if cd.abs() > 1 || last_two_same {
        let colour = if cd.abs() > 1 {
            towards(cd)
        } else {
            other(last.expect("two colours"))
        };
        Preference {
            colour: Some(colour),
            strength: Strength::Absolute,
        }
    } else if cd != 0 {
        Preference {
            colour: Some(towards(cd)),
            strength: Strength::Strong,
        }
    } else if let Some(l) = last {
        Preference {
            colour: Some(other(l)),
            strength: Strength::Mild,
        }
    } else {
        Preference {
            colour: None,
            strength: Strength::None,
        }
    }
}

/// Whether `a` taking `colour` breaks an absolute limit: a colour difference beyond ±2 or the
/// same colour three times running (never for a topscorer in the last round).
pub fn breaks_limits(a: &PlayerState, colour: Color) -> bool {
    if a.topscorer {
        return false;
    }
    let before = a.colour_difference();
    let d = before + if colour == Color::White { 1 } else { -1 };
    let n = a.colours.len();
    let three = n >= 2 && a.colours[n - 1] == colour && a.colours[n - 2] == colour;
    // A history already beyond the limit (pairings made by hand) may always come back toward it.
    (d.abs() > 2 && d.abs() > before.abs()) || three
}

/// Who plays White (in game 1) of the pair `a`–`b`, with the rule that decided it.
/// `a` is the higher ranked (higher score, then lower pairing number). `first_colour` is the
/// initial colour drawn by lot, used when neither has a colour history (E.5).
pub fn allocate(a: &PlayerState, b: &PlayerState, first_colour: Color) -> (bool, &'static str) {
    let (pa, pb) = (preference(a), preference(b));
    // E.1: both preferences granted.
    if let (Some(ca), Some(cb)) = (pa.colour, pb.colour) {
        if ca != cb {
            return (ca == Color::White, "both colour preferences granted");
        }
    }
    // E.2: the stronger preference.
    if pa.strength != pb.strength {
        let (winner, white_if) = if pa.strength > pb.strength {
            (pa, true)
        } else {
            (pb, false)
        };
        if let Some(c) = winner.colour {
            return (
                (c == Color::White) == white_if,
                "the stronger colour preference granted",
            );
        }
    }
    // E.3: alternate from the latest round in which they had different colours.
    let (ha, hb) = (&a.colours, &b.colours);
    let (mut i, mut j) = (ha.len(), hb.len());
    while i > 0 && j > 0 {
        i -= 1;
        j -= 1;
        if ha[i] != hb[j] {
            return (
                ha[i] == Color::Black,
                "colours alternate from the last round they differed",
            );
        }
    }
    // E.4: the higher ranked player's preference.
    if let Some(c) = pa.colour {
        return (
            c == Color::White,
            "the higher-ranked player's preference granted",
        );
    }
    if let Some(c) = pb.colour {
        return (
            c == Color::Black,
            "the lower-ranked player's preference granted",
        );
    }
    // E.5: no history: the higher-ranked player gets the initial colour (drawn by lot) with an
    // odd pairing number, the other colour with an even one.
    let initial = if a.rank % 2 == 1 {
        first_colour
    } else if first_colour == Color::White {
        Color::Black
    } else {
        Color::White
    };
    (initial == Color::White, "colour by lot (no colour history)")
}
