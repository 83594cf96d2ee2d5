//! One round of a Swiss event by the Dutch rules ([`super::dutch`]), with the reasons the
//! arbiter reads out.

use serde::Serialize;

use super::dutch::{self, ColourRule};
use super::input;
use crate::rules::Color;
use crate::tournament::model::{ByeValue, PlayerId, Tournament};

#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Players who will not play this round (they are not paired and get nothing).
    pub absent: Vec<PlayerId>,
    /// Players who will not play this round and are given points at their request (a half- or
    /// full-point bye); not paired either.
    pub requested_byes: Vec<(PlayerId, ByeValue)>,
    /// Accelerated pairings (Baku, C.04.5.1 simplified): in rounds 1 and 2 the top half of the
    /// ranking pairs as if it had one won round more.
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

impl Paired {
    /// Why the pairing is as it is, as the arbiter reads it out: the colour rule, and who
    /// floats down to whom («…; Иванов И. (3) — переход вниз; соперник: Петров П. (8)», worded so
    /// that no name needs declining). `name` writes a player.
    pub fn reason(&self, name: impl Fn(PlayerId) -> String, lang: crate::lang::Lang) -> String {
        let mut s = lang
            .pick(self.colour_rule, colour_rule_ru(self.colour_rule))
            .to_string();
        if let Some(d) = self.floats_down {
            let up = if d == self.white {
                self.black
            } else {
                self.white
            };
            s.push_str(&format!(
                "; {} — {}: {}",
                name(d),
                lang.pick("floats down; opponent", "переход вниз; соперник"),
                name(up)
            ));
        }
        s
    }
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Proposal {
    pub round: usize,
    pub pairings: Vec<Paired>,
    pub bye: Option<PlayerId>,
    pub bye_reason: Option<String>,
    pub bye_reason_ru: Option<String>,
    /// Everybody not paired this round, the requested byes included.
    pub absent: Vec<PlayerId>,
    pub requested_byes: Vec<(PlayerId, ByeValue)>,
    /// Players no legal pairing could place (rematches or colour limits leave them no
    /// opponent): the arbiter pairs them by hand.
    pub unpaired: Vec<PlayerId>,
    /// The criteria in the order they decided, for the arbiter to read out.
    pub criteria: Vec<&'static str>,
    /// The virtual points of the program's accelerated pairings (rounds 1–2) the proposal was
    /// made with, recorded with the round when it is saved.
    pub acceleration: Vec<(PlayerId, f64)>,
    /// Players given virtual points by the event's own acceleration (a TRF's `XXA`).
    pub stored_acceleration: usize,
}

impl Proposal {
    /// Why the bye goes where it goes, in `lang`.
    pub fn bye_reason_in(&self, lang: crate::lang::Lang) -> Option<&str> {
        match lang {
            crate::lang::Lang::En => self.bye_reason.as_deref(),
            crate::lang::Lang::Ru => self.bye_reason_ru.as_deref(),
        }
    }

    /// The criteria in the order they decide, in `lang`.
    pub fn criteria_in(&self, lang: crate::lang::Lang) -> Vec<&'static str> {
        match lang {
            crate::lang::Lang::En => self.criteria.clone(),
            crate::lang::Lang::Ru => CRITERIA_RU.to_vec(),
        }
    }

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
            requested_byes: self.requested_byes.clone(),
            acceleration: self.acceleration.clone(),
            advanced: vec![],
        }
    }
}

/// Whether round `round` has its initial colour drawn by lot: round 1 of an event that does
/// not already hold one (a TRF's `XXC`).
pub fn colour_lot_due(t: &Tournament, round: usize) -> bool {
    round == 1 && t.initial_colour.is_none()
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
pub const CRITERIA_RU: [&str; 10] = [
    "абсолютно: сыгравшие между собой не встречаются снова (неявка — не встреча); нет запрещённых пар",
    "абсолютно: никто не получает один цвет трижды подряд и разницу цветов больше 2 (кроме лидеров в последнем туре)",
    "абсолютно: свободный тур — только не имевшему ни свободного тура, ни очков без игры",
    "тур спаривается полностью; свободный тур — в самой нижней очковой группе, где это возможно, среди них — сыгравшему больше партий",
    "группы спариваются сверху вниз: в каждой как можно больше пар и как можно больше очков спаренных переходящих",
    "в последнем туре лидеры: разница цветов не больше 2, не три одинаковых подряд",
    "соблюдены предпочтения цвета, затем сильные предпочтения",
    "никто не переходит вниз или вверх, как в прошлом туре, затем как два тура назад",
    "S1 против S2 по порядку; как можно меньше перестановок и обменов, в порядке правил D.1–D.2",
    "цвета по правилам E: оба предпочтения, более сильное, чередование, выше стоящий, жребий",
];

/// The colour rules in Russian.
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
        _ => "начальный цвет по жребию (нет истории цветов)",
    }
}

/// The criteria of the FIDE Dutch system (C.04.3, 2025), in the order they decide.
pub const CRITERIA: [&str; 10] = [
    "absolute: players who have played each other do not meet again (a forfeit is not a game); no forbidden pair",
    "absolute: nobody gets the same colour three times running or a colour difference beyond 2 (topscorers in the last round excepted)",
    "absolute: the bye only to a player who has had neither a bye nor points without playing",
    "the round is paired completely; the bye in the lowest score group where that is possible, there to the player with the most games played",
    "brackets from the top down: in each the most pairs, then the highest scores of moved-down players paired",
    "in the last round, topscorers: no colour difference beyond 2, no colour three times running",
    "colour preferences granted, then strong preferences",
    "nobody floats down or up as in the last round, then as two rounds ago",
    "S1 against S2 in order, with the fewest transpositions and exchanges, in the order of D.1-D.2",
    "colours by the E rules: both preferences, the stronger one, alternation, the higher-ranked player, the initial colour by lot",
];

