//! The hall's page in a real browser (Debian's headless Chromium): served live by the program
//! from a sample event with results and running clocks, looked at as a phone and as a wall
//! screen; the screenshots go to docs/screenshots/ (README shows them).
#![cfg(feature = "serve")]

use std::path::{Path, PathBuf};
use std::process::Command;

use chrono::Utc;
use shashki_arbiter::clock::game_clock::{Event, EventKind};
use shashki_arbiter::clock::hall::{clocks_dir, game_dir};
use shashki_arbiter::clock::log::ClockLog;
use shashki_arbiter::rules::Color;
use shashki_arbiter::store::event::{self, EventFile};
use shashki_arbiter::tournament::command::Command as Change;
use shashki_arbiter::tournament::id::GameRef;
use shashki_arbiter::tournament::model::GameResult;

fn chromium() -> Option<&'static str> {
    let found = Command::new("chromium").arg("--version").output().is_ok();
    if !found {
        assert!(
            std::env::var_os("SHASHKI_REQUIRE_TOOLS").is_none(),
            "chromium is needed (Debian package chromium)"
        );
        eprintln!("chromium not installed: the page check is skipped");
        return None;
    }
    Some("chromium")
}

/// A copy of the шашки-64 sample mid-round: two results in, four boards on the clock (one
/// running with Black to move, one in its last ten seconds, one paused, one with White's flag
/// down).
fn event_mid_round() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("shashki-web-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("cup.ron");
    std::fs::copy("tournaments/shashki64-round-robin.ron", &path).unwrap();
    let mut e = EventFile::open(&path).unwrap();
    for (board, result) in [(3, GameResult::WhiteWins), (5, GameResult::Draw)] {
        e.apply(
            Change::SetResult {
                game: GameRef {
                    round: 6,
                    board,
                    game: 0,
                },
                result,
            },
            Utc::now(),
        )
        .unwrap();
    }
    // Board 1's first game on record: two legal moves from its ballot's position.
    let t = event::read(&path).unwrap();
    let moves = {
        use shashki_arbiter::rules::{fen, movegen, notation};
        let round = t.rounds.last().unwrap();
        let g = shashki_arbiter::tournament::records::game_pdn(&t, round, &round.pairings[0], 0);
        let mut pos =
            fen::parse(t.settings.variant.plain().unwrap(), g.tag("FEN").unwrap()).unwrap();
        let mut written = Vec::new();
        for _ in 0..2 {
            let m = movegen::legal_moves(&pos)[0];
            written.push(notation::write(&pos, &m));
            pos = pos.play(&m);
        }
        format!("1. {} {}", written[0], written[1])
    };
    e.apply(
        Change::SetRecord {
            game: GameRef {
                round: 6,
                board: 1,
                game: 0,
            },
            moves: Some(moves),
        },
        Utc::now(),
    )
    .unwrap();
    let control = t.time_control_of_game(0).clone();
    let full = control.periods[0].ms;
    let logs = game_dir(&clocks_dir(&path), 6, 0);
    std::fs::create_dir_all(&logs).unwrap();
    let now = Utc::now();
    let board = |n: u32, events: &[(u64, EventKind)], alive: u64| {
        let mut log = ClockLog::create_for(
            &logs.join(format!("board-{n:02}.clocklog")),
            &control,
            Color::White,
            Some(&n.to_string()),
        )
        .unwrap();
        for (at_ms, kind) in events {
            log.append(
                &Event {
                    at_ms: *at_ms,
                    kind: kind.clone(),
                },
                now,
            )
            .unwrap();
        }
        log.heartbeat(alive, now).unwrap();
    };
    board(
        1,
        &[(0, EventKind::Start), (95_000, EventKind::Press)],
        700_000,
    );
    board(
        2,
        &[
            (0, EventKind::Start),
            (
                1_000,
                EventKind::Adjust {
                    side: Color::White,
                    ms: -(full as i64 - 9_000),
                    reason: "demo".into(),
                },
            ),
        ],
        1_000,
    );
    board(
        3,
        &[(0, EventKind::Start), (300_000, EventKind::Pause)],
        300_000,
    );
    board(4, &[(0, EventKind::Start)], full + 2_000);
    path
}

/// The event served read-only on a free loopback port: the runtime (kept while the page is
/// looked at) and the page's address.
fn serve(path: &Path) -> (tokio::runtime::Runtime, String) {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let listener = runtime
        .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
        .unwrap();
    let addr = listener.local_addr().unwrap();
    runtime.spawn(shashki_arbiter::serve::serve_on(
        listener,
        path.to_path_buf(),
    ));
    (runtime, format!("http://{addr}/"))
}

