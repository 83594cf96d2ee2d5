//! Team standings: what each match gave each team (match and game points, board by board), then
//! the order by the primary score and the event's team tie-breaks, each under its FIDE C.07 code
//! (README, "Team events").

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::{Primary, TeamId, TeamSettings};
use crate::tournament::model::{Pairing, PlayerId, Round, System, Tournament};
use crate::tournament::standings::c07::{self, Contribution, Counted};
use crate::tournament::standings::{place, split};

/// A team tie-break: in the event file by its name, in JSON and documents by its FIDE C.07
/// code ([`TeamTieBreak::code`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TeamTieBreak {
    /// Match points.
    MatchPoints,
    /// Game points.
    GamePoints,
    /// Direct encounter: among teams still tied, the primary points of their matches against
    /// each other (less is better: 1 the first of the group, 0 where it does not separate).
    DirectEncounter,
    /// Sonneborn-Berger on match points: Σ opponent's match points × the match points scored
    /// against him.
    SonnebornBergerMp,
    /// Buchholz on match points.
    BuchholzMp,
    /// Buchholz on game points.
    BuchholzGp,
    /// Board count: Σ board number × game points scored on that board (less is better: points
    /// on the top boards weigh least).
    BoardCount,
    /// Matches won.
    Wins,
    /// Russian practice: the game points scored on board N (1 to 12) over the event, more is
    /// better (board 1, then board 2 …, or the women's board). Not a C.07 criterion: its code
    /// is this program's `BRD1` … `BRD12`.
    Board(u8),
}

/// Board criteria's words, by board from 1 (`Board(n)` for n in 1..=12).
const BOARD_CODES: [&str; 12] = [
    "BRD1", "BRD2", "BRD3", "BRD4", "BRD5", "BRD6", "BRD7", "BRD8", "BRD9", "BRD10", "BRD11",
    "BRD12",
];
const BOARD_SHORT_RU: [&str; 12] = [
    "Д1", "Д2", "Д3", "Д4", "Д5", "Д6", "Д7", "Д8", "Д9", "Д10", "Д11", "Д12",
];
const BOARD_NAMES: [(&str, &str); 12] = [
    ("points on board 1", "очки на 1-й доске"),
    ("points on board 2", "очки на 2-й доске"),
    ("points on board 3", "очки на 3-й доске"),
    ("points on board 4", "очки на 4-й доске"),
    ("points on board 5", "очки на 5-й доске"),
    ("points on board 6", "очки на 6-й доске"),
    ("points on board 7", "очки на 7-й доске"),
    ("points on board 8", "очки на 8-й доске"),
    ("points on board 9", "очки на 9-й доске"),
    ("points on board 10", "очки на 10-й доске"),
    ("points on board 11", "очки на 11-й доске"),
    ("points on board 12", "очки на 12-й доске"),
];

/// A board criterion's index into the tables above (boards past 12 read as 12).
fn board_index(n: u8) -> usize {
    (n.clamp(1, 12) - 1) as usize
}

impl TeamTieBreak {
    pub const ALL: [TeamTieBreak; 8] = [
        TeamTieBreak::MatchPoints,
        TeamTieBreak::GamePoints,
        TeamTieBreak::DirectEncounter,
        TeamTieBreak::SonnebornBergerMp,
        TeamTieBreak::BuchholzMp,
        TeamTieBreak::BuchholzGp,
        TeamTieBreak::BoardCount,
        TeamTieBreak::Wins,
    ];

