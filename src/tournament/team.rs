//! Team events (README, "Team events"; `shared/docs/teams.md`): teams with rosters, and a round's
//! matches — team against team on B boards. A board is an ordinary [`Pairing`] of the round (its
//! games, ballot, records, clock), so everything that works per board works for a team event; a
//! [`Match`] only says which of the round's boards are its boards, and in what order.

pub mod pairing;
pub mod standings;
pub mod swiss;
pub mod trf;

use serde::{Deserialize, Serialize};

use super::model::{MatchPoints, PlayerId, Round, Tournament};

pub use super::id::TeamId;

/// The most boards a team event may have (teams.md: 2 to 12).
pub const MAX_BOARDS: usize = 12;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Team {
    pub id: TeamId,
    pub name: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub short: String,
    /// Club, region or federation.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub club: String,
    /// The captain's name (a player of the team or not).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub captain: String,
    /// The players in board order: the regular boards 1..B, then the reserves.
    pub roster: Vec<PlayerId>,
}

/// What is counted to rank teams first (teams.md, "A match").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Primary {
    /// Match points (FIDE's default), game points the first tie-break.
    #[default]
    MatchPoints,
    /// Game points, the sum over all boards (Russian school and city events).
    GamePoints,
}

/// How a team's line-up may differ from its roster (teams.md, "Line-up").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LineUp {
    /// Any B players of the roster, in roster order (FIDE Olympiad).
    #[default]
    RosterOrder,
    /// Each player keeps his board; a reserve replaces only a given board's player.
    FixedBoards,
    /// The captain puts anyone anywhere before each round (IDF).
    Free,
}

/// What an event's team side is: boards, scoring, line-ups.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TeamSettings {
    pub boards: usize,
    #[serde(default)]
    pub primary: Primary,
    /// Match points for a match won, drawn and lost (2/1/0 unless the regulation says 3/1/0).
    #[serde(default = "default_match_points")]
    pub match_points: MatchPoints,
    #[serde(default)]
    pub line_up: LineUp,
    /// The criteria after the primary score, in the regulation's order.
    #[serde(default)]
    pub tiebreaks: Vec<standings::TeamTieBreak>,
    /// Boards kept for women or juniors by the regulation.
    #[serde(default, skip_serializing_if = "BoardRules::is_empty")]
    pub rules: BoardRules,
    /// What a team's bye is worth. None (Russian round robins): a free team scores nothing. A
    /// pairing-allocated bye (FIDE C.04.6, and a TRF file whose byes are `U`) scores these match
    /// and game points and, in the board count, a win on each board (as FIDE's checker reads it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pab: Option<TeamPab>,
    /// A board's own ballot table (board of the match, from 1 → `idf`, `fmjd` …; "" for none: its
    /// first move free); the other boards draw from the event's table (IDF men's teams: boards
    /// 1–2 the IDF table, board 3 free).
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub ballot_tables: std::collections::BTreeMap<usize, String>,
    /// The least games a player plays for a place in his board's table (board prizes: the
    /// regulation's minimum); `None`: every player placed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board_prize_games: Option<usize>,
    /// A team Swiss's colour preferences (FIDE C.04.6 art. 1.7): type A unless the regulation
    /// says type B, or none (every board plays both colours).
    #[serde(default, skip_serializing_if = "is_type_a")]
    pub colours: swiss::ColourType,
    /// Whether the score that is not the primary one decides which team of a pair is the
    /// first-team for colours (C.04.6 art. 1.2, 4.2.2): yes unless the regulation says no.
    #[serde(default = "yes", skip_serializing_if = "is_yes")]
    pub secondary_for_colour: bool,
    /// A team Swiss's acceleration (FIDE C.04.7): virtual points added to the pairing score of
    /// some teams in some rounds (TRF-26 `250`); never to the standings.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub virtual_points: Vec<VirtualPoints>,
    /// Teams a team Swiss must not pair against each other (one club's teams), each set in
    /// its rounds (TRF-26 `260`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub forbidden: Vec<ForbiddenTeams>,
}

