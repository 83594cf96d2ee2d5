//! PDN 3.0 reading and writing.
//!
//! The reader is lenient where real files are (numbers glued to moves, space-padded squares,
//! CRLF, Windows-1251 Russian files, games without results) and strict only where the text cannot
//! be understood (an unterminated tag, comment or variation), which it reports with line:column.
//! Moves are kept as written: whether they are legal is the game checker's question.

use std::fmt::Write as _;

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{line}:{column}: {message}")]
pub struct PdnError {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl crate::lang::Russian for PdnError {
    fn ru(&self) -> String {
        format!(
            "{}:{}: {}",
            self.line,
            self.column,
            message_ru(&self.message)
        )
    }
}

/// The Russian of a message the reader words (see its `error` calls); any other as it is.
fn message_ru(message: &str) -> String {
    let between = |prefix: &str, suffix: &str| {
        message
            .strip_prefix(prefix)
            .and_then(|m| m.strip_suffix(suffix))
            .map(str::to_string)
    };
    match message {
        "comment opened here is never closed" => {
            "комментарий, открытый здесь, нигде не закрыт".to_string()
        }
        "variation opened here is never closed" => {
            "вариант, открытый здесь, нигде не закрыт".to_string()
        }
        "a tag without a name" => "тег без имени".to_string(),
        _ => {
            if let Some(c) = between("`", "` closes nothing") {
                format!("`{c}` ничего не закрывает")
            } else if let Some(name) = between("tag `", "`: its value has no closing quote") {
                format!("тег `{name}`: у его значения нет закрывающей кавычки")
            } else if let Some(name) = between("tag `", "` is not closed with `]`") {
                format!("тег `{name}` не закрыт скобкой `]`")
            } else {
                message.to_string()
            }
        }
    }
}

/// A move as it stands in the file, with what was written around it.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct PdnMove {
    pub text: String,
    pub line: usize,
    pub column: usize,
    /// Comments after the move, without braces.
    pub comments: Vec<String>,
    /// NAGs (`$1`) and move marks (`!`, `?!`).
    pub nags: Vec<String>,
    /// Variations after the move, as raw text without the outer parentheses.
    pub variations: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct PdnGame {
    pub tags: Vec<(String, String)>,
    /// Comments before the first move.
    pub intro: Vec<String>,
    pub moves: Vec<PdnMove>,
    /// The termination marker (`1-0`, `1/2-1/2`, `2-0`, `*`, …), if the game has one.
    pub result: Option<String>,
    /// The line where the game starts.
    pub line: usize,
}

impl PdnGame {
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
    pub fn set_tag(&mut self, name: &str, value: &str) {
        match self
            .tags
            .iter_mut()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
        {
            Some((_, v)) => *v = value.to_string(),
            None => self.tags.push((name.to_string(), value.to_string())),
        }
    }
}

/// Text of a PDN file from its bytes: UTF-8 (with or without a BOM), else Windows-1251, in which
/// most Russian PDN files were saved.
pub fn decode(bytes: &[u8]) -> String {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    match std::str::from_utf8(bytes) {
        Ok(s) => s.to_string(),
        Err(_) => encoding_rs::WINDOWS_1251
            .decode_without_bom_handling(bytes)
            .0
            .into_owned(),
    }
}

pub fn read_bytes(bytes: &[u8]) -> Result<Vec<PdnGame>, PdnError> {
    read(&decode(bytes))
}

const RESULTS: [&str; 8] = ["1-0", "0-1", "1/2-1/2", "2-0", "0-2", "1-1", "0-0", "*"];

/// The text of a game without the result marker that ends it (`… 3. gh4 *` → `… 3. gh4`, `*`):
/// what goes before a move added at the end.
pub fn without_result(text: &str) -> (&str, Option<&'static str>) {
    let body = text.trim_end();
    for r in RESULTS {
        if let Some(before) = body.strip_suffix(r) {
            // A whole word only: the tail of a numeric move (`11-1…`) is not a result.
            if before.is_empty() || before.ends_with(char::is_whitespace) || before.ends_with('}') {
                return (before.trim_end(), Some(r));
            }
        }
    }
    (body, None)
}

struct Cursor {
    chars: Vec<char>,
    i: usize,
    line: usize,
    column: usize,
}

impl Cursor {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.i).copied()
    }
    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.i += 1;
        if c == '\n' {
            self.line += 1;
            self.column = 1;
        } else {
            self.column += 1;
        }
        Some(c)
    }
    fn error(&self, line: usize, column: usize, message: impl Into<String>) -> PdnError {
        PdnError {
            line,
            column,
            message: message.into(),
        }
    }
    /// Reads up to (not including) the first character `stop` accepts, or to the end.
    fn take_until(&mut self, stop: impl Fn(char) -> bool) -> String {
        let mut out = String::new();
        while let Some(c) = self.peek() {
            if stop(c) {
                break;
            }
            out.push(c);
            self.bump();
        }
        out
    }
    /// Space-padded squares: `47x 9`, `1- 6`: a move ending in a separator takes the number
    /// after the spaces; anything else after them is left to be read.
    fn padded_squares(&mut self, mut text: String) -> String {
        if text.len() > 1 && text.ends_with(['-', 'x', 'X', ':']) {
            let save = (self.i, self.line, self.column);
            while self.peek().is_some_and(|c| c == ' ' || c == '\t') {
                self.bump();
            }
            let next = self.take_until(is_break);
            if !next.is_empty() && next.chars().all(|c| c.is_ascii_digit()) {
                text.push_str(&next);
            } else {
                (self.i, self.line, self.column) = save;
            }
        }
        text
    }
    /// Reads up to the closing `close`, honouring nesting of `open` and skipping braces.
    fn until_close(&mut self, open: char, close: char, what: &str) -> Result<String, PdnError> {
        let (line, column) = (self.line, self.column - 1);
        let mut depth = 1;
        let mut out = String::new();
        while let Some(c) = self.bump() {
            if c == close {
                depth -= 1;
                if depth == 0 {
                    return Ok(out);
                }
            } else if c == open {
                depth += 1;
            } else if c == '{' && open != '{' {
                out.push(c);
                let inner = self.until_close('{', '}', "comment")?;
                out.push_str(&inner);
                out.push('}');
                continue;
            }
            out.push(c);
        }
        Err(self.error(line, column, format!("{what} opened here is never closed")))
    }
}

