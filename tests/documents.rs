//! The arbiter's documents (issue 27): every document prints for every sample event in both
//! languages, and the PDF read back has its title, every cell and line of text whole (nothing
//! cut), the panel's lines; what a document says is checked against events small enough to count
//! by hand. poppler's pdftotext is installed by .ci/run; where it is missing the test says so,
//! and fails under CI.

use std::process::Command;

use shashki_arbiter::lang::Lang;
use shashki_arbiter::report::{self, kind::Kind};
use shashki_arbiter::tournament::model::*;
use shashki_arbiter::tournament::norms::{self, Table};

fn pdftotext() -> bool {
    let found = Command::new("pdftotext").arg("-v").output().is_ok();
    if !found {
        assert!(
            std::env::var_os("SHASHKI_REQUIRE_TOOLS").is_none(),
            "pdftotext is needed (poppler-utils)"
        );
        eprintln!("pdftotext not installed: check skipped");
    }
    found
}

fn temp(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("sa-documents-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d.join(name)
}

/// The PDF's text in the order it was drawn (a cell broken onto lines stays together), with
/// every space and line break taken out: what a cell or line must be found in, whole.
fn printed(doc: &report::Document, name: &str) -> (String, String) {
    let path = temp(name);
    std::fs::write(&path, report::pdf::render(doc).unwrap()).unwrap();
    let out = Command::new("pdftotext")
        .arg("-raw")
        .arg(&path)
        .arg("-")
        .output()
        .unwrap();
    assert!(out.status.success(), "{name}");
    let text = String::from_utf8(out.stdout).unwrap();
    (squeeze(&text), text)
}

fn squeeze(s: &str) -> String {
    s.chars().filter(|c| !c.is_whitespace()).collect()
}

/// Whatever the arbiter typed that a document in `lang` prints as typed: every text of the
/// settings and of the players — but their ranks in English (a rank the table knows is printed
/// "CMS", not «КМС»; a Russian document keeps the rank as typed, "GMI" too), longest first.
fn own_words(t: &Tournament, lang: Lang) -> Vec<String> {
    let players: Vec<Player> = t
        .players
        .iter()
        .cloned()
        .map(|mut p| {
            if lang == Lang::En {
                p.title.clear();
            }
            p
        })
        .collect();
    // The arbiter's own text too: the reason he gave for naming a knockout's winner.
    let reasons: Vec<&str> = t
        .rounds
        .iter()
        .flat_map(|r| &r.pairings)
        .filter_map(|p| p.decided.as_ref().map(|d| d.reason.as_str()))
        .collect();
    let ron = ron::to_string(&(&t.settings, &players, &t.teams, &reasons)).unwrap();
    let mut words = Vec::new();
    let mut chars = ron.chars();
    while let Some(c) = chars.next() {
        if c != '"' {
            continue;
        }
        let mut word = String::new();
        while let Some(c) = chars.next() {
            match c {
                '\\' => word.extend(chars.next()),
                '"' => break,
                c => word.push(c),
            }
        }
        if !word.trim().is_empty() {
            words.push(word);
        }
    }
    words.sort_by_key(|w| std::cmp::Reverse(w.chars().count()));
    words
}

/// The words of the other language in a document's text, once `own` words are taken out: any
/// Cyrillic in English, any Latin word in Russian but the marks both write (k, the tie-break
/// codes, FMJD, IDF, PDN, roman numerals, squares).
fn foreign_words(text: &str, own: &[String], lang: Lang) -> Vec<String> {
    let mut rest = text.replace('\n', " ");
    for w in own {
        rest = rest.replace(w.as_str(), " ");
    }
    let allowed = [
        "k", "FMJD", "IDF", "PDN", "FEN", "BH", "SB", "MP", "GP", "TRF", "PDF",
    ];
    let mut found: Vec<String> = rest
        .split(|c: char| !c.is_alphabetic())
        .filter(|w| !w.is_empty())
        .filter(|w| match lang {
            Lang::En => w.chars().any(|c| matches!(c, 'А'..='я' | 'Ё' | 'ё')),
            // Squares and moves are written in Latin letters in either language (cd4, ba5).
            Lang::Ru => {
                let square = w.len() <= 2 && w.chars().all(|c| matches!(c, 'a'..='h'));
                let roman = w.chars().all(|c| matches!(c, 'I' | 'V' | 'X' | 'L'));
                w.chars().all(|c| c.is_ascii_alphabetic())
                    && !allowed.contains(w)
                    && !square
                    && !roman
            }
        })
        .map(str::to_string)
        .collect();
    found.sort();
    found.dedup();
    found
}

fn samples() -> Vec<(String, Tournament)> {
    let mut out: Vec<_> = std::fs::read_dir("tournaments")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .map(|p| {
            (
                p.file_stem().unwrap().to_string_lossy().into_owned(),
                shashki_arbiter::store::event::read(&p).unwrap(),
            )
        })
        .collect();
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

#[test]
fn every_document_prints_whole_for_every_sample_in_both_languages() {
    if !pdftotext() {
        return;
    }
    let table = Table::shipped();
    for (name, mut t) in samples() {
        // A long name, as real events have (68 characters cut every Russian title).
        t.settings.name = format!(
            "{} — первенство области среди юношей и девушек",
            t.settings.name
        );
        for kind in Kind::ALL {
            for lang in [Lang::Ru, Lang::En] {
                let doc = kind.make(&t, None, table, lang);
                let at = format!("{name}, {kind:?}, {lang:?}");
                let (flat, text) = printed(&doc, &format!("{name}-{}-{lang:?}.pdf", kind.stem()));
                assert!(!text.contains('…'), "{at}: a text cut short:\n{text}");
                assert!(flat.contains(&squeeze(&doc.title)), "{at}: the title");
                assert!(
                    !doc.sections.is_empty() && doc.sections.iter().all(|s| !s.heading.is_empty()),
                    "{at}: nothing to print"
                );
                for s in &doc.sections {
                    let cells = std::iter::once(&s.heading)
                        .chain(&s.lines)
                        .chain(&s.header)
                        .chain(s.rows.iter().flatten())
                        .chain(&s.signatures);
                    for cell in cells {
                        assert!(
                            flat.contains(&squeeze(cell)),
                            "{at}: «{cell}» is not printed whole:\n{text}"
                        );
                    }
                }
                // The panel signs every federation document (a certificate on its own page).
                for line in &doc.signatures {
                    assert!(flat.contains(&squeeze(line)), "{at}: «{line}»");
                }
                // Every federation document is signed by the chief arbiter: at its end, or (round
                // protocols, certificates) under each part filed on its own.
                // (Certificates and diplomas: none when nobody met a rank or took a prize, and
                // then nothing to sign.)
                let certified = doc.sections.iter().any(|s| !s.signatures.is_empty());
                // A match protocol is signed by the two captains and the match's arbiter.
                if kind == Kind::MatchProtocols {
                    for s in doc.sections.iter().filter(|s| !s.rows.is_empty()) {
                        let who = lang.pick("Captain of", "Капитан команды");
                        assert_eq!(s.signatures.len(), 3, "{at}: {}", s.heading);
                        assert!(s.signatures[..2].iter().all(|l| l.starts_with(who)), "{at}");
                    }
                } else if kind != Kind::Pairings
                    && (!matches!(kind, Kind::Certificates | Kind::Diplomas) || certified)
                {
                    let chief = lang.pick("Chief arbiter", "Главный судья");
                    let signed =
                        |lines: &[String]| lines.first().is_some_and(|l| l.starts_with(chief));
                    assert!(
                        signed(&doc.signatures)
                            || doc.sections.iter().all(|s| signed(&s.signatures)),
                        "{at}: the chief arbiter signs"
                    );
                }
                if kind == Kind::Rounds {
                    assert!(
                        doc.sections.iter().all(|s| !s.signatures.is_empty()),
                        "{at}: each round signed"
                    );
                }
                // No program identifier or program text reaches a page.
                for id in [
                    "sonneborn",
                    "round_robin",
                    "half_up",
                    "WhiteWins",
                    "Some(",
                    "Tavleya2",
                    "norms.xml",
                    " N 6",
                ] {
                    assert!(!text.contains(id), "{at}: «{id}» printed");
                }
                // Nothing of the other language: what is left once the event's own words (names,
                // clubs, places, the panel — printed as typed) are taken out.
                let foreign = foreign_words(&text, &own_words(&t, lang), lang);
                assert!(foreign.is_empty(), "{at}: {foreign:?} printed");
                // English quotes in English (issue 53: the match protocol's «…»).
                if lang == Lang::En {
                    // The event's name is printed as typed («Осенний» in a Russian name).
                    let mut ours = text.clone();
                    for quoted in t.settings.name.split('«').skip(1) {
                        let inner = quoted.split('»').next().unwrap_or_default();
                        ours = ours.replace(&format!("«{inner}»"), "");
                    }
                    assert!(
                        !ours.contains('«'),
                        "{at}: Russian quotes in English:\n{text}"
                    );
                }
                let html = report::html::render(&doc, lang);
                for p in t.players.iter().take(3) {
                    if text.contains(&p.surname) {
                        assert!(html.contains(&p.surname), "{at}: the HTML has less");
                    }
                }
            }
        }
    }
}

/// The final protocol: every participant with birth year, rank, region, points and who met or
/// confirmed a rank; the dates as a Russian form writes them; the panel with categories.
#[test]
fn the_final_protocol_names_every_participant_and_the_ranks_met() {
    if !pdftotext() {
        return;
    }
    let (_, t) = samples()
        .into_iter()
        .find(|(n, _)| n == "shashki64-round-robin")
        .unwrap();
    let doc = Kind::Protocol.make(&t, None, Table::shipped(), Lang::Ru);
    let (flat, text) = printed(&doc, "protocol.pdf");
    // The sample is after round 5 of 9: not the final protocol, and it says so.
    assert!(text.contains("Протокол (промежуточный)"), "{text}");
    assert!(text.contains("Положение после 5-го тура из 9"), "{text}");
    assert!(
        text.contains("Сроки и место проведения: 28 ноября – 2 декабря 2026 г."),
        "{text}"
    );
    assert!(text.contains("№ в календарном плане: 1427"));
    assert!(text.contains("Организатор: Федерация шашек Республики Татарстан"));
    assert!(flat.contains(&squeeze(
        "Главный судья: ____________________ Сорокина Е. В. (ВК, Казань)"
    )));
    assert!(flat.contains(&squeeze(
        "Главный секретарь: ____________________ Хабибуллина Р. Р. (1К, Казань)"
    )));
    for p in &t.players {
        let row = squeeze(&format!(
            "{} {} {} {}",
            p.full_name(),
            p.birth_year.unwrap(),
            p.title,
            p.club
        ));
        assert!(flat.contains(&row), "{} not whole: {text}", p.full_name());
    }
    // tests/norms.rs computes Фёдоров's norm by hand: II before, met I.
    let n = norms::compute(&t, None, Table::shipped(), &Table::shipped().options);
    let met: Vec<_> = n.players.iter().filter(|p| p.result.is_some()).collect();
    assert!(met.len() >= 3);
    for p in met {
        assert!(flat.contains(&squeeze(&n.outcome(p, Lang::Ru))));
    }
    assert!(flat.contains(&squeeze("Фёдоров Андрей 1973 2 разряд Уфа 3")));
    assert!(text.contains("выполнил I"));
    // The English ranking of an international event has no ЕВСК column.
    let en = Kind::Protocol.make(&t, None, Table::shipped(), Lang::En);
    assert_eq!(
        en.title,
        format!("Ranking (not final) — {}", t.settings.name)
    );
    assert!(!en.sections[0].header.iter().any(|h| h.contains("met")));
    assert!(!en.subtitle.iter().any(|s| s.contains("club-2018")));
}

/// A four-player event of two rounds, counted by hand: one win with White, one draw, a forfeit,
/// a withdrawal and an arbiter's verdict on a claim.
fn small_event() -> Tournament {
    let mut t = Tournament::new(
        "Первенство клуба",
        shashki_arbiter::rules::Variant::Russian,
        System::RoundRobin,
        "45m".parse().unwrap(),
        1,
    );
    t.settings.dates = "2026-04-10 – 2026-04-12".into();
    t.settings.venue = "Казань".into();
    t.settings.chief_arbiter = "Сорокина Е. В.".into();
    t.settings.paperwork.chief_arbiter_category = "ВК".into();
    for (i, (surname, sex, title, club)) in [
        ("Алексеев", Sex::Male, "КМС", "Казань"),
        ("Борисова", Sex::Female, "I", "Казань"),
        ("Васильев", Sex::Male, "1 разряд", "Уфа"),
        ("Григорьева", Sex::Female, "", "Пермь"),
    ]
    .into_iter()
    .enumerate()
    {
        t.players.push(Player {
            number: Some(i + 1),
            sex: Some(sex),
            title: title.into(),
            club: club.into(),
            birth_year: Some(2000),
            ..Player::new(PlayerId(i as u32 + 1), surname)
        });
    }
    let round = |number, pairings| Round {
        number,
        pairings,
        bye: None,
        absent: Vec::new(),
        requested_byes: Vec::new(),
        locked: false,
        acceleration: Default::default(),
        matches: Vec::new(),
        team_byes: Vec::new(),
        team_absent: Vec::new(),
        advanced: Vec::new(),
    };
    let mut r1 = round(
        1,
        vec![
            Pairing::new(1, PlayerId(1), PlayerId(4), vec![GameResult::WhiteWins]),
            Pairing::new(2, PlayerId(2), PlayerId(3), vec![GameResult::Draw]),
        ],
    );
    r1.pairings[1]
        .notes
        .push("Заявление чёрных о троекратном повторении: отклонено".into());
    t.rounds.push(r1);
    t.rounds.push(round(
        2,
        vec![
            Pairing::new(
                1,
                PlayerId(4),
                PlayerId(2),
                vec![GameResult::BlackByForfeit],
            ),
            Pairing::new(2, PlayerId(3), PlayerId(1), vec![GameResult::Pending]),
        ],
    ));
    t.players[3].withdrawn_after = Some(2);
    t
}

#[test]
fn the_chief_arbiters_report_counts_what_happened() {
    let t = small_event();
    let doc = Kind::ChiefReport.make(&t, None, Table::shipped(), Lang::Ru);
    let all: Vec<&String> = doc.sections.iter().flat_map(|s| &s.lines).collect();
    let has = |s: &str| all.iter().any(|l| l.as_str() == s);
    assert!(has("Участников: 4 (мужчин 2, женщин 2)"), "{all:?}");
    assert!(has("Сыграно туров: 2"));
    // Two games over the board: one win with White, one draw; the forfeit is not a game.
    assert!(has(
        "Сыграно партий: 2 (побед белых 1, побед чёрных 0, ничьих 1)"
    ));
    assert!(has("Результативность: 50 %"));
    assert!(has("Тур 2, доска 1: неявка, Григорьева"), "{all:?}");
    assert!(has(
        "Тур 1, доска 2: Заявление чёрных о троекратном повторении: отклонено"
    ));
    assert!(has("Григорьева: выбыла после тура 2"), "{all:?}");
    let by_rank = doc
        .sections
        .iter()
        .find(|s| s.heading == "Состав участников по разрядам")
        .unwrap();
    // КМС: Алексеев; I: Борисова and Васильев («1 разряд»); Григорьева without a rank, adult.
    assert_eq!(
        by_rank.rows,
        [
            ["кандидат в мастера спорта", "1", "1", "0"],
            ["I разряд", "2", "1", "1"],
            ["без разряда", "1", "0", "1"],
        ]
    );
    let by_region = doc
        .sections
        .iter()
        .find(|s| s.heading == "Состав участников по регионам и клубам")
        .unwrap();
    assert_eq!(
        by_region.rows,
        [["Казань", "2"], ["Пермь", "1"], ["Уфа", "1"]]
    );
    assert!(doc
        .subtitle
        .iter()
        .any(|s| s == "Сроки и место проведения: 10–12 апреля 2026 г., Казань"));
}

/// The pairing list for the wall: each board with the players' numbers, names and points before
/// the round, counted by hand; set in large type.
#[test]
fn the_pairing_list_has_the_points_before_the_round() {
    let t = small_event();
    let doc = Kind::Pairings.make(&t, None, Table::shipped(), Lang::Ru);
    assert!(doc.wall);
    assert_eq!(doc.title, "Первенство клуба — тур 2");
    let s = &doc.sections[0];
    assert_eq!(
        s.header,
        ["Доска", "№", "Белые", "Очки", "№", "Чёрные", "Очки"]
    );
    // After round 1: Алексеев 1, Борисова ½, Васильев ½, Григорьева 0.
    assert_eq!(
        s.rows,
        [
            ["1", "4", "Григорьева", "0", "2", "Борисова", "0,5"],
            ["2", "3", "Васильев", "0,5", "1", "Алексеев", "1"],
        ]
    );
    // The round's protocol has the ranks beside the names and the results.
    let p = Kind::Rounds.make(&t, Some(1), Table::shipped(), Lang::Ru);
    assert_eq!(p.sections.len(), 1);
    assert_eq!(
        p.sections[0].rows[0],
        [
            "1",
            "1",
            "Алексеев, КМС",
            "0",
            "4",
            "Григорьева",
            "0",
            "1-0",
            "1 : 0"
        ]
    );
}

/// A certificate for each participant who met or confirmed a rank, and only for them; its
/// numbers those of the norms sheet.
#[test]
fn a_certificate_for_each_rank_met() {
    let (_, t) = samples()
        .into_iter()
        .find(|(n, _)| n == "shashki64-round-robin")
        .unwrap();
    let doc = Kind::Certificates.make(&t, None, Table::shipped(), Lang::Ru);
    let n = norms::compute(&t, None, Table::shipped(), &Table::shipped().options);
    let met: Vec<_> = n.players.iter().filter(|p| p.result.is_some()).collect();
    assert_eq!(doc.sections.len(), met.len());
    // Фёдоров Андрей, II before: met I (tests/norms.rs computes his norm by hand).
    let f = doc
        .sections
        .iter()
        .find(|s| s.lines[0] == "Фамилия, имя: Фёдоров Андрей")
        .unwrap();
    assert!(f.new_page);
    assert!(f
        .lines
        .iter()
        .any(|l| l
            .starts_with("Выполнил норму спортивного разряда «I разряд» по виду спорта «шашки»")));
    assert!(f.lines.contains(&"№ в календарном плане: 1427".to_string()));
    assert!(f
        .lines
        .contains(&"Разряд до соревнования: 2 разряд".to_string()));
    assert_eq!(
        f.signatures.len(),
        2,
        "the chief arbiter and the chief secretary"
    );
    // An event where nobody met a rank prints one page saying so.
    let none = Kind::Certificates.make(&small_event(), None, Table::shipped(), Lang::Ru);
    assert_eq!(none.sections.len(), 1);
    assert!(none.sections[0].lines[0].starts_with("Норм спортивных разрядов никто"));
}

/// `report --document` makes each document from the command line; a pairing list of an event
/// without rounds is refused with a reason, and a certificate is not a table for a CSV.
#[test]
fn the_command_line_prints_each_document() {
    let sample = "tournaments/shashki64-round-robin.ron";
    for name in [
        "protocol",
        "crosstable",
        "rounds",
        "pairings",
        "norms",
        "certificates",
        "chief-report",
        "match-protocols",
    ] {
        let out = temp(&format!("cli-{name}.html"));
        let run = Command::new(env!("CARGO_BIN_EXE_shashki-arbiter"))
            .args(["report", sample, "--document", name, "--lang", "ru", "-o"])
            .arg(&out)
            .output()
            .unwrap();
        assert!(
            run.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&run.stderr)
        );
        let html = std::fs::read_to_string(&out).unwrap();
        assert!(html.contains("Кубок города по шашкам-64"), "{name}");
    }
    let csv = temp("cli-certificates.csv");
    let run = Command::new(env!("CARGO_BIN_EXE_shashki-arbiter"))
        .args(["report", sample, "--document", "certificates", "-o"])
        .arg(&csv)
        .output()
        .unwrap();
    assert!(!run.status.success());
    assert!(String::from_utf8_lossy(&run.stderr).contains("is not one table"));
    assert!(!csv.exists(), "nothing written");
}

/// Issue 35: a micromatch forfeited whole is one line of the chief arbiter's report, and a
/// claim's verdict (a note naming its game) reads with one colon before its text.
#[test]
fn the_chief_report_lists_a_forfeited_micromatch_once_and_a_verdict_with_one_colon() {
    let mut t = small_event();
    t.settings.format.games = 2;
    t.rounds[1].pairings[0].games = vec![GameResult::BlackByForfeit, GameResult::WhiteByForfeit];
    t.rounds[0].pairings[0].games = vec![GameResult::WhiteWins, GameResult::Draw];
    t.rounds[0].pairings[0]
        .notes
        .push("партия 2: троекратное повторение заявили (белые) — верно, ничья".into());
    let doc = Kind::ChiefReport.make(&t, None, Table::shipped(), Lang::Ru);
    let all: Vec<&String> = doc.sections.iter().flat_map(|s| &s.lines).collect();
    let forfeits: Vec<&&String> = all.iter().filter(|l| l.contains("неявка")).collect();
    assert_eq!(forfeits.len(), 1, "{all:?}");
    assert!(
        forfeits[0].starts_with("Тур 2, доска 1: неявка, Григорьева")
            && forfeits[0].ends_with("(весь микроматч)"),
        "{all:?}"
    );
    assert!(
        all.iter().any(|l| l.as_str()
            == "Тур 1, доска 1, партия 2: троекратное повторение заявили (белые) — верно, ничья"),
        "{all:?}"
    );
}

/// A team event's documents: a match protocol per match of the round (boards with the home
/// team's player first and the board score from his side, game and match points, both captains
/// and the arbiter signing); the final team protocol with every team by place and every roster
/// player; the chief arbiter's report with the teams' figures and winners.
#[test]
fn a_team_event_prints_match_protocols_and_the_final_team_protocol() {
    use shashki_arbiter::tournament::team::standings;
    let t = shashki_arbiter::store::event::read(std::path::Path::new(
        "tournaments/shashki64-teams.ron",
    ))
    .unwrap();
    let table = Table::shipped();
    let r = &t.rounds[1];
    let doc = Kind::MatchProtocols.make(&t, Some(2), table, Lang::Ru);
    assert_eq!(doc.sections.len(), r.matches.len());
    for (s, m) in doc.sections.iter().zip(&r.matches) {
        let [home, away] = standings::match_score(&t, r, m).unwrap();
        let name = |id| t.team(id).unwrap().name.clone();
        assert_eq!(
            s.heading,
            format!("Тур 2 · {} – {}", name(m.home), name(m.away))
        );
        assert_eq!(s.header[1], name(m.home));
        // Three boards, then the game points and the match points.
        assert_eq!(s.rows.len(), 5, "{:?}", s.rows);
        let last = |row: &Vec<String>| row.last().unwrap().clone();
        let board_points: f64 = s.rows[..3]
            .iter()
            .map(|row| {
                last(row)
                    .split(" : ")
                    .next()
                    .unwrap()
                    .replace(',', ".")
                    .parse::<f64>()
                    .unwrap()
            })
            .sum();
        assert_eq!(board_points, home.game_points, "{}", s.heading);
        assert_eq!(
            last(&s.rows[4]),
            format!(
                "{} : {}",
                home.match_points.unwrap(),
                away.match_points.unwrap()
            )
        );
        // The home team's player on each board, in the match's board order.
        for (k, p) in r.boards_of(m).enumerate() {
            let player = if t.has_white(p, m.home) {
                p.white
            } else {
                p.black
            };
            assert_eq!(s.rows[k][1], t.player(player).unwrap().full_name());
        }
        assert!(s.signatures[0].contains(&t.team(m.home).unwrap().captain));
        assert!(s.new_page);
    }
    // The sample is not over: its protocol says so in the title and at the head, so that it is
    // never taken for the final one (an arbiter's trial took it for that).
    let protocol = Kind::Protocol.make(&t, None, table, Lang::Ru);
    let (counted, planned) = report::head::unfinished(&t, None).unwrap();
    assert!(counted < planned);
    assert!(
        protocol
            .title
            .starts_with("Протокол командного первенства (промежуточный)"),
        "{}",
        protocol.title
    );
    let after = format!("Положение после {counted}-го тура из {planned}: не окончательное");
    assert!(
        protocol.subtitle.contains(&after),
        "{:?}",
        protocol.subtitle
    );
    // The standings report ranks teams by the team criteria: the players' tie-breaks are not
    // named at its head as if they were the event's.
    let report_doc = Kind::Standings.make(&t, None, table, Lang::En);
    assert!(
        !report_doc
            .subtitle
            .iter()
            .any(|l| l.starts_with("Tie-breaks")),
        "{:?}",
        report_doc.subtitle
    );
    assert!(report_doc
        .subtitle
        .iter()
        .any(|l| l.starts_with("Standing after round")));
    // The legend says how the criteria that are not "more is better" read.
    let legend = report_doc.sections[0].note.clone().unwrap();
    assert!(legend.contains("GP — game points"), "{legend}");
    assert!(
        legend.contains("BC — board count (Σ board number × points on that board: less is better)"),
        "{legend}"
    );
    assert!(
        legend.contains("DE — direct encounter (the place among the tied teams"),
        "{legend}"
    );
    let players = protocol
        .sections
        .iter()
        .find(|s| s.heading == "Составы команд")
        .unwrap();
    assert_eq!(players.rows.len(), t.players.len(), "every roster player");
    let places: Vec<&String> = players
        .rows
        .iter()
        .map(|r| &r[0])
        .filter(|p| !p.is_empty())
        .collect();
    assert_eq!(places.len(), t.teams.len());
    // The team crosstable: a match of the round not played yet is an empty cell, not a zero.
    let lines = standings::compute(&t, None);
    let cross = report::team::crosstable(&t, &lines, Lang::Ru);
    let pending = &t.rounds.last().unwrap().matches[0];
    assert!(t
        .rounds
        .last()
        .unwrap()
        .pairings
        .iter()
        .all(|p| !p.scored()));
    let row = &cross.rows[pending.home.0 as usize - 1];
    assert_eq!(row[1 + pending.away.0 as usize], "", "{row:?}");
    let played = &t.rounds[0].matches[0];
    let [home, _] = standings::match_score(&t, &t.rounds[0], played).unwrap();
    assert_eq!(
        cross.rows[played.home.0 as usize - 1][1 + played.away.0 as usize],
        report::points(home.game_points, Lang::Ru)
    );
    let report = Kind::ChiefReport.make(&t, None, table, Lang::Ru);
    let teams = report
        .sections
        .iter()
        .find(|s| s.heading == "Командное первенство")
        .unwrap();
    assert!(
        teams.lines[1].starts_with("Сыграно матчей: 9"),
        "{:?}",
        teams.lines
    );
    assert_eq!(teams.rows[0][1], standings::compute(&t, None)[0].name);
    // Its winners are the teams and each board's best, never three players ranked across every
    // board; a sex nobody entered is said so, not counted as "men 0, women 0" (an arbiter's
    // trial read both as fact).
    assert!(!report
        .sections
        .iter()
        .any(|s| s.heading == "Победители и призёры"));
    let best = report
        .sections
        .iter()
        .find(|s| s.heading == "Лучшие результаты по доскам")
        .unwrap();
    let boards = t.settings.teams.as_ref().unwrap().boards;
    let on_boards: std::collections::BTreeSet<&String> = best.rows.iter().map(|r| &r[0]).collect();
    assert_eq!(on_boards.len(), boards, "{:?}", best.rows);
    assert!(t.players.iter().all(|p| p.sex.is_none()));
    let lines: Vec<&String> = report.sections.iter().flat_map(|s| &s.lines).collect();
    assert!(
        lines.contains(&&format!("Участников: {} (пол не указан)", t.players.len())),
        "{lines:?}"
    );
    let by_rank = report
        .sections
        .iter()
        .find(|s| s.heading == "Состав участников по разрядам")
        .unwrap();
    assert!(!by_rank.header.iter().any(|h| h == "Мужчин"));
}
