//! One round of a Swiss event by the Dutch rules, as a maximum-weight matching.

use std::collections::BTreeSet;

use serde::Serialize;

use super::colour::{allocate, breaks_limits, preference, Strength};
use super::history::{History, PlayerState};
use crate::rules::Color;
use crate::tournament::model::{PlayerId, Tournament};

#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Players who will not play this round (they are not paired and get nothing).
    pub absent: Vec<PlayerId>,
    /// Accelerated pairings (Baku): in rounds 1 and 2 the top half of the ranking pairs as if it
    /// had one point more.
    pub accelerated: bool,
    /// The initial colour, drawn by lot (E.5): the higher-ranked player of a pair without colour
    /// history gets it with an odd pairing number, the other colour with an even one. `None`
    /// after round 1: the colour round 1 was drawn with.
    pub first_colour: Option<Color>,
}

/// One pairing with what decided it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Paired {
    pub board: usize,
    pub white: PlayerId,
    pub black: PlayerId,
    /// Scores before the round, in points.
    pub white_score: f64,
    pub black_score: f64,
    /// Who floats down when the scores differ (the other floats up).
    pub floats_down: Option<PlayerId>,
    pub colour_rule: &'static str,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Proposal {
    pub round: usize,
    pub pairings: Vec<Paired>,
    pub bye: Option<PlayerId>,
    pub bye_reason: Option<String>,
    pub bye_reason_ru: Option<String>,
    pub absent: Vec<PlayerId>,
    /// Players no legal pairing could place (rematches or colour limits leave them no
    /// opponent): the arbiter pairs them by hand.
    pub unpaired: Vec<PlayerId>,
    /// The criteria in the order they decided, for the arbiter to read out.
    pub criteria: Vec<&'static str>,
}

impl Proposal {
    /// (White, Black) of every board, in board order.
    pub fn pairs(&self) -> Vec<(PlayerId, PlayerId)> {
        self.pairings.iter().map(|p| (p.white, p.black)).collect()
    }

    /// The absolute rules the proposal breaks, before round `self.round` of `t` (players it
    /// reports as unpaired are left to the arbiter, not counted as forgotten).
    pub fn breaches(&self, t: &Tournament) -> Vec<super::Breach> {
        super::check(t, self.round, &self.pairs(), self.bye, &self.absent)
            .into_iter()
            .filter(
                |b| !matches!(b, super::Breach::Left { player } if self.unpaired.contains(player)),
            )
            .collect()
    }

    /// The change that saves this proposal into the event.
    pub fn command(&self) -> crate::tournament::command::Command {
        crate::tournament::command::Command::SetPairings {
            round: self.round,
            pairs: self.pairs(),
            bye: self.bye,
            absent: self.absent.clone(),
        }
    }
}

/// The initial colour drawn by lot from `seed` (E.5), so the draw can be re-run.
pub fn colour_by_lot(seed: u64) -> Color {
    use rand_chacha::rand_core::{RngCore, SeedableRng};
    if rand_chacha::ChaCha20Rng::seed_from_u64(seed).next_u32() % 2 == 0 {
        Color::White
    } else {
        Color::Black
    }
}

/// The criteria as the arbiter reads them out, in Russian (the same order as [`CRITERIA`]).
pub const CRITERIA_RU: [&str; 9] = [
    "абсолютно: соперники не встречаются дважды",
    "абсолютно: нет запрещённых пар (один клуб, родственники — задаёт судья)",
    "абсолютно: никто не получает один цвет трижды подряд и разницу цветов больше 2",
    "абсолютно: свободный тур не больше одного раза",
    "спарено как можно больше участников",
    "как можно меньше и меньших разниц в очках, переходы — в самых нижних очковых группах",
    "соблюдены предпочтения цвета (абсолютные, затем сильные, затем слабые)",
    "никто не переходит в ту же сторону, что в двух последних турах",
    "в каждой очковой группе верхняя половина играет с нижней по порядку (S1 против S2)",
];

/// The colour rules of [`super::colour::allocate`] in Russian.
pub fn colour_rule_ru(rule: &str) -> &'static str {
    match rule {
        "both colour preferences granted" => "предпочтения цвета обоих соблюдены",
        "the stronger colour preference granted" => "соблюдено более сильное предпочтение цвета",
        "colours alternate from the last round they differed" => {
            "цвета чередуются от последнего тура, где они различались"
        }
        "the higher-ranked player's preference granted" => {
            "соблюдено предпочтение участника, стоящего выше в порядке жеребьёвки"
        }
        "the lower-ranked player's preference granted" => {
            "соблюдено предпочтение участника, стоящего ниже в порядке жеребьёвки"
        }
        _ => "цвет по жребию (нет истории цветов)",
    }
}

