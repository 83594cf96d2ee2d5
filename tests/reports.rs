//! Reports of the sample event: the PDF renders and carries Cyrillic text, the HTML passes tidy's
//! checks, the CSV opens in a spreadsheet (issue 4). The outside tools (poppler, tidy) are
//! installed by .ci/run; where they are missing the test says so, and fails under CI.

use std::process::Command;

use shashki_arbiter::lang::Lang;
use shashki_arbiter::report;
use shashki_arbiter::store::event;
use shashki_arbiter::tournament::model::PlayerId;

fn sample() -> shashki_arbiter::tournament::Tournament {
    event::read(std::path::Path::new(
        "tournaments/shashki64-round-robin.ron",
    ))
    .unwrap()
}

fn tool(name: &str) -> bool {
    let found = Command::new(name).arg("-v").output().is_ok();
    if !found {
        assert!(
            std::env::var_os("SHASHKI_REQUIRE_TOOLS").is_none(),
            "{name} is needed (poppler-utils / tidy)"
        );
        eprintln!("{name} not installed: check skipped");
    }
    found
}

fn temp(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("sa-report-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d.join(name)
}

#[test]
fn the_pdf_renders_and_shows_cyrillic_names() {
    let t = sample();
    let doc = report::document(&t, None, Lang::Ru);
    let bytes = report::pdf::render(&doc).unwrap();
    assert!(bytes.starts_with(b"%PDF-"));
    let path = temp("report.pdf");
    std::fs::write(&path, &bytes).unwrap();
    if !tool("pdftoppm") {
        return;
    }
    let png = temp("page");
    let out = Command::new("pdftoppm")
        .args(["-r", "30", "-png", "-f", "1", "-l", "1"])
        .arg(&path)
        .arg(&png)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = Command::new("pdftotext")
        .arg("-layout")
        .arg(&path)
        .arg("-")
        .output()
        .unwrap();
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(text.contains("Турнирная таблица"), "{text}");
    // Every section (standings, crosstable, each round with its ballots and results) is there,
    // and every row of it on one line of the page, its cells in order: nothing cut or dropped.
    let lines: Vec<&str> = text.lines().collect();
    // pdftotext's layout keeps the columns but may close a narrow space ("2 : 0" → "2:0").
    let squeeze = |s: &str| s.chars().filter(|c| !c.is_whitespace()).collect::<String>();
    let squeezed: Vec<String> = lines.iter().map(|l| squeeze(l)).collect();
    let mut rows = 0;
    for section in &doc.sections {
        assert!(
            text.contains(&section.heading),
            "no «{}» in the PDF",
            section.heading
        );
        for row in &section.rows {
            let cells: Vec<String> = row
                .iter()
                .map(|c| squeeze(c))
                .filter(|c| !c.is_empty())
                .collect();
            let on_a_line = squeezed.iter().any(|line| {
                let mut rest = line.as_str();
                cells.iter().all(|c| match rest.find(c.as_str()) {
                    Some(i) => {
                        rest = &rest[i + c.len()..];
                        true
                    }
                    None => false,
                })
            });
            assert!(
                on_a_line,
                "«{}»: the row {cells:?} is not on one line",
                section.heading
            );
            rows += 1;
        }
    }
    // The standings, the 10 × 10 crosstable and six rounds of five boards at least.
    assert!(rows >= 10 + 10 + 6 * 5, "{rows} rows");
    // The points of each player as the standings give them, beside the name.
    for l in shashki_arbiter::tournament::standings::compute(&t, None) {
        let points = report::points(l.points, Lang::Ru);
        assert!(
            lines
                .iter()
                .any(|line| line.contains(&l.name) && line.split_whitespace().any(|w| w == points)),
            "{} {points}",
            l.name
        );
    }
}

#[test]
fn the_html_is_one_valid_file() {
    let t = sample();
    let html = report::html::render(&report::document(&t, None, Lang::Ru), Lang::Ru);
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert!(
        !html.contains("src=") && !html.contains("<link"),
        "self-contained"
    );
    assert!(html.contains("Смирнов Иван"));
    let path = temp("report.html");
    std::fs::write(&path, &html).unwrap();
    if !tool("tidy") {
        return;
    }
    let out = Command::new("tidy")
        .args(["-q", "-e"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "tidy: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn the_csv_has_one_row_per_player_and_quotes_what_needs_it() {
    let mut t = sample();
    t.players[0].club = "Клуб \"Ладья\", Казань".into();
    let lines = shashki_arbiter::tournament::standings::compute(&t, None);
    let csv = report::csv::render(
        &report::standings_section(&t, &lines, Lang::En),
        report::csv::Separator::Comma,
    );
    assert!(csv.starts_with('\u{FEFF}'));
    let rows: Vec<&str> = csv
        .trim_start_matches('\u{FEFF}')
        .split("\r\n")
        .filter(|l| !l.is_empty())
        .collect();
    assert_eq!(rows.len(), 1 + t.players.len());
    assert!(
        rows[0].starts_with("Place,No,Name,Title,Club,Rating,Points,H2H,Wins,SB,Shm"),
        "{}",
        rows[0]
    );
    assert!(csv.contains("\"Клуб \"\"Ладья\"\", Казань\""));
}

/// A Russian spreadsheet splits at `;` (its decimal separator is the comma): the Russian CSV
/// uses it unless told otherwise, and quotes a field holding the separator either way.
#[test]
fn the_csv_separator_follows_the_language_or_the_choice() {
    let bin = env!("CARGO_BIN_EXE_shashki-arbiter");
    let file = "tournaments/shashki64-round-robin.ron";
    let run = |args: &[&str]| {
        let out = Command::new(bin).args(args).output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let ru = run(&["--format", "csv", "standings", file, "--lang", "ru"]);
    let header = ru.trim_start_matches('\u{FEFF}').lines().next().unwrap();
    assert!(header.starts_with("Место;№;Участник;"), "{header}");
    let en = run(&["--format", "csv", "standings", file, "--lang", "en"]);
    assert!(en
        .trim_start_matches('\u{FEFF}')
        .starts_with("Place,No,Name,"));
    let chosen = run(&[
        "--format",
        "csv",
        "standings",
        file,
        "--lang",
        "ru",
        "--separator",
        ",",
    ]);
    assert!(chosen
        .trim_start_matches('\u{FEFF}')
        .starts_with("Место,№,Участник,"));
    // Numbers as the language writes them: a Russian spreadsheet reads `21,125` as a number
    // (and `21.125` as text or a date); a field with the separator in it is quoted.
    assert!(ru.contains(";21,125;"), "{ru}");
    assert!(en.contains(",21.125,"), "{en}");
    assert!(chosen.contains(",\"21,125\","), "{chosen}");
    let out = Command::new(bin)
        .args(["standings", file, "--separator", "tab"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

/// The report's header names the tie-breaks in words with the column heading each stands for,
/// never the file's ids, and the PDF of a sample event embeds only the glyphs it uses (it was
/// 816 KB with the whole font) and carries a title a PDF reader shows as written.
#[test]
fn the_report_names_tiebreaks_and_the_pdf_is_small_with_a_readable_title() {
    for file in [
        "tournaments/shashki64-round-robin.ron",
        "tournaments/international-round-robin.ron",
    ] {
        let t = event::read(std::path::Path::new(file)).unwrap();
        for lang in [Lang::Ru, Lang::En] {
            let doc = report::document(&t, None, lang);
            let head = doc.subtitle.join("\n");
            // Ids are snake_case (`sonneborn_berger`); no word of a header has an underscore.
            assert!(!head.contains('_'), "{file}: {head}");
            for tb in &t.tiebreaks {
                let (en, ru) = tb.name();
                assert!(head.contains(lang.pick(en, ru)), "{file}: {head}");
            }
        }
        let doc = report::document(&t, None, Lang::Ru);
        let bytes = report::pdf::render(&doc).unwrap();
        assert!(bytes.len() < 200_000, "{file}: {} bytes", bytes.len());
        let path = temp("titled.pdf");
        std::fs::write(&path, &bytes).unwrap();
        if !tool("pdfinfo") {
            continue;
        }
        let info = Command::new("pdfinfo").arg(&path).output().unwrap();
        let info = String::from_utf8(info.stdout).unwrap();
        let title = info.lines().find(|l| l.starts_with("Title:")).unwrap();
        assert_eq!(
            title.trim_start_matches("Title:").trim(),
            t.settings.name,
            "{file}"
        );
    }
}

/// A five-player Swiss of two rounds, every kind of round in it: a win with White and with
/// Black, a draw, a bye, a forfeit either way, a round missed.
fn small_swiss() -> shashki_arbiter::tournament::Tournament {
    use shashki_arbiter::tournament::model::*;
    let mut t = Tournament::new(
        "Swiss",
        shashki_arbiter::rules::Variant::Russian,
        System::Swiss,
        "45m".parse().unwrap(),
        1,
    );
    t.tiebreaks.clear();
    t.settings.unplayed.bye = ByeValue::Win;
    for (i, (surname, sex)) in [
        ("Алексеев", Some(Sex::Male)),
        ("Борисова", Some(Sex::Female)),
        ("Васильев", None),
        ("Григорьева", Some(Sex::Female)),
        ("Дмитриев", Some(Sex::Male)),
    ]
    .into_iter()
    .enumerate()
    {
        t.players.push(Player {
            number: Some(i + 1),
            sex,
            ..Player::new(PlayerId(i as u32 + 1), surname)
        });
    }
    let round = |number, pairings, bye| Round {
        number,
        pairings,
        bye,
        absent: Vec::new(),
        requested_byes: Vec::new(),
        locked: false,
        acceleration: Default::default(),
        matches: Vec::new(),
        team_byes: Vec::new(),
        team_absent: Vec::new(),
        advanced: Vec::new(),
    };
    t.rounds.push(round(
        1,
        vec![
            Pairing::new(1, PlayerId(1), PlayerId(4), vec![GameResult::WhiteWins]),
            Pairing::new(2, PlayerId(5), PlayerId(2), vec![GameResult::Draw]),
        ],
        Some(PlayerId(3)),
    ));
    let mut r2 = round(
        2,
        vec![
            Pairing::new(1, PlayerId(3), PlayerId(1), vec![GameResult::BlackWins]),
            Pairing::new(
                2,
                PlayerId(2),
                PlayerId(4),
                vec![GameResult::BlackByForfeit],
            ),
        ],
        None,
    );
    r2.absent.push(PlayerId(5));
    t.rounds.push(r2);
    t
}

/// Issue 25, item 7: a Swiss prints its round grid — per round the opponent's number, the
/// colour and the result — where a round robin prints its crosstable.
#[test]
fn a_swiss_report_has_the_round_grid_arbiters_print() {
    let t = small_swiss();
    for (lang, heading, grid) in [
        (
            Lang::Ru,
            "Таблица по турам",
            [
                ("Алексеев", ["4б+", "3ч+"], "2"),
                ("Борисова", ["5ч=", "4−"], "0,5"),
                ("Васильев", ["св+", "1б−"], "1"),
                ("Григорьева", ["1ч−", "2+"], "1"),
                ("Дмитриев", ["2б=", "—"], "0,5"),
            ],
        ),
        (
            Lang::En,
            "Round grid",
            [
                ("Алексеев", ["4w+", "3b+"], "2"),
                ("Борисова", ["5b=", "4−"], "0.5"),
                ("Васильев", ["bye+", "1w−"], "1"),
                ("Григорьева", ["1b−", "2+"], "1"),
                ("Дмитриев", ["2w=", "—"], "0.5"),
            ],
        ),
    ] {
        let doc = report::document(&t, None, lang);
        let section = doc
            .sections
            .iter()
            .find(|s| s.heading == heading)
            .unwrap_or_else(|| panic!("{lang:?}: no «{heading}» in {doc:#?}"));
        assert_eq!(
            &section.header[3..],
            ["1", "2", lang.pick("Points", "Очки")]
        );
        // What a cell means is printed under the grid.
        let legend = lang.pick("bye: a round without an opponent", "св: свободный тур");
        assert!(section.note.as_ref().unwrap().contains(legend));
        assert!(report::html::render(&doc, lang).contains(legend));
        for (name, cells, points) in grid {
            let row = section.rows.iter().find(|r| r[2] == name).unwrap();
            assert_eq!(&row[3..5], cells, "{lang:?} {name}");
            assert_eq!(row[5], points, "{lang:?} {name}");
        }
        // In standings order: the leader first, the tied pairs by number.
        let order: Vec<&str> = section.rows.iter().map(|r| r[2].as_str()).collect();
        assert_eq!(
            order,
            ["Алексеев", "Васильев", "Григорьева", "Борисова", "Дмитриев"]
        );
    }
}

/// Issue 25, item 14: one number style per language in every part of a report — Russian
/// writes `0,5` and `21,125`, English `0.5`; never both in one document.
#[test]
fn a_report_writes_numbers_as_its_language_does() {
    let decimal = |text: &str, mark: char| {
        let chars: Vec<char> = text.chars().collect();
        chars
            .windows(3)
            .any(|w| w[0].is_ascii_digit() && w[1] == mark && w[2].is_ascii_digit())
    };
    for t in [sample(), small_swiss()] {
        // Every word of the document (the HTML's style sheet has numbers of its own).
        let words = |lang| {
            let doc = report::document(&t, None, lang);
            let mut all = doc.subtitle.join("\n");
            for s in &doc.sections {
                for row in std::iter::once(&s.header).chain(&s.rows) {
                    all.push('\n');
                    all.push_str(&row.join("\t"));
                }
            }
            all
        };
        let (ru, en) = (words(Lang::Ru), words(Lang::En));
        assert!(decimal(&ru, ','), "a Russian report has decimal commas");
        assert!(!decimal(&ru, '.'), "no decimal point in Russian");
        assert!(decimal(&en, '.'), "an English report has decimal points");
        assert!(!decimal(&en, ','), "no decimal comma in English");
    }
}

/// Issue 25, items 9 and 11: a withdrawn player is marked in the standings, in Russian in the
/// player's gender (a form without one where the sex is not known).
#[test]
fn a_withdrawn_player_is_marked_in_the_standings_in_their_gender() {
    let mut t = small_swiss();
    for id in [2, 3] {
        t.players
            .iter_mut()
            .find(|p| p.id == PlayerId(id))
            .unwrap()
            .withdrawn_after = Some(2);
    }
    let names = |lang| -> Vec<String> {
        report::document(&t, None, lang).sections[0]
            .rows
            .iter()
            .map(|r| r[2].clone())
            .collect()
    };
    let ru = names(Lang::Ru);
    assert!(
        ru.contains(&"Борисова (выбыла после тура 2)".to_string()),
        "{ru:?}"
    );
    assert!(
        ru.contains(&"Васильев (выбытие после тура 2)".to_string()),
        "{ru:?}"
    );
    assert!(ru.contains(&"Алексеев".to_string()), "{ru:?}");
    let en = names(Lang::En);
    assert!(
        en.contains(&"Борисова (withdrew after round 2)".to_string()),
        "{en:?}"
    );
    // After round 1 the withdrawal (after round 2) has not happened.
    let before = report::document(&t, Some(1), Lang::Ru).sections[0]
        .rows
        .clone();
    assert!(before.iter().all(|r| !r[2].contains("выбы")), "{before:?}");
}
