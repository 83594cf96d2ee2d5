//! The counting draw rules (domain.md, "Draw rules"). The program counts and tells the arbiter
//! when a rule would end the game; it never ends a game by itself. Every limit is a parameter.

use serde::Serialize;

use super::color::Color;
use super::mv::Move;
use super::position::Position;
use super::square::{Bits, Board};
use super::variant::Variant;

/// What a rule watches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Condition {
    /// Only kings have moved, with no capture (reset by any man move or capture).
    KingsOnly,
    /// A lone king against `min..=max` pieces of which at least `kings` are kings; with
    /// `main_road`, the lone king stands on the long diagonal a1–h8. Counted in the stronger
    /// side's moves from the moment this material arose.
    LoneKing {
        min: u32,
        max: u32,
        kings: u32,
        main_road: bool,
    },
    /// Both sides have kings and `min..=max` pieces stand on the board; the force ratio must not
    /// change (no capture, no promotion).
    BothHaveKings { min: u32, max: u32 },
    /// The weaker side has exactly `weak_kings` kings and nothing else, the stronger exactly
    /// `strong` pieces with at most `strong_men` men.
    AgainstKings {
        weak_kings: u32,
        strong: u32,
        strong_men: u32,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawRule {
    pub id: &'static str,
    pub condition: Condition,
    /// Moves allowed: for lone-king rules the stronger side's moves, else moves of both sides.
    pub moves: u32,
}

/// A counting rule's name for the arbiter, by its id (the id is what files and the command line
/// use; a screen shows this).
pub fn rule_name(id: &str, lang: crate::lang::Lang) -> &str {
    let (en, ru) = match id {
        "kings_only" => (
            "only kings moved, no capture",
            "ходы только дамками, без взятий",
        ),
        "three_kings_vs_king" => (
            "three kings (or more) against a lone king",
            "три дамки (и более) против одинокой дамки",
        ),
        "three_vs_king_on_main_road" => (
            "three pieces against a lone king on the main road",
            "три шашки против одинокой дамки на большой дороге",
        ),
        "kings_2_3_pieces" => (
            "both have kings, 2–3 pieces on the board",
            "дамки у обеих сторон, на доске 2–3 шашки",
        ),
        "kings_4_5_pieces" => (
            "both have kings, 4–5 pieces on the board",
            "дамки у обеих сторон, на доске 4–5 шашек",
        ),
        "kings_6_7_pieces" => (
            "both have kings, 6–7 pieces on the board",
            "дамки у обеих сторон, на доске 6–7 шашек",
        ),
        "up_to_two_vs_king" => (
            "one or two pieces, a king among them, against a lone king",
            "одна-две шашки, среди них дамка, против одинокой дамки",
        ),
        "three_vs_king" => (
            "three pieces, a king among them, against a lone king",
            "три шашки, среди них дамка, против одинокой дамки",
        ),
        "five_pieces_vs_two_kings" => (
            "three pieces against two kings",
            "три шашки против двух дамок",
        ),
        "no_material_change" => (
            "no change of material (towers)",
            "без изменения соотношения сил (столбовые шашки)",
        ),
        other => (other, other),
    };
    lang.pick(en, ru)
}

/// The default rules of a variant.
pub fn rules_for(variant: Variant) -> Vec<DrawRule> {
    use Condition::*;
    let r = |id, condition, moves| DrawRule {
        id,
        condition,
        moves,
    };
    match variant {
        Variant::Russian | Variant::Diagonal => vec![
            r("kings_only", KingsOnly, 15),
            r(
                "three_kings_vs_king",
                LoneKing {
                    min: 3,
                    max: 12,
                    kings: 3,
                    main_road: false,
                },
                15,
            ),
            r(
                "three_vs_king_on_main_road",
                LoneKing {
                    min: 3,
                    max: 3,
                    kings: 0,
                    main_road: true,
                },
                5,
            ),
            r("kings_2_3_pieces", BothHaveKings { min: 2, max: 3 }, 5),
            r("kings_4_5_pieces", BothHaveKings { min: 4, max: 5 }, 30),
            r("kings_6_7_pieces", BothHaveKings { min: 6, max: 7 }, 60),
        ],
        // Brazilian follows the international rules on 8x8, so it takes its counts too.
        Variant::International | Variant::Brazilian => vec![
            r("kings_only", KingsOnly, 25),
            r(
                "up_to_two_vs_king",
                LoneKing {
                    min: 1,
                    max: 2,
                    kings: 1,
                    main_road: false,
                },
                5,
            ),
            r(
                "three_vs_king",
                LoneKing {
                    min: 3,
                    max: 3,
                    kings: 1,
                    main_road: false,
                },
                16,
            ),
            // 004: "five kings, or four kings and a man, against two kings" read as five pieces on
            // the board, the weaker side two kings, the stronger three pieces, at most one a man.
            r(
                "five_pieces_vs_two_kings",
                AgainstKings {
                    weak_kings: 2,
                    strong: 3,
                    strong_men: 1,
                },
                50,
            ),
        ],
        // Giveaway and English checkers have no counting rule in the seeds: repetition only.
        Variant::RussianGiveaway | Variant::English => vec![],
    }
}

fn on_main_road(board: Board, bits: u64) -> bool {
    Bits(bits).all(|b| {
        let sq = board.square_of_bit(b);
        board.row(sq) + board.col(sq) == board.size() - 1
    })
}

impl Condition {
    /// Whether the condition holds, and for lone-king rules which side is the stronger.
    fn holds(&self, pos: &Position) -> Option<Option<Color>> {
        let (wm, wk) = pos.count(Color::White);
        let (bm, bk) = pos.count(Color::Black);
        // (men, kings) of a side taken as the stronger one, then of the other side.
        let split = |strong: Color| match strong {
            Color::White => ((wm, wk), (bm, bk)),
            Color::Black => ((bm, bk), (wm, wk)),
        };
        match *self {
            Condition::KingsOnly => Some(None),
            Condition::LoneKing {
                min,
                max,
                kings,
                main_road,
            } => {
                for strong in [Color::White, Color::Black] {
                    let ((sm, sk), (om, ok)) = split(strong);
                    let total = sm + sk;
                    if om == 0 && ok == 1 && (min..=max).contains(&total) && sk >= kings {
                        let weak_bits = match strong {
                            Color::White => pos.black,
                            Color::Black => pos.white,
                        };
                        if !main_road || on_main_road(pos.board(), weak_bits) {
                            return Some(Some(strong));
                        }
                    }
                }
                None
            }
            Condition::BothHaveKings { min, max } => {
                let total = wm + wk + bm + bk;
                (wk > 0 && bk > 0 && (min..=max).contains(&total)).then_some(None)
            }
            Condition::AgainstKings {
                weak_kings,
                strong,
                strong_men,
            } => {
                for s in [Color::White, Color::Black] {
                    let ((sm, sk), (om, ok)) = split(s);
                    if om == 0 && ok == weak_kings && sm + sk == strong && sm <= strong_men {
                        return Some(Some(s));
                    }
                }
                None
            }
        }
    }
}

/// A counter that reached its limit: the ply at which the rule would end the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DrawEvent {
    pub rule: &'static str,
    /// The ply after which the counting began (0 = the start position).
    pub since_ply: usize,
    pub ends_at_ply: usize,
}

