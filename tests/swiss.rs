//! Swiss pairings (issue 6): hand-checked rounds, and the absolute criteria on thousands of
//! generated events.

use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use shashki_arbiter::rules::{Color, Variant};
use shashki_arbiter::tournament::command::{apply, Command};
use shashki_arbiter::tournament::id::GameRef;
use shashki_arbiter::tournament::model::*;
use shashki_arbiter::tournament::swiss::{self, trf, Options, Proposal};

fn event(players: usize, games: u32) -> Tournament {
    let mut t = Tournament::new(
        "Swiss",
        Variant::Russian,
        System::Swiss,
        "45m".parse().unwrap(),
        games,
    );
    for i in 1..=players as u32 {
        let player = Player {
            rating: Some(2400 - 10 * i),
            number: Some(i as usize),
            ..Player::new(PlayerId(i), format!("P{i}"))
        };
        apply(&mut t, &Command::AddPlayer { player }).unwrap();
    }
    t
}

/// Round 1 drawn with White as the initial colour.
fn round_one(t: &Tournament) -> Proposal {
    swiss::pair(
        t,
        1,
        &Options {
            first_colour: Some(Color::White),
            ..Options::default()
        },
    )
}

/// The player with the better (lower) number wins.
fn better_ranked_wins(_: usize, w: PlayerId, b: PlayerId) -> GameResult {
    if w < b {
        GameResult::WhiteWins
    } else {
        GameResult::BlackWins
    }
}

fn save(t: &mut Tournament, p: &Proposal) {
    apply(t, &p.command()).unwrap();
}

/// Plays every game of `round` with `result(board, white of the game, black of the game)`.
fn play(
    t: &mut Tournament,
    round: usize,
    mut result: impl FnMut(usize, PlayerId, PlayerId) -> GameResult,
) {
    let r = t.rounds.iter().find(|r| r.number == round).unwrap().clone();
    for p in &r.pairings {
        for g in 0..p.games.len() {
            let (w, b) = if g % 2 == 0 {
                (p.white, p.black)
            } else {
                (p.black, p.white)
            };
            let res = result(p.board, w, b);
            apply(
                t,
                &Command::SetResult {
                    game: GameRef {
                        round,
                        board: p.board,
                        game: g,
                    },
                    result: res,
                },
            )
            .unwrap();
        }
    }
}

#[test]
fn round_one_pairs_the_top_half_against_the_bottom_half_with_alternating_colours() {
    let t = event(8, 1);
    let p = round_one(&t);
    let boards: Vec<(PlayerId, PlayerId)> = p.pairs();
    // 1–5, 6–2, 3–7, 8–4: the top player White by lot, then alternating.
    assert_eq!(
        boards,
        vec![
            (PlayerId(1), PlayerId(5)),
            (PlayerId(6), PlayerId(2)),
            (PlayerId(3), PlayerId(7)),
            (PlayerId(8), PlayerId(4))
        ]
    );
    assert_eq!(p.bye, None);
    assert!(p.unpaired.is_empty());
}

#[test]
fn round_two_prefers_the_transposition_that_grants_every_colour() {
    // Round 1 as above; the higher-ranked player wins every game.
    let mut t = event(8, 1);
    let p1 = round_one(&t);
    save(&mut t, &p1);
    play(&mut t, 1, better_ranked_wins);
    let p2 = swiss::pair(&t, 2, &Options::default());
    let boards: Vec<(PlayerId, PlayerId)> = p2.pairs();
    // Score group 1: S1 {1, 2} against S2 {3, 4} would give 1–3 and 2–4, where both players of
    // each pair want the same colour; the transposition 1–4, 2–3 grants all four. The same in
    // score group 0 with 5–8 and 6–7.
    assert_eq!(
        boards,
        vec![
            (PlayerId(4), PlayerId(1)),
            (PlayerId(2), PlayerId(3)),
            (PlayerId(5), PlayerId(8)),
            (PlayerId(7), PlayerId(6))
        ]
    );
    assert!(p2.pairings.iter().all(|x| x.floats_down.is_none()));
    assert_eq!(
        p2.pairings[0].colour_rule,
        "both colour preferences granted"
    );
    assert!(swiss::check(&t, 2, &boards, None, &[]).is_empty());
}

