//! Berger tables against the published FIDE tables (../shared/data/berger_tables.md, copied to
//! tests/data/berger_tables.md) and the round-robin properties (issue 4).

use std::collections::BTreeSet;

use shashki_arbiter::tournament::berger;

/// `N` → rounds of `[white, black]` pairs, read from the published text.
fn published() -> Vec<(usize, Vec<Vec<[usize; 2]>>)> {
    let text = include_str!("data/berger_tables.md");
    let mut out = Vec::new();
    for block in text.split("\n## ").skip(1) {
        let n: usize = block
            .split_whitespace()
            .nth(2)
            .and_then(|w| w.parse().ok())
            .expect("`## 3 or 4 players`");
        let rounds = block
            .lines()
            .filter_map(|l| l.strip_prefix("- Rd "))
            .map(|l| {
                let (_, pairs) = l.split_once(": ").unwrap();
                pairs
                    .split(", ")
                    .map(|p| {
                        let (w, b) = p.split_once('-').unwrap();
                        [w.trim().parse().unwrap(), b.trim().parse().unwrap()]
                    })
                    .collect()
            })
            .collect();
        out.push((n, rounds));
    }
    out
}

#[test]
fn even_tables_equal_the_published_ones_for_4_to_24_players() {
    let tables = published();
    assert_eq!(tables.len(), 11);
    for (n, rounds) in tables {
        let ours: Vec<Vec<[usize; 2]>> = berger::single(n).into_iter().map(|r| r.pairs).collect();
        assert_eq!(ours, rounds, "{n} players");
    }
}

#[test]
fn odd_tables_rest_whoever_meets_the_highest_number() {
    for (n, rounds) in published() {
        let odd = berger::single(n - 1);
        for (r, pairs) in odd.iter().zip(&rounds) {
            let bye_pair = pairs.iter().find(|p| p.contains(&n)).unwrap();
            assert_eq!(r.bye, Some(bye_pair[0] + bye_pair[1] - n));
            let rest: Vec<[usize; 2]> = pairs.iter().copied().filter(|p| !p.contains(&n)).collect();
            assert_eq!(r.pairs, rest);
        }
    }
}

#[test]
fn everyone_meets_everyone_once_and_colours_stay_balanced() {
    for players in 3..=24 {
        let rounds = berger::single(players);
        let mut met = BTreeSet::new();
        let mut colours = vec![String::new(); players + 1];
        for r in &rounds {
            let mut seen = BTreeSet::new();
            for &[w, b] in &r.pairs {
                assert!(met.insert((w.min(b), w.max(b))), "{players}: {w}-{b} twice");
                assert!(seen.insert(w) && seen.insert(b));
                colours[w].push('W');
                colours[b].push('B');
            }
            if let Some(b) = r.bye {
                assert!(seen.insert(b));
                colours[b].push('-');
            }
            assert_eq!(seen.len(), players, "{players}: everyone plays or rests");
        }
        assert_eq!(met.len(), players * (players - 1) / 2);
        for (p, c) in colours.iter().enumerate().skip(1) {
            let w = c.matches('W').count() as i64;
            let b = c.matches('B').count() as i64;
            assert!((w - b).abs() <= 1, "{players}: player {p} has {c}");
            assert!(
                !c.contains("WWW") && !c.contains("BBB"),
                "{players}: player {p} has {c}"
            );
        }
    }
}

#[test]
fn double_round_robin_reverses_colours_without_three_in_a_row() {
    // The swap removes every run of three at the turn (without it, two players have one). With
    // 4 players the swap also changes each one's second game, so the second cycle mirrors the
    // table unswapped (mirroring the swapped cycle gave players 2 and 4 three in a row).
    for players in [4, 6, 8, 10, 12, 14, 16] {
        let rounds = berger::double(players);
        assert_eq!(rounds.len(), 2 * (players - 1));
        let single = berger::single(players);
        let half = players - 1;
        // The first cycle's last two rounds are swapped; the second cycle mirrors the first.
        assert_eq!(rounds[half - 1].pairs, single[half - 2].pairs);
        assert_eq!(rounds[half - 2].pairs, single[half - 1].pairs);
        for i in 0..half {
            let source = if players == 4 { &single[i] } else { &rounds[i] };
            let mirrored: Vec<[usize; 2]> = source.pairs.iter().map(|&[w, b]| [b, w]).collect();
            assert_eq!(rounds[half + i].pairs, mirrored);
        }
        for p in 1..=players {
            let seq: String = rounds
                .iter()
                .map(|r| {
                    if r.pairs.iter().any(|x| x[0] == p) {
                        'W'
                    } else {
                        'B'
                    }
                })
                .collect();
            assert!(
                !seq.contains("WWW") && !seq.contains("BBB"),
                "{players}: {p} {seq}"
            );
        }
    }
}