pub const CRITERIA: [&str; 9] = [
    "absolute: no two players meet twice",
    "absolute: no forbidden pair (same club or family, set by the arbiter)",
    "absolute: nobody gets the same colour three times running or a colour difference beyond 2",
    "absolute: a bye at most once per player",
    "as many players paired as possible",
    "the fewest and smallest score differences, floats taken in the lowest score groups",
    "colour preferences granted (absolute, then strong, then mild)",
    "nobody floats the same way as in the last two rounds",
    "in each score group the top half meets the bottom half in ranking order (S1 against S2)",
];

struct Graph<'a> {
    players: Vec<&'a PlayerState>,
    /// Score used for pairing (with acceleration).
    score: Vec<i64>,
    group: Vec<usize>,
    pos: Vec<usize>,
    group_size: Vec<usize>,
    groups: usize,
}

/// The colour cost of pairing `a` with `b`: 0 when both can have their preference, more the
/// stronger the preference that must give way.
fn colour_cost(a: &PlayerState, b: &PlayerState) -> i128 {
    let (pa, pb) = (preference(a), preference(b));
    match (pa.colour, pb.colour) {
        (Some(x), Some(y)) if x == y => match pa.strength.min(pb.strength) {
            Strength::Absolute | Strength::Strong => 2,
            _ => 1,
        },
        _ => 0,
    }
}

fn allowed(a: &PlayerState, b: &PlayerState, forbidden: &BTreeSet<(PlayerId, PlayerId)>) -> bool {
    if a.opponents.contains(&b.id) {
        return false;
    }
    let key = (a.id.min(b.id), a.id.max(b.id));
    if forbidden.contains(&key) {
        return false;
    }
    let a_white = !breaks_limits(a, Color::White) && !breaks_limits(b, Color::Black);
    let b_white = !breaks_limits(a, Color::Black) && !breaks_limits(b, Color::White);
    a_white || b_white
}

/// The initial colour the event drew by lot, read back from round 1, where every pair was
/// coloured by it (E.5): the higher-ranked player of board 1 had it if his number is odd.
fn initial_colour(t: &Tournament) -> Option<Color> {
    let p = t.rounds.first()?.pairings.first()?;
    let number = |id| t.player(id).and_then(|p| p.number);
    let (w, b) = (number(p.white)?, number(p.black)?);
    let higher_is_white = w < b;
    let higher_odd = w.min(b) % 2 == 1;
    Some(if higher_is_white == higher_odd {
        Color::White
    } else {
        Color::Black
    })
}