/// Teams (by number) none of which meets another in rounds `first_round..=last_round`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ForbiddenTeams {
    pub teams: Vec<usize>,
    pub first_round: usize,
    pub last_round: usize,
}

impl ForbiddenTeams {
    /// Whether teams number `a` and `b` may not meet in `round`.
    pub fn keeps_apart(list: &[ForbiddenTeams], a: usize, b: usize, round: usize) -> bool {
        list.iter().any(|f| {
            (f.first_round..=f.last_round).contains(&round)
                && f.teams.contains(&a)
                && f.teams.contains(&b)
        })
    }
}

/// Virtual points for teams `first_team..=last_team` (by number) in rounds
/// `first_round..=last_round`: match points, and game points (the pairing score's when game
/// points are primary).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct VirtualPoints {
    pub match_points: f64,
    pub game_points: f64,
    pub first_round: usize,
    pub last_round: usize,
    pub first_team: usize,
    pub last_team: usize,
}

impl VirtualPoints {
    /// The Baku acceleration of C.04.7 for `teams` teams and `rounds` rounds: the first
    /// 2⌈N/4⌉ teams (group A) have a won match's points in the first ⌈⌈R/2⌉/2⌉ rounds and a
    /// drawn match's in the rest of the first ⌈R/2⌉.
    pub fn baku(teams: usize, rounds: usize, mp: MatchPoints) -> Vec<VirtualPoints> {
        let accelerated = rounds.div_ceil(2);
        let full = accelerated.div_ceil(2);
        let group_a = 2 * teams.div_ceil(4);
        let mut out = Vec::new();
        if group_a == 0 || accelerated == 0 {
            return out;
        }
        out.push(VirtualPoints {
            match_points: mp.win,
            game_points: 0.0,
            first_round: 1,
            last_round: full,
            first_team: 1,
            last_team: group_a,
        });
        if accelerated > full {
            out.push(VirtualPoints {
                match_points: mp.draw,
                game_points: 0.0,
                first_round: full + 1,
                last_round: accelerated,
                first_team: 1,
                last_team: group_a,
            });
        }
        out
    }

    /// The virtual points of team number `team` in `round` (the last record that covers it, as
    /// FIDE's checker reads overlapping ones).
    pub fn of(list: &[VirtualPoints], team: usize, round: usize, primary: Primary) -> f64 {
        list.iter()
            .rev()
            .find(|v| {
                (v.first_round..=v.last_round).contains(&round)
                    && (v.first_team..=v.last_team).contains(&team)
            })
            .map_or(0.0, |v| match primary {
                Primary::MatchPoints => v.match_points,
                Primary::GamePoints => v.game_points,
            })
    }
}

fn is_type_a(c: &swiss::ColourType) -> bool {
    *c == swiss::ColourType::TypeA
}

fn yes() -> bool {
    true
}

fn is_yes(b: &bool) -> bool {
    *b
}

/// The score of a team's pairing-allocated bye.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct TeamPab {
    pub match_points: f64,
    pub game_points: f64,
}