fn is_break(c: char) -> bool {
    c.is_whitespace() || "[]{}();".contains(c)
}

/// Reads every game of a PDN text.
pub fn read(text: &str) -> Result<Vec<PdnGame>, PdnError> {
    let mut r = Reader {
        cur: Cursor {
            chars: text.chars().collect(),
            i: 0,
            line: 1,
            column: 1,
        },
        games: Vec::new(),
        game: PdnGame::default(),
        started: false,
        in_moves: false,
    };
    while let Some(c) = r.cur.peek() {
        let (line, column) = (r.cur.line, r.cur.column);
        if c.is_whitespace() {
            r.cur.bump();
            continue;
        }
        if !r.started {
            r.game.line = line;
            r.started = true;
        }
        match c {
            '[' => r.tag(line, column)?,
            '{' => r.comment()?,
            '(' => r.variation()?,
            ';' => r.line_comment(),
            ']' | ')' | '}' => {
                return Err(r.cur.error(line, column, format!("`{c}` closes nothing")));
            }
            _ => r.word(line, column),
        }
    }
    r.finish();
    Ok(r.games)
}

/// The reader's state between the pieces of text it meets: the games read, the one being read.
struct Reader {
    cur: Cursor,
    games: Vec<PdnGame>,
    game: PdnGame,
    started: bool,
    in_moves: bool,
}

impl Reader {
    /// Ends the game being read, if one was begun.
    fn finish(&mut self) {
        if self.started {
            self.games.push(std::mem::take(&mut self.game));
        }
        self.started = false;
    }

    /// `[Name "value"]`.
    fn tag(&mut self, line: usize, column: usize) -> Result<(), PdnError> {
        if self.in_moves {
            // Tags after moves without a result: the previous game ended unmarked.
            self.finish();
            self.in_moves = false;
            self.game.line = line;
            self.started = true;
        }
        self.cur.bump();
        let (name, value) = read_tag(&mut self.cur, line, column)?;
        self.game.tags.push((name, value));
        Ok(())
    }

    /// `{…}`: after the last move, or before the first.
    fn comment(&mut self) -> Result<(), PdnError> {
        self.cur.bump();
        let comment = self.cur.until_close('{', '}', "comment")?;
        let comment = comment.trim().to_string();
        match self.game.moves.last_mut() {
            Some(m) => m.comments.push(comment),
            None => self.game.intro.push(comment),
        }
        Ok(())
    }

    /// `(…)`: kept raw after the last move.
    fn variation(&mut self) -> Result<(), PdnError> {
        self.cur.bump();
        let variation = self.cur.until_close('(', ')', "variation")?;
        if let Some(m) = self.game.moves.last_mut() {
            m.variations.push(variation.trim().to_string());
        }
        Ok(())
    }