#[test]
fn with_an_odd_number_the_lowest_ranked_takes_the_bye_once() {
    let mut t = event(7, 2);
    let p1 = round_one(&t);
    let boards: Vec<(PlayerId, PlayerId)> = p1.pairs();
    assert_eq!(
        boards,
        vec![
            (PlayerId(1), PlayerId(4)),
            (PlayerId(5), PlayerId(2)),
            (PlayerId(3), PlayerId(6))
        ]
    );
    assert_eq!(p1.bye, Some(PlayerId(7)));
    assert!(p1.bye_reason.as_ref().unwrap().contains("number 7"));
    save(&mut t, &p1);
    // Micromatches: the better-ranked player wins both games.
    play(&mut t, 1, better_ranked_wins);
    let p2 = swiss::pair(&t, 2, &Options::default());
    // 7 now has the bye's points and cannot take a second bye: the lowest of the zero group does.
    assert_ne!(p2.bye, Some(PlayerId(7)));
    assert_eq!(p2.bye, Some(PlayerId(6)));
    let pairs: Vec<(PlayerId, PlayerId)> = p2.pairs();
    assert!(swiss::check(&t, 2, &pairs, p2.bye, &[]).is_empty());
}

#[test]
fn a_manual_change_is_saved_with_the_rules_it_breaks_named() {
    let mut t = event(4, 1);
    let p1 = round_one(&t);
    save(&mut t, &p1);
    play(&mut t, 1, |_, _, _| GameResult::Draw);
    // Round 1 was 1–3 and 4–2; the arbiter pairs them again by hand.
    let manual = vec![(PlayerId(1), PlayerId(3)), (PlayerId(2), PlayerId(4))];
    let breaches = swiss::check(&t, 2, &manual, None, &[]);
    let text: Vec<String> = breaches.iter().map(|b| b.to_string()).collect();
    assert_eq!(
        text,
        vec![
            "players 1 and 3 have already met",
            "players 2 and 4 have already met"
        ]
    );
    apply(
        &mut t,
        &Command::SetPairings {
            round: 2,
            pairs: manual,
            bye: None,
            absent: vec![],
            requested_byes: vec![],
            acceleration: vec![],
            advanced: vec![],
        },
    )
    .unwrap();
    assert_eq!(t.rounds[1].pairings[0].white, PlayerId(1));
}

/// Whether the players of the proposal (paired, bye and unpaired) could all be paired without
/// breaking an absolute rule, by trying every pairing (small rounds only).
fn complete_pairing_exists(t: &Tournament, round: usize, p: &Proposal) -> bool {
    let mut players: Vec<PlayerId> = p
        .pairings
        .iter()
        .flat_map(|x| [x.white, x.black])
        .chain(p.bye)
        .chain(p.unpaired.iter().copied())
        .collect();
    players.sort();
    let ok = |a: PlayerId, b: PlayerId| {
        [(a, b), (b, a)].iter().any(|&pair| {
            swiss::check(t, round, &[pair], None, &[])
                .iter()
                .all(|x| matches!(x, swiss::Breach::Left { .. }))
        })
    };
    let bye_ok = |a: PlayerId| {
        swiss::check(t, round, &[], Some(a), &[])
            .iter()
            .all(|x| matches!(x, swiss::Breach::Left { .. }))
    };
    fn search(
        left: &[PlayerId],
        bye_left: bool,
        ok: &dyn Fn(PlayerId, PlayerId) -> bool,
        bye_ok: &dyn Fn(PlayerId) -> bool,
    ) -> bool {
        let Some((&first, rest)) = left.split_first() else {
            return !bye_left;
        };
        if bye_left && bye_ok(first) && search(rest, false, ok, bye_ok) {
            return true;
        }
        (0..rest.len()).any(|k| {
            ok(first, rest[k]) && {
                let mut others = rest.to_vec();
                others.remove(k);
                search(&others, bye_left, ok, bye_ok)
            }
        })
    }
    search(&players, players.len() % 2 == 1, &ok, &bye_ok)
}

