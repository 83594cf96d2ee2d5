//! The shown round on paper: its score sheets and its pairing list, each a PDF beside the event.

use std::path::Path;

use super::Message;
use crate::lang::Lang;
use crate::tournament::model::{Round, Tournament};
use crate::ui::screen::Action;

/// The round's score sheets, to print.
pub fn score_sheets(t: &Tournament, round: &Round, event: &Path, lang: Lang) -> Action<Message> {
    let sheets = crate::report::scoresheet::sheets(t, round, lang);
    let title = format!(
        "{} — {} {}",
        t.settings.name,
        lang.pick("round", "тур"),
        round.number
    );
    let out = crate::store::beside(event, &format!("round-{}-sheets.pdf", round.number));
    match crate::report::scoresheet::render(&title, &sheets) {
        Ok(bytes) => Action::Write {
            done: Some(format!(
                "{} {}",
                lang.pick("Score sheets written:", "Бланки записи записаны:"),
                out.display()
            )),
            path: out,
            bytes,
        },
        Err(e) => Action::error(e.to_string()),
    }
}

/// The round's pairing list in large type for the wall.
pub fn pairing_list(t: &Tournament, round: &Round, event: &Path, lang: Lang) -> Action<Message> {
    let kind = crate::report::kind::Kind::Pairings;
    let out = crate::store::beside(event, &kind.file_name(Some(round.number), "pdf", lang));
    let doc = kind.make(
        t,
        Some(round.number),
        crate::tournament::norms::Table::shipped(),
        lang,
    );
    match crate::report::pdf::render(&doc) {
        Ok(bytes) => Action::Write {
            done: Some(format!(
                "{} {}",
                lang.pick("Pairing list written:", "Список пар записан:"),
                out.display()
            )),
            path: out,
            bytes,
        },
        Err(e) => Action::error(e.to_string()),
    }
}
