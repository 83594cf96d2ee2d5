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

/// Settings changed, in words against the settings before them: the rounds planned and the
/// scoring as `old → new` (what an appeal asks of «настройки турнира»), then the rest as
/// [`settings_said`] words it.
pub(super) fn changed(t: &Tournament, before: &Settings, after: &Settings, lang: Lang) -> String {
    let mut said = Vec::new();
    if before.rounds_planned != after.rounds_planned {
        let n = |r: Option<usize>| r.map_or("—".to_string(), |r| r.to_string());
        let (a, b) = (n(before.rounds_planned), n(after.rounds_planned));
        said.push(format!("{} {a} → {b}", lang.pick("rounds", "число туров")));
    }
    if before.scoring != after.scoring {
        let (a, b) = (
            crate::tournament::audit::scoring_said(before),
            crate::tournament::audit::scoring_said(after),
        );
        said.push(format!(
            "{} {a} → {b}",
            lang.pick("scoring", "начисление очков")
        ));
    }
    if said.is_empty() {
        return settings_said(t, after, lang);
    }
    format!(
        "{}: {}",
        lang.pick("event settings", "настройки турнира"),
        said.join("; ")
    )
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