/// The regulation's boards for some players only (teams.md, "Who plays"); a line-up that breaks
/// one is refused naming it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct BoardRules {
    /// «Женская доска»: this board is a woman's.
    pub women: Option<usize>,
    /// A junior board: this board's player born in or after the year.
    pub junior: Option<JuniorBoard>,
    /// Boards 1..=board played by a holder of at least this rank (the ЕВСК table's order).
    pub least_rank: Option<LeastRank>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LeastRank {
    /// The last board the rank is asked on: 1 asks it of board 1 alone.
    pub board: usize,
    /// The rank as the table writes it («КМС», «1 разряд»).
    pub rank: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct JuniorBoard {
    pub board: usize,
    pub born_from: u16,
}

impl BoardRules {
    pub fn is_empty(&self) -> bool {
        *self == BoardRules::default()
    }

    /// Checks a team's players for a match, board 1 first.
    pub fn check(
        &self,
        t: &Tournament,
        round: usize,
        team: TeamId,
        players: &[PlayerId],
    ) -> Result<(), TeamError> {
        if let Some(board) = self.women {
            if let Some(&player) = players.get(board.wrapping_sub(1)) {
                let sex = t.player(player).and_then(|p| p.sex);
                if sex != Some(super::model::Sex::Female) {
                    return Err(TeamError::WomensBoard {
                        round,
                        team: TeamName::of(t, team),
                        board,
                        player: PlayerName::of(t, player),
                    });
                }
            }
        }
        if let Some(j) = self.junior {
            if let Some(&player) = players.get(j.board.wrapping_sub(1)) {
                let born = t.player(player).and_then(|p| p.birth_year);
                if born.is_none_or(|y| y < j.born_from) {
                    return Err(TeamError::JuniorBoard {
                        round,
                        team: TeamName::of(t, team),
                        board: j.board,
                        player: PlayerName::of(t, player),
                        born_from: j.born_from,
                    });
                }
            }
        }
        if let Some(least) = &self.least_rank {
            let table = super::norms::Table::shipped();
            let wanted = table.strength(&least.rank);
            for (k, &player) in players.iter().enumerate().take(least.board) {
                let title = t.player(player).map_or("", |p| p.title.as_str());
                if table.strength(title) > wanted {
                    return Err(TeamError::LeastRank {
                        round,
                        team: TeamName::of(t, team),
                        board: k + 1,
                        player: PlayerName::of(t, player),
                        rank: least.rank.clone(),
                    });
                }
            }
        }
        Ok(())
    }
}

fn default_match_points() -> MatchPoints {
    MatchPoints {
        win: 2.0,
        draw: 1.0,
        loss: 0.0,
    }
}

impl TeamSettings {
    /// A team side of `boards` boards: match points first, 2/1/0, roster order, the default
    /// criteria of `system`.
    pub fn new(boards: usize, system: super::model::System) -> TeamSettings {
        TeamSettings {
            boards,
            primary: Primary::MatchPoints,
            match_points: default_match_points(),
            line_up: LineUp::RosterOrder,
            tiebreaks: standings::TeamTieBreak::defaults(Primary::MatchPoints, system),
            rules: BoardRules::default(),
            pab: None,
            ballot_tables: Default::default(),
            board_prize_games: None,
            colours: swiss::ColourType::TypeA,
            secondary_for_colour: true,
            virtual_points: Vec::new(),
            forbidden: Vec::new(),
        }
    }
}

/// Two teams' encounter in a round: its boards are pairings of the round, in board order. The
/// home team (named first) has White on boards 1, 3, 5 … in game 1.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Match {
    pub home: TeamId,
    pub away: TeamId,
    /// The round's board numbers (`Pairing::board`) of the match's boards 1..B, in order.
    pub boards: Vec<usize>,
}

impl Tournament {
    /// A team event: one whose settings have a team side.
    pub fn is_team_event(&self) -> bool {
        self.settings.teams.is_some()
    }

    pub fn team(&self, id: TeamId) -> Option<&Team> {
        self.teams.iter().find(|t| t.id == id)
    }

    /// The team whose roster names `player`.
    /// A team's name as documents and pages print it; empty for a number no team has.
    pub fn team_name(&self, id: TeamId) -> String {
        self.team(id).map_or_else(String::new, |tm| tm.name.clone())
    }

    /// A team's number: its place in the team list from 1 (a team Swiss's TPN, the TRF's
    /// `310`/`013` order); 0 for no such team.
    pub fn team_number(&self, id: TeamId) -> usize {
        self.teams
            .iter()
            .position(|tm| tm.id == id)
            .map_or(0, |p| p + 1)
    }