/// Plays `events` random Swiss events through every round and checks every absolute criterion
/// of every proposal; returns (events, rounds, pairings checked, players left unpaired).
fn generated(events: u64, seed: u64) -> (u64, u64, u64, u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut rounds_done, mut pairs_done, mut unpaired) = (0, 0, 0);
    for _ in 0..events {
        let n = 4 + (rng.next_u32() % 57) as usize;
        let games = 1 + rng.next_u32() % 2;
        let rounds = (3 + rng.next_u32() % 7).min(n as u32 - 1) as usize;
        let mut t = event(n, games);
        // Forbidden pairs now and then.
        if rng.next_u32() % 4 == 0 {
            let a = 1 + rng.next_u32() % n as u32;
            let b = 1 + rng.next_u32() % n as u32;
            if a != b {
                apply(
                    &mut t,
                    &Command::SetForbidden {
                        pairs: vec![(PlayerId(a), PlayerId(b))],
                    },
                )
                .unwrap();
            }
        }
        for round in 1..=rounds {
            if rng.next_u32() % 10 == 0 {
                let id = 1 + rng.next_u32() % n as u32;
                let _ = apply(
                    &mut t,
                    &Command::Withdraw {
                        id: PlayerId(id),
                        after_round: Some(round - 1),
                    },
                );
            }
            let absent: Vec<PlayerId> = if rng.next_u32() % 8 == 0 {
                vec![PlayerId(1 + rng.next_u32() % n as u32)]
            } else {
                vec![]
            };
            let absent: Vec<PlayerId> = absent
                .into_iter()
                .filter(|&id| t.player(id).unwrap().withdrawn_after.is_none())
                .collect();
            // Now and then the absent player asked for a half-point bye.
            let requested_byes = match absent.first() {
                Some(&id) if rng.next_u32() % 2 == 0 => vec![(id, ByeValue::Draw)],
                _ => vec![],
            };
            let options = Options {
                absent,
                requested_byes,
                accelerated: rng.next_u32() % 5 == 0,
                first_colour: Some(if rng.next_u32() % 2 == 0 {
                    Color::White
                } else {
                    Color::Black
                }),
            };
            let p = swiss::pair(&t, round, &options);
            let pairs: Vec<(PlayerId, PlayerId)> = p.pairs();
            // Players no legal pairing could place are reported, not paired: not a breach.
            let breaches = p.breaches(&t);
            assert!(
                breaches.is_empty(),
                "round {round} of {n} players: {breaches:?}\n{p:?}"
            );
            if !p.unpaired.is_empty() && p.unpaired.len() + 2 * pairs.len() <= 14 {
                assert!(
                    !complete_pairing_exists(&t, round, &p),
                    "round {round}: {:?} left unpaired though a complete pairing exists",
                    p.unpaired
                );
            }
            unpaired += p.unpaired.len() as u64;
            pairs_done += pairs.len() as u64;
            rounds_done += 1;
            save(&mut t, &p);
            play(&mut t, round, |_, _, _| match rng.next_u32() % 3 {
                0 => GameResult::WhiteWins,
                1 => GameResult::Draw,
                _ => GameResult::BlackWins,
            });
        }
    }
    (events, rounds_done, pairs_done, unpaired)
}

#[test]
fn absolute_criteria_hold_on_2000_generated_events() {
    let (events, rounds, pairs, unpaired) = generated(2000, 2026);
    println!("{events} events, {rounds} rounds, {pairs} pairings checked, {unpaired} players left for the arbiter");
    assert_eq!(events, 2000);
    assert!(rounds > 10_000, "{rounds}");
}

