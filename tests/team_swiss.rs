//! The team Swiss (FIDE C.04.6) against FIDE's checker, gacrux 1.11.65: events it paired round by
//! round (tests/data/teams/c046) re-paired by ours from the rounds before each, and events our
//! generator makes accepted by ours and, where it is installed (CI installs it), by gacrux's.

use std::path::Path;
use std::process::Command;

use shashki_arbiter::tournament::model::PlayerId;
use shashki_arbiter::tournament::team::swiss::audit;

fn c046_events() -> Vec<(String, String)> {
    let dir = Path::new("tests/data/teams/c046");
    let mut out: Vec<(String, String)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "trf"))
        .map(|p| {
            let text = std::fs::read_to_string(&p).unwrap();
            (p.display().to_string(), text)
        })
        .collect();
    out.sort();
    out
}

#[test]
fn every_round_gacrux_paired_is_paired_the_same() {
    let mut rounds = 0;
    let mut byes = 0;
    let events = c046_events();
    assert!(events.len() >= 20, "{}", events.len());
    for (path, text) in &events {
        for r in audit::check(path, text).unwrap() {
            assert_eq!(
                r.difference, None,
                "{path} round {}: gacrux {:?}, ours {:?}",
                r.round, r.in_file, r.dutch
            );
            rounds += 1;
            byes += usize::from(r.in_file.bye.is_some());
        }
    }
    // The set is what it claims: many rounds, byes among them.
    assert!(rounds >= 140, "{rounds}");
    assert!(byes >= 30, "{byes}");
}

fn gacrux_available() -> bool {
    let ok = Command::new("python3")
        .args(["-c", "import gacrux.pairingchecker"])
        .output()
        .is_ok_and(|o| o.status.success());
    assert!(
        ok || std::env::var_os("SHASHKI_REQUIRE_TOOLS").is_none(),
        "gacrux (pip install gacrux==1.11.65) is required here"
    );
    ok
}

