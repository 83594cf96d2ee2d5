//! ЕВСК rank norms (issue 27) against hand computations: the sample event's participants (each
//! number below worked out from the roster and the results, with the table of docs/evsk.md), and
//! one small event per option (rounding, minimum players, minimum games, the junior unranked).

use std::process::Command;

use shashki_arbiter::rules::Variant;
use shashki_arbiter::tournament::model::*;
use shashki_arbiter::tournament::norms::{self, Kind, Options, Rounding, Table};

fn norms_json(file: &str, extra: &[&str]) -> serde_json::Value {
    let out = Command::new(env!("CARGO_BIN_EXE_shashki-arbiter"))
        .args(["norms", file, "--format", "json"])
        .args(extra)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

fn player<'a>(v: &'a serde_json::Value, name: &str) -> &'a serde_json::Value {
    v["players"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == name)
        .unwrap_or_else(|| panic!("{name}"))
}

/// The шашки-64 sample after round 6: 10 players, 10 games each (5 micromatches). By hand, with
/// the roster's ranks (ГМ −2, МС −1, КМС 0, 1 разряд 1, 2 разряд 2):
/// - Васильев (КМС): opponents' coefficients sum −4 over 10 games, k = −0.40; КМС percents sum
///   440 → 4.4 → 4.5; he scored 6 → confirms КМС.
/// - Фёдоров (2 разряд): k −0.40; КМС 440 → 4.5, I 290 → 3.0, II 160 → 1.5; scored 3 → met I.
/// - Новиков (2 разряд): the same opponents' mix, scored 1: below every norm.
/// - Соколов (1 разряд): k 0.40; КМС 560 → 5.5, I 410 → 4.0; scored 4 → confirms I.
/// - ГМ and МС players: no norm to compute.
#[test]
fn the_samples_norms_are_those_computed_by_hand() {
    let v = norms_json("tournaments/shashki64-round-robin.ron", &[]);
    assert_eq!(v["table"]["edition"], "club-2018");
    assert_eq!(v["options"]["rounding"], "half_up");
    assert_eq!(v["options"]["min_players"], 8);
    assert_eq!(v["options"]["min_games"], 7);
    assert_eq!(v["eligible"], true);
    assert!(v["reason"].is_null());
    let vasiliev = player(&v, "Васильев Алексей");
    assert_eq!(vasiliev["rank"], "КМС");
    assert_eq!(vasiliev["coefficient"], -0.4);
    assert_eq!(vasiliev["games"], 10);
    assert_eq!(vasiliev["score"], 6.0);
    assert_eq!(vasiliev["norms"]["КМС"]["required"], 1);
    assert_eq!(vasiliev["norms"]["КМС"]["norm"], 4.5);
    assert_eq!(vasiliev["norms"]["КМС"]["met"], true);
    assert_eq!(vasiliev["norms"].as_object().unwrap().len(), 1);
    assert_eq!(vasiliev["result"], "КМС");
    assert_eq!(vasiliev["kind"], "подтвердил");
    let fedorov = player(&v, "Фёдоров Андрей");
    assert_eq!(fedorov["rank"], "II");
    assert_eq!(fedorov["norms"]["КМС"]["norm"], 4.5);
    assert_eq!(fedorov["norms"]["I"]["norm"], 3.0);
    assert_eq!(fedorov["norms"]["II"]["norm"], 1.5);
    assert_eq!(fedorov["norms"]["I"]["met"], true);
    assert_eq!(fedorov["result"], "I");
    assert_eq!(fedorov["kind"], "выполнил");
    let novikov = player(&v, "Новиков Михаил");
    assert!(novikov["result"].is_null() && novikov["kind"].is_null());
    assert_eq!(novikov["norms"]["II"]["met"], false);
    let sokolov = player(&v, "Соколов Евгений");
    assert_eq!(sokolov["coefficient"], 0.4);
    assert_eq!(sokolov["norms"]["КМС"]["norm"], 5.5);
    assert_eq!(sokolov["norms"]["I"]["norm"], 4.0);
    assert_eq!(sokolov["result"], "I");
    assert_eq!(sokolov["kind"], "подтвердил");
    let grandmaster = player(&v, "Смирнов Иван");
    assert_eq!(grandmaster["rank"], "ГР");
    assert!(grandmaster["norms"].as_object().unwrap().is_empty());
    assert!(grandmaster["result"].is_null());
}

/// The towers sample: 4 games each, fewer than 7: every participant has no norms and a reason.
#[test]
fn too_few_games_give_no_norm_and_say_why() {
    let v = norms_json("tournaments/towers-round-robin.ron", &["--lang", "en"]);
    for p in v["players"].as_array().unwrap() {
        assert!(p["norms"].as_object().unwrap().is_empty(), "{p}");
        assert_eq!(
            p["reason"], "4 games played: a norm needs at least 7",
            "{p}"
        );
    }
}

