//! The event's people (issue 50) through the command line: categories and their standings.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_shashki-arbiter"))
        .args(args)
        .output()
        .unwrap()
}

fn ok(args: &[&str]) -> Value {
    let out = run(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{args:?}: {e}: {}", String::from_utf8_lossy(&out.stdout)))
}

/// Refused with exit 2 and nothing in the directory changed; the message.
fn refused(args: &[&str], dir: &Path) -> String {
    let before = files(dir);
    let out = run(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    assert_eq!(files(dir), before, "{args:?} changed a file");
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn files(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut v: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .map(|p| (p.clone(), std::fs::read(&p).unwrap()))
        .collect();
    v.sort();
    v
}

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("shashki-people-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Eight players of a children's open: (surname, sex, rank, rating, club, born).
const ROSTER: [(&str, &str, &str, u32, &str, u16); 8] = [
    ("Андреев", "м", "КМС", 2100, "СШОР № 2", 2008),
    ("Белова", "ж", "1", 1900, "Казань", 2013),
    ("Волков", "м", "2", 1800, "СШОР № 2", 2015),
    ("Галиева", "ж", "2", 1700, "Казань", 2014),
    ("Дмитриев", "м", "3", 1600, "Казань", 2016),
    ("Егорова", "ж", "", 1500, "СШОР № 2", 2015),
    ("Жуков", "м", "1ю", 1400, "Казань", 2012),
    ("Зайцева", "ж", "", 0, "Казань", 2017),
];

/// A round robin of the eight, every game won by the lower id (so the order is the ids').
fn played(d: &Path) -> String {
    played_drawing(d, |_, _| false)
}

/// The same, but the games `drawn` names are drawn.
fn played_drawing(d: &Path, drawn: fn(u64, u64) -> bool) -> String {
    let mut csv = String::from("surname,name,sex,rank,rating,club,birth year\n");
    for (s, sex, rank, rating, club, born) in ROSTER {
        let rating = if rating == 0 {
            String::new()
        } else {
            rating.to_string()
        };
        csv += &format!("{s},Имя,{sex},{rank},{rating},{club},{born}\n");
    }
    let roster = d.join("r.csv");
    std::fs::write(&roster, csv).unwrap();
    let event = d.join("open.ron").to_string_lossy().into_owned();
    ok(&[
        "event",
        "new",
        &event,
        "--roster",
        &roster.to_string_lossy(),
        "--system",
        "round-robin",
        "--format",
        "json",
    ]);
    for round in 1..=7 {
        let v = ok(&["pair", &event, "--save", "--format", "json"]);
        for p in v["pairings"].as_array().unwrap() {
            let (w, b) = (p["white"].as_u64().unwrap(), p["black"].as_u64().unwrap());
            let score = if drawn(w, b) {
                "1/2-1/2"
            } else if w < b {
                "1-0"
            } else {
                "0-1"
            };
            let board = p["board"].to_string();
            let out = run(&[
                "result",
                &event,
                "--round",
                &round.to_string(),
                "--board",
                &board,
                score,
            ]);
            assert!(
                out.status.success(),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
    }
    event
}

fn places(v: &Value) -> Vec<(u64, String)> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|l| {
            (
                l["id"].as_u64().unwrap(),
                l["place"].as_str().unwrap().into(),
            )
        })
        .collect()
}

#[test]
fn a_categorys_standings_are_its_players_placed_among_themselves() {
    let d = dir("categories");
    let event = played(&d);
    let add = |args: &[&str]| {
        let mut all = vec!["category", "add", &event];
        all.extend_from_slice(args);
        all.extend_from_slice(&["--format", "json"]);
        ok(&all)
    };
    let girls = add(&[
        "g12",
        "--name",
        "Girls under 12",
        "--name-ru",
        "Девочки до 12 лет",
        "--sex",
        "f",
        "--born-from",
        "2014",
    ]);
    // Белова (2013) is too old; Галиева, Егорова, Зайцева are in.
    assert_eq!(girls["members"], serde_json::json!([4, 6, 8]));
    add(&["low", "--name", "Up to 2nd category", "--rank-to", "2"]);
    add(&["club", "--name", "SSHOR 2", "--club", "сшор № 2"]);
    add(&["strong", "--name", "1500+", "--rating-from", "1500"]);
    let listed = ok(&[
        "category", "list", &event, "--lang", "ru", "--format", "json",
    ]);
    let ids: Vec<&str> = listed
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["g12", "low", "club", "strong"], "in the order added");
    assert_eq!(listed[0]["said"], "Девочки до 12 лет");
    // II, III, «1ю» (the junior ranks stand below the adult 3rd in the ЕВСК) and unranked.
    assert_eq!(listed[1]["members"], serde_json::json!([3, 4, 5, 6, 7, 8]));
    assert_eq!(listed[2]["members"], serde_json::json!([1, 3, 6]));
    assert_eq!(listed[3]["members"], serde_json::json!([1, 2, 3, 4, 5, 6]));
    // Lower ids won every game: in each category its players by id, 1, 2, 3 …
    for (cat, members) in [("g12", vec![4, 6, 8]), ("club", vec![1, 3, 6])] {
        let v = ok(&["standings", &event, "--category", cat, "--format", "json"]);
        let want: Vec<(u64, String)> = members
            .iter()
            .enumerate()
            .map(|(i, &id)| (id, (i + 1).to_string()))
            .collect();
        assert_eq!(places(&v), want, "{cat}");
        // The same shape as the event's standings: points and rounds as they were.
        let main = ok(&["standings", &event, "--format", "json"]);
        let of = |v: &Value, id: u64| {
            v.as_array()
                .unwrap()
                .iter()
                .find(|l| l["id"] == id)
                .unwrap()
                .clone()
        };
        for &id in &members {
            let (a, b) = (of(&v, id), of(&main, id));
            assert_eq!(a["points"], b["points"]);
            assert_eq!(a["rounds"], b["rounds"]);
        }
    }
    let removed = ok(&["category", "remove", &event, "strong", "--format", "json"]);
    assert_eq!(removed["removed"], "strong");
    let listed = ok(&["category", "list", &event, "--format", "json"]);
    assert_eq!(listed.as_array().unwrap().len(), 3);
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_category_that_cannot_stand_is_refused_and_nothing_is_written() {
    let d = dir("bad-categories");
    let event = played(&d);
    ok(&[
        "category", "add", &event, "w", "--name", "Women", "--sex", "f", "--format", "json",
    ]);
    let said = refused(
        &[
            "category",
            "add",
            &event,
            "w",
            "--name",
            "Women again",
            "--lang",
            "ru",
        ],
        &d,
    );
    assert!(said.contains("зачёт «w» уже есть"), "{said}");
    let said = refused(
        &[
            "category",
            "add",
            &event,
            "x",
            "--name",
            "X",
            "--rank-to",
            "чемпион",
        ],
        &d,
    );
    assert!(said.contains("no rank `чемпион`"), "{said}");
    let said = refused(
        &[
            "category",
            "add",
            &event,
            "y",
            "--name",
            "Y",
            "--born-from",
            "2015",
            "--born-to",
            "2010",
        ],
        &d,
    );
    assert!(said.contains("year of birth"), "{said}");
    let said = refused(
        &[
            "category",
            "add",
            &event,
            "z",
            "--name",
            "Z",
            "--players",
            "3,99",
        ],
        &d,
    );
    assert!(said.contains("no player 99"), "{said}");
    let said = refused(
        &["category", "add", &event, "s", "--name", "S", "--sex", "x"],
        &d,
    );
    assert!(said.contains("--sex"), "{said}");
    let said = refused(&["category", "remove", &event, "nope", "--lang", "ru"], &d);
    assert!(said.contains("нет зачёта «nope»"), "{said}");
    let said = refused(
        &[
            "standings",
            &event,
            "--category",
            "nope",
            "--format",
            "json",
        ],
        &d,
    );
    assert!(said.contains("--category"), "{said}");
    let _ = std::fs::remove_dir_all(&d);
}

/// A document of the event made as HTML in `lang` (`stem-lang.html` in `d`), its text.
fn document(d: &Path, event: &str, kind: &str, lang: &str, stem: &str) -> String {
    let html = d.join(format!("{stem}-{lang}.html"));
    let html = html.to_string_lossy();
    let out = run(&[
        "report",
        event,
        "--document",
        kind,
        "-o",
        &html,
        "--lang",
        lang,
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::read_to_string(&*html).unwrap()
}

fn awards(v: &Value) -> Vec<(String, u64, Option<u64>, Option<u64>)> {
    v["awards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| {
            (
                a["list"].as_str().unwrap().to_string(),
                a["place"].as_u64().unwrap(),
                a["amount"].as_u64(),
                a["player"].as_u64(),
            )
        })
        .collect()
}

/// Rules 1–3 of issue 50, worked by hand on an event where lower ids won every game (so the
/// main order is 1…8; girls under 12 are 4, 6, 8; the club's players 1, 3, 6).
#[test]
fn prizes_go_by_value_one_a_player_passing_down_their_lists() {
    let d = dir("prizes");
    let event = played(&d);
    for args in [
        ["g12", "--sex", "f", "--born-from", "2014"],
        ["club", "--club", "СШОР № 2", "--name-ru", "СШОР"],
    ] {
        let mut all = vec!["category", "add", &event, args[0], "--name", args[0]];
        all.extend_from_slice(&args[1..]);
        ok(&[&all[..], &["--format", "json"]].concat());
    }
    for (list, place, amount, title) in [
        ("main", "1", Some("10000"), Some("кубок")),
        ("main", "2", Some("7000"), None),
        ("main", "3", Some("5000"), None),
        ("g12", "1", Some("6000"), None),
        ("g12", "2", Some("3000"), None),
        ("club", "1", Some("4000"), None),
        ("g12", "3", None, Some("медаль")),
    ] {
        let mut args = vec!["prize", "add", &event, "--list", list, "--place", place];
        if let Some(a) = amount {
            args.extend(["--amount", a]);
        }
        if let Some(t) = title {
            args.extend(["--title", t]);
        }
        args.extend(["--format", "json"]);
        ok(&args);
    }
    let v = ok(&["prizes", &event, "--format", "json"]);
    let s = |l: &str| l.to_string();
    // By value: 10000, 7000, 6000 (g12 1), 5000 (main 3 passes over 4, who took g12's first),
    // 4000 (club 1: 1 and 3 took main prizes, so 6), 3000 (g12 2: 6 took the club's, so 8),
    // the medal (g12 3: no one is left).
    assert_eq!(
        awards(&v),
        [
            (s("main"), 1, Some(10000), Some(1)),
            (s("main"), 2, Some(7000), Some(2)),
            (s("g12"), 1, Some(6000), Some(4)),
            (s("main"), 3, Some(5000), Some(3)),
            (s("club"), 1, Some(4000), Some(6)),
            (s("g12"), 2, Some(3000), Some(8)),
            (s("g12"), 3, None, None),
        ]
    );
    assert_eq!(v["awards"][0]["title"], "кубок");
    // Each award says the player's own place in its list: 8 is the girls' 3rd.
    assert_eq!(v["awards"][5]["standing"], "3");
    assert_eq!(v["awards"][2]["standing"], "1");
    // His diploma says the place he took, and which place's prize passed down to him.
    for (lang, seen) in [
        ("ru", ["за 3-е место — g12", "Приз за 2-е место: 3000"]),
        ("en", ["for 3rd place — g12", "Prize for 2nd place: 3000"]),
    ] {
        let text = document(&d, &event, "diplomas", lang, "passed");
        for s in seen {
            assert!(text.contains(s), "{s} in the {lang} diplomas");
        }
    }
    assert_eq!(v["awards"][6]["player"], Value::Null);
    assert_eq!(v["rules"]["one_per_player"], true);
    // Several prizes a player: each list by its own places.
    let o = ok(&[
        "prize",
        "option",
        &event,
        "--one-per-player",
        "no",
        "--format",
        "json",
    ]);
    assert_eq!(o["one_per_player"], false);
    let v = ok(&["prizes", &event, "--format", "json"]);
    let players: Vec<Option<u64>> = awards(&v).into_iter().map(|a| a.3).collect();
    assert_eq!(
        players,
        [
            Some(1),
            Some(2),
            Some(4),
            Some(3),
            Some(1),
            Some(6),
            Some(8)
        ]
    );
    // The award list and the final protocol print them, in both languages.
    let html = d.join("awards.html").to_string_lossy().into_owned();
    let out = run(&[
        "report",
        &event,
        "--document",
        "awards",
        "-o",
        &html,
        "--lang",
        "ru",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&html).unwrap();
    for seen in [
        "Победители и призёры",
        "Общий зачёт",
        "10000, кубок",
        "Андреев Имя",
        "медаль",
    ] {
        assert!(text.contains(seen), "{seen} in the award list");
    }
    let protocol = d.join("protocol.html").to_string_lossy().into_owned();
    let out = run(&[
        "report",
        &event,
        "--document",
        "protocol",
        "-o",
        &protocol,
        "--lang",
        "en",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&protocol).unwrap();
    assert!(
        text.contains("Category: g12") && text.contains("Category: club"),
        "{text}"
    );
    // A diploma for each prize taken (all seven: several a player, so the medal is Зайцева's),
    // in both languages.
    for (lang, seen) in [
        (
            "ru",
            [
                "Дипломы победителей и призёров",
                "за 2-е место — g12",
                "Зайцева Имя",
                "Приз: 10000, кубок",
            ],
        ),
        (
            "en",
            [
                "Diplomas of the prize-winners",
                "for 2nd place — g12",
                "for 1st place — Overall",
                "Prize: 4000",
            ],
        ),
    ] {
        let text = document(&d, &event, "diplomas", lang, "diplomas");
        for s in seen {
            assert!(text.contains(s), "{s} in the {lang} diplomas");
        }
        let awarded = match lang {
            "ru" => "награждается",
            _ => "is awarded to",
        };
        assert_eq!(
            text.matches(awarded).count(),
            7,
            "{lang}: a page a prize taken"
        );
    }
    // A category removed takes its prizes with it.
    ok(&["category", "remove", &event, "g12", "--format", "json"]);
    let v = ok(&["prizes", &event, "--format", "json"]);
    assert!(awards(&v).iter().all(|a| a.0 != "g12"), "{v}");
    let _ = std::fs::remove_dir_all(&d);
}

/// Rule 3 read as it is written: a prize belongs to its place in the list's standings and passes
/// down only from there. On the event where lower ids win every game (main order 1…8; the
/// club's players 1, 3, 6): the club's first prize, the largest, goes to 1; the main list's 2nd
/// place, worth more than its 1st, is taken first, by 2, who stands 2nd; the 1st place's passes
/// from 1 (who took the club's) and 2 (who took the 2nd's) to 3; the 4th place's is 4's, who
/// stands 4th — the places are never counted again without those who took another prize (that
/// gave the 4th place's prize to 5).
#[test]
fn a_prize_belongs_to_its_place_and_passes_down_from_there() {
    let d = dir("prizes-places");
    let event = played(&d);
    ok(&[
        "category",
        "add",
        &event,
        "club",
        "--name",
        "club",
        "--club",
        "СШОР № 2",
        "--format",
        "json",
    ]);
    for (list, place, amount) in [
        ("club", "1", "9000"),
        ("main", "1", "1000"),
        ("main", "2", "3000"),
        ("main", "4", "200"),
    ] {
        ok(&[
            "prize", "add", &event, "--list", list, "--place", place, "--amount", amount,
            "--format", "json",
        ]);
    }
    let v = ok(&["prizes", &event, "--format", "json"]);
    let s = |l: &str| l.to_string();
    assert_eq!(
        awards(&v),
        [
            (s("club"), 1, Some(9000), Some(1)),
            (s("main"), 2, Some(3000), Some(2)),
            (s("main"), 1, Some(1000), Some(3)),
            (s("main"), 4, Some(200), Some(4)),
        ]
    );
    let _ = std::fs::remove_dir_all(&d);
}

/// Rule 2's order at an equal amount: the smaller place before the categories' order. The club
/// (1, 3, 6) is defined before the girls (4, 6, 8); both lists' prizes are worth 500: the girls'
/// 2nd place comes before the club's 3rd, so 6 takes the girls' and the club's passes on to no
/// one left.
#[test]
fn at_an_equal_amount_the_smaller_place_goes_first_then_the_categories_order() {
    let d = dir("prizes-order");
    let event = played(&d);
    for args in [
        &["club", "--club", "СШОР № 2"][..],
        &["g12", "--sex", "f", "--born-from", "2014"],
    ] {
        let mut all = vec!["category", "add", &event, args[0], "--name", args[0]];
        all.extend_from_slice(&args[1..]);
        ok(&[&all[..], &["--format", "json"]].concat());
    }
    for (list, place) in [("club", "3"), ("g12", "2")] {
        ok(&[
            "prize", "add", &event, "--list", list, "--place", place, "--amount", "500",
            "--format", "json",
        ]);
    }
    let v = ok(&["prizes", &event, "--format", "json"]);
    let s = |l: &str| l.to_string();
    assert_eq!(
        awards(&v),
        [
            (s("g12"), 2, Some(500), Some(6)),
            (s("club"), 3, Some(500), None),
        ]
    );
    let _ = std::fs::remove_dir_all(&d);
}

/// Rule 4's option: players level on points share the amounts of the places they cover,
/// rounded down, the remainder to the highest placed; one below the prizes gets a share too.
#[test]
fn shared_by_points_a_level_group_divides_the_amounts_of_its_places() {
    let d = dir("prizes-split");
    // 3, 4 and 5 draw among themselves: 4 points each, places 3-5 (the rest as the ids).
    let event = played_drawing(&d, |w, b| (3..=5).contains(&w) && (3..=5).contains(&b));
    for (place, amount) in [("1", "1000"), ("2", "500"), ("3", "301")] {
        ok(&[
            "prize", "add", &event, "--place", place, "--amount", amount, "--format", "json",
        ]);
    }
    let places = ok(&[
        "prize", "option", &event, "--split", "places", "--format", "json",
    ]);
    assert_eq!(places["split"], "places");
    let v = ok(&["prizes", &event, "--format", "json"]);
    let by_places = awards(&v);
    assert_eq!(by_places.len(), 3);
    let third = by_places[2].3.unwrap();
    assert!((3..=5).contains(&third), "{v}");
    ok(&[
        "prize", "option", &event, "--split", "points", "--format", "json",
    ]);
    let v = ok(&["prizes", &event, "--format", "json"]);
    let got = awards(&v);
    assert_eq!(
        got[..2],
        by_places[..2],
        "1 and 2 are alone on their points"
    );
    let mut shares: Vec<(u64, u64)> = got[2..]
        .iter()
        .map(|a| (a.3.unwrap(), a.2.unwrap()))
        .collect();
    shares.sort();
    // 301 / 3 = 100, the 1 left to the one the tie-breaks place highest (the places mode's 3rd).
    let want: Vec<(u64, u64)> = (3..=5)
        .map(|p| (p, if p == third { 101 } else { 100 }))
        .collect();
    assert_eq!(shares, want, "{v}");
    for a in &v["awards"].as_array().unwrap()[2..] {
        assert_eq!(a["shared"], "3-5");
    }
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_prize_that_cannot_stand_is_refused_and_nothing_is_written() {
    let d = dir("bad-prizes");
    let event = played(&d);
    ok(&[
        "prize", "add", &event, "--place", "1", "--amount", "100", "--format", "json",
    ]);
    let said = refused(
        &["prize", "add", &event, "--place", "1", "--amount", "50"],
        &d,
    );
    assert!(
        said.contains("place 1: the prize is there already"),
        "{said}"
    );
    let said = refused(
        &[
            "prize", "add", &event, "--list", "u10", "--place", "1", "--amount", "5",
        ],
        &d,
    );
    assert!(said.contains("no category `u10`"), "{said}");
    let said = refused(
        &[
            "prize", "add", &event, "--place", "0", "--amount", "5", "--lang", "ru",
        ],
        &d,
    );
    assert!(said.contains("места считаются с 1"), "{said}");
    let said = refused(
        &["prize", "add", &event, "--place", "2", "--lang", "ru"],
        &d,
    );
    assert!(said.contains("сумма или награда"), "{said}");
    let said = refused(&["prize", "option", &event, "--split", "halves"], &d);
    assert!(said.contains("halves"), "{said}");
    let _ = std::fs::remove_dir_all(&d);
}

/// A Swiss of the eight, nothing paired.
fn swiss(d: &Path) -> String {
    let mut csv = String::from("surname,name,sex,rank,rating,club,birth year\n");
    for (s, sex, rank, rating, club, born) in ROSTER {
        csv += &format!("{s},Имя,{sex},{rank},{rating},{club},{born}\n");
    }
    let roster = d.join("r.csv");
    std::fs::write(&roster, csv).unwrap();
    let event = d.join("swiss.ron").to_string_lossy().into_owned();
    ok(&[
        "event",
        "new",
        &event,
        "--roster",
        &roster.to_string_lossy(),
        "--system",
        "swiss",
        "--rounds",
        "5",
        "--format",
        "json",
    ]);
    event
}

fn ids(v: &Value) -> Vec<u64> {
    let mut ids: Vec<u64> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap())
        .collect();
    ids.sort();
    ids
}

#[test]
fn with_check_in_required_the_pairing_leaves_out_who_has_not_come() {
    let d = dir("checkin");
    let e = swiss(&d);
    let all: Vec<String> = ROSTER
        .iter()
        .enumerate()
        .map(|(i, _)| (i + 1).to_string())
        .collect();
    let roll = ok(&["checkin", &e, "--list", "--format", "json"]);
    assert_eq!(roll["count"]["missing"], 8);
    // The hall checks in six; one of them is marked away again.
    let mut args = vec!["checkin", e.as_str()];
    args.extend(all[..7].iter().map(String::as_str));
    args.extend(["--format", "json"]);
    ok(&args);
    let roll = ok(&["checkin", &e, "7", "--absent", "--format", "json"]);
    assert_eq!(ids(&roll["present"]), vec![1, 2, 3, 4, 5, 6]);
    assert_eq!(ids(&roll["missing"]), vec![7, 8]);
    // Without the option everyone is paired.
    let v = ok(&["pair", &e, "--format", "json"]);
    assert_eq!(v["pairings"].as_array().unwrap().len(), 4);
    let o = ok(&[
        "event",
        "option",
        &e,
        "--checkin-required",
        "yes",
        "--format",
        "json",
    ]);
    assert_eq!(o["checkin_required"], true);
    let v = ok(&["pair", &e, "--format", "json"]);
    let paired: Vec<u64> = v["pairings"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|p| [p["white"].as_u64().unwrap(), p["black"].as_u64().unwrap()])
        .collect();
    assert_eq!(paired.len(), 6);
    assert!(!paired.contains(&7) && !paired.contains(&8), "{v}");
    assert_eq!(ids(&v["not_checked_in"]), vec![7, 8]);
    assert_eq!(ids(&v["absent"]), vec![7, 8]);
    // An unknown player is refused and nothing is written.
    let why = refused(&["checkin", &e, "99", "--lang", "ru"], &d);
    assert!(why.contains("нет участника 99"), "{why}");
}

#[test]
fn the_default_time_proposes_a_forfeit_for_who_has_not_come_and_applies_nothing() {
    let d = dir("schedule");
    let e = swiss(&d);
    let all: Vec<String> = (1..=8).map(|i| i.to_string()).collect();
    let mut args = vec!["checkin", e.as_str()];
    args.extend(all.iter().map(String::as_str));
    args.extend(["--format", "json"]);
    ok(&args);
    let v = ok(&["pair", &e, "--save", "--format", "json"]);
    let board_of_3 = v["pairings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["white"] == 3 || p["black"] == 3)
        .unwrap()
        .clone();
    ok(&["checkin", &e, "3", "--absent", "--format", "json"]);
    ok(&[
        "schedule",
        &e,
        "--round",
        "1",
        "--at",
        "2026-12-07 10:00",
        "--format",
        "json",
    ]);
    let s = ok(&[
        "schedule",
        &e,
        "--default-time",
        "30m",
        "--now",
        "2026-12-07 09:55",
        "--format",
        "json",
    ]);
    assert_eq!(s["default_minutes"], 30);
    assert_eq!(s["next"]["countdown"], "5:00");
    assert_eq!(s["forfeits_due"].as_array().unwrap().len(), 0);
    let before = files(&d);
    let s = ok(&[
        "schedule",
        &e,
        "--now",
        "2026-12-07 10:29",
        "--format",
        "json",
    ]);
    assert_eq!(s["forfeits_due"].as_array().unwrap().len(), 0, "{s}");
    let s = ok(&[
        "schedule",
        &e,
        "--now",
        "2026-12-07 10:30",
        "--format",
        "json",
    ]);
    let due = s["forfeits_due"].as_array().unwrap();
    assert_eq!(due.len(), 1, "{s}");
    assert_eq!(due[0]["board"], board_of_3["board"]);
    assert_eq!(ids(&due[0]["missing"]), vec![3]);
    let expected = if board_of_3["white"] == 3 {
        "black_by_forfeit"
    } else {
        "white_by_forfeit"
    };
    assert_eq!(due[0]["result"], expected);
    // Proposed, not applied: the event is as it was.
    assert_eq!(files(&d), before);
    // A date that does not exist, round 0 and a round before the one it follows are refused.
    for (round, at) in [
        ("2", "2026-02-30 10:00"),
        ("0", "2026-12-08 10:00"),
        ("2", "2026-12-06 10:00"),
    ] {
        refused(&["schedule", &e, "--round", round, "--at", at], &d);
    }
    let why = refused(
        &["schedule", &e, "--default-time", "1h30s", "--lang", "ru"],
        &d,
    );
    assert!(why.contains("время опоздания"), "{why}");
}

#[test]
fn the_schedule_goes_out_as_trf_132_under_the_round_columns_and_comes_back() {
    let d = dir("trf132");
    let e = swiss(&d);
    for (round, at) in [("1", "2026-12-07 10:00"), ("3", "2026-12-08 15:30")] {
        ok(&[
            "schedule", &e, "--round", round, "--at", at, "--format", "json",
        ]);
    }
    ok(&["pair", &e, "--save", "--format", "json"]);
    let out = d.join("out.trf");
    ok(&[
        "trf",
        "export",
        &e,
        "-o",
        &out.to_string_lossy(),
        "--format",
        "json",
    ]);
    let text = std::fs::read_to_string(&out).unwrap();
    let line = text.lines().find(|l| l.starts_with("132")).expect("132");
    // Round 1 at column 92, round 2 blank, round 3 at column 112: under the 001 cells.
    assert_eq!(&line[91..99], "26/12/07", "{line:?}");
    assert_eq!(line[101..109].trim(), "", "{line:?}");
    assert_eq!(&line[111..119], "26/12/08", "{line:?}");
    let player = text.lines().find(|l| l.starts_with("001")).unwrap();
    assert_ne!(
        &player[91..92],
        " ",
        "round 1's cell starts where its date does"
    );
    // Imported, the dates are the schedule's (the time TRF does not carry is unknown) ...
    let back = d.join("back.ron");
    ok(&[
        "trf",
        "import",
        &out.to_string_lossy(),
        "-o",
        &back.to_string_lossy(),
        "--format",
        "json",
    ]);
    let s = ok(&["schedule", &back.to_string_lossy(), "--format", "json"]);
    let rounds = s["rounds"].as_array().unwrap();
    assert_eq!(rounds.len(), 2, "{s}");
    assert_eq!(rounds[0]["round"], 1);
    assert_eq!(rounds[0]["at"], "2026-12-07");
    assert_eq!(rounds[1]["round"], 3);
    assert_eq!(rounds[1]["at"], "2026-12-08");
    // ... and an export of the import writes the same line.
    let again = d.join("again.trf");
    ok(&[
        "trf",
        "export",
        &back.to_string_lossy(),
        "-o",
        &again.to_string_lossy(),
        "--format",
        "json",
    ]);
    let again = std::fs::read_to_string(&again).unwrap();
    assert_eq!(again.lines().find(|l| l.starts_with("132")), Some(line));
    // A date the calendar has not is refused, naming the line; no event is made.
    let bad = d.join("bad.trf");
    let lines: Vec<String> = text
        .lines()
        .map(|l| match l.starts_with("132") {
            true => l.replace("26/12/08", "26/02/30"),
            false => l.to_string(),
        })
        .collect();
    std::fs::write(&bad, lines.join("\n")).unwrap();
    let no = d.join("no.ron");
    let why = refused(
        &[
            "trf",
            "import",
            &bad.to_string_lossy(),
            "-o",
            &no.to_string_lossy(),
        ],
        &d,
    );
    let n = text.lines().position(|l| l.starts_with("132")).unwrap() + 1;
    assert!(why.contains(&format!("bad.trf:{n}")), "{why}");
    assert!(why.contains("26/02/30"), "{why}");
}

/// Points of `id` in `standings --format json`.
fn points_of(v: &Value, id: u64) -> f64 {
    v["standings"]
        .as_array()
        .or_else(|| v.as_array())
        .unwrap()
        .iter()
        .find(|l| l["id"] == id)
        .unwrap_or_else(|| panic!("no {id} in {v}"))["points"]
        .as_f64()
        .unwrap()
}

#[test]
fn a_late_entry_gets_what_the_regulation_gives_for_the_rounds_he_missed() {
    let d = dir("late");
    let e = swiss(&d);
    let v = ok(&["pair", &e, "--save", "--format", "json"]);
    for p in v["pairings"].as_array().unwrap() {
        let board = p["board"].to_string();
        ok(&[
            "result", &e, "--round", "1", "--board", &board, "1-0", "--format", "json",
        ]);
    }
    ok(&[
        "event",
        "option",
        &e,
        "--late-entry",
        "half",
        "--format",
        "json",
    ]);
    let late = ok(&[
        "player",
        "add",
        &e,
        "--surname",
        "Позднов",
        "--name",
        "Илья",
        "--sex",
        "м",
        "--born",
        "2014",
        "--checkin",
        "--format",
        "json",
    ]);
    assert_eq!(late["id"], 9);
    assert_eq!(late["number"], 9, "the next pairing number");
    assert_eq!(late["missed_rounds"], serde_json::json!([1]));
    assert_eq!(late["missed_points"], 0.5);
    assert_eq!(late["checked_in"], true);
    let s = ok(&["standings", &e, "--format", "json"]);
    assert_eq!(points_of(&s, 9), 0.5, "{s}");
    ok(&[
        "event",
        "option",
        &e,
        "--late-entry",
        "nothing",
        "--format",
        "json",
    ]);
    let later = ok(&[
        "player",
        "add",
        &e,
        "--surname",
        "Опоздавшая",
        "--format",
        "json",
    ]);
    assert_eq!(later["missed_rounds"], serde_json::json!([1]));
    assert_eq!(later["missed_points"], 0.0);
    // Both are paired in round 2 (ten players, five boards).
    let v = ok(&["pair", &e, "--format", "json"]);
    let paired: Vec<u64> = v["pairings"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|p| [p["white"].as_u64().unwrap(), p["black"].as_u64().unwrap()])
        .collect();
    assert!(paired.contains(&9) && paired.contains(&10), "{v}");
    // Removed, he leaves no mark in round 1.
    let absent_in_round_1 = || -> Vec<u64> {
        let text = std::fs::read_to_string(&e).unwrap();
        let from = text.find("absent: [").expect("round 1's absences") + 9;
        let to = from + text[from..].find(']').unwrap();
        text[from..to]
            .split(',')
            .filter_map(|n| n.trim().parse().ok())
            .collect()
    };
    assert_eq!(absent_in_round_1(), vec![9, 10]);
    ok(&["player", "remove", &e, "10", "--format", "json"]);
    assert_eq!(absent_in_round_1(), vec![9]);
    let s = ok(&["standings", &e, "--format", "json"]);
    assert!(!s.to_string().contains("Опоздавшая"), "{s}");
    // A player who has games cannot be removed; a bad sex is refused; nothing is written.
    let why = refused(&["player", "remove", &e, "1", "--lang", "ru"], &d);
    assert!(why.contains("1"), "{why}");
    let why = refused(
        &[
            "player",
            "add",
            &e,
            "--surname",
            "Х",
            "--sex",
            "q",
            "--lang",
            "ru",
        ],
        &d,
    );
    assert!(why.contains("не пол"), "{why}");
}

/// An event without a schedule says so and how to set one (a trial saw nothing printed).
#[test]
fn a_schedule_not_set_says_so() {
    let d = dir("no-schedule");
    let event = played(&d);
    for (lang, seen) in [("ru", "расписания нет"), ("en", "no schedule")] {
        let out = run(&["schedule", &event, "--lang", lang]);
        assert!(out.status.success());
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            text.contains(seen) && text.contains("--default-time"),
            "{text}"
        );
    }
    let _ = std::fs::remove_dir_all(&d);
}