#[test]
fn generated_events_pass_our_check_and_fides() {
    let gacrux = gacrux_available();
    let dir = std::env::temp_dir().join(format!("sa-team-generated-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut rounds = 0;
    for seed in 0..36u64 {
        let s = seed as usize;
        let g = audit::Generate {
            teams: 4 + (s * 7) % 29,
            boards: 2 + s % 6,
            rounds: 3 + s % 7,
            seed,
            draws: 30,
            forfeits: (seed % 3 * 4) as u32,
        };
        let text = audit::generate(&g).unwrap();
        let checked = audit::check("generated", &text).unwrap();
        for r in &checked {
            assert_eq!(r.difference, None, "seed {seed} round {}:\n{text}", r.round);
        }
        assert!(!checked.is_empty(), "seed {seed}");
        rounds += checked.len();
        if gacrux && seed % 3 == 0 {
            let path = dir.join(format!("t{seed}.trf"));
            std::fs::write(&path, &text).unwrap();
            let out = Command::new("python3")
                .args(["-m", "gacrux.pairingchecker", "-c", "-F", "TXT", "-i"])
                .arg(&path)
                .output()
                .unwrap();
            let said = String::from_utf8_lossy(&out.stdout);
            assert!(
                said.trim_end().ends_with("Check: True"),
                "seed {seed}: gacrux -c:\n{said}{}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
    }
    assert!(rounds > 150, "{rounds}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Runs the program and expects it to succeed.
fn ok(args: &[&str]) -> std::process::Output {
    let out = run(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

fn run(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_shashki-arbiter"))
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn records_that_contradict_each_other_are_refused_at_their_line() {
    let dir = std::env::temp_dir().join(format!("sa-team-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (_, good) = &c046_events()[0];
    // A 310 record naming a player the file does not have.
    let missing: String = good
        .lines()
        .map(|l| {
            if l.starts_with("310   1 ") {
                format!("{} 9999\n", l.trim_end())
            } else {
                format!("{l}\n")
            }
        })
        .collect();
    let line = missing
        .lines()
        .position(|l| l.starts_with("310   1 "))
        .unwrap()
        + 1;
    let path = dir.join("missing.trf");
    std::fs::write(&path, &missing).unwrap();
    let out = run(&["trf", "check", path.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains(&format!(":{line}:")) && err.contains("9999"),
        "{err}"
    );
    // An initial-colour that is neither W nor B.
    let colour = good.replace("152 W", "152 X").replace("152 B", "152 X");
    let path = dir.join("colour.trf");
    std::fs::write(&path, &colour).unwrap();
    let out = run(&["trf", "check", path.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    let line = colour.lines().position(|l| l.starts_with("152")).unwrap() + 1;
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains(&format!(":{line}:")), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_arbiter_pairs_and_saves_a_team_round_from_the_command_line() {
    let dir = std::env::temp_dir().join(format!("sa-team-pair-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let trf = dir.join("g.trf");
    let ron = dir.join("g.ron");
    ok(&[
        "trf",
        "generate",
        "--teams",
        "9",
        "--boards",
        "4",
        "--rounds",
        "3",
        "--seed",
        "5",
        "-o",
        trf.to_str().unwrap(),
    ]);
    ok(&[
        "trf",
        "import",
        trf.to_str().unwrap(),
        "-o",
        ron.to_str().unwrap(),
    ]);
    // Team 4 away: eight teams left, no bye.
    let out = ok(&[
        "pair",
        ron.to_str().unwrap(),
        "--absent",
        "4",
        "--format",
        "json",
    ]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["matches"].as_array().unwrap().len(), 4, "{v}");
    assert!(v["pab"].is_null(), "{v}");
    let reasons = v["reasons"].as_array().unwrap();
    assert!(
        reasons.len() >= 4 && reasons[0].as_str().unwrap().starts_with("Scoregroup "),
        "{v}"
    );
    // Everybody: the bye goes to a team (art. 3.4), and the round is saved.
    let out = ok(&["pair", ron.to_str().unwrap(), "--save"]);
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success() && said.contains("Bye: "), "{said}");
    assert!(said.contains("(4.3."), "{said}");
    let out = run(&["pair", ron.to_str().unwrap()]);
    assert!(!out.status.success(), "round 4 has no results yet");
    // The saved round exported and checked: the pairing is C.04.6's.
    let back = dir.join("back.trf");
    ok(&[
        "trf",
        "export",
        ron.to_str().unwrap(),
        "-o",
        back.to_str().unwrap(),
    ]);
    let text = std::fs::read_to_string(&back).unwrap();
    assert!(text.contains("192 FIDE_TEAM_TYPEA_MP_GP"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The 10-column cell of round `round` in a `001` line (from column 92).
fn cell_range(round: usize) -> std::ops::Range<usize> {
    let start = 91 + 10 * (round - 1);
    start..start + 8
}

/// TRF-26's records for what cells said: the byes as one `320` record (their `U` cells blanked),
/// a match forfeited without a game as a `330` record (its cells blanked). The event read back is
/// the same event: the same standings and, by C.04.6, the same pairings as gacrux's.
#[test]
fn byes_by_320_and_forfeited_matches_by_330_read_as_their_cells() {
    use shashki_arbiter::tournament::team;
    let mut done_330 = 0;
    for (path, text) in c046_events() {
        let original = team::trf::import(&path, &text).unwrap();
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        let rounds = original.rounds.len();
        // 320: the team with a `U` in each round.
        let mut byes = vec![0usize; rounds];
        for l in lines.iter_mut().filter(|l| l.starts_with("001")) {
            for r in 1..=rounds {
                let range = cell_range(r);
                if l.get(range.clone())
                    .is_some_and(|c| c.trim_end().ends_with('U'))
                {
                    let player: u32 = l[4..8].trim().parse().unwrap();
                    let tm = original.team_of(PlayerId(player)).unwrap().id.0 as usize;
                    byes[r - 1] = tm;
                    l.replace_range(range, "        ");
                }
            }
        }
        let pab = original.settings.teams.as_ref().unwrap().pab;
        if let Some(pab) = pab {
            let teams: String = byes.iter().map(|b| format!(" {b:>3}")).collect();
            lines.push(format!(
                "320 {:>4.1} {:>4.1}{teams}",
                pab.match_points, pab.game_points
            ));
        }
        // 330: a match every board of which one team forfeited (its players' cells blanked).
        'rounds: for r in &original.rounds {
            for m in &r.matches {
                let boards: Vec<_> = m.boards.iter().map(|&b| &r.pairings[b - 1]).collect();
                let home_won = boards.iter().enumerate().all(|(k, p)| {
                    let home_white = k % 2 == 0;
                    p.games[0]
                        == if home_white {
                            shashki_arbiter::tournament::GameResult::WhiteByForfeit
                        } else {
                            shashki_arbiter::tournament::GameResult::BlackByForfeit
                        }
                });
                if !home_won {
                    continue;
                }
                for p in &boards {
                    for id in [p.white, p.black] {
                        let l = lines
                            .iter_mut()
                            .find(|l| l.starts_with("001") && l[4..8].trim() == id.to_string())
                            .unwrap();
                        l.replace_range(cell_range(r.number), "        ");
                    }
                }
                let number = |id| original.teams.iter().position(|t| t.id == id).unwrap() + 1;
                lines.push(format!(
                    "330 +- {:>3} {:>3} {:>3}",
                    r.number,
                    number(m.home),
                    number(m.away)
                ));
                done_330 += 1;
                break 'rounds;
            }
        }
        let changed = lines.join("\n") + "\n";
        let back =
            team::trf::import(&path, &changed).unwrap_or_else(|e| panic!("{path}: {e}\n{changed}"));
        let table = |t| {
            team::standings::compute(t, None)
                .into_iter()
                .map(|l| (l.number, l.match_points, l.game_points, l.place))
                .collect::<Vec<_>>()
        };
        assert_eq!(table(&back), table(&original), "{path}");
        for r in audit::check(&path, &changed).unwrap() {
            assert_eq!(r.difference, None, "{path} round {}", r.round);
        }
    }
    assert!(done_330 >= 3, "{done_330}");
}

/// A line-up out of roster order (TRF-26 `300`) decides which board is board 1, so which team
/// had White: with the record the event is C.04.6's in every round, as gacrux finds it; without
/// it both read round 1's match the other way round, and rounds 1, 2 and 5 differ in the colours.
#[test]
fn a_line_up_out_of_roster_order_is_read_from_its_300_record() {
    let path = "tests/data/teams/c046/lineup-300.trf";
    let text = std::fs::read_to_string(path).unwrap();
    for r in audit::check(path, &text).unwrap() {
        assert_eq!(r.difference, None, "round {}", r.round);
    }
    let without: String = text
        .lines()
        .filter(|l| !l.starts_with("300"))
        .map(|l| format!("{l}\n"))
        .collect();
    let differ: Vec<_> = audit::check(path, &without)
        .unwrap()
        .into_iter()
        .filter(|r| r.difference.is_some())
        .map(|r| (r.round, r.difference.unwrap()))
        .collect();
    use shashki_arbiter::tournament::swiss::audit::Difference::Colours;
    assert_eq!(differ, vec![(1, Colours), (2, Colours), (5, Colours)]);
    // Exported, the line-up is written as a `300` record again and read back the same.
    let t = shashki_arbiter::tournament::team::trf::import(path, &text).unwrap();
    let out = shashki_arbiter::tournament::swiss::trf::export(&t);
    assert!(out.contains("300   1   4   9   13   12"), "{out}");
    for r in audit::check("exported", &out).unwrap() {
        assert_eq!(r.difference, None, "exported, round {}", r.round);
    }
    // A line-up naming another team's player is refused at its line.
    let line = text.lines().position(|l| l.starts_with("300")).unwrap() + 1;
    let bad = text.replace("300   1   4   9   13   12", "300   1   4   9    1   12");
    let e = audit::check(path, &bad).unwrap_err().to_string();
    assert!(
        e.contains(&format!(":{line}:")) && e.contains("player 1 "),
        "{e}"
    );
}

/// C.04.7's acceleration: in the events gacrux paired with virtual points (`250`), the points
/// decide — read without them, rounds differ; the Baku table is the text's by hand.
#[test]
fn virtual_points_decide_the_accelerated_events() {
    use shashki_arbiter::tournament::model::MatchPoints;
    use shashki_arbiter::tournament::team::VirtualPoints;
    let mut differing = 0;
    for (path, text) in c046_events().into_iter().filter(|(p, _)| p.contains("/a")) {
        assert!(text.contains("\n250 "), "{path}");
        let without: String = text
            .lines()
            .filter(|l| !l.starts_with("250"))
            .map(|l| format!("{l}\n"))
            .collect();
        differing += audit::check(&path, &without)
            .unwrap()
            .iter()
            .filter(|r| r.difference.is_some())
            .count();
    }
    assert!(differing >= 10, "{differing}");
    // 20 teams, 7 rounds: 4 rounds accelerated, 2 of them by a win; group A the first 10.
    let mp = MatchPoints {
        win: 2.0,
        draw: 1.0,
        loss: 0.0,
    };
    let b = VirtualPoints::baku(20, 7, mp);
    let spans: Vec<_> = b
        .iter()
        .map(|v| {
            (
                v.match_points,
                v.first_round,
                v.last_round,
                v.first_team,
                v.last_team,
            )
        })
        .collect();
    assert_eq!(spans, vec![(2.0, 1, 2, 1, 10), (1.0, 3, 4, 1, 10)]);
}

#[test]
fn round_one_is_paired_accelerated_from_the_command_line_and_the_points_kept() {
    let dir = std::env::temp_dir().join(format!("sa-team-baku-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let trf = dir.join("g.trf");
    let ron = dir.join("g.ron");
    // A generated event of 0 rounds is the roster alone.
    ok(&[
        "trf",
        "generate",
        "--teams",
        "12",
        "--boards",
        "4",
        "--rounds",
        "0",
        "--seed",
        "3",
        "-o",
        trf.to_str().unwrap(),
    ]);
    let text = std::fs::read_to_string(&trf)
        .unwrap()
        .replace("142 0", "142 7");
    std::fs::write(&trf, text.replace("XXR 0", "XXR 7")).unwrap();
    ok(&[
        "trf",
        "import",
        trf.to_str().unwrap(),
        "-o",
        ron.to_str().unwrap(),
    ]);
    ok(&[
        "pair",
        ron.to_str().unwrap(),
        "--accelerated",
        "--seed",
        "1",
        "--save",
    ]);
    let t = shashki_arbiter::store::event::read(&ron).unwrap();
    let vp = &t.settings.teams.as_ref().unwrap().virtual_points;
    assert_eq!(vp.len(), 2, "{vp:?}");
    // Group A (teams 1–6) paired among themselves, as are teams 7–12.
    let number = |id| t.teams.iter().position(|tm| tm.id == id).unwrap() + 1;
    for m in &t.rounds[0].matches {
        let (h, a) = (number(m.home), number(m.away));
        assert_eq!(h <= 6, a <= 6, "{h}–{a}");
    }
    let back = dir.join("back.trf");
    let out = run(&[
        "trf",
        "export",
        ron.to_str().unwrap(),
        "-o",
        back.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    let exported = std::fs::read_to_string(&back).unwrap();
    assert!(
        exported.contains("192 FIDE_TEAM_TYPEA_MP_GP_BAKU"),
        "{exported}"
    );
    assert!(
        exported.contains("\n250  2.0  0.0   1   2    1    6\n"),
        "{exported}"
    );
    // Not twice, and not after round 1.
    let out = run(&["pair", ron.to_str().unwrap(), "--accelerated"]);
    assert!(!out.status.success());
    let _ = std::fs::remove_dir_all(&dir);
}

/// Forbidden pairings (`260`, one club's teams) are kept apart as gacrux keeps them: the events it
/// paired with them are ours in every round (the check above), and read without them they differ.
#[test]
fn forbidden_team_pairs_are_kept_apart() {
    let mut differing = 0;
    for (path, text) in c046_events().into_iter().filter(|(p, _)| p.contains("/p")) {
        let t = shashki_arbiter::tournament::team::trf::import(&path, &text).unwrap();
        assert_eq!(
            t.settings.teams.as_ref().unwrap().forbidden.len(),
            2,
            "{path}"
        );
        let number = |id| t.teams.iter().position(|tm| tm.id == id).unwrap() + 1;
        for r in &t.rounds {
            for m in &r.matches {
                let pair = (
                    number(m.home).min(number(m.away)),
                    number(m.home).max(number(m.away)),
                );
                assert_ne!(pair, (1, 2), "{path} round {}", r.number);
            }
        }
        let without: String = text
            .lines()
            .filter(|l| !l.starts_with("260"))
            .map(|l| format!("{l}\n"))
            .collect();
        differing += audit::check(&path, &without)
            .unwrap()
            .iter()
            .filter(|r| r.difference.is_some())
            .count();
        // Exported, the pairings are written again.
        let out = shashki_arbiter::tournament::swiss::trf::export(&t);
        assert!(out.contains("\n260   1 "), "{out}");
    }
    assert!(differing >= 6, "{differing}");
}