    /// The FIDE C.07 code.
    pub fn code(self) -> &'static str {
        match self {
            TeamTieBreak::MatchPoints => "MPTS",
            TeamTieBreak::GamePoints => "GPTS",
            TeamTieBreak::DirectEncounter => "DE",
            TeamTieBreak::SonnebornBergerMp => "SB:MP",
            TeamTieBreak::BuchholzMp => "BH:MP",
            TeamTieBreak::BuchholzGp => "BH:GP",
            TeamTieBreak::BoardCount => "BC",
            TeamTieBreak::Wins => "WIN",
            TeamTieBreak::Board(n) => BOARD_CODES[board_index(n)],
        }
    }

    /// A column's heading (English, Russian): the C.07 code in English, a Russian abbreviation
    /// in Russian (the codes are Latin letters).
    pub fn short(self) -> (&'static str, &'static str) {
        let ru = match self {
            TeamTieBreak::MatchPoints => "КО",
            TeamTieBreak::GamePoints => "Очки",
            TeamTieBreak::DirectEncounter => "ЛВ",
            TeamTieBreak::SonnebornBergerMp => "Берг.",
            TeamTieBreak::BuchholzMp => "Бух.КО",
            TeamTieBreak::BuchholzGp => "Бух.О",
            TeamTieBreak::BoardCount => "ПД",
            TeamTieBreak::Wins => "Поб.",
            TeamTieBreak::Board(n) => BOARD_SHORT_RU[board_index(n)],
        };
        (self.code(), ru)
    }

    /// How its value reads where it is not "more is better" (English, Russian): said in every
    /// legend, since a table that ranks a team with 1 above one with 2 looks wrong otherwise.
    pub fn reading(self) -> Option<(&'static str, &'static str)> {
        match self {
            TeamTieBreak::DirectEncounter => Some((
                "the place among the tied teams it separates, 1 first; 0 where it does not",
                "место среди равных, которых они разделяют, 1 — первое; 0 — не разделяют",
            )),
            TeamTieBreak::BoardCount => Some((
                "Σ board number × points on that board: less is better",
                "Σ номер доски × очки на ней: меньше — выше",
            )),
            _ => None,
        }
    }

    /// The full name (English, Russian).
    pub fn name(self) -> (&'static str, &'static str) {
        match self {
            TeamTieBreak::MatchPoints => ("match points", "командные очки"),
            TeamTieBreak::GamePoints => ("game points", "очки на досках"),
            TeamTieBreak::DirectEncounter => ("direct encounter", "личные встречи"),
            TeamTieBreak::SonnebornBergerMp => (
                "Sonneborn-Berger (match points)",
                "коэффициент Бергера (командные очки)",
            ),
            TeamTieBreak::BuchholzMp => (
                "Buchholz (match points)",
                "коэффициент Бухгольца (командные очки)",
            ),
            TeamTieBreak::BuchholzGp => (
                "Buchholz (game points)",
                "коэффициент Бухгольца (очки на досках)",
            ),
            TeamTieBreak::BoardCount => ("board count", "подсчёт по доскам"),
            TeamTieBreak::Wins => ("matches won", "выигранные матчи"),
            TeamTieBreak::Board(n) => BOARD_NAMES[board_index(n)],
        }
    }

    /// Greater is better, but for the board count and the direct encounter's place.
    fn higher_better(self) -> bool {
        !matches!(
            self,
            TeamTieBreak::BoardCount | TeamTieBreak::DirectEncounter
        )
    }

    /// The order a new team event starts with: the other score first (teams.md), the direct
    /// encounter, then the Sonneborn-Berger in a round robin (where Buchholz is every other
    /// team's points), the Buchholz in a Swiss, then the board count.
    pub fn defaults(primary: Primary, system: System) -> Vec<TeamTieBreak> {
        let other = match primary {
            Primary::MatchPoints => TeamTieBreak::GamePoints,
            Primary::GamePoints => TeamTieBreak::MatchPoints,
        };
        let strength = match system {
            System::Swiss => TeamTieBreak::BuchholzMp,
            _ => TeamTieBreak::SonnebornBergerMp,
        };
        vec![
            other,
            TeamTieBreak::DirectEncounter,
            strength,
            TeamTieBreak::BoardCount,
        ]
    }
}