#[test]
fn trf_export_and_import_keep_pairings_colours_results_and_points() {
    use shashki_arbiter::tournament::standings;
    let mut rng = ChaCha8Rng::seed_from_u64(16);
    let mut t = event(11, 1);
    t.players[3].surname = "Иванов".into();
    t.players[3].name = "Пётр".into();
    t.players[3].sex = Some(Sex::Male);
    t.players[4].sex = Some(Sex::Female);
    for round in 1..=5 {
        let p = swiss::pair(&t, round, &Options::default());
        save(&mut t, &p);
        play(&mut t, round, |_, _, _| match rng.next_u32() % 3 {
            0 => GameResult::WhiteWins,
            1 => GameResult::Draw,
            _ => GameResult::BlackWins,
        });
    }
    let text = trf::export(&t);
    assert!(
        text.lines()
            .any(|l| l.starts_with("001    4 m    Иванов, Пётр")),
        "{text}"
    );
    // Column 10: the sex, `m` or `w` (TRF-16), blank when not known.
    assert!(text.contains("\n001    5 w"), "{text}");
    let back = trf::import("x.trf", &text).unwrap();
    assert_eq!(back.players.len(), 11);
    let sexes = |t: &Tournament| t.players.iter().map(|p| p.sex).collect::<Vec<_>>();
    assert_eq!(sexes(&back), sexes(&t));
    for (a, b) in t.rounds.iter().zip(&back.rounds) {
        assert_eq!(a.bye, b.bye);
        let key = |r: &Round| {
            let mut v: Vec<_> = r
                .pairings
                .iter()
                .map(|p| (p.white, p.black, p.games.clone()))
                .collect();
            v.sort_by_key(|x| (x.0, x.1));
            v
        };
        assert_eq!(key(a), key(b), "round {}", a.number);
    }
    let points = |t: &Tournament| {
        let mut v: Vec<_> = standings::compute(t, None)
            .into_iter()
            .map(|l| (l.id, l.points))
            .collect();
        v.sort_by_key(|x| x.0);
        v
    };
    assert_eq!(points(&t), points(&back));
    // A file that pairs a player twice is refused, naming the round.
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let three = lines
        .iter()
        .position(|l| l.starts_with("001    3"))
        .unwrap();
    let opp_of_1 = back.rounds[0]
        .pairings
        .iter()
        .find_map(|p| p.opponent(PlayerId(1)))
        .unwrap();
    assert_ne!(opp_of_1, PlayerId(3));
    // Player 3 now claims player 1, who already plays someone else in round 1.
    let mut row: Vec<char> = lines[three].chars().collect();
    for (k, c) in "   1".chars().enumerate() {
        row[91 + k] = c;
    }
    lines[three] = row.into_iter().collect();
    let bad = lines.join("\n");
    let e = trf::import("twice.trf", &bad).unwrap_err().to_string();
    // The two sides of player 3's game disagree: player 1 plays someone else.
    assert!(e.starts_with("twice.trf:"), "{e}");
    assert!(
        e.contains("round 1: player") && e.contains("contradicts"),
        "{e}"
    );
    // A line that is not TRF says where.
    let bad = "012 X\n001 abcd      Smith\n";
    assert_eq!(
        trf::import("bad.trf", bad).unwrap_err().to_string(),
        "bad.trf:2: starting rank `abcd`"
    );
}

#[test]
fn without_numbers_the_initial_ranking_is_rating_then_title_then_name() {
    let mut t = Tournament::new(
        "Open",
        Variant::Russian,
        System::Swiss,
        "45m".parse().unwrap(),
        2,
    );
    let list = [
        (1, "Орлов", "КМС", Some(2100)),
        (2, "Белов", "МС", Some(2300)),
        (3, "Акулов", "КМС", Some(2100)),
        (4, "Зуев", "МС", Some(2100)),
        (5, "Ершов", "", None),
        (6, "Гусев", "ГМ", Some(2450)),
    ];
    for (id, surname, title, rating) in list {
        let player = Player {
            title: title.into(),
            rating,
            ..Player::new(PlayerId(id), surname)
        };
        apply(&mut t, &Command::AddPlayer { player }).unwrap();
    }
    // Гусев 2450, Белов 2300, then the three at 2100: МС before КМС, then by name; Ершов last.
    assert_eq!(
        swiss::initial_ranking(&t.players),
        vec![
            PlayerId(6),
            PlayerId(2),
            PlayerId(4),
            PlayerId(3),
            PlayerId(1),
            PlayerId(5)
        ]
    );
    let p = round_one(&t);
    let boards: Vec<(PlayerId, PlayerId)> = p.pairs();
    assert_eq!(
        boards,
        vec![
            (PlayerId(6), PlayerId(3)),
            (PlayerId(1), PlayerId(2)),
            (PlayerId(4), PlayerId(5))
        ]
    );
    save(&mut t, &p);
    let numbers: Vec<(PlayerId, Option<usize>)> =
        t.players.iter().map(|p| (p.id, p.number)).collect();
    assert_eq!(
        numbers,
        vec![
            (PlayerId(1), Some(5)),
            (PlayerId(2), Some(2)),
            (PlayerId(3), Some(4)),
            (PlayerId(4), Some(3)),
            (PlayerId(5), Some(6)),
            (PlayerId(6), Some(1))
        ]
    );
}

