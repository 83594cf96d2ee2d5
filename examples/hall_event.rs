//! Writes an event with N boards in round 1 (a round robin of 2N players), to measure the hall
//! wall with many clocks: `cargo run --example hall_event -- 40 /tmp/hall/event.ron`.

use shashki_arbiter::store::event::EventFile;
use shashki_arbiter::tournament::command::{apply, Command};
use shashki_arbiter::tournament::model::PlayerId;
use shashki_arbiter::tournament::model::{Player, System, Tournament};

fn main() {
    let mut args = std::env::args().skip(1);
    let boards: u32 = args.next().and_then(|n| n.parse().ok()).unwrap_or(40);
    let path = std::path::PathBuf::from(args.next().unwrap_or_else(|| "hall-event.ron".into()));
    let mut t = Tournament::new(
        format!("Hall of {boards} boards"),
        shashki_arbiter::rules::Variant::Russian,
        System::RoundRobin,
        "45m/20,15m".parse().expect("a time control"),
        2,
    );
    for i in 1..=2 * boards {
        let player = Player {
            number: Some(i as usize),
            ..Player::new(PlayerId(i), format!("Игрок {i}"))
        };
        apply(&mut t, &Command::AddPlayer { player }).expect("a new player");
    }
    apply(
        &mut t,
        &Command::PairRound {
            round: 1,
            table_round: None,
        },
    )
    .expect("round 1 pairs");
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).expect("the directory");
    }
    match EventFile::create(&path, t) {
        Ok(_) => println!("{}", path.display()),
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    }
}
