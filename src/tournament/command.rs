//! Every change to an event is a [`Command`]: [`apply`] validates it against the current state and
//! returns the command that undoes it, so the journal can take changes back one by one.

use crate::lang::Russian as _;
use crate::limits;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use chrono::{DateTime, Utc};
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha20Rng;
use serde::{Deserialize, Serialize};

use super::ballot;
use super::deputy;
use super::id::GameRef;
use super::model::{
    Ballot, BallotPer, ByeValue, Decision, GameResult, Note, Pairing, Player, PlayerId, Round,
    Settings, System, TieBreak, Tournament,
};
use super::round_robin;
use super::system;
use super::team;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "command")]
pub enum Command {
    AddPlayer {
        player: Player,
    },
    /// Replaces a player's details (the id stays).
    EditPlayer {
        player: Player,
    },
    RemovePlayer {
        id: PlayerId,
    },
    /// The player leaves after `after_round` (`None` takes a withdrawal back).
    Withdraw {
        id: PlayerId,
        after_round: Option<usize>,
    },
    /// The arbiter expels a player (`expelled: None` takes it back): he counts as withdrawn
    /// after `withdrawn_after` and has no place.
    Expel {
        id: PlayerId,
        expelled: Option<super::model::Expelled>,
        withdrawn_after: Option<usize>,
    },
    /// The lot that orders players still tied after every criterion, from a seed (`None` takes
    /// it back).
    SetLot {
        seed: Option<u64>,
    },
    /// Pairing numbers by lot, from a seed (stored, so the lot can be re-run).
    DrawNumbers {
        seed: u64,
    },
    /// Pairing numbers as given (the order of a list, or the undo of a lot).
    SetNumbers {
        numbers: Vec<(PlayerId, Option<usize>)>,
        seed: Option<u64>,
    },
    /// Pairs the next round of a round robin from the colour-order table. `table_round` plays
    /// that round of the table (the order of rounds may be drawn before each round).
    PairRound {
        round: usize,
        table_round: Option<usize>,
    },
    /// Pairs the next round with a table round drawn by lot among those not yet played (the
    /// regulation may have the round drawn on each playing day).
    DrawTableRound {
        round: usize,
        seed: u64,
    },
    /// Pairs the next round as given: the Swiss pairing's proposal, or pairings the arbiter made
    /// or changed by hand (the absolute rules they break are warned about, not refused).
    SetPairings {
        round: usize,
        /// (White of game 1, Black), board by board.
        pairs: Vec<(PlayerId, PlayerId)>,
        bye: Option<PlayerId>,
        #[serde(default)]
        absent: Vec<PlayerId>,
        /// Absent players given points at their request (a half- or full-point bye).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        requested_byes: Vec<(PlayerId, ByeValue)>,
        /// The virtual points of accelerated pairings the round was paired with.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        acceleration: Vec<(PlayerId, f64)>,
        /// A knockout's entrants passing to the next round without an encounter.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        advanced: Vec<PlayerId>,
    },
    /// A round put back as it was (the undo of taking it back): pairings, byes, absences,
    /// ballots, whatever system paired it.
    RestoreRound {
        round: Box<Round>,
    },
    /// The arbiter names who goes on from an encounter the games left tied (a lot, an
    /// Armageddon), with the reason; `None` takes the decision back.
    Decide {
        round: usize,
        board: usize,
        decision: Option<Decision>,
    },
    /// The pairs the Swiss pairing must not make (same club or family).
    SetForbidden {
        pairs: Vec<(PlayerId, PlayerId)>,
    },
    /// The event's categories (зачёты), the whole list in the regulation's order.
    SetCategories {
        categories: Vec<crate::tournament::category::Category>,
    },
    /// The event's prizes and the rules they are given by, whole.
    SetPrizes {
        prizes: crate::tournament::prize::Prizes,
    },
    /// The players checked in as present, the whole list.
    SetCheckedIn {
        players: Vec<PlayerId>,
    },
    /// The rounds' starts and the default time, whole.
    SetSchedule {
        schedule: crate::tournament::schedule::Schedule,
    },
    /// Takes back a round with no result entered.
    UnpairRound {
        round: usize,
    },
    /// Draws the opening for one board, or for every board without one (`board: None`), with the
    /// table of the event's rule.
    DrawBallot {
        round: usize,
        board: Option<usize>,
        seed: u64,
        at: DateTime<Utc>,
    },
    /// A ballot drawn by hand and entered, or cleared (`None`).
    SetBallot {
        round: usize,
        board: usize,
        ballot: Option<Ballot>,
    },
    /// Several boards' ballots at once (the undo of a round's draw).
    SetBallots {
        round: usize,
        ballots: Vec<(usize, Option<Ballot>)>,
    },
    /// A game of the micromatch (`game.game` from 0).
    SetResult {
        #[serde(flatten)]
        game: GameRef,
        result: GameResult,
    },
    /// A game of the extra micromatches after a tied micromatch: `game` counts from 0 across
    /// all extra games, colours going on alternating from the micromatch.
    SetExtraResult {
        round: usize,
        board: usize,
        game: usize,
        result: GameResult,
    },
    /// The event's details and settings. The variant, the system and the games per pairing are
    /// fixed once round 1 is paired.
    SetSettings {
        settings: Box<Settings>,
    },
    /// The arbiter's notes on a pairing (claims and verdicts, incidents), as a whole list.
    SetNotes {
        round: usize,
        board: usize,
        notes: Vec<Note>,
    },
    /// A game's score sheet (PDN movetext as written), or `None` to remove it. `game` counts the
    /// micromatch's games from 0, then its extra games. A locked round takes it too: a record is
    /// evidence, entered when the sheets are collected.
    SetRecord {
        #[serde(flatten)]
        game: GameRef,
        moves: Option<String>,
    },
    /// The regulation's tie-break order.
    SetTiebreaks {
        tiebreaks: Vec<TieBreak>,
    },
    LockRound {
        round: usize,
    },
    /// Changes that belong together (an imported list of players, a claim's verdict and its
    /// result), applied in order as one: all or none, and one undo takes them all back.
    Batch {
        commands: Vec<Command>,
    },
    UnlockRound {
        round: usize,
    },
    /// Makes the event a team event, or replaces its teams (rosters in board order) and team
    /// settings whole; `settings: None` makes it an individual event again (no matches left).
    SetTeams {
        teams: Vec<team::Team>,
        settings: Option<team::TeamSettings>,
    },
    /// A team's players in its match of a round, board by board (before the match has results).
    SetLineUp {
        round: usize,
        team: team::TeamId,
        players: Vec<PlayerId>,
    },
    /// Which of a round's boards each two teams play on, and the teams without a match.
    /// Pairs the next round of a team Swiss as given (the C.04.6 proposal, or the arbiter's):
    /// matches (home, away), the pairing-allocated bye, teams away; each team fields its
    /// roster's first boards.
    PairTeams {
        round: usize,
        matches: Vec<(team::TeamId, team::TeamId)>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pab: Option<team::TeamId>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        absent: Vec<team::TeamId>,
    },
    SetMatches {
        round: usize,
        matches: Vec<team::Match>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        byes: Vec<team::TeamId>,
        /// Teams away of their own will.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        absent: Vec<team::TeamId>,
    },
    /// A deputy arbiter who may enter results from the floor (his code only as its hash).
    AddDeputy {
        deputy: deputy::Deputy,
    },
    /// An added deputy taken back (the undo of [`Command::AddDeputy`]), as if never added.
    RemoveDeputy {
        name: String,
    },
    /// A deputy's code stops working, for good.
    RevokeDeputy {
        name: String,
        at: DateTime<Utc>,
    },
    /// The undo of a revocation: nothing changes, the code stays revoked (a revoked code never
    /// works again; the deputy is added anew for a new code).
    KeepRevoked {
        name: String,
    },
    /// A result a deputy sent, kept for the arbiter to confirm; `None`: confirmed or rejected.
    /// `game` from 0.
    SetPending {
        round: usize,
        board: usize,
        game: usize,
        pending: Option<deputy::Submitted>,
    },
}