    /// «Омск (9)»: the team's name and number, as pairings and refusals name it.
    pub fn numbered_team_name(&self, id: TeamId) -> String {
        format!("{} ({})", self.team_name(id), self.team_number(id))
    }

    pub fn team_of(&self, player: PlayerId) -> Option<&Team> {
        self.teams.iter().find(|t| t.roster.contains(&player))
    }

    /// Whether `team`'s player on a board of its match has White in game 1.
    pub fn has_white(&self, p: &super::model::Pairing, team: TeamId) -> bool {
        self.team_of(p.white).is_some_and(|tm| tm.id == team)
    }

    /// `team`'s player on a board of its match.
    pub fn player_for(&self, p: &super::model::Pairing, team: TeamId) -> PlayerId {
        if self.has_white(p, team) {
            p.white
        } else {
            p.black
        }
    }
}

impl Round {
    /// A match's boards, board 1 of the match first.
    pub fn boards_of<'a>(
        &'a self,
        m: &'a Match,
    ) -> impl Iterator<Item = &'a super::model::Pairing> + 'a {
        m.boards
            .iter()
            .filter_map(|&b| self.pairings.iter().find(|p| p.board == b))
    }

    /// The match a board (by its number in the round) belongs to, and its board in the match
    /// (from 1).
    pub fn match_of_board(&self, board: usize) -> Option<(&Match, usize)> {
        self.matches.iter().find_map(|m| {
            let k = m.boards.iter().position(|&b| b == board)?;
            Some((m, k + 1))
        })
    }
}

/// A player as a message names him: as every screen shows him, by name and starting number
/// (the program's own ids are never seen by the arbiter).
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerName(pub String);

impl std::fmt::Display for PlayerName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl PlayerName {
    pub fn of(t: &Tournament, id: PlayerId) -> PlayerName {
        PlayerName(match t.player(id) {
            Some(p) => p.numbered_name(),
            None => format!("#{id}"),
        })
    }
}

/// A team as a message names it: by its name.
#[derive(Clone, Debug, PartialEq)]
pub struct TeamName(pub String);

impl std::fmt::Display for TeamName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl TeamName {
    pub fn of(t: &Tournament, id: TeamId) -> TeamName {
        TeamName::among(&t.teams, id)
    }

    /// The team's name in a list not yet the event's (a team list being checked).
    pub fn among(teams: &[Team], id: TeamId) -> TeamName {
        TeamName(match teams.iter().find(|tm| tm.id == id) {
            Some(tm) if !tm.name.trim().is_empty() => tm.name.clone(),
            _ => id.to_string(),
        })
    }
}

