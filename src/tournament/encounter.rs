//! A round in the levels the arbiter names, the same for every system: the round's
//! **encounters** (two entrants — players or teams — or one alone: a bye, a knockout's seed
//! passing, a team away), an encounter's **boards**, a board's **games** (each named by a
//! [`GameRef`]). The saved round keeps its boards and, in a team event, which boards each match
//! has; this is the one reading of them into encounters, so that no screen, page or document
//! walks a round's byes, passes and matches its own way.

use super::id::{GameRef, PlayerId, TeamId};
use super::model::{GameResult, Pairing, Round};

/// Who plays an encounter: a player (an individual event) or a team.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entrant {
    Player(PlayerId),
    Team(TeamId),
}

/// Why an entrant has no opponent in the round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Alone {
    /// The pairing-allocated bye (scored as the event says).
    Bye,
    /// A knockout's seed going on to the next round without a game (nothing scored).
    Passes,
    /// A team away of its own will (withdrawn, or absent for the round): nothing scored.
    Away,
}

/// One encounter of a round.
#[derive(Clone, Debug, PartialEq)]
pub enum Encounter<'a> {
    /// Two entrants (home or White of game 1 first) and the boards they meet on, board 1 of
    /// the encounter first.
    Met {
        sides: [Entrant; 2],
        boards: Vec<&'a Pairing>,
    },
    Alone {
        entrant: Entrant,
        why: Alone,
    },
}

impl<'a> Encounter<'a> {
    /// The encounter's boards (none for an entrant alone).
    pub fn boards(&self) -> &[&'a Pairing] {
        match self {
            Encounter::Met { boards, .. } => boards,
            Encounter::Alone { .. } => &[],
        }
    }

    /// Every game of the encounter with its result: each board's micromatch games, then its
    /// extra games, as [`GameRef`] counts them.
    pub fn games(&self, round: usize) -> impl Iterator<Item = (GameRef, GameResult)> + '_ {
        self.boards().iter().flat_map(move |p| {
            p.games
                .iter()
                .chain(&p.extra)
                .enumerate()
                .map(move |(g, &r)| (GameRef::new(round, p.board, g), r))
        })
    }
}

impl Round {
    /// The round's encounters: a team round's matches, else each board an encounter of its two
    /// players; then the entrants alone (the bye, the seeds passing, the teams away). Players
    /// absent from the round (excused, or given points at their request) are not encounters:
    /// they are not in the round.
    pub fn encounters(&self) -> Vec<Encounter<'_>> {
        let met: Vec<Encounter<'_>> = if self.matches.is_empty() {
            self.pairings
                .iter()
                .map(|p| Encounter::Met {
                    sides: [Entrant::Player(p.white), Entrant::Player(p.black)],
                    boards: vec![p],
                })
                .collect()
        } else {
            self.matches
                .iter()
                .map(|m| Encounter::Met {
                    sides: [Entrant::Team(m.home), Entrant::Team(m.away)],
                    boards: self.boards_of(m).collect(),
                })
                .collect()
        };
        let alone = |entrant, why| Encounter::Alone { entrant, why };
        let players = self
            .bye
            .iter()
            .map(|&id| alone(Entrant::Player(id), Alone::Bye))
            .chain(
                self.advanced
                    .iter()
                    .map(|&id| alone(Entrant::Player(id), Alone::Passes)),
            );
        let teams = self
            .team_byes
            .iter()
            .map(|&id| alone(Entrant::Team(id), Alone::Bye))
            .chain(
                self.team_absent
                    .iter()
                    .map(|&id| alone(Entrant::Team(id), Alone::Away)),
            );
        met.into_iter().chain(players).chain(teams).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::team::Match;

    fn board(board: usize, white: u32, black: u32) -> Pairing {
        Pairing::new(
            board,
            PlayerId(white),
            PlayerId(black),
            vec![GameResult::WhiteWins, GameResult::Pending],
        )
    }

    fn round(pairings: Vec<Pairing>) -> Round {
        Round {
            number: 3,
            pairings,
            bye: None,
            absent: vec![],
            requested_byes: vec![],
            locked: false,
            acceleration: Default::default(),
            matches: vec![],
            team_byes: vec![],
            team_absent: vec![],
            advanced: vec![],
        }
    }

    #[test]
    fn a_players_round_is_its_boards_then_the_bye_and_the_seeds_passing() {
        let mut r = round(vec![board(1, 1, 4), board(2, 2, 3)]);
        r.bye = Some(PlayerId(5));
        r.advanced = vec![PlayerId(6)];
        r.absent = vec![PlayerId(7)];
        let e = r.encounters();
        assert_eq!(
            e.len(),
            4,
            "two boards, the bye, the pass; the absent is not in the round"
        );
        assert!(matches!(&e[1], Encounter::Met { sides, boards }
            if *sides == [Entrant::Player(PlayerId(2)), Entrant::Player(PlayerId(3))]
                && boards.len() == 1 && boards[0].board == 2));
        assert_eq!(
            e[2],
            Encounter::Alone {
                entrant: Entrant::Player(PlayerId(5)),
                why: Alone::Bye
            }
        );
        assert_eq!(
            e[3],
            Encounter::Alone {
                entrant: Entrant::Player(PlayerId(6)),
                why: Alone::Passes
            }
        );
        let games: Vec<_> = e[0].games(3).collect();
        assert_eq!(
            games,
            [
                (GameRef::new(3, 1, 0), GameResult::WhiteWins),
                (GameRef::new(3, 1, 1), GameResult::Pending)
            ]
        );
        assert_eq!(e[2].games(3).count(), 0);
    }

    #[test]
    fn a_team_round_is_its_matches_with_their_boards_in_match_order() {
        let mut r = round(vec![
            board(1, 1, 11),
            board(2, 12, 2),
            board(3, 3, 13),
            board(4, 14, 4),
        ]);
        r.matches = vec![
            Match {
                home: TeamId(2),
                away: TeamId(1),
                boards: vec![4, 2],
            },
            Match {
                home: TeamId(3),
                away: TeamId(4),
                boards: vec![1, 3],
            },
        ];
        r.team_byes = vec![TeamId(5)];
        r.team_absent = vec![TeamId(6)];
        let e = r.encounters();
        assert_eq!(e.len(), 4);
        let Encounter::Met { sides, boards } = &e[0] else {
            panic!("{e:?}")
        };
        assert_eq!(*sides, [Entrant::Team(TeamId(2)), Entrant::Team(TeamId(1))]);
        assert_eq!(boards.iter().map(|p| p.board).collect::<Vec<_>>(), [4, 2]);
        assert_eq!(e[0].games(3).count(), 4, "two boards of two games");
        assert_eq!(
            e[3],
            Encounter::Alone {
                entrant: Entrant::Team(TeamId(6)),
                why: Alone::Away
            }
        );
    }
}
