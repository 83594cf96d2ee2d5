//! Events saved by the previous version (schema 1, frozen in `tests/data/saved/v1/`) open, keep
//! every fact, undo their whole journal, and are written as schema 2 at their next change with
//! the schema-1 file kept beside them; a newer schema is refused and never written over.

use std::path::{Path, PathBuf};

use chrono::Utc;
use shashki_arbiter::rules::Color;
use shashki_arbiter::store::event::{self, EventError, EventFile, Notice};
use shashki_arbiter::tournament::id::GameRef;
use shashki_arbiter::tournament::model::PlayerId;
use shashki_arbiter::tournament::model::{GameResult, SCHEMA};
use shashki_arbiter::tournament::standings;
use shashki_arbiter::tournament::team::TeamId;

const V1: &str = "tests/data/saved/v1";

fn copy_to_temp(name: &str, files: &[&str]) -> PathBuf {
    let d = std::env::temp_dir().join(format!("sa-v1-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    for f in files {
        std::fs::copy(Path::new(V1).join(f), d.join(f)).unwrap();
    }
    d
}

/// A schema-1 field as the file writes it: `field: "text"`.
fn v1_text(file: &str, field: &str) -> Option<String> {
    let text = std::fs::read_to_string(Path::new(V1).join(file)).unwrap();
    let line = text
        .lines()
        .find(|l| l.trim_start().starts_with(&format!("{field}: ")))?;
    let value = line.trim().trim_start_matches(&format!("{field}: "));
    Some(value.trim_end_matches(',').trim_matches('"').to_string())
}

#[test]
fn every_frozen_event_opens_with_its_settings_players_rounds_and_standings() {
    for (file, schema2) in [
        (
            "international-round-robin.ron",
            "tournaments/international-round-robin.ron",
        ),
        (
            "shashki64-round-robin.ron",
            "tournaments/shashki64-round-robin.ron",
        ),
        // The Swiss sample was paired again by today's Swiss rules (2026-12-03): the event as
        // it was shipped until then, in schema 2, is kept beside the frozen files.
        ("open-swiss-48.ron", "tests/data/saved/open-swiss-48.v2.ron"),
    ] {
        let (old, older) = event::read_versioned(&Path::new(V1).join(file)).unwrap();
        assert_eq!(older.map(|o| o.schema), Some(1), "{file}");
        assert_eq!(old.schema, SCHEMA);
        // The time control came in as text and reads back as the same text.
        assert_eq!(
            old.settings.time_control.to_string(),
            v1_text(file, "time_control").unwrap(),
            "{file}"
        );
        assert_eq!(old.settings.name, v1_text(file, "name").unwrap(), "{file}");
        // The sample shipped today is the same event written as schema 2.
        let (mut new, none) = event::read_versioned(Path::new(schema2)).unwrap();
        assert!(none.is_none(), "{schema2} is schema 2");
        // Less what schema 1 had no field for and the samples have since been given: the
        // players' sex (an optional field, read as unknown from an older file), the paperwork
        // (organiser, КП №, the panel's categories: the chief arbiter's category moved out of
        // his name into its field).
        assert!(old.players.iter().all(|p| p.sex.is_none()), "{file}");
        for p in &mut new.players {
            p.sex = None;
        }
        assert!(old.settings.paperwork.is_empty(), "{file}");
        assert!(
            old.settings
                .chief_arbiter
                .starts_with(&new.settings.chief_arbiter),
            "{file}"
        );
        new.settings.chief_arbiter = old.settings.chief_arbiter.clone();
        new.settings.paperwork = Default::default();
        // The samples stay schema 2 (nothing in them needs 3); an upgraded file is current.
        assert_eq!(new.schema, 2, "{file}");
        new.schema = old.schema;
        assert_eq!(old, new, "{file}");
        assert_eq!(
            standings::compute(&old, None),
            standings::compute(&new, None),
            "{file}"
        );
    }
}

#[test]
fn a_schema_1_journal_undoes_to_the_start_and_the_old_file_is_kept() {
    for (name, players_at_start) in [("every-command", 0), ("swiss-pairings", 0)] {
        let ron = format!("{name}.ron");
        let journal = format!("{name}.journal");
        let d = copy_to_temp(name, &[&ron, &journal]);
        let path = d.join(&ron);
        let original = std::fs::read(&path).unwrap();
        let mut f = EventFile::open(&path).unwrap();
        assert!(
            f.notices
                .iter()
                .any(|n| matches!(n, Notice::OlderSchema { .. })),
            "{name}: the arbiter is told"
        );
        let entries = f.journal().len();
        assert!(entries >= 9, "{name}: {entries}");
        // Nothing is written until something changes.
        assert_eq!(std::fs::read(&path).unwrap(), original);
        let backup = event::v1_backup_path(&path);
        assert!(!backup.exists());
        let mut undone = 0;
        loop {
            match f.undo(Utc::now()) {
                Ok(_) => undone += 1,
                Err(EventError::NothingToUndo) => break,
                Err(e) => panic!("{name}: undo {}: {e}", undone + 1),
            }
        }
        assert!(undone > 5, "{name}: {undone}");
        assert_eq!(f.tournament.players.len(), players_at_start, "{name}");
        assert!(f.tournament.rounds.is_empty(), "{name}");
        // The first save wrote schema 2 and kept the schema-1 file as it was.
        assert_eq!(std::fs::read(&backup).unwrap(), original, "{name}");
        let now = std::fs::read_to_string(&path).unwrap();
        assert!(now.contains(&format!("schema: {SCHEMA},")), "{name}");
        assert!(now.contains("settings: ("), "{name}");
        // Reopened: schema 2, no notice, the journal still whole.
        // One writer at a time: the first lets the event go before it is opened again.
        drop(f);
        let g = EventFile::open(&path).unwrap();
        assert!(g.notices.is_empty(), "{name}: {:?}", g.notices);
        assert_eq!(g.journal().len(), entries + undone);
        // A second upgrade never replaces the first copy.
        drop(g);
        std::fs::write(&path, &original).unwrap();
        let mut h = EventFile::open(&path).unwrap();
        h.undo(Utc::now()).ok();
        assert_eq!(std::fs::read(&backup).unwrap(), original, "{name}");
        std::fs::remove_dir_all(&d).unwrap();
    }
}

#[test]
fn the_extra_micromatch_clock_is_typed_and_an_unreadable_one_is_named_not_kept() {
    let d = copy_to_temp("extra", &["every-command.ron"]);
    let path = d.join("every-command.ron");
    let t = event::read(&path).unwrap();
    let extra = t.settings.format.extra_time_control.clone().unwrap();
    assert_eq!(extra.to_string(), "5m+3s");
    assert_eq!(t.extra_time_control(), &extra);
    // Schema 1 never checked this field: text that is no time control is not carried over,
    // and the arbiter is told which.
    let text = std::fs::read_to_string(&path).unwrap().replace(
        "extra_time_control: \"5m+3s\"",
        "extra_time_control: \"5 минут\"",
    );
    std::fs::write(&path, &text).unwrap();
    let f = EventFile::open(&path).unwrap();
    assert_eq!(f.tournament.settings.format.extra_time_control, None);
    assert_eq!(
        f.tournament.extra_time_control(),
        &f.tournament.settings.time_control
    );
    let notice = f.notices[0].to_string();
    assert!(notice.contains("`5 минут`"), "{notice}");
    assert!(f.notices[0].ru().contains("`5 минут`"));
    // The event's own clock must be one: that file is refused, named, and left as it is.
    drop(f);
    let bad = text.replace(
        "time_control: \"45m/20,15m\"",
        "time_control: \"сорок пять\"",
    );
    std::fs::write(&path, &bad).unwrap();
    let e = EventFile::open(&path).err().unwrap().to_string();
    assert!(
        e.contains("every-command.ron") && e.contains("сорок пять") && e.contains("untouched"),
        "{e}"
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), bad);
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn a_newer_schema_is_refused_and_never_written_over() {
    let d = copy_to_temp("newer", &["every-command.ron", "every-command.journal"]);
    let path = d.join("every-command.ron");
    let text = std::fs::read_to_string(&path).unwrap().replacen(
        "schema: 1,",
        &format!("schema: {},", SCHEMA + 1),
        1,
    );
    std::fs::write(&path, &text).unwrap();
    let e = EventFile::open(&path).err().unwrap();
    assert!(matches!(e, EventError::Newer { .. }), "{e}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
    assert!(!event::v1_backup_path(&path).exists());
    std::fs::remove_dir_all(&d).unwrap();
}

/// The name of a command's kind; no wildcard, so a new kind does not compile until it is here
/// (and then the test below wants it covered).
fn kind(cmd: &shashki_arbiter::tournament::command::Command) -> &'static str {
    use shashki_arbiter::tournament::command::Command as C;
    match cmd {
        C::AddPlayer { .. } => "add_player",
        C::EditPlayer { .. } => "edit_player",
        C::RemovePlayer { .. } => "remove_player",
        C::Withdraw { .. } => "withdraw",
        C::DrawNumbers { .. } => "draw_numbers",
        C::SetNumbers { .. } => "set_numbers",
        C::PairRound { .. } => "pair_round",
        C::DrawTableRound { .. } => "draw_table_round",
        C::SetPairings { .. } => "set_pairings",
        C::SetForbidden { .. } => "set_forbidden",
        C::UnpairRound { .. } => "unpair_round",
        C::DrawBallot { .. } => "draw_ballot",
        C::SetBallot { .. } => "set_ballot",
        C::SetBallots { .. } => "set_ballots",
        C::SetResult { .. } => "set_result",
        C::SetExtraResult { .. } => "set_extra_result",
        C::SetSettings { .. } => "set_settings",
        C::SetNotes { .. } => "set_notes",
        C::SetRecord { .. } => "set_record",
        C::SetTiebreaks { .. } => "set_tiebreaks",
        C::LockRound { .. } => "lock_round",
        C::Batch { .. } => "batch",
        C::UnlockRound { .. } => "unlock_round",
        C::SetTeams { .. } => "set_teams",
        C::SetMatches { .. } => "set_matches",
        C::PairTeams { .. } => "pair_teams",
        C::SetLineUp { .. } => "set_line_up",
        C::AddDeputy { .. } => "add_deputy",
        C::RemoveDeputy { .. } => "remove_deputy",
        C::RevokeDeputy { .. } => "revoke_deputy",
        C::KeepRevoked { .. } => "keep_revoked",
        C::SetPending { .. } => "set_pending",
        C::RestoreRound { .. } => "restore_round",
        C::Decide { .. } => "decide",
        C::SetCategories { .. } => "set_categories",
        C::SetPrizes { .. } => "set_prizes",
        C::SetCheckedIn { .. } => "set_checked_in",
        C::SetSchedule { .. } => "set_schedule",
        C::Expel { .. } => "expel",
        C::SetLot { .. } => "set_lot",
    }
}

const ALL_KINDS: usize = 40;

/// Every kind of change, as the frozen journals hold them (every command an arbiter made in
/// them): replayed from the state before it, it gives the saved state after it, and its undo
/// gives back the state before, field for field. The states before are the saved one taken back
/// entry by entry with the journal's own undos.
#[test]
fn every_kind_of_change_replays_and_its_undo_gives_back_the_state_before() {
    use shashki_arbiter::store::event::Entry;
    use shashki_arbiter::tournament::command::{applied, Command};
    let mut covered = std::collections::BTreeSet::new();
    for name in ["every-command", "swiss-pairings"] {
        let end = event::read(&Path::new(V1).join(format!("{name}.ron"))).unwrap();
        let journal =
            std::fs::read_to_string(Path::new(V1).join(format!("{name}.journal"))).unwrap();
        let entries: Vec<Entry> = journal
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        // The event before the first entry: the saved one taken back with the journal's undos.
        let mut state = end.clone();
        for e in entries.iter().rev() {
            state = applied(&state, &e.undo)
                .unwrap_or_else(|err| panic!("{name} seq {}: its undo: {err}", e.seq))
                .0;
        }
        // Forward again, change by change.
        let mut states = vec![state];
        for e in &entries {
            let before = states.last().unwrap();
            let (after, undo) = applied(before, &e.command)
                .unwrap_or_else(|err| panic!("{name} seq {}: {err}", e.seq));
            let (back, _) = applied(&after, &undo).unwrap();
            assert_eq!(&back, before, "{name} seq {}: undone", e.seq);
            // A kind counts once one of its changes changed something (an undo that does
            // nothing passes on a change that did nothing).
            if before != &after {
                covered.insert(kind(&e.command));
            }
            states.push(after);
        }
        assert_eq!(
            states.last().unwrap(),
            &end,
            "{name}: replayed, the saved event"
        );
        // Kinds whose journaled changes happen to change nothing here, made to change something:
        // numbers swapped before any round, a drawn ballot taken off (one board, then all).
        let mut changed = |before: &shashki_arbiter::tournament::model::Tournament,
                           cmd: Command| {
            let (after, undo) = applied(before, &cmd).unwrap_or_else(|e| panic!("{cmd:?}: {e}"));
            assert_ne!(&after, before, "{cmd:?} changed nothing");
            assert_eq!(&applied(&after, &undo).unwrap().0, before, "{cmd:?} undone");
            covered.insert(kind(&cmd));
        };
        if let Some(t) = states.iter().find(|t| {
            t.rounds.is_empty() && t.players.iter().filter(|p| p.number.is_some()).count() > 1
        }) {
            let mut numbers: Vec<_> = t.players.iter().map(|p| (p.id, p.number)).collect();
            let last = numbers.len() - 1;
            let (a, b) = (numbers[0].1, numbers[last].1);
            numbers[0].1 = b;
            numbers[last].1 = a;
            changed(
                t,
                Command::SetNumbers {
                    numbers,
                    seed: None,
                },
            );
        }
        if let Some((t, round, board)) = states.iter().find_map(|t| {
            let r = t.rounds.last()?;
            let p = r.pairings.iter().find(|p| p.ballot.is_some())?;
            Some((t, r.number, p.board))
        }) {
            changed(
                t,
                Command::SetBallot {
                    round,
                    board,
                    ballot: None,
                },
            );
            let round_of = t.rounds.iter().find(|r| r.number == round).unwrap();
            let ballots = round_of.pairings.iter().map(|p| (p.board, None)).collect();
            changed(t, Command::SetBallots { round, ballots });
        }
        // A score sheet (a kind newer than these journals): stored, replaced, removed.
        if let Some(t) = states.iter().find(|t| !t.rounds.is_empty()) {
            let (round, board) = (t.rounds[0].number, t.rounds[0].pairings[0].board);
            let set = |moves: Option<&str>| Command::SetRecord {
                game: GameRef {
                    round,
                    board,
                    game: 0,
                },
                moves: moves.map(str::to_string),
            };
            changed(t, set(Some("1. cd4 fe5")));
            let with = applied(t, &set(Some("1. cd4 fe5"))).unwrap().0;
            changed(&with, set(Some("1. ab4")));
            changed(&with, set(None));
        }
        // An expulsion (a kind newer than these journals): made, then taken back.
        if let Some(t) = states.iter().find(|t| !t.rounds.is_empty()) {
            let id = t.players[0].id;
            let expel = |on: bool| Command::Expel {
                id,
                expelled: on.then(|| shashki_arbiter::tournament::model::Expelled {
                    after_round: t.rounds.len(),
                    reason: "insulted the arbiter".into(),
                }),
                withdrawn_after: on.then_some(t.rounds.len()),
            };
            changed(t, expel(true));
            let with = applied(t, &expel(true)).unwrap().0;
            changed(&with, expel(false));
            // A lot for the places (also newer): drawn, then taken back.
            changed(t, Command::SetLot { seed: Some(7) });
            let with = applied(t, &Command::SetLot { seed: Some(7) }).unwrap().0;
            changed(&with, Command::SetLot { seed: None });
        }
        // Categories (a kind newer than these journals): one set, then the list emptied.
        if let Some(t) = states.iter().find(|t| !t.players.is_empty()) {
            use shashki_arbiter::tournament::category::Category;
            let women = Category {
                id: "w".into(),
                name: "Women".into(),
                name_ru: "Женщины".into(),
                sex: Some(shashki_arbiter::tournament::model::Sex::Female),
                players: vec![t.players[0].id],
                ..Category::default()
            };
            let set = |categories| Command::SetCategories { categories };
            changed(t, set(vec![women.clone()]));
            let with = applied(t, &set(vec![women])).unwrap().0;
            changed(&with, set(vec![]));
            use shashki_arbiter::tournament::prize::{List, Prize, Prizes, Split};
            let prizes = Prizes {
                prizes: vec![Prize {
                    list: List::Main,
                    place: 1,
                    amount: Some(5000),
                    title: Some("кубок".into()),
                }],
                one_per_player: false,
                split: Split::Points,
            };
            changed(t, Command::SetPrizes { prizes });
            // Check-in and schedule (kinds newer than these journals).
            let present = vec![t.players[0].id];
            changed(t, Command::SetCheckedIn { players: present });
            use shashki_arbiter::tournament::schedule::{RoundStart, Schedule};
            let schedule = Schedule {
                rounds: vec![RoundStart {
                    round: 1,
                    date: chrono::NaiveDate::from_ymd_opt(2026, 12, 7).unwrap(),
                    time: chrono::NaiveTime::from_hms_opt(10, 0, 0),
                }],
                default_minutes: Some(30),
            };
            changed(t, Command::SetSchedule { schedule });
        }
        // Teams (kinds newer than these journals): the players in two teams, then an imported
        // team event's first match with its teams named the other way round.
        if let Some(t) = states
            .iter()
            .find(|t| t.rounds.is_empty() && t.players.len() >= 4)
        {
            use shashki_arbiter::tournament::team::{Team, TeamSettings};
            let ids: Vec<_> = t.players.iter().map(|p| p.id).collect();
            let (a, b) = ids.split_at(ids.len() / 2);
            let team = |id, name: &str, roster: &[PlayerId]| Team {
                id,
                name: name.into(),
                short: String::new(),
                club: String::new(),
                captain: String::new(),
                roster: roster.to_vec(),
            };
            let teams = vec![team(TeamId(1), "A", a), team(TeamId(2), "B", b)];
            let settings = Some(TeamSettings::new(2, t.settings.system));
            changed(t, Command::SetTeams { teams, settings });
        }
        // A line-up: a team's reserve in for its second board before the round's results.
        {
            let mut paired = teams_from("tests/data/teams/rr03.trf");
            paired.rounds.clear();
            let pair = Command::PairRound {
                round: 1,
                table_round: None,
            };
            let paired = applied(&paired, &pair).unwrap().0;
            let m = &paired.rounds[0].matches[0];
            let roster = paired.team(m.home).unwrap().roster.clone();
            let players = vec![roster[0], roster[1], roster[3]];
            let team = m.home;
            changed(
                &paired,
                Command::SetLineUp {
                    round: 1,
                    team,
                    players,
                },
            );
        }
        let path = "tests/data/teams/rr03.trf";
        let text = std::fs::read_to_string(path).unwrap();
        let teams = shashki_arbiter::tournament::team::trf::import(path, &text).unwrap();
        let r = &teams.rounds[0];
        let mut matches = r.matches.clone();
        let m = &mut matches[0];
        (m.home, m.away) = (m.away, m.home);
        let byes = r.team_byes.clone();
        changed(
            &teams,
            Command::SetMatches {
                round: 1,
                matches,
                byes,
                absent: vec![],
            },
        );
        // A team Swiss's round as C.04.6 proposes it, on an event gacrux paired, its last
        // round taken off first.
        {
            use shashki_arbiter::tournament::team::swiss::propose::propose;
            let mut swiss = teams_from("tests/data/teams/c046/e01.trf");
            let last = swiss.rounds.pop().unwrap();
            let p = propose(&swiss, last.number, &last.team_absent, Color::White);
            assert!(p.impossible.is_none() && !p.matches.is_empty(), "{p:?}");
            changed(&swiss, p.command(&swiss));
        }
        // A round taken back and put back (the undo of taking it back, any system), and a tied
        // knockout encounter decided by the arbiter (kinds newer than these journals).
        if let Some(t) = states.iter().find(|t| {
            t.rounds
                .last()
                .is_some_and(|r| r.pairings.iter().all(|p| !p.scored() && p.ballot.is_none()))
        }) {
            let mut without = t.clone();
            let last = without.rounds.pop().unwrap();
            changed(
                &without,
                Command::RestoreRound {
                    round: Box::new(last),
                },
            );
        }
        {
            use shashki_arbiter::tournament::model::{Decision, GameResult, Player, System};
            let mut ko = shashki_arbiter::tournament::Tournament::new(
                "cup",
                shashki_arbiter::rules::Variant::Russian,
                System::Knockout,
                "45m".parse().unwrap(),
                1,
            );
            for i in 1..=2 {
                ko = applied(
                    &ko,
                    &Command::AddPlayer {
                        player: Player::new(PlayerId(i), format!("P{i}")),
                    },
                )
                .unwrap()
                .0;
            }
            let d = shashki_arbiter::tournament::system::of(&ko)
                .propose(&ko, 1)
                .unwrap();
            ko = applied(&ko, &d.command).unwrap().0;
            let draw = Command::SetResult {
                game: GameRef {
                    round: 1,
                    board: 1,
                    game: 0,
                },
                result: GameResult::Draw,
            };
            ko = applied(&ko, &draw).unwrap().0;
            changed(
                &ko,
                Command::Decide {
                    round: 1,
                    board: 1,
                    decision: Some(Decision {
                        winner: PlayerId(2),
                        reason: "lot".into(),
                    }),
                },
            );
        }
        let mut revocation_kept = false;
        // Deputies (kinds newer than these journals): one added and taken back; revoked, which
        // its undo leaves revoked (a revoked code never works again); a result he sent kept
        // for the arbiter on a game without one.
        if let Some((t, round, board)) = states.iter().find_map(|t| {
            let r = t.rounds.iter().find(|r| !r.locked)?;
            let p = r
                .pairings
                .iter()
                .find(|p| p.games[0] == GameResult::Pending)?;
            Some((t, r.number, p.board))
        }) {
            use shashki_arbiter::tournament::deputy::{Boards, Deputy, Submitted};
            let at = chrono::DateTime::from_timestamp(1_700_000_000, 0).unwrap();
            let code = "abcde-fghjk-mnpqr-stvwx-yz012";
            let d = Deputy::new("Петров", Boards::parse("1-2").unwrap(), code, at);
            changed(t, Command::AddDeputy { deputy: d.clone() });
            let with = applied(t, &Command::AddDeputy { deputy: d }).unwrap().0;
            let name = "Петров".to_string();
            changed(&with, Command::RemoveDeputy { name: name.clone() });
            let (revoked, undo) = applied(
                &with,
                &Command::RevokeDeputy {
                    name: name.clone(),
                    at,
                },
            )
            .unwrap();
            assert!(with.deputy_by_code(code).is_some() && revoked.deputy_by_code(code).is_none());
            assert_eq!(undo, Command::KeepRevoked { name: name.clone() });
            let (kept, _) = applied(&revoked, &undo).unwrap();
            assert_eq!(
                kept, revoked,
                "the undo of a revocation keeps the code revoked"
            );
            revocation_kept = true;
            let sent = Submitted {
                round,
                board,
                game: 0,
                result: GameResult::WhiteWins,
                by: name,
                address: "192.168.1.23".into(),
                at,
            };
            changed(
                t,
                Command::SetPending {
                    round,
                    board,
                    game: 0,
                    pending: Some(sent),
                },
            );
        }
        // A batch: the last two changes as one, undone as one.
        let n = entries.len();
        let batch = Command::Batch {
            commands: vec![
                entries[n - 2].command.clone(),
                entries[n - 1].command.clone(),
            ],
        };
        let (after, undo) = applied(&states[n - 2], &batch).unwrap();
        assert_eq!(after, states[n], "{name}: the batch does both");
        assert_eq!(
            applied(&after, &undo).unwrap().0,
            states[n - 2],
            "{name}: one undo"
        );
        covered.insert(kind(&batch));
        if revocation_kept {
            covered.extend(["revoke_deputy", "keep_revoked"]);
        }
    }
    assert_eq!(covered.len(), ALL_KINDS, "kinds covered: {covered:?}");
}

fn teams_from(path: &str) -> shashki_arbiter::tournament::model::Tournament {
    let text = std::fs::read_to_string(path).unwrap();
    shashki_arbiter::tournament::team::trf::import(path, &text).unwrap()
}
