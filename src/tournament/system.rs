//! The competition systems a regulation names, each one unit behind one interface
//! ([`PairingSystem`]), chosen in one place ([`of`]): round robins of any number of cycles (in
//! groups or not), the Swiss, the knockout, the Scheveningen. What a round holds is the same for
//! all: encounters of two entrants (or one that passes), each encounter's boards and games.

pub mod groups;
pub mod knockout;
pub mod scheveningen;
pub mod setup;
pub mod stage;

use serde::Serialize;

use super::command::Command;
use super::model::{PlayerId, Round, System, Tournament};
use super::standings::Line;
use crate::lang::Lang;

/// One encounter of a proposed round: White of game 1 first.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Encounter {
    pub board: usize,
    pub white: PlayerId,
    pub black: PlayerId,
    /// A knockout's seeds of the two (White's first).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seeds: Option<(usize, usize)>,
    /// The group of a round robin in groups.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub group: Option<String>,
    /// A Scheveningen's board as the table names it (`A2-B3`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub table: Option<String>,
}

/// A round as a system proposes it: what the arbiter sees, and the command that pairs it.
#[derive(Clone, Debug, PartialEq)]
pub struct Draft {
    pub round: usize,
    pub encounters: Vec<Encounter>,
    /// The entrant without an opponent this round (a round robin's odd number).
    pub bye: Option<PlayerId>,
    /// A knockout's entrants passing to the next round without an encounter; a round robin in
    /// groups: the players resting in their groups.
    pub passes: Vec<PlayerId>,
    /// The third-place match's board, when this round plays it.
    pub third_place: Option<usize>,
    pub command: Command,
}

impl Draft {
    /// A round the system laid out itself, paired by `SetPairings`: its encounters as they are
    /// and who passes it. `resting` says what a pass scores: nothing (a group's rest, recorded as
    /// absent) or the round passed (a knockout's seed going on).
    pub fn laid_out(
        round: usize,
        encounters: Vec<Encounter>,
        passes: Vec<PlayerId>,
        pass: Pass,
        third_place: Option<usize>,
    ) -> Draft {
        let (absent, advanced) = match pass {
            Pass::Rests => (passes.clone(), vec![]),
            Pass::GoesOn => (vec![], passes.clone()),
        };
        let command = Command::SetPairings {
            round,
            pairs: encounters.iter().map(|e| (e.white, e.black)).collect(),
            bye: None,
            absent,
            requested_byes: vec![],
            acceleration: vec![],
            advanced,
        };
        Draft {
            round,
            encounters,
            bye: None,
            passes,
            third_place,
            command,
        }
    }
}

/// What passing a round without an encounter means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pass {
    /// Resting in one's group: it scores nothing, as a round robin's bye.
    Rests,
    /// A knockout's entrant without an opponent in the bracket: he is in the next round.
    GoesOn,
}

/// Why a system cannot pair the round asked for.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SystemError {
    #[error("a {system} needs at least {least} players; the event has {have}")]
    TooFew {
        system: &'static str,
        least: usize,
        have: usize,
    },
    #[error("the event has {planned} rounds; round {round} is not one of them")]
    NoMoreRounds { planned: usize, round: usize },
    #[error("round {round}, board {board}: the encounter of {white} and {black} is undecided (a tie-break game is due, or the arbiter's decision: the row under the round at the console, `result --winner` on the command line)")]
    Undecided {
        round: usize,
        board: usize,
        white: String,
        black: String,
    },
    #[error("a team event is paired by its teams (`pair` on the team list)")]
    Teams,
    #[error("{0}")]
    Other(String),
    #[error(transparent)]
    RoundRobin(#[from] super::round_robin::RoundRobinError),
}

impl crate::lang::Russian for SystemError {
    fn ru(&self) -> String {
        match self {
            SystemError::TooFew { least, have, .. } => format!(
                "для этой системы нужно не менее {least} {}; в турнире {have}",
                crate::lang::ru_noun(*least as u64, ["участника", "участников", "участников"])
            ),
            SystemError::NoMoreRounds { planned, round } => format!(
                "в турнире {planned} {}; тура {round} нет",
                crate::lang::ru_noun(*planned as u64, ["тур", "тура", "туров"])
            ),
            SystemError::Undecided {
                round,
                board,
                white,
                black,
            } => format!(
                "тур {round}, доска {board}: победитель встречи {white} — {black} не определён (нужна дополнительная партия или решение судьи: строка под таблицей тура на пульте, `result --winner` в командной строке)"
            ),
            SystemError::Teams => {
                "командный турнир составляет пары по командам (`pair` по списку команд)".into()
            }
            SystemError::Other(text) => text.clone(),
            SystemError::RoundRobin(e) => crate::lang::Russian::ru(e),
        }
    }
}

/// What every competition system answers.
pub trait PairingSystem {
    /// Round `round`'s pairing as the system makes it from the event (the next round).
    fn propose(&self, t: &Tournament, round: usize) -> Result<Draft, SystemError>;