/// One team's round.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TeamRound {
    pub round: usize,
    /// `None`: no match (a bye).
    pub opponent: Option<TeamId>,
    /// Named first in the match (White on board 1 in game 1).
    pub home: bool,
    /// `None` while a board of the match still waits for a result.
    pub match_points: Option<f64>,
    pub game_points: f64,
    pub opponent_game_points: f64,
    /// What each board of the match counts for the board count, board 1 first: its game points
    /// (in a forfeited match, a win on every board for the team that came).
    pub boards: Vec<f64>,
    /// At least one game of the match was played over the board.
    #[serde(skip)]
    pub played: bool,
    /// The match is complete and this team won it.
    #[serde(skip)]
    pub won: bool,
    /// The pairing-allocated bye (never a round the team chose not to play).
    #[serde(skip)]
    pub pab: bool,
}

/// A team's round as FIDE C.07 Art. 16 reads it: a match is met when a game of it was played
/// over the board, or both teams scored in it (FIDE's checker's reading of a match of forfeits
/// on both sides); a forfeited match lost, a double forfeit and a round away are the team's
/// choice; a forfeited match won and the pairing-allocated bye are not.
impl Counted for TeamRound {
    type Id = TeamId;
    fn round(&self) -> usize {
        self.round
    }
    fn opponent(&self) -> Option<TeamId> {
        self.opponent
    }
    fn over_board(&self) -> bool {
        let both_scored = self.game_points > 0.0 && self.opponent_game_points > 0.0;
        self.opponent.is_some() && (self.played || both_scored || self.match_points.is_none())
    }
    fn voluntarily_unplayed(&self) -> bool {
        !self.over_board() && !self.pab && !self.won
    }
    fn result(&self) -> f64 {
        self.match_points.unwrap_or(0.0)
    }
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TeamLine {
    /// `3`, or `3-4` for teams tied after every criterion.
    pub place: String,
    pub number: TeamId,
    pub name: String,
    pub match_points: f64,
    pub game_points: f64,
    /// The event's criteria in order; `None` where one does not apply.
    pub tiebreaks: Vec<(TeamTieBreak, Option<f64>)>,
    pub rounds: Vec<TeamRound>,
}

/// The game points of a board for each of its players: 1 – ½ – 0 a game (a micromatch sums its
/// games), whatever the event's individual scoring.
fn board_points(p: &Pairing) -> (f64, f64, bool) {
    let (w, b) = p.halves();
    let played = p.games.iter().any(|g| g.over_the_board());
    (f64::from(w) / 2.0, f64::from(b) / 2.0, played)
}

/// Each team's rounds as its matches scored them (rounds up to `last`).
pub fn team_rounds(t: &Tournament, last: usize) -> BTreeMap<TeamId, Vec<TeamRound>> {
    let Some(settings) = &t.settings.teams else {
        return BTreeMap::new();
    };
    let mut out: BTreeMap<TeamId, Vec<TeamRound>> =
        t.teams.iter().map(|tm| (tm.id, Vec::new())).collect();
    for r in t.rounds.iter().filter(|r| r.number <= last) {
        for m in &r.matches {
            let [home, away] = match_rounds(t, settings, r, m);
            for line in [home, away] {
                let team = if line.home { m.home } else { m.away };
                out.entry(team).or_default().push(line);
            }
        }
        for &team in &r.team_byes {
            out.entry(team)
                .or_default()
                .push(bye_round(t, settings, r.number));
        }
    }
    out
}

/// A team's bye in `round`: nothing, or the event's pairing-allocated bye (a win on each board
/// in the board count).
fn bye_round(t: &Tournament, settings: &TeamSettings, round: usize) -> TeamRound {
    let pab = settings.pab;
    let per_board = f64::from(t.settings.format.games.max(1));
    TeamRound {
        round,
        opponent: None,
        home: false,
        match_points: Some(pab.map_or(0.0, |p| p.match_points)),
        game_points: pab.map_or(0.0, |p| p.game_points),
        opponent_game_points: 0.0,
        boards: match pab {
            Some(_) => vec![per_board; settings.boards],
            None => Vec::new(),
        },
        played: false,
        won: false,
        pab: pab.is_some(),
    }
}

/// A match of round `r` as its two teams' rounds (home first): game points so far, match points
/// once every board has its result.
pub fn match_score(t: &Tournament, r: &Round, m: &super::Match) -> Option<[TeamRound; 2]> {
    let settings = t.settings.teams.as_ref()?;
    Some(match_rounds(t, settings, r, m))
}

/// A match as its two teams' rounds (home first).
fn match_rounds(
    t: &Tournament,
    settings: &TeamSettings,
    r: &Round,
    m: &super::Match,
) -> [TeamRound; 2] {
    let mut boards = [Vec::new(), Vec::new()];
    let mut played = false;
    let mut complete = true;
    for p in r.boards_of(m) {
        let (w, bl, over_board) = board_points(p);
        played |= over_board;
        complete &= p.complete();
        let (home, away) = if t.has_white(p, m.home) {
            (w, bl)
        } else {
            (bl, w)
        };
        boards[0].push(home);
        boards[1].push(away);
    }
    let gp = [boards[0].iter().sum::<f64>(), boards[1].iter().sum::<f64>()];
    // The team with more game points wins; a match neither team scored in (every board lost by
    // both) is lost by both.
    let outcome = |k: usize| match gp[k].total_cmp(&gp[1 - k]) {
        std::cmp::Ordering::Equal if gp[k] == 0.0 => std::cmp::Ordering::Less,
        o => o,
    };
    // A match without a game over the board in which one team scored nothing was forfeited:
    // on its boards the teams count as having won, drawn or lost each as the match went (FIDE
    // C.07's board count, as the FIDE checker reads it).
    let forfeited = !played && (gp[0] == 0.0 || gp[1] == 0.0);
    if forfeited {
        let per_board = f64::from(t.settings.format.games.max(1));
        for (k, side) in boards.iter_mut().enumerate() {
            let share = if outcome(k).is_gt() { per_board } else { 0.0 };
            side.iter_mut().for_each(|b| *b = share);
        }
    }
    let mp = settings.match_points;
    let line = |k: usize, boards: Vec<f64>| TeamRound {
        round: r.number,
        opponent: Some(if k == 0 { m.away } else { m.home }),
        home: k == 0,
        match_points: complete.then(|| match outcome(k) {
            std::cmp::Ordering::Greater => mp.win,
            std::cmp::Ordering::Equal => mp.draw,
            std::cmp::Ordering::Less => mp.loss,
        }),
        game_points: gp[k],
        opponent_game_points: gp[1 - k],
        boards,
        played,
        won: complete && outcome(k).is_gt(),
        pab: false,
    };
    let [home_boards, away_boards] = boards;
    [line(0, home_boards), line(1, away_boards)]
}

/// The team standings after `up_to` rounds (all when `None`), by the primary score and then the
/// event's criteria in turn.
pub fn compute(t: &Tournament, up_to: Option<usize>) -> Vec<TeamLine> {
    let Some(settings) = &t.settings.teams else {
        return Vec::new();
    };
    ranked(t, up_to, &settings.tiebreaks)
}

/// The teams ranked by the primary score and `tiebreaks`.
fn ranked(t: &Tournament, up_to: Option<usize>, tiebreaks: &[TeamTieBreak]) -> Vec<TeamLine> {
    let last = up_to.unwrap_or(usize::MAX);
    let rounds = team_rounds(t, last);
    ranked_over(t, &rounds, &Totals::of(t, last, &rounds), tiebreaks)
}

/// The teams ranked over their rounds as already counted.
fn ranked_over(
    t: &Tournament,
    rounds: &BTreeMap<TeamId, Vec<TeamRound>>,
    totals: &Totals,
    tiebreaks: &[TeamTieBreak],
) -> Vec<TeamLine> {
    let Some(settings) = &t.settings.teams else {
        return Vec::new();
    };
    let mut lines: Vec<TeamLine> = t
        .teams
        .iter()
        .map(|team| TeamLine {
            place: String::new(),
            number: team.id,
            name: team.name.clone(),
            match_points: totals.mp[&team.id],
            game_points: totals.gp[&team.id],
            tiebreaks: tiebreaks
                .iter()
                .map(|&tb| (tb, totals.value(tb, team.id, &rounds[&team.id])))
                .collect(),
            rounds: rounds[&team.id].clone(),
        })
        .collect();
    let encounters = Encounters {
        rounds,
        primary: settings.primary,
        predetermined: t.settings.system != System::Swiss,
        win: match settings.primary {
            Primary::MatchPoints => settings.match_points.win,
            Primary::GamePoints => settings.boards as f64 * f64::from(t.settings.format.games),
        },
    };
    rank(&mut lines, settings.primary, &encounters);
    lines
}

/// Every criterion the program computes, for each team (whichever the event ranks by): what
/// `standings --format json` writes, so that another program can check each one. The direct
/// encounter is taken among the teams tied by the criteria the event lists before it (by the
/// primary score and the other one when the event does not rank by it).
pub fn every_criterion(
    t: &Tournament,
    up_to: Option<usize>,
) -> BTreeMap<TeamId, Vec<(TeamTieBreak, f64)>> {
    let Some(settings) = &t.settings.teams else {
        return BTreeMap::new();
    };
    let before_de: Vec<TeamTieBreak> = match settings
        .tiebreaks
        .iter()
        .position(|&tb| tb == TeamTieBreak::DirectEncounter)
    {
        Some(k) => settings.tiebreaks[..=k].to_vec(),
        None => {
            let mut list = TeamTieBreak::defaults(settings.primary, t.settings.system);
            list.truncate(2);
            list
        }
    };
    let last = up_to.unwrap_or(usize::MAX);
    let rounds = team_rounds(t, last);
    let totals = Totals::of(t, last, &rounds);
    let with_de = ranked_over(t, &rounds, &totals, &before_de);
    let de: BTreeMap<TeamId, f64> = with_de
        .iter()
        .map(|l| {
            (
                l.number,
                l.tiebreaks.last().and_then(|v| v.1).unwrap_or(0.0),
            )
        })
        .collect();
    rounds
        .iter()
        .map(|(&id, rs)| {
            // The C.07 criteria, then the board criteria the event ranks by.
            let boards = settings
                .tiebreaks
                .iter()
                .filter(|tb| matches!(tb, TeamTieBreak::Board(_)));
            let values = TeamTieBreak::ALL
                .iter()
                .chain(boards)
                .map(|&tb| match tb {
                    TeamTieBreak::DirectEncounter => (tb, de[&id]),
                    _ => (tb, totals.value(tb, id, rs).unwrap_or(0.0)),
                })
                .collect();
            (id, values)
        })
        .collect()
}

/// Each team's match and game points, and its rounds as the opponent-based criteria count them.
struct Totals {
    mp: BTreeMap<TeamId, f64>,
    gp: BTreeMap<TeamId, f64>,
    /// Opponents' match points (Buchholz and Sonneborn-Berger on MP).
    by_mp: BTreeMap<TeamId, Vec<Contribution>>,
    /// Opponents' game points.
    by_gp: BTreeMap<TeamId, Vec<Contribution>>,
}

impl Totals {
    /// The rounds counted are those the event has up to `last`. A round robin counts every match
    /// against its opponent, played or forfeited, and a round without a match adds nothing; a
    /// Swiss counts rounds without a match over the board as FIDE C.07 Art. 16 does (the
    /// individual `fide_c07` rule, one function for both).
    fn of(t: &Tournament, last: usize, rounds: &BTreeMap<TeamId, Vec<TeamRound>>) -> Totals {
        let sum = |f: fn(&TeamRound) -> f64| -> BTreeMap<TeamId, f64> {
            rounds
                .iter()
                .map(|(&id, rs)| (id, rs.iter().map(f).sum()))
                .collect()
        };
        let mp = sum(|r| r.match_points.unwrap_or(0.0));
        let gp = sum(|r| r.game_points);
        let numbers: Vec<usize> = t
            .rounds
            .iter()
            .map(|r| r.number)
            .filter(|&n| n <= last)
            .collect();
        let settings = t.settings.teams.as_ref();
        let boards = settings.map_or(0, |s| s.boards) as f64;
        let per_board = f64::from(t.settings.format.games.max(1));
        let event =
            |points: &BTreeMap<TeamId, f64>, draw: f64, primary: &dyn Fn(&TeamRound) -> f64| {
                c07::Event {
                    lines: rounds,
                    points,
                    rounds: &numbers,
                    predetermined: t.settings.system != System::Swiss,
                    draw,
                    primary,
                }
                .contributions()
            };
        let mp_draw = settings.map_or(1.0, |s| s.match_points.draw);
        let by_mp = event(&mp, mp_draw, &|r| r.match_points.unwrap_or(0.0));
        let by_gp = event(&gp, boards * per_board / 2.0, &|r| r.game_points);
        Totals {
            mp,
            gp,
            by_mp,
            by_gp,
        }
    }

