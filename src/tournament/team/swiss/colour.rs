//! Colours: a team's preference (art. 1.7) and the allocation of a pair (art. 4). A team's colour
//! in a match is its board-1 player's, and only a match actually played counts (art. 1.6).

use serde::Serialize;

use super::{ColourType, Input, Pair, Team};
use crate::rules::Color;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Preference {
    pub colour: Color,
    /// Type A's one strength counts as strong; type B's mild preference is not.
    pub strong: bool,
}

/// Art. 1.7: the team's colour preference when pairing `round` of `rounds`.
pub fn preference(t: &Team, kind: ColourType, last_round: bool) -> Option<Preference> {
    if kind == ColourType::None {
        return None;
    }
    let cd: i64 = t
        .colours
        .iter()
        .map(|c| if *c == Color::White { 1 } else { -1 })
        .sum();
    let last_two =
        |c: Color| t.colours.len() >= 2 && t.colours.iter().rev().take(2).all(|x| *x == c);
    let strong = |colour| {
        Some(Preference {
            colour,
            strong: true,
        })
    };
    let mild = |colour| {
        Some(Preference {
            colour,
            strong: false,
        })
    };
    // 1.7.1 (type A) and the strong preference of 1.7.2 are worded alike.
    if cd < -1 || ((cd == 0 || cd == -1) && last_two(Color::Black)) {
        return strong(Color::White);
    }
    if cd > 1 || ((cd == 0 || cd == 1) && last_two(Color::White)) {
        return strong(Color::Black);
    }
    if kind == ColourType::TypeA {
        return None;
    }
    match (cd, t.colours.last()) {
        (-1, _) => mild(Color::White),
        (1, _) => mild(Color::Black),
        (0, Some(&last)) if !last_round => mild(last.opposite()),
        _ => None,
    }
}

/// Which rule of art. 4.3 decided a pair's colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum ColourRule {
    /// 4.3.1: neither team has played; the initial-colour by the first-team's TPN.
    Initial,
    /// 4.3.2: only one team has a preference.
    OnlyPreference,
    /// 4.3.3: opposite preferences.
    Opposite,
    /// 4.3.4 (type B): only one strong preference.
    Strong,
    /// 4.3.5: White to the lower colour difference.
    Difference,
    /// 4.3.6: alternate from the last round the two had different colours.
    Alternate,
    /// 4.3.7: the first-team's preference.
    FirstPreference,
    /// 4.3.8: the first-team alternates from its last played match.
    FirstAlternates,
    /// 4.3.9: the other team alternates from its last played match.
    OtherAlternates,
}

impl ColourRule {
    pub fn article(self) -> &'static str {
        match self {
            ColourRule::Initial => "4.3.1",
            ColourRule::OnlyPreference => "4.3.2",
            ColourRule::Opposite => "4.3.3",
            ColourRule::Strong => "4.3.4",
            ColourRule::Difference => "4.3.5",
            ColourRule::Alternate => "4.3.6",
            ColourRule::FirstPreference => "4.3.7",
            ColourRule::FirstAlternates => "4.3.8",
            ColourRule::OtherAlternates => "4.3.9",
        }
    }

    /// What the rule says, in English and Russian.
    pub fn says(self) -> (&'static str, &'static str) {
        match self {
            ColourRule::Initial => (
                "neither team has played: the initial colour by the first team's number",
                "обе команды ещё не играли: цвет жребия по номеру первой команды",
            ),
            ColourRule::OnlyPreference => (
                "only one team has a colour preference",
                "предпочтение цвета только у одной команды",
            ),
            ColourRule::Opposite => ("opposite preferences", "противоположные предпочтения"),
            ColourRule::Strong => (
                "only one team has a strong preference",
                "сильное предпочтение только у одной команды",
            ),
            ColourRule::Difference => (
                "White to the lower colour difference",
                "белые — команде с меньшей разностью цветов",
            ),
            ColourRule::Alternate => (
                "alternated from the last match the two had different colours",
                "чередование от последнего матча, где цвета команд различались",
            ),
            ColourRule::FirstPreference => {
                ("the first team's preference", "предпочтение первой команды")
            }
            ColourRule::FirstAlternates => (
                "the first team alternates from its last match",
                "первая команда чередует цвет последнего матча",
            ),
            ColourRule::OtherAlternates => (
                "the other team alternates from its last match",
                "вторая команда чередует цвет последнего матча",
            ),
        }
    }
}