/// Why a team list, a line-up or a round's matches were refused; each names the place.
#[derive(Debug, PartialEq, thiserror::Error)]
pub enum TeamError {
    #[error("a team event has 2 to {MAX_BOARDS} boards, not {0}")]
    Boards(usize),
    #[error("team {0} has no name")]
    NoName(TeamId),
    #[error("two teams have the number {0}")]
    DuplicateTeam(TeamId),
    #[error("team {team}: player {player} is not in the event")]
    NoPlayer { team: TeamId, player: PlayerId },
    #[error("player {player} is on the rosters of teams {first} and {second}")]
    PlayerTwice {
        player: PlayerName,
        first: TeamName,
        second: TeamName,
    },
    #[error("team {team}: the roster's order is the line-ups' rule once the event has begun; players join at its end")]
    RosterOrderFixed { team: TeamName },
    #[error("team {team}: player {player} has played for the team and stays on its roster")]
    PlayedFor { team: TeamName, player: PlayerName },
    #[error("round {round}: there is no team {team}")]
    NoTeam { round: usize, team: TeamId },
    #[error("round {round}: team {team} has two matches")]
    TeamTwice { round: usize, team: TeamId },
    #[error("round {round}: team {team} plays itself")]
    ItselfMatch { round: usize, team: TeamId },
    #[error("round {round}: there is no board {board}")]
    NoBoard { round: usize, board: usize },
    #[error("round {round}: board {board} is in two matches")]
    BoardTwice { round: usize, board: usize },
    #[error("round {round}: board {board} is in no match")]
    BoardAlone { round: usize, board: usize },
    #[error("round {round}, match {home}–{away}: {boards} boards, the event has {allowed}")]
    TooManyBoards {
        round: usize,
        home: TeamName,
        away: TeamName,
        boards: usize,
        allowed: usize,
    },
    #[error("round {round}, match {home}–{away}, board {board}: player {player} is on neither team's roster")]
    NotOfTeams {
        round: usize,
        home: TeamName,
        away: TeamName,
        board: usize,
        player: PlayerName,
    },
    #[error("round {round}, match {home}–{away}, board {board}: both players are of team {team}")]
    SameTeam {
        round: usize,
        home: TeamName,
        away: TeamName,
        board: usize,
        team: TeamName,
    },
    #[error("round {round}: this is not a team event")]
    NotTeamEvent { round: usize },
    #[error("round {round} is paired for players, not teams: an event becomes a team event before its first round")]
    IndividualRounds { round: usize },
    #[error("a team round robin needs at least 2 teams, not {0}")]
    TooFewTeams(usize),
    #[error("round {round}: the team round robin has {rounds} rounds")]
    NoTableRound { round: usize, rounds: usize },
    #[error("team {team} has {players} players on its roster, the event plays on {boards} boards")]
    ShortRoster {
        team: TeamName,
        players: usize,
        boards: usize,
    },
    #[error("round {round}, team {team}: {players} players in the line-up for {boards} boards")]
    LineUpSize {
        round: usize,
        team: TeamName,
        players: usize,
        boards: usize,
    },
    #[error("round {round}, team {team}: player {player} is not on the team's roster")]
    NotOnRoster {
        round: usize,
        team: TeamName,
        player: PlayerName,
    },
    #[error("round {round}, team {team}: player {player} is twice in the line-up")]
    LineUpTwice {
        round: usize,
        team: TeamName,
        player: PlayerName,
    },
    #[error("round {round}, team {team}: player {player} is listed above {above} on the roster and may not play below him (roster order)")]
    OutOfRosterOrder {
        round: usize,
        team: TeamName,
        player: PlayerName,
        above: PlayerName,
    },
    #[error("round {round}, team {team}: player {player} plays on board {board} (fixed boards)")]
    NotHisBoard {
        round: usize,
        team: TeamName,
        player: PlayerName,
        board: usize,
    },
    #[error("round {round}, team {team}: the match has results; its line-up is no longer changed")]
    LineUpAfterResults { round: usize, team: TeamName },
    #[error("round {round}, team {team}: board {board} is the women's board, and player {player} is not entered as a woman")]
    WomensBoard {
        round: usize,
        team: TeamName,
        board: usize,
        player: PlayerName,
    },
    #[error("round {round}, team {team}: board {board} is the junior board (born in {born_from} or later), and player {player} is not")]
    JuniorBoard {
        round: usize,
        team: TeamName,
        board: usize,
        player: PlayerName,
        born_from: u16,
    },
    #[error("round {round}, team {team}: board {board} asks for at least the rank «{rank}», and player {player} has less")]
    LeastRank {
        round: usize,
        team: TeamName,
        board: usize,
        player: PlayerName,
        rank: String,
    },
}

