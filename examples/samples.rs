//! Writes the sample events in `tournaments/` (run: `cargo run --example samples -- tournaments`).
//! Results are invented by a seeded generator weighted by rating, so the files are the same on
//! every run. The Swiss sample is paired round by round by the program's Swiss pairing.

use chrono::{TimeZone, Utc};
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha20Rng;
use shashki_arbiter::files::ron_text;
use shashki_arbiter::rules::columns::ColumnVariant;
use shashki_arbiter::rules::{Color, Variant};
use shashki_arbiter::tournament::command::{apply, Command};
use shashki_arbiter::tournament::id::GameRef;
use shashki_arbiter::tournament::model::*;
use shashki_arbiter::tournament::swiss;
use shashki_arbiter::tournament::team::TeamId;

const SURNAMES: [&str; 48] = [
    "Иванов",
    "Смирнов",
    "Кузнецов",
    "Попов",
    "Васильев",
    "Петров",
    "Соколов",
    "Михайлов",
    "Новиков",
    "Фёдоров",
    "Морозов",
    "Волков",
    "Алексеев",
    "Лебедев",
    "Семёнов",
    "Егоров",
    "Павлов",
    "Козлов",
    "Степанов",
    "Николаев",
    "Орлов",
    "Андреев",
    "Макаров",
    "Никитин",
    "Захаров",
    "Зайцев",
    "Соловьёв",
    "Борисов",
    "Яковлев",
    "Григорьев",
    "Романов",
    "Воробьёв",
    "Сергеев",
    "Кузьмин",
    "Фролов",
    "Александров",
    "Дмитриев",
    "Королёв",
    "Гусев",
    "Киселёв",
    "Ильин",
    "Максимов",
    "Поляков",
    "Сорокин",
    "Виноградов",
    "Ковалёв",
    "Белов",
    "Медведев",
];
const NAMES: [&str; 12] = [
    "Александр",
    "Сергей",
    "Дмитрий",
    "Андрей",
    "Алексей",
    "Максим",
    "Евгений",
    "Иван",
    "Михаил",
    "Артём",
    "Николай",
    "Владимир",
];
const TITLES: [&str; 5] = ["ГМ", "МС", "КМС", "1 разряд", "2 разряд"];
const CLUBS: [&str; 6] = [
    "Москва",
    "Санкт-Петербург",
    "Казань",
    "Уфа",
    "Якутск",
    "Пермь",
];

fn players(n: usize, rng: &mut ChaCha20Rng) -> Vec<Player> {
    (0..n)
        .map(|i| {
            let rating = 2500 - (i as u32) * 600 / n as u32 - (rng.next_u64() % 40) as u32;
            Player {
                name: NAMES[(i * 7) % NAMES.len()].into(),
                title: TITLES[(i * TITLES.len()) / n].into(),
                rating: Some(rating),
                club: CLUBS[(i * 5) % CLUBS.len()].into(),
                birth_year: Some(1970 + (rng.next_u64() % 40) as u16),
                ..Player::new(PlayerId(i as u32 + 1), SURNAMES[i])
            }
        })
        .collect()
}

/// A game result for White rated `w` against Black rated `b`: many draws, the stronger side wins
/// more often.
fn game(w: u32, b: u32, rng: &mut ChaCha20Rng) -> GameResult {
    let expect = 1.0 / (1.0 + 10f64.powf((b as f64 - w as f64) / 400.0));
    let x = (rng.next_u64() % 10_000) as f64 / 10_000.0;
    let draw = 0.5;
    if x < draw {
        GameResult::Draw
    } else if x < draw + (1.0 - draw) * expect {
        GameResult::WhiteWins
    } else {
        GameResult::BlackWins
    }
}

fn rating(t: &Tournament, id: PlayerId) -> u32 {
    t.player(id).and_then(|p| p.rating).unwrap_or(1500)
}

/// Results for every game of `round`, weighted by rating.
fn play(t: &mut Tournament, round: usize, rng: &mut ChaCha20Rng) {
    let pairings = t.rounds[round - 1].pairings.clone();
    for p in pairings {
        for g in 0..p.games.len() {
            let w = p.white_of(g);
            let b = if w == p.white { p.black } else { p.white };
            let result = game(rating(t, w), rating(t, b), rng);
            let cmd = Command::SetResult {
                game: GameRef {
                    round,
                    board: p.board,
                    game: g,
                },
                result,
            };
            apply(t, &cmd).unwrap();
        }
    }
}

