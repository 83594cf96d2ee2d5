//! A team Swiss round as the arbiter is shown it before saving: the matches in board order with
//! the rule that gave each its colours, the bye and why, each bracket with its upfloaters and
//! the criteria they met — in English and Russian.

use serde::Serialize;

use super::input::{for_round, UNIT};
use super::{ColourRule, SwissError};
use crate::lang::Lang;
use crate::rules::Color;
use crate::tournament::command::Command;
use crate::tournament::model::Tournament;
use crate::tournament::team::{TeamId, VirtualPoints};

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Proposed {
    pub board: usize,
    /// White on board 1.
    pub home: TeamId,
    pub away: TeamId,
    /// Pairing scores before the round, in points.
    pub home_score: f64,
    pub away_score: f64,
    pub colour_rule: ColourRule,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BracketNote {
    pub score: f64,
    pub residents: Vec<TeamId>,
    pub upfloaters: Vec<TeamId>,
    pub c6: bool,
    pub c7: usize,
    pub c8: usize,
    pub c9: usize,
    pub c10: usize,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Proposal {
    pub round: usize,
    pub matches: Vec<Proposed>,
    pub pab: Option<TeamId>,
    pub absent: Vec<TeamId>,
    pub brackets: Vec<BracketNote>,
    /// Art. 3.3.3: no legal pairing; the Chief Arbiter decides (pairs by hand).
    pub impossible: Option<SwissError>,
    /// The Baku acceleration the proposal was made with, to be set in the event with the round
    /// (round 1 of an event without one).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub acceleration: Vec<VirtualPoints>,
}

/// Why an event cannot be accelerated (C.04.7).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AccelerationError {
    #[error("acceleration is set before round 1 is paired")]
    NotRoundOne,
    #[error("the event already has its virtual points")]
    AlreadySet,
    #[error("game points are the primary score: C.04.7 art. 1.4.4 allows no acceleration")]
    GamePoints,
    #[error("the number of rounds planned is needed (the Event screen's settings)")]
    NoRounds,
}

impl AccelerationError {
    /// The refusal in the arbiter's language.
    pub fn said(&self, lang: Lang) -> String {
        match (self, lang) {
            (_, Lang::En) => self.to_string(),
            (AccelerationError::NotRoundOne, Lang::Ru) => {
                "ускорение назначается до жеребьёвки 1-го тура".into()
            }
            (AccelerationError::AlreadySet, Lang::Ru) => {
                "виртуальные очки в турнире уже назначены".into()
            }
            (AccelerationError::GamePoints, Lang::Ru) => {
                "места по сумме очков: ускорение не применяется (C.04.7, ст. 1.4.4)".into()
            }
            (AccelerationError::NoRounds, Lang::Ru) => {
                "нужно число туров (настройки турнира)".into()
            }
        }
    }
}

/// C.04.6's pairing of round 1 with the Baku acceleration of C.04.7 (virtual points for the
/// first half of the teams), which saving sets in the event.
pub fn propose_accelerated(
    t: &Tournament,
    absent: &[TeamId],
    first_colour: Color,
) -> Result<Proposal, AccelerationError> {
    let Some(settings) = &t.settings.teams else {
        return Err(AccelerationError::NoRounds);
    };
    if !t.rounds.is_empty() {
        return Err(AccelerationError::NotRoundOne);
    }
    if !settings.virtual_points.is_empty() {
        return Err(AccelerationError::AlreadySet);
    }
    if settings.primary == crate::tournament::team::Primary::GamePoints {
        return Err(AccelerationError::GamePoints);
    }
    let rounds = t
        .settings
        .rounds_planned
        .ok_or(AccelerationError::NoRounds)?;
    let vp = VirtualPoints::baku(t.teams.len(), rounds, settings.match_points);
    let mut with = t.clone();
    if let Some(s) = with.settings.teams.as_mut() {
        s.virtual_points.clone_from(&vp);
    }
    let mut p = propose(&with, 1, absent, first_colour);
    p.acceleration = vp;
    Ok(p)
}

/// C.04.6's pairing of `round` of the team Swiss `t`, `absent` teams left out; `first_colour` the
/// initial-colour drawn by lot when round 1 does not say it yet.
pub fn propose(t: &Tournament, round: usize, absent: &[TeamId], first_colour: Color) -> Proposal {
    let (input, ids) = for_round(t, round, absent, first_colour);
    let mut p = Proposal {
        round,
        matches: Vec::new(),
        pab: None,
        absent: absent.to_vec(),
        brackets: Vec::new(),
        impossible: None,
        acceleration: Vec::new(),
    };
    let points = |i: usize| input.teams[i].score as f64 / UNIT;
    match super::pair(&input) {
        Ok(out) => {
            p.matches = out
                .pairs
                .iter()
                .enumerate()
                .map(|(k, pair)| Proposed {
                    board: k + 1,
                    home: ids[pair.white],
                    away: ids[pair.black],
                    home_score: points(pair.white),
                    away_score: points(pair.black),
                    colour_rule: pair.rule,
                })
                .collect();
            p.pab = out.pab.map(|i| ids[i]);
            p.brackets = out
                .brackets
                .iter()
                .map(|b| BracketNote {
                    score: b.score as f64 / UNIT,
                    residents: b.residents.iter().map(|&i| ids[i]).collect(),
                    upfloaters: b.upfloaters.iter().map(|&i| ids[i]).collect(),
                    c6: b.c6,
                    c7: b.c7,
                    c8: b.c8,
                    c9: b.c9,
                    c10: b.c10,
                })
                .collect();
        }
        Err(e) => p.impossible = Some(e),
    }
    p
}

impl Proposal {
    /// The change that saves this proposal into the event.
    pub fn command(&self, t: &Tournament) -> Command {
        self.command_with(t, self.matches.iter().map(|m| (m.home, m.away)).collect())
    }

    /// The change that saves these matches (the proposal's, or the arbiter's) with the
    /// proposal's bye, absences and acceleration.
    pub fn command_with(&self, t: &Tournament, matches: Vec<(TeamId, TeamId)>) -> Command {
        let pair = Command::PairTeams {
            round: self.round,
            matches,
            pab: self.pab,
            absent: self.absent.clone(),
        };
        // Settings the round brings with it, saved and undone with it: the acceleration, and
        // (C.04.6 art. 1.4) the bye's value — a drawn match — when the regulation set none.
        let mut with = t.settings.teams.clone();
        if let Some(s) = with.as_mut() {
            if !self.acceleration.is_empty() {
                s.virtual_points.clone_from(&self.acceleration);
            }
            if s.pab.is_none() && self.pab.is_some() {
                let games = f64::from(t.settings.format.games.max(1));
                s.pab = Some(crate::tournament::team::TeamPab {
                    match_points: s.match_points.draw,
                    game_points: s.boards as f64 * games / 2.0,
                });
            }
        }
        match with {
            Some(settings) if Some(&settings) != t.settings.teams.as_ref() => Command::Batch {
                commands: vec![
                    Command::SetTeams {
                        teams: t.teams.clone(),
                        settings: Some(settings),
                    },
                    pair,
                ],
            },
            _ => pair,
        }
    }

    /// Why the pairing is what it is — the bye, then each scoregroup and its upfloaters — line by
    /// line, for the arbiter to read out.
    pub fn reasons(&self, t: &Tournament, lang: Lang) -> Vec<String> {
        let name = |id: TeamId| t.numbered_team_name(id);
        let names = |ids: &[TeamId]| ids.iter().map(|&i| name(i)).collect::<Vec<_>>().join(", ");
        let mut out = Vec::new();
        if let Some(e) = &self.impossible {
            out.push(match (lang, e) {
                (Lang::Ru, SwissError::NoPab) => "Ни одна команда не может получить свободный тур так, чтобы остальные были спарены по правилам: решает главный судья (C.04.6, 3.3.3).".into(),
                (Lang::Ru, SwissError::NoPairing) => "Команды нельзя спарить без повторной встречи: решает главный судья (C.04.6, 3.3.3).".into(),
                (_, e) => format!("{e}: the Chief Arbiter decides (C.04.6 art. 3.3.3)."),
            });
            return out;
        }
        if self.round == 1 {
            let listed: Vec<TeamId> = t.teams.iter().map(|tm| tm.id).collect();
            out.push(
                if super::input::initial_order(t) == listed {
                    lang.pick(
                        "Team numbers (TPN, C.04.6 1.1): the list's order, by the average rating of each team's best players.",
                        "Номера команд (C.04.6, 1.1): порядок списка — по среднему рейтингу лучших игроков команды.",
                    )
                } else {
                    lang.pick(
                        "Team numbers (TPN, C.04.6 1.1): the list's order, which is not by average rating — as the regulation says? (Event › Teams: «Number by rating».)",
                        "Номера команд (C.04.6, 1.1): порядок списка, он не по среднему рейтингу — так ли в регламенте? (Турнир › Команды: «Номера по рейтингу».)",
                    )
                }
                .to_string(),
            );
        }
        if let Some(b) = self.pab {
            out.push(lang.pick(
                &format!("Bye: {} — the lowest score, then the most matches played, then the largest number, among teams that have not had a bye or a forfeit win (3.4).", name(b)),
                &format!("Свободный тур: {} — наименьшее очко, затем больше сыгранных матчей, затем больший номер, среди команд без свободного тура и без победы неявкой (3.4).", name(b)),
            ).to_string());
        }
        for b in &self.brackets {
            let mut line = lang
                .pick(
                    &format!("Scoregroup {}: {}", b.score, names(&b.residents)),
                    &format!("Группа с {} оч.: {}", b.score, names(&b.residents)),
                )
                .to_string();
            if !b.upfloaters.is_empty() {
                line.push_str(lang.pick(
                    &format!("; upfloaters {} (fewest, highest scores; {} floated last round{})", names(&b.upfloaters), b.c7, if b.c6 { "" } else { "; the next group cannot pair without upfloaters" }),
                    &format!("; поднимаются {} (меньше всего, с наибольшими очками; плавали в прошлом туре: {}{})", names(&b.upfloaters), b.c7, if b.c6 { "" } else { "; следующая группа не спаривается без поднятых" }),
                ));
            }
            if b.c8 + b.c9 + b.c10 > 0 {
                line.push_str(lang.pick(
                    &format!("; colour preferences not met: {}, strong: {}; upfloaters' opponents that floated: {}", b.c8, b.c9, b.c10),
                    &format!("; не выполнено предпочтений цвета: {}, сильных: {}; соперников поднятых, плававших в прошлом туре: {}", b.c8, b.c9, b.c10),
                ));
            }
            out.push(line);
        }
        out
    }

    /// Each match with the rule that gave its colours: «1. Омск (9) – Пермь (8): …».
    pub fn match_lines(&self, t: &Tournament, lang: Lang) -> Vec<String> {
        let name = |id: TeamId| t.numbered_team_name(id);
        self.matches
            .iter()
            .map(|m| {
                let (en, ru) = m.colour_rule.says();
                format!(
                    "{}. {} – {}: {} ({})",
                    m.board,
                    name(m.home),
                    name(m.away),
                    lang.pick(en, ru),
                    m.colour_rule.article()
                )
            })
            .collect()
    }
}

/// What a team round as the arbiter has it breaks (C.04.6's absolute criteria and a complete
/// round): refused by nothing, shown before saving.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum TeamBreach {
    /// A team twice in the round (two matches, or a match and the bye or absence).
    Twice(TeamId),
    /// A team taking part in neither a match, the bye nor the absent list.
    Left(TeamId),
    /// [C1]: the two teams have met over the board.
    Rematch(TeamId, TeamId),
    /// [C2]: the bye to a team that had one or won a match by forfeit.
    ByeAgain(TeamId),
    /// The regulation keeps the two teams apart (one club's).
    Forbidden(TeamId, TeamId),
}