    /// A criterion of team `id` over its rounds.
    fn value(&self, tb: TeamTieBreak, id: TeamId, rounds: &[TeamRound]) -> Option<f64> {
        let met = || rounds.iter().filter_map(|r| Some((r, r.opponent?)));
        Some(match tb {
            // Depends on the group still tied: computed while ranking.
            TeamTieBreak::DirectEncounter => return None,
            TeamTieBreak::MatchPoints => rounds.iter().filter_map(|r| r.match_points).sum(),
            TeamTieBreak::GamePoints => rounds.iter().map(|r| r.game_points).sum(),
            TeamTieBreak::SonnebornBergerMp => {
                self.by_mp[&id].iter().map(|c| c.score * c.result).sum()
            }
            TeamTieBreak::BuchholzMp => self.by_mp[&id].iter().map(|c| c.score).sum(),
            TeamTieBreak::BuchholzGp => self.by_gp[&id].iter().map(|c| c.score).sum(),
            TeamTieBreak::BoardCount => rounds
                .iter()
                .flat_map(|r| r.boards.iter().enumerate())
                .map(|(k, points)| (k + 1) as f64 * points)
                .sum(),
            TeamTieBreak::Wins => met().filter(|(r, _)| r.won).count() as f64,
            TeamTieBreak::Board(n) => met()
                .filter_map(|(r, _)| r.boards.get(board_index(n)))
                .sum(),
        })
    }
}

/// Orders the teams by the primary score, then splits each group still tied by the criteria in
/// turn (the direct encounter computed within the group); teams tied after all share the place,
/// listed by number.
fn rank(lines: &mut [TeamLine], primary: Primary, encounters: &Encounters) {
    let first = |l: &TeamLine| match primary {
        Primary::MatchPoints => l.match_points,
        Primary::GamePoints => l.game_points,
    };
    lines.sort_by(|a, b| first(b).total_cmp(&first(a)).then(a.number.cmp(&b.number)));
    let mut groups = split(lines, 0..lines.len(), first);
    let criteria: Vec<TeamTieBreak> = lines
        .first()
        .map(|l| l.tiebreaks.iter().map(|(tb, _)| *tb).collect())
        .unwrap_or_default();
    for (k, tb) in criteria.into_iter().enumerate() {
        let mut next = Vec::new();
        for g in groups {
            if tb == TeamTieBreak::DirectEncounter {
                let ids: Vec<TeamId> = lines[g.clone()].iter().map(|l| l.number).collect();
                let places = encounters.places(&ids);
                for l in &mut lines[g.clone()] {
                    l.tiebreaks[k].1 = Some(places[&l.number]);
                }
            }
            let key = |l: &TeamLine| {
                let v = l.tiebreaks[k].1.unwrap_or(f64::NEG_INFINITY);
                if tb.higher_better() {
                    v
                } else {
                    -v
                }
            };
            lines[g.clone()]
                .sort_by(|a, b| key(b).total_cmp(&key(a)).then(a.number.cmp(&b.number)));
            next.extend(split(lines, g, key));
        }
        groups = next;
    }
    for g in groups {
        let place = place(&g);
        for l in &mut lines[g] {
            l.place = place.clone();
        }
    }
}

/// What the direct encounter reads: the teams' matches and how they score.
struct Encounters<'a> {
    rounds: &'a BTreeMap<TeamId, Vec<TeamRound>>,
    primary: Primary,
    /// A round robin: every pair of the group met, forfeits counting as played.
    predetermined: bool,
    /// A match won, in the primary score (what a team not yet met could still take).
    win: f64,
}