#[test]
fn a_score_group_that_cannot_pair_floats_down_whole_and_colours_decide_the_opponents() {
    // Round 1: 1–4, 5–2, 3–6. Results: 1 and 2 win, 3–6 drawn.
    let mut t = event(6, 1);
    let p1 = round_one(&t);
    let boards: Vec<(PlayerId, PlayerId)> = p1.pairs();
    assert_eq!(
        boards,
        vec![
            (PlayerId(1), PlayerId(4)),
            (PlayerId(5), PlayerId(2)),
            (PlayerId(3), PlayerId(6))
        ]
    );
    save(&mut t, &p1);
    play(&mut t, 1, |board, _, _| match board {
        1 => GameResult::WhiteWins,
        2 => GameResult::BlackWins,
        _ => GameResult::Draw,
    });
    let p2 = swiss::pair(&t, 2, &Options::default());
    let boards: Vec<(PlayerId, PlayerId)> = p2.pairs();
    // 1 and 2 (1 point) meet, 2 White (1 had White). 3 and 6 (½) have met, so both float down
    // to 4 and 5 (0): 3 (had White) meets 4 (had Black), 6 (had Black) meets 5 (had White),
    // every colour preference granted.
    assert_eq!(
        boards,
        vec![
            (PlayerId(2), PlayerId(1)),
            (PlayerId(4), PlayerId(3)),
            (PlayerId(6), PlayerId(5))
        ]
    );
    assert_eq!(p2.pairings[1].floats_down, Some(PlayerId(3)));
    assert_eq!(p2.pairings[2].floats_down, Some(PlayerId(6)));
}

#[test]
fn in_the_planned_last_round_topscorers_are_free_of_the_colour_limits() {
    let mut t = event(4, 1);
    let manual = |t: &mut Tournament, round: usize, pairs: Vec<(PlayerId, PlayerId)>| {
        apply(
            t,
            &Command::SetPairings {
                round,
                pairs,
                bye: None,
                absent: vec![],
                requested_byes: vec![],
                acceleration: vec![],
                advanced: vec![],
            },
        )
        .unwrap();
        play(t, round, |_, _, _| GameResult::WhiteWins);
    };
    // 1 and 4 win twice with White; 2 and 3 lose twice with Black.
    manual(
        &mut t,
        1,
        vec![(PlayerId(1), PlayerId(2)), (PlayerId(4), PlayerId(3))],
    );
    manual(
        &mut t,
        2,
        vec![(PlayerId(1), PlayerId(3)), (PlayerId(4), PlayerId(2))],
    );
    let p = swiss::pair(&t, 3, &Options::default());
    assert!(
        p.pairings.is_empty(),
        "without a planned last round nobody can be paired: {p:?}"
    );
    assert_eq!(p.unpaired.len(), 4);

    t.settings.rounds_planned = Some(3);
    let p = swiss::pair(&t, 3, &Options::default());
    let boards: Vec<(PlayerId, PlayerId)> = p.pairs();
    // 1 and 4 (2 points of 2) are topscorers: they meet although one of them gets a third White;
    // the higher-ranked 1 has his preference (Black). 2 and 3 still cannot meet.
    assert_eq!(boards, vec![(PlayerId(4), PlayerId(1))]);
    let mut left = p.unpaired.clone();
    left.sort();
    assert_eq!(left, vec![PlayerId(2), PlayerId(3)]);
    assert!(swiss::check(&t, 3, &boards, None, &[PlayerId(2), PlayerId(3)]).is_empty());
}

#[test]
fn later_rounds_keep_the_initial_colour_round_1_was_drawn_with() {
    // 5 and 6 miss round 1; round 1 is drawn with Black as the initial colour.
    let mut t = event(6, 1);
    let first = Options {
        absent: vec![PlayerId(5), PlayerId(6)],
        first_colour: Some(Color::Black),
        ..Options::default()
    };
    let p1 = swiss::pair(&t, 1, &first);
    assert_eq!(
        p1.pairs(),
        vec![(PlayerId(3), PlayerId(1)), (PlayerId(2), PlayerId(4))]
    );
    save(&mut t, &p1);
    play(&mut t, 1, |_, _, _| GameResult::Draw);
    // Round 2: 5 and 6 meet with no colour history; 5 (odd number) gets the initial colour,
    // Black, although round 2 is paired without naming it again.
    let p2 = swiss::pair(&t, 2, &Options::default());
    assert!(
        p2.pairs().contains(&(PlayerId(6), PlayerId(5))),
        "{:?}",
        p2.pairs()
    );
}