fn lang_pick<'a>(lang: &str, en: &'a str, ru: &'a str) -> &'a str {
    if lang == "ru" {
        ru
    } else {
        en
    }
}

/// Runs the browser on `url` at `size`, with `lang`; returns the DOM after the page settled.
fn look(browser: &str, url: &str, size: &str, lang: &str, screenshot: Option<&Path>) -> String {
    // A profile of its own for every browser started: two tests look at once, and two browsers
    // on one profile give an empty page.
    static LOOKS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = LOOKS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let profile =
        std::env::temp_dir().join(format!("shashki-web-profile-{}-{n}", std::process::id(),));
    let mut cmd = Command::new(browser);
    cmd.args([
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--hide-scrollbars",
        // The page keeps its event stream open: the browser stops waiting after this long.
        "--timeout=4000",
    ])
    .arg(format!("--user-data-dir={}", profile.display()))
    .arg(format!("--window-size={size}"))
    .arg(format!("--accept-lang={lang}"));
    match screenshot {
        Some(p) => cmd.arg(format!("--screenshot={}", p.display())),
        None => cmd.arg("--dump-dom"),
    };
    let out = cmd.arg(url).output().expect("chromium runs");
    drawn(&String::from_utf8_lossy(&out.stdout))
}

/// The DOM without its scripts: the page carries its whole state as JSON in one, so a name or a
/// score found there says nothing about what the page drew.
fn drawn(dom: &str) -> String {
    let mut out = String::with_capacity(dom.len());
    let mut rest = dom;
    while let Some(start) = rest.find("<script") {
        out.push_str(&rest[..start]);
        match rest[start..].find("</script>") {
            Some(end) => rest = &rest[start + end + "</script>".len()..],
            None => rest = "",
        }
    }
    out.push_str(rest);
    out
}

