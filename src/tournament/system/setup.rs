//! A new event set up as its regulation says: the system and its options, the entrants numbered
//! (by the initial order or by a seeded lot) and, for groups, grouped. The one builder behind the
//! command line's `event new` and `event next-stage` and the console's New event, so both refuse
//! the same settings with the same words.

use crate::clock::TimeControl;
use crate::lang::Russian;
use crate::rules::columns::AnyVariant;
use crate::tournament::command::{self, Command, CommandError};
use crate::tournament::model::{Player, PlayerId, System, Tournament};
use crate::tournament::system::groups::{self, Grouping};
use crate::tournament::system::knockout::Knockout;
use crate::tournament::system::scheveningen::{self, Scheveningen};
use crate::tournament::system::SystemError;

/// The most cycles of a round robin a regulation plays (a match-tournament of a few players).
pub const MAX_CYCLES: u32 = 6;
/// The most games (or micromatches) of one encounter.
pub const MAX_GAMES: u32 = 20;

/// The systems a regulation names, as a new event is set up: a round robin in groups is a
/// system of its own here (its groups are formed with the event).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    RoundRobin,
    Groups,
    Swiss,
    Knockout,
    Scheveningen,
}

impl Kind {
    pub const ALL: [Kind; 5] = [
        Kind::RoundRobin,
        Kind::Groups,
        Kind::Swiss,
        Kind::Knockout,
        Kind::Scheveningen,
    ];

    /// The command line's name (`--system`).
    pub fn name(self) -> &'static str {
        match self {
            Kind::RoundRobin => "round-robin",
            Kind::Groups => "groups",
            Kind::Swiss => "swiss",
            Kind::Knockout => "knockout",
            Kind::Scheveningen => "scheveningen",
        }
    }

    pub fn said(self, lang: crate::lang::Lang) -> &'static str {
        match self {
            Kind::RoundRobin => lang.pick("round robin", "круговая система"),
            Kind::Groups => lang.pick("round robin in groups", "круговая в группах"),
            Kind::Swiss => lang.pick("Swiss", "швейцарская система"),
            Kind::Knockout => lang.pick("knockout", "олимпийская система"),
            Kind::Scheveningen => lang.pick("Scheveningen", "схевенингенская система"),
        }
    }

    /// Played as a table of everyone against everyone (once or in cycles).
    pub fn is_round_robin(self) -> bool {
        matches!(self, Kind::RoundRobin | Kind::Groups)
    }

    /// Its entrants are needed when it is set up (to form the groups or the sides).
    pub fn needs_entrants(self) -> bool {
        matches!(self, Kind::Groups | Kind::Scheveningen)
    }
}

impl std::str::FromStr for Kind {
    type Err = SetupError;
    fn from_str(text: &str) -> Result<Kind, SetupError> {
        Kind::ALL
            .into_iter()
            .find(|k| k.name() == text)
            .ok_or_else(|| SetupError::Kind(text.to_string()))
    }
}

/// How the pairing numbers (a knockout's seeds, a table's numbers) are given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seeding {
    /// The initial order: rating, rank, surname for a Swiss or a knockout; the list's order for
    /// a table.
    Order,
    /// As the entrants come, already numbered (the next stage's order from the last's places).
    AsNumbered,
    /// By lot (with the regulation's seed).
    Lot,
}

/// The system and its options, as the regulation gives them.
#[derive(Clone, Debug, PartialEq)]
pub struct Regulation {
    pub kind: Kind,
    /// Cycles of a round robin (its groups too); `None`: one, or two with `double`.
    pub cycles: Option<u32>,
    /// Games (or micromatches) of every encounter.
    pub games: u32,
    /// A knockout's regulation; refused for another system.
    pub knockout: Option<Knockout>,
    /// How many groups, and how they are formed; refused for a system but groups.
    pub groups: Option<(usize, Grouping)>,
    /// Twice against each: a Scheveningen's double system, or a round robin's two cycles.
    pub double: bool,
    /// A Scheveningen by the Soviet cyclic scheme.
    pub soviet: bool,
    pub seeding: Seeding,
    /// The seed of every lot (the numbers, the groups); drawn from the system when none is
    /// given, and recorded with the lot either way.
    pub seed: Option<u64>,
}

impl Regulation {
    /// One system with the defaults an arbiter expects: one game, one cycle, the initial order.
    pub fn of(kind: Kind) -> Regulation {
        Regulation {
            kind,
            cycles: None,
            games: 1,
            knockout: (kind == Kind::Knockout).then(Knockout::default),
            groups: None,
            double: false,
            soviet: false,
            seeding: Seeding::Order,
            seed: None,
        }
    }
}

