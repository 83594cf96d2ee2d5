//! The event's settings in words: its settings and tie-breaks, and its whole lists (categories,
//! prizes, schedule) as the difference a change makes.

use super::{lists, Words};
use crate::lang::Lang;
use crate::tournament::command::Command;
use crate::tournament::model::{Settings, Tournament};

/// A change to the settings, the tie-breaks or one of the event's lists in words.
pub fn said(w: &Words, cmd: &Command) -> String {
    let t = w.t;
    let lang = w.lang;
    match cmd {
        Command::SetSettings { settings } => settings_said(t, settings, lang),
        Command::SetTiebreaks { tiebreaks } => format!(
            "{}: {}",
            w.l("tie-breaks", "доп. показатели"),
            tiebreaks
                .iter()
                .map(|tb| {
                    let (en, ru) = tb.name();
                    lang.pick(en, ru)
                })
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Command::SetCategories { categories } => lists::categories(&t.categories, categories, lang),
        Command::SetPrizes { prizes } => lists::prizes(t, &t.prizes, prizes, lang),
        Command::SetSchedule { schedule } => lists::schedule(&t.schedule, schedule, lang),
        // (Only the commands above are sent here.)
        _ => String::new(),
    }
}

/// New settings in words; a change of the rules on coming (the check-in page's) says what it
/// replaced, `rule: old → new`.
fn settings_said(t: &Tournament, settings: &Settings, lang: Lang) -> String {
    let saved = lang.pick("event settings saved", "настройки турнира");
    let Some(change) = settings
        .registration
        .change_said(&t.settings.registration, lang)
    else {
        return saved.to_string();
    };
    let rest_same = Settings {
        registration: t.settings.registration.clone(),
        ..settings.clone()
    } == t.settings;
    match rest_same {
        true => change,
        false => format!("{saved}; {change}"),
    }
}
