//! Arbitrary bytes into the PDN, FEN and move parsers: an error is fine, a panic is not.
//! Not run in CI (`#[ignore]`); run with `cargo test --release --test fuzz_parsers -- --ignored`.

use proptest::prelude::*;
use shashki_arbiter::rules::variant::ALL;
use shashki_arbiter::rules::{check_game, fen, notation, pdn, Position};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(20_000))]
    #[test]
    #[ignore = "fuzzing: run on demand"]
    fn pdn_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        if let Ok(games) = pdn::read_bytes(&bytes) {
            for (i, g) in games.iter().enumerate() {
                let _ = check_game(i + 1, g, ALL[i % ALL.len()]);
            }
        }
    }

    #[test]
    #[ignore = "fuzzing: run on demand"]
    fn pdn_like_text_never_panics(text in "(\\[[A-Za-z]{1,6} \"[^\"]{0,8}\"\\]\n){0,3}([0-9]{1,2}\\.{1,3} ?[a-h1-9x:\\- ]{1,9} ?[{}()$!?*]?){0,20}") {
        if let Ok(games) = pdn::read(&text) {
            for (i, g) in games.iter().enumerate() {
                let _ = check_game(i + 1, g, ALL[i % ALL.len()]);
            }
        }
    }

    #[test]
    #[ignore = "fuzzing: run on demand"]
    fn fen_never_panics(text in "[WBHFK:,.\\-0-9a-j ]{0,40}", v in 0..ALL.len()) {
        let _ = fen::parse(ALL[v], &text);
    }

    #[test]
    #[ignore = "fuzzing: run on demand"]
    fn move_text_never_panics(text in "[a-jx:\\-0-9DK !?]{0,16}", v in 0..ALL.len()) {
        let _ = notation::parse_move(&Position::start(ALL[v]), &text);
    }
}