    /// The rounds the event has, for `entrants` players (or teams).
    fn planned_rounds(&self, t: &Tournament, entrants: usize) -> Option<usize>;

    /// The first encounter of `round` whose games leave it undecided, which the next round
    /// waits for (only a knockout needs a winner of every encounter).
    fn undecided(&self, _t: &Tournament, _round: &Round) -> Option<SystemError> {
        None
    }

    /// Orders the standings and sets their places by the system's rule (the default: points and
    /// tie-breaks, as [`super::standings::compute`] ranked them).
    fn place(&self, _t: &Tournament, _up_to: Option<usize>, _rows: &mut Vec<Line>) {}

    /// The system as the regulation and the documents' heads name it, with what sets it apart
    /// (cycles, groups, a knockout's matches): «круговая система в 4 круга».
    fn describe(&self, t: &Tournament, lang: Lang) -> String {
        t.settings.system.said(lang).to_string()
    }

    /// What the regulation calls round `round` beside its number (a knockout's «Финал»,
    /// «1/8 финала»); `None` where rounds go by their numbers alone.
    fn round_said(&self, _t: &Tournament, _round: usize, _lang: Lang) -> Option<String> {
        None
    }

    /// What sets board `board` of round `round` apart from the round's other encounters (a
    /// knockout's match for third place beside its final); `None` for an ordinary one.
    fn encounter_said(
        &self,
        _t: &Tournament,
        _round: usize,
        _board: usize,
        _lang: Lang,
    ) -> Option<&'static str> {
        None
    }

    /// Round `round` is over as the system counts it: every game has its result, no extra
    /// micromatch is due, and every encounter that needs a winner has one.
    fn complete(&self, t: &Tournament, round: &Round) -> bool {
        round.finished(&t.settings.format) && self.undecided(t, round).is_none()
    }
}

struct RoundRobin;
struct Swiss;

/// The one place a system is chosen.
pub fn of(t: &Tournament) -> &'static dyn PairingSystem {
    match t.settings.system {
        System::RoundRobin | System::DoubleRoundRobin => &RoundRobin,
        System::Swiss => &Swiss,
        System::Knockout => &knockout::KNOCKOUT,
        System::Scheveningen => &scheveningen::SCHEVENINGEN,
    }
}

/// The pairing system's code in a TRF-26 file (line `192`): the ETT26 list's name where it has
/// one, a `CUSTOM_` code where it lacks it (several cycles, groups).
pub fn trf_code(t: &Tournament) -> String {
    match t.settings.system {
        System::Swiss => "FIDE_DUTCH_2025".into(),
        System::Knockout => "CUSTOM_KNOCKOUT".into(),
        System::Scheveningen => "FIDE_SCHEVENINGEN".into(),
        System::RoundRobin | System::DoubleRoundRobin if t.settings.groups.is_some() => {
            "CUSTOM_ROUNDROBIN_GROUPS".into()
        }
        System::RoundRobin | System::DoubleRoundRobin => match t.settings.cycles() {
            1 => "BERGER_ROUNDROBIN".into(),
            2 => "FIDE_DOUBLEROUNDROBIN".into(),
            c => format!("CUSTOM_ROUNDROBIN_{c}"),
        },
    }
}

/// The system (and a round robin's cycles) a TRF-26 `192` code names, as [`trf_code`] writes it.
pub fn from_trf_code(code: &str) -> Option<(System, u32)> {
    let code = code.trim().to_ascii_uppercase();
    Some(match code.as_str() {
        "FIDE_DUTCH_2025" | "CUSTOM_SWISS" => (System::Swiss, 1),
        c if c.starts_with("FIDE_DUTCH") => (System::Swiss, 1),
        "CUSTOM_KNOCKOUT" => (System::Knockout, 1),
        "FIDE_SCHEVENINGEN" => (System::Scheveningen, 1),
        "BERGER_ROUNDROBIN" | "FIDE_ROUNDROBIN" => (System::RoundRobin, 1),
        "FIDE_DOUBLEROUNDROBIN" => (System::DoubleRoundRobin, 2),
        c => {
            let cycles: u32 = c.strip_prefix("CUSTOM_ROUNDROBIN_")?.parse().ok()?;
            (System::RoundRobin, cycles)
        }
    })
}

/// `round` is the event's next round and the system plans it.
pub(crate) fn check_round(
    t: &Tournament,
    round: usize,
    planned: Option<usize>,
) -> Result<(), SystemError> {
    if round != t.rounds.len() + 1 {
        return Err(SystemError::Other(format!(
            "the next round to pair is {}",
            t.rounds.len() + 1
        )));
    }
    match planned {
        Some(planned) if round > planned => Err(SystemError::NoMoreRounds { planned, round }),
        _ => Ok(()),
    }
}

