//! «Турнирная сетка»: a knockout drawn as the hall reads it — a column per round, the two slots
//! of each match one above the other, the winner of a match half-way between them in the next
//! column, the champion last; the third-place match under it.

use super::{head, points, signatures, t, Document, Section};
use crate::lang::Lang;
use crate::tournament::model::{System, Tournament};
use crate::tournament::system::knockout::{self, Bracket, BracketMatch, Slot};

/// The bracket of a knockout as it stands (every round, played or not).
pub fn document(tour: &Tournament, lang: Lang) -> Document {
    let sections = if tour.settings.system != System::Knockout {
        vec![text(
            lang,
            "This event is not played by knockout.",
            "Это соревнование проводится не по олимпийской системе.",
        )]
    } else if tour.players.len() < 2 {
        vec![text(
            lang,
            "A knockout needs at least two players.",
            "Для олимпийской системы нужны хотя бы два участника.",
        )]
    } else {
        sections(&knockout::bracket(tour), lang)
    };
    Document {
        title: format!(
            "{} — {}",
            t(lang, "Bracket", "Турнирная сетка"),
            tour.settings.name
        ),
        subtitle: head::lines(tour, lang),
        sections,
        signatures: signatures(tour, lang),
        ..Document::default()
    }
}

fn text(lang: Lang, en: &'static str, ru: &'static str) -> Section {
    Section {
        heading: t(lang, "Bracket", "Турнирная сетка"),
        lines: vec![t(lang, en, ru)],
        ..Section::default()
    }
}

/// The name a round of a knockout goes by: the final, the semifinals, the quarterfinals, then
/// «1/8 финала» (the round of 16) and so on, after its number.
pub fn round_said(round: usize, rounds: usize, lang: Lang) -> String {
    format!(
        "{} {round} · {}",
        t(lang, "Round", "Тур"),
        knockout::stage_said(round, rounds, lang)
    )
}

/// The third-place match's heading, in the document, the page and on the wall.
pub fn third_place_said(lang: Lang) -> String {
    t(lang, "Match for third place", "Матч за третье место")
}

fn sections(b: &Bracket, lang: Lang) -> Vec<Section> {
    let mut out = vec![Section {
        note: Some(legend(lang)),
        ..Section::table(
            t(lang, "Bracket", "Турнирная сетка"),
            header(b, lang),
            grid(b, lang),
        )
    }];
    if let Some(m) = &b.third_place {
        out.push(Section::table(
            third_place_said(lang),
            vec![t(lang, "Player", "Участник"), t(lang, "Score", "Очки")],
            [(&m.top, true), (&m.bottom, false)]
                .into_iter()
                .map(|(s, top)| vec![slot(s.as_ref(), lang), side(m, top, lang)])
                .collect(),
        ));
    }
    out
}

fn header(b: &Bracket, lang: Lang) -> Vec<String> {
    let rounds = b.rounds.len();
    b.rounds
        .iter()
        .map(|r| round_said(r.number, rounds, lang))
        .chain([t(lang, "Winner", "Победитель")])
        .collect()
}

/// The table of the bracket: `2m − 1` rows for a bracket of `m`. Round k's slot i stands at row
/// `i·2^k + 2^(k−1) − 1`, half-way between the two slots of round k − 1 it comes from, so that
/// every row holds one slot and the picture reads as a bracket.
fn grid(b: &Bracket, lang: Lang) -> Vec<Vec<String>> {
    let size = b.rounds.first().map_or(1, |r| r.matches.len() * 2);
    let columns = b.rounds.len() + 1;
    let mut rows = vec![vec![String::new(); columns]; 2 * size - 1];
    let row = |k: usize, i: usize| (i << k) + (1 << (k - 1)) - 1;
    for (c, r) in b.rounds.iter().enumerate() {
        let k = c + 1;
        for (j, m) in r.matches.iter().enumerate() {
            for (s, top) in [(&m.top, true), (&m.bottom, false)] {
                let cell = match s {
                    None if k == 1 => "—".to_string(),
                    None => String::new(),
                    Some(_) => cell(m, s.as_ref(), top, lang),
                };
                rows[row(k, 2 * j + usize::from(!top))][c] = cell;
            }
        }
    }
    if let Some(c) = &b.champion {
        rows[row(columns, 0)][columns - 1] = slot(Some(c), lang);
    }
    rows
}