impl Encounters<'_> {
    /// The direct encounter's value for each team of a tied group (FIDE C.07): its place in the
    /// group by the points scored against the others (a pair met twice counts the average),
    /// the teams still equal compared again among themselves; 0 for all when it does not
    /// separate the group. In a Swiss, where not every pair met, a team is placed ahead only
    /// when no other could still reach its score.
    fn places(&self, group: &[TeamId]) -> BTreeMap<TeamId, f64> {
        let places = self.positions(group);
        let split = places.values().any(|&p| p != 1);
        places
            .into_iter()
            .map(|(id, p)| (id, if split { p as f64 } else { 0.0 }))
            .collect()
    }

    /// Places 1.. within `group` (equal teams share the first of theirs).
    fn positions(&self, group: &[TeamId]) -> BTreeMap<TeamId, usize> {
        if group.len() < 2 {
            return group.iter().map(|&id| (id, 1)).collect();
        }
        let scored: Vec<(TeamId, f64, f64)> = group
            .iter()
            .map(|&id| {
                let (sum, met) = self.against(id, group);
                let most = sum + (group.len() - 1 - met) as f64 * self.win;
                (id, sum, most)
            })
            .collect();
        let all_met = self.predetermined
            || group
                .iter()
                .all(|&id| self.against(id, group).1 == group.len() - 1);
        let mut order = scored.clone();
        order.sort_by(|a, b| {
            b.1.total_cmp(&a.1)
                .then(b.2.total_cmp(&a.2))
                .then(a.0.cmp(&b.0))
        });
        let mut places = Vec::with_capacity(order.len());
        let mut place = 1;
        let mut unique = true;
        for i in 0..order.len() {
            if i > 0 {
                let separated = if all_met {
                    order[i].1 != order[i - 1].1
                } else {
                    let best_rest = order[i..].iter().map(|o| o.2).fold(f64::MIN, f64::max);
                    let ahead = unique && order[i - 1].1 > best_rest;
                    unique &= ahead;
                    ahead
                };
                if separated {
                    place = i + 1;
                }
            }
            places.push((order[i].0, place));
        }
        if places.iter().all(|&(_, p)| p == 1) {
            return places.into_iter().collect();
        }
        // Teams still equal: compared again among themselves.
        let mut out = BTreeMap::new();
        let mut i = 0;
        while i < places.len() {
            let j = (i..places.len())
                .find(|&j| places[j].1 != places[i].1)
                .unwrap_or(places.len());
            let ids: Vec<TeamId> = places[i..j].iter().map(|p| p.0).collect();
            let sub = if ids.len() > 1 {
                self.positions(&ids)
            } else {
                ids.iter().map(|&id| (id, 1)).collect()
            };
            for (id, p) in sub {
                out.insert(id, places[i].1 + p - 1);
            }
            i = j;
        }
        out
    }

    /// A team's points against the others of `group` (the average where it met one more than
    /// once) and how many of them it met.
    fn against(&self, id: TeamId, group: &[TeamId]) -> (f64, usize) {
        let mut per: BTreeMap<TeamId, (f64, usize)> = BTreeMap::new();
        for r in &self.rounds[&id] {
            let Some(o) = r.opponent.filter(|o| group.contains(o)) else {
                continue;
            };
            if !(self.predetermined || r.played) {
                continue;
            }
            let points = match self.primary {
                Primary::MatchPoints => r.match_points.unwrap_or(0.0),
                Primary::GamePoints => r.game_points,
            };
            let e = per.entry(o).or_default();
            e.0 += points;
            e.1 += 1;
        }
        let sum = per.values().map(|&(p, n)| p / n as f64).sum();
        (sum, per.len())
    }
}