impl crate::lang::Russian for TeamError {
    fn ru(&self) -> String {
        match self {
            TeamError::Boards(..)
            | TeamError::NoName(..)
            | TeamError::DuplicateTeam(..)
            | TeamError::NoPlayer { .. }
            | TeamError::PlayerTwice { .. }
            | TeamError::RosterOrderFixed { .. }
            | TeamError::PlayedFor { .. }
            | TeamError::ShortRoster { .. }
            | TeamError::TooFewTeams(..) => self.ru_teams(),
            TeamError::NoTeam { .. }
            | TeamError::IndividualRounds { .. }
            | TeamError::TeamTwice { .. }
            | TeamError::ItselfMatch { .. }
            | TeamError::NoBoard { .. }
            | TeamError::BoardTwice { .. }
            | TeamError::BoardAlone { .. }
            | TeamError::TooManyBoards { .. }
            | TeamError::NotOfTeams { .. }
            | TeamError::SameTeam { .. }
            | TeamError::NotTeamEvent { .. }
            | TeamError::NoTableRound { .. } => self.ru_matches(),
            TeamError::LineUpSize { .. }
            | TeamError::NotOnRoster { .. }
            | TeamError::LineUpTwice { .. }
            | TeamError::OutOfRosterOrder { .. }
            | TeamError::NotHisBoard { .. }
            | TeamError::LineUpAfterResults { .. }
            | TeamError::WomensBoard { .. }
            | TeamError::JuniorBoard { .. }
            | TeamError::LeastRank { .. } => self.ru_line_ups(),
        }
    }
}

/// The Russian wording of each area's refusals.
impl TeamError {
    /// Refusals about the teams and their rosters.
    fn ru_teams(&self) -> String {
        match self {
            TeamError::Boards(n) => {
                format!("в командном турнире от 2 до {MAX_BOARDS} досок, а не {n}")
            }
            TeamError::NoName(id) => format!("у команды {id} нет названия"),
            TeamError::DuplicateTeam(id) => format!("номер {id} у двух команд"),
            TeamError::NoPlayer { team, player } => {
                format!("команда {team}: участника {player} нет в турнире")
            }
            TeamError::PlayerTwice {
                player,
                first,
                second,
            } => format!("участник {player} в составах команд {first} и {second}"),
            TeamError::RosterOrderFixed { team } => format!(
                "команда {team}: после начала турнира порядок состава — правило расстановки; новые участники добавляются в конец"
            ),
            TeamError::PlayedFor { team, player } => format!(
                "команда {team}: участник {player} играл за команду и остаётся в её составе"
            ),
            TeamError::ShortRoster {
                team,
                players,
                boards,
            } => format!(
                "в составе команды {team} участников: {players}, а досок в турнире: {boards}"
            ),
            TeamError::TooFewTeams(n) => {
                format!("для кругового командного турнира нужно хотя бы 2 команды, а не {n}")
            }
            _ => unreachable!("not a team error"),
        }
    }

    /// Refusals about a round's matches and their boards.
    fn ru_matches(&self) -> String {
        match self {
            TeamError::NoTeam { round, team } => format!("тур {round}: команды {team} нет"),
            TeamError::IndividualRounds { round } => format!(
                "тур {round} составлен для участников, а не команд: командным турнир делают до первого тура"
            ),
            TeamError::TeamTwice { round, team } => {
                format!("тур {round}: у команды {team} два матча")
            }
            TeamError::ItselfMatch { round, team } => {
                format!("тур {round}: команда {team} играет сама с собой")
            }
            TeamError::NoBoard { round, board } => format!("в туре {round} нет доски {board}"),
            TeamError::BoardTwice { round, board } => {
                format!("тур {round}: доска {board} в двух матчах")
            }
            TeamError::BoardAlone { round, board } => {
                format!("тур {round}: доска {board} не входит ни в один матч")
            }
            TeamError::TooManyBoards {
                round,
                home,
                away,
                boards,
                allowed,
            } => format!(
                "тур {round}, матч {home}–{away}: досок {boards}, а в турнире их {allowed}"
            ),
            TeamError::NotOfTeams {
                round,
                home,
                away,
                board,
                player,
            } => format!(
                "тур {round}, матч {home}–{away}, доска {board}: участника {player} нет в составе ни одной из команд"
            ),
            TeamError::SameTeam {
                round,
                home,
                away,
                board,
                team,
            } => format!(
                "тур {round}, матч {home}–{away}, доска {board}: оба участника из команды {team}"
            ),
            TeamError::NotTeamEvent { round } => {
                format!("тур {round}: это не командный турнир")
            }
            TeamError::NoTableRound { round, rounds } => {
                format!("тур {round}: в командном круговом турнире туров {rounds}")
            }
            _ => unreachable!("not a match error"),
        }
    }

