//! A team round robin's rounds: the FIDE Berger tables (C.05) over the teams by number, the
//! first-listed team at home (White on boards 1, 3, 5 … in game 1), each team's line-up its
//! roster's first B players unless the arbiter sets another ([`line_up_boards`]).

use super::{LineUp, Match, PlayerName, TeamError, TeamId, TeamName, TeamSettings};
use crate::tournament::berger;
use crate::tournament::model::{PlayerId, Round, System, Tournament};

/// What pairing a team round gives: the boards (White of game 1 first) in match order, the
/// matches over them, the teams with a bye.
pub struct TeamRound {
    pub pairs: Vec<(PlayerId, PlayerId)>,
    pub matches: Vec<Match>,
    pub byes: Vec<TeamId>,
}

/// Tournament round `round` playing the Berger table's round `table_round` (its own number when
/// `None`) over the event's teams (a double round robin plays the table again with home and
/// away reversed), each team fielding its roster's first boards.
pub fn berger_round(
    t: &Tournament,
    round: usize,
    table_round: Option<usize>,
) -> Result<TeamRound, TeamError> {
    if t.settings.teams.is_none() {
        return Err(TeamError::NotTeamEvent { round });
    }
    let n = t.teams.len();
    if n < 2 {
        return Err(TeamError::TooFewTeams(n));
    }
    let table = match t.settings.system {
        System::DoubleRoundRobin => berger::double(n),
        _ => berger::single(n),
    };
    let Some(tr) = table.get(table_round.unwrap_or(round).wrapping_sub(1)) else {
        return Err(TeamError::NoTableRound {
            round,
            rounds: table.len(),
        });
    };
    let team_at = |k: usize| t.teams[k - 1].id;
    let pairs: Vec<(TeamId, TeamId)> = tr
        .pairs
        .iter()
        .map(|&[home, away]| (team_at(home), team_at(away)))
        .collect();
    seat(t, round, &pairs, tr.bye.map(team_at).into_iter().collect())
}

/// A round of the matches `pairs` (home, away), each team fielding its roster's first boards,
/// and `byes`.
pub fn seat(
    t: &Tournament,
    round: usize,
    pairs: &[(TeamId, TeamId)],
    byes: Vec<TeamId>,
) -> Result<TeamRound, TeamError> {
    let Some(settings) = &t.settings.teams else {
        return Err(TeamError::NotTeamEvent { round });
    };
    let mut out = TeamRound {
        pairs: Vec::new(),
        matches: Vec::new(),
        byes,
    };
    for &(home, away) in pairs {
        let line = |team| default_line_up(t, team, settings.boards, round);
        let boards = boards_of(&line(home)?, &line(away)?);
        let first = out.pairs.len() + 1;
        out.matches.push(Match {
            home,
            away,
            boards: (first..first + boards.len()).collect(),
        });
        out.pairs.extend(boards);
    }
    Ok(out)
}

/// A team's roster's first `boards` players.
fn default_line_up(
    t: &Tournament,
    team: TeamId,
    boards: usize,
    round: usize,
) -> Result<Vec<PlayerId>, TeamError> {
    let roster = &t
        .team(team)
        .ok_or(TeamError::NoTeam { round, team })?
        .roster;
    if roster.len() < boards {
        return Err(TeamError::ShortRoster {
            team: TeamName::of(t, team),
            players: roster.len(),
            boards,
        });
    }
    let players = roster[..boards].to_vec();
    if let Some(settings) = &t.settings.teams {
        settings.rules.check(t, round, team, &players)?;
    }
    Ok(players)
}

/// A match's boards from the two line-ups: the home team White on odd boards in game 1.
fn boards_of(home: &[PlayerId], away: &[PlayerId]) -> Vec<(PlayerId, PlayerId)> {
    home.iter()
        .zip(away)
        .enumerate()
        .map(|(k, (&h, &a))| if k % 2 == 0 { (h, a) } else { (a, h) })
        .collect()
}

/// Team `team`'s line-up `players` in round `round`: each on its roster once, in the event's
/// line-up mode (roster order, fixed boards, free).
fn check_line_up(
    t: &Tournament,
    settings: &TeamSettings,
    round: usize,
    team: TeamId,
    roster: &[PlayerId],
    players: &[PlayerId],
) -> Result<(), TeamError> {
    let mut seen = std::collections::BTreeSet::new();
    for (k, &p) in players.iter().enumerate() {
        let Some(at) = roster.iter().position(|&q| q == p) else {
            return Err(TeamError::NotOnRoster {
                round,
                team: TeamName::of(t, team),
                player: PlayerName::of(t, p),
            });
        };
        if !seen.insert(p) {
            return Err(TeamError::LineUpTwice {
                round,
                team: TeamName::of(t, team),
                player: PlayerName::of(t, p),
            });
        }
        match settings.line_up {
            LineUp::RosterOrder => {
                if let Some(&before) = players[..k]
                    .iter()
                    .find(|&&q| roster.iter().position(|&x| x == q).unwrap_or(0) > at)
                {
                    return Err(TeamError::OutOfRosterOrder {
                        round,
                        team: TeamName::of(t, team),
                        player: PlayerName::of(t, p),
                        above: PlayerName::of(t, before),
                    });
                }
            }
            LineUp::FixedBoards => {
                if at < settings.boards && at != k {
                    return Err(TeamError::NotHisBoard {
                        round,
                        team: TeamName::of(t, team),
                        player: PlayerName::of(t, p),
                        board: at + 1,
                    });
                }
            }
            LineUp::Free => {}
        }
    }
    Ok(())
}

/// The boards of match `m` in round `r` with `team` fielding `players` in board order: checked
/// against the roster and the event's line-up mode (roster order: nobody above a player listed
/// higher; fixed boards: a roster player on his own board, a reserve anywhere).
pub fn line_up_boards(
    t: &Tournament,
    r: &Round,
    m: &Match,
    team: TeamId,
    players: &[PlayerId],
) -> Result<Vec<(PlayerId, PlayerId)>, TeamError> {
    let round = r.number;
    let settings = t
        .settings
        .teams
        .as_ref()
        .ok_or(TeamError::NotTeamEvent { round })?;
    let roster = &t
        .team(team)
        .ok_or(TeamError::NoTeam { round, team })?
        .roster;
    if players.len() != m.boards.len() {
        return Err(TeamError::LineUpSize {
            round,
            team: TeamName::of(t, team),
            players: players.len(),
            boards: m.boards.len(),
        });
    }
    check_line_up(t, settings, round, team, roster, players)?;
    settings.rules.check(t, round, team, players)?;
    // The other team's players stay where they are, and so do the colours.
    let boards = r
        .boards_of(m)
        .zip(players)
        .map(|(p, &mine)| {
            if t.has_white(p, team) {
                (mine, p.black)
            } else {
                (p.white, mine)
            }
        })
        .collect();
    Ok(boards)
}
