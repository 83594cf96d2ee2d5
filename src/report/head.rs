//! The head every federation document starts with: the event, its dates as forms write them
//! («10–12 апреля 2026 г.»), place, organiser, calendar-plan number, age group, system.

use chrono::{Datelike, NaiveDate};

use crate::lang::Lang;
use crate::tournament::model::{days, Tournament};

const MONTHS_RU: [&str; 12] = [
    "января",
    "февраля",
    "марта",
    "апреля",
    "мая",
    "июня",
    "июля",
    "августа",
    "сентября",
    "октября",
    "ноября",
    "декабря",
];
const MONTHS_EN: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// An event's dates as a form writes them: «10–12 апреля 2026 г.», «28 ноября – 2 декабря
/// 2026 г.», «30 декабря 2026 г. – 2 января 2027 г.» (English: "10–12 April 2026"); the text as
/// typed when it names no date.
pub fn dates(text: &str, lang: Lang) -> String {
    let found = days(text);
    let (Some(&first), Some(&last)) = (found.first(), found.last()) else {
        return text.trim().to_string();
    };
    let month = |d: NaiveDate| match lang {
        Lang::En => MONTHS_EN[d.month0() as usize],
        Lang::Ru => MONTHS_RU[d.month0() as usize],
    };
    let year = |d: NaiveDate| match lang {
        Lang::En => d.year().to_string(),
        Lang::Ru => format!("{} г.", d.year()),
    };
    let day = |d: NaiveDate| format!("{} {}", d.day(), month(d));
    if first == last {
        format!("{} {}", day(first), year(first))
    } else if (first.year(), first.month()) == (last.year(), last.month()) {
        format!("{}–{} {}", first.day(), day(last), year(last))
    } else if first.year() == last.year() {
        format!("{} – {} {}", day(first), day(last), year(last))
    } else {
        format!(
            "{} {} – {} {}",
            day(first),
            year(first),
            day(last),
            year(last)
        )
    }
}

/// The lines under a document's title: what is known of the event, a line each.
pub fn lines(t: &Tournament, lang: Lang) -> Vec<String> {
    let s = &t.settings;
    let p = &s.paperwork;
    let mut out = Vec::new();
    let labelled = |out: &mut Vec<String>, en: &str, ru: &str, value: &str| {
        if !value.trim().is_empty() {
            out.push(format!("{}: {}", lang.pick(en, ru), value.trim()));
        }
    };
    labelled(&mut out, "Organiser", "Организатор", &p.organiser);
    let when_where: Vec<String> = [dates(&s.dates, lang), s.venue.trim().to_string()]
        .into_iter()
        .filter(|x| !x.is_empty())
        .collect();
    labelled(
        &mut out,
        "Dates and venue",
        "Сроки и место проведения",
        &when_where.join(", "),
    );
    labelled(
        &mut out,
        "Calendar plan No",
        "№ в календарном плане",
        &p.calendar_number,
    );
    labelled(&mut out, "Age group", "Возрастная группа", &p.age_group);
    let rounds = t
        .planned_rounds()
        .unwrap_or(t.rounds.len())
        .max(t.rounds.len());
    out.push(format!(
        "{}: {} · {}, {} · {}: {}",
        lang.pick("Variant", "Вид"),
        s.variant.said(lang),
        crate::tournament::system::of(t).describe(t, lang),
        lang.count(rounds as u64, ["round", "rounds"], ["тур", "тура", "туров"]),
        lang.pick("time control", "контроль времени"),
        s.time_control.said(lang)
    ));
    out
}

/// The rounds a table counts, when they are not the whole event: `(counted, planned)` — the
/// round asked for, else the last round with a result in.
pub fn unfinished(t: &Tournament, up_to: Option<usize>) -> Option<(usize, usize)> {
    let planned = t.planned_rounds()?;
    let last_scored = t
        .rounds
        .iter()
        .filter(|r| r.pairings.iter().any(|p| p.scored()))
        .map(|r| r.number)
        .max()
        .unwrap_or(0);
    let counted = up_to.map_or(last_scored, |n| n.min(last_scored));
    (counted < planned).then_some((counted, planned))
}

/// "After round 4 of 5": said at the head of a table that is not the final one, so that it is
/// never taken for it.
pub fn unfinished_line(t: &Tournament, up_to: Option<usize>, lang: Lang) -> Option<String> {
    let (counted, planned) = unfinished(t, up_to)?;
    Some(match lang {
        Lang::En => format!("Standing after round {counted} of {planned}: not final"),
        Lang::Ru => format!("Положение после {counted}-го тура из {planned}: не окончательное"),
    })
}

/// «Положение предварительное: отложено партий — 2»: while an adjourned game is not finished,
/// every standing printed says it may still change.
pub fn adjourned_line(t: &Tournament, up_to: Option<usize>, lang: Lang) -> Option<String> {
    let open = t
        .adjourned()
        .into_iter()
        .filter(|(r, _, _)| up_to.is_none_or(|u| *r <= u))
        .count();
    (open > 0).then(|| match lang {
        Lang::En => format!("Provisional: {open} adjourned game(s) not finished yet"),
        Lang::Ru => format!("Положение предварительное: не доиграно отложенных партий — {open}"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_as_russian_forms_write_them() {
        let ru = |s| dates(s, Lang::Ru);
        assert_eq!(ru("2026-04-10 – 2026-04-12"), "10–12 апреля 2026 г.");
        assert_eq!(
            ru("2026-11-28 – 2026-12-02"),
            "28 ноября – 2 декабря 2026 г."
        );
        assert_eq!(
            ru("30.12.2026 – 02.01.2027"),
            "30 декабря 2026 г. – 2 января 2027 г."
        );
        assert_eq!(ru("10.4.2026, Казань"), "10 апреля 2026 г.");
        assert_eq!(ru("весна"), "весна");
        assert_eq!(
            dates("2026-04-10 – 2026-04-12", Lang::En),
            "10–12 April 2026"
        );
    }
}
