//! Standings with every tie-break for 500 players after 11 rounds of micromatches (issue 4).

use criterion::{criterion_group, criterion_main, Criterion};
use shashki_arbiter::rules::Variant;
use shashki_arbiter::tournament::model::*;
use shashki_arbiter::tournament::standings;

fn event() -> Tournament {
    let players = 500u32;
    let mut t = Tournament {
        schema: SCHEMA,
        name: "bench".into(),
        dates: String::new(),
        venue: String::new(),
        chief_arbiter: String::new(),
        arbiters: vec![],
        variant: Variant::Russian,
        system: System::Swiss,
        time_control: "45m".into(),
        format: MatchFormat {
            games: 2,
            ballot: None,
            extra_micromatches: 0,
            extra_time_control: None,
        },
        scoring: Scoring {
            game: GamePoints::OneHalfZero,
            match_points: None,
        },
        tiebreaks: TieBreak::ALL.to_vec(),
        unplayed: Unplayed::default(),
        players: (1..=players)
            .map(|id| Player {
                id,
                surname: format!("P{id}"),
                name: String::new(),
                title: String::new(),
                rating: Some(1500 + id),
                club: String::new(),
                birth_year: None,
                number: Some(id as usize),
                withdrawn_after: None,
            })
            .collect(),
        rounds: vec![],
        numbers_seed: None,
    };
    // Round r pairs i with i + 250 shifted by r: no rematches, deterministic results.
    let results = [
        GameResult::WhiteWins,
        GameResult::Draw,
        GameResult::BlackWins,
    ];
    for r in 0..11usize {
        let pairings = (0..250usize)
            .map(|i| {
                let a = i as u32 + 1;
                let b = ((i + r * 7) % 250) as u32 + 251;
                Pairing {
                    board: i + 1,
                    white: if r % 2 == 0 { a } else { b },
                    black: if r % 2 == 0 { b } else { a },
                    games: vec![results[(i + r) % 3], results[(i * 7 + r) % 3]],
                    ballot: None,
                }
            })
            .collect();
        t.rounds.push(Round {
            number: r + 1,
            pairings,
            bye: None,
            locked: true,
        });
    }
    t
}

fn bench(c: &mut Criterion) {
    let t = event();
    c.bench_function("standings 500 players, 11 rounds, all tie-breaks", |b| {
        b.iter(|| standings::compute(&t, None))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