fn round_robin(t: &mut Tournament, seed: u64, played: usize, rng: &mut ChaCha20Rng) {
    let at = Utc.with_ymd_and_hms(2026, 11, 28, 10, 0, 0).unwrap();
    apply(t, &Command::DrawNumbers { seed }).unwrap();
    let rounds = t.planned_rounds().expect("a round robin knows its rounds");
    for round in 1..=rounds.min(played + 1) {
        apply(
            t,
            &Command::PairRound {
                round,
                table_round: None,
            },
        )
        .unwrap();
        if t.settings.format.ballot.is_some() {
            let draw_at = at + chrono::Duration::days(round as i64 / 2);
            apply(
                t,
                &Command::DrawBallot {
                    round,
                    board: None,
                    seed: seed + round as u64,
                    at: draw_at,
                },
            )
            .unwrap();
        }
        if round > played {
            break;
        }
        play(t, round, rng);
        apply(t, &Command::LockRound { round }).unwrap();
    }
}

fn shashki64(dir: &std::path::Path) {
    let mut rng = ChaCha20Rng::seed_from_u64(64);
    let mut t = Tournament::new(
        "Кубок города по шашкам-64 (круговой, микроматчи)",
        Variant::Russian,
        System::RoundRobin,
        "45m/20,15m".parse().expect("a time control"),
        2,
    );
    t.settings.dates = "2026-11-28 – 2026-12-02".into();
    t.settings.venue = "Казань, шахматно-шашечный клуб".into();
    t.settings.chief_arbiter = "Сорокина Е. В. (ВК)".into();
    t.settings.arbiters = vec!["Гусев П. А.".into()];
    t.settings.format.ballot = Some(BallotRule {
        table: "idf".into(),
        per: BallotPer::Micromatch,
    });
    t.tiebreaks = vec![
        TieBreak::HeadToHead,
        TieBreak::Wins,
        TieBreak::SonnebornBerger,
        TieBreak::Shmulyan,
    ];
    for p in players(10, &mut rng) {
        apply(&mut t, &Command::AddPlayer { player: p }).unwrap();
    }
    round_robin(&mut t, 20261128, 5, &mut rng);
    write(dir, "shashki64-round-robin.ron", &t);
}

/// A team round robin of шашки-64: six city teams of three boards and two reserves, two-game
/// micromatches with an IDF ballot per board, three rounds played and the fourth paired (a
/// reserve in for one team's board 3).
fn teams64(dir: &std::path::Path) {
    use shashki_arbiter::tournament::team::{Team, TeamSettings};
    let mut rng = ChaCha20Rng::seed_from_u64(6);
    let mut t = Tournament::new(
        "Командное первенство области по шашкам-64",
        Variant::Russian,
        System::RoundRobin,
        "45m/20,15m".parse().expect("a time control"),
        2,
    );
    t.settings.dates = "2026-12-01 – 2026-12-05".into();
    t.settings.venue = "Казань, шахматно-шашечный клуб".into();
    t.settings.chief_arbiter = "Сорокина Е. В. (ВК)".into();
    t.settings.arbiters = vec!["Гусев П. А.".into(), "Орлова Н. С.".into()];
    t.settings.format.ballot = Some(BallotRule {
        table: "idf".into(),
        per: BallotPer::Micromatch,
    });
    let mut all = players(30, &mut rng);
    // Players are dealt to the six teams in turn, so the teams are of a strength.
    for p in &mut all {
        p.club = CLUBS[(p.id.0 as usize - 1) % CLUBS.len()].into();
    }
    for p in all.clone() {
        apply(&mut t, &Command::AddPlayer { player: p }).unwrap();
    }
    let teams = CLUBS
        .iter()
        .enumerate()
        .map(|(k, club)| Team {
            id: TeamId(k as u32 + 1),
            name: (*club).into(),
            short: club.chars().take(3).collect::<String>().to_uppercase(),
            club: (*club).into(),
            captain: format!("{} {}.", SURNAMES[40 + k], NAMES[k].chars().next().unwrap()),
            roster: all
                .iter()
                .filter(|p| p.club == *club)
                .map(|p| p.id)
                .collect(),
        })
        .collect();
    apply(
        &mut t,
        &Command::SetTeams {
            teams,
            settings: Some(TeamSettings::new(3, System::RoundRobin)),
        },
    )
    .unwrap();
    round_robin(&mut t, 20261201, 3, &mut rng);
    // Round 4 is paired; one team puts its reserve on board 3.
    let team = t.rounds[3].matches[0].home;
    let roster = t.team(team).unwrap().roster.clone();
    let line_up = Command::SetLineUp {
        round: 4,
        team,
        players: vec![roster[0], roster[1], roster[3]],
    };
    apply(&mut t, &line_up).unwrap();
    write(dir, "shashki64-teams.ron", &t);
}

