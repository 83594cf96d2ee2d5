//! The deputy's page (`/deputy`) and its session: a login by the code typed in or by the QR
//! code's link (`/deputy/login?code=…`, answered with a redirect, so the code leaves the
//! address bar at once), kept as an HttpOnly, SameSite=Strict cookie; `/api/deputy` tells the
//! page his boards.

use axum::extract::Query;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::json;

use super::desk;
use super::guard::{code_of, Admitted, COOKIE};
use super::reply::{answer, lang_of, no_store, with_json, Refusal};
use super::write::body_of;

const PAGE: &str = include_str!("../../resources/web/deputy.html");

/// How long a phone stays logged in (an event's days; a revoked code ends it at once anyway).
const SESSION_SECS: u64 = 14 * 24 * 3600;

/// A response of the deputy's: not kept, not leaked to another site, never framed by one.
fn secured(r: Response) -> Response {
    let mut r = no_store(r);
    let h = r.headers_mut();
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    r
}

/// `GET /deputy`: the page, with the logged-in deputy's boards inside it (one request draws
/// them; without a live code it shows the login form).
pub async fn page(admitted: Result<Admitted, Refusal>, headers: HeaderMap) -> Response {
    let mut html = PAGE.to_string();
    if let (Ok(a), Some(code)) = (admitted, code_of(&headers)) {
        if let Ok(Some(mine)) = a.desk.mine(&code) {
            let json = serde_json::to_string(&mine).unwrap_or_default();
            html = with_json(PAGE, "initial-deputy", &json);
        }
    }
    let mut r = ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], html).into_response();
    r.headers_mut().insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; form-action 'self'; frame-ancestors 'none'",
        ),
    );
    secured(r)
}

fn cookie(code: &str) -> HeaderValue {
    // A live code, as it is hashed: base-32 letters only, nothing that can break the header.
    HeaderValue::from_str(&format!(
        "{COOKIE}={code}; Path=/; Max-Age={SESSION_SECS}; HttpOnly; SameSite=Strict"
    ))
    .unwrap_or_else(|_| HeaderValue::from_static("deputy=; Path=/; Max-Age=0"))
}

/// Logs a phone in with `code`: the cookie to set, and who he is; or why not.
fn login(admitted: Admitted, code: String) -> Result<(HeaderValue, super::guard::Deputy), Refusal> {
    let deputy = admitted.deputy(code)?;
    let cookie = cookie(&crate::tournament::deputy::normalise(&deputy.code));
    Ok((cookie, deputy))
}

/// The QR code's link: `?code=…`.
#[derive(Default, serde::Deserialize)]
pub struct Link {
    #[serde(default)]
    code: String,
}

/// `GET /deputy/login?code=…` (the QR code's link): logged in, then sent to `/deputy` with the
/// code gone from the address; a wrong code goes back to the page, which says so.
pub async fn login_link(
    admitted: Result<Admitted, Refusal>,
    link: Result<Query<Link>, axum::extract::rejection::QueryRejection>,
) -> Response {
    // (An unreadable query is no code: the page says the login failed.)
    let link = link.map_or_else(|_| Link::default(), |q| q.0);
    let to = |place: &'static str| {
        let mut r = StatusCode::SEE_OTHER.into_response();
        r.headers_mut()
            .insert(header::LOCATION, HeaderValue::from_static(place));
        r
    };
    match admitted.and_then(|a| login(a, link.code)) {
        Ok((cookie, _)) => {
            let mut r = to("/deputy");
            r.headers_mut().insert(header::SET_COOKIE, cookie);
            secured(r)
        }
        // Refused for its host or origin, or locked out: said as is.
        Err(r) if r.status() != StatusCode::UNAUTHORIZED => r.into_response(),
        Err(_) => secured(to("/deputy?login=failed")),
    }
}

/// `POST /deputy/login` with `{"code": "…"}`.
pub async fn login_post(
    admitted: Result<Admitted, Refusal>,
    headers: HeaderMap,
    body: axum::body::Body,
) -> Result<Response, Refusal> {
    let lang = lang_of(&headers);
    let bytes = body_of(body, lang).await?;
    let code = serde_json::from_slice::<serde_json::Value>(&bytes)
        .ok()
        .and_then(|v| v.get("code").and_then(|c| c.as_str()).map(str::to_string))
        .unwrap_or_default();
    let (cookie, deputy) = login(admitted?, code)?;
    // The page draws his boards from the answer.
    let mine = deputy.admitted.desk.mine(&deputy.code).ok().flatten();
    let mut r = answer(
        StatusCode::OK,
        "logged-in",
        match lang {
            crate::lang::Lang::En => format!("logged in: {}", deputy.name),
            crate::lang::Lang::Ru => format!("вход выполнен: {}", deputy.name),
        },
        json!({ "deputy": mine }),
    );
    r.headers_mut().insert(header::SET_COOKIE, cookie);
    Ok(secured(r))
}

/// `POST /deputy/logout`: the cookie dropped.
pub async fn logout(headers: HeaderMap) -> Response {
    let lang = lang_of(&headers);
    let mut r = answer(
        StatusCode::OK,
        "logged-out",
        lang.pick("logged out", "выход выполнен").to_string(),
        json!({}),
    );
    r.headers_mut().insert(
        header::SET_COOKIE,
        HeaderValue::from_static("deputy=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict"),
    );
    r
}

/// `GET /api/deputy`: who is logged in and his boards of the current round.
pub async fn mine(admitted: Admitted, headers: HeaderMap) -> Result<Response, Refusal> {
    let Some(code) = code_of(&headers) else {
        return Err(Refusal::no_code(
            admitted.lang,
            "not logged in",
            "вход не выполнен",
        ));
    };
    match admitted.desk.mine(&code) {
        Err(desk::Closed) => Err(Refusal::desk_gone(admitted.lang)),
        Ok(None) => Err(admitted.wrong_code()),
        Ok(Some(mine)) => Ok(answer(
            StatusCode::OK,
            "deputy",
            mine.name.clone(),
            json!({ "deputy": mine }),
        )),
    }
}
