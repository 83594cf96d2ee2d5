//! The event as it is saved: details, settings, players, rounds with pairings, ballots and results.
//! Changes go through [`super::command::apply`]; this module only describes and reads the state.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::clock::TimeControl;
use crate::rules::Color;

/// The file format's version; a file with a higher one is refused, never overwritten. Schema 1
/// (the settings flat in the event, the time control as free text) is read and upgraded on the
/// next save: `store::v1`.
pub const SCHEMA: u32 = 4;

pub use super::id::PlayerId;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Tournament {
    pub schema: u32,
    pub settings: Settings,
    #[serde(default)]
    pub tiebreaks: Vec<TieBreak>,
    pub players: Vec<Player>,
    #[serde(default)]
    pub rounds: Vec<Round>,
    /// Pairs the Swiss pairing must not make (same club or family), set by the arbiter.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub forbidden: Vec<(PlayerId, PlayerId)>,
    /// The seed of the draw of pairing numbers by lot, once made.
    #[serde(default)]
    pub numbers_seed: Option<u64>,
    /// The Swiss initial colour (E.5) when it is known before round 1 is paired (a TRF's
    /// `XXC`); once round 1 is paired, round 1 itself tells it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub initial_colour: Option<Color>,
    /// Accelerated pairings as a TRF's `XXA` lines give them: per player, the virtual points
    /// added to his score when round 1, 2, … is paired (index 0 is round 1; not counted in the
    /// standings).
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub acceleration: std::collections::BTreeMap<PlayerId, Vec<f64>>,
    /// A team event's teams, in their order (`settings.teams` says it is one).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub teams: Vec<crate::tournament::team::Team>,
    /// Deputy arbiters who may enter results from their phones (revoked ones stay listed).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub deputies: Vec<crate::tournament::deputy::Deputy>,
    /// Results deputies sent that wait for the arbiter (when the event asks for that).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pending: Vec<crate::tournament::deputy::Submitted>,
    /// The categories (зачёты) the regulation ranks apart, in its order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub categories: Vec<crate::tournament::category::Category>,
    /// The prizes the regulation lists, and how they are given.
    #[serde(
        default,
        skip_serializing_if = "crate::tournament::prize::Prizes::is_default"
    )]
    pub prizes: crate::tournament::prize::Prizes,
    /// The players checked in as present (the check-in before a round), in the order marked.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub checked_in: Vec<PlayerId>,
    /// When the rounds start and the default time.
    #[serde(
        default,
        skip_serializing_if = "crate::tournament::schedule::Schedule::is_default"
    )]
    pub schedule: crate::tournament::schedule::Schedule,
    /// The seed of the lot that orders players still tied after every criterion (the
    /// regulation's last criterion, «жребий»): the same seed, the same order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lot: Option<u64>,
    /// The acts an audit asks about (corrections, pairings by hand, late settings,
    /// adjournments, expulsions, imports), in the order made; only ever added to.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub record: Vec<crate::tournament::audit::Recorded>,
}

/// Everything about an event that is not players and rounds: what the Event screen edits and
/// `SetSettings` replaces whole. Every field but the name has a default, so a journal line
/// written before a field existed still reads.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Settings {
    pub name: String,
    #[serde(default)]
    pub dates: String,
    #[serde(default)]
    pub venue: String,
    #[serde(default)]
    pub chief_arbiter: String,
    #[serde(default)]
    pub arbiters: Vec<String>,
    /// What the federation's forms ask of the event and its panel (organiser, КП №, the judges'
    /// categories and cities); empty until the arbiter fills it in.
    #[serde(default, skip_serializing_if = "Paperwork::is_empty")]
    pub paperwork: Paperwork,
    /// The ЕВСК table and options the event's norms use.
    #[serde(
        default,
        skip_serializing_if = "crate::tournament::norm_choice::NormsChoice::is_default"
    )]
    pub norms: crate::tournament::norm_choice::NormsChoice,
    /// Saved as its name (`"russian"`, `"towers"`): a plain or a column variant.
    pub variant: crate::rules::columns::AnyVariant,
    pub system: System,
    /// Every game's clock, written as its text (`45m/20,15m`).
    #[serde(with = "crate::clock::control::as_text")]
    pub time_control: TimeControl,
    pub format: MatchFormat,
    pub scoring: Scoring,
    #[serde(default)]
    pub unplayed: Unplayed,
    /// Rounds the regulation plans (a Swiss: its last round has the topscorers' colour rule).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rounds_planned: Option<usize>,
    /// A team event's boards, scoring and line-ups; `None` for an individual event.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub teams: Option<crate::tournament::team::TeamSettings>,
    /// Results deputies send from the floor: applied at once, or kept for the arbiter.
    #[serde(
        default,
        skip_serializing_if = "crate::tournament::deputy::FloorResults::is_default"
    )]
    pub floor_results: crate::tournament::deputy::FloorResults,
    /// Check-in and late entries.
    #[serde(
        default,
        skip_serializing_if = "crate::tournament::registration::Registration::is_default"
    )]
    pub registration: crate::tournament::registration::Registration,
    /// Cycles of a round robin beyond two (a match-tournament of three to six cycles); `None`:
    /// one, or two for [`System::DoubleRoundRobin`]. Read through [`Settings::cycles`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cycles: Option<u32>,
    /// A knockout's bracket, matches and ties.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub knockout: Option<crate::tournament::system::knockout::Knockout>,
    /// A Scheveningen's two sides and its table.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scheveningen: Option<crate::tournament::system::scheveningen::Scheveningen>,
    /// A round robin played in groups (each group its own table, all in the same rounds).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub groups: Option<crate::tournament::system::groups::Groups>,
    /// The stage this event is of a larger one: where its entrants came from, what was carried.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stage: Option<crate::tournament::system::stage::Stage>,
}

impl Settings {
    /// How many times every two players of a round robin meet.
    pub fn cycles(&self) -> u32 {
        match self.system {
            System::DoubleRoundRobin => 2,
            _ => self.cycles.unwrap_or(1).max(1),
        }
    }
}

