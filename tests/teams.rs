//! Team events: TRF-16 files with `013` team lines read into matches on boards, and the team
//! standings' match points, game points and FIDE C.07 tie-breaks against the FIDE Technical
//! Commission's checker (gacrux 1.11.65) on 16 random team round robins (`tests/data/teams/`).

use shashki_arbiter::store::event;
use shashki_arbiter::tournament::model::System;
use shashki_arbiter::tournament::swiss::trf as individual;
use shashki_arbiter::tournament::team::standings::{self, TeamTieBreak};
use shashki_arbiter::tournament::team::trf;
use shashki_arbiter::tournament::Tournament;

fn import(name: &str) -> Tournament {
    let path = format!("tests/data/teams/{name}.trf");
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(trf::is_team_file(&text));
    trf::import(&path, &text).unwrap()
}

fn code(c: &str) -> TeamTieBreak {
    TeamTieBreak::ALL
        .into_iter()
        .find(|tb| tb.code() == c)
        .unwrap()
}

#[test]
fn sixteen_round_robins_give_gacrux_values_for_every_team_criterion() {
    let reference = std::fs::read_to_string("tests/data/teams/gacrux-1.11.65.txt").unwrap();
    let mut rows = reference.lines();
    let header: Vec<&str> = rows.next().unwrap().split_whitespace().collect();
    let codes: Vec<&str> = header[3..11].to_vec();
    let (mut compared, mut differ) = (0, Vec::new());
    let mut current: Option<(String, Tournament)> = None;
    for row in rows {
        let f: Vec<&str> = row.split_whitespace().collect();
        if current.as_ref().is_none_or(|(n, _)| n != f[0]) {
            current = Some((f[0].to_string(), import(f[0])));
        }
        let (name, t) = current.as_ref().unwrap();
        let every = standings::every_criterion(t, None);
        let team: u32 = f[1].parse().unwrap();
        for (k, c) in codes.iter().enumerate() {
            let Ok(theirs) = f[2 + k].parse::<f64>() else {
                continue;
            };
            compared += 1;
            let ours = every[&team]
                .iter()
                .find(|(tb, _)| *tb == code(c))
                .unwrap()
                .1;
            if (ours - theirs).abs() > 1e-9 {
                differ.push(format!(
                    "{name} team {team} {c}: ours {ours}, gacrux {theirs}"
                ));
            }
        }
    }
    assert!(compared > 500, "{compared}");
    assert!(differ.is_empty(), "{}", differ.join("\n"));
}

#[test]
fn a_file_becomes_teams_rosters_and_matches_on_boards() {
    let t = import("rr03");
    assert_eq!(t.teams.len(), 5);
    assert_eq!(t.settings.system, System::RoundRobin, "5 teams, 5 rounds");
    let settings = t.settings.teams.as_ref().unwrap();
    assert_eq!(settings.boards, 3);
    assert_eq!(
        t.teams[0].roster,
        vec![1, 2, 3, 4],
        "roster order of the 013 line"
    );
    for r in &t.rounds {
        // Five teams: two matches and a bye every round, every board in a match.
        assert_eq!(r.matches.len(), 2, "round {}", r.number);
        assert_eq!(r.team_byes.len(), 1, "round {}", r.number);
        for m in &r.matches {
            assert_eq!(m.boards.len(), 3);
            // The home team has White on board 1.
            let first = r.pairings.iter().find(|p| p.board == m.boards[0]).unwrap();
            assert_eq!(
                t.team_of(first.white).unwrap().id,
                m.home,
                "round {}",
                r.number
            );
        }
    }
}

#[test]
fn standings_rank_by_match_points_then_the_events_criteria() {
    let t = import("rr08");
    let lines = standings::compute(&t, None);
    assert_eq!(lines.len(), 10);
    for pair in lines.windows(2) {
        assert!(pair[0].match_points >= pair[1].match_points);
        if pair[0].match_points == pair[1].match_points {
            // Game points are the first criterion after match points.
            assert!(pair[0].tiebreaks[0].1 >= pair[1].tiebreaks[0].1);
        }
    }
    // Every team meets every other once: 45 matches, 2 match points each.
    let total: f64 = lines.iter().map(|l| l.match_points).sum();
    let drawn_or_decided = t.rounds.iter().flat_map(|r| &r.matches).count();
    assert_eq!(drawn_or_decided, 45);
    assert!(
        (80.0..=90.0).contains(&total),
        "{total}: only matches lost by both give less"
    );
    assert_eq!(lines[0].place, "1");
}

#[test]
fn export_writes_the_team_lines_and_reads_back_the_same_standings() {
    let t = import("rr05");
    let text = individual::export(&t);
    assert!(text.contains("092 Team: Round robin"));
    assert_eq!(text.lines().filter(|l| l.starts_with("013")).count(), 6);
    let again = trf::import("again.trf", &text).unwrap();
    assert_eq!(
        standings::compute(&again, None),
        standings::compute(&t, None)
    );
    assert_eq!(again.teams, t.teams);
}

#[test]
fn bad_team_lines_are_refused_at_their_line() {
    let text = std::fs::read_to_string("tests/data/teams/rr02.trf").unwrap();
    let line_of =
        |text: &str, prefix: &str| text.lines().position(|l| l.starts_with(prefix)).unwrap() + 1;
    let team2 = text.lines().find(|l| l.starts_with("013 Team 2")).unwrap();
    let with = |line: &str| text.replacen(team2, line, 1);
    // A team naming a player the file does not have.
    let missing = with(&format!("{}  99", &team2[..36]));
    let e = trf::import("x.trf", &missing).unwrap_err().to_string();
    assert!(
        e.contains(&format!("x.trf:{}:", line_of(&missing, "013 Team 2"))),
        "{e}"
    );
    assert!(e.contains("no player 99"), "{e}");
    // A player on two rosters.
    let twice = with(&format!("{}   1", &team2[..36]));
    let e = trf::import("x.trf", &twice).unwrap_err().to_string();
    assert!(
        e.contains("player 1 is already on the roster of team `Team 1`"),
        "{e}"
    );
    // A team line without a name.
    let nameless = with(&format!("013 {:32}{}", "", &team2[36..]));
    let e = trf::import("x.trf", &nameless).unwrap_err().to_string();
    assert!(e.contains("no name"), "{e}");
}

#[test]
fn a_team_event_is_saved_as_schema_3_and_read_back() {
    let t = import("rr04");
    let dir = std::env::temp_dir().join(format!("teams-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("teams.ron");
    let _ = std::fs::remove_file(&path);
    event::EventFile::create(&path, t.clone()).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("schema: 3"), "{}", &text[..200]);
    let back = event::read(&path).unwrap();
    assert_eq!(back.teams, t.teams);
    assert_eq!(back.rounds, t.rounds);
    // A board taken out of its match by hand is refused at load, the round named.
    let broken = text.replacen("away: ", "away: 9", 1);
    assert_ne!(broken, text);
    let e = event::parse("broken.ron", &broken).unwrap_err().to_string();
    assert!(e.contains("round 1") && e.contains("no team 9"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}