    /// Refusals about the line-ups.
    fn ru_line_ups(&self) -> String {
        match self {
            TeamError::LineUpSize {
                round,
                team,
                players,
                boards,
            } => format!(
                "тур {round}, команда {team}: в расстановке участников {players}, а досок {boards}"
            ),
            TeamError::NotOnRoster {
                round,
                team,
                player,
            } => format!("тур {round}, команда {team}: участника {player} нет в составе команды"),
            TeamError::LineUpTwice {
                round,
                team,
                player,
            } => format!("тур {round}, команда {team}: участник {player} дважды в расстановке"),
            TeamError::OutOfRosterOrder {
                round,
                team,
                player,
                above,
            } => format!(
                "тур {round}, команда {team}: участник {player} стоит в составе выше {above} и не может играть ниже него (порядок состава)"
            ),
            TeamError::NotHisBoard {
                round,
                team,
                player,
                board,
            } => format!(
                "тур {round}, команда {team}: участник {player} играет на доске {board} (закреплённые доски)"
            ),
            TeamError::LineUpAfterResults { round, team } => format!(
                "тур {round}, команда {team}: в матче уже есть результаты, расстановку больше не меняют"
            ),
            TeamError::WomensBoard {
                round,
                team,
                board,
                player,
            } => format!(
                "тур {round}, команда {team}: доска {board} — женская, а участник {player} не записан женщиной"
            ),
            TeamError::JuniorBoard {
                round,
                team,
                board,
                player,
                born_from,
            } => format!(
                "тур {round}, команда {team}: доска {board} — юношеская ({born_from} г. р. и моложе), а участник {player} старше или год рождения не указан"
            ),
            TeamError::LeastRank {
                round,
                team,
                board,
                player,
                rank,
            } => format!(
                "тур {round}, команда {team}: на доске {board} нужен разряд не ниже «{rank}», а у участника {player} ниже"
            ),
            _ => unreachable!("not a line-up error"),
        }
    }
}

/// Checks a team list against the event: numbers unique, names given, every player on one
/// roster at most, no player who has played for a team taken off its roster.
pub fn check_teams(
    t: &Tournament,
    teams: &[Team],
    settings: &TeamSettings,
) -> Result<(), TeamError> {
    if !(2..=MAX_BOARDS).contains(&settings.boards) {
        return Err(TeamError::Boards(settings.boards));
    }
    let mut on_roster: std::collections::BTreeMap<PlayerId, TeamId> = Default::default();
    let mut ids = std::collections::BTreeSet::new();
    for team in teams {
        if !ids.insert(team.id) {
            return Err(TeamError::DuplicateTeam(team.id));
        }
        if team.name.trim().is_empty() {
            return Err(TeamError::NoName(team.id));
        }
        for &player in &team.roster {
            if t.player(player).is_none() {
                return Err(TeamError::NoPlayer {
                    team: team.id,
                    player,
                });
            }
            if let Some(first) = on_roster.insert(player, team.id) {
                return Err(TeamError::PlayerTwice {
                    player: PlayerName::of(t, player),
                    first: TeamName::among(teams, first),
                    second: TeamName::among(teams, team.id),
                });
            }
        }
    }
    for r in &t.rounds {
        for m in &r.matches {
            for team in [m.home, m.away] {
                for player in players_of(r, m, team, t) {
                    if on_roster.get(&player) != Some(&team) {
                        return Err(TeamError::PlayedFor {
                            team: TeamName::among(teams, team),
                            player: PlayerName::of(t, player),
                        });
                    }
                }
            }
        }
    }
    check_order_kept(t, teams, settings)
}