/// A slot in its match: «1. Иванов Иван 1,5», the winner's with the arbiter's reason when he
/// named it.
fn cell(m: &BracketMatch, s: Option<&Slot>, top: bool, lang: Lang) -> String {
    let mut out = slot(s, lang);
    let score = side(m, top, lang);
    if !score.is_empty() {
        out = format!("{out} {score}");
    }
    if let (Some(reason), Some(true)) = (&m.decided, m.top_won.map(|w| w == top)) {
        out = format!("{out} ({}: {reason})", t(lang, "decided", "решение судьи"));
    }
    out
}

fn slot(s: Option<&Slot>, lang: Lang) -> String {
    s.map_or_else(|| t(lang, "not yet known", "ещё не определён"), slot_said)
}

/// A slot as the bracket names it: «3. Ипполитова Елена», the seed first.
pub fn slot_said(s: &Slot) -> String {
    format!("{}. {}", s.seed, s.name)
}

/// The side's score in the match, `1 + 1,5` with the tie-break games' (empty before a game of
/// it is scored).
pub fn side(m: &BracketMatch, top: bool, lang: Lang) -> String {
    let of = |(a, b): (f64, f64)| points(if top { a } else { b }, lang);
    match (m.score, m.tie_break) {
        (Some(main), Some(extra)) => format!("{} + {}", of(main), of(extra)),
        (Some(main), None) => of(main),
        _ => String::new(),
    }
}

/// The bracket in words for a page that draws it (the hall's network page): a column per
/// round, each match's two slots with their scores, in one language.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Picture {
    /// Each round's name, then the winner's column's.
    pub headings: Vec<String>,
    pub rounds: Vec<Vec<Pair>>,
    pub champion: Option<String>,
    pub third_place: Option<(String, Pair)>,
    pub note: String,
}

/// One match as drawn: `won` is `top` or `bottom` once it is decided.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Pair {
    pub top: String,
    pub top_score: String,
    pub bottom: String,
    pub bottom_score: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub won: Option<&'static str>,
    /// The arbiter's reason when he named the winner.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub decided: Option<String>,
}

pub fn picture(b: &Bracket, lang: Lang) -> Picture {
    let pair = |m: &BracketMatch, first: bool| {
        let name = |s: &Option<Slot>| match s {
            Some(s) => slot_said(s),
            None if first => "—".to_string(),
            None => String::new(),
        };
        Pair {
            top: name(&m.top),
            top_score: side(m, true, lang),
            bottom: name(&m.bottom),
            bottom_score: side(m, false, lang),
            won: m.top_won.map(|top| if top { "top" } else { "bottom" }),
            decided: m.decided.clone(),
        }
    };
    Picture {
        headings: header(b, lang),
        rounds: b
            .rounds
            .iter()
            .map(|r| r.matches.iter().map(|m| pair(m, r.number == 1)).collect())
            .collect(),
        champion: b.champion.as_ref().map(slot_said),
        third_place: b
            .third_place
            .as_ref()
            .map(|m| (third_place_said(lang), pair(m, false))),
        note: legend(lang),
    }
}

fn legend(lang: Lang) -> String {
    t(
        lang,
        "Seeds by the initial order. The score: the match's games + the tie-break games. A dash is an empty slot: its opponent passes the round.",
        "Номера посева — по стартовому порядку. Счёт: основные партии + дополнительные (тай-брейк). Прочерк — свободное место: соперник проходит в следующий тур без игры.",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_round_is_named_by_what_is_left_to_play() {
        assert_eq!(round_said(5, 5, Lang::Ru), "Тур 5 · Финал");
        assert_eq!(round_said(4, 5, Lang::En), "Round 4 · Semifinals");
        assert_eq!(round_said(3, 5, Lang::Ru), "Тур 3 · Четвертьфинал");
        assert_eq!(round_said(2, 5, Lang::Ru), "Тур 2 · 1/8 финала");
        assert_eq!(round_said(2, 5, Lang::En), "Round 2 · Round of 16");
        assert_eq!(round_said(1, 5, Lang::En), "Round 1 · Round of 32");
    }
}