impl PairingSystem for RoundRobin {
    fn propose(&self, t: &Tournament, round: usize) -> Result<Draft, SystemError> {
        if t.is_team_event() {
            return Err(SystemError::Teams);
        }
        check_round(t, round, self.planned_rounds(t, t.players.len()))?;
        if t.settings.groups.is_some() {
            return groups::propose(t, round);
        }
        let mut numbered = t.clone();
        super::command::number_the_unnumbered(&mut numbered);
        let (pairs, bye) = super::round_robin::pairs(&numbered, round, None)?;
        Ok(Draft {
            round,
            encounters: boards(&pairs),
            bye,
            passes: vec![],
            third_place: None,
            command: Command::PairRound {
                round,
                table_round: None,
            },
        })
    }

    fn describe(&self, t: &Tournament, lang: Lang) -> String {
        let base = match t.settings.cycles() {
            1 | 2 => t.settings.system.said(lang).to_string(),
            c => match lang {
                Lang::En => format!("round robin, {c} cycles"),
                Lang::Ru => format!(
                    "круговая система в {c} {}",
                    crate::lang::ru_noun(c as u64, ["круг", "круга", "кругов"])
                ),
            },
        };
        match &t.settings.groups {
            Some(g) if !g.groups.is_empty() => {
                format!("{base}, {}", groups_said(g.groups.len(), lang))
            }
            _ => base,
        }
    }

    fn planned_rounds(&self, t: &Tournament, entrants: usize) -> Option<usize> {
        if let Some(g) = &t.settings.groups {
            return Some(g.rounds(t.settings.cycles()));
        }
        let single = entrants.saturating_sub(1) + entrants % 2;
        Some(single * t.settings.cycles() as usize)
    }
}

impl PairingSystem for Swiss {
    fn propose(&self, t: &Tournament, round: usize) -> Result<Draft, SystemError> {
        if t.is_team_event() {
            return Err(SystemError::Teams);
        }
        check_round(t, round, t.settings.rounds_planned)?;
        let p = super::swiss::pair(t, round, &Default::default());
        let pairs: Vec<(PlayerId, PlayerId)> =
            p.pairings.iter().map(|x| (x.white, x.black)).collect();
        Ok(Draft {
            round,
            encounters: boards(&pairs),
            bye: p.bye,
            passes: vec![],
            third_place: None,
            command: p.command(),
        })
    }

    fn planned_rounds(&self, t: &Tournament, _entrants: usize) -> Option<usize> {
        t.settings.rounds_planned
    }
}

/// «4 группы», «4 groups».
fn groups_said(n: usize, lang: Lang) -> String {
    lang.count(n as u64, ["group", "groups"], ["группа", "группы", "групп"])
}

/// «из 2 партий», «of 2 games»: a match's games after "of".
pub(crate) fn of_games(n: u32, lang: Lang) -> String {
    match lang {
        Lang::En => format!(
            "of {}",
            lang.count(n as u64, ["game", "games"], ["", "", ""])
        ),
        Lang::Ru => format!(
            "из {n} {}",
            crate::lang::ru_noun(n as u64, ["партии", "партий", "партий"])
        ),
    }
}

/// Encounters numbered board by board from 1, in the order given.
pub(crate) fn boards(pairs: &[(PlayerId, PlayerId)]) -> Vec<Encounter> {
    pairs
        .iter()
        .enumerate()
        .map(|(i, &(white, black))| Encounter {
            board: i + 1,
            white,
            black,
            seeds: None,
            group: None,
            table: None,
        })
        .collect()
}

/// A player's name as messages give it.
pub fn name(t: &Tournament, id: PlayerId) -> String {
    t.player(id)
        .map(|p| p.numbered_name())
        .unwrap_or_else(|| id.to_string())
}

#[cfg(test)]
mod plural_tests {
    use super::*;
    use crate::lang::Russian;

    /// Issue 53 item 9: a count agrees with its noun in Russian («21 тур», «3 тура», «не менее
    /// 21 участника»), where the messages wrote «туров» and «участников» for every number.
    #[test]
    fn russian_counts_agree_with_their_nouns() {
        let rounds = |planned| SystemError::NoMoreRounds { planned, round: 30 }.ru();
        assert!(
            rounds(21).starts_with("в турнире 21 тур;"),
            "{}",
            rounds(21)
        );
        assert!(rounds(3).starts_with("в турнире 3 тура;"), "{}", rounds(3));
        assert!(
            rounds(11).starts_with("в турнире 11 туров;"),
            "{}",
            rounds(11)
        );
        let few = |least| {
            SystemError::TooFew {
                system: "",
                least,
                have: 1,
            }
            .ru()
        };
        assert!(few(21).contains("не менее 21 участника;"), "{}", few(21));
        assert!(few(4).contains("не менее 4 участников;"), "{}", few(4));
        let past = crate::tournament::schedule::ScheduleError::RoundPast {
            round: 9,
            planned: 2,
        };
        assert_eq!(past.ru(), "тур 9: в турнире 2 тура");
    }
}