#[derive(Debug, PartialEq, thiserror::Error)]
pub enum CommandError {
    #[error(transparent)]
    Team(#[from] team::TeamError),
    #[error(transparent)]
    Category(#[from] crate::tournament::category::CategoryError),
    #[error(transparent)]
    Prize(#[from] crate::tournament::prize::PrizeError),
    #[error(transparent)]
    CheckIn(#[from] crate::tournament::registration::CheckInError),
    #[error(transparent)]
    Schedule(#[from] crate::tournament::schedule::ScheduleError),
    #[error(transparent)]
    Scoring(#[from] super::model::ScoringError),
    #[error("a deputy needs a name")]
    NoDeputyName,
    #[error("`{0}` cannot be a deputy's name (at most 80 characters, no control characters)")]
    DeputyName(String),
    #[error("{0} is a deputy already: revoke his code first")]
    DeputyTwice(String),
    #[error("no deputy named {0} with a working code")]
    NoDeputy(String),
    #[error("a deputy's code must be a new one, kept as its SHA-256")]
    DeputyCode,
    #[error("a pending result must name the game it is kept for")]
    PendingElsewhere,
    #[error("round {round}, board {board}, game {}: the result is already recorded", game + 1)]
    ResultSet {
        round: usize,
        board: usize,
        game: usize,
    },
    #[error("player {0} is not in the event")]
    NoPlayer(PlayerId),
    #[error("player {0}: an expulsion needs its reason")]
    ExpelledWithoutReason(PlayerId),
    #[error("player {id} was expelled after round {after_round} ({reason}); take that back first to expel him again")]
    ExpelledAlready {
        id: PlayerId,
        after_round: usize,
        reason: String,
    },
    #[error(transparent)]
    OutOfRange(#[from] limits::OutOfRange),
    #[error("player id {0} is taken")]
    DuplicateId(PlayerId),
    #[error("a player needs a surname")]
    NoSurname,
    #[error("player {0} has games in the event and cannot be removed (withdraw instead)")]
    HasGames(PlayerId),
    #[error("pairing numbers are fixed once round 1 is paired")]
    NumbersFixed,
    #[error("the round robin's table is drawn for {0} players from round 1: a player added now would have no games in it; take the paired rounds back (Ctrl+Z) to draw it again with him")]
    RoundRobinDrawn(usize),
    #[error("round {0} does not exist")]
    NoRound(usize),
    #[error("the next round to pair is {0}")]
    NotNextRound(usize),
    #[error("round {0} is not complete: every game needs a result before the next round")]
    RoundIncomplete(usize),
    #[error("round {0} is locked")]
    Locked(usize),
    #[error("round {0} has results and cannot be taken back")]
    HasResults(usize),
    #[error(transparent)]
    RoundRobin(#[from] round_robin::RoundRobinError),
    #[error("round {round} has no board {board}")]
    NoBoard { round: usize, board: usize },
    #[error("a micromatch here has {games} game(s); there is no game {game}")]
    NoGame { game: usize, games: u32 },
    #[error("the regulation of this event orders no extra micromatches")]
    NoExtraMicromatches,
    #[error("the regulation orders {allowed} extra micromatch(es) of {per} game(s); there is no extra game {game}")]
    NoExtraGame { game: usize, allowed: u32, per: u32 },
    #[error("round {round}, board {board}: the micromatch is not over and tied, so no extra micromatch is due")]
    NotTied { round: usize, board: usize },
    #[error("round {round}, board {board}: extra micromatch {micromatch} comes after an earlier one that is unfinished or already decided")]
    ExtraNotDue {
        round: usize,
        board: usize,
        micromatch: usize,
    },
    #[error("round {round}, board {board}: extra games are recorded; clear them before changing the micromatch's result")]
    ExtrasRecorded { round: usize, board: usize },
    #[error("the {0} cannot change once round 1 is paired")]
    FixedSetting(&'static str),
    #[error("time control `{text}`: {why}")]
    TimeControl { text: String, why: String },
    #[error("the event needs a name")]
    NoName,
    #[error("the dates: `{0}` is not a day of the calendar")]
    BadDate(String),
    #[error("a pairing has at least one game")]
    NoGames,
    #[error("player {0} appears twice in the round")]
    PairedTwice(PlayerId),
    #[error("player {0} is given a requested bye but is not marked absent")]
    ByeNotAbsent(PlayerId),
    #[error("tie-break `{0}` is listed twice")]
    DuplicateTiebreak(&'static str),
    #[error("the event draws no opening ballots")]
    NoBallots,
    #[error(transparent)]
    Ballot(#[from] BallotProblem),
    #[error("this pairing has {games} game(s), extra games included; there is no game {game}")]
    NoRecordGame { game: usize, games: usize },
    #[error("the score sheet cannot be read: {}", .0.en)]
    Record(crate::lang::Said),
    #[error(transparent)]
    System(#[from] system::SystemError),
    #[error("only a knockout's encounter is decided by the arbiter")]
    NotKnockout,
    #[error("round {round}, board {board}: player {player} does not play this encounter")]
    NotInEncounter {
        round: usize,
        board: usize,
        player: PlayerId,
    },
    #[error("the decision needs its reason (a lot, an Armageddon game …)")]
    NoReason,
    #[error("round {round}, board {board}: the games have decided the encounter")]
    GamesDecided { round: usize, board: usize },
    #[error("round {round}, board {board}: the regulation's tie-break games come first ({left} left to play): record them (a forfeit too); the arbiter decides only a match they leave tied")]
    LadderFirst {
        round: usize,
        board: usize,
        left: usize,
    },
    #[error(transparent)]
    Ladder(#[from] system::knockout::LadderError),
}

impl crate::lang::Russian for CommandError {
    fn ru(&self) -> String {
        match self {
            CommandError::OutOfRange(e) => e.ru(),
            CommandError::RoundRobin(e) => e.ru(),
            CommandError::Ballot(b) => b.ru(),
            CommandError::Team(e) => e.ru(),
            CommandError::Category(e) => e.ru(),
            CommandError::Prize(e) => e.ru(),
            CommandError::CheckIn(e) => e.ru(),
            CommandError::Schedule(e) => e.ru(),
            CommandError::Scoring(e) => e.ru(),
            CommandError::System(e) => e.ru(),
            CommandError::Ladder(e) => e.ru(),
            CommandError::NoPlayer(..)
            | CommandError::ExpelledWithoutReason(..)
            | CommandError::ExpelledAlready { .. }
            | CommandError::DuplicateId(..)
            | CommandError::NoSurname
            | CommandError::HasGames(..)
            | CommandError::NumbersFixed
            | CommandError::RoundRobinDrawn(..) => self.ru_players(),
            CommandError::NoDeputyName
            | CommandError::DeputyName(..)
            | CommandError::DeputyTwice(..)
            | CommandError::NoDeputy(..)
            | CommandError::DeputyCode
            | CommandError::PendingElsewhere => self.ru_deputies(),
            CommandError::NoRound(..)
            | CommandError::NotNextRound(..)
            | CommandError::RoundIncomplete(..)
            | CommandError::Locked(..)
            | CommandError::HasResults(..)
            | CommandError::NoBoard { .. }
            | CommandError::PairedTwice(..)
            | CommandError::ByeNotAbsent(..) => self.ru_rounds(),
            CommandError::ResultSet { .. }
            | CommandError::NoGame { .. }
            | CommandError::NoExtraMicromatches
            | CommandError::NoExtraGame { .. }
            | CommandError::NotTied { .. }
            | CommandError::ExtraNotDue { .. }
            | CommandError::ExtrasRecorded { .. }
            | CommandError::NotKnockout
            | CommandError::NotInEncounter { .. }
            | CommandError::NoReason
            | CommandError::GamesDecided { .. }
            | CommandError::LadderFirst { .. } => self.ru_results(),
            CommandError::NoRecordGame { .. } | CommandError::Record(..) => self.ru_record(),
            CommandError::FixedSetting(..)
            | CommandError::TimeControl { .. }
            | CommandError::NoName
            | CommandError::BadDate(..)
            | CommandError::NoGames
            | CommandError::DuplicateTiebreak(..)
            | CommandError::NoBallots => self.ru_settings(),
        }
    }
}

/// The Russian wording of each area's refusals.
impl CommandError {
    /// Refusals about the players.
    fn ru_players(&self) -> String {
        match self {
            CommandError::NoPlayer(id) => format!("участника {id} нет в турнире"),
            CommandError::ExpelledWithoutReason(id) => {
                format!("участник {id}: для исключения нужна причина")
            }
            CommandError::ExpelledAlready {
                id,
                after_round,
                reason,
            } => format!(
                "участник {id} уже исключён после тура {after_round} ({reason}); чтобы исключить заново, сначала отмените прежнее исключение"
            ),
            CommandError::DuplicateId(id) => format!("идентификатор участника {id} уже занят"),
            CommandError::NoSurname => "у участника должна быть фамилия".to_string(),
            CommandError::HasGames(id) => format!(
                "у участника {id} есть партии в турнире, удалить его нельзя (вместо этого снимите его с турнира)"
            ),
            CommandError::NumbersFixed => {
                "после составления пар 1-го тура стартовые номера не меняются".to_string()
            }
            CommandError::RoundRobinDrawn(n) => format!(
                "таблица кругового турнира составлена на {n} {} с 1-го тура: у добавленного сейчас не было бы в ней ни одной партии; чтобы составить её заново вместе с ним, отмените составленные туры (Ctrl+Z)",
                crate::lang::Lang::Ru.noun(*n as u64, ["player", "players"], ["участника", "участника", "участников"])
            ),
            _ => unreachable!("not a player error"),
        }
    }

    /// Refusals about the deputy arbiters and the results they send.
    fn ru_deputies(&self) -> String {
        match self {
            CommandError::NoDeputyName => "у заместителя судьи должно быть имя".to_string(),
            CommandError::DeputyName(n) => format!(
                "«{n}» не может быть именем заместителя (не более 80 знаков, без управляющих символов)"
            ),
            CommandError::DeputyTwice(n) => {
                format!("{n} уже заместитель судьи: сначала отзовите его код")
            }
            CommandError::NoDeputy(n) => format!("нет заместителя {n} с действующим кодом"),
            CommandError::DeputyCode => {
                "код заместителя должен быть новым и храниться как SHA-256".to_string()
            }
            CommandError::PendingElsewhere => {
                "ожидающий результат должен относиться к своей партии".to_string()
            }
            _ => unreachable!("not a deputy error"),
        }
    }

    /// Refusals about the rounds and their pairings.
    fn ru_rounds(&self) -> String {
        match self {
            CommandError::NoRound(round) => format!("тура {round} нет"),
            CommandError::NotNextRound(round) => {
                format!("следующий тур, для которого составляются пары, — {round}")
            }
            CommandError::RoundIncomplete(round) => format!(
                "тур {round} не завершён: до следующего тура у каждой партии должен быть результат"
            ),
            CommandError::Locked(round) => format!("тур {round} закрыт"),
            CommandError::HasResults(round) => {
                format!("в туре {round} есть результаты, отменить его нельзя")
            }
            CommandError::NoBoard { round, board } => format!("в туре {round} нет доски {board}"),
            CommandError::PairedTwice(id) => format!("участник {id} дважды встречается в туре"),
            CommandError::ByeNotAbsent(id) => format!(
                "участник {id} свободен от игры по своей просьбе, но не отмечен как отсутствующий"
            ),
            _ => unreachable!("not a round error"),
        }
    }

    /// Refusals about the results of games and the decisions of encounters.
    fn ru_results(&self) -> String {
        match self {
            CommandError::ResultSet { round, board, game } => format!(
                "тур {round}, доска {board}, партия {}: результат уже записан",
                game + 1
            ),
            CommandError::NoGame { game, games } => {
                format!("партий в микроматче здесь: {games}; партии {game} нет")
            }
            CommandError::NoExtraMicromatches => {
                "регламент этого турнира не предусматривает дополнительных микроматчей".to_string()
            }
            CommandError::NoExtraGame { game, allowed, per } => format!(
                "регламент предусматривает дополнительных микроматчей: {allowed} (партий в каждом: {per}); дополнительной партии {game} нет"
            ),
            CommandError::NotTied { round, board } => format!(
                "тур {round}, доска {board}: микроматч не завершён вничью, поэтому дополнительный микроматч не положен"
            ),
            CommandError::ExtraNotDue {
                round,
                board,
                micromatch,
            } => format!(
                "тур {round}, доска {board}: дополнительный микроматч {micromatch} идёт после предыдущего, который не закончен или уже решил исход"
            ),
            CommandError::ExtrasRecorded { round, board } => format!(
                "тур {round}, доска {board}: записаны дополнительные партии; удалите их, прежде чем менять результат микроматча"
            ),
            CommandError::NotKnockout => {
                "решение судьи о победителе встречи бывает только в олимпийской системе".into()
            }
            CommandError::NotInEncounter {
                round,
                board,
                player,
            } => format!("тур {round}, доска {board}: участник {player} не играет в этой встрече"),
            CommandError::NoReason => {
                "у решения должно быть основание (жребий, армагеддон …)".into()
            }
            CommandError::GamesDecided { round, board } => {
                format!("тур {round}, доска {board}: победителя встречи определили партии")
            }
            CommandError::LadderFirst { round, board, left } => format!(
                "тур {round}, доска {board}: сначала дополнительные партии по регламенту (осталось сыграть: {left}): запишите их (и неявку тоже); судья решает только встречу, которую и они оставили ничейной"
            ),
            _ => unreachable!("not a result error"),
        }
    }

    /// Refusals about the score sheets.
    fn ru_record(&self) -> String {
        match self {
            CommandError::NoRecordGame { game, games } => {
                format!("во встрече партий (с дополнительными): {games}; партии {game} нет")
            }
            CommandError::Record(why) => format!("бланк записи не читается: {}", why.ru),
            _ => unreachable!("not a record error"),
        }
    }

    /// Refusals about the event's settings and ballots.
    fn ru_settings(&self) -> String {
        match self {
            CommandError::FixedSetting(what) => {
                let what = match *what {
                    "variant" => "вариант игры",
                    "system" => "систему проведения",
                    "number of games per pairing" => "число партий в паре",
                    other => other,
                };
                format!("{what} нельзя изменить после составления пар 1-го тура")
            }
            CommandError::TimeControl { text, why } => {
                let why = match text.parse::<crate::clock::TimeControl>() {
                    Err(e) if e.to_string() == *why => e.ru(),
                    _ => why.clone(),
                };
                format!("контроль времени `{text}`: {why}")
            }
            CommandError::NoName => "у турнира должно быть название".to_string(),
            CommandError::BadDate(d) => format!("сроки: `{d}` — такого дня в календаре нет"),
            CommandError::NoGames => "в паре должна быть хотя бы одна партия".to_string(),
            CommandError::DuplicateTiebreak(id) => {
                format!("дополнительный показатель `{id}` указан дважды")
            }
            CommandError::NoBallots => "в этом турнире нет жеребьёвки начал".to_string(),
            _ => unreachable!("not a settings error"),
        }
    }
}

/// A ballot problem, kept as text so that the command error stays comparable.
#[derive(Debug, PartialEq, thiserror::Error)]
#[error("{0}")]
pub struct BallotProblem(pub String);

impl crate::lang::Russian for BallotProblem {
    fn ru(&self) -> String {
        self.0.clone()
    }
}

/// Applies `cmd` to `t` if it is valid; returns the command that undoes it. On error `t` is left
/// as it was.
pub fn apply(t: &mut Tournament, cmd: &Command) -> Result<Command, CommandError> {
    let (next, undo) = applied(t, cmd)?;
    *t = next;
    Ok(undo)
}

/// Applies `cmd` to `t` itself, without the copy [`apply`] makes to keep `t` whole on a refusal:
/// for a builder that throws `t` away when a command is refused (an import), where one copy of
/// the whole event per command would make building it quadratic.
pub fn apply_in_place(t: &mut Tournament, cmd: &Command) -> Result<Command, CommandError> {
    apply_to(t, cmd)
}

/// The state `cmd` would leave, and its undo, with `t` untouched (for a caller that must save the
/// new state before it takes it).
pub fn applied(t: &Tournament, cmd: &Command) -> Result<(Tournament, Command), CommandError> {
    let mut next = t.clone();
    let undo = apply_to(&mut next, cmd)?;
    Ok((next, undo))
}

fn round_mut(t: &mut Tournament, round: usize) -> Result<&mut Round, CommandError> {
    t.rounds
        .iter_mut()
        .find(|r| r.number == round)
        .ok_or(CommandError::NoRound(round))
}

fn unlocked(t: &mut Tournament, round: usize) -> Result<&mut Round, CommandError> {
    let r = round_mut(t, round)?;
    if r.locked {
        return Err(CommandError::Locked(round));
    }
    Ok(r)
}

fn pairing_mut(r: &mut Round, board: usize) -> Result<&mut Pairing, CommandError> {
    let round = r.number;
    r.pairings
        .iter_mut()
        .find(|p| p.board == board)
        .ok_or(CommandError::NoBoard { round, board })
}

fn in_rounds(t: &Tournament, id: PlayerId) -> bool {
    t.rounds
        .iter()
        .any(|r| r.bye == Some(id) || r.pairings.iter().any(|p| p.white == id || p.black == id))
}

fn check_player(p: &Player) -> Result<(), CommandError> {
    if p.surname.trim().is_empty() {
        return Err(CommandError::NoSurname);
    }
    Ok(())
}

/// Applies one command: each area of the event has its function.
fn apply_to(t: &mut Tournament, cmd: &Command) -> Result<Command, CommandError> {
    match cmd {
        Command::Batch { commands } => apply_batch(t, commands),
        Command::AddPlayer { .. }
        | Command::EditPlayer { .. }
        | Command::RemovePlayer { .. }
        | Command::Withdraw { .. }
        | Command::Expel { .. }
        | Command::SetLot { .. }
        | Command::DrawNumbers { .. }
        | Command::SetNumbers { .. }
        | Command::SetForbidden { .. }
        | Command::SetCheckedIn { .. } => apply_players(t, cmd),
        Command::PairRound { .. }
        | Command::DrawTableRound { .. }
        | Command::SetPairings { .. }
        | Command::RestoreRound { .. }
        | Command::UnpairRound { .. }
        | Command::LockRound { .. }
        | Command::UnlockRound { .. } => apply_rounds(t, cmd),
        Command::DrawBallot { .. } | Command::SetBallot { .. } | Command::SetBallots { .. } => {
            apply_ballots(t, cmd)
        }
        Command::SetResult { .. } | Command::SetExtraResult { .. } | Command::Decide { .. } => {
            apply_results(t, cmd)
        }
        Command::SetNotes { .. } | Command::SetRecord { .. } => apply_record(t, cmd),
        Command::SetTeams { .. }
        | Command::SetLineUp { .. }
        | Command::PairTeams { .. }
        | Command::SetMatches { .. } => apply_teams(t, cmd),
        Command::AddDeputy { .. }
        | Command::RemoveDeputy { .. }
        | Command::RevokeDeputy { .. }
        | Command::KeepRevoked { .. }
        | Command::SetPending { .. } => apply_deputies(t, cmd),
        Command::SetSettings { .. }
        | Command::SetTiebreaks { .. }
        | Command::SetCategories { .. }
        | Command::SetPrizes { .. }
        | Command::SetSchedule { .. } => apply_settings(t, cmd),
    }
}

fn apply_batch(t: &mut Tournament, commands: &[Command]) -> Result<Command, CommandError> {
    // `t` is a copy the caller drops on a refusal (see `applied`), so a refusal halfway
    // leaves nothing applied.
    let mut undo = Vec::with_capacity(commands.len());
    for c in commands {
        undo.push(apply_to(t, c)?);
    }
    undo.reverse();
    Ok(Command::Batch { commands: undo })
}

/// The players, their numbers, the pairs they must not play and who is checked in.
fn apply_players(t: &mut Tournament, cmd: &Command) -> Result<Command, CommandError> {
    Ok(match cmd {
        Command::AddPlayer { player } => add_player(t, player)?,
        Command::EditPlayer { player } => edit_player(t, player)?,
        Command::RemovePlayer { id } => remove_player(t, *id)?,
        Command::Withdraw { id, after_round } => withdraw(t, *id, *after_round)?,
        Command::Expel {
            id,
            expelled,
            withdrawn_after,
        } => expel(t, *id, expelled, *withdrawn_after)?,
        Command::SetLot { seed } => Command::SetLot {
            seed: std::mem::replace(&mut t.lot, *seed),
        },
        Command::DrawNumbers { seed } => draw_numbers(t, *seed)?,
        Command::SetNumbers { numbers, seed } => set_numbers(t, numbers, *seed)?,
        Command::SetForbidden { pairs } => set_forbidden(t, pairs)?,
        Command::SetCheckedIn { players } => set_checked_in(t, players)?,
        _ => unreachable!("not a player command"),
    })
}

/// The rounds: paired, restored, taken back, locked.
fn apply_rounds(t: &mut Tournament, cmd: &Command) -> Result<Command, CommandError> {
    Ok(match cmd {
        Command::PairRound { round, table_round } => {
            let undo = unpair_undo(t, *round);
            pair_round(t, *round, *table_round)?;
            undo
        }
        Command::DrawTableRound { round, seed } => draw_table_round(t, *round, *seed)?,
        Command::SetPairings {
            round,
            pairs,
            bye,
            absent,
            requested_byes,
            acceleration,
            advanced,
        } => set_pairings(
            t,
            *round,
            pairs,
            *bye,
            Absences {
                absent,
                requested_byes,
                advanced,
            },
            acceleration,
        )?,
        Command::RestoreRound { round } => restore_round(t, round)?,
        Command::UnpairRound { round } => unpair_round(t, *round)?,
        Command::LockRound { round } => {
            round_mut(t, *round)?.locked = true;
            Command::UnlockRound { round: *round }
        }
        Command::UnlockRound { round } => {
            round_mut(t, *round)?.locked = false;
            Command::LockRound { round: *round }
        }
        _ => unreachable!("not a round command"),
    })
}

/// The opening ballots.
fn apply_ballots(t: &mut Tournament, cmd: &Command) -> Result<Command, CommandError> {
    Ok(match cmd {
        Command::DrawBallot {
            round,
            board,
            seed,
            at,
        } => draw_ballot(t, *round, *board, *seed, *at)?,
        Command::SetBallot {
            round,
            board,
            ballot,
        } => set_ballot(t, *round, *board, ballot)?,
        Command::SetBallots { round, ballots } => set_ballots(t, *round, ballots)?,
        _ => unreachable!("not a ballot command"),
    })
}

/// The results of games and the arbiter's decisions of encounters.
fn apply_results(t: &mut Tournament, cmd: &Command) -> Result<Command, CommandError> {
    Ok(match cmd {
        Command::SetResult {
            game: GameRef { round, board, game },
            result,
        } => set_result(t, *round, *board, *game, *result)?,
        Command::SetExtraResult {
            round,
            board,
            game,
            result,
        } => set_extra_result(t, *round, *board, *game, *result)?,
        Command::Decide {
            round,
            board,
            decision,
        } => decide(t, *round, *board, decision)?,
        _ => unreachable!("not a result command"),
    })
}

/// The record of a pairing: the arbiter's notes and the score sheets.
fn apply_record(t: &mut Tournament, cmd: &Command) -> Result<Command, CommandError> {
    Ok(match cmd {
        Command::SetNotes {
            round,
            board,
            notes,
        } => set_notes(t, *round, *board, notes)?,
        Command::SetRecord {
            game: GameRef { round, board, game },
            moves,
        } => set_record(t, *round, *board, *game, moves)?,
        _ => unreachable!("not a record command"),
    })
}

/// The teams, their line-ups and matches.
fn apply_teams(t: &mut Tournament, cmd: &Command) -> Result<Command, CommandError> {
    Ok(match cmd {
        Command::SetTeams { teams, settings } => set_teams(t, teams, settings)?,
        Command::SetLineUp {
            round,
            team,
            players,
        } => set_line_up(t, *round, *team, players)?,
        Command::PairTeams {
            round,
            matches,
            pab,
            absent,
        } => {
            let undo = unpair_undo(t, *round);
            pair_teams(t, *round, matches, *pab, absent)?;
            undo
        }
        Command::SetMatches {
            round,
            matches,
            byes,
            absent,
        } => set_matches(t, *round, matches, byes, absent)?,
        _ => unreachable!("not a team command"),
    })
}

/// The deputy arbiters and the results they send.
fn apply_deputies(t: &mut Tournament, cmd: &Command) -> Result<Command, CommandError> {
    Ok(match cmd {
        Command::AddDeputy { deputy } => add_deputy(t, deputy)?,
        Command::RemoveDeputy { name } => remove_deputy(t, name)?,
        Command::RevokeDeputy { name, at } => revoke_deputy(t, name, *at)?,
        Command::KeepRevoked { name } => keep_revoked(t, name)?,
        Command::SetPending {
            round,
            board,
            game,
            pending,
        } => set_pending(t, *round, *board, *game, pending)?,
        _ => unreachable!("not a deputy command"),
    })
}

/// The event's settings and the regulation's lists: tie-breaks, categories, prizes, schedule.
fn apply_settings(t: &mut Tournament, cmd: &Command) -> Result<Command, CommandError> {
    Ok(match cmd {
        Command::SetSettings { settings } => set_settings(t, settings)?,
        Command::SetTiebreaks { tiebreaks } => set_tiebreaks(t, tiebreaks)?,
        Command::SetCategories { categories } => set_categories(t, categories)?,
        Command::SetPrizes { prizes } => {
            crate::tournament::prize::check(t, prizes)?;
            Command::SetPrizes {
                prizes: std::mem::replace(&mut t.prizes, prizes.clone()),
            }
        }
        Command::SetSchedule { schedule } => {
            crate::tournament::schedule::check(t, schedule)?;
            Command::SetSchedule {
                schedule: std::mem::replace(&mut t.schedule, schedule.clone()),
            }
        }
        _ => unreachable!("not a settings command"),
    })
}

fn set_checked_in(t: &mut Tournament, players: &[PlayerId]) -> Result<Command, CommandError> {
    crate::tournament::registration::check(t, players)?;
    let mut players = players.to_vec();
    // Marked twice is present once.
    let mut seen = std::collections::BTreeSet::new();
    players.retain(|id| seen.insert(*id));
    Ok(Command::SetCheckedIn {
        players: std::mem::replace(&mut t.checked_in, players),
    })
}

fn draw_table_round(t: &mut Tournament, round: usize, seed: u64) -> Result<Command, CommandError> {
    let left = round_robin::not_played(t, round)?;
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    let pick = left[(rng.next_u64() % left.len() as u64) as usize];
    pair_round(t, round, Some(pick))?;
    Ok(Command::UnpairRound { round })
}

fn set_categories(
    t: &mut Tournament,
    categories: &[crate::tournament::category::Category],
) -> Result<Command, CommandError> {
    crate::tournament::category::check_all(t, categories)?;
    let kept = |id: &String| categories.iter().any(|c| &c.id == id);
    if let Some(id) = t.prizes.prizes.iter().find_map(|p| match &p.list {
        crate::tournament::prize::List::Category(id) if !kept(id) => Some(id.clone()),
        _ => None,
    }) {
        return Err(crate::tournament::prize::PrizeError::HasPrizes(id).into());
    }
    Ok(Command::SetCategories {
        categories: std::mem::replace(&mut t.categories, categories.to_vec()),
    })
}

fn keep_revoked(t: &mut Tournament, name: &str) -> Result<Command, CommandError> {
    if !t.deputies.iter().any(|d| d.name == *name && !d.live()) {
        return Err(CommandError::NoDeputy(name.to_string()));
    }
    Ok(Command::KeepRevoked {
        name: name.to_string(),
    })
}

fn add_deputy(t: &mut Tournament, d: &deputy::Deputy) -> Result<Command, CommandError> {
    let name = d.name.trim();
    if name.is_empty() {
        return Err(CommandError::NoDeputyName);
    }
    if name.chars().count() > deputy::MAX_NAME || name.chars().any(char::is_control) {
        return Err(CommandError::DeputyName(name.to_string()));
    }
    if t.deputy(name).is_some() {
        return Err(CommandError::DeputyTwice(name.to_string()));
    }
    let hex = d.code.strip_prefix("sha256:").unwrap_or("");
    if hex.len() != 64 || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(CommandError::DeputyCode);
    }
    // A code once given (even revoked) is never given again.
    if t.deputies.iter().any(|x| x.code == d.code) {
        return Err(CommandError::DeputyCode);
    }
    let mut d = d.clone();
    d.name = name.to_string();
    d.revoked = None;
    t.deputies.push(d);
    Ok(Command::RemoveDeputy {
        name: name.to_string(),
    })
}

fn remove_deputy(t: &mut Tournament, name: &str) -> Result<Command, CommandError> {
    let i = t
        .deputies
        .iter()
        .rposition(|d| d.live() && d.name == name)
        .ok_or_else(|| CommandError::NoDeputy(name.to_string()))?;
    let deputy = t.deputies.remove(i);
    Ok(Command::AddDeputy { deputy })
}

fn revoke_deputy(
    t: &mut Tournament,
    name: &str,
    at: DateTime<Utc>,
) -> Result<Command, CommandError> {
    let d = t
        .deputies
        .iter_mut()
        .find(|d| d.live() && d.name == name)
        .ok_or_else(|| CommandError::NoDeputy(name.to_string()))?;
    d.revoked = Some(at);
    Ok(Command::KeepRevoked {
        name: name.to_string(),
    })
}

fn set_pending(
    t: &mut Tournament,
    round: usize,
    board: usize,
    game: usize,
    pending: &Option<deputy::Submitted>,
) -> Result<Command, CommandError> {
    let games = t.settings.format.games;
    let p = pairing_mut(unlocked(t, round)?, board)?;
    let now = *p
        .games
        .get(game)
        .ok_or(CommandError::NoGame { game, games })?;
    if let Some(s) = pending {
        if (s.round, s.board, s.game) != (round, board, game) {
            return Err(CommandError::PendingElsewhere);
        }
        if now != GameResult::Pending {
            return Err(CommandError::ResultSet { round, board, game });
        }
    }
    let at = |x: &deputy::Submitted| (x.round, x.board, x.game) == (round, board, game);
    let old = t.pending.iter().position(at).map(|i| t.pending.remove(i));
    if let Some(s) = pending {
        t.pending.push(s.clone());
    }
    Ok(Command::SetPending {
        round,
        board,
        game,
        pending: old,
    })
}

fn set_teams(
    t: &mut Tournament,
    teams: &[team::Team],
    settings: &Option<team::TeamSettings>,
) -> Result<Command, CommandError> {
    let undo = Command::SetTeams {
        teams: t.teams.clone(),
        settings: t.settings.teams.clone(),
    };
    match settings {
        Some(_) if t.settings.teams.is_none() && !t.rounds.is_empty() => {
            return Err(team::TeamError::IndividualRounds {
                round: t.rounds[0].number,
            }
            .into())
        }
        Some(s) => team::check_teams(t, teams, s)?,
        None => {
            if let Some(r) = t.rounds.iter().find(|r| !r.matches.is_empty()) {
                return Err(team::TeamError::NotTeamEvent { round: r.number }.into());
            }
        }
    }
    let mut next = t.settings.clone();
    next.teams = settings.clone();
    check_scoring(&next)?;
    t.teams = teams.to_vec();
    t.settings.teams = settings.clone();
    // A file with teams is one an older program (schema 2) would read without them.
    if settings.is_some() {
        t.schema = super::model::SCHEMA;
    }
    Ok(undo)
}

fn set_line_up(
    t: &mut Tournament,
    round: usize,
    team: team::TeamId,
    players: &[PlayerId],
) -> Result<Command, CommandError> {
    unlocked(t, round)?;
    let r = t
        .rounds
        .iter()
        .find(|r| r.number == round)
        .expect("found above");
    let m = r
        .matches
        .iter()
        .find(|m| m.home == team || m.away == team)
        .ok_or(team::TeamError::NoTeam { round, team })?;
    if r.boards_of(m).any(|p| p.scored()) {
        return Err(team::TeamError::LineUpAfterResults {
            round,
            team: team::TeamName::of(t, team),
        }
        .into());
    }
    let before: Vec<PlayerId> = r.boards_of(m).map(|p| t.player_for(p, team)).collect();
    let new = team::pairing::line_up_boards(t, r, m, team, players)?;
    let numbers = m.boards.clone();
    let r = round_mut(t, round)?;
    for (b, (white, black)) in numbers.into_iter().zip(new) {
        if let Some(p) = r.pairings.iter_mut().find(|p| p.board == b) {
            p.white = white;
            p.black = black;
        }
    }
    Ok(Command::SetLineUp {
        round,
        team,
        players: before,
    })
}

fn set_matches(
    t: &mut Tournament,
    round: usize,
    matches: &[team::Match],
    byes: &[team::TeamId],
    absent: &[team::TeamId],
) -> Result<Command, CommandError> {
    let r = unlocked(t, round)?;
    let undo = Command::SetMatches {
        round,
        matches: r.matches.clone(),
        byes: r.team_byes.clone(),
        absent: r.team_absent.clone(),
    };
    let r = t
        .rounds
        .iter()
        .find(|r| r.number == round)
        .expect("found above");
    team::check_matches(t, r, matches, &[byes, absent].concat())?;
    let r = round_mut(t, round)?;
    r.matches = matches.to_vec();
    r.team_byes = byes.to_vec();
    r.team_absent = absent.to_vec();
    Ok(undo)
}

fn add_player(t: &mut Tournament, player: &Player) -> Result<Command, CommandError> {
    check_player(player)?;
    limits::at_most("players", t.players.len() + 1, limits::MAX_PLAYERS)?;
    if t.player(player.id).is_some() {
        return Err(CommandError::DuplicateId(player.id));
    }
    // A round robin's Berger table is drawn once for its players: a late entry would be listed
    // without a single game (the trial's added player was, without a word). A team round robin
    // is drawn over its teams: a late reserve joins a roster's end.
    if t.settings.system != System::Swiss
        && !t.is_team_event()
        && t.rounds.iter().any(|r| !r.pairings.is_empty())
    {
        return Err(CommandError::RoundRobinDrawn(t.players.len()));
    }
    let mut player = player.clone();
    // A late entry (after a round is paired, so after the numbers are fixed) takes the
    // next pairing number: the list, the draft and the pairing lists name every player.
    if player.number.is_none() && !t.rounds.is_empty() {
        let last = t.players.iter().filter_map(|p| p.number).max();
        player.number = last.map(|n| n + 1);
    }
    let id = player.id;
    t.players.push(player);
    // A late entry's missed rounds score as the regulation says (nothing, or half a point).
    crate::tournament::registration::enter_late(t, id);
    Ok(Command::RemovePlayer { id })
}

fn edit_player(t: &mut Tournament, player: &Player) -> Result<Command, CommandError> {
    check_player(player)?;
    let slot = t
        .players
        .iter_mut()
        .find(|p| p.id == player.id)
        .ok_or(CommandError::NoPlayer(player.id))?;
    let old = std::mem::replace(slot, player.clone());
    Ok(Command::EditPlayer { player: old })
}

fn remove_player(t: &mut Tournament, id: PlayerId) -> Result<Command, CommandError> {
    if in_rounds(t, id) {
        return Err(CommandError::HasGames(id));
    }
    let at = t
        .players
        .iter()
        .position(|p| p.id == id)
        .ok_or(CommandError::NoPlayer(id))?;
    let player = t.players.remove(at);
    crate::tournament::registration::forget(t, id);
    Ok(Command::AddPlayer { player })
}

fn withdraw(
    t: &mut Tournament,
    id: PlayerId,
    after_round: Option<usize>,
) -> Result<Command, CommandError> {
    let p = t
        .players
        .iter_mut()
        .find(|p| p.id == id)
        .ok_or(CommandError::NoPlayer(id))?;
    let old = std::mem::replace(&mut p.withdrawn_after, after_round);
    Ok(Command::Withdraw {
        id,
        after_round: old,
    })
}

fn expel(
    t: &mut Tournament,
    id: PlayerId,
    expelled: &Option<super::model::Expelled>,
    withdrawn_after: Option<usize>,
) -> Result<Command, CommandError> {
    if expelled
        .as_ref()
        .is_some_and(|e| e.reason.trim().is_empty())
    {
        return Err(CommandError::ExpelledWithoutReason(id));
    }
    let p = t
        .players
        .iter_mut()
        .find(|p| p.id == id)
        .ok_or(CommandError::NoPlayer(id))?;
    Ok(Command::Expel {
        id,
        expelled: std::mem::replace(&mut p.expelled, expelled.clone()),
        withdrawn_after: std::mem::replace(&mut p.withdrawn_after, withdrawn_after),
    })
}

fn draw_numbers(t: &mut Tournament, seed: u64) -> Result<Command, CommandError> {
    if !t.rounds.is_empty() {
        return Err(CommandError::NumbersFixed);
    }
    let undo = numbers_undo(t);
    // Fisher–Yates with the seeded stream: the same seed gives the same numbers.
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    let mut ids: Vec<PlayerId> = t.players.iter().map(|p| p.id).collect();
    ids.sort();
    for i in (1..ids.len()).rev() {
        let j = (rng.next_u64() % (i as u64 + 1)) as usize;
        ids.swap(i, j);
    }
    for (n, id) in ids.iter().enumerate() {
        if let Some(p) = t.players.iter_mut().find(|p| p.id == *id) {
            p.number = Some(n + 1);
        }
    }
    t.numbers_seed = Some(seed);
    Ok(undo)
}

fn set_numbers(
    t: &mut Tournament,
    numbers: &Vec<(PlayerId, Option<usize>)>,
    seed: Option<u64>,
) -> Result<Command, CommandError> {
    if !t.rounds.is_empty() {
        return Err(CommandError::NumbersFixed);
    }
    let undo = numbers_undo(t);
    for (id, n) in numbers {
        let p = t
            .players
            .iter_mut()
            .find(|p| p.id == *id)
            .ok_or(CommandError::NoPlayer(*id))?;
        p.number = *n;
    }
    t.numbers_seed = seed;
    Ok(undo)
}

/// Who of a round set as given plays no encounter, and why.
struct Absences<'a> {
    absent: &'a [PlayerId],
    requested_byes: &'a [(PlayerId, ByeValue)],
    advanced: &'a [PlayerId],
}

fn set_pairings(
    t: &mut Tournament,
    round: usize,
    pairs: &[(PlayerId, PlayerId)],
    bye: Option<PlayerId>,
    away: Absences,
    acceleration: &[(PlayerId, f64)],
) -> Result<Command, CommandError> {
    let Absences {
        absent,
        requested_byes,
        advanced,
    } = away;
    next_round_due(t, round)?;
    for &(id, points) in acceleration {
        if t.player(id).is_none() {
            return Err(CommandError::NoPlayer(id));
        }
        // Negative or not a number reads as past the limit too.
        let points = if points >= 0.0 { points } else { f64::INFINITY };
        limits::at_most("virtual points", points, limits::MAX_ROUNDS as f64)?;
    }
    for (id, _) in requested_byes {
        if !absent.contains(id) {
            return Err(CommandError::ByeNotAbsent(*id));
        }
    }
    let mut seen = BTreeSet::new();
    let everyone = pairs
        .iter()
        .flat_map(|&(w, b)| [w, b])
        .chain(bye)
        .chain(absent.iter().copied())
        .chain(advanced.iter().copied());
    for id in everyone {
        if t.player(id).is_none() {
            return Err(CommandError::NoPlayer(id));
        }
        if !seen.insert(id) {
            return Err(CommandError::PairedTwice(id));
        }
    }
    let undo = unpair_undo(t, round);
    number_the_unnumbered(t);
    push_round(t, round, pairs, bye, absent.to_vec());
    if let Some(r) = t.rounds.last_mut() {
        r.requested_byes = requested_byes
            .iter()
            .copied()
            .filter(|(_, v)| *v != ByeValue::Zero)
            .collect();
        r.acceleration = acceleration
            .iter()
            .copied()
            .filter(|&(_, p)| p != 0.0)
            .collect();
        r.advanced = advanced.to_vec();
    }
    Ok(undo)
}

/// Puts back a round taken back, as it was.
fn restore_round(t: &mut Tournament, round: &Round) -> Result<Command, CommandError> {
    let expected = t.rounds.len() + 1;
    if round.number != expected {
        return Err(CommandError::NotNextRound(expected));
    }
    for id in round
        .pairings
        .iter()
        .flat_map(|p| [p.white, p.black])
        .chain(round.bye)
        .chain(round.advanced.iter().copied())
    {
        if t.player(id).is_none() {
            return Err(CommandError::NoPlayer(id));
        }
    }
    t.rounds.push(round.clone());
    Ok(Command::UnpairRound {
        round: round.number,
    })
}

/// The arbiter's decision of a tied encounter: only where the games have not decided it.
fn decide(
    t: &mut Tournament,
    round: usize,
    board: usize,
    decision: &Option<Decision>,
) -> Result<Command, CommandError> {
    let ko = t.settings.knockout.clone().unwrap_or_default();
    let knockout = t.settings.system == System::Knockout;
    let p = pairing_mut(unlocked(t, round)?, board)?;
    if let Some(d) = decision {
        if !knockout {
            return Err(CommandError::NotKnockout);
        }
        if p.white != d.winner && p.black != d.winner {
            return Err(CommandError::NotInEncounter {
                round,
                board,
                player: d.winner,
            });
        }
        if d.reason.trim().is_empty() {
            return Err(CommandError::NoReason);
        }
        let mut undecided = p.clone();
        undecided.decided = None;
        if !undecided.complete() {
            return Err(CommandError::NotTied { round, board });
        }
        if system::knockout::winner(&ko, &undecided).is_some() {
            return Err(CommandError::GamesDecided { round, board });
        }
        // The regulation's ladder is played before the arbiter decides (the fifth trial: a
        // decision was taken with its two tie-break games not played) — its stages of a fixed
        // number of games; a sudden death he may end (time, an Armageddon outside the record).
        let played = undecided
            .extra
            .iter()
            .filter(|r| **r != GameResult::Pending)
            .count();
        let fixed: usize = ko
            .ladder
            .iter()
            .take_while(|s| !s.until_win)
            .map(|s| s.games as usize)
            .sum();
        let left = fixed.saturating_sub(played);
        if left > 0 {
            return Err(CommandError::LadderFirst { round, board, left });
        }
    }
    let old = std::mem::replace(&mut p.decided, decision.clone());
    Ok(Command::Decide {
        round,
        board,
        decision: old,
    })
}

fn set_forbidden(
    t: &mut Tournament,
    pairs: &Vec<(PlayerId, PlayerId)>,
) -> Result<Command, CommandError> {
    for &(a, b) in pairs {
        for id in [a, b] {
            if t.player(id).is_none() {
                return Err(CommandError::NoPlayer(id));
            }
        }
    }
    Ok(Command::SetForbidden {
        pairs: std::mem::replace(&mut t.forbidden, pairs.clone()),
    })
}

fn unpair_round(t: &mut Tournament, round: usize) -> Result<Command, CommandError> {
    let last = t.rounds.last().map(|r| r.number);
    if last != Some(round) {
        return Err(CommandError::NoRound(round));
    }
    let r = unlocked(t, round)?;
    if r.pairings
        .iter()
        .any(|p| p.games.iter().any(|g| *g != GameResult::Pending) || p.ballot.is_some())
    {
        return Err(CommandError::HasResults(round));
    }
    // The undo carries the round it takes back, whatever system paired it (a Swiss round's
    // undo once re-paired it from the round robin's table and was refused).
    let popped = t.rounds.pop().ok_or(CommandError::NoRound(round))?;
    Ok(Command::RestoreRound {
        round: Box::new(popped),
    })
}

/// A team Swiss round as given: every team taking part in one match, the bye or away, none
/// twice.
fn pair_teams(
    t: &mut Tournament,
    round: usize,
    matches: &[(team::TeamId, team::TeamId)],
    pab: Option<team::TeamId>,
    absent: &[team::TeamId],
) -> Result<(), CommandError> {
    next_round_due(t, round)?;
    if !t.is_team_event() {
        return Err(team::TeamError::NotTeamEvent { round }.into());
    }
    let mut seen = BTreeSet::new();
    let all = matches
        .iter()
        .flat_map(|&(a, b)| [a, b])
        .chain(pab)
        .chain(absent.iter().copied());
    for id in all {
        if t.team(id).is_none() {
            return Err(team::TeamError::NoTeam { round, team: id }.into());
        }
        if !seen.insert(id) {
            return Err(team::TeamError::TeamTwice { round, team: id }.into());
        }
    }
    number_the_unnumbered(t);
    // C.04.6 art. 1.4: the pairing-allocated bye scores a drawn match, game points included,
    // unless the regulation set its value.
    let games = f64::from(t.settings.format.games.max(1));
    if let Some(s) = t
        .settings
        .teams
        .as_mut()
        .filter(|s| s.pab.is_none() && pab.is_some())
    {
        s.pab = Some(team::TeamPab {
            match_points: s.match_points.draw,
            game_points: s.boards as f64 * games / 2.0,
        });
    }
    let tr = team::pairing::seat(t, round, matches, pab.into_iter().collect())?;
    push_round(t, round, &tr.pairs, None, vec![]);
    let r = round_mut(t, round)?;
    r.matches = tr.matches;
    r.team_byes = tr.byes;
    r.team_absent = absent.to_vec();
    Ok(())
}

fn set_ballot(
    t: &mut Tournament,
    round: usize,
    board: usize,
    ballot: &Option<Ballot>,
) -> Result<Command, CommandError> {
    if let Some(b) = ballot {
        let table = load_table(&b.table)?;
        table
            .entry(&b.cell)
            .map_err(|e| BallotProblem(e.to_string()))?;
    }
    let p = pairing_mut(unlocked(t, round)?, board)?;
    let old = std::mem::replace(&mut p.ballot, ballot.clone());
    Ok(Command::SetBallot {
        round,
        board,
        ballot: old,
    })
}

fn set_ballots(
    t: &mut Tournament,
    round: usize,
    ballots: &Vec<(usize, Option<Ballot>)>,
) -> Result<Command, CommandError> {
    let r = unlocked(t, round)?;
    let mut old = Vec::new();
    for (board, ballot) in ballots {
        let p = pairing_mut(r, *board)?;
        old.push((*board, std::mem::replace(&mut p.ballot, ballot.clone())));
    }
    Ok(Command::SetBallots {
        round,
        ballots: old,
    })
}

fn set_result(
    t: &mut Tournament,
    round: usize,
    board: usize,
    game: usize,
    result: GameResult,
) -> Result<Command, CommandError> {
    let games = t.settings.format.games;
    let p = pairing_mut(unlocked(t, round)?, board)?;
    let slot = p
        .games
        .get_mut(game)
        .ok_or(CommandError::NoGame { game, games })?;
    let old = std::mem::replace(slot, result);
    // Extra games only mean something after a tie; a correction that ends the tie would
    // leave them deciding nothing while still on the score sheet.
    if !p.tied() && p.extra.iter().any(|g| *g != GameResult::Pending) {
        return Err(CommandError::ExtrasRecorded { round, board });
    }
    Ok(Command::SetResult {
        game: GameRef { round, board, game },
        result: old,
    })
}

fn set_extra_result(
    t: &mut Tournament,
    round: usize,
    board: usize,
    game: usize,
    result: GameResult,
) -> Result<Command, CommandError> {
    if t.settings.system == System::Knockout {
        return knockout_extra(t, round, board, game, result);
    }
    let (per, allowed) = (
        t.settings.format.games.max(1),
        t.settings.format.extra_micromatches,
    );
    if allowed == 0 {
        return Err(CommandError::NoExtraMicromatches);
    }
    if game >= (per * allowed) as usize {
        return Err(CommandError::NoExtraGame { game, allowed, per });
    }
    let p = pairing_mut(unlocked(t, round)?, board)?;
    if !p.tied() {
        return Err(CommandError::NotTied { round, board });
    }
    if p.extra.len() <= game {
        p.extra.resize(game + 1, GameResult::Pending);
    }
    let old = std::mem::replace(&mut p.extra[game], result);
    // Clearing the last games leaves no trailing placeholders in the file.
    while p.extra.last() == Some(&GameResult::Pending) {
        p.extra.pop();
    }
    // An extra micromatch is played only after every earlier one ended tied; checking the
    // whole list also stops a correction from leaving later games deciding a tie that no
    // longer exists.
    let per = per as usize;
    let played = p.extra_micromatches(per);
    let chunks: Vec<&[GameResult]> = p.extra.chunks(per).collect();
    let out_of_turn = (1..chunks.len()).find(|&k| {
        chunks[k].iter().any(|g| *g != GameResult::Pending)
            && !played[..k].iter().all(|&((w, b), done)| done && w == b)
    });
    if let Some(k) = out_of_turn {
        return Err(CommandError::ExtraNotDue {
            round,
            board,
            micromatch: k + 1,
        });
    }
    Ok(Command::SetExtraResult {
        round,
        board,
        game,
        result: old,
    })
}

/// A knockout's tie-break game, by its ladder.
fn knockout_extra(
    t: &mut Tournament,
    round: usize,
    board: usize,
    game: usize,
    result: GameResult,
) -> Result<Command, CommandError> {
    let ko = t.settings.knockout.clone().unwrap_or_default();
    let p = pairing_mut(unlocked(t, round)?, board)?;
    if result != GameResult::Pending {
        system::knockout::check_extra(&ko, p, game).map_err(CommandError::Ladder)?;
    } else if game >= p.extra.len() {
        return Err(CommandError::Ladder(
            system::knockout::LadderError::NothingToClear {
                board,
                game: game + 1,
            },
        ));
    }
    if p.extra.len() <= game {
        p.extra.resize(game + 1, GameResult::Pending);
    }
    let old = std::mem::replace(&mut p.extra[game], result);
    // Clearing a game clears the ones after it: they were played only because it was.
    if result == GameResult::Pending
        && p.extra[game + 1..]
            .iter()
            .any(|g| *g != GameResult::Pending)
    {
        return Err(CommandError::Ladder(
            system::knockout::LadderError::LaterGamesFirst { board },
        ));
    }
    while p.extra.last() == Some(&GameResult::Pending) {
        p.extra.pop();
    }
    Ok(Command::SetExtraResult {
        round,
        board,
        game,
        result: old,
    })
}

/// The match points a regulation can give, the event's and its teams' (and a team's
/// pairing-allocated bye no more than a win).
fn check_scoring(settings: &Settings) -> Result<(), CommandError> {
    if let Some(m) = &settings.scoring.match_points {
        m.check()?;
    }
    if let Some(teams) = &settings.teams {
        teams.match_points.check()?;
        if let Some(pab) = &teams.pab {
            if pab.match_points > teams.match_points.win {
                return Err(super::model::ScoringError::ByeAboveWin {
                    bye: pab.match_points,
                    win: teams.match_points.win,
                }
                .into());
            }
        }
    }
    Ok(())
}

fn set_settings(t: &mut Tournament, settings: &Settings) -> Result<Command, CommandError> {
    if settings.name.trim().is_empty() {
        return Err(CommandError::NoName);
    }
    if settings.format.games == 0 {
        return Err(CommandError::NoGames);
    }
    super::model::read_days(&settings.dates).map_err(CommandError::BadDate)?;
    check_scoring(settings)?;
    if settings.registration.checkin_required && settings.teams.is_some() {
        return Err(crate::tournament::registration::CheckInError::TeamEvent.into());
    }
    if let Some(b) = &settings.format.ballot {
        load_table(&b.table)?;
    }
    if !t.rounds.is_empty() {
        let fixed = [
            ("variant", settings.variant != t.settings.variant),
            ("system", settings.system != t.settings.system),
            (
                "number of games per pairing",
                settings.format.games != t.settings.format.games,
            ),
        ];
        if let Some((what, _)) = fixed.iter().find(|(_, changed)| *changed) {
            return Err(CommandError::FixedSetting(what));
        }
    }
    Ok(Command::SetSettings {
        settings: Box::new(std::mem::replace(&mut t.settings, settings.clone())),
    })
}

fn set_notes(
    t: &mut Tournament,
    round: usize,
    board: usize,
    notes: &[Note],
) -> Result<Command, CommandError> {
    let p = pairing_mut(round_mut(t, round)?, board)?;
    Ok(Command::SetNotes {
        round,
        board,
        notes: std::mem::replace(&mut p.notes, notes.to_vec()),
    })
}

fn set_record(
    t: &mut Tournament,
    round: usize,
    board: usize,
    game: usize,
    moves: &Option<String>,
) -> Result<Command, CommandError> {
    let p = pairing_mut(round_mut(t, round)?, board)?;
    if game >= p.games.len() + p.extra.len() {
        return Err(CommandError::NoRecordGame {
            game: game + 1,
            games: p.games.len() + p.extra.len(),
        });
    }
    if let Some(text) = moves {
        crate::tournament::records::readable(text).map_err(CommandError::Record)?;
    }
    let old = match moves {
        Some(text) => p.records.insert(game, text.clone()),
        None => p.records.remove(&game),
    };
    Ok(Command::SetRecord {
        game: GameRef { round, board, game },
        moves: old,
    })
}

fn set_tiebreaks(t: &mut Tournament, tiebreaks: &[TieBreak]) -> Result<Command, CommandError> {
    let mut seen = BTreeSet::new();
    if let Some(tb) = tiebreaks.iter().find(|tb| !seen.insert(**tb)) {
        return Err(CommandError::DuplicateTiebreak(tb.id()));
    }
    Ok(Command::SetTiebreaks {
        tiebreaks: std::mem::replace(&mut t.tiebreaks, tiebreaks.to_vec()),
    })
}

fn numbers_undo(t: &Tournament) -> Command {
    Command::SetNumbers {
        numbers: t.players.iter().map(|p| (p.id, p.number)).collect(),
        seed: t.numbers_seed,
    }
}

/// What takes back the pairing of `round` about to be made on `t`: the round, and, for the first
/// round, the numbers it gives to players who had none (later rounds keep them: the numbers are
/// fixed once a round is played, and a late entry keeps the one it got).
fn unpair_undo(t: &Tournament, round: usize) -> Command {
    let unpair = Command::UnpairRound { round };
    if t.rounds.is_empty() && t.players.iter().any(|p| p.number.is_none()) {
        Command::Batch {
            commands: vec![unpair, numbers_undo(t)],
        }
    } else {
        unpair
    }
}

/// The next round may be paired: it is the next one and the last one is over.
pub fn next_round_due(t: &Tournament, round: usize) -> Result<(), CommandError> {
    limits::at_most("round", round, limits::MAX_ROUNDS)?;
    let expected = t.rounds.len() + 1;
    if round != expected {
        return Err(CommandError::NotNextRound(expected));
    }
    if let Some(prev) = t.rounds.last() {
        if !prev.finished(&t.settings.format) {
            return Err(CommandError::RoundIncomplete(prev.number));
        }
        if let Some(why) = system::of(t).undecided(t, prev) {
            return Err(CommandError::System(why));
        }
    }
    Ok(())
}

/// Adds round `round` with these pairs (White of game 1 first), board by board in order.
fn push_round(
    t: &mut Tournament,
    round: usize,
    pairs: &[(PlayerId, PlayerId)],
    bye: Option<PlayerId>,
    absent: Vec<PlayerId>,
) {
    let games = t.settings.format.games.max(1) as usize;
    let mut pairings = Vec::new();
    for (i, &(white, black)) in pairs.iter().enumerate() {
        // A player who withdrew before this round loses by forfeit.
        let gone = |id: PlayerId| {
            t.player(id)
                .and_then(|p| p.withdrawn_after)
                .is_some_and(|after| after < round)
        };
        let result = match (gone(white), gone(black)) {
            (true, true) => GameResult::DoubleForfeit,
            (true, false) => GameResult::BlackByForfeit,
            (false, true) => GameResult::WhiteByForfeit,
            (false, false) => GameResult::Pending,
        };
        let games_vec = (0..games)
            .map(|g| match result {
                // Colours alternate: game 2's White is the pairing's Black.
                GameResult::WhiteByForfeit if g % 2 == 1 => GameResult::BlackByForfeit,
                GameResult::BlackByForfeit if g % 2 == 1 => GameResult::WhiteByForfeit,
                r => r,
            })
            .collect();
        let mut p = Pairing::new(i + 1, white, black, games_vec);
        if let Some(stage) = &t.settings.stage {
            system::stage::carry_into(stage, &stage.from_name, &mut p);
        }
        pairings.push(p);
    }
    // A knockout's final may be a longer match.
    for p in &mut pairings {
        let fill = p.games.last().copied().unwrap_or(GameResult::Pending);
        p.games.resize(t.games_of(round, p.board), fill);
    }
    t.rounds.push(Round {
        number: round,
        pairings,
        bye,
        absent,
        requested_byes: Vec::new(),
        locked: false,
        acceleration: Default::default(),
        matches: Vec::new(),
        team_byes: Vec::new(),
        team_absent: Vec::new(),
        advanced: Vec::new(),
    });
}

fn pair_round(
    t: &mut Tournament,
    round: usize,
    table_round: Option<usize>,
) -> Result<(), CommandError> {
    next_round_due(t, round)?;
    if t.is_team_event() {
        number_the_unnumbered(t);
        let tr = team::pairing::berger_round(t, round, table_round)?;
        push_round(t, round, &tr.pairs, None, vec![]);
        let r = round_mut(t, round)?;
        r.matches = tr.matches;
        r.team_byes = tr.byes;
        return Ok(());
    }
    // The table pairs numbers: every player has one first.
    number_the_unnumbered(t);
    if t.settings.groups.is_some() {
        let draft = system::groups::propose(t, round)?;
        let pairs: Vec<(PlayerId, PlayerId)> = draft
            .encounters
            .iter()
            .map(|e| (e.white, e.black))
            .collect();
        push_round(t, round, &pairs, None, draft.passes);
        return Ok(());
    }
    let (pairs, bye) = round_robin::pairs(t, round, table_round)?;
    push_round(t, round, &pairs, bye, vec![]);
    Ok(())
}

/// Players without a number get the next numbers: in a Swiss by the initial ranking (rating,
/// title, name), in a round robin in list order.
pub(crate) fn number_the_unnumbered(t: &mut Tournament) {
    let mut next_number = t.players.iter().filter_map(|p| p.number).max().unwrap_or(0);
    // A knockout is seeded as a Swiss is ranked: rating, rank, surname.
    let order: Vec<PlayerId> = if matches!(t.settings.system, System::Swiss | System::Knockout) {
        super::swiss::initial_ranking(&t.players)
    } else {
        t.players.iter().map(|p| p.id).collect()
    };
    for id in order {
        if let Some(p) = t
            .players
            .iter_mut()
            .find(|p| p.id == id && p.number.is_none())
        {
            next_number += 1;
            p.number = Some(next_number);
        }
    }
}

/// The event's ballot table ([`ballot::load`]), its error as a refusal of the command.
fn load_table(name: &str) -> Result<Arc<ballot::Table>, BallotProblem> {
    ballot::load(name).map_err(|e| BallotProblem(e.to_string()))
}

/// Cells already drawn in the event for this table.
pub fn used_cells(t: &Tournament, table: &str) -> BTreeSet<String> {
    t.rounds
        .iter()
        .flat_map(|r| &r.pairings)
        .filter_map(|p| p.ballot.as_ref())
        .filter(|b| b.table == table)
        .map(|b| b.cell.clone())
        .collect()
}

fn draw_ballot(
    t: &mut Tournament,
    round: usize,
    board: Option<usize>,
    seed: u64,
    at: DateTime<Utc>,
) -> Result<Command, CommandError> {
    let rule = t
        .settings
        .format
        .ballot
        .clone()
        .ok_or(CommandError::NoBallots)?;
    let per_board = t
        .settings
        .teams
        .as_ref()
        .map(|s| s.ballot_tables.clone())
        .unwrap_or_default();
    // The cells each table has given in the event, before this draw.
    let used: BTreeMap<String, BTreeSet<String>> = std::iter::once(&rule.table)
        .chain(per_board.values())
        .map(|name| (name.clone(), used_cells(t, name)))
        .collect();
    let r = unlocked(t, round)?;
    let asked: Vec<usize> = match board {
        Some(b) => {
            pairing_mut(r, b)?;
            vec![b]
        }
        None => r
            .pairings
            .iter()
            .filter(|p| p.ballot.is_none())
            .map(|p| p.board)
            .collect(),
    };
    let groups = ballot_groups(r, &asked, board.is_some(), rule.per, |k| {
        per_board
            .get(&k)
            .cloned()
            .unwrap_or_else(|| rule.table.clone())
    });
    let cells = draw_cells(&groups, rule.per, &used, seed)?;
    let mut old = Vec::new();
    for (b, (table, cell)) in cells {
        let p = pairing_mut(r, b)?;
        old.push((
            b,
            p.ballot.replace(Ballot {
                table,
                cell,
                seed: Some(seed),
                at,
            }),
        ));
    }
    Ok(Command::SetBallots {
        round,
        ballots: old,
    })
}

/// The cell each group's boards draw, with its table: per table, its groups in order; a table
/// named "" gives no ballot (a free first move). `used`: the cells each table has given before.
fn draw_cells(
    groups: &[(String, Vec<usize>)],
    per: BallotPer,
    used: &BTreeMap<String, BTreeSet<String>>,
    seed: u64,
) -> Result<BTreeMap<usize, (String, String)>, CommandError> {
    let mut cells: BTreeMap<usize, (String, String)> = BTreeMap::new();
    let names: BTreeSet<&String> = groups.iter().map(|(name, _)| name).collect();
    for name in names.into_iter().filter(|n| !n.is_empty()) {
        let table = load_table(name)?;
        let used = used.get(name).cloned().unwrap_or_default();
        let mine: Vec<&Vec<usize>> = groups
            .iter()
            .filter(|(n, _)| n == name)
            .map(|(_, g)| g)
            .collect();
        let drawn: Vec<String> = if per == BallotPer::Round {
            vec![table.draw(seed, &used).cell.clone()]
        } else {
            table
                .draw_many(seed, mine.len(), &used)
                .into_iter()
                .map(|e| e.cell.clone())
                .collect()
        };
        for (g, cell) in mine.into_iter().zip(drawn.iter().cycle()) {
            for &b in g {
                cells.insert(b, (name.clone(), cell.clone()));
            }
        }
    }
    Ok(cells)
}

/// The boards that draw one cell together, each group with its table: per team match (the
/// match's boards — all of them when one board was chosen — of one table), per round (every
/// board of a table), or each board alone. `table_of`: a match's board (from 1) → its table.
fn ballot_groups(
    r: &Round,
    asked: &[usize],
    chosen: bool,
    per: BallotPer,
    table_of: impl Fn(usize) -> String,
) -> Vec<(String, Vec<usize>)> {
    // A board outside a match (an individual event) has the event's table: board 0 names none.
    let table = |b: usize| table_of(r.match_of_board(b).map_or(0, |(_, k)| k));
    let mut groups: Vec<(String, Vec<usize>)> = Vec::new();
    let add =
        |groups: &mut Vec<(String, Vec<usize>)>, name: String, b: usize, with: bool| match groups
            .iter_mut()
            .find(|(n, _)| with && *n == name)
        {
            Some((_, g)) => g.push(b),
            None => groups.push((name, vec![b])),
        };
    match per {
        BallotPer::Match if !r.matches.is_empty() => {
            for m in &r.matches {
                let mut of_match = Vec::new();
                for &b in m.boards.iter().filter(|b| asked.contains(b)) {
                    let boards: Vec<usize> = if chosen { m.boards.clone() } else { vec![b] };
                    for b in boards {
                        add(&mut of_match, table(b), b, true);
                    }
                }
                groups.extend(of_match);
            }
        }
        BallotPer::Round => asked
            .iter()
            .for_each(|&b| add(&mut groups, table(b), b, true)),
        _ => asked
            .iter()
            .for_each(|&b| add(&mut groups, table(b), b, false)),
    }
    groups
}