/// The event's data that only its documents print: the protocols' heads, the certificates, the
/// chief arbiter's report and the panel's signatures.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Paperwork {
    /// «Организатор»: the federation or club that holds the event.
    pub organiser: String,
    /// The number of the event in the sports calendar plan («№ в КП»).
    pub calendar_number: String,
    /// «Возрастная группа»: мужчины и женщины, юноши и девушки до 15 лет…
    pub age_group: String,
    /// The chief arbiter's judge category («ВК», «1К») and city; his name is
    /// [`Settings::chief_arbiter`].
    pub chief_arbiter_category: String,
    pub chief_arbiter_city: String,
    pub chief_secretary: String,
    pub chief_secretary_category: String,
    pub chief_secretary_city: String,
}

impl Paperwork {
    pub fn is_empty(&self) -> bool {
        *self == Paperwork::default()
    }
}

/// One member of the panel as a form names him: role, name, judge category, city.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Official {
    pub role: Role,
    pub name: String,
    pub category: String,
    pub city: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    ChiefArbiter,
    ChiefSecretary,
    Arbiter,
}

impl Role {
    pub fn said(self, lang: crate::lang::Lang) -> &'static str {
        match self {
            Role::ChiefArbiter => lang.pick("Chief arbiter", "Главный судья"),
            Role::ChiefSecretary => lang.pick("Chief secretary", "Главный секретарь"),
            Role::Arbiter => lang.pick("Arbiter", "Судья"),
        }
    }
}

impl Official {
    /// `Сорокина Е. В. (ВК, Казань)`: the name with what is known of category and city.
    pub fn described(&self) -> String {
        let more: Vec<&str> = [self.category.trim(), self.city.trim()]
            .into_iter()
            .filter(|s| !s.is_empty())
            .collect();
        if more.is_empty() {
            self.name.clone()
        } else {
            format!("{} ({})", self.name, more.join(", "))
        }
    }
}

