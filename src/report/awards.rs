//! «Победители и призёры»: who takes each prize, list by list, as the regulation's prizes were
//! allocated (`tournament::prize`); and each category's standings, for the final protocol.

use super::{head, points, t, Document, Section};
use crate::lang::Lang;
use crate::tournament::category::{self, Category};
use crate::tournament::model::Tournament;
use crate::tournament::prize::{self, Award, List};
use crate::tournament::standings::{self, Line};

/// The award list after `up_to` rounds (all when `None`): a section per list, main first.
pub fn document(tour: &Tournament, up_to: Option<usize>, lang: Lang) -> Document {
    let lines = standings::compute(tour, up_to);
    let awards = prize::allocate(tour, &lines);
    let mut subtitle = head::lines(tour, lang);
    subtitle.extend(head::unfinished_line(tour, up_to, lang));
    subtitle.push(rules_line(tour, lang));
    let mut sections: Vec<Section> = lists(tour)
        .into_iter()
        .filter_map(|list| list_section(tour, &lines, &awards, &list, lang))
        .collect();
    if sections.is_empty() {
        sections.push(Section {
            heading: t(lang, "Prizes", "Призы"),
            lines: vec![t(
                lang,
                "The regulation's prizes are not entered.",
                "Призы по положению не заданы.",
            )],
            ..Section::default()
        });
    }
    Document {
        title: format!(
            "{} — {}",
            super::kind::Kind::Awards.said(lang),
            tour.settings.name
        ),
        subtitle,
        sections,
        signatures: super::signatures(tour, lang),
        ..Document::default()
    }
}

/// «Дипломы»: a page for each prize a player takes, in the order the award list prints them
/// (list by list, place by place), signed by the chief arbiter and the chief secretary.
pub fn diplomas(tour: &Tournament, up_to: Option<usize>, lang: Lang) -> Document {
    let lines = standings::compute(tour, up_to);
    let awards = prize::allocate(tour, &lines);
    let mut event = vec![tour.settings.name.clone()];
    event.extend(head::lines(tour, lang));
    event.extend(head::unfinished_line(tour, up_to, lang));
    let signers = super::signatures(tour, lang)
        .into_iter()
        .zip(tour.settings.panel())
        .filter(|(_, o)| o.role != crate::tournament::model::Role::Arbiter)
        .map(|(line, _)| line)
        .collect::<Vec<_>>();
    let mut sections = Vec::new();
    for list in lists(tour) {
        let mut mine: Vec<&Award> = awards.iter().filter(|a| a.list == list.id()).collect();
        mine.sort_by_key(|a| a.place);
        for a in mine {
            let Some(p) = a.player.and_then(|id| tour.player(id)) else {
                continue;
            };
            let mut body = vec![
                t(lang, "is awarded to", "награждается").to_string(),
                p.full_name(),
            ];
            if !p.club.trim().is_empty() {
                body.push(p.club.trim().to_string());
            }
            body.push(place_said(a, &list_said(tour, &list, lang), lang));
            body.extend(prize_said(a, lang));
            body.extend(event.iter().cloned());
            sections.push(Section {
                heading: t(lang, "Diploma", "Диплом"),
                lines: body,
                new_page: true,
                // The awardee's name, set largest.
                hand_out: Some(1),
                signatures: signers.clone(),
                ..Section::default()
            });
        }
    }
    if sections.is_empty() {
        sections.push(Section {
            heading: t(lang, "Diplomas", "Дипломы"),
            lines: vec![t(
                lang,
                "No prize is awarded yet.",
                "Призы ещё никому не присуждены.",
            )],
            ..Section::default()
        });
    }
    Document {
        title: format!(
            "{} — {}",
            t(
                lang,
                "Diplomas of the prize-winners",
                "Дипломы победителей и призёров"
            ),
            tour.settings.name
        ),
        sections,
        ..Document::default()
    }
}

/// «за 2-е место — Юноши»: the player's own place in the list (the prize may have passed down
/// to him from a place above), «за 3–5-е место» where he is level with others.
fn place_said(a: &Award, list: &str, lang: Lang) -> String {
    let standing = a.standing.clone().unwrap_or_else(|| a.place.to_string());
    format!("{} — {list}", for_place(&standing, lang))
}

/// «за 2-е место», «за 3–5-е место»; "for 2nd place", "for places 3–5".
fn for_place(place: &str, lang: Lang) -> String {
    let place = place.replace('-', "–");
    match lang {
        Lang::Ru => format!("за {place}-е место"),
        Lang::En => match place.parse::<usize>() {
            Ok(n) => format!("for {} place", ordinal(n)),
            Err(_) => format!("for places {place}"),
        },
    }
}