/// An unranked adult A and nine opponents: five КМС (coefficient 0) and three of I разряд (1),
/// one game each, A scoring 3 (wins against the first three КМС). For rank I the table gives
/// 35 % against 0 and 50 % against 1: 5 × 35 + 3 × 50 = 325 hundredths = 3.25 points; k =
/// 3/8 = 0.375.
fn event() -> Tournament {
    let mut t = Tournament::new(
        "norms",
        Variant::Russian,
        System::Swiss,
        "45m".parse().unwrap(),
        1,
    );
    t.settings.dates = "2026-11-28 – 2026-12-02".into();
    let mut add = |id: u32, title: &str, birth: u16| {
        t.players.push(Player {
            title: title.into(),
            birth_year: Some(birth),
            number: Some(id as usize),
            ..Player::new(PlayerId(id), format!("P{id}"))
        })
    };
    add(1, "", 1990);
    for id in 2..=6 {
        add(id, "КМС", 1990);
    }
    for id in 7..=9 {
        add(id, "1 разряд", 1990);
    }
    for (r, opponent) in (2..=9u32).enumerate() {
        let result = if r < 3 {
            GameResult::WhiteWins
        } else {
            GameResult::BlackWins
        };
        t.rounds.push(Round {
            number: r + 1,
            pairings: vec![Pairing::new(
                1,
                PlayerId(1),
                PlayerId(opponent),
                vec![result],
            )],
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

fn of_a(t: &Tournament, options: Options) -> norms::PlayerNorms {
    let table = Table::shipped();
    norms::compute(t, None, table, &options)
        .players
        .into_iter()
        .find(|p| p.id == PlayerId(1))
        .unwrap()
}

fn defaults() -> Options {
    Table::shipped().options
}

#[test]
fn rounding_half_up_half_even_and_none() {
    let t = event();
    let a = of_a(&t, defaults());
    assert_eq!(a.rank, "б/р");
    assert_eq!(a.coefficient, Some(0.375));
    assert_eq!(a.score, 3.0);
    let rank_i = |a: &norms::PlayerNorms| a.norms.iter().find(|r| r.rank == "I").unwrap().clone();
    // 3.25 → 3.5 (a quarter up): 3 points do not meet it; II (5 × 20 + 3 × 35 = 205 → 2.0)
    // is the highest met.
    assert_eq!(rank_i(&a).norm, 3.5);
    assert_eq!(a.result.as_deref(), Some("II"));
    assert_eq!(a.kind, Some(Kind::Met));
    // 3.25 → 3.0 (a quarter to the even half): met, a rank above his.
    let even = of_a(
        &t,
        Options {
            rounding: Rounding::HalfEven,
            ..defaults()
        },
    );
    assert_eq!(rank_i(&even).norm, 3.0);
    assert_eq!(even.result.as_deref(), Some("I"));
    assert_eq!(even.kind, Some(Kind::Met));
    // Not rounded: 3.25, not met.
    let none = of_a(
        &t,
        Options {
            rounding: Rounding::None,
            ..defaults()
        },
    );
    assert_eq!(rank_i(&none).norm, 3.25);
    assert_eq!(none.result.as_deref(), Some("II"));
    // An unranked player is measured against all seven ranks, КМС first: 5 × 50 + 3 × 65 = 445
    // → 4.5.
    let ranks: Vec<&str> = a.norms.iter().map(|r| r.rank.as_str()).collect();
    assert_eq!(ranks, ["КМС", "I", "II", "III", "I юн", "II юн", "III юн"]);
    assert_eq!(a.norms[0].norm, 4.5);
}

#[test]
fn minimum_players_and_games() {
    let t = event();
    let few_players = norms::compute(
        &t,
        None,
        Table::shipped(),
        &Options {
            min_players: 10,
            ..defaults()
        },
    );
    assert!(!few_players.eligible);
    assert_eq!(
        few_players.reason.as_ref().unwrap().ru,
        "участников 9: для нормы нужно не менее 10"
    );
    assert!(few_players.players.iter().all(|p| p.norms.is_empty()));
    // Every participant carries the event's reason (evsk.md: none has `null`).
    for p in &few_players.players {
        assert_eq!(p.reason.as_ref(), few_players.reason.as_ref(), "{}", p.name);
    }
    let few_games = of_a(
        &t,
        Options {
            min_games: 9,
            ..defaults()
        },
    );
    assert!(few_games.result.is_none());
    assert!(
        few_games.norms.iter().all(|r| !r.met),
        "none met with too few games"
    );
    assert_eq!(
        few_games.reason.unwrap().ru,
        "сыграно партий 8: для нормы нужно не менее 9"
    );
    // After round 7 (7 games) the default minimum of 7 is just met.
    let table = Table::shipped();
    let after7 = norms::compute(&t, Some(7), table, &defaults());
    let a = after7.players.iter().find(|p| p.id == PlayerId(1)).unwrap();
    assert_eq!(a.games, 7);
    assert!(a.reason.is_none() && !a.norms.is_empty());
}

/// Without a rank, a player under 18 on the event's first day is a junior (coefficient 6):
/// 2026 − 2010 = 16. Born 2008 he is 18: an adult (4).
#[test]
fn an_unranked_junior_counts_six_and_an_adult_four() {
    let table = Table::shipped();
    let young = Player {
        birth_year: Some(2010),
        ..Player::new(PlayerId(1), "A")
    };
    let adult = Player {
        birth_year: Some(2008),
        ..Player::new(PlayerId(2), "B")
    };
    assert_eq!(table.rank_of(&young, Some(2026)).key, "б/р юн");
    assert_eq!(table.rank_of(&young, Some(2026)).coefficient, 6);
    assert_eq!(table.rank_of(&adult, Some(2026)).key, "б/р");
    assert_eq!(table.rank_of(&adult, Some(2026)).coefficient, 4);
    // In an event, a КМС player's k counts the junior as 6.
    let mut t = event();
    t.players[8].title = String::new();
    t.players[8].birth_year = Some(2010);
    let n = norms::compute(&t, None, table, &defaults());
    let a = n.players.iter().find(|p| p.id == PlayerId(1)).unwrap();
    // Opponents now: five КМС (0), two I (1), one junior (6): (0 + 2 + 6) / 8 = 1.0.
    assert_eq!(a.coefficient, Some(1.0));
}

/// A table file the arbiter gives replaces the shipped one; one that is not whole is refused
/// with the file's name.
#[test]
fn another_table_file_is_used_and_a_broken_one_refused() {
    let dir = std::env::temp_dir().join(format!("shashki-norms-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let shipped = std::fs::read_to_string("resources/evsk/club-2018.ron").unwrap();
    let other = dir.join("other.ron");
    std::fs::write(
        &other,
        shipped
            .replace("edition: \"club-2018\"", "edition: \"test-1\"")
            .replace("min_games: 7", "min_games: 11"),
    )
    .unwrap();
    let v = norms_json(
        "tournaments/shashki64-round-robin.ron",
        &["--table", other.to_str().unwrap()],
    );
    assert_eq!(v["table"]["edition"], "test-1");
    assert_eq!(v["options"]["min_games"], 11);
    assert!(player(&v, "Васильев Алексей")["norms"]
        .as_object()
        .unwrap()
        .is_empty());
    let broken = dir.join("broken.ron");
    std::fs::write(
        &broken,
        shipped.replace(
            "(rank: \"I\", required: 2, percent: [5, 20, 35, 50, 65, 80, 95, 0, 0]),",
            "(rank: \"I\", required: 2, percent: [5, 20]),",
        ),
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_shashki-arbiter"))
        .args(["norms", "tournaments/shashki64-round-robin.ron", "--table"])
        .arg(&broken)
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("2 percentages for 9 columns"), "{err}");
}

/// The event names its own table file (beside it) and its own options (Event › «Судьи и
/// документы»): `norms` and every document use them, and a table file gone missing is refused
/// naming it, with nothing written.
#[test]
fn the_events_own_table_and_options_are_used() {
    let dir = std::env::temp_dir().join(format!("shashki-norms-event-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let shipped = std::fs::read_to_string("resources/evsk/club-2018.ron").unwrap();
    std::fs::write(
        dir.join("federation.ron"),
        shipped.replace("edition: \"club-2018\"", "edition: \"federation-2026\""),
    )
    .unwrap();
    let mut t = shashki_arbiter::store::event::read(std::path::Path::new(
        "tournaments/shashki64-round-robin.ron",
    ))
    .unwrap();
    t.settings.norms = norms::NormsChoice {
        table: "federation.ron".into(),
        options: Some(Options {
            rounding: Rounding::None,
            min_players: 8,
            min_games: 11,
        }),
    };
    let event = dir.join("event.ron");
    std::fs::write(
        &event,
        ron::ser::to_string_pretty(&t, ron::ser::PrettyConfig::default()).unwrap(),
    )
    .unwrap();
    let v = norms_json(event.to_str().unwrap(), &[]);
    assert_eq!(v["table"]["edition"], "federation-2026");
    assert_eq!(v["options"]["rounding"], "none");
    // 10 games each, 11 asked: nobody has a norm.
    assert!(player(&v, "Васильев Алексей")["norms"]
        .as_object()
        .unwrap()
        .is_empty());
    let report = |out: &std::path::Path| {
        Command::new(env!("CARGO_BIN_EXE_shashki-arbiter"))
            .args(["report", event.to_str().unwrap(), "--document", "norms"])
            .args(["--lang", "ru", "-o"])
            .arg(out)
            .output()
            .unwrap()
    };
    let html = dir.join("norms.html");
    assert!(report(&html).status.success());
    let text = std::fs::read_to_string(&html).unwrap();
    assert!(text.contains("federation-2026") && text.contains("не округляется"));
    assert!(text.contains("партий не менее 11"));
    std::fs::remove_file(dir.join("federation.ron")).unwrap();
    let gone = dir.join("gone.html");
    let out = report(&gone);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("federation.ron"));
    assert!(!gone.exists());
}

/// «Таблица выполнения разрядных норм» prints for every sample event: the PDF's text has the
/// heading, every participant with his k, the table's edition, the options, the panel's lines,
/// and the subtitle's long source line whole (broken at spaces, not cut at the page's edge).
#[test]
fn the_norms_sheet_prints_for_every_sample() {
    let found = Command::new("pdftotext").arg("-v").output().is_ok();
    if !found {
        assert!(
            std::env::var_os("SHASHKI_REQUIRE_TOOLS").is_none(),
            "pdftotext is needed (poppler-utils)"
        );
        return;
    }
    let dir = std::env::temp_dir().join(format!("shashki-norms-pdf-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for sample in std::fs::read_dir("tournaments").unwrap() {
        let sample = sample.unwrap().path();
        if sample.extension().is_none_or(|e| e != "ron") {
            continue;
        }
        let pdf = dir.join(format!(
            "{}.pdf",
            sample.file_stem().unwrap().to_string_lossy()
        ));
        let out = Command::new(env!("CARGO_BIN_EXE_shashki-arbiter"))
            .args(["report", sample.to_str().unwrap(), "--document", "norms"])
            .args(["--lang", "ru", "-o", pdf.to_str().unwrap()])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = Command::new("pdftotext")
            .arg(&pdf)
            .arg("-")
            .output()
            .unwrap();
        let text = String::from_utf8(text.stdout).unwrap();
        let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            flat.contains("Таблица выполнения разрядных норм"),
            "{sample:?}"
        );
        // The sheet names the table's edition in words; where the table was found is the
        // arbiter's note on screen, not text for a federation's form.
        assert!(
            flat.contains("по таблице ЕВСК, редакция «клубные программы, 2018» Норма"),
            "{sample:?}: {flat}"
        );
        for program_text in ["Tavleya2", "turnir", "norms.xml", " N 6"] {
            assert!(!flat.contains(program_text), "{sample:?}: {program_text}");
        }
        assert!(flat.contains("партий не менее 7"), "{sample:?}");
        assert!(
            flat.contains("Главный судья"),
            "{sample:?}: the panel signs"
        );
        let t = shashki_arbiter::store::event::read(&sample).unwrap();
        let n = norms::compute(&t, None, Table::shipped(), &defaults());
        for p in &n.players {
            assert!(flat.contains(&p.name), "{sample:?}: {}", p.name);
            if let Some(k) = p.coefficient {
                let k = norms::coefficient_text(k, shashki_arbiter::lang::Lang::Ru);
                assert!(flat.contains(&k), "{sample:?}: {} k {k}", p.name);
            }
        }
    }
}

/// Issue 35 §7: in a Swiss, the opponents still to be paired change k. A rank whose k is above
/// the required one after some rounds is not out of reach while rounds remain (the trial's
/// Norms page said «недостижима» after round 3 of 9); after the last planned round it is.
#[test]
fn a_swiss_rank_is_not_out_of_reach_while_rounds_remain() {
    let mut t = event();
    // Weak opponents: unranked adults, so A's k is above what КМС requires.
    for p in t.players.iter_mut().filter(|p| p.id != PlayerId(1)) {
        p.title = String::new();
    }
    let kms = |t: &Tournament| {
        of_a(t, defaults())
            .norms
            .into_iter()
            .find(|r| r.rank == "КМС")
            .unwrap()
    };
    t.settings.rounds_planned = Some(11);
    let open = kms(&t);
    assert!(!open.met && open.needed.is_none(), "{open:?}");
    assert!(open.open, "8 of 11 rounds: later opponents decide");
    t.settings.rounds_planned = Some(8);
    assert!(!kms(&t).open, "every planned round counted: out of reach");
    // A round robin's schedule is known: its k over every opponent decides now.
    t.settings.system = System::RoundRobin;
    assert!(!kms(&t).open);
}