impl Settings {
    /// The panel in the order forms list it: the chief arbiter (always: he signs every document,
    /// even before his name is entered), the chief secretary when named, the other arbiters.
    pub fn panel(&self) -> Vec<Official> {
        let p = &self.paperwork;
        let mut out = vec![Official {
            role: Role::ChiefArbiter,
            name: self.chief_arbiter.trim().to_string(),
            category: p.chief_arbiter_category.clone(),
            city: p.chief_arbiter_city.clone(),
        }];
        if !p.chief_secretary.trim().is_empty() {
            out.push(Official {
                role: Role::ChiefSecretary,
                name: p.chief_secretary.trim().to_string(),
                category: p.chief_secretary_category.clone(),
                city: p.chief_secretary_city.clone(),
            });
        }
        out.extend(
            self.arbiters
                .iter()
                .filter(|a| !a.trim().is_empty())
                .map(|a| Official {
                    role: Role::Arbiter,
                    name: a.trim().to_string(),
                    category: String::new(),
                    city: String::new(),
                }),
        );
        out
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum System {
    RoundRobin,
    DoubleRoundRobin,
    Swiss,
    /// Олимпийская система: a bracket, the loser of each encounter out.
    Knockout,
    /// Схевенингенская система: each player of one side meets every player of the other.
    Scheveningen,
}

impl System {
    pub fn said(self, lang: crate::lang::Lang) -> &'static str {
        match self {
            System::RoundRobin => lang.pick("round robin", "круговая система"),
            System::DoubleRoundRobin => lang.pick("double round robin", "двухкруговая система"),
            System::Swiss => lang.pick("Swiss", "швейцарская система"),
            System::Knockout => lang.pick("knockout", "олимпийская система"),
            System::Scheveningen => lang.pick("Scheveningen", "схевенингенская система"),
        }
    }

    /// Paired from a colour-order table of everyone against everyone.
    pub fn is_round_robin(self) -> bool {
        matches!(self, System::RoundRobin | System::DoubleRoundRobin)
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatchFormat {
    /// Games per pairing: 1 for single games, 2 for the шашки-64 micromatch.
    pub games: u32,
    /// The opening ballot, if the event draws openings.
    #[serde(default)]
    pub ballot: Option<BallotRule>,
    /// Extra micromatches the regulation orders on a tied micromatch (0: a tie stands).
    #[serde(default)]
    pub extra_micromatches: u32,
    /// The clock of the extra micromatches' games (the regulation's, often shorter); `None`:
    /// the event's own.
    #[serde(default, with = "crate::clock::control::as_text_opt")]
    pub extra_time_control: Option<TimeControl>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BallotRule {
    /// `idf`, `fmjd`, `idf-basic`, or a path to a custom table.
    pub table: String,
    pub per: BallotPer,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BallotPer {
    /// Each micromatch draws its own opening.
    Micromatch,
    /// One opening for every board of the round.
    Round,
    /// A team event: one opening for every board of a match (each match its own); an individual
    /// event draws per micromatch.
    Match,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Scoring {
    pub game: GamePoints,
    /// When set, the standings count micromatch points (win/draw/loss of the micromatch) and game
    /// points become a tie-break.
    #[serde(default)]
    pub match_points: Option<MatchPoints>,
}

impl Scoring {
    /// The scoring a regulation's `W-D-L` gives an event of `games` games per encounter, from
    /// `was`: a single game's 1-½-0 or 2-1-0 as game points, anything else as match points (a
    /// micromatch's, or one game's when it is the encounter) over the game points it had.
    pub fn of_points(was: &Scoring, games: u32, win: f64, draw: f64, loss: f64) -> Scoring {
        let single = |game| Scoring {
            game,
            match_points: None,
        };
        match (games, win, draw, loss) {
            (1, 1.0, 0.5, 0.0) => single(GamePoints::OneHalfZero),
            (1, 2.0, 1.0, 0.0) => single(GamePoints::TwoOneZero),
            _ => Scoring {
                game: was.game,
                match_points: Some(MatchPoints { win, draw, loss }),
            },
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GamePoints {
    /// 1 - ½ - 0
    OneHalfZero,
    /// 2 - 1 - 0
    TwoOneZero,
}

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatchPoints {
    pub win: f64,
    pub draw: f64,
    pub loss: f64,
}

/// Match points no regulation gives: the standings they make would reward losing or drawing.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ScoringError {
    #[error("match points {win}-{draw}-{loss}: a win is worth less than a draw")]
    WinBelowDraw { win: f64, draw: f64, loss: f64 },
    #[error("match points {win}-{draw}-{loss}: a draw is worth less than a loss")]
    DrawBelowLoss { win: f64, draw: f64, loss: f64 },
    #[error("match points {win}-{draw}-{loss}: two draws are worth more than a win and a loss")]
    DrawsAboveWin { win: f64, draw: f64, loss: f64 },
    #[error("match points {win}-{draw}-{loss}: points are not negative")]
    Negative { win: f64, draw: f64, loss: f64 },
    #[error("a pairing-allocated bye worth {bye} match points, more than a win's {win}")]
    ByeAboveWin { bye: f64, win: f64 },
}

impl crate::lang::Russian for ScoringError {
    fn ru(&self) -> String {
        let (what, win, draw, loss) = match self {
            ScoringError::WinBelowDraw { win, draw, loss } => {
                ("победа стоит меньше ничьей", win, draw, loss)
            }
            ScoringError::DrawBelowLoss { win, draw, loss } => {
                ("ничья стоит меньше поражения", win, draw, loss)
            }
            ScoringError::DrawsAboveWin { win, draw, loss } => {
                ("две ничьи стоят больше победы и поражения", win, draw, loss)
            }
            ScoringError::Negative { win, draw, loss } => {
                ("очки не бывают отрицательными", win, draw, loss)
            }
            ScoringError::ByeAboveWin { bye, win } => {
                let n = |x: &f64| crate::lang::Lang::Ru.decimal(&x.to_string());
                return format!(
                    "свободный тур по жеребьёвке стоит {} командных очков — больше победы ({})",
                    n(bye),
                    n(win)
                );
            }
        };
        let n = |x: &f64| crate::lang::Lang::Ru.decimal(&x.to_string());
        format!("очки за матч {}-{}-{}: {what}", n(win), n(draw), n(loss))
    }
}

impl MatchPoints {
    /// Points a regulation can give: none negative, a win at least a draw, a draw at least a
    /// loss, two draws no more than a win and a loss (else drawing every match pays).
    pub fn check(&self) -> Result<(), ScoringError> {
        let MatchPoints { win, draw, loss } = *self;
        if win < 0.0 || draw < 0.0 || loss < 0.0 {
            return Err(ScoringError::Negative { win, draw, loss });
        }
        if win < draw {
            return Err(ScoringError::WinBelowDraw { win, draw, loss });
        }
        if draw < loss {
            return Err(ScoringError::DrawBelowLoss { win, draw, loss });
        }
        if 2.0 * draw > win + loss {
            return Err(ScoringError::DrawsAboveWin { win, draw, loss });
        }
        Ok(())
    }
}

/// The criteria that order players with equal points, in the order the regulation lists them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TieBreak {
    SonnebornBerger,
    Buchholz,
    BuchholzCut1,
    BuchholzCut2,
    BuchholzMedian,
    Shmulyan,
    Wins,
    WinsBlack,
    HeadToHead,
    Koya,
    Progressive,
    AverageRatingOpponents,
    GamePoints,
}

impl TieBreak {
    pub const ALL: [TieBreak; 13] = [
        TieBreak::SonnebornBerger,
        TieBreak::Buchholz,
        TieBreak::BuchholzCut1,
        TieBreak::BuchholzCut2,
        TieBreak::BuchholzMedian,
        TieBreak::Shmulyan,
        TieBreak::Wins,
        TieBreak::WinsBlack,
        TieBreak::HeadToHead,
        TieBreak::Koya,
        TieBreak::Progressive,
        TieBreak::AverageRatingOpponents,
        TieBreak::GamePoints,
    ];

    /// The key in files, JSON and CSV.
    pub fn id(self) -> &'static str {
        match self {
            TieBreak::SonnebornBerger => "sonneborn_berger",
            TieBreak::Buchholz => "buchholz",
            TieBreak::BuchholzCut1 => "buchholz_cut1",
            TieBreak::BuchholzCut2 => "buchholz_cut2",
            TieBreak::BuchholzMedian => "buchholz_median",
            TieBreak::Shmulyan => "shmulyan",
            TieBreak::Wins => "wins",
            TieBreak::WinsBlack => "wins_black",
            TieBreak::HeadToHead => "head_to_head",
            TieBreak::Koya => "koya",
            TieBreak::Progressive => "progressive",
            TieBreak::AverageRatingOpponents => "average_rating_opponents",
            TieBreak::GamePoints => "game_points",
        }
    }

    /// The order a new event starts with, before its regulation is entered: the one official
    /// example found (Minsport regulation, item 4.2.10 «Шашки русские», in
    /// `shared/data/competition_rules.md` §3.1): the Shmulyan coefficient in a round robin, the
    /// Buchholz (Solkoff) in a Swiss, then the number of wins, then head-to-head. A knockout
    /// has none: its places are the bracket's (the round one went out in), which no coefficient
    /// changes, and columns of coefficients beside them would only mislead the hall.
    pub fn defaults(system: System) -> Vec<TieBreak> {
        let first = match system {
            System::RoundRobin | System::DoubleRoundRobin | System::Scheveningen => {
                TieBreak::Shmulyan
            }
            System::Swiss => TieBreak::Buchholz,
            System::Knockout => return Vec::new(),
        };
        vec![first, TieBreak::Wins, TieBreak::HeadToHead]
    }

    /// The full name (English, Russian), as reports and screens show it.
    pub fn name(self) -> (&'static str, &'static str) {
        match self {
            TieBreak::SonnebornBerger => ("Sonneborn-Berger", "коэффициент Бергера"),
            TieBreak::Buchholz => ("Buchholz", "коэффициент Солкофа"),
            TieBreak::BuchholzCut1 => ("Buchholz cut 1", "усечённый коэффициент Солкофа (−1)"),
            TieBreak::BuchholzCut2 => ("Buchholz cut 2", "усечённый коэффициент Солкофа (−2)"),
            TieBreak::BuchholzMedian => ("median Buchholz", "медианный коэффициент Солкофа"),
            TieBreak::Shmulyan => ("Shmulyan", "коэффициент Шмульяна"),
            TieBreak::Wins => ("number of wins", "число побед"),
            TieBreak::WinsBlack => ("wins with Black", "число побед чёрными"),
            TieBreak::HeadToHead => ("head-to-head", "результат личной встречи"),
            TieBreak::Koya => ("Koya", "коэффициент Коя"),
            TieBreak::Progressive => ("progressive score", "прогрессивный коэффициент"),
            TieBreak::AverageRatingOpponents => {
                ("average rating of opponents", "средний рейтинг соперников")
            }
            TieBreak::GamePoints => ("game points", "очки в партиях"),
        }
    }

    /// Its code in FIDE's tie-break regulations (C.07) and TRF-26's `212`, with the modifiers
    /// that make it ours; `None` for a criterion C.07 does not name (Shmulyan's, game points).
    /// `Wins` is `WIN` (every round won, with a game or without) where the event counts
    /// unplayed wins, else `WON` (games won over the board); [`TieBreak::c07_in`] tells them.
    pub fn c07(self) -> Option<&'static str> {
        Some(match self {
            TieBreak::SonnebornBerger => "SB",
            TieBreak::Buchholz => "BH",
            TieBreak::BuchholzCut1 => "BH/C1",
            TieBreak::BuchholzCut2 => "BH/C2",
            TieBreak::BuchholzMedian => "BH/M1",
            TieBreak::Wins => "WIN",
            TieBreak::WinsBlack => "BWG",
            TieBreak::HeadToHead => "DE",
            TieBreak::Koya => "KS",
            TieBreak::Progressive => "PS",
            TieBreak::AverageRatingOpponents => "ARO",
            TieBreak::Shmulyan | TieBreak::GamePoints => return None,
        })
    }

    /// [`TieBreak::c07`] as event `t` counts it (its wins with or without unplayed ones).
    pub fn c07_in(self, unplayed: &Unplayed) -> Option<&'static str> {
        match self {
            TieBreak::Wins
                if unplayed.in_coefficients != UnplayedInCoefficients::FideC07
                    && !unplayed.forfeit_counts_as_win =>
            {
                Some("WON")
            }
            _ => self.c07(),
        }
    }

    /// Column heading (English, Russian).
    pub fn short(self) -> (&'static str, &'static str) {
        match self {
            TieBreak::SonnebornBerger => ("SB", "Берг."),
            TieBreak::Buchholz => ("Buch", "Солк."),
            TieBreak::BuchholzCut1 => ("Buch-1", "Солк.-1"),
            TieBreak::BuchholzCut2 => ("Buch-2", "Солк.-2"),
            TieBreak::BuchholzMedian => ("Med", "Мед."),
            TieBreak::Shmulyan => ("Shm", "Шмул."),
            TieBreak::Wins => ("Wins", "Поб."),
            TieBreak::WinsBlack => ("W.Bl", "Поб.ч."),
            TieBreak::HeadToHead => ("H2H", "Личн."),
            TieBreak::Koya => ("Koya", "Коя"),
            TieBreak::Progressive => ("Prog", "Прогр."),
            TieBreak::AverageRatingOpponents => ("ARO", "Ср.рейт."),
            TieBreak::GamePoints => ("Games", "Партии"),
        }
    }
}

/// How rounds without a game over the board enter points and tie-breaks (README, "Standings").
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Unplayed {
    /// What a bye is worth, as a pairing result.
    #[serde(default = "default_bye")]
    pub bye: ByeValue,
    /// Whether a win by forfeit counts in `wins`.
    #[serde(default)]
    pub forfeit_counts_as_win: bool,
    /// How a round without an opponent over the board enters the opponent-based criteria.
    #[serde(default)]
    pub in_coefficients: UnplayedInCoefficients,
}

fn default_bye() -> ByeValue {
    ByeValue::Win
}

impl Default for Unplayed {
    fn default() -> Unplayed {
        Unplayed {
            bye: ByeValue::Win,
            forfeit_counts_as_win: false,
            in_coefficients: UnplayedInCoefficients::Skip,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ByeValue {
    Win,
    Draw,
    Zero,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum UnplayedInCoefficients {
    /// The round adds nothing to Buchholz, Berger, Shmulyan, Koya (the default).
    #[default]
    Skip,
    /// The round counts as a game against an opponent with the player's own final points.
    OwnPoints,
    /// The 2026 edition of FIDE C.07 (Art. 16): voluntarily unplayed rounds, the dummy opponent
    /// capped, withdrawn players' missed rounds as draws in others' criteria, such rounds cut
    /// first, unplayed wins in `wins` (README, "Standings").
    FideC07,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub id: PlayerId,
    pub surname: String,
    pub name: String,
    /// Title or rank: ГМ, МС, КМС, 1 разряд, GMI…
    #[serde(default)]
    pub title: String,
    #[serde(default)]
    pub rating: Option<u32>,
    /// Club, region or federation.
    #[serde(default)]
    pub club: String,
    #[serde(default)]
    pub birth_year: Option<u16>,
    /// Pairing number (from the draw by lot, or the order of the list).
    #[serde(default)]
    pub number: Option<usize>,
    /// The player left after this round; later rounds are not played.
    #[serde(default)]
    pub withdrawn_after: Option<usize>,
    /// For the forms that count men and women and for Russian texts, whose verbs agree with it
    /// («выиграла»); unknown gives the texts a form without gender.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sex: Option<Sex>,
    /// Expelled (исключён) by the arbiter: no place in the standings, shown as expelled; he
    /// also counts as withdrawn after the round he was expelled in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expelled: Option<Expelled>,
}

/// Why and when a player was expelled.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Expelled {
    /// The last round paired when he was expelled.
    pub after_round: usize,
    pub reason: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Sex {
    Male,
    Female,
}

impl From<Sex> for crate::lang::Gender {
    fn from(sex: Sex) -> crate::lang::Gender {
        match sex {
            Sex::Male => crate::lang::Gender::Masculine,
            Sex::Female => crate::lang::Gender::Feminine,
        }
    }
}

impl Sex {
    /// The letter forms and lists use: М/Ж, M/F.
    pub fn letter(self, lang: crate::lang::Lang) -> &'static str {
        match self {
            Sex::Male => lang.pick("M", "М"),
            Sex::Female => lang.pick("F", "Ж"),
        }
    }

    /// `м`, `ж`, `m`, `f`, `w` (TRF's woman), `муж`, `жен`, `male`, `female`… in either case.
    pub fn parse(text: &str) -> Option<Sex> {
        let t = text.trim().to_lowercase();
        match t.as_str() {
            "м" | "m" | "муж" | "муж." | "мужской" | "male" | "man" => {
                Some(Sex::Male)
            }
            "ж" | "f" | "w" | "жен" | "жен." | "женский" | "female" | "woman" => {
                Some(Sex::Female)
            }
            _ => None,
        }
    }
}

impl Player {
    /// A player with only an id and a surname; the rest is filled in by the caller.
    pub fn new(id: PlayerId, surname: impl Into<String>) -> Player {
        Player {
            id,
            surname: surname.into(),
            name: String::new(),
            title: String::new(),
            rating: None,
            club: String::new(),
            birth_year: None,
            number: None,
            withdrawn_after: None,
            expelled: None,
            sex: None,
        }
    }

    /// The name with the starting number, as lists and messages show a player: `Петров Владимир
    /// (29)`; the name alone before numbers are drawn.
    pub fn numbered_name(&self) -> String {
        match self.number {
            Some(n) => format!("{} ({n})", self.full_name()),
            None => self.full_name(),
        }
    }

    pub fn full_name(&self) -> String {
        if self.name.is_empty() {
            self.surname.clone()
        } else {
            format!("{} {}", self.surname, self.name)
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Round {
    pub number: usize,
    pub pairings: Vec<Pairing>,
    #[serde(default)]
    pub bye: Option<PlayerId>,
    /// Players who did not play the round (excused): not paired, nothing scored.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub absent: Vec<PlayerId>,
    /// Absent players given points without a game at their request (TRF `F`: a win's points,
    /// `H`: a draw's): not the pairing-allocated bye, so it does not bar them from that one
    /// unless it was a win's worth (C.04.3 C.2).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub requested_byes: Vec<(PlayerId, ByeValue)>,
    #[serde(default)]
    pub locked: bool,
    /// The virtual points the round was paired with by the program's accelerated pairings
    /// (rounds 1–2): kept with the round so that its TRF (`XXA`) lets another program
    /// reproduce it, and gone with it when the round is unpaired.
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub acceleration: std::collections::BTreeMap<PlayerId, f64>,
    /// A team event's matches: which of the round's boards each two teams play on.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub matches: Vec<crate::tournament::team::Match>,
    /// Teams without a match this round (an odd number in a round robin): nothing scored, or
    /// the event's pairing-allocated bye.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub team_byes: Vec<crate::tournament::team::TeamId>,
    /// Teams away this round of their own will (withdrawn, or absent for the round): nothing
    /// scored, never the pairing-allocated bye, a voluntarily unplayed round in FIDE C.07.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub team_absent: Vec<crate::tournament::team::TeamId>,
    /// A knockout's entrants who pass to the next round without an encounter (the top seeds
    /// of a field that is not a power of two): nothing scored.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub advanced: Vec<PlayerId>,
}

/// The arbiter's decision of an encounter the games left tied (a lot, an Armageddon game played
/// outside the record), with its reason: journaled like any result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Decision {
    pub winner: PlayerId,
    pub reason: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Pairing {
    pub board: usize,
    /// White in game 1; colours alternate game by game.
    pub white: PlayerId,
    pub black: PlayerId,
    /// One per game of the micromatch, from the White of that game's side.
    pub games: Vec<GameResult>,
    #[serde(default)]
    pub ballot: Option<Ballot>,
    /// Games of the extra micromatches played after a tied micromatch, in order; colours go on
    /// alternating from the last game of the micromatch. They decide who won the micromatch and
    /// add nothing to game points.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub extra: Vec<GameResult>,
    /// The arbiter's notes on the pairing: claims and their verdicts, incidents.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<Note>,
    /// Each game's score sheet as written (PDN movetext: the moves played from the game's start,
    /// the ballot's position for a balloted game), by the game's index: the micromatch's games
    /// from 0, then the extra games. Kept as written, an illegal move included: it is evidence.
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub records: std::collections::BTreeMap<usize, String>,
    /// Who goes on, as the arbiter decided it when the games left the encounter tied.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decided: Option<Decision>,
    /// The games were played in an earlier stage (named) and carried over, not played again.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub carried: Option<String>,
}

/// A game's result as the score sheet has it, for the White of that game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameResult {
    Pending,
    WhiteWins,
    Draw,
    BlackWins,
    /// `+/−`: White wins by forfeit.
    WhiteByForfeit,
    /// `−/+`
    BlackByForfeit,
    /// `−/−`: neither came.
    DoubleForfeit,
    /// Not played and not scored (an event cut short).
    Unplayed,
    /// `?`: adjourned (отложена), to be finished later; not scored until then, a draw for the
    /// next round's pairing.
    Adjourned,
}

impl GameResult {
    /// How the arbiter types it: `1`, `=`, `0`, `+`, `-`, `--`, `*` (pending).
    pub fn parse(text: &str) -> Option<GameResult> {
        Some(match text.trim() {
            "1" | "1-0" | "2-0" => GameResult::WhiteWins,
            "=" | "½" | "1/2" | "½-½" | "1-1" => GameResult::Draw,
            "0" | "0-1" | "0-2" => GameResult::BlackWins,
            "+" | "+/-" | "+/−" => GameResult::WhiteByForfeit,
            "-" | "−" | "-/+" | "−/+" => GameResult::BlackByForfeit,
            "--" | "-/-" | "−/−" => GameResult::DoubleForfeit,
            "*" | "" => GameResult::Pending,
            "x" | "unplayed" => GameResult::Unplayed,
            "?" | "adj" | "adjourned" => GameResult::Adjourned,
            _ => return None,
        })
    }

    pub fn symbol(self) -> &'static str {
        match self {
            GameResult::Pending => "*",
            GameResult::WhiteWins => "1-0",
            GameResult::Draw => "½-½",
            GameResult::BlackWins => "0-1",
            GameResult::WhiteByForfeit => "+/−",
            GameResult::BlackByForfeit => "−/+",
            GameResult::DoubleForfeit => "−/−",
            GameResult::Unplayed => "x",
            GameResult::Adjourned => "?",
        }
    }

    /// The same result seen from Black's side (`1-0` → `0-1`): a micromatch's game written from
    /// its pairing's point of view when the colours have swapped.
    pub fn reversed(self) -> GameResult {
        match self {
            GameResult::WhiteWins => GameResult::BlackWins,
            GameResult::BlackWins => GameResult::WhiteWins,
            GameResult::WhiteByForfeit => GameResult::BlackByForfeit,
            GameResult::BlackByForfeit => GameResult::WhiteByForfeit,
            other => other,
        }
    }

    /// Score of the game's White and Black in halves (win 2, draw 1), or `None` if nothing is
    /// scored yet.
    pub fn halves(self) -> Option<(u32, u32)> {
        match self {
            GameResult::WhiteWins | GameResult::WhiteByForfeit => Some((2, 0)),
            GameResult::Draw => Some((1, 1)),
            GameResult::BlackWins | GameResult::BlackByForfeit => Some((0, 2)),
            GameResult::DoubleForfeit => Some((0, 0)),
            GameResult::Pending | GameResult::Unplayed | GameResult::Adjourned => None,
        }
    }

    pub fn over_the_board(self) -> bool {
        matches!(
            self,
            GameResult::WhiteWins | GameResult::Draw | GameResult::BlackWins
        )
    }
}

/// The opening drawn for a pairing (or for the round).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ballot {
    pub table: String,
    pub cell: String,
    /// The seed it was drawn with; `None` for a ballot drawn by hand and entered.
    pub seed: Option<u64>,
    pub at: DateTime<Utc>,
}

/// A note on a pairing: a verdict the program wrote, in both languages (each document says it
/// in its own), or a text kept as it was written (files before verdicts were written so).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Note {
    Both { en: String, ru: String },
    Written(String),
}

impl Note {
    pub fn get(&self, lang: crate::lang::Lang) -> &str {
        match self {
            Note::Both { en, ru } => lang.pick(en, ru),
            Note::Written(text) => text,
        }
    }
}

impl From<&str> for Note {
    fn from(text: &str) -> Note {
        Note::Written(text.to_string())
    }
}

impl Pairing {
    /// Game `game`'s result (the micromatch's games from 0, then the extra games), if the
    /// pairing has that game.
    pub fn result(&self, game: usize) -> Option<GameResult> {
        match game.checked_sub(self.games.len()) {
            None => self.games.get(game).copied(),
            Some(extra) => self.extra.get(extra).copied(),
        }
    }

    /// White of game `game` (from 0): the micromatch's colours swap from game to game.
    pub fn white_of(&self, game: usize) -> PlayerId {
        if game.is_multiple_of(2) {
            self.white
        } else {
            self.black
        }
    }

    pub fn colour_of(&self, player: PlayerId, game: usize) -> Option<Color> {
        if self.white_of(game) == player {
            Some(Color::White)
        } else if self.white == player || self.black == player {
            Some(Color::Black)
        } else {
            None
        }
    }

    /// Who plays `side` in game `game` (from 0).
    pub fn player_of(&self, side: Color, game: usize) -> PlayerId {
        match side {
            Color::White => self.white_of(game),
            Color::Black => self.opponent(self.white_of(game)).unwrap_or(self.black),
        }
    }

    /// Game `game`'s result `g` read from `player`'s side: as it is when he has White, the
    /// same result seen from Black's side when he has Black (a protocol's left player).
    pub fn seen_by(&self, player: PlayerId, game: usize, g: GameResult) -> GameResult {
        if self.white_of(game) == player {
            g
        } else {
            g.reversed()
        }
    }

    pub fn opponent(&self, player: PlayerId) -> Option<PlayerId> {
        if self.white == player {
            Some(self.black)
        } else if self.black == player {
            Some(self.white)
        } else {
            None
        }
    }

    /// A pairing with these games and nothing else yet (no ballot, extras or notes).
    pub fn new(board: usize, white: PlayerId, black: PlayerId, games: Vec<GameResult>) -> Pairing {
        Pairing {
            board,
            white,
            black,
            games,
            ballot: None,
            extra: vec![],
            notes: vec![],
            records: Default::default(),
            decided: None,
            carried: None,
        }
    }

    /// At least one game has a score (a result or a forfeit).
    pub fn scored(&self) -> bool {
        self.games.iter().any(|g| g.halves().is_some())
    }

    pub fn complete(&self) -> bool {
        self.games.iter().all(|g| *g != GameResult::Pending)
    }

    /// Halves scored by (`white`, `black`) of the pairing in `results`, whose first game is game
    /// `first` of the pairing (colours alternate across the micromatch and its extras).
    fn halves_from(&self, first: usize, results: &[GameResult]) -> (u32, u32) {
        let (mut w, mut b) = (0, 0);
        for (i, r) in results.iter().enumerate() {
            if let Some((x, y)) = r.halves() {
                if self.white_of(first + i) == self.white {
                    (w, b) = (w + x, b + y);
                } else {
                    (w, b) = (w + y, b + x);
                }
            }
        }
        (w, b)
    }

    /// Halves of the micromatch itself for (`white`, `black`), extras left out.
    pub fn halves(&self) -> (u32, u32) {
        self.halves_from(0, &self.games)
    }

    /// Halves of every extra game together (a knockout's tie-break games) for (`white`, `black`).
    pub fn extra_halves(&self) -> (u32, u32) {
        self.halves_from(self.games.len(), &self.extra)
    }

    /// The micromatch is over and tied, so extra micromatches (if the regulation orders any)
    /// are due.
    pub fn tied(&self) -> bool {
        let (w, b) = self.halves();
        self.complete() && w == b && self.scored()
    }

    /// The extra micromatches of `per` games each, as played so far: each one's halves for
    /// (`white`, `black`) and whether all its games have a result.
    pub fn extra_micromatches(&self, per: usize) -> Vec<((u32, u32), bool)> {
        let per = per.max(1);
        self.extra
            .chunks(per)
            .enumerate()
            .map(|(k, chunk)| {
                let done = chunk.len() == per && chunk.iter().all(|g| *g != GameResult::Pending);
                (self.halves_from(self.games.len() + k * per, chunk), done)
            })
            .collect()
    }

    /// Who won the first decided extra micromatch, if the micromatch was tied and one was.
    pub fn extra_winner(&self, per: usize) -> Option<PlayerId> {
        if !self.tied() {
            return None;
        }
        self.extra_micromatches(per)
            .into_iter()
            .take_while(|&(_, done)| done)
            .find(|&((w, b), _)| w != b)
            .map(|((w, b), _)| if w > b { self.white } else { self.black })
    }

    /// The regulation's extra micromatches are still to be played: the micromatch is tied, no
    /// extra one has decided it and not all `allowed` have been played.
    pub fn extras_due(&self, per: usize, allowed: u32) -> bool {
        if allowed == 0 || !self.tied() || self.extra_winner(per).is_some() {
            return false;
        }
        let played = self
            .extra_micromatches(per)
            .iter()
            .filter(|(_, done)| *done)
            .count();
        played < allowed as usize
    }
}

impl Round {
    /// Every game has a result and no extra micromatch is still due: the next round may follow.
    pub fn finished(&self, format: &MatchFormat) -> bool {
        let per = format.games.max(1) as usize;
        self.pairings
            .iter()
            .all(|p| p.complete() && !p.extras_due(per, format.extra_micromatches))
    }
}

/// The days an event's dates name, in the order written (`2026-11-28 – 2026-12-02`,
/// `28.11.2026`, `10.4.2026, Казань`, `15.01.2027-18.01.2027`); what is not a day is left out
/// ([`read_days`] says which).
pub fn days(dates: &str) -> Vec<chrono::NaiveDate> {
    date_words(dates).filter_map(|w| w.ok()).collect()
}

/// [`days`], or the first written date that is no day of the calendar (`31.04.2026`).
pub fn read_days(dates: &str) -> Result<Vec<chrono::NaiveDate>, String> {
    date_words(dates).collect()
}

/// Each date written in `dates`: three groups of digits joined by `.`, `-` or `/`, the year
/// first (`2026-11-28`) or last (`28.11.2026`); a range written without spaces
/// (`15.01.2027-18.01.2027`) is two dates.
fn date_words(dates: &str) -> impl Iterator<Item = Result<chrono::NaiveDate, String>> + '_ {
    dates
        .split(|c: char| c.is_whitespace() || c == '–' || c == '—' || c == ',' || c == ';')
        .flat_map(|w| {
            let parts: Vec<&str> = w.split(['-', '.', '/']).collect();
            let dated = parts.len().is_multiple_of(3)
                && !parts.is_empty()
                && parts
                    .iter()
                    .all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_digit()));
            let triples: Vec<[&str; 3]> = if dated {
                parts.chunks(3).map(|c| [c[0], c[1], c[2]]).collect()
            } else {
                Vec::new()
            };
            let written: Vec<String> = if dated {
                // The text of each date as written, for the message.
                let mut out = Vec::new();
                let mut rest = w;
                for t in &triples {
                    let len = t[0].len() + t[1].len() + t[2].len() + 2;
                    out.push(rest[..len].to_string());
                    rest = rest.get(len + 1..).unwrap_or("");
                }
                out
            } else {
                Vec::new()
            };
            triples
                .into_iter()
                .zip(written)
                .filter_map(|([a, b, c], text)| {
                    let (y, m, d) = if a.len() == 4 {
                        (a, b, c)
                    } else if c.len() == 4 {
                        (c, b, a)
                    } else {
                        return None;
                    };
                    let day = chrono::NaiveDate::from_ymd_opt(
                        y.parse().ok()?,
                        m.parse().ok()?,
                        d.parse().ok()?,
                    );
                    Some(day.ok_or(text))
                })
        })
}

/// The first day of an event's dates; `None` when no date can be read.
pub fn first_day(dates: &str) -> Option<chrono::NaiveDate> {
    days(dates).first().copied()
}

impl Tournament {
    /// Board `board` of round `round`, where both are.
    pub fn pairing(&self, round: usize, board: usize) -> Option<&Pairing> {
        self.rounds
            .iter()
            .find(|r| r.number == round)?
            .pairings
            .iter()
            .find(|p| p.board == board)
    }

    /// How many rounds the event has: a round robin's table, a Swiss's regulation (if set).
    /// Every planned round (a Swiss without a plan: every round paired) is played and over as
    /// the event's system counts it (a knockout's final decided, not only played): a stage may
    /// follow, the final order is not provisional.
    pub fn over(&self) -> bool {
        let system = crate::tournament::system::of(self);
        let planned = self.planned_rounds().unwrap_or(self.rounds.len());
        !self.rounds.is_empty()
            && self.rounds.len() >= planned
            && self.rounds.iter().all(|r| system.complete(self, r))
    }

    pub fn planned_rounds(&self) -> Option<usize> {
        // A team event's round robin is over its teams.
        let n = if self.is_team_event() {
            self.teams.len()
        } else {
            self.players.len()
        };
        // An event still without players has none (and must not underflow).
        crate::tournament::system::of(self).planned_rounds(self, n)
    }

    /// A new event without players: scoring 1-½-0, no ballots, the default tie-breaks of its
    /// system ([`TieBreak::defaults`]), default byes.
    pub fn new(
        name: impl Into<String>,
        variant: impl Into<crate::rules::columns::AnyVariant>,
        system: System,
        time_control: TimeControl,
        games: u32,
    ) -> Tournament {
        Tournament {
            schema: SCHEMA,
            settings: Settings {
                name: name.into(),
                dates: String::new(),
                venue: String::new(),
                chief_arbiter: String::new(),
                arbiters: vec![],
                paperwork: Paperwork::default(),
                norms: Default::default(),
                variant: variant.into(),
                system,
                time_control,
                format: MatchFormat {
                    games,
                    ballot: None,
                    extra_micromatches: 0,
                    extra_time_control: None,
                },
                scoring: Scoring {
                    game: GamePoints::OneHalfZero,
                    match_points: None,
                },
                unplayed: Unplayed::default(),
                rounds_planned: None,
                teams: None,
                floor_results: Default::default(),
                registration: Default::default(),
                cycles: None,
                knockout: None,
                scheveningen: None,
                groups: None,
                stage: None,
            },
            tiebreaks: TieBreak::defaults(system),
            players: vec![],
            rounds: vec![],
            forbidden: vec![],
            numbers_seed: None,
            initial_colour: None,
            acceleration: Default::default(),
            teams: vec![],
            deputies: vec![],
            pending: vec![],
            categories: vec![],
            prizes: Default::default(),
            checked_in: Vec::new(),
            schedule: Default::default(),
            lot: None,
            record: Vec::new(),
        }
    }

    /// Games a round's clocks are set up for: the micromatch's, then those of the extra
    /// micromatches the regulation orders on a tie.
    pub fn clock_games(&self) -> usize {
        if self.settings.system == System::Knockout {
            return crate::tournament::system::knockout::clock_games(self);
        }
        let games = self.settings.format.games.max(1) as usize;
        games + games * self.settings.format.extra_micromatches as usize
    }

    /// Games of the match on `board` of `round`: the event's, or a knockout final's own.
    pub fn games_of(&self, round: usize, board: usize) -> usize {
        let main = self.settings.format.games.max(1) as usize;
        match &self.settings.knockout {
            Some(ko)
                if self.settings.system == System::Knockout
                    && board == 1
                    && round == crate::tournament::system::knockout::rounds(self.players.len()) =>
            {
                ko.final_games.map_or(main, |g| g.max(1) as usize)
            }
            _ => main,
        }
    }

    /// The clock of game `game` (from 0) of a round, the extra micromatches' games included.
    pub fn time_control_of_game(&self, game: usize) -> &TimeControl {
        if let Some(ko) = self
            .settings
            .knockout
            .as_ref()
            .filter(|_| self.settings.system == System::Knockout)
        {
            let main = ko
                .final_games
                .unwrap_or(0)
                .max(self.settings.format.games.max(1));
            return match game.checked_sub(main as usize) {
                None => &self.settings.time_control,
                Some(extra) => crate::tournament::system::knockout::extra_control(ko, extra)
                    .unwrap_or(&self.settings.time_control),
            };
        }
        if game < self.settings.format.games.max(1) as usize {
            &self.settings.time_control
        } else {
            self.extra_time_control()
        }
    }

    /// The clock of a game of the extra micromatches: the regulation's, or the event's own.
    pub fn extra_time_control(&self) -> &TimeControl {
        self.settings
            .format
            .extra_time_control
            .as_ref()
            .unwrap_or(&self.settings.time_control)
    }

    pub fn player(&self, id: PlayerId) -> Option<&Player> {
        self.players.iter().find(|p| p.id == id)
    }

    /// Games scored per game in display points: (win, draw).
    pub fn game_value(&self) -> (f64, f64) {
        match self.settings.scoring.game {
            GamePoints::OneHalfZero => (1.0, 0.5),
            GamePoints::TwoOneZero => (2.0, 1.0),
        }
    }

    /// The games adjourned and not finished yet, as (round, board, game from 0).
    pub fn adjourned(&self) -> Vec<(usize, usize, usize)> {
        self.rounds
            .iter()
            .flat_map(|r| {
                r.pairings.iter().flat_map(move |p| {
                    p.games
                        .iter()
                        .enumerate()
                        .filter(|(_, g)| **g == GameResult::Adjourned)
                        .map(move |(k, _)| (r.number, p.board, k))
                })
            })
            .collect()
    }

    /// The event as the next round's pairing reads it: an adjourned game counts as a draw
    /// (the regulation's rule for pairing while it is not finished), its colour as played.
    pub fn adjourned_as_draws(&self) -> std::borrow::Cow<'_, Tournament> {
        if self.adjourned().is_empty() {
            return std::borrow::Cow::Borrowed(self);
        }
        let mut t = self.clone();
        for g in t
            .rounds
            .iter_mut()
            .flat_map(|r| r.pairings.iter_mut())
            .flat_map(|p| p.games.iter_mut())
            .filter(|g| **g == GameResult::Adjourned)
        {
            *g = GameResult::Draw;
        }
        std::borrow::Cow::Owned(t)
    }

    /// Players in pairing-number order (unnumbered players last, by list order).
    pub fn by_number(&self) -> Vec<&Player> {
        let mut v: Vec<&Player> = self.players.iter().collect();
        v.sort_by_key(|p| p.number.unwrap_or(usize::MAX));
        v
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn match_points_no_regulation_gives_are_refused() {
        use super::{MatchPoints, ScoringError};
        use crate::lang::Russian;
        let m = |win, draw, loss| MatchPoints { win, draw, loss };
        for ok in [
            m(2.0, 1.0, 0.0),
            m(3.0, 1.0, 0.0),
            m(1.0, 0.5, 0.0),
            m(1.0, 1.0, 1.0),
        ] {
            assert_eq!(ok.check(), Ok(()), "{ok:?}");
        }
        assert!(matches!(
            m(1.0, 2.0, 0.0).check(),
            Err(ScoringError::WinBelowDraw { .. })
        ));
        assert!(matches!(
            m(2.0, 0.0, 1.0).check(),
            Err(ScoringError::DrawBelowLoss { .. })
        ));
        assert!(matches!(
            m(3.0, 2.0, 0.0).check(),
            Err(ScoringError::DrawsAboveWin { .. })
        ));
        assert!(matches!(
            m(2.0, 1.0, -1.0).check(),
            Err(ScoringError::Negative { .. })
        ));
        assert_eq!(
            m(3.0, 2.0, 0.0).check().unwrap_err().ru(),
            "очки за матч 3-2-0: две ничьи стоят больше победы и поражения"
        );
    }

    use super::{days, read_days, Note};

    /// A note written before verdicts were kept in both languages is read as written; one in both
    /// languages comes back as it was saved.
    #[test]
    fn notes_read_from_older_files_and_in_both_languages() {
        let old: Vec<Note> = ron::from_str(r#"["партия 1: верно"]"#).unwrap();
        assert_eq!(old, [Note::Written("партия 1: верно".into())]);
        let both = Note::Both {
            en: "game 1: valid".into(),
            ru: "партия 1: верно".into(),
        };
        let text = ron::to_string(&vec![both.clone(), old[0].clone()]).unwrap();
        let back: Vec<Note> = ron::from_str(&text).unwrap();
        assert_eq!(back, [both, old[0].clone()], "{text}");
        assert_eq!(back[0].get(crate::lang::Lang::En), "game 1: valid");
    }

    #[test]
    fn dates_written_as_arbiters_write_them_are_read_and_a_day_not_in_the_calendar_is_named() {
        let d = |y, m, d| chrono::NaiveDate::from_ymd_opt(y, m, d).unwrap();
        assert_eq!(
            days("15.01.2027-18.01.2027"),
            [d(2027, 1, 15), d(2027, 1, 18)]
        );
        assert_eq!(
            days("2026-11-28 – 2026-12-02"),
            [d(2026, 11, 28), d(2026, 12, 2)]
        );
        assert_eq!(days("10.4.2026, Казань"), [d(2026, 4, 10)]);
        assert_eq!(
            read_days("31.04.2026 – 02.05.2026"),
            Err("31.04.2026".to_string())
        );
        assert_eq!(read_days("весной"), Ok(vec![]));
    }
}