fn international(dir: &std::path::Path) {
    let mut rng = ChaCha20Rng::seed_from_u64(100);
    let mut t = Tournament::new(
        "International draughts round robin",
        Variant::International,
        System::RoundRobin,
        "2h/50,1h/25*".parse().expect("a time control"),
        1,
    );
    t.settings.dates = "2026-10-10 – 2026-10-16".into();
    t.settings.venue = "Amsterdam".into();
    t.settings.chief_arbiter = "J. de Vries (IA)".into();
    t.settings.scoring.game = GamePoints::TwoOneZero;
    t.tiebreaks = vec![
        TieBreak::SonnebornBerger,
        TieBreak::Wins,
        TieBreak::HeadToHead,
    ];
    let mut ps = players(8, &mut rng);
    let latin = [
        "Schwarzman",
        "Georgiev",
        "Boomstra",
        "Baba Sy",
        "Ndjofang",
        "Jansen",
        "Valneris",
        "Amrillaev",
    ];
    for (p, s) in ps.iter_mut().zip(latin) {
        p.surname = s.into();
        p.name = String::new();
        p.title = "GMI".into();
        p.club = "FMJD".into();
    }
    for p in ps {
        apply(&mut t, &Command::AddPlayer { player: p }).unwrap();
    }
    round_robin(&mut t, 1010, 7, &mut rng);
    write(dir, "international-round-robin.ron", &t);
}

/// A round robin of Russian column draughts (towers), single games.
fn towers(dir: &std::path::Path) {
    let mut rng = ChaCha20Rng::seed_from_u64(2003);
    let mut t = Tournament::new(
        "Первенство Санкт-Петербурга по столбовым шашкам",
        ColumnVariant::Towers,
        System::RoundRobin,
        "45m".parse().expect("a time control"),
        1,
    );
    t.settings.dates = "2026-12-05 – 2026-12-08".into();
    t.settings.venue = "Санкт-Петербург, клуб столбовых шашек".into();
    t.settings.chief_arbiter = "Лебедев Н. И. (ВК)".into();
    t.tiebreaks = vec![
        TieBreak::SonnebornBerger,
        TieBreak::Wins,
        TieBreak::HeadToHead,
    ];
    for p in players(8, &mut rng) {
        apply(&mut t, &Command::AddPlayer { player: p }).unwrap();
    }
    round_robin(&mut t, 2003, 4, &mut rng);
    write(dir, "towers-round-robin.ron", &t);
}

/// A 48-player Swiss open of micromatches, paired by the program.
fn open(dir: &std::path::Path) {
    let mut rng = ChaCha20Rng::seed_from_u64(48);
    let mut t = Tournament::new(
        "Открытый турнир «Осенний» (шашки-64)",
        Variant::Russian,
        System::Swiss,
        "30m+30s".parse().expect("a time control"),
        2,
    );
    t.settings.dates = "2026-09-19 – 2026-09-21".into();
    t.settings.venue = "Уфа".into();
    t.settings.rounds_planned = Some(9);
    t.tiebreaks = vec![
        TieBreak::BuchholzCut1,
        TieBreak::Buchholz,
        TieBreak::Wins,
        TieBreak::HeadToHead,
    ];
    for (i, mut p) in players(48, &mut rng).into_iter().enumerate() {
        p.number = Some(i + 1);
        p.sex = Some(Sex::Male);
        apply(&mut t, &Command::AddPlayer { player: p }).unwrap();
    }
    let at = Utc.with_ymd_and_hms(2026, 9, 19, 10, 0, 0).unwrap();
    t.settings.format.ballot = Some(BallotRule {
        table: "fmjd".into(),
        per: BallotPer::Round,
    });
    for round in 1..=7 {
        // Paired by the program's Swiss pairing (Dutch rules). The initial colour is fixed here
        // (Black) so the file is the same on every run; later rounds read it back from round 1.
        let options = swiss::Options {
            first_colour: (round == 1).then_some(Color::Black),
            ..swiss::Options::default()
        };
        let proposal = swiss::pair(&t, round, &options);
        assert!(proposal.unpaired.is_empty(), "round {round}: {proposal:?}");
        apply(&mut t, &proposal.command()).unwrap();
        play(&mut t, round, &mut rng);
        apply(
            &mut t,
            &Command::DrawBallot {
                round,
                board: None,
                seed: 919 + round as u64,
                at,
            },
        )
        .unwrap();
        apply(&mut t, &Command::LockRound { round }).unwrap();
    }
    write(dir, "open-swiss-48.ron", &t);
}

fn write(dir: &std::path::Path, name: &str, t: &Tournament) {
    let path = dir.join(name);
    std::fs::write(&path, ron_text::to_string(t)).unwrap();
    println!("{}", path.display());
}

fn main() {
    let dir = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "tournaments".into());
    let dir = std::path::Path::new(&dir);
    std::fs::create_dir_all(dir).unwrap();
    shashki64(dir);
    teams64(dir);
    international(dir);
    open(dir);
    towers(dir);
}