/// Pairs round `round` of `t`.
pub fn pair(t: &Tournament, round: usize, options: &Options) -> Proposal {
    let history = History::before(t, round);
    let absent: BTreeSet<PlayerId> = options.absent.iter().copied().collect();
    let forbidden: BTreeSet<(PlayerId, PlayerId)> = t
        .forbidden
        .iter()
        .map(|&(a, b)| (a.min(b), a.max(b)))
        .collect();
    let mut players: Vec<&PlayerState> = history
        .players
        .iter()
        .filter(|p| !absent.contains(&p.id))
        .collect();
    let half_rank = players.len().div_ceil(2);
    let accel = |_: &PlayerState, i: usize| {
        if options.accelerated && round <= 2 && i < half_rank {
            history.unit
        } else {
            0
        }
    };
    // Ranking for pairing: score, then pairing number.
    let mut ranked: Vec<(i64, &PlayerState)> = players
        .iter()
        .enumerate()
        .map(|(i, p)| (p.score + accel(p, i), *p))
        .collect();
    ranked.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.rank.cmp(&b.1.rank)));
    players = ranked.iter().map(|r| r.1).collect();
    let score: Vec<i64> = ranked.iter().map(|r| r.0).collect();
    let mut group = Vec::with_capacity(players.len());
    let mut pos = Vec::with_capacity(players.len());
    let mut group_size: Vec<usize> = Vec::new();
    for (i, s) in score.iter().enumerate() {
        if i == 0 || *s != score[i - 1] {
            group_size.push(0);
        }
        let g = group_size.len() - 1;
        group.push(g);
        pos.push(group_size[g]);
        group_size[g] += 1;
    }
    let g = Graph {
        groups: group_size.len(),
        players,
        score,
        group,
        pos,
        group_size,
    };
    let n = g.players.len();
    let with_bye = n % 2 == 1;
    let vertices = n + usize::from(with_bye);

    // Lexicographic weights: each criterion's multiplier exceeds the largest total the criteria
    // below it can reach, so the matching optimises them in order.
    let nn = n.max(2) as i128;
    let d_max =
        g.score.first().copied().unwrap_or(0) - g.score.last().copied().unwrap_or(0) + history.unit;
    let d_max = d_max.max(1) as i128;
    let m_shape = 1i128;
    let bound_shape = nn * nn * nn;
    let m_float_repeat = m_shape * (bound_shape + 1);
    let m_colour = m_float_repeat * (6 * nn + 1);
    let m_diff = m_colour * (2 * nn + 1);
    let m_group = m_diff * (d_max * d_max * nn + 1);
    let big = m_group * (d_max * (g.groups as i128 + 2) * nn + 1);

    let mut weight = vec![0i128; vertices * vertices];
    for i in 0..n {
        for j in i + 1..n {
            let (a, b) = (g.players[i], g.players[j]);
            if !allowed(a, b, &forbidden) {
                continue;
            }
            // i is ranked above j: higher or equal score.
            let d = (g.score[i] - g.score[j]) as i128;
            let group_cost = d * (g.groups - g.group[i]) as i128;
            let mut repeat = 0;
            if d > 0 {
                repeat += match a.floats {
                    [Some(true), _] => 2,
                    [_, Some(true)] => 1,
                    _ => 0,
                };
                repeat += match b.floats {
                    [Some(false), _] => 2,
                    [_, Some(false)] => 1,
                    _ => 0,
                };
            }
            let shape = if g.group[i] == g.group[j] {
                // S1 (the top half) against S2 in order; a pair that moves away from it costs
                // more the higher its S1 player stands, as the Dutch transpositions keep the top
                // of S1 with its natural opponent longest; two players of the same half (an
                // exchange between S1 and S2) cost more than any transposition.
                let size = g.group_size[g.group[i]] as i128;
                let half = size / 2;
                let (pi, pj) = (g.pos[i] as i128, g.pos[j] as i128);
                let deviation = (pj - half - pi).abs();
                if pi < half && pj >= half {
                    deviation * (size - pi)
                } else {
                    size * size + deviation
                }
            } else {
                // A downfloater meets the highest-ranked player it can in the group below.
                g.pos[j] as i128
            };
            let cost = group_cost * m_group
                + d * d * m_diff
                + colour_cost(a, b) * m_colour
                + repeat * m_float_repeat
                + shape * m_shape;
            let w = big - cost;
            weight[i * vertices + j] = w;
            weight[j * vertices + i] = w;
        }
        if with_bye && !g.players[i].had_bye {
            // The bye as a float to below the lowest group: the lowest score, then the lowest
            // ranked, among those who can still take it.
            let p = g.players[i];
            let d = (g.score[i] + history.unit) as i128;
            let group_cost = d * (g.groups - g.group[i]) as i128;
            let repeat = if p.floats[0] == Some(true) { 2 } else { 0 };
            let shape = (n - i) as i128;
            let cost = group_cost * m_group + d * d * m_diff + repeat * m_float_repeat + shape;
            let w = big - cost;
            weight[i * vertices + n] = w;
            weight[n * vertices + i] = w;
        }
    }
    let mate = integer_blossom::max_weight_matching(&weight, vertices);

    let mut pairs: Vec<(usize, usize)> = Vec::new();
    let mut bye = None;
    let mut unpaired = Vec::new();
    for (i, m) in mate.iter().take(n).enumerate() {
        match *m {
            Some(j) if j == n => bye = Some(i),
            Some(j) if j > i => pairs.push((i, j)),
            Some(_) => {}
            None => unpaired.push(g.players[i].id),
        }
    }
    // Board order: the higher score of the pair, then the sum, then the better rank.
    pairs.sort_by(|&(a, b), &(c, d)| {
        let key = |x: usize, y: usize| (g.score[x].max(g.score[y]), g.score[x] + g.score[y]);
        key(c, d).cmp(&key(a, b)).then(a.min(b).cmp(&c.min(d)))
    });
    let unit = history.unit as f64;
    let first = options
        .first_colour
        .or_else(|| initial_colour(t))
        .unwrap_or(Color::White);
    let pairings = pairs
        .iter()
        .enumerate()
        .map(|(k, &(i, j))| {
            let (a, b) = (g.players[i], g.players[j]);
            let (a_white, rule) = allocate(a, b, first);
            let (white, black) = if a_white { (a, b) } else { (b, a) };
            let floats_down = (g.score[i] != g.score[j]).then_some(a.id);
            Paired {
                board: k + 1,
                white: white.id,
                black: black.id,
                white_score: white.score as f64 / unit,
                black_score: black.score as f64 / unit,
                floats_down,
                colour_rule: rule,
            }
        })
        .collect();
    let bye_reason = bye.map(|i| {
        format!(
            "number {} ({} points) takes the bye: the lowest score group and the lowest ranked \
             player without a bye so far for whom the others can all be paired",
            g.players[i].rank,
            g.players[i].score as f64 / unit
        )
    });
    let bye_reason_ru = bye.map(|i| {
        format!(
            "свободен № {} ({} очк.): самая нижняя очковая группа и самый низкий номер среди \
             не имевших свободного тура, при котором все остальные спариваются",
            g.players[i].rank,
            g.players[i].score as f64 / unit
        )
    });
    Proposal {
        round,
        pairings,
        bye: bye.map(|i| g.players[i].id),
        bye_reason,
        bye_reason_ru,
        absent: options.absent.clone(),
        unpaired,
        criteria: CRITERIA.to_vec(),
    }
}