fn rule_text(rule: ColourRule) -> &'static str {
    match rule {
        ColourRule::BothGranted => "both colour preferences granted",
        ColourRule::StrongerGranted => "the stronger colour preference granted",
        ColourRule::Alternate => "colours alternate from the last round they differed",
        ColourRule::HigherGranted => "the higher-ranked player's preference granted",
        ColourRule::Initial => "the initial colour drawn by lot (no colour history)",
    }
}

/// The initial colour of the event: drawn for round 1 (`options.first_colour`), or known to the
/// event (a TRF's `XXC`), or read back from round 1.
pub fn initial_colour(t: &Tournament, options: &Options) -> Color {
    options
        .first_colour
        .or(t.initial_colour)
        .or_else(|| input::initial_colour(t))
        .unwrap_or(Color::White)
}

/// The virtual points of the round being paired, into `input`: the top half's won round of
/// accelerated pairings in rounds 1 and 2, or the event's own (a TRF's `XXA`). Returns the
/// points given by the first (in the event's points, as `XXA` gives them), and how many players
/// the second gives points.
fn accelerate(
    t: &Tournament,
    round: usize,
    options: &Options,
    input: &mut dutch::Input,
    ids: &[PlayerId],
) -> (Vec<(PlayerId, f64)>, usize) {
    let mut recorded = Vec::new();
    let mut stored_acceleration = 0;
    if options.accelerated && round <= 2 {
        // The top half of the players of the round counts one won round more.
        let present: Vec<usize> = (0..ids.len())
            .filter(|&i| !input.players[i].absent)
            .collect();
        let half = present.len().div_ceil(2);
        input.acceleration = vec![0; ids.len()];
        for &i in &present[..half] {
            input.acceleration[i] = input.win;
            // In the event's points, as `XXA` gives them.
            recorded.push((ids[i], 1.0));
        }
    } else if !t.acceleration.is_empty() {
        // The event's own accelerated pairings (a TRF's `XXA`): the round's virtual points.
        input.acceleration = ids
            .iter()
            .map(|id| {
                let points = t
                    .acceleration
                    .get(id)
                    .and_then(|a| a.get(round - 1))
                    .copied()
                    .unwrap_or(0.0);
                (points * f64::from(input.win)).round() as u32
            })
            .collect();
        stored_acceleration = input.acceleration.iter().filter(|&&a| a > 0).count();
    }
    (recorded, stored_acceleration)
}

/// Pairs round `round` of `t`.
pub fn pair(t: &Tournament, round: usize, options: &Options) -> Proposal {
    let first = initial_colour(t, options);
    let mut absent = options.absent.clone();
    for (id, _) in &options.requested_byes {
        if !absent.contains(id) {
            absent.push(*id);
        }
    }
    let (mut input, ids) = input::for_round(t, round, &absent, first);
    let (recorded, stored_acceleration) = accelerate(t, round, options, &mut input, &ids);
    let out = dutch::pair(&input);
    let unit = input::UNIT;
    let score = |i: usize| -> f64 {
        f64::from(
            input.players[i]
                .entries
                .iter()
                .map(|e| e.points)
                .sum::<u32>(),
        ) / unit
    };
    let pairings = out
        .pairs
        .iter()
        .enumerate()
        .map(|(k, p)| {
            let (ws, bs) = (score(p.white), score(p.black));
            Paired {
                board: k + 1,
                white: ids[p.white],
                black: ids[p.black],
                white_score: ws,
                black_score: bs,
                floats_down: if ws > bs {
                    Some(ids[p.white])
                } else if bs > ws {
                    Some(ids[p.black])
                } else {
                    None
                },
                colour_rule: rule_text(p.rule),
            }
        })
        .collect();
    let number = |i: usize| t.player(ids[i]).and_then(|p| p.number).unwrap_or(i + 1);
    let bye_reason = out.bye.map(|i| {
        format!(
            "number {} ({} points) takes the bye: the lowest score at which a player who has had \
             neither a bye nor points without playing can take it while everybody else is \
             paired; among those, the most games played, then the pairing order",
            number(i),
            score(i)
        )
    });
    let bye_reason_ru = out.bye.map(|i| {
        format!(
            "свободный тур — № {} ({} очк.): самая низкая сумма очков, при которой свободный тур \
             может получить не имевший ни свободного тура, ни очков без игры, а все остальные \
             спариваются; среди таких — сыгравший больше партий, затем порядок жеребьёвки",
            number(i),
            crate::lang::Lang::Ru.decimal(&score(i).to_string())
        )
    });
    Proposal {
        round,
        pairings,
        bye: out.bye.map(|i| ids[i]),
        bye_reason,
        bye_reason_ru,
        absent,
        requested_byes: options.requested_byes.clone(),
        unpaired: out.unpaired.iter().map(|&i| ids[i]).collect(),
        criteria: CRITERIA.to_vec(),
        acceleration: recorded,
        stored_acceleration,
    }
}
