//! «Справка о выполнении спортивного разряда»: one page per participant who met or confirmed a
//! rank, with what a federation checks before it assigns it (the event, its calendar-plan number,
//! dates, system, rounds and players; the score, the norm, k and the required k; the table used),
//! the chief arbiter and the chief secretary signing.

use super::{head, points, t, Document, Section};
use crate::lang::Lang;
use crate::tournament::model::{Player, Role, Tournament};
use crate::tournament::norms::{self, coefficient_text, Kind, Norms, PlayerNorms, RankNorm, Table};

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
    let common = Common {
        tour,
        n: &n,
        event: event_lines(tour, up_to, lang),
        signers: chief_signers(tour, lang),
        lang,
    };
    let mut sections: Vec<Section> = n
        .players
        .iter()
        .filter_map(|p| common.certificate(p))
        .collect();
    if sections.is_empty() {
        sections.push(none_met(&n, lang));
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

/// The event's facts, the same on every certificate.
fn event_lines(tour: &Tournament, up_to: Option<usize>, lang: Lang) -> Vec<String> {
    let s = &tour.settings;
    let rounds = tour
        .rounds
        .iter()
        .filter(|r| up_to.is_none_or(|u| r.number <= u))
        .count();
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
    event
}

/// Only the chief arbiter and the chief secretary sign a certificate.
fn chief_signers(tour: &Tournament, lang: Lang) -> Vec<String> {
    super::signatures(tour, lang)
        .into_iter()
        .zip(tour.settings.panel())
        .filter(|(_, o)| o.role != Role::Arbiter)
        .map(|(line, _)| line)
        .collect()
}

/// The single page when no participant has a rank to certify.
fn none_met(n: &Norms, lang: Lang) -> Section {
    let mut lines = vec![t(
        lang,
        "No participant has met or confirmed a rank.",
        "Норм спортивных разрядов никто не выполнил и не подтвердил.",
    )];
    lines.extend(n.reason.iter().map(|r| r.get(lang).to_string()));
    Section {
        heading: t(
            lang,
            "Certificates of sports rank norms",
            "Справки о выполнении спортивных разрядов",
        ),
        lines,
        ..Section::default()
    }
}

/// What every certificate of one document shares.
struct Common<'a> {
    tour: &'a Tournament,
    n: &'a Norms,
    event: Vec<String>,
    signers: Vec<String>,
    lang: Lang,
}

impl Common<'_> {
    /// One participant's certificate: who, what was met, where, and by what numbers; `None`
    /// when he has no rank met or confirmed.
    fn certificate(&self, p: &PlayerNorms) -> Option<Section> {
        let lang = self.lang;
        let (rank, kind) = (p.result.as_ref()?, p.kind?);
        let norm = p.norms.iter().find(|x| &x.rank == rank)?;
        let player = self.tour.player(p.id)?;
        let mut lines = who(player, lang);
        lines.push(self.norm_sentence(player, kind, rank));
        lines.extend(self.event.iter().cloned());
        lines.extend(self.figures(p, norm, player));
        Some(Section {
            heading: t(
                lang,
                "Certificate of a sports rank norm",
                "Справка о выполнении спортивного разряда",
            ),
            lines,
            new_page: true,
            signatures: self.signers.clone(),
            ..Section::default()
        })
    }

    /// «Выполнил норму спортивного разряда … в соревновании:».
    fn norm_sentence(&self, player: &Player, kind: Kind, rank: &str) -> String {
        let lang = self.lang;
        let variant = &self.tour.settings.variant;
        let rank_name = self.n.rank_name(rank, lang);
        let verb = match kind {
            Kind::Met => lang.agree(player.sex, "met", ["выполнил", "выполнила", "выполнил(а)"]),
            Kind::Confirmed => lang.agree(
                player.sex,
                "confirmed",
                ["подтвердил", "подтвердила", "подтвердил(а)"],
            ),
        };
        // The verb agrees with the player, so the sentence starts with it and needs no case
        // of the name (a Russian name's dative cannot be made safely).
        let mut verb = verb.to_string();
        if let Some(first) = verb.chars().next() {
            verb.replace_range(..first.len_utf8(), &first.to_uppercase().to_string());
        }
        match lang {
            Lang::En => format!(
                "{verb} the norm of the sports rank “{rank_name}” in draughts, discipline {}, at the event:",
                variant.said(lang)
            ),
            Lang::Ru => format!(
                "{verb} норму спортивного разряда «{rank_name}» по виду спорта «шашки», дисциплина — {}, в соревновании:",
                variant.said(lang)
            ),
        }
    }

    /// The score, k against the required k and the norm, the rank before, the table used.
    fn figures(&self, p: &PlayerNorms, norm: &RankNorm, player: &Player) -> Vec<String> {
        let lang = self.lang;
        vec![
            format!(
                "{}: {} {} {}",
                t(lang, "Result", "Результат"),
                points_said(p.score, lang),
                lang.pick("from", "из"),
                lang.count(
                    p.games as u64,
                    ["game", "games"],
                    ["партии", "партий", "партий"]
                ),
            ),
            format!(
                "{} k = {}, {} k ≤ {}; {} {}: {}",
                t(lang, "Tournament coefficient", "Коэффициент турнира"),
                p.coefficient
                    .map_or("—".to_string(), |k| coefficient_text(k, lang)),
                t(lang, "required", "требуемый"),
                norm.required,
                t(lang, "norm of", "норма разряда"),
                self.n.rank_said(&norm.rank, lang),
                points_said(norm.norm, lang),
            ),
            format!(
                "{}: {}",
                t(lang, "Rank before the event", "Разряд до соревнования"),
                if player.title.trim().is_empty() {
                    "—".to_string()
                } else {
                    crate::tournament::norms::title_said(&player.title, lang)
                }
            ),
            self.n.document_line(lang),
        ]
    }
}

/// The participant: name, year of birth and club when known.
fn who(player: &Player, lang: Lang) -> Vec<String> {
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
    lines
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