/// Art. 4.2: whether `a` is the first-team of the pair.
fn first_team(input: &Input, a: &Team, b: &Team) -> bool {
    if a.primary != b.primary {
        return a.primary > b.primary;
    }
    if input.secondary_used && a.secondary != b.secondary {
        return a.secondary > b.secondary;
    }
    a.tpn < b.tpn
}

/// Art. 4.3: the colours of the pair `a`–`b` (indices).
pub fn allocate(input: &Input, a: usize, b: usize) -> Pair {
    let (f, s) = if first_team(input, &input.teams[a], &input.teams[b]) {
        (a, b)
    } else {
        (b, a)
    };
    let (first, second) = (&input.teams[f], &input.teams[s]);
    let (colour, rule) = rule_for(input, first, second);
    let (white, black) = if colour == Color::White {
        (f, s)
    } else {
        (s, f)
    };
    Pair { white, black, rule }
}

/// The first-team's colour and the rule that gave it.
fn rule_for(input: &Input, first: &Team, second: &Team) -> (Color, ColourRule) {
    if first.colours.is_empty() && second.colours.is_empty() {
        let c = if first.tpn % 2 == 1 {
            input.initial
        } else {
            input.initial.opposite()
        };
        return (c, ColourRule::Initial);
    }
    let last = input.round >= input.rounds;
    let fp = preference(first, input.colour_type, last);
    let sp = preference(second, input.colour_type, last);
    match (fp, sp) {
        (Some(p), None) => return (p.colour, ColourRule::OnlyPreference),
        (None, Some(p)) => return (p.colour.opposite(), ColourRule::OnlyPreference),
        (Some(p), Some(q)) if p.colour != q.colour => return (p.colour, ColourRule::Opposite),
        (Some(p), Some(q)) if input.colour_type == ColourType::TypeB && p.strong != q.strong => {
            let c = if p.strong {
                p.colour
            } else {
                q.colour.opposite()
            };
            return (c, ColourRule::Strong);
        }
        _ => {}
    }
    let cd = |t: &Team| -> i64 {
        t.colours
            .iter()
            .map(|c| if *c == Color::White { 1 } else { -1 })
            .sum()
    };
    if cd(first) != cd(second) {
        let c = if cd(first) < cd(second) {
            Color::White
        } else {
            Color::Black
        };
        return (c, ColourRule::Difference);
    }
    for (fc, sc) in first.colours.iter().rev().zip(second.colours.iter().rev()) {
        if fc != sc {
            return (fc.opposite(), ColourRule::Alternate);
        }
    }
    if let Some(p) = fp {
        return (p.colour, ColourRule::FirstPreference);
    }
    if let Some(c) = first.colours.last() {
        return (c.opposite(), ColourRule::FirstAlternates);
    }
    let c = second.colours.last().copied().unwrap_or(input.initial);
    (c, ColourRule::OtherAlternates)
}

/// [C8]/[C9] of a pair: (a preference left unmet, a strong one left unmet). Two teams wanting
/// the same colour leave one of them without it; of a strong and a mild one, art. 4.3.4 grants
/// the strong.
pub fn unmet(a: Option<Preference>, b: Option<Preference>, kind: ColourType) -> (bool, bool) {
    match (a, b) {
        (Some(p), Some(q)) if p.colour == q.colour => {
            (true, kind == ColourType::TypeB && p.strong && q.strong)
        }
        _ => (false, false),
    }
}

impl Pair {
    /// The colours as (White, Black) TPNs.
    pub fn tpns(&self, input: &Input) -> (usize, usize) {
        (input.teams[self.white].tpn, input.teams[self.black].tpn)
    }
}
