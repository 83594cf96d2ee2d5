//! The event that the floor's tests and its bench share: boards of two players with round 1
//! paired, and deputies with seeded codes.

use std::path::{Path, PathBuf};

use chrono::Utc;
use rand_chacha::rand_core::SeedableRng;
use shashki_arbiter::clock::TimeControl;
use shashki_arbiter::rules::Variant;
use shashki_arbiter::store::event::EventFile;
use shashki_arbiter::tournament::command::Command;
use shashki_arbiter::tournament::deputy::{self, Boards, Deputy};
use shashki_arbiter::tournament::model::PlayerId;
use shashki_arbiter::tournament::model::{Player, System, Tournament};

/// An event of `boards` boards (two players each) with round 1 paired, `games` games a board.
pub fn event(dir: &Path, boards: usize, games: u32) -> PathBuf {
    let path = dir.join("floor.ron");
    let t = Tournament::new(
        "Кубок зала",
        Variant::Russian,
        System::Swiss,
        TimeControl::sudden_death(45),
        games,
    );
    let mut file = EventFile::create(&path, t).unwrap();
    let mut add = Vec::new();
    for id in 1..=(2 * boards) as u32 {
        add.push(Command::AddPlayer {
            player: Player::new(PlayerId(id), format!("Игрок{id}")),
        });
    }
    file.apply(Command::Batch { commands: add }, Utc::now())
        .unwrap();
    file.apply(
        Command::SetPairings {
            round: 1,
            pairs: (0..boards as u32)
                .map(|b| (PlayerId(2 * b + 1), PlayerId(2 * b + 2)))
                .collect(),
            bye: None,
            absent: vec![],
            requested_byes: vec![],
            acceleration: vec![],
            advanced: vec![],
        },
        Utc::now(),
    )
    .unwrap();
    path
}

/// Adds a deputy with a fresh code (seeded: the test repeats) and returns the code.
pub fn deputy(path: &Path, name: &str, boards: &str, seed: u64) -> String {
    let code = deputy::new_code(&mut rand_chacha::ChaCha20Rng::seed_from_u64(seed));
    let mut file = EventFile::open(path).unwrap();
    file.apply(
        Command::AddDeputy {
            deputy: Deputy::new(name, Boards::parse(boards).unwrap(), &code, Utc::now()),
        },
        Utc::now(),
    )
    .unwrap();
    code
}