#[test]
fn the_page_shows_pairings_results_and_running_clocks_on_a_phone_and_a_wall() {
    let Some(browser) = chromium() else { return };
    let path = event_mid_round();
    let (_runtime, base) = serve(&path);

    // The DOM, once the state has arrived (a slow start of the browser is looked at again).
    let dom = (0..3)
        .map(|_| look(browser, &format!("{base}#clocks"), "360,800", "ru", None))
        .find(|d| d.contains("article class=\"clock"))
        .unwrap_or_else(|| {
            panic!(
                "no clocks drawn: {}",
                look(browser, &format!("{base}#clocks"), "360,800", "ru", None)
            )
        });
    assert_eq!(
        dom.matches("<article class=\"clock").count(),
        4,
        "four boards on the clock"
    );
    assert!(dom.contains("Попов Артём"), "White of board 1 by name");
    assert!(dom.contains("ФЛАГ"), "board 4's flag, in Russian");
    assert!(dom.contains("Тур 6"), "{}", &dom[..dom.len().min(2000)]);
    // Every tab in both languages, from the DOM: its label and its content in that language.
    for (lang, labels, round, words) in [
        (
            "ru",
            ["Пары", "Часы", "Партии", "Таблица", "Кросс-таблица"],
            "Тур 6",
            ["Белые", "Доска"],
        ),
        (
            "en",
            ["Pairings", "Clocks", "Games", "Standings", "Crosstable"],
            "Round 6",
            ["White", "Board"],
        ),
    ] {
        for (tab, label) in ["pairings", "clocks", "games", "standings", "crosstable"]
            .into_iter()
            .zip(labels)
        {
            let dom = look(browser, &format!("{base}#{tab}"), "1280,900", lang, None);
            let selected = format!("aria-selected=\"true\" aria-controls=\"tab-{tab}\">{label}<");
            assert!(
                dom.contains(&selected) || dom.contains(&format!("data-tab=\"{tab}\" aria-controls=\"tab-{tab}\" aria-selected=\"true\">{label}<")),
                "{lang} #{tab}: the tab `{label}` is shown chosen: {}",
                &dom[..dom.len().min(3000)]
            );
            assert!(dom.contains("Попов Артём"), "{lang} #{tab}: names");
            // A link to `#{tab}` chooses the tab and leaves the page at its top: no element has
            // the tab's name as its id (the browser would scroll the header away to it).
            assert!(
                !dom.contains(&format!("id=\"{tab}\"")),
                "{lang}: an element with the id `{tab}`"
            );
            match tab {
                "pairings" => {
                    assert!(dom.contains(round), "{lang}: {round}");
                    // Earlier rounds: those before the current one (6), the last of them shown.
                    let select = dom
                        .split("id=\"round-select\"")
                        .nth(1)
                        .and_then(|s| s.split("</select>").next())
                        .unwrap_or_default();
                    assert!(
                        select.contains("value=\"5\"") && !select.contains("value=\"6\""),
                        "{lang}: earlier rounds are 1-5: {select}"
                    );
                    // A micromatch's score beside its games, in the language's numbers.
                    let score = lang_pick(lang, "Score", "Счёт");
                    assert!(dom.contains(&format!(">{score}<")), "{lang}: `{score}`");
                    // Board 5's first game drawn.
                    let half = lang_pick(lang, "0.5 : 0.5", "0,5 : 0,5");
                    assert!(dom.contains(half), "{lang}: `{half}`");
                    assert!(
                        dom.contains("1-0") && dom.contains("½-½"),
                        "{lang}: results"
                    );
                    for w in words {
                        assert!(dom.contains(w), "{lang} #{tab}: `{w}`");
                    }
                }
                "clocks" => assert_eq!(
                    dom.matches("<article class=\"clock").count(),
                    4,
                    "{lang}: four boards"
                ),
                "games" => {
                    // Every board's game, drawn; board 1's with its two moves, the last framed.
                    let cards = dom.matches("<article class=\"game-card\"").count();
                    assert_eq!(cards, 5, "{lang}: a diagram per board");
                    assert_eq!(dom.matches("<svg").count(), 5, "{lang}: five diagrams");
                    let board1 = dom
                        .split("class=\"game-card\" data-board=\"1\"")
                        .nth(1)
                        .and_then(|s| s.split("</article>").next())
                        .unwrap_or_default();
                    assert!(board1.contains("class=\"moves\">1. "), "{lang}: {board1}");
                    assert!(board1.contains("stroke=\"#e8262b\""), "{lang}: last move");
                    let title = lang_pick(lang, "Board 1, game 1", "Доска 1, партия 1");
                    assert!(board1.contains(title), "{lang}: {board1}");
                    let none = lang_pick(
                        lang,
                        "No moves on the score sheet yet",
                        "На бланке пока нет ходов",
                    );
                    assert!(dom.contains(none), "{lang}: boards without moves say so");
                }
                _ => assert!(dom.contains("<table"), "{lang} #{tab}: a table"),
            }
            if lang == "ru" {
                for english in [
                    "Pairings",
                    "Standings",
                    "Crosstable",
                    "Round 6",
                    "White",
                    "Games",
                ] {
                    assert!(
                        !dom.contains(&format!(">{english}<")),
                        "ru #{tab}: `{english}`"
                    );
                }
            }
        }
    }

    // The pictures README shows. The clocks tick between runs, so they are not compared pixel by
    // pixel: they go under target/ (into docs/screenshots/ with SHASHKI_UPDATE_SCREENSHOTS=1) and
    // must be whole pictures of a page, not a blank window.
    let shots = match std::env::var_os("SHASHKI_UPDATE_SCREENSHOTS") {
        Some(_) => PathBuf::from("docs/screenshots"),
        None => Path::new(env!("CARGO_TARGET_TMPDIR")).join("web"),
    };
    std::fs::create_dir_all(&shots).unwrap();
    for (name, tab, size, lang) in [
        ("web-phone-clocks-ru", "clocks", "360,800", "ru"),
        ("web-phone-pairings-ru", "pairings", "360,800", "ru"),
        ("web-phone-games-ru", "games", "360,800", "ru"),
        ("web-phone-standings-en", "standings", "360,800", "en"),
        ("web-wall-clocks-en", "clocks", "1920,1080", "en"),
        ("web-wall-standings-en", "standings", "1920,1080", "en"),
    ] {
        let file = shots.join(format!("{name}.png"));
        let _ = std::fs::remove_file(&file);
        look(browser, &format!("{base}#{tab}"), size, lang, Some(&file));
        whole_picture(&file, size, name);
    }
}

