//! «Справка о выполнении спортивного разряда»: one page per participant who met or confirmed a
//! rank, with what a federation checks before it assigns it (the event, its calendar-plan number,
//! dates, system, rounds and players; the score, the norm, k and the required k; the table used),
//! the chief arbiter and the chief secretary signing.

use super::{head, points, t, Document, Section};
use crate::lang::Lang;
use crate::tournament::model::{Role, Tournament};
use crate::tournament::norms::{self, coefficient_text, Kind, Table};

/// A certificate for each participant with a rank met or confirmed after `up_to` rounds; a
/// single page saying there is none otherwise.
pub fn certificates(
    tour: &Tournament,
    up_to: Option<usize>,
    table: &Table,
    lang: Lang,
) -> Document {
    let n = norms::compute(tour, up_to, table, &table.options);
    let s = &tour.settings;
    let rounds = tour
        .rounds
        .iter()
        .filter(|r| up_to.is_none_or(|u| r.number <= u))
        .count();
    // The event's facts, the same on every certificate.
    let mut event = vec![format!("{}: {}", t(lang, "Event", "Соревнование"), s.name)];
    event.extend(
        head::lines(tour, lang)
            .into_iter()
            .filter(|l| !l.starts_with(lang.pick("Variant", "Вид"))),
    );
    event.push(format!(
        "{}: {}, {}, {}",
        t(lang, "System", "Система проведения"),
        crate::tournament::system::of(tour).describe(tour, lang),
        lang.count(rounds as u64, ["round", "rounds"], ["тур", "тура", "туров"]),
        lang.count(
            tour.players.len() as u64,
            ["player", "players"],
            ["участник", "участника", "участников"]
        )
    ));
    // Only the chief arbiter and the chief secretary sign a certificate.
    let signers: Vec<String> = super::signatures(tour, lang)
        .into_iter()
        .zip(s.panel())
        .filter(|(_, o)| o.role != Role::Arbiter)
        .map(|(line, _)| line)
        .collect();
    let mut sections: Vec<Section> = n
        .players
        .iter()
        .filter_map(|p| {
            let (rank, kind) = (p.result.as_ref()?, p.kind?);
            let norm = p.norms.iter().find(|x| &x.rank == rank)?;
            let player = tour.player(p.id)?;
            let rank_name = n.rank_name(rank, lang);
            let verb = match kind {
                Kind::Met => lang.agree(player.sex, "met", ["выполнил", "выполнила", "выполнил(а)"]),
                Kind::Confirmed => lang.agree(
                    player.sex,
                    "confirmed",
                    ["подтвердил", "подтвердила", "подтвердил(а)"],
                ),
            };
            let mut lines = vec![format!(
                "{}: {}",
                t(lang, "Name", "Фамилия, имя"),
                player.full_name()
            )];
            if let Some(y) = player.birth_year {
                lines.push(format!("{}: {y}", t(lang, "Born", "Год рождения")));
            }
            if !player.club.trim().is_empty() {
                lines.push(format!(
                    "{}: {}",
                    t(lang, "Federation, club", "Регион, клуб"),
                    player.club.trim()
                ));
            }
            // The verb agrees with the player, so the sentence starts with it and needs no case
            // of the name (a Russian name's dative cannot be made safely).
            let mut verb = verb.to_string();
            if let Some(first) = verb.chars().next() {
                verb.replace_range(..first.len_utf8(), &first.to_uppercase().to_string());
            }
            lines.push(match lang {
                Lang::En => format!(
                    "{verb} the norm of the sports rank “{rank_name}” in draughts, discipline {}, at the event:",
                    s.variant.said(lang)
                ),
                Lang::Ru => format!(
                    "{verb} норму спортивного разряда «{rank_name}» по виду спорта «шашки», дисциплина — {}, в соревновании:",
                    s.variant.said(lang)
                ),
            });
            lines.extend(event.iter().cloned());
            lines.push(format!(
                "{}: {} {} {}",
                t(lang, "Result", "Результат"),
                points_said(p.score, lang),
                lang.pick("from", "из"),
                lang.count(p.games as u64, ["game", "games"], ["партии", "партий", "партий"]),
            ));
            lines.push(format!(
                "{} k = {}, {} k ≤ {}; {} {}: {}",
                t(lang, "Tournament coefficient", "Коэффициент турнира"),
                p.coefficient.map_or("—".to_string(), |k| coefficient_text(k, lang)),
                t(lang, "required", "требуемый"),
                norm.required,
                t(lang, "norm of", "норма разряда"),
                n.rank_said(rank, lang),
                points_said(norm.norm, lang),
            ));
            lines.push(format!(
                "{}: {}",
                t(lang, "Rank before the event", "Разряд до соревнования"),
                if player.title.trim().is_empty() {
                    "—".to_string()
                } else {
                    crate::tournament::norms::title_said(&player.title, lang)
                }
            ));
            lines.push(n.document_line(lang));
            Some(Section {
                heading: t(
                    lang,
                    "Certificate of a sports rank norm",
                    "Справка о выполнении спортивного разряда",
                ),
                lines,
                new_page: true,
                signatures: signers.clone(),
                ..Section::default()
            })
        })
        .collect();
    if sections.is_empty() {
        let mut lines = vec![t(
            lang,
            "No participant has met or confirmed a rank.",
            "Норм спортивных разрядов никто не выполнил и не подтвердил.",
        )];
        lines.extend(n.reason.iter().map(|r| r.get(lang).to_string()));
        sections.push(Section {
            heading: t(
                lang,
                "Certificates of sports rank norms",
                "Справки о выполнении спортивных разрядов",
            ),
            lines,
            ..Section::default()
        });
    }
    Document {
        title: format!(
            "{} — {}",
            t(lang, "Rank certificates", "Справки о выполнении разрядов"),
            s.name
        ),
        subtitle: Vec::new(),
        sections,
        ..Document::default()
    }
}

/// `5,5 очка`, `1 очко`, `6 очков`; `5.5 points`.
fn points_said(x: f64, lang: Lang) -> String {
    // Russian agrees a fractional number's noun as with «два»: «5,5 очка».
    let n = if x.fract() == 0.0 { x as u64 } else { 2 };
    format!(
        "{} {}",
        points(x, lang),
        lang.noun(n, ["point", "points"], ["очко", "очка", "очков"])
    )
}