/// Once the event has begun, a roster's order is the line-ups' rule (roster order, fixed
/// boards): its players keep their order; players may join at the end. A free line-up sets
/// its order round by round, and its roster's order binds nothing.
fn check_order_kept(
    t: &Tournament,
    teams: &[Team],
    settings: &TeamSettings,
) -> Result<(), TeamError> {
    if t.rounds.is_empty() || settings.line_up == LineUp::Free {
        return Ok(());
    }
    for team in teams {
        let Some(before) = t.team(team.id) else {
            continue;
        };
        let kept = |of: &[PlayerId], within: &[PlayerId]| -> Vec<PlayerId> {
            of.iter().copied().filter(|p| within.contains(p)).collect()
        };
        if kept(&before.roster, &team.roster) != kept(&team.roster, &before.roster) {
            return Err(TeamError::RosterOrderFixed {
                team: TeamName::among(teams, team.id),
            });
        }
    }
    Ok(())
}

/// The players who played for `team` in match `m` of round `r`.
fn players_of(r: &Round, m: &Match, team: TeamId, t: &Tournament) -> Vec<PlayerId> {
    r.boards_of(m)
        .map(|p| t.player_for(p, team))
        .filter(|&id| t.team_of(id).is_some_and(|tm| tm.id == team))
        .collect()
}

/// Checks a round's matches: teams exist and meet once, every board of the round is in exactly
/// one match, a match has at most the event's boards, and each board sets a player of one team
/// against a player of the other.
pub fn check_matches(
    t: &Tournament,
    round: &Round,
    matches: &[Match],
    byes: &[TeamId],
) -> Result<(), TeamError> {
    let r = round.number;
    let Some(settings) = &t.settings.teams else {
        return Err(TeamError::NotTeamEvent { round: r });
    };
    let mut seen_team = std::collections::BTreeSet::new();
    let mut seen_board = std::collections::BTreeSet::new();
    for &team in matches.iter().flat_map(|m| [&m.home, &m.away]).chain(byes) {
        if t.team(team).is_none() {
            return Err(TeamError::NoTeam { round: r, team });
        }
        if !seen_team.insert(team) {
            return Err(TeamError::TeamTwice { round: r, team });
        }
    }
    for m in matches {
        if m.home == m.away {
            return Err(TeamError::ItselfMatch {
                round: r,
                team: m.home,
            });
        }
        if m.boards.len() > settings.boards {
            return Err(TeamError::TooManyBoards {
                round: r,
                home: TeamName::of(t, m.home),
                away: TeamName::of(t, m.away),
                boards: m.boards.len(),
                allowed: settings.boards,
            });
        }
        for &board in &m.boards {
            let Some(p) = round.pairings.iter().find(|p| p.board == board) else {
                return Err(TeamError::NoBoard { round: r, board });
            };
            if !seen_board.insert(board) {
                return Err(TeamError::BoardTwice { round: r, board });
            }
            let team = |id| t.team_of(id).map(|tm| tm.id);
            for player in [p.white, p.black] {
                if team(player) != Some(m.home) && team(player) != Some(m.away) {
                    return Err(TeamError::NotOfTeams {
                        round: r,
                        home: TeamName::of(t, m.home),
                        away: TeamName::of(t, m.away),
                        board,
                        player: PlayerName::of(t, player),
                    });
                }
            }
            if team(p.white) == team(p.black) {
                return Err(TeamError::SameTeam {
                    round: r,
                    home: TeamName::of(t, m.home),
                    away: TeamName::of(t, m.away),
                    board,
                    team: TeamName::of(t, team(p.white).unwrap_or_default()),
                });
            }
        }
    }
    if let Some(p) = round
        .pairings
        .iter()
        .find(|p| !seen_board.contains(&p.board))
    {
        return Err(TeamError::BoardAlone {
            round: r,
            board: p.board,
        });
    }
    Ok(())
}