/// A counter still running at the end of the record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RunningCounter {
    pub rule: &'static str,
    pub since_ply: usize,
    /// Moves counted so far and the limit, in the rule's units.
    pub moves: u32,
    pub limit: u32,
    /// The ply at which the game is drawn if nothing changes.
    pub ends_at_ply: usize,
}

#[derive(Clone, Debug)]
struct Running {
    since: usize,
    strong: Option<Color>,
    /// Plies counted: all plies, or only the stronger side's.
    count: u32,
    fired: bool,
}

impl Running {
    fn new(since: usize, strong: Option<Color>) -> Running {
        Running {
            since,
            strong,
            count: 0,
            fired: false,
        }
    }
}

/// Feeds plies one by one and reports when counters reach their limits.
#[derive(Clone, Debug)]
pub struct DrawCounters {
    rules: Vec<DrawRule>,
    running: Vec<Option<Running>>,
    pub events: Vec<DrawEvent>,
}

impl DrawCounters {
    pub fn new(rules: Vec<DrawRule>, start: &Position) -> DrawCounters {
        let mut counters = DrawCounters {
            running: vec![None; rules.len()],
            rules,
            events: Vec::new(),
        };
        for (i, rule) in counters.rules.iter().enumerate() {
            if rule.condition == Condition::KingsOnly {
                continue;
            }
            counters.running[i] = rule
                .condition
                .holds(start)
                .map(|strong| Running::new(0, strong));
        }
        counters
    }

    fn limit(rule: &DrawRule, strong: Option<Color>) -> u32 {
        match strong {
            Some(_) => rule.moves,
            None => rule.moves * 2,
        }
    }

    /// Records ply `ply` (from 1): `before` is the position the move was played in.
    pub fn push(&mut self, ply: usize, before: &Position, m: &Move, after: &Position) {
        let was_king = before.kings & (1u64 << before.board().bit(m.from)) != 0;
        let changes_material = m.is_capture() || m.promotion;
        for (i, rule) in self.rules.iter().enumerate() {
            let slot = &mut self.running[i];
            match rule.condition {
                Condition::KingsOnly => {
                    if was_king && !m.is_capture() {
                        let r = slot.get_or_insert(Running::new(ply - 1, None));
                        r.count += 1;
                    } else {
                        *slot = None;
                    }
                }
                _ => match rule.condition.holds(after) {
                    None => *slot = None,
                    Some(strong) => {
                        if changes_material || slot.as_ref().is_none_or(|r| r.strong != strong) {
                            *slot = Some(Running::new(ply, strong));
                        } else if let Some(r) = slot.as_mut() {
                            if r.strong.is_none() || r.strong == Some(before.turn()) {
                                r.count += 1;
                            }
                        }
                    }
                },
            }
            if let Some(r) = slot.as_mut() {
                if !r.fired && r.count >= Self::limit(rule, r.strong) {
                    r.fired = true;
                    self.events.push(DrawEvent {
                        rule: rule.id,
                        since_ply: r.since,
                        ends_at_ply: ply,
                    });
                }
            }
        }
    }

    /// The counters running now, with the ply at which each would end the game.
    pub fn running(&self, ply: usize, turn: Color) -> Vec<RunningCounter> {
        self.rules
            .iter()
            .zip(&self.running)
            .filter_map(|(rule, r)| {
                let r = r.as_ref()?;
                let limit = Self::limit(rule, r.strong);
                let left = limit.saturating_sub(r.count) as usize;
                let ends_at_ply = match r.strong {
                    None => ply + left,
                    // The stronger side's remaining moves, interleaved with the other side's.
                    Some(_) if left == 0 => ply,
                    Some(s) => ply + 2 * left - usize::from(s == turn),
                };
                Some(RunningCounter {
                    rule: rule.id,
                    since_ply: r.since,
                    moves: match r.strong {
                        None => r.count / 2,
                        Some(_) => r.count,
                    },
                    limit: rule.moves,
                    ends_at_ply,
                })
            })
            .collect()
    }
}
