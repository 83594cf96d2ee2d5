//! Team events: TRF-16 files with `013` team lines read into matches on boards, and the team
//! standings' match points, game points and FIDE C.07 tie-breaks against the FIDE Technical
//! Commission's checker (gacrux 1.11.65) on 19 random team round robins and 6 random team Swiss events
//! (`tests/data/teams/`).

use shashki_arbiter::store::event;
use shashki_arbiter::tournament::id::GameRef;
use shashki_arbiter::tournament::model::PlayerId;
use shashki_arbiter::tournament::model::System;
use shashki_arbiter::tournament::swiss::trf as individual;
use shashki_arbiter::tournament::team::standings::{self, TeamTieBreak};
use shashki_arbiter::tournament::team::trf;
use shashki_arbiter::tournament::team::PlayerName;
use shashki_arbiter::tournament::team::TeamId;
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
fn team_events_give_gacrux_values_for_every_team_criterion() {
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
        let team: TeamId = f[1].parse().unwrap();
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

/// A bye written `U` is pairing-allocated: a drawn match in MP, the game points the players'
/// totals give it (rr17: a win each on 3 boards; rr18: nothing), a win on each board in the
/// board count; written back as `U` with the totals that say so.
#[test]
fn a_pairing_allocated_team_bye_scores_a_drawn_match_and_survives_export() {
    let t = import("rr17");
    let pab = t.settings.teams.as_ref().unwrap().pab.unwrap();
    assert_eq!((pab.match_points, pab.game_points), (1.0, 3.0));
    let none = import("rr18").settings.teams.unwrap().pab.unwrap();
    assert_eq!((none.match_points, none.game_points), (1.0, 0.0));
    let bye_of_team_1 = t
        .rounds
        .iter()
        .find(|r| r.team_byes.contains(&TeamId(1)))
        .unwrap();
    let rounds = standings::team_rounds(&t, usize::MAX);
    let line = rounds[&TeamId(1)]
        .iter()
        .find(|l| l.round == bye_of_team_1.number)
        .unwrap();
    assert_eq!((line.match_points, line.game_points), (Some(1.0), 3.0));
    let every = standings::every_criterion(&t, None);
    let text = individual::export(&t);
    assert!(text.contains("0000 - U"), "{text}");
    let back = trf::import("again.trf", &text).unwrap();
    assert_eq!(back.settings.teams.as_ref().unwrap().pab, Some(pab));
    assert_eq!(standings::every_criterion(&back, None), every);
}

/// In an event with pairing-allocated byes, a team without a match whose players are not written
/// `U` stayed away: nothing scored (not the bye's drawn match), written back as nothing.
#[test]
fn a_team_away_in_an_event_with_byes_scores_nothing_and_survives_export() {
    let t = import("sw03");
    assert!(t.settings.teams.as_ref().unwrap().pab.is_some());
    let r = t.rounds.iter().find(|r| !r.team_absent.is_empty()).unwrap();
    let away = r.team_absent[0];
    assert!(!r.team_byes.contains(&away));
    let rounds = standings::team_rounds(&t, usize::MAX);
    assert!(rounds[&away].iter().all(|l| l.round != r.number));
    let every = standings::every_criterion(&t, None);
    let back = trf::import("again.trf", &individual::export(&t)).unwrap();
    let again = back.rounds.iter().find(|b| b.number == r.number).unwrap();
    assert_eq!(again.team_absent, r.team_absent);
    assert_eq!(standings::every_criterion(&back, None), every);
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
        vec![PlayerId(1), PlayerId(2), PlayerId(3), PlayerId(4)],
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
    // The same teams as TRF-26 records, with their match and game points and places.
    let lines = standings::compute(&t, None);
    let first = lines.iter().find(|l| l.number == TeamId(1)).unwrap();
    let record = text.lines().find(|l| l.starts_with("310   1 ")).unwrap();
    assert_eq!(
        record[54..60].trim().parse::<f64>().unwrap(),
        first.match_points
    );
    assert_eq!(
        record[61..67].trim().parse::<f64>().unwrap(),
        first.game_points
    );
    assert_eq!(
        record[68..71].trim(),
        first.place.split('-').next().unwrap()
    );
    assert!(!text.contains("\n362 "), "2/1/0 is the default: no 362");
    // A 3/1/0 event's export says so, and its short names come back.
    let scored = import("trf26-rr05");
    let text_310 = individual::export(&scored);
    assert!(
        text_310.contains("\n362 TW 3.0   TD 1.0   TL 0.0\n"),
        "{text_310}"
    );
    let back = trf::import("again.trf", &text_310).unwrap();
    assert_eq!(back.teams, scored.teams);
    assert_eq!(back.settings.teams.as_ref().unwrap().match_points.win, 3.0);
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
fn a_team_event_is_saved_in_the_current_schema_and_read_back() {
    let t = import("rr04");
    let dir = std::env::temp_dir().join(format!("teams-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("teams.ron");
    let _ = std::fs::remove_file(&path);
    event::EventFile::create(&path, t.clone()).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    let current = format!("schema: {}", shashki_arbiter::tournament::model::SCHEMA);
    assert!(text.contains(&current), "{}", &text[..200]);
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

/// A new team round robin: 5 teams of 3 players (2 boards and a reserve), as the arbiter makes
/// it: players, then teams, both through the event's changes.
fn new_event(line_up: shashki_arbiter::tournament::team::LineUp) -> Tournament {
    use shashki_arbiter::tournament::command::{apply, Command};
    use shashki_arbiter::tournament::model::Player;
    use shashki_arbiter::tournament::team::{Team, TeamSettings};
    let mut t = Tournament::new(
        "Teams",
        shashki_arbiter::rules::Variant::Russian,
        System::RoundRobin,
        shashki_arbiter::clock::TimeControl::sudden_death(45),
        2,
    );
    for id in 1..=15 {
        let player = Player::new(PlayerId(id), format!("Player{id:02}"));
        apply(&mut t, &Command::AddPlayer { player }).unwrap();
    }
    let teams = (1..=5)
        .map(|k| Team {
            id: TeamId(k),
            name: format!("Team {k}"),
            short: String::new(),
            club: String::new(),
            captain: String::new(),
            roster: (3 * k - 2..=3 * k).map(PlayerId).collect(),
        })
        .collect();
    let mut settings = TeamSettings::new(2, System::RoundRobin);
    settings.line_up = line_up;
    apply(
        &mut t,
        &Command::SetTeams {
            teams,
            settings: Some(settings),
        },
    )
    .unwrap();
    t
}

#[test]
fn a_team_round_robin_pairs_teams_from_the_berger_table_with_home_white_on_odd_boards() {
    use shashki_arbiter::tournament::berger;
    use shashki_arbiter::tournament::command::{apply, Command};
    use shashki_arbiter::tournament::team::LineUp;
    let mut t = new_event(LineUp::RosterOrder);
    let table = berger::single(5);
    for round in 1..=5 {
        let pair = Command::PairRound {
            round,
            table_round: None,
        };
        apply(&mut t, &pair).unwrap();
        let r = &t.rounds[round - 1];
        let tr = &table[round - 1];
        assert_eq!(
            r.team_byes,
            vec![TeamId(tr.bye.unwrap() as u32)],
            "round {round}"
        );
        for (m, &[home, away]) in r.matches.iter().zip(&tr.pairs) {
            assert_eq!(
                (m.home, m.away),
                (TeamId(home as u32), TeamId(away as u32)),
                "round {round}"
            );
            let board = |k: usize| r.pairings.iter().find(|p| p.board == m.boards[k]).unwrap();
            // Board 1: the home team's first player has White; board 2: the away team's.
            assert_eq!(t.team_of(board(0).white).unwrap().id, m.home);
            assert_eq!(t.team_of(board(1).white).unwrap().id, m.away);
            assert_eq!(board(0).white, t.team(m.home).unwrap().roster[0]);
        }
        for p in &r.pairings.clone() {
            let result = shashki_arbiter::tournament::model::GameResult::Draw;
            for game in 0..2 {
                let set = Command::SetResult {
                    game: GameRef {
                        round,
                        board: p.board,
                        game,
                    },
                    result,
                };
                apply(&mut t, &set).unwrap();
            }
        }
    }
    // Every pair of teams met once; all drawn: 4 match points each.
    let lines = standings::compute(&t, None);
    assert!(lines
        .iter()
        .all(|l| l.match_points == 4.0 && l.game_points == 8.0));
    assert!(
        lines.iter().all(|l| l.place == "1-5"),
        "{:?}",
        lines[0].place
    );
    let next = Command::PairRound {
        round: 6,
        table_round: None,
    };
    let e = apply(&mut t, &next).unwrap_err().to_string();
    assert!(e.contains("5 rounds"), "{e}");
}

#[test]
fn a_line_up_is_set_before_results_in_roster_order_and_undone() {
    use shashki_arbiter::tournament::command::{apply, Command};
    use shashki_arbiter::tournament::team::LineUp;
    let mut t = new_event(LineUp::RosterOrder);
    let pair = Command::PairRound {
        round: 1,
        table_round: None,
    };
    apply(&mut t, &pair).unwrap();
    let m = t.rounds[0].matches[0].clone();
    let team = m.home;
    let roster = t.team(team).unwrap().roster.clone();
    let before = t.clone();
    // The reserve in for board 2.
    let set = |players: Vec<PlayerId>| Command::SetLineUp {
        round: 1,
        team,
        players,
    };
    let undo = apply(&mut t, &set(vec![roster[0], roster[2]])).unwrap();
    let fielded: Vec<PlayerId> = m
        .boards
        .iter()
        .map(|&b| {
            let p = t.rounds[0].pairings.iter().find(|p| p.board == b).unwrap();
            if t.team_of(p.white).unwrap().id == team {
                p.white
            } else {
                p.black
            }
        })
        .collect();
    assert_eq!(fielded, vec![roster[0], roster[2]]);
    apply(&mut t, &undo).unwrap();
    assert_eq!(t, before, "one undo gives the line-up back");
    // A player listed lower never plays above one listed higher; the refusal names the team
    // and both players as the screens show them (name and starting number), never the
    // program's own ids.
    let refused = apply(&mut t, &set(vec![roster[2], roster[0]])).unwrap_err();
    let e = refused.to_string();
    assert!(e.contains("roster order"), "{e}");
    let (first, third) = (t.player(roster[0]).unwrap(), t.player(roster[2]).unwrap());
    let named = |p: &shashki_arbiter::tournament::model::Player| {
        format!("{} ({})", p.full_name(), p.number.unwrap())
    };
    let team_name = &t.team(team).unwrap().name;
    assert!(
        e.contains(&format!(
            "team {team_name}: player {} is listed above {}",
            named(first),
            named(third)
        )),
        "{e}"
    );
    let ru = shashki_arbiter::lang::Russian::ru(&refused);
    assert!(
        ru.contains(&format!(
            "команда {team_name}: участник {} стоит в составе выше {}",
            named(first),
            named(third)
        )),
        "{ru}"
    );
    // A player of another team, or twice.
    let other = t.team(m.away).unwrap().roster[0];
    let e = apply(&mut t, &set(vec![roster[0], other]))
        .unwrap_err()
        .to_string();
    assert!(e.contains("not on the team's roster"), "{e}");
    let e = apply(&mut t, &set(vec![roster[0], roster[0]]))
        .unwrap_err()
        .to_string();
    assert!(e.contains("twice"), "{e}");
    // Once a board of the match has a result, the line-up stays.
    let result = Command::SetResult {
        game: GameRef {
            round: 1,
            board: m.boards[0],
            game: 0,
        },
        result: shashki_arbiter::tournament::model::GameResult::WhiteWins,
    };
    apply(&mut t, &result).unwrap();
    let e = apply(&mut t, &set(vec![roster[0], roster[2]]))
        .unwrap_err()
        .to_string();
    assert!(e.contains("has results"), "{e}");
    // Fixed boards: the player of board 1 never plays board 2.
    let mut fixed = new_event(LineUp::FixedBoards);
    apply(&mut fixed, &pair).unwrap();
    let e = apply(&mut fixed, &set(vec![roster[2], roster[0]]))
        .unwrap_err()
        .to_string();
    assert!(e.contains("plays on board 1"), "{e}");
    apply(&mut fixed, &set(vec![roster[2], roster[1]])).unwrap();
}

/// The hall's API carries a team event's standings and the current round's matches, and its
/// report opens with the team table.
#[cfg(feature = "serve")]
#[test]
fn the_live_state_carries_teams_and_matches() {
    use shashki_arbiter::serve::state;
    let path = "tournaments/shashki64-teams.ron";
    let t = event::read(std::path::Path::new(path)).unwrap();
    let s = state::build(&t, None, 1, chrono::Utc::now());
    let teams = s.teams.as_ref().expect("a team event");
    assert_eq!(teams.standings.len(), 6);
    assert_eq!(teams.standings[0].place, "1");
    let r = t.rounds.last().unwrap();
    assert_eq!(teams.matches.len(), r.matches.len());
    assert!(teams.matches.iter().all(|m| m.boards.len() == 3));
    assert!(
        teams.matches.iter().all(|m| m.match_points.is_none()),
        "round 4 not played"
    );
    let json = serde_json::to_value(&s).unwrap();
    assert!(json["teams"]["matches"][0]["home"].is_string());
    assert_eq!(
        s.report.ru.sections[0].heading,
        "Командная турнирная таблица"
    );
    // An individual event has none.
    let solo = event::read(std::path::Path::new(
        "tournaments/shashki64-round-robin.ron",
    ))
    .unwrap();
    assert!(state::build(&solo, None, 1, chrono::Utc::now())
        .teams
        .is_none());
}

/// The system is the file's word for it (TRF-16 `092`, TRF-26 `192`) before the count of rounds.
#[test]
fn the_system_is_read_from_the_files_type_line() {
    let text = std::fs::read_to_string("tests/data/teams/rr03.trf").unwrap();
    let with = |line: &str| format!("{line}\n{text}");
    let system = |text: &str| trf::import("x.trf", text).unwrap().settings.system;
    assert_eq!(system(&text), System::RoundRobin, "5 teams, 5 rounds");
    assert_eq!(system(&with("192 FIDE_TEAM_TYPEA_MP_GP")), System::Swiss);
    assert_eq!(system(&with("092 Team: Swiss-System")), System::Swiss);
    assert_eq!(
        system(&with("192 BERGER_TEAM_DOUBLEROUNDROBIN")),
        System::DoubleRoundRobin
    );
    assert_eq!(
        system(&with("192 FIDE_TEAM_ROUNDROBIN")),
        System::RoundRobin
    );
}

/// Board rules: a women's board and a junior board refuse a line-up that breaks them, naming
/// the board, the team and the player, and nothing changes.
#[test]
fn a_line_up_that_breaks_a_board_rule_is_refused_naming_it() {
    use shashki_arbiter::tournament::command::{apply, Command};
    use shashki_arbiter::tournament::model::Sex;
    use shashki_arbiter::tournament::team::{JuniorBoard, LineUp};
    let mut t = new_event(LineUp::Free);
    let mut settings = t.settings.teams.clone().unwrap();
    settings.rules.women = Some(2);
    let teams = t.teams.clone();
    apply(
        &mut t,
        &Command::SetTeams {
            teams: teams.clone(),
            settings: Some(settings.clone()),
        },
    )
    .unwrap();
    let pair = Command::PairRound {
        round: 1,
        table_round: None,
    };
    // Nobody is entered as a woman yet: the first match's home team cannot field board 2.
    let before = t.clone();
    let e = apply(&mut t, &pair).unwrap_err().to_string();
    assert!(e.contains("board 2 is the women's board"), "{e}");
    assert_eq!(t, before, "nothing changed");
    // Each team's second player is a woman: the round is paired.
    for team in &teams {
        let mut p = t.player(team.roster[1]).unwrap().clone();
        p.sex = Some(Sex::Female);
        apply(&mut t, &Command::EditPlayer { player: p }).unwrap();
    }
    apply(&mut t, &pair).unwrap();
    // A man put on the women's board is refused.
    let m = t.rounds[0].matches[0].clone();
    let roster = t.team(m.home).unwrap().roster.clone();
    let set = |players: Vec<PlayerId>| Command::SetLineUp {
        round: 1,
        team: m.home,
        players,
    };
    let e = apply(&mut t, &set(vec![roster[1], roster[2]]))
        .unwrap_err()
        .to_string();
    assert!(
        e.contains(&format!(
            "player {} is not entered as a woman",
            PlayerName::of(&t, roster[2])
        )),
        "{e}"
    );
    // A junior board: board 1's player born in 2010 or later.
    settings.rules.women = None;
    settings.rules.junior = Some(JuniorBoard {
        board: 1,
        born_from: 2010,
    });
    let e = apply(
        &mut t,
        &Command::SetTeams {
            teams,
            settings: Some(settings),
        },
    )
    .and_then(|_| apply(&mut t, &set(vec![roster[0], roster[1]])))
    .unwrap_err()
    .to_string();
    assert!(
        e.contains("board 1 is the junior board (born in 2010 or later)"),
        "{e}"
    );
}

/// A least rank on the top boards: boards 1..=2 played by a КМС or stronger (the ЕВСК table's
/// order); a first-class player on board 2 is refused naming board and rank, a master of sport
/// is taken.
#[test]
fn a_least_rank_on_the_top_boards_is_asked_of_each_of_them() {
    use shashki_arbiter::tournament::command::{apply, Command};
    use shashki_arbiter::tournament::team::{LeastRank, LineUp};
    let mut t = new_event(LineUp::Free);
    let mut settings = t.settings.teams.clone().unwrap();
    settings.rules.least_rank = Some(LeastRank {
        board: 2,
        rank: "КМС".into(),
    });
    let teams = t.teams.clone();
    for (k, team) in teams.iter().enumerate() {
        for (i, &id) in team.roster.iter().enumerate() {
            let mut p = t.player(id).unwrap().clone();
            p.title = match (k, i) {
                (1, 1) => "1 разряд".into(),
                (_, 0) => "МС".into(),
                _ => "КМС".into(),
            };
            apply(&mut t, &Command::EditPlayer { player: p }).unwrap();
        }
    }
    let set = Command::SetTeams {
        teams: teams.clone(),
        settings: Some(settings),
    };
    apply(&mut t, &set).unwrap();
    let pair = Command::PairRound {
        round: 1,
        table_round: None,
    };
    let e = apply(&mut t, &pair).unwrap_err().to_string();
    // Team 1 is free in round 1 (five teams); team 2 plays.
    let weak = teams[1].roster[1];
    assert!(
        e.contains(&format!(
            // Numbered by the pairing that was refused (rolled back with it).
            "board 2 asks for at least the rank «КМС», and player {} (",
            t.player(weak).unwrap().full_name()
        )),
        "{e}"
    );
    let mut p = t.player(weak).unwrap().clone();
    p.title = "МС".into();
    apply(&mut t, &Command::EditPlayer { player: p }).unwrap();
    apply(&mut t, &pair).unwrap();
}

/// Russian practice's board criteria: the game points a team scored on board N, counted from
/// the boards' own results; in JSON under this program's code `BRD1` …, only when the event
/// ranks by them (the C.07 keys stay what FIDE's checker knows).
#[test]
fn a_board_criterion_counts_the_points_scored_on_that_board() {
    let mut t = import("rr05");
    let every = standings::every_criterion(&t, None);
    assert!(every[&TeamId(1)]
        .iter()
        .all(|(tb, _)| !matches!(tb, TeamTieBreak::Board(_))));
    let settings = t.settings.teams.as_mut().unwrap();
    settings.tiebreaks = vec![TeamTieBreak::Board(1), TeamTieBreak::Board(2)];
    let every = standings::every_criterion(&t, None);
    for team in &t.teams {
        // By hand: each match's k-th board, the team's player's points.
        let on_board = |k: usize| -> f64 {
            t.rounds
                .iter()
                .flat_map(|r| r.matches.iter().map(move |m| (r, m)))
                .filter(|(_, m)| m.home == team.id || m.away == team.id)
                .filter_map(|(r, m)| r.boards_of(m).nth(k))
                .map(|p| {
                    let (w, b) = p.halves();
                    let mine = if t.player_for(p, team.id) == p.white {
                        w
                    } else {
                        b
                    };
                    f64::from(mine) / 2.0
                })
                .sum()
        };
        for (n, k) in [(1u8, 0), (2, 1)] {
            let ours = every[&team.id]
                .iter()
                .find(|(tb, _)| *tb == TeamTieBreak::Board(n))
                .unwrap()
                .1;
            assert_eq!(ours, on_board(k), "team {} board {n}", team.id);
        }
    }
    assert_eq!(TeamTieBreak::Board(1).code(), "BRD1");
    assert_eq!(TeamTieBreak::Board(3).short().1, "Д3");
}

/// A ballot per team match: every board of a match plays the one opening drawn for it, each
/// match its own (never one already drawn in the event); a board chosen draws its whole match
/// again, the other matches keeping theirs.
#[test]
fn a_ballot_per_match_gives_every_board_of_a_match_one_opening() {
    use shashki_arbiter::tournament::command::{apply, Command};
    use shashki_arbiter::tournament::model::BallotPer;
    let mut t = event::read(std::path::Path::new("tournaments/shashki64-teams.ron")).unwrap();
    t.settings.format.ballot.as_mut().unwrap().per = BallotPer::Match;
    let last = t.rounds.len();
    for p in &mut t.rounds[last - 1].pairings {
        p.ballot = None;
    }
    let used_before = shashki_arbiter::tournament::command::used_cells(&t, "idf");
    let draw = |board| Command::DrawBallot {
        round: last,
        board,
        seed: 20261203,
        at: chrono::Utc::now(),
    };
    apply(&mut t, &draw(None)).unwrap();
    let r = t.rounds[last - 1].clone();
    let r = &r;
    let cell_of = |r: &shashki_arbiter::tournament::model::Round, b: usize| {
        r.pairings
            .iter()
            .find(|p| p.board == b)
            .unwrap()
            .ballot
            .clone()
            .unwrap()
            .cell
    };
    let mut cells = Vec::new();
    for m in &r.matches {
        let first = cell_of(r, m.boards[0]);
        assert!(
            m.boards.iter().all(|&b| cell_of(r, b) == first),
            "one opening a match"
        );
        assert!(!used_before.contains(&first), "{first} was drawn before");
        cells.push(first);
    }
    let distinct: std::collections::BTreeSet<_> = cells.iter().collect();
    assert_eq!(
        distinct.len(),
        r.matches.len(),
        "each match its own: {cells:?}"
    );
    // Board 2 of the second match chosen: that match again, the others as they were.
    let second = r.matches[1].clone();
    apply(&mut t, &draw(Some(second.boards[1]))).unwrap();
    let r2 = &t.rounds[last - 1];
    let again = cell_of(r2, second.boards[0]);
    assert!(second.boards.iter().all(|&b| cell_of(r2, b) == again));
    assert_ne!(again, cells[1]);
    assert_eq!(cell_of(r2, r.matches[0].boards[0]), cells[0]);
}

/// A ballot table per board of a match (IDF men's teams: boards 1–2 the IDF table, board 3 the
/// first move free): each board draws from its own table, a board without one draws nothing.
#[test]
fn each_board_of_a_match_draws_from_its_own_table() {
    use shashki_arbiter::tournament::command::{apply, Command};
    let mut t = event::read(std::path::Path::new("tournaments/shashki64-teams.ron")).unwrap();
    let settings = t.settings.teams.as_mut().unwrap();
    settings.ballot_tables.insert(2, "idf-basic".into());
    settings.ballot_tables.insert(3, String::new());
    let last = t.rounds.len();
    for p in &mut t.rounds[last - 1].pairings {
        p.ballot = None;
    }
    apply(
        &mut t,
        &Command::DrawBallot {
            round: last,
            board: None,
            seed: 7,
            at: chrono::Utc::now(),
        },
    )
    .unwrap();
    let r = &t.rounds[last - 1];
    for m in &r.matches {
        let ballot = |k: usize| {
            r.pairings
                .iter()
                .find(|p| p.board == m.boards[k])
                .unwrap()
                .ballot
                .clone()
        };
        assert_eq!(ballot(0).unwrap().table, "idf");
        assert_eq!(ballot(1).unwrap().table, "idf-basic");
        assert!(ballot(2).is_none(), "board 3: the first move free");
    }
}

/// Issue 53: a reserve seated in a line-up whose game has no result yet has played nothing: he is
/// listed without a place (the trial saw him 7th on his board before he had played).
#[test]
fn a_board_table_gives_no_place_without_a_game_played() {
    use shashki_arbiter::tournament::model::GameResult;
    let mut t = event::read(std::path::Path::new("tournaments/shashki64-teams.ron")).unwrap();
    // The last round's results not in yet: its players who played no earlier game have none.
    let last = t.rounds.len() - 1;
    for p in &mut t.rounds[last].pairings {
        for g in &mut p.games {
            *g = GameResult::Pending;
        }
    }
    let tables = standings::boards(&t, None);
    let lines: Vec<_> = tables.iter().flat_map(|b| &b.players).collect();
    assert!(lines.iter().any(|l| l.games > 0));
    for l in &lines {
        assert_eq!(
            l.place > 0,
            l.games > 0,
            "{}: {} games, place {}",
            l.name,
            l.games,
            l.place
        );
    }
    // Nothing played at all: no one placed.
    for r in &mut t.rounds {
        for p in &mut r.pairings {
            for g in &mut p.games {
                *g = GameResult::Pending;
            }
        }
    }
    let tables = standings::boards(&t, None);
    assert!(!tables.is_empty());
    assert!(tables.iter().flat_map(|b| &b.players).all(|l| l.place == 0));
}

/// Board prizes: with the regulation's least games, a player who played fewer is listed after
/// those placed, without a place ("—" in documents); shares print to a tenth, a half rounded up.
#[test]
fn a_board_table_places_only_players_with_the_least_games() {
    use shashki_arbiter::lang::Lang;
    use shashki_arbiter::report;
    let mut t = event::read(std::path::Path::new("tournaments/shashki64-teams.ron")).unwrap();
    let all = standings::boards(&t, None);
    let most = all
        .iter()
        .flat_map(|b| b.players.iter().map(|l| l.games))
        .max()
        .unwrap();
    let fewer = all
        .iter()
        .flat_map(|b| b.players.iter())
        .filter(|l| l.games < most)
        .count();
    assert!(fewer > 0, "the sample has a reserve with fewer games");
    // Without the regulation's least, everyone who played is placed (and no one who did not).
    assert!(all
        .iter()
        .flat_map(|b| &b.players)
        .all(|l| (l.place > 0) == (l.games > 0)));
    t.settings.teams.as_mut().unwrap().board_prize_games = Some(most);
    let tables = standings::boards(&t, None);
    for table in &tables {
        let places: Vec<usize> = table.players.iter().map(|l| l.place).collect();
        // Placed first (1, 2, …), then the unplaced (0).
        let placed = places.iter().take_while(|&&p| p > 0).count();
        assert!(places[placed..].iter().all(|&p| p == 0), "{places:?}");
        for l in &table.players {
            assert_eq!(l.place > 0, l.games >= most, "{}", l.name);
        }
    }
    let sections = report::team::board_sections(&t, &tables, Lang::Ru);
    assert!(sections.iter().any(|s| s.rows.iter().any(|r| r[0] == "—")));
    assert!(sections[0]
        .note
        .as_deref()
        .unwrap()
        .contains(&format!("сыгравшим не менее {most} партий")));
    // Shares: every one printed as its value rounded half up to a tenth.
    for (table, s) in tables.iter().zip(&sections) {
        for (l, row) in table.players.iter().zip(&s.rows) {
            if let Some(p) = l.percent {
                let tenth = (p * 10.0).round() / 10.0;
                assert_eq!(row[6], format!("{tenth:.1}").replace('.', ","));
            }
        }
    }
}

/// Once a round is paired, a roster's order is the line-ups' rule: moving its players is
/// refused naming the team (an arbiter's trial moved a board-1 player down after three rounds
/// without a word); a player may join at the end; a free line-up's roster order binds nothing.
#[test]
fn a_rosters_order_is_kept_once_the_event_has_begun() {
    use shashki_arbiter::tournament::command::{apply, Command};
    use shashki_arbiter::tournament::model::Player;
    use shashki_arbiter::tournament::team::LineUp;
    for mode in [LineUp::RosterOrder, LineUp::FixedBoards, LineUp::Free] {
        let mut t = new_event(mode);
        let settings = t.settings.teams.clone();
        let set = |teams| Command::SetTeams {
            teams,
            settings: settings.clone(),
        };
        let mut moved = t.teams.clone();
        moved[0].roster.swap(0, 1);
        // Before the first round the order is the arbiter's to set.
        assert!(apply(&mut t.clone(), &set(moved.clone())).is_ok());
        apply(
            &mut t,
            &Command::PairRound {
                round: 1,
                table_round: None,
            },
        )
        .unwrap();
        let refused = apply(&mut t.clone(), &set(moved.clone()));
        if mode == LineUp::Free {
            assert!(refused.is_ok(), "{mode:?}");
            continue;
        }
        let e = refused.unwrap_err().to_string();
        assert!(
            e.contains("team Team 1: the roster's order is the line-ups' rule"),
            "{e}"
        );
        let player = Player::new(PlayerId(16), "Reserve");
        apply(&mut t, &Command::AddPlayer { player }).unwrap();
        let mut joined = t.teams.clone();
        joined[0].roster.push(PlayerId(16));
        apply(&mut t, &set(joined)).unwrap();
        assert_eq!(t.teams[0].roster.last(), Some(&PlayerId(16)));
    }
}

/// TRF-26 team records: `310` teams (pairing number, name, short name, roster), `362` match
/// scoring, `192` the system — read as the FIDE checker reads them (the file's values are in the
/// gacrux reference); records that contradict each other are refused at their line.
#[test]
fn trf26_team_records_are_read_and_contradictions_refused_at_the_line() {
    let t = import("trf26-rr05");
    let settings = t.settings.teams.as_ref().unwrap();
    assert_eq!(settings.match_points.win, 3.0);
    assert_eq!(t.settings.system, System::RoundRobin);
    assert_eq!(t.teams.len(), 6);
    assert_eq!(
        (t.teams[4].name.as_str(), t.teams[4].short.as_str()),
        ("Team 5", "T5")
    );
    assert_eq!(t.teams[4].roster, import("rr05").teams[4].roster);
    let text = std::fs::read_to_string("tests/data/teams/trf26-rr05.trf").unwrap();
    let refused = |text: &str| trf::import("x.trf", text).unwrap_err().to_string();
    // 013 records beside the 310 ones (TRF-16's teams, rr05's): the same rosters are read; one
    // naming another roster is refused at its line.
    let old = std::fs::read_to_string("tests/data/teams/rr05.trf").unwrap();
    let old: Vec<&str> = old.lines().filter(|l| l.starts_with("013")).collect();
    let with_013 = |lines: &[String]| {
        text.replace(
            "310   1 Team 1",
            &format!("{}\n310   1 Team 1", lines.join("\n")),
        )
    };
    let same: Vec<String> = old.iter().map(|l| l.to_string()).collect();
    assert_eq!(
        trf::import("x.trf", &with_013(&same)).unwrap().teams,
        t.teams
    );
    let mut other = same.clone();
    other[1] = other[1].replace("   12", "   13");
    let e = refused(&with_013(&other));
    let at = text.lines().position(|l| l.starts_with("310   1")).unwrap() + 2;
    assert!(e.contains(&format!("x.trf:{at}:")), "{e}");
    assert!(
        e.contains("team `Team 2` differs from the 310 record of team 2"),
        "{e}"
    );
    let e = refused(&with_013(&same[..1]));
    assert!(
        e.contains("1 teams in 013 records, 6 in 310 records"),
        "{e}"
    );
    // Team numbers 1 to N, each once.
    let e = refused(&text.replace("310   6 Team 6", "310   7 Team 6"));
    assert!(e.contains("number the teams 1 to 6"), "{e}");
    // A colour sequence this program's matches do not play.
    let e = refused(&text.replace("XXR 5", "352 BWB\nXXR 5"));
    assert!(e.contains("colour sequence `BWB`"), "{e}");
    assert!(trf::import("x.trf", &text.replace("XXR 5", "352 WBWB\nXXR 5")).is_ok());
    let e = refused(&text.replace("362 TW 3.0", "362 TX 3.0"));
    assert!(e.contains("`TX` is not a match result"), "{e}");
}

/// Issue 53, items 4, 5 and 12: a match protocol writes each game as the first team's player's
/// points (`1` for his win with Black, never `1-0`, which reads as White's); a match not yet
/// played leaves its total blank for the pen; the English protocol quotes a team in English and
/// names its captain with a capital.
#[test]
fn a_match_protocol_writes_the_first_teams_points_and_leaves_an_unplayed_total_blank() {
    use shashki_arbiter::lang::Lang;
    use shashki_arbiter::report::match_protocol;
    use shashki_arbiter::rules::Color;
    use shashki_arbiter::tournament::model::GameResult;
    let mut t = event::read(std::path::Path::new("tournaments/shashki64-teams.ron")).unwrap();
    let (_home, board) = {
        let r = &t.rounds[0];
        let m = &r.matches[0];
        let p = r
            .boards_of(m)
            .find(|p| !t.has_white(p, m.home))
            .expect("a board where the first team has Black in game 1");
        (m.home, p.board)
    };
    let k = t.rounds[0].matches[0]
        .boards
        .iter()
        .position(|&b| b == board)
        .unwrap();
    let games_col = |doc: &shashki_arbiter::report::Document| {
        let s = &doc.sections[0];
        let col = s.header.iter().position(|h| h == "Партии").unwrap();
        (s.rows[k][col].clone(), s.rows[k][col + 1].clone())
    };
    // The first team's player, with Black in game 1, wins it; game 2 (his White) is drawn.
    let p = t.rounds[0]
        .pairings
        .iter_mut()
        .find(|p| p.board == board)
        .unwrap();
    assert_eq!(p.colour_of(p.black, 0), Some(Color::Black));
    p.games = vec![GameResult::BlackWins, GameResult::Draw];
    let doc = match_protocol::protocols(&t, Some(1), Lang::Ru);
    assert_eq!(
        games_col(&doc),
        ("1, ½".to_string(), "1,5 : 0,5".to_string())
    );
    // Forfeits as the board's side reads them.
    let p = t.rounds[0]
        .pairings
        .iter_mut()
        .find(|p| p.board == board)
        .unwrap();
    p.games = vec![GameResult::BlackByForfeit, GameResult::WhiteByForfeit];
    let doc = match_protocol::protocols(&t, Some(1), Lang::Ru);
    assert_eq!(games_col(&doc), ("+, +".to_string(), "+ : −".to_string()));
    // A match not yet played: no games, no «0 : 0» in its total.
    let r = &mut t.rounds[0];
    let boards = r.matches[0].boards.clone();
    for p in r.pairings.iter_mut().filter(|p| boards.contains(&p.board)) {
        p.games = vec![GameResult::Pending; 2];
    }
    let doc = match_protocol::protocols(&t, Some(1), Lang::Ru);
    let s = &doc.sections[0];
    let total = s.rows.iter().find(|r| r[1] == "Очки на досках").unwrap();
    assert_eq!(
        total.last().unwrap(),
        "",
        "an unplayed match's total is left blank"
    );
    assert_eq!(games_col(&doc), (String::new(), String::new()));
    // English: a team in English quotes, "Captain" with a capital.
    let doc = match_protocol::protocols(&t, Some(1), Lang::En);
    let s = &doc.sections[0];
    let all: Vec<&String> = s.lines.iter().chain(&s.signatures).chain(&s.note).collect();
    assert!(
        all.iter().all(|l| !l.contains('«') && !l.contains('»')),
        "{all:?}"
    );
    assert!(
        s.signatures[0].starts_with("Captain of “"),
        "{}",
        s.signatures[0]
    );
    assert!(
        s.lines.iter().any(|l| l.contains("; Captain: ")),
        "{:?}",
        s.lines
    );
    assert!(
        !s.lines.iter().any(|l| l.contains("captain")),
        "{:?}",
        s.lines
    );
}