/// A player line: starting rank, name, cells `(opponent, colour, result)` by round.
type TrfRow = (usize, &'static str, Vec<(usize, char, char)>);

/// A TRF-16 file of `rows`.
fn trf_file(rows: &[TrfRow]) -> String {
    let mut out = String::from("012 Hand-made\nXXR 5\n");
    for (rank, name, cells) in rows {
        let points: f64 = cells
            .iter()
            .map(|c| match c.2 {
                '1' | '+' => 1.0,
                '=' => 0.5,
                _ => 0.0,
            })
            .sum();
        let cells: Vec<String> = cells
            .iter()
            .map(|(o, c, r)| format!("{o:>4} {c} {r}"))
            .collect();
        out.push_str(&format!(
            "001 {rank:>4} m    {name:<33} {:>4} {:<3} {:>11} {:<10} {points:>4.1} {rank:>4}  {}\n",
            2000,
            "RUS",
            0,
            "2000",
            cells.join("  ")
        ));
    }
    out
}

/// Four players who have all met (a round robin of rounds 1–3) and meet again in round 4.
fn all_met(round_4: bool) -> Vec<TrfRow> {
    let mut rows = vec![
        (1, "One", vec![(4, 'w', '='), (2, 'w', '='), (3, 'b', '=')]),
        (2, "Two", vec![(3, 'w', '='), (1, 'b', '='), (4, 'w', '=')]),
        (
            3,
            "Three",
            vec![(2, 'b', '='), (4, 'b', '='), (1, 'w', '=')],
        ),
        (4, "Four", vec![(1, 'b', '='), (3, 'w', '='), (2, 'b', '=')]),
    ];
    if round_4 {
        for (rank, _, cells) in &mut rows {
            cells.push(match rank {
                1 => (4, 'w', '='),
                4 => (1, 'b', '='),
                2 => (3, 'w', '='),
                _ => (2, 'b', '='),
            });
        }
    }
    rows
}

fn arbiter(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_shashki-arbiter"))
        .args(args)
        .output()
        .unwrap()
}

fn temp_trf(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("sa-trf-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// Issue 28: a game is written on both players' lines; a file whose two sides disagree (both
/// Black against each other, a win against a win, an opponent who names someone else) is
/// refused by `trf import` and `trf check` (exit 2) at the line, not read and reported as a
/// differing round.
#[test]
fn a_trf_whose_two_sides_of_a_game_disagree_is_refused() {
    assert!(trf::import("fine.trf", &trf_file(&all_met(false))).is_ok());
    // Round 2: player 1 writes himself Black against player 2, who is Black too.
    let mut rows = all_met(false);
    rows[0].2[1] = (2, 'b', '=');
    let text = trf_file(&rows);
    let e = trf::import("colours.trf", &text).unwrap_err().to_string();
    assert_eq!(
        e,
        "colours.trf:3: round 2: player 1's entry `2 b =` contradicts player 2's: both have Black"
    );
    let path = temp_trf("colours.trf", &text);
    for cmd in [&["trf", "check"][..], &["trf", "import"][..]] {
        let mut args = cmd.to_vec();
        let p = path.to_str().unwrap();
        args.push(p);
        let out_path = path.with_extension("ron");
        let out = out_path.to_str().unwrap().to_string();
        if cmd[1] == "import" {
            args.extend(["--output", &out]);
        }
        let run = arbiter(&args);
        assert_eq!(run.status.code(), Some(2), "{cmd:?}");
        assert!(
            String::from_utf8_lossy(&run.stderr).contains("both have Black"),
            "{}",
            String::from_utf8_lossy(&run.stderr)
        );
        assert!(!out_path.exists(), "no event made");
    }
    // Round 3: both sides won the same game.
    let mut rows = all_met(false);
    rows[2].2[2] = (1, 'w', '1');
    rows[0].2[2] = (3, 'b', '1');
    let e = trf::import("results.trf", &trf_file(&rows))
        .unwrap_err()
        .to_string();
    assert!(
        e.ends_with("the results `1` and `1` are not the two sides of one game"),
        "{e}"
    );
    // Round 1: player 4 names player 2, who plays player 3.
    let mut rows = all_met(false);
    rows[3].2[0] = (2, 'b', '=');
    let e = trf::import("opponent.trf", &trf_file(&rows))
        .unwrap_err()
        .to_string();
    assert_eq!(
        e,
        "opponent.trf:3: round 1: player 1's entry `4 w =` contradicts player 4's: he has `2 b =` in that round"
    );
}

/// Issue 28: where no pairing of every player meets the absolute criteria (four players who
/// have all met), `trf check` names the players the Dutch pairing leaves over, in its text and
/// its JSON.
#[test]
fn trf_check_names_the_players_left_unpaired() {
    let path = temp_trf("all-met.trf", &trf_file(&all_met(true)));
    let run = arbiter(&["trf", "check", path.to_str().unwrap()]);
    assert_eq!(run.status.code(), Some(1), "round 4 differs");
    let text = String::from_utf8_lossy(&run.stdout);
    assert!(
        text.contains("round 4: DIFFERS") && text.contains("  unpaired: 1 2 3 4 (no pairing"),
        "{text}"
    );
    let run = arbiter(&["trf", "check", path.to_str().unwrap(), "--format", "json"]);
    let v: serde_json::Value = serde_json::from_slice(&run.stdout).unwrap();
    assert_eq!(v[3]["unpaired"], serde_json::json!([1, 2, 3, 4]));
    assert_eq!(v[0]["unpaired"], serde_json::json!([]));
}

/// Issue 28: `XXA` (accelerated pairings: a player's virtual points when a round is paired) is
/// read by `trf check`, `trf import` and written by `trf export`. Eight players, the top four
/// given a virtual point in round 1 (hand-made, as bbpPairings' generator makes no accelerated
/// event): two score groups of four pair 1–3, 2–4 and 5–7, 6–8 (S1 against S2 within each);
/// the higher ranked of each pair has White when his number is odd (E.5 with `white1`):
/// 1–3, 4–2, 5–7, 8–6. Without acceleration round 1 would be 1–5, 6–2, 3–7, 8–4.
#[test]
fn an_accelerated_trf_checks_and_round_trips() {
    let rows: Vec<TrfRow> = vec![
        (1, "One", vec![(3, 'w', '1')]),
        (2, "Two", vec![(4, 'b', '1')]),
        (3, "Three", vec![(1, 'b', '0')]),
        (4, "Four", vec![(2, 'w', '0')]),
        (5, "Five", vec![(7, 'w', '1')]),
        (6, "Six", vec![(8, 'b', '1')]),
        (7, "Seven", vec![(5, 'b', '0')]),
        (8, "Eight", vec![(6, 'w', '0')]),
    ];
    let plain = format!("{}XXC white1\n", trf_file(&rows));
    let xxa: String = (1..=4).map(|n| format!("XXA {n:>4}  1.0\n")).collect();
    let accelerated = format!("{plain}{xxa}");
    let check = |name: &str, text: &str| {
        let path = temp_trf(name, text);
        let run = arbiter(&["trf", "check", path.to_str().unwrap()]);
        String::from_utf8_lossy(&run.stdout).into_owned()
    };
    let out = check("accelerated.trf", &accelerated);
    assert!(out.contains("round 1: the Dutch pairing"), "{out}");
    let out = check("plain.trf", &plain);
    assert!(
        out.contains("round 1: DIFFERS in who meets whom")
            && out.contains("Dutch: 1-5 3-7 6-2 8-4"),
        "{out}"
    );
    // Import keeps the virtual points, export writes them, and the event pairs with them.
    let t = trf::import("accelerated.trf", &accelerated).unwrap();
    assert_eq!(t.acceleration.get(&PlayerId(1)), Some(&vec![1.0]));
    assert_eq!(t.acceleration.len(), 4);
    let text = trf::export(&t);
    assert!(text.contains("XXA    1  1.0\n"), "{text}");
    assert_eq!(
        trf::import("again.trf", &text).unwrap().acceleration,
        t.acceleration
    );
    let mut fresh = t.clone();
    fresh.rounds.clear();
    let p = swiss::pair(&fresh, 1, &Options::default());
    let pairs: Vec<(PlayerId, PlayerId)> = p.pairs();
    assert_eq!(
        pairs,
        vec![
            (PlayerId(1), PlayerId(3)),
            (PlayerId(4), PlayerId(2)),
            (PlayerId(5), PlayerId(7)),
            (PlayerId(8), PlayerId(6))
        ]
    );
}

/// Issue 28: rounds the program paired with its own accelerated pairings (rounds 1–2: the top
/// half counts a won round more) keep their virtual points, so the exported TRF carries them
/// as `XXA` and another program (our `trf check`, bbpPairings) pairs those rounds the same;
/// unpairing a round takes its virtual points with it.
#[test]
fn the_programs_accelerated_rounds_are_exported_as_xxa_and_check() {
    let mut t = event(12, 1);
    let accelerated = |t: &Tournament, round: usize| {
        swiss::pair(
            t,
            round,
            &Options {
                first_colour: Some(Color::White),
                accelerated: true,
                ..Options::default()
            },
        )
    };
    let p1 = accelerated(&t, 1);
    // Two groups of six, each paired top half against bottom half: 1–4, 2–5, 3–6, 7–10 ...
    assert_eq!(p1.pairs()[0], (PlayerId(1), PlayerId(4)));
    assert_eq!(p1.acceleration.len(), 6);
    save(&mut t, &p1);
    play(&mut t, 1, better_ranked_wins);
    let p2 = accelerated(&t, 2);
    save(&mut t, &p2);
    let text = trf::export(&t);
    for n in 1..=6 {
        assert!(text.contains(&format!("XXA {n:>4}  1.0  1.0\n")), "{text}");
    }
    assert!(!text.contains("XXA    7"), "{text}");
    play(&mut t, 2, better_ranked_wins);
    let text = trf::export(&t);
    let path = temp_trf("ours-accelerated.trf", &text);
    let run = arbiter(&["trf", "check", path.to_str().unwrap()]);
    let out = String::from_utf8_lossy(&run.stdout);
    assert!(
        out.contains("round 1: the Dutch pairing") && out.contains("round 2: the Dutch pairing"),
        "{out}"
    );
    // Without the virtual points round 1 is not what an unaccelerated pairing makes.
    let plain: String = text
        .lines()
        .filter(|l| !l.starts_with("XXA"))
        .map(|l| format!("{l}\n"))
        .collect();
    let path = temp_trf("ours-plain.trf", &plain);
    let run = arbiter(&["trf", "check", path.to_str().unwrap()]);
    let out = String::from_utf8_lossy(&run.stdout);
    assert!(out.contains("round 1: DIFFERS"), "{out}");
    // A round unpaired before its games loses its virtual points; round 1 keeps its own.
    let mut again = event(12, 1);
    let p = accelerated(&again, 1);
    save(&mut again, &p);
    play(&mut again, 1, better_ranked_wins);
    let p = accelerated(&again, 2);
    save(&mut again, &p);
    apply(&mut again, &Command::UnpairRound { round: 2 }).unwrap();
    let text = trf::export(&again);
    assert!(text.contains("XXA    1  1.0\n"), "{text}");
    // Virtual points outside the limits are refused, naming them.
    let mut bad = p1.command();
    if let Command::SetPairings { acceleration, .. } = &mut bad {
        acceleration[0].1 = -1.0;
    }
    let err = apply(&mut event(12, 1), &bad).unwrap_err();
    assert!(err.to_string().contains("virtual points"), "{err}");
}

/// Ranks typed as arbiters write them seed a Swiss by rank (C.04.3 A.2 after the rating), read
/// as the norms read them: "1" is I разряд, "1ю" I юношеский, "б/р" without a rank, "KMS" КМС.
#[test]
fn ranks_typed_in_short_forms_seed_the_swiss_by_rank() {
    let typed = [
        ("Акимов", "б/р"),
        ("Быков", "3"),
        ("Волков", "1ю"),
        ("Гусев", "1"),
        ("Демин", "KMS"),
        ("Ершов", "2"),
        ("Жуков", "МС"),
        ("Зуев", "III юн"),
        ("Ильин", "2 разряд"),
        ("Котов", ""),
        ("Лосев", "GMI"),
        ("Мишин", "1 р"),
    ];
    let players: Vec<Player> = typed
        .iter()
        .enumerate()
        .map(|(i, (surname, title))| Player {
            title: title.to_string(),
            ..Player::new(PlayerId(i as u32 + 1), surname.to_string())
        })
        .collect();
    let order: Vec<String> = swiss::initial_ranking(&players)
        .into_iter()
        .map(|id| players.iter().find(|p| p.id == id).unwrap().surname.clone())
        .collect();
    assert_eq!(
        order,
        [
            "Лосев",
            "Жуков",
            "Демин",
            "Гусев",
            "Мишин",
            "Ершов",
            "Ильин",
            "Быков",
            "Волков",
            "Зуев",
            "Акимов",
            "Котов"
        ]
    );
}