/// The picture at `file` is `size` ("W,H") and not blank: the commonest colour (the background)
/// leaves at least 5 % to the text.
fn whole_picture(file: &Path, size: &str, name: &str) {
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(file).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let (w, h) = size.split_once(',').unwrap();
    assert_eq!(
        (info.width, info.height),
        (w.parse().unwrap(), h.parse().unwrap()),
        "{name}"
    );
    let step = info.line_size / info.width as usize;
    let mut counts = std::collections::HashMap::new();
    for px in buf[..info.buffer_size()].chunks(step) {
        *counts.entry((px[0], px[1], px[2])).or_insert(0usize) += 1;
    }
    let total = (info.width * info.height) as usize;
    let background = counts.values().max().copied().unwrap_or(0);
    assert!(
        (total - background) * 20 >= total,
        "{name}: {} of {total} pixels are not the background",
        total - background
    );
}

/// A team event's live page: each board of the current round named by its match with the
/// matches' running scores above the boards, the team table on Standings and the team crosstable
/// on its tab.
#[test]
fn the_page_shows_a_team_events_matches_table_and_crosstable() {
    let Some(browser) = chromium() else { return };
    let dir = std::env::temp_dir().join(format!("shashki-web-teams-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("teams.ron");
    std::fs::copy("tournaments/shashki64-teams.ron", &path).unwrap();
    let t = event::read(&path).unwrap();
    let r = t.rounds.last().unwrap();
    let m = &r.matches[0];
    let name = |id| t.team(id).unwrap().name.clone();
    let (_runtime, base) = serve(&path);
    let board = format!("{} – {} · 2", name(m.home), name(m.away));
    let dom = (0..3)
        .map(|_| look(browser, &format!("{base}#pairings"), "1280,900", "ru", None))
        .find(|d| d.contains(&board))
        .unwrap_or_else(|| panic!("no match named on a board: {board}"));
    assert!(dom.contains(">Матч<"), "the Match column");
    assert!(
        dom.contains(&format!("{} – {}  0 : 0", name(m.home), name(m.away))),
        "the match's running score"
    );
    // Each tab looked at until the state has arrived (a slow start of the browser).
    let look_for = |tab: &str, lang: &str, needle: &str| {
        (0..3)
            .map(|_| look(browser, &format!("{base}#{tab}"), "1280,900", lang, None))
            .find(|d| d.contains(needle))
            .unwrap_or_else(|| panic!("#{tab} ({lang}): no `{needle}`"))
    };
    // A heading counts only as drawn (`<h3>`), not as a word of the page's text elsewhere.
    look_for("standings", "ru", "<h3>Командная турнирная таблица</h3>");
    // The tab is hidden exactly when the page finds no crosstable to draw: its heading drawn
    // proves both.
    look_for("crosstable", "en", "<h3>Team crosstable</h3>");
}

/// A deputy's phone: the QR code's link logs it in (the code gone from the address at once) and
/// the page draws his boards of the current round, by the players' names, with a big button per
/// result, in the phone's language.
#[test]
fn the_deputys_page_logs_in_by_its_link_and_shows_his_boards() {
    use rand_chacha::rand_core::SeedableRng;
    use shashki_arbiter::tournament::deputy::{self, Boards, Deputy};
    let Some(browser) = chromium() else { return };
    let path = event_mid_round();
    let code = deputy::new_code(&mut rand_chacha::ChaCha20Rng::seed_from_u64(5));
    EventFile::open(&path)
        .unwrap()
        .apply(
            Change::AddDeputy {
                deputy: Deputy::new(
                    "Петров П.",
                    Boards::parse("1-3").unwrap(),
                    &code,
                    Utc::now(),
                ),
            },
            Utc::now(),
        )
        .unwrap();
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let listener = runtime
        .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
        .unwrap();
    let addr = listener.local_addr().unwrap();
    let desk = shashki_arbiter::serve::desk::Desk::hold(&path).unwrap();
    runtime.spawn(shashki_arbiter::serve::http::serve_desk(
        listener,
        path.clone(),
        Some(desk),
        std::future::pending(),
    ));
    let link = format!("http://{addr}/deputy/login?code={code}");
    let t = event::read(&path).unwrap();
    let round = t.rounds.last().unwrap();
    let white = t.player(round.pairings[0].white).unwrap().full_name();
    let dom = (0..3)
        .map(|_| look(browser, &link, "360,740", "ru", None))
        .find(|d| d.contains("class=\"board\""))
        .unwrap_or_else(|| {
            panic!(
                "no boards drawn: {}",
                look(browser, &link, "360,740", "ru", None)
            )
        });
    assert!(dom.contains("Петров П."), "who is logged in");
    assert_eq!(
        dom.matches("class=\"board\"").count(),
        3,
        "his three boards"
    );
    assert!(dom.contains(&white), "board 1's White by name");
    assert!(
        dom.contains("Доска 1") && dom.contains("Тур 6"),
        "in Russian"
    );
    // Board 3 has its result (set before): shown as recorded, no buttons for it.
    assert!(dom.contains("Записано: 1-0"), "board 3's result");
    assert!(dom.contains("½ – ½"), "result buttons");
    // Issue 50: the check-in for the next round under his boards, every player expected with
    // a button that marks him come.
    let expected = t
        .players
        .iter()
        .filter(|p| p.withdrawn_after.is_none())
        .count();
    assert!(
        dom.contains(&format!("Регистрация на тур 7: пришли 0 · нет {expected}")),
        "the check-in's heading"
    );
    assert!(dom.contains("class=\"who-row\""), "the players to check in");
    assert!(dom.contains("Поиск по фамилии"), "the search");
    let en = look(browser, &link, "360,740", "en", None);
    assert!(
        en.contains("Board 1") && en.contains("Round 6"),
        "in English"
    );
    assert!(
        en.contains("Check-in for round 7"),
        "the check-in in English"
    );
    // A wrong link: the login form, saying why; no boards.
    let bad = look(
        browser,
        &format!("http://{addr}/deputy/login?code=nope"),
        "360,740",
        "ru",
        None,
    );
    assert!(bad.contains("Код неверный или отозван"), "{bad}");
    assert!(!bad.contains("class=\"board\""));
    let shots = match std::env::var_os("SHASHKI_UPDATE_SCREENSHOTS") {
        Some(_) => PathBuf::from("docs/screenshots"),
        None => Path::new(env!("CARGO_TARGET_TMPDIR")).join("web"),
    };
    std::fs::create_dir_all(&shots).unwrap();
    // README's picture (into docs/screenshots/ with SHASHKI_UPDATE_SCREENSHOTS=1): a whole page.
    let file = shots.join("web-deputy-ru.png");
    let _ = std::fs::remove_file(&file);
    look(browser, &link, "360,740", "ru", Some(&file));
    whole_picture(&file, "360,740", "web-deputy-ru");
}

/// Issue 49: a knockout's page draws its bracket on a tab of its own (hidden for the other
/// systems): a column per round named by what is left to play, each match's two slots with the
/// winner marked and the scores with the tie-break games', the arbiter's reason, the champion,
/// the third-place match; the seeds passing round 1 said on the Pairings tab's list.
#[test]
fn the_page_draws_a_knockouts_bracket() {
    let Some(browser) = chromium() else { return };
    let dir = std::env::temp_dir().join(format!("shashki-web-bracket-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("cup.ron");
    std::fs::copy("tournaments/knockout-cup.ron", &path).unwrap();
    let (_runtime, base) = serve(&path);
    let look_for = |tab: &str, size: &str, lang: &str, needle: &str| {
        (0..3)
            .map(|_| look(browser, &format!("{base}#{tab}"), size, lang, None))
            .find(|d| d.contains(needle))
            .unwrap_or_else(|| panic!("#{tab} ({lang}): no `{needle}`"))
    };
    let dom = look_for("bracket", "1280,900", "ru", "<h3>Тур 4 · Финал</h3>");
    for drawn in [
        "<h3>Тур 1 · 1/8 финала</h3>",
        "<h3>Победитель</h3>",
        r#"<div class="champion">1. Шварцман Александр</div>"#,
        r#"<div class="slot won"><span title="1. Шварцман Александр">1. Шварцман Александр</span><span class="num">1 + 2</span></div>"#,
        r#"<div class="slot out"><span title="6. Сафина Алия">6. Сафина Алия</span><span class="num">1 + 0</span></div>"#,
        r#"<div class="why">армагеддон</div>"#,
        "<h3>Матч за третье место</h3>",
        r#"<div class="slot out"><span title="—">—</span>"#,
    ] {
        assert!(dom.contains(drawn), "not drawn: {drawn}");
    }
    look_for(
        "bracket",
        "1280,900",
        "en",
        "<h3>Round 2 · Quarterfinals</h3>",
    );
    // The other systems have no such tab: asked for, the page shows the standings.
    let shots = Path::new(env!("CARGO_TARGET_TMPDIR")).join("web");
    std::fs::create_dir_all(&shots).unwrap();
    for (size, name) in [("1280,900", "bracket-wall"), ("390,844", "bracket-phone")] {
        let file = shots.join(format!("{name}.png"));
        look(browser, &format!("{base}#bracket"), size, "ru", Some(&file));
        whole_picture(&file, size, name);
    }
}
