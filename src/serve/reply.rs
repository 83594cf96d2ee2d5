//! What the server answers, below every route: the headers every answer carries, the JSON answer
//! of the deputies' routes and [`Refusal`] — one type for every way a request is turned away, so
//! that a route returns `Result<_, Refusal>` and axum says it (`IntoResponse`), in the
//! deputy's language, with the status, the word scripts read and any header the refusal needs.

use std::time::Duration;

use axum::http::{header, HeaderMap, HeaderName, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::{json, Value};

use crate::lang::Lang;

/// The most a request may carry (a result's body is ~60 bytes): anything larger is refused
/// before it is read (413), whether its length is given or it comes in chunks of unknown length.
pub const MAX_BODY: u64 = 1024;

/// A response no cache keeps and no browser reads as another type.
pub fn no_store(mut r: Response) -> Response {
    let h = r.headers_mut();
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    r
}

/// `page` with `json` put in its empty script element `id` (every `<` written `\u003c`, so that
/// no text in it can end or open a script element).
pub fn with_json(page: &str, id: &str, json: &str) -> String {
    let empty = format!(r#"<script id="{id}" type="application/json"></script>"#);
    let json = json.replace('<', "\\u003c");
    page.replacen(
        &empty,
        &format!(r#"<script id="{id}" type="application/json">{json}</script>"#),
        1,
    )
}

/// The reader's language: Russian when the browser (or the deputy's phone) asks for it first.
pub fn lang_of(headers: &HeaderMap) -> Lang {
    let ru = headers
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.trim_start().to_ascii_lowercase().starts_with("ru"));
    if ru {
        Lang::Ru
    } else {
        Lang::En
    }
}

/// An answer: the status, a short word for scripts, the message in the deputy's language and
/// whatever else it carries.
pub fn answer(status: StatusCode, word: &str, message: String, extra: Value) -> Response {
    let mut body = json!({ "ok": status.is_success(), "status": word, "message": message });
    if let (Value::Object(b), Value::Object(x)) = (&mut body, extra) {
        b.extend(x);
    }
    no_store(
        (
            status,
            [(header::CONTENT_TYPE, "application/json; charset=utf-8")],
            body.to_string(),
        )
            .into_response(),
    )
}

/// A request turned away: said as an [`answer`] with its status and word, plus the header the
/// refusal needs (`Retry-After`, `WWW-Authenticate`). (Boxed: the way through is the common
/// case, and a `Result` should not carry a refusal's size.)
#[derive(Debug)]
pub struct Refusal(Box<Refused>);

#[derive(Debug)]
struct Refused {
    status: StatusCode,
    word: &'static str,
    message: String,
    extra: Value,
    header: Option<(HeaderName, HeaderValue)>,
}

impl IntoResponse for Refusal {
    fn into_response(self) -> Response {
        let r = *self.0;
        let mut response = answer(r.status, r.word, r.message, r.extra);
        if let Some((name, value)) = r.header {
            response.headers_mut().insert(name, value);
        }
        response
    }
}

impl Refusal {
    pub fn new(status: StatusCode, word: &'static str, message: String) -> Refusal {
        Refusal(Box::new(Refused {
            status,
            word,
            message,
            extra: json!({}),
            header: None,
        }))
    }

    pub fn status(&self) -> StatusCode {
        self.0.status
    }

    /// The same refusal carrying more for the page (`result`, `by`, `retry_after`).
    pub fn with(mut self, extra: Value) -> Refusal {
        self.0.extra = extra;
        self
    }

    fn header(mut self, name: HeaderName, value: HeaderValue) -> Refusal {
        self.0.header = Some((name, value));
        self
    }

    /// 421: no connection to check the `Host` against.
    pub fn unchecked(lang: Lang) -> Refusal {
        Refusal::new(
            StatusCode::MISDIRECTED_REQUEST,
            "host",
            lang.pick(
                "the connection cannot be checked",
                "подключение не проверить",
            )
            .into(),
        )
    }

    /// 421: a `Host` that is not this server's address (a DNS rebinding page).
    pub fn host(lang: Lang) -> Refusal {
        Refusal::new(
            StatusCode::MISDIRECTED_REQUEST,
            "host",
            lang.pick(
                "this server answers only to its own address: open it by its address, as the arbiter's screen shows it",
                "сервер отвечает только на свой адрес: откройте его по адресу, который показывает экран судьи",
            )
            .into(),
        )
    }

    /// 403: sent from another site's page.
    pub fn origin(lang: Lang) -> Refusal {
        Refusal::new(
            StatusCode::FORBIDDEN,
            "origin",
            lang.pick(
                "sent from another site's page: refused",
                "отправлено со страницы другого сайта: отклонено",
            )
            .into(),
        )
    }

    /// 403: a read-only server takes no writes.
    pub fn read_only(lang: Lang) -> Refusal {
        Refusal::new(
            StatusCode::FORBIDDEN,
            "read-only",
            lang.pick(
                "this server is read-only: results are taken only where the event is held (`serve --write`, or the arbiter's console)",
                "этот сервер только для просмотра: результаты принимает только программа, ведущая турнир (`serve --write` или окно судьи)",
            )
            .into(),
        )
    }

    /// 429 with `Retry-After`: an address that guessed too many codes.
    pub fn locked_out(lang: Lang, left: Duration) -> Refusal {
        let secs = left.as_secs().max(1);
        let minutes = secs.div_ceil(60);
        let message = match lang {
            Lang::En => {
                format!("too many wrong codes from this address: try again in {minutes} min")
            }
            Lang::Ru => format!(
                "слишком много неверных кодов с этого адреса: попробуйте снова через {minutes} мин"
            ),
        };
        let refusal = Refusal::new(StatusCode::TOO_MANY_REQUESTS, "locked-out", message)
            .with(json!({ "retry_after": secs }));
        match HeaderValue::from_str(&secs.to_string()) {
            Ok(v) => refusal.header(header::RETRY_AFTER, v),
            Err(_) => refusal,
        }
    }

    /// 401 with `WWW-Authenticate`: no code, or one that is no live deputy's.
    pub fn no_code(lang: Lang, en: &str, ru: &str) -> Refusal {
        Refusal::new(StatusCode::UNAUTHORIZED, "code", lang.pick(en, ru).into()).header(
            header::WWW_AUTHENTICATE,
            HeaderValue::from_static("Bearer realm=\"deputy\""),
        )
    }

    /// 503: the program that holds the event is gone.
    pub fn desk_gone(lang: Lang) -> Refusal {
        Refusal::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "closed",
            lang.pick(
                "the event is not open for results now: ask the chief arbiter",
                "турнир сейчас не принимает результаты: обратитесь к главному судье",
            )
            .into(),
        )
    }

    /// 400: the body does not read; the answer says why and the shape to send.
    pub fn unreadable(lang: Lang, why: String, shape: &str) -> Refusal {
        Refusal::new(
            StatusCode::BAD_REQUEST,
            "unreadable",
            match lang {
                Lang::En => format!("the request cannot be read: {why}; send {shape}"),
                Lang::Ru => format!("запрос не прочитать: {why}; пришлите {shape}"),
            },
        )
    }

    /// 415: a body that is not JSON; `what` names it (English, Russian).
    pub fn not_json(lang: Lang, what: (&str, &str)) -> Refusal {
        Refusal::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "not-json",
            match lang {
                Lang::En => format!(
                    "send the {} as JSON (Content-Type: application/json)",
                    what.0
                ),
                Lang::Ru => format!(
                    "пришлите {} в JSON (Content-Type: application/json)",
                    what.1
                ),
            },
        )
    }

    /// 413: over [`MAX_BODY`].
    pub fn too_large(lang: Lang) -> Refusal {
        Refusal::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "too-large",
            lang.pick(
                "the request is too large (at most 1 KB)",
                "запрос слишком велик (не более 1 КБ)",
            )
            .into(),
        )
    }

    /// 422: a number or a result that names nothing.
    pub fn no_such(lang: Lang, key: &str, value: &str) -> Refusal {
        let message = match (lang, key) {
            (Lang::En, "result") => format!(
                "`{value}` is not a result: send 1-0, 0-1 or 1/2-1/2 (from that game's White)"
            ),
            (Lang::Ru, "result") => format!(
                "«{value}» — не результат: пришлите 1-0, 0-1 или 1/2-1/2 (для белых этой партии)"
            ),
            (Lang::En, _) => format!("there is no {key} {value}"),
            (Lang::Ru, _) => format!(
                "нет {} {value}",
                match key {
                    "round" => "тура",
                    "board" => "доски",
                    "player" => "участника",
                    _ => "партии",
                }
            ),
        };
        Refusal::new(StatusCode::UNPROCESSABLE_ENTITY, "no-such", message)
    }
}