/// A player's line in the per-board standings (board prizes).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BoardLine {
    /// 0: no place — fewer games than the event asks for a board prize (listed after those
    /// placed).
    pub place: usize,
    pub player: PlayerId,
    pub number: Option<usize>,
    pub name: String,
    pub team: TeamId,
    /// Games with a result on any board.
    pub games: usize,
    pub points: f64,
    /// Points per game, in per cent (none before a game).
    pub percent: Option<f64>,
}

/// One board's table.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BoardTable {
    pub board: usize,
    pub players: Vec<BoardLine>,
}

/// The per-board standings: each player under the board he played most (the higher board when
/// two are equal), ordered by his share of points, then by games (more first), then by number.
pub fn boards(t: &Tournament, up_to: Option<usize>) -> Vec<BoardTable> {
    let last = up_to.unwrap_or(usize::MAX);
    // Per player: games per board, games with a result, points.
    let mut seen: BTreeMap<PlayerId, (BTreeMap<usize, usize>, usize, f64)> = BTreeMap::new();
    for r in t.rounds.iter().filter(|r| r.number <= last) {
        for m in &r.matches {
            for (k, &b) in m.boards.iter().enumerate() {
                let Some(p) = r.pairings.iter().find(|p| p.board == b) else {
                    continue;
                };
                let (w, bl, _) = board_points(p);
                let scored = p.games.iter().filter(|g| g.halves().is_some()).count();
                for (player, points) in [(p.white, w), (p.black, bl)] {
                    let e = seen.entry(player).or_default();
                    *e.0.entry(k + 1).or_default() += 1;
                    e.1 += scored;
                    e.2 += points;
                }
            }
        }
    }
    let mut tables: BTreeMap<usize, Vec<BoardLine>> = BTreeMap::new();
    for (player, (per_board, games, points)) in seen {
        let Some(board) = per_board
            .iter()
            .max_by(|a, b| a.1.cmp(b.1).then(b.0.cmp(a.0)))
            .map(|(&b, _)| b)
        else {
            continue;
        };
        let p = t.player(player);
        tables.entry(board).or_default().push(BoardLine {
            place: 0,
            player,
            number: p.and_then(|p| p.number),
            name: p.map(|p| p.full_name()).unwrap_or_default(),
            team: t.team_of(player).map(|tm| tm.id).unwrap_or_default(),
            games,
            points,
            percent: (games > 0).then(|| points * 100.0 / games as f64),
        });
    }
    let least = t
        .settings
        .teams
        .as_ref()
        .and_then(|s| s.board_prize_games)
        .unwrap_or(0)
        // A place is for games played: a reserve seated in a line-up whose games have no
        // result yet (or none at all) is listed without one, whatever the regulation's least.
        .max(1);
    tables
        .into_iter()
        .map(|(board, mut players)| {
            // Those with the games the regulation asks first, by share, then by games.
            players.sort_by(|a, b| {
                (b.games >= least)
                    .cmp(&(a.games >= least))
                    .then(
                        b.percent
                            .unwrap_or(-1.0)
                            .total_cmp(&a.percent.unwrap_or(-1.0)),
                    )
                    .then(b.games.cmp(&a.games))
                    .then(a.number.cmp(&b.number))
            });
            for (i, l) in players.iter_mut().enumerate() {
                l.place = if l.games >= least { i + 1 } else { 0 };
            }
            BoardTable { board, players }
        })
        .collect()
}