    /// A rest-of-line comment (PGN style).
    fn line_comment(&mut self) {
        self.cur.bump();
        let comment = self.cur.take_until(|c| c == '\n');
        if let Some(m) = self.game.moves.last_mut() {
            m.comments.push(comment.trim().to_string());
        }
    }

    /// A word of the moves: a result, a NAG or mark, a move number, a move.
    fn word(&mut self, line: usize, column: usize) {
        let word = self.cur.take_until(is_break);
        self.in_moves = true;
        if RESULTS.contains(&word.as_str()) {
            self.game.result = Some(word);
            self.finish();
            self.in_moves = false;
            return;
        }
        if let Some(nag) = word.strip_prefix('$') {
            if let Some(m) = self.game.moves.last_mut() {
                m.nags.push(format!("${nag}"));
            }
            return;
        }
        // `1. ...` (Black's move follows) and a lone `.` placeholder carry no move.
        if word.chars().all(|c| c == '.') {
            return;
        }
        if word.chars().all(|c| "!?".contains(c)) {
            if let Some(m) = self.game.moves.last_mut() {
                m.nags.push(word);
            }
            return;
        }
        // A move number, alone (`12.`, `12...`) or glued to the move (`12.c3-d4`).
        let digits = word.chars().take_while(|c| c.is_ascii_digit()).count();
        let mut body = word.as_str();
        let mut body_column = column;
        if digits > 0 && word[digits..].starts_with('.') {
            let rest = word[digits..].trim_start_matches('.');
            body_column += word.len() - rest.len();
            body = rest;
        }
        if body.is_empty() {
            return;
        }
        let text = self.cur.padded_squares(body.to_string());
        let (text, marks) = split_marks(&text);
        self.game.moves.push(PdnMove {
            text,
            line,
            column: body_column,
            nags: marks.into_iter().collect(),
            ..PdnMove::default()
        });
    }
}

fn split_marks(text: &str) -> (String, Option<String>) {
    let body = text.trim_end_matches(['!', '?']);
    if body.len() == text.len() || body.is_empty() {
        (text.to_string(), None)
    } else {
        (body.to_string(), Some(text[body.len()..].to_string()))
    }
}

fn read_tag(cur: &mut Cursor, line: usize, column: usize) -> Result<(String, String), PdnError> {
    let mut name = String::new();
    while let Some(c) = cur.peek() {
        if c.is_whitespace() || c == '"' || c == ']' {
            break;
        }
        name.push(c);
        cur.bump();
    }
    while cur.peek().is_some_and(|c| c.is_whitespace() && c != '\n') {
        cur.bump();
    }
    let mut value = String::new();
    if cur.peek() == Some('"') {
        cur.bump();
        loop {
            match cur.bump() {
                None | Some('\n') => {
                    return Err(cur.error(
                        line,
                        column,
                        format!("tag `{name}`: its value has no closing quote"),
                    ))
                }
                Some('\\') => {
                    if let Some(c) = cur.bump() {
                        value.push(c);
                    }
                }
                Some('"') => break,
                Some(c) => value.push(c),
            }
        }
    } else {
        // An unquoted value, as some old programs wrote.
        while let Some(c) = cur.peek() {
            if c == ']' || c == '\n' {
                break;
            }
            value.push(c);
            cur.bump();
        }
        value = value.trim().to_string();
    }
    while cur.peek().is_some_and(|c| c == ' ' || c == '\t') {
        cur.bump();
    }
    if cur.peek() != Some(']') {
        return Err(cur.error(line, column, format!("tag `{name}` is not closed with `]`")));
    }
    cur.bump();
    if name.is_empty() {
        return Err(cur.error(line, column, "a tag without a name"));
    }
    Ok((name, value))
}