/// Who plays: nobody yet (players are added on the Players screen), one list, or a
/// Scheveningen's two sides by name.
#[derive(Clone, Debug, PartialEq)]
pub enum Entrants {
    Later,
    Roster(Vec<Player>),
    Sides([(String, Vec<Player>); 2]),
}

/// Why an event cannot be set up as asked.
#[derive(Debug, thiserror::Error)]
pub enum SetupError {
    #[error("--system `{0}`: one of round-robin, swiss, knockout, scheveningen, groups")]
    Kind(String),
    #[error("--games {0}: from 1 to {MAX_GAMES}")]
    Games(u32),
    #[error("--cycles {0}: from 1 to {MAX_CYCLES}")]
    Cycles(u32),
    #[error("--cycles is for a round robin (or its groups)")]
    CyclesNotRoundRobin,
    #[error("--final-games, --third-place and --tie-break are for a knockout")]
    KnockoutOnly,
    #[error("--system groups needs --groups N (2 or more)")]
    NoGroups,
    #[error("--groups is for --system groups")]
    GroupsOnly,
    #[error(
        "--double is for a round robin (two cycles) or a Scheveningen; --soviet for a Scheveningen"
    )]
    DoubleOnly,
    #[error("--double is 2 cycles; --cycles {0} says otherwise")]
    DoubleCycles(u32),
    #[error("a {0} is not a stage after another (a stage is a round robin, its groups, a Swiss or a knockout)")]
    NotAStage(&'static str),
    #[error("a {0} needs its players when it is set up (--roster, or --sides for a Scheveningen)")]
    EntrantsNeeded(&'static str),
    #[error("--sides takes two lists, A.csv,B.csv, and only for a Scheveningen")]
    SidesOnly,
    #[error("the roster has {have} player(s); this system needs at least {least}")]
    TooFew { have: usize, least: usize },
    #[error("the sides have {0} and {1} players: a Scheveningen needs two sides of the same size")]
    Uneven(usize, usize),
    #[error("no seed for the lot: {0}")]
    Seed(String),
    #[error(transparent)]
    Table(#[from] SystemError),
    #[error(transparent)]
    Command(#[from] CommandError),
}

impl Russian for SetupError {
    fn ru(&self) -> String {
        match self {
            SetupError::Kind(text) => format!(
                "--system `{text}`: одна из round-robin, swiss, knockout, scheveningen, groups"
            ),
            SetupError::Games(n) => format!("--games {n}: от 1 до {MAX_GAMES}"),
            SetupError::Cycles(n) => format!("--cycles {n}: от 1 до {MAX_CYCLES}"),
            SetupError::CyclesNotRoundRobin => {
                "--cycles — для кругового турнира (или групп)".into()
            }
            SetupError::KnockoutOnly => {
                "--final-games, --third-place и --tie-break — для олимпийской системы".into()
            }
            SetupError::NoGroups => "для --system groups нужно --groups N (2 или больше)".into(),
            SetupError::GroupsOnly => "--groups — для --system groups".into(),
            SetupError::DoubleOnly => {
                "--double — для кругового турнира (два круга) или схевенингенской системы; --soviet — для схевенингенской".into()
            }
            SetupError::DoubleCycles(c) => format!("--double — это два круга; --cycles {c} говорит другое"),
            SetupError::NotAStage(kind) => format!(
                "система «{}» не бывает следующим этапом (этап — круговой турнир, группы, швейцарская или олимпийская система)",
                ru_kind(kind)
            ),
            SetupError::EntrantsNeeded(kind) => format!(
                "для системы «{}» участники нужны сразу (--roster, или --sides для схевенингенской)",
                ru_kind(kind)
            ),
            SetupError::SidesOnly => {
                "--sides — два списка, A.csv,B.csv, только для схевенингенской системы".into()
            }
            SetupError::TooFew { have, least } => {
                format!("в списке участников: {have}; для этой системы нужно не менее {least}")
            }
            SetupError::Uneven(a, b) => {
                format!(
                    "в командах {a} и {b} {}: нужны две команды одного размера",
                    crate::lang::ru_noun(*b as u64, ["участник", "участника", "участников"])
                )
            }
            SetupError::Seed(e) => format!("нет числа для жребия: {e}"),
            SetupError::Table(e) => e.ru(),
            SetupError::Command(e) => e.ru(),
        }
    }
}

fn ru_kind(name: &str) -> &'static str {
    Kind::ALL
        .into_iter()
        .find(|k| k.name() == name)
        .map_or("?", |k| k.said(crate::lang::Lang::Ru))
}

/// The event as asked, nothing written: the system with its options, the entrants added by the
/// journaled command, numbered, grouped.
pub fn new_event(
    name: &str,
    variant: AnyVariant,
    control: TimeControl,
    reg: &Regulation,
    entrants: Entrants,
) -> Result<Tournament, SetupError> {
    let system = system_of(reg)?;
    let mut t = Tournament::new(name, variant, system, control, reg.games);
    let players = match entrants {
        Entrants::Later if reg.kind.needs_entrants() => {
            return Err(SetupError::EntrantsNeeded(reg.kind.name()))
        }
        Entrants::Later => vec![],
        Entrants::Roster(players) => players,
        Entrants::Sides(_) if reg.kind != Kind::Scheveningen => return Err(SetupError::SidesOnly),
        Entrants::Sides([(a_name, a), (b_name, b)]) => {
            t.settings.scheveningen = Some(Scheveningen {
                sides: [
                    a.iter().map(|p| p.id).collect(),
                    b.iter().map(|p| p.id).collect(),
                ],
                names: [a_name, b_name],
                double: reg.double,
                soviet: reg.soviet,
            });
            a.into_iter().chain(b).collect()
        }
    };
    let later = players.is_empty() && !reg.kind.needs_entrants();
    for player in players {
        command::apply(&mut t, &Command::AddPlayer { player })?;
    }
    arrange(&mut t, reg, later)?;
    Ok(t)
}

/// The next stage's event: `prev`'s event data and clocks, the players of `order` numbered in
/// that order, set up as `reg` says.
pub fn next_stage(
    prev: &Tournament,
    name: &str,
    order: &[PlayerId],
    reg: &Regulation,
) -> Result<Tournament, SetupError> {
    if reg.kind == Kind::Scheveningen {
        return Err(SetupError::NotAStage(reg.kind.name()));
    }
    if order.len() < 2 {
        return Err(SetupError::TooFew {
            have: order.len(),
            least: 2,
        });
    }
    let system = system_of(reg)?;
    let mut t = Tournament::new(
        name,
        prev.settings.variant,
        system,
        prev.settings.time_control.clone(),
        prev.settings.format.games,
    );
    let s = &prev.settings;
    t.settings.format = s.format.clone();
    t.settings.scoring = s.scoring.clone();
    t.settings.unplayed = s.unplayed.clone();
    t.settings.dates = s.dates.clone();
    t.settings.venue = s.venue.clone();
    t.settings.chief_arbiter = s.chief_arbiter.clone();
    t.settings.arbiters = s.arbiters.clone();
    t.settings.paperwork = s.paperwork.clone();
    if s.system == system || (s.system.is_round_robin() && system.is_round_robin()) {
        t.tiebreaks = prev.tiebreaks.clone();
    }
    for (i, &id) in order.iter().enumerate() {
        let Some(p) = prev.player(id) else {
            return Err(SetupError::Command(CommandError::NoPlayer(id)));
        };
        let mut p = p.clone();
        p.number = Some(i + 1);
        p.withdrawn_after = None;
        t.players.push(p);
    }
    arrange(&mut t, reg, false)?;
    Ok(t)
}

/// The `System` the rounds are paired by, the regulation's options checked against it.
fn system_of(reg: &Regulation) -> Result<System, SetupError> {
    if reg.games == 0 || reg.games > MAX_GAMES {
        return Err(SetupError::Games(reg.games));
    }
    let cycles = cycles(reg)?;
    if reg.knockout.is_some() && reg.kind != Kind::Knockout {
        return Err(SetupError::KnockoutOnly);
    }
    match (reg.kind, reg.groups) {
        (Kind::Groups, None) | (Kind::Groups, Some((0 | 1, _))) => {
            return Err(SetupError::NoGroups)
        }
        (Kind::Groups, _) | (_, None) => {}
        (_, Some(_)) => return Err(SetupError::GroupsOnly),
    }
    let doubles = reg.kind.is_round_robin() || reg.kind == Kind::Scheveningen;
    if (reg.double && !doubles) || (reg.soviet && reg.kind != Kind::Scheveningen) {
        return Err(SetupError::DoubleOnly);
    }
    Ok(match reg.kind {
        Kind::RoundRobin | Kind::Groups if cycles == 2 => System::DoubleRoundRobin,
        Kind::RoundRobin | Kind::Groups => System::RoundRobin,
        Kind::Swiss => System::Swiss,
        Kind::Knockout => System::Knockout,
        Kind::Scheveningen => System::Scheveningen,
    })
}

/// Cycles of a round robin: `--cycles`, or two with `--double`; one for every other system.
fn cycles(reg: &Regulation) -> Result<u32, SetupError> {
    if !reg.kind.is_round_robin() {
        return match reg.cycles {
            None | Some(1) => Ok(1),
            Some(_) => Err(SetupError::CyclesNotRoundRobin),
        };
    }
    match (reg.cycles, reg.double) {
        (Some(c), true) if c != 2 => Err(SetupError::DoubleCycles(c)),
        (Some(c), _) if !(1..=MAX_CYCLES).contains(&c) => Err(SetupError::Cycles(c)),
        (Some(c), _) => Ok(c),
        (None, true) => Ok(2),
        (None, false) => Ok(1),
    }
}

/// The options set, the field checked against the system, the numbers given, the groups formed.
/// `later`: no entrants yet (the console adds them on the Players screen).
fn arrange(t: &mut Tournament, reg: &Regulation, later: bool) -> Result<(), SetupError> {
    let cycles = cycles(reg)?;
    if cycles > 2 {
        t.settings.cycles = Some(cycles);
    }
    if reg.kind == Kind::Knockout {
        t.settings.knockout = Some(reg.knockout.clone().unwrap_or_default());
    }
    if reg.kind == Kind::Scheveningen && t.settings.scheveningen.is_none() {
        // One list: its first half is side A, the second side B.
        let ids: Vec<PlayerId> = t.players.iter().map(|p| p.id).collect();
        let (one, two) = ids.split_at(ids.len() / 2);
        t.settings.scheveningen = Some(Scheveningen {
            sides: [one.to_vec(), two.to_vec()],
            names: ["A".into(), "B".into()],
            double: reg.double,
            soviet: reg.soviet,
        });
    }
    if later {
        return Ok(());
    }
    enough(t, reg)?;
    if let Some(s) = &t.settings.scheveningen {
        scheveningen::table(s.sides[0].len(), s.double, s.soviet)?;
    }
    number(t, reg.seeding, reg.seed)?;
    if let Some((count, grouping)) = reg.groups {
        let seed = match grouping {
            Grouping::Lot => Some(lot_seed(reg.seed)?),
            _ => None,
        };
        let order: Vec<PlayerId> = t.by_number().iter().map(|p| p.id).collect();
        t.settings.groups = Some(groups::form(&order, count, grouping, seed));
    }
    Ok(())
}

fn enough(t: &Tournament, reg: &Regulation) -> Result<(), SetupError> {
    let have = t.players.len();
    let least = match (reg.kind, reg.groups) {
        (Kind::Groups, Some((g, _))) => 2 * g.max(1),
        (Kind::Scheveningen, _) => 4,
        _ => 2,
    };
    if have < least {
        return Err(SetupError::TooFew { have, least });
    }
    if let Some(s) = &t.settings.scheveningen {
        if s.sides[0].len() != s.sides[1].len() {
            return Err(SetupError::Uneven(s.sides[0].len(), s.sides[1].len()));
        }
    }
    Ok(())
}

/// The seed of a lot: the one given, else one drawn from the system (recorded with the lot).
fn lot_seed(seed: Option<u64>) -> Result<u64, SetupError> {
    match seed {
        Some(seed) => Ok(seed),
        None => crate::tournament::ballot::os_seed().map_err(|e| SetupError::Seed(e.to_string())),
    }
}

fn number(t: &mut Tournament, seeding: Seeding, seed: Option<u64>) -> Result<(), SetupError> {
    match seeding {
        Seeding::AsNumbered => {}
        Seeding::Order => {
            let ids: Vec<PlayerId> = match t.settings.system {
                System::Swiss | System::Knockout => {
                    crate::tournament::swiss::initial_ranking(&t.players)
                }
                _ => t.players.iter().map(|p| p.id).collect(),
            };
            let numbers = ids
                .iter()
                .enumerate()
                .map(|(i, &id)| (id, Some(i + 1)))
                .collect();
            command::apply(
                t,
                &Command::SetNumbers {
                    numbers,
                    seed: None,
                },
            )?;
        }
        Seeding::Lot => {
            let seed = lot_seed(seed)?;
            command::apply(t, &Command::DrawNumbers { seed })?;
        }
    }
    Ok(())
}