impl TeamBreach {
    pub fn said(&self, t: &Tournament, lang: Lang) -> String {
        let name = |id: &TeamId| t.team_name(*id);
        match self {
            TeamBreach::Twice(a) => match lang {
                Lang::En => format!("{} is in the round twice", name(a)),
                Lang::Ru => format!("{} в туре дважды", name(a)),
            },
            TeamBreach::Left(a) => match lang {
                Lang::En => format!("{} has no match, bye or absence", name(a)),
                Lang::Ru => format!("у команды {} нет ни матча, ни свободного тура, ни отсутствия", name(a)),
            },
            TeamBreach::Rematch(a, b) => match lang {
                Lang::En => format!("{} and {} have already met (C.04.6 [C1])", name(a), name(b)),
                Lang::Ru => format!("{} и {} уже встречались (C.04.6 [C1])", name(a), name(b)),
            },
            TeamBreach::Forbidden(a, b) => match lang {
                Lang::En => format!("{} and {} may not meet (the regulation's forbidden pair)", name(a), name(b)),
                Lang::Ru => format!("{} и {} не должны встречаться (запрещённая пара регламента)", name(a), name(b)),
            },
            TeamBreach::ByeAgain(a) => match lang {
                Lang::En => format!("{} has had a bye or a forfeit win: no bye again (C.04.6 [C2])", name(a)),
                Lang::Ru => format!("{} уже получала свободный тур или победу неявкой: второй свободный тур нельзя (C.04.6 [C2])", name(a)),
            },
        }
    }
}

