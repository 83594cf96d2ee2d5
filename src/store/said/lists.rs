//! A change of one of the event's whole lists (categories, prizes) in words, as the difference it
//! makes — what was added, taken off, changed — never as the list it leaves (a refusal read
//! «призы: 11 призов» when there were still 10, and an undo named the count it had undone).

use crate::lang::Lang;
use crate::tournament::category::Category;
use crate::tournament::model::Tournament;
use crate::tournament::prize::{self, List, Prize, Prizes};
use crate::tournament::schedule::{minutes_said, Schedule};

/// «новый зачёт: «Молодёжь»; удаление зачёта: «Ветераны»» — nouns, read alike in the journal,
/// after «Не сделано —» and after «Отменено:».
pub fn categories(before: &[Category], after: &[Category], lang: Lang) -> String {
    let name = |c: &Category| lang.quote(c.name_in(lang));
    let find = |list: &[Category], id: &str| list.iter().find(|c| c.id == id).cloned();
    let mut parts = Vec::new();
    for c in after {
        match find(before, &c.id) {
            None => parts.push(said(lang, "new category", "новый зачёт", name(c))),
            Some(old) if old != *c => parts.push(said(
                lang,
                "change of category",
                "изменение зачёта",
                name(c),
            )),
            Some(_) => {}
        }
    }
    for c in before.iter().filter(|c| find(after, &c.id).is_none()) {
        parts.push(said(
            lang,
            "removal of category",
            "удаление зачёта",
            name(c),
        ));
    }
    joined(parts, lang, "categories unchanged", "зачёты без изменений")
}

/// «новый приз: Общий зачёт, 1-е место — 5000, кубок; один приз одному участнику → участник
/// может получить призы в нескольких зачётах».
pub fn prizes(t: &Tournament, before: &Prizes, after: &Prizes, lang: Lang) -> String {
    let find = |p: &Prizes, q: &Prize| {
        p.prizes
            .iter()
            .find(|o| o.list == q.list && o.place == q.place)
            .cloned()
    };
    let mut parts = Vec::new();
    for p in &after.prizes {
        match find(before, p) {
            None => parts.push(said(lang, "new prize", "новый приз", one(t, p, lang))),
            Some(old) if old != *p => parts.push(said(
                lang,
                "change of prize",
                "изменение приза",
                one(t, p, lang),
            )),
            Some(_) => {}
        }
    }
    for p in before.prizes.iter().filter(|p| find(after, p).is_none()) {
        parts.push(said(
            lang,
            "removal of prize",
            "снятие приза",
            one(t, p, lang),
        ));
    }
    if before.one_per_player != after.one_per_player {
        parts.push(format!(
            "{} → {}",
            prize::one_per_player_said(before.one_per_player, lang),
            prize::one_per_player_said(after.one_per_player, lang)
        ));
    }
    if before.split != after.split {
        parts.push(format!(
            "{} → {}",
            before.split.said(lang),
            after.split.said(lang)
        ));
    }
    joined(parts, lang, "prizes unchanged", "призы без изменений")
}

/// «расписание: тур 2: 2026-12-07 15:00 → 2026-12-07 16:00; время опоздания: — → 30 мин» — each
/// start and the default time that the change replaced, old → new.
pub fn schedule(before: &Schedule, after: &Schedule, lang: Lang) -> String {
    let rounds = before
        .rounds
        .iter()
        .chain(&after.rounds)
        .map(|r| r.round)
        .max()
        .unwrap_or(0);
    let start = |s: &Schedule, r: usize| s.start(r).map_or("—".to_string(), |x| x.text());
    let mut parts: Vec<String> = (1..=rounds)
        .filter(|&r| start(before, r) != start(after, r))
        .map(|r| {
            format!(
                "{} {r}: {} → {}",
                lang.pick("round", "тур"),
                start(before, r),
                start(after, r)
            )
        })
        .collect();
    if before.default_minutes != after.default_minutes {
        let said = |m: Option<u32>| m.map_or("—".to_string(), |m| minutes_said(m, lang));
        parts.push(format!(
            "{}: {} → {}",
            lang.pick("default time", "время опоздания"),
            said(before.default_minutes),
            said(after.default_minutes)
        ));
    }
    format!(
        "{}: {}",
        lang.pick("schedule", "расписание"),
        joined(parts, lang, "unchanged", "без изменений")
    )
}

/// «Общий зачёт, 1-е место — 5000, кубок».
fn one(t: &Tournament, p: &Prize, lang: Lang) -> String {
    let list = match &p.list {
        List::Main => crate::tournament::category::overall(lang).to_string(),
        List::Category(id) => t
            .categories
            .iter()
            .find(|c| &c.id == id)
            .map_or_else(|| id.clone(), |c| c.name_in(lang).to_string()),
    };
    let worth: Vec<String> = [p.amount.map(|a| a.to_string()), p.title.clone()]
        .into_iter()
        .flatten()
        .collect();
    let place = match lang {
        Lang::En => format!("place {}", p.place),
        Lang::Ru => format!("{}-е место", p.place),
    };
    format!("{list}, {place} — {}", worth.join(", "))
}

fn said(lang: Lang, en: &str, ru: &str, what: String) -> String {
    format!("{}: {what}", lang.pick(en, ru))
}

fn joined(parts: Vec<String>, lang: Lang, en: &str, ru: &str) -> String {
    match parts.is_empty() {
        true => lang.pick(en, ru).to_string(),
        false => parts.join("; "),
    }
}
