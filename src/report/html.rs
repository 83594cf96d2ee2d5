//! One self-contained HTML file (styles inline, no scripts, no external files), printable.

use super::{Document, Lang};

fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    out
}

const STYLE: &str = "body{font-family:'DejaVu Sans',Arial,sans-serif;margin:1.5em;color:#000}\
h1{font-size:1.6em;margin:0 0 .2em}p.sub{margin:.1em 0;color:#333}\
h2{font-size:1.2em;margin:1.2em 0 .4em;page-break-after:avoid}\
table{border-collapse:collapse;margin-bottom:1em}th,td{border:1px solid #888;padding:.2em .5em;text-align:left}\
th{background:#eee}tbody tr:nth-child(even){background:#f7f7f7}p.note{font-size:.85em;color:#333}p.sign{margin-top:2em}\
p.line{margin:.3em 0;font-size:1.05em}section.page{page-break-before:always}\
section.hand-out{text-align:center}section.hand-out h2{font-size:3em;text-transform:uppercase}\
section.hand-out p.line{font-size:1.3em}section.hand-out p.big{font-size:2.2em;font-weight:bold}\
body.wall{font-size:2em}body.wall td,body.wall th{padding:.3em .8em}\
@media print{body{margin:0}section{page-break-inside:avoid}}";

pub fn render(doc: &Document, lang: Lang) -> String {
    let mut out = String::new();
    let code = match lang {
        Lang::En => "en",
        Lang::Ru => "ru",
    };
    out.push_str(&format!(
        "<!DOCTYPE html>\n<html lang=\"{code}\">\n<head>\n<meta charset=\"utf-8\">\n<title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body{}>\n<h1>{}</h1>\n",
        escape(&doc.title),
        if doc.wall { " class=\"wall\"" } else { "" },
        escape(&doc.title)
    ));
    for s in &doc.subtitle {
        out.push_str(&format!("<p class=\"sub\">{}</p>\n", escape(s)));
    }
    for (k, section) in doc.sections.iter().enumerate() {
        let class = match (section.new_page && k > 0, section.hand_out.is_some()) {
            (true, true) => " class=\"page hand-out\"",
            (false, true) => " class=\"hand-out\"",
            (true, false) => " class=\"page\"",
            (false, false) => "",
        };
        out.push_str(&format!("<section{class}>\n"));
        out.push_str(&format!("<h2>{}</h2>\n", escape(&section.heading)));
        for (i, line) in section.lines.iter().enumerate() {
            let class = match section.hand_out == Some(i) {
                true => "line big",
                false => "line",
            };
            out.push_str(&format!("<p class=\"{class}\">{}</p>\n", escape(line)));
        }
        if !section.header.is_empty() {
            table(&mut out, section);
        }
        if let Some(note) = &section.note {
            out.push_str(&format!("<p class=\"note\">{}</p>\n", escape(note)));
        }
        signatures(&mut out, &section.signatures);
        out.push_str("</section>\n");
    }
    signatures(&mut out, &doc.signatures);
    out.push_str("</body>\n</html>\n");
    out
}

fn table(out: &mut String, section: &super::Section) {
    out.push_str("<table>\n<thead><tr>");
    for h in &section.header {
        out.push_str(&format!("<th>{}</th>", escape(h)));
    }
    out.push_str("</tr></thead>\n<tbody>\n");
    for row in &section.rows {
        out.push_str("<tr>");
        for cell in row {
            out.push_str(&format!("<td>{}</td>", escape(cell)));
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</tbody>\n</table>\n");
}

fn signatures(out: &mut String, lines: &[String]) {
    for line in lines {
        out.push_str(&format!("<p class=\"sign\">{}</p>\n", escape(line)));
    }
}
