//! The keys that enter a result on the Rounds screen: one table, read by the key handler, the
//! screen's buttons and the help, so that what a hint shows is exactly what works. Keys are
//! matched as typed, with Shift applied (Shift+= on the main keyboard is "+", as the numpad's).

use crate::lang::Lang;
use crate::tournament::model::GameResult;

/// Each result with the characters that enter it; the first is the one a button shows.
pub const RESULT_KEYS: [(GameResult, &[&str]); 6] = [
    (GameResult::WhiteWins, &["1"]),
    (GameResult::Draw, &["="]),
    (GameResult::BlackWins, &["0"]),
    (GameResult::WhiteByForfeit, &["+"]),
    (GameResult::BlackByForfeit, &["-"]),
    (GameResult::DoubleForfeit, &["/"]),
];

/// The named keys that clear a result.
pub const CLEAR_KEYS: &str = "Delete / Backspace";

/// The result a typed character enters (`typed`: the key with Shift applied).
pub fn result_of(typed: &str) -> Option<GameResult> {
    RESULT_KEYS
        .iter()
        .find(|(_, keys)| keys.contains(&typed))
        .map(|(r, _)| *r)
}

/// The key a result's button shows.
pub fn key_of(result: GameResult) -> &'static str {
    RESULT_KEYS
        .iter()
        .find(|(r, _)| *r == result)
        .map_or("Del", |(_, keys)| keys[0])
}

/// The help's lines for the result keys: (keys, what they do).
pub fn help_lines(lang: Lang) -> Vec<(String, String)> {
    let line = |results: &[GameResult], en: &str, ru: &str| {
        let keys: Vec<&str> = results.iter().map(|r| key_of(*r)).collect();
        (keys.join("  "), lang.pick(en, ru).to_string())
    };
    vec![
        line(
            &[
                GameResult::WhiteWins,
                GameResult::Draw,
                GameResult::BlackWins,
            ],
            "Rounds: White wins, draw, Black wins",
            "Туры: победа белых, ничья, победа чёрных",
        ),
        line(
            &[
                GameResult::WhiteByForfeit,
                GameResult::BlackByForfeit,
                GameResult::DoubleForfeit,
            ],
            "Rounds: forfeit +/−, −/+, −/− (asked first: the key again records it)",
            "Туры: неявка +/−, −/+, −/− (с вопросом: та же клавиша ещё раз — записать)",
        ),
        (
            CLEAR_KEYS.to_string(),
            lang.pick("Rounds: clear the result", "Туры: стереть результат")
                .to_string(),
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_a_button_shows_enters_its_result() {
        for (result, keys) in RESULT_KEYS {
            assert_eq!(result_of(key_of(result)), Some(result));
            for k in keys {
                assert_eq!(result_of(k), Some(result), "{k}");
            }
        }
        assert_eq!(result_of("5"), None);
        assert_eq!(result_of("+"), Some(GameResult::WhiteByForfeit));
    }
}
