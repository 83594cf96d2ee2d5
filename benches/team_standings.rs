//! Team standings of a 100-team event on 6 boards after 11 rounds of a team round robin (issue
//! 36): the team table with every criterion (DE among the groups still tied), the criteria JSON
//! writes, and the per-board standings.

use criterion::{criterion_group, criterion_main, Criterion};
use shashki_arbiter::rules::Variant;
use shashki_arbiter::tournament::command::{apply, Command};
use shashki_arbiter::tournament::id::GameRef;
use shashki_arbiter::tournament::model::*;
use shashki_arbiter::tournament::team::standings::{self, TeamTieBreak};
use shashki_arbiter::tournament::team::TeamId;
use shashki_arbiter::tournament::team::{Team, TeamSettings};

fn event() -> Tournament {
    let (teams, boards, roster) = (100u32, 6usize, 8u32);
    let mut t = Tournament::new(
        "bench",
        Variant::Russian,
        System::RoundRobin,
        "45m".parse().unwrap(),
        1,
    );
    t.players = (1..=teams * roster)
        .map(|id| Player {
            rating: Some(1500 + id),
            number: Some(id as usize),
            ..Player::new(PlayerId(id), format!("P{id}"))
        })
        .collect();
    let list = (1..=teams)
        .map(|k| Team {
            id: TeamId(k),
            name: format!("Team {k}"),
            short: String::new(),
            club: String::new(),
            captain: String::new(),
            roster: ((k - 1) * roster + 1..=k * roster).map(PlayerId).collect(),
        })
        .collect();
    let mut settings = TeamSettings::new(boards, System::RoundRobin);
    settings.tiebreaks = TeamTieBreak::ALL[1..].to_vec();
    apply(
        &mut t,
        &Command::SetTeams {
            teams: list,
            settings: Some(settings),
        },
    )
    .unwrap();
    let results = [
        GameResult::WhiteWins,
        GameResult::Draw,
        GameResult::BlackWins,
        GameResult::Draw,
    ];
    for round in 1..=11 {
        let pair = Command::PairRound {
            round,
            table_round: None,
        };
        apply(&mut t, &pair).unwrap();
        let boards: Vec<usize> = t.rounds[round - 1]
            .pairings
            .iter()
            .map(|p| p.board)
            .collect();
        for b in boards {
            let result = results[(b * 7 + round * 3) % results.len()];
            let set = Command::SetResult {
                game: GameRef {
                    round,
                    board: b,
                    game: 0,
                },
                result,
            };
            apply(&mut t, &set).unwrap();
        }
    }
    t
}

fn bench(c: &mut Criterion) {
    let t = event();
    c.bench_function("team standings, 100 teams x 6 boards, 11 rounds", |b| {
        b.iter(|| standings::compute(&t, None))
    });
    c.bench_function("every team criterion (JSON), 100 teams", |b| {
        b.iter(|| standings::every_criterion(&t, None))
    });
    c.bench_function("per-board standings, 600 board games a round", |b| {
        b.iter(|| standings::boards(&t, None))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
