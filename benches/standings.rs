//! Standings with every tie-break for 500 players after 11 rounds of micromatches (issue 4).

use criterion::{criterion_group, criterion_main, Criterion};
use shashki_arbiter::rules::Variant;
use shashki_arbiter::tournament::model::*;
use shashki_arbiter::tournament::standings;

fn event() -> Tournament {
    let players = 500u32;
    let mut t = Tournament::new(
        "bench",
        Variant::Russian,
        System::Swiss,
        "45m".parse().unwrap(),
        2,
    );
    t.tiebreaks = TieBreak::ALL.to_vec();
    t.players = (1..=players)
        .map(|id| Player {
            rating: Some(1500 + id),
            number: Some(id as usize),
            ..Player::new(PlayerId(id), format!("P{id}"))
        })
        .collect();
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
                let (white, black) = if r % 2 == 0 { (a, b) } else { (b, a) };
                let games = vec![results[(i + r) % 3], results[(i * 7 + r) % 3]];
                Pairing::new(i + 1, PlayerId(white), PlayerId(black), games)
            })
            .collect();
        t.rounds.push(Round {
            number: r + 1,
            pairings,
            bye: None,
            absent: vec![],
            requested_byes: vec![],
            locked: true,
            acceleration: Default::default(),
            matches: Vec::new(),
            team_byes: Vec::new(),
            team_absent: Vec::new(),
            advanced: Vec::new(),
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