/// The breaches of round `round` of `t` paired as `matches` (home, away), `pab` and `absent`.
pub fn breaches(
    t: &Tournament,
    round: usize,
    matches: &[(TeamId, TeamId)],
    pab: Option<TeamId>,
    absent: &[TeamId],
) -> Vec<TeamBreach> {
    let (input, ids) = for_round(t, round, absent, Color::White);
    let index = |id: TeamId| ids.iter().position(|&x| x == id);
    let mut out = Vec::new();
    let mut seen: Vec<TeamId> = Vec::new();
    for id in matches
        .iter()
        .flat_map(|&(a, b)| [a, b])
        .chain(pab)
        .chain(absent.iter().copied())
    {
        if seen.contains(&id) {
            if !out.contains(&TeamBreach::Twice(id)) {
                out.push(TeamBreach::Twice(id));
            }
        } else {
            seen.push(id);
        }
    }
    for tm in &t.teams {
        if !seen.contains(&tm.id) && index(tm.id).is_some() {
            out.push(TeamBreach::Left(tm.id));
        }
    }
    let number = |id: TeamId| t.team_number(id);
    let forbidden = t
        .settings
        .teams
        .as_ref()
        .map_or(&[][..], |s| s.forbidden.as_slice());
    for &(a, b) in matches {
        if crate::tournament::team::ForbiddenTeams::keeps_apart(
            forbidden,
            number(a),
            number(b),
            round,
        ) {
            out.push(TeamBreach::Forbidden(a, b));
        } else if let (Some(i), Some(j)) = (index(a), index(b)) {
            if input.met.contains(&(i.min(j), i.max(j))) {
                out.push(TeamBreach::Rematch(a, b));
            }
        }
    }
    if let Some(i) = pab.and_then(index) {
        if input.teams[i].pab_barred {
            out.push(TeamBreach::ByeAgain(ids[i]));
        }
    }
    out
}