/// 1st, 2nd, 3rd, 11th, 21st.
fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// The prize's line of a diploma: «Приз: 3000, медаль», or, where it passed down from another
/// place, «Приз за 1-е место: 3000»; where shared by points, the places shared.
fn prize_said(a: &Award, lang: Lang) -> Option<String> {
    let worth = worth(a);
    if worth.is_empty() {
        return None;
    }
    let own = a.standing.as_deref() == Some(a.place.to_string().as_str());
    let prize = t(lang, "Prize", "Приз");
    Some(match (&a.shared, own) {
        (Some(s), _) => format!(
            "{prize} ({} {}): {worth}",
            t(lang, "shared by places", "поровну на места"),
            s.replace('-', "–")
        ),
        (None, true) => format!("{prize}: {worth}"),
        (None, false) => format!("{prize} {}: {worth}", for_place(&a.place.to_string(), lang)),
    })
}

fn lists(tour: &Tournament) -> Vec<List> {
    std::iter::once(List::Main)
        .chain(tour.categories.iter().map(|c| List::Category(c.id.clone())))
        .collect()
}

/// The list's name as the award list heads it.
pub fn list_said(tour: &Tournament, list: &List, lang: Lang) -> String {
    match list {
        List::Main => category::overall(lang).to_string(),
        List::Category(id) => tour
            .categories
            .iter()
            .find(|c| &c.id == id)
            .map_or_else(|| id.clone(), |c| c.name_in(lang).to_string()),
    }
}

/// «Призы: один приз одному участнику; места по доп. показателям».
pub fn rules_line(tour: &Tournament, lang: Lang) -> String {
    format!(
        "{}: {}; {}",
        t(lang, "Prizes", "Призы"),
        prize::one_per_player_said(tour.prizes.one_per_player, lang),
        tour.prizes.split.said(lang)
    )
}

fn list_section(
    tour: &Tournament,
    lines: &[Line],
    awards: &[Award],
    list: &List,
    lang: Lang,
) -> Option<Section> {
    let mut mine: Vec<&Award> = awards.iter().filter(|a| a.list == list.id()).collect();
    if mine.is_empty() {
        return None;
    }
    mine.sort_by_key(|a| a.place);
    let header = vec![
        t(lang, "Prize for place", "Приз за место"),
        t(lang, "Prize", "Приз"),
        t(lang, "Name", "Фамилия, имя"),
        t(lang, "Place in the list", "Место в зачёте"),
        t(lang, "Federation, club", "Регион, клуб"),
        t(lang, "Points", "Очки"),
    ];
    let rows = mine
        .iter()
        .map(|a| {
            let who = a.player.and_then(|id| tour.player(id));
            let line = a.player.and_then(|id| lines.iter().find(|l| l.id == id));
            let place = match &a.shared {
                Some(s) => format!("{} ({s})", a.place),
                None => a.place.to_string(),
            };
            vec![
                place,
                worth(a),
                who.map_or_else(|| t(lang, "not awarded", "не присуждён"), |p| p.full_name()),
                a.standing.clone().unwrap_or_default(),
                who.map_or_else(String::new, |p| p.club.clone()),
                line.map_or_else(String::new, |l| points(l.points, lang)),
            ]
        })
        .collect();
    Some(Section::table(list_said(tour, list, lang), header, rows))
}

/// «5000, кубок».
fn worth(a: &Award) -> String {
    [a.amount.map(|x| x.to_string()), a.title.clone()]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(", ")
}

/// Each category's standings for a standings document: its players with their places in it,
/// their points and their place in the event.
pub fn category_sections(tour: &Tournament, lines: &[Line], lang: Lang) -> Vec<Section> {
    tour.categories
        .iter()
        .map(|c| category_section(tour, c, lines, lang))
        .collect()
}

fn category_section(tour: &Tournament, c: &Category, lines: &[Line], lang: Lang) -> Section {
    let header = vec![
        t(lang, "Place", "Место"),
        t(lang, "Name", "Фамилия, имя"),
        t(lang, "Points", "Очки"),
        t(lang, "Overall", "Место в турнире"),
    ];
    let rows = category::standings(c, tour, lines)
        .iter()
        .map(|l| {
            let overall = lines
                .iter()
                .find(|m| m.id == l.id)
                .map_or_else(String::new, |m| m.place.clone());
            vec![
                l.place.clone(),
                super::standing_name(tour, l, lang),
                points(l.points, lang),
                overall,
            ]
        })
        .collect();
    Section::table(category::heading(c.name_in(lang), lang), header, rows)
}