/// Writes games as PDN 3.0: tags, then numbered moves wrapped at 80 columns, then the result.
/// `first_ply_black` says whether the first move of the game text is the second player's
/// (a set-up position with the other side to move), so that it is numbered `1...`.
pub fn write_game(game: &PdnGame, first_ply_black: bool) -> String {
    let mut out = String::new();
    for (k, v) in &game.tags {
        let v = v.replace('\\', "\\\\").replace('"', "\\\"");
        let _ = writeln!(out, "[{k} \"{v}\"]");
    }
    out.push('\n');
    let mut words: Vec<String> = game.intro.iter().map(|c| format!("{{{c}}}")).collect();
    let offset = usize::from(first_ply_black);
    for (p, m) in game.moves.iter().enumerate() {
        let q = p + offset;
        if q % 2 == 0 {
            words.push(format!("{}.", q / 2 + 1));
        } else if p == 0 {
            words.push("1...".to_string());
        }
        words.push(m.text.clone());
        words.extend(m.nags.iter().cloned());
        words.extend(m.comments.iter().map(|c| format!("{{{c}}}")));
        words.extend(m.variations.iter().map(|v| format!("({v})")));
    }
    words.push(game.result.clone().unwrap_or_else(|| "*".to_string()));
    let mut line_len = 0;
    for w in words {
        if line_len > 0 && line_len + 1 + w.chars().count() > 80 {
            out.push('\n');
            line_len = 0;
        } else if line_len > 0 {
            out.push(' ');
            line_len += 1;
        }
        line_len += w.chars().count();
        out.push_str(&w);
    }
    out.push_str("\n\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_trailing_result_marker_is_told_from_a_move() {
        assert_eq!(without_result("1. cd4 ba5 *"), ("1. cd4 ba5", Some("*")));
        assert_eq!(without_result("{IDF} 1-0\n"), ("{IDF}", Some("1-0")));
        assert_eq!(
            without_result("1. 32-28 19-23 2. 6-1"),
            ("1. 32-28 19-23 2. 6-1", None)
        );
        assert_eq!(without_result("*"), ("", Some("*")));
    }

    #[test]
    fn reads_tags_numbers_comments_variations_and_results() {
        let text = "[White \"Иванов\"]\n[Result \"1-0\"]\n\n1. c3-d4 {good} d6-e5 (1... f6-g5 2. g3-h4) 2.d4:f6 $1 g7:e5!? 1-0\n\n[White \"B\"]\n1. 32-28 19-23 *";
        let games = read(text).unwrap();
        assert_eq!(games.len(), 2);
        let g = &games[0];
        assert_eq!(g.tag("white"), Some("Иванов"));
        let texts: Vec<_> = g.moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(texts, ["c3-d4", "d6-e5", "d4:f6", "g7:e5"]);
        assert_eq!(g.moves[0].comments, ["good"]);
        assert_eq!(g.moves[1].variations, ["1... f6-g5 2. g3-h4"]);
        assert_eq!(g.moves[2].nags, ["$1"]);
        assert_eq!(g.moves[3].nags, ["!?"]);
        assert_eq!(g.result.as_deref(), Some("1-0"));
        assert_eq!(games[1].result.as_deref(), Some("*"));
        assert_eq!((g.moves[2].line, g.moves[2].column), (4, 47));
    }

    #[test]
    fn joins_space_padded_squares() {
        let games = read("1. 32-28 19-23 2. 47x 9 1- 6 2-0").unwrap();
        let texts: Vec<_> = games[0].moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(texts, ["32-28", "19-23", "47x9", "1-6"]);
        assert_eq!(games[0].result.as_deref(), Some("2-0"));
    }

    #[test]
    fn unterminated_parts_name_their_place() {
        let e = read("[Event \"x\"]\n1. c3-d4 {never closed\n d6-e5").unwrap_err();
        assert_eq!((e.line, e.column), (2, 10));
        let e = read("[Event \"x]\n").unwrap_err();
        assert_eq!((e.line, e.column), (1, 1));
        let e = read("1. c3-d4 (d6-e5").unwrap_err();
        assert_eq!((e.line, e.column), (1, 10));
    }

    #[test]
    fn windows_1251_is_decoded() {
        let (bytes, _, _) = encoding_rs::WINDOWS_1251.encode("[White \"Тимошин\"]\n1. c3-d4 *");
        let games = read_bytes(&bytes).unwrap();
        assert_eq!(games[0].tag("White"), Some("Тимошин"));
    }

    #[test]
    fn written_games_read_back() {
        let games = read(
            "[Event \"E\"]\n1. c3-d4 {a \"quoted\" note} d6-e5 (1... f6-g5) 2. d4:f6 g7:e5 1/2-1/2",
        )
        .unwrap();
        let again = read(&write_game(&games[0], false)).unwrap();
        let strip = |g: &PdnGame| {
            let mut g = g.clone();
            g.moves.iter_mut().for_each(|m| (m.line, m.column) = (0, 0));
            g
        };
        assert_eq!(again.len(), 1);
        assert_eq!(strip(&again[0]), strip(&games[0]));
        let black_first = read("[FEN \"B:W21:B1\"]\n1... 1-5 2. 21-17 *").unwrap();
        assert!(write_game(&black_first[0], true).contains("1... 1-5 2. 21-17 *"));
    }
}
