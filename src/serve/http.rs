//! The HTTP server: GET routes over one snapshot held in memory (no route takes a path, so
//! nothing a request says reaches the file system), with the snapshot rebuilt when the event file
//! or a clock log changes and pushed to every open page. The one way in is a deputy's result,
//! taken only where a [`Desk`] holds the event (`serve --write`, the console) and checked by
//! [`super::write`]; without a desk the server is read-only.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, SystemTime};

use axum::extract::State as Shared;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use chrono::Utc;
use tokio::sync::watch;
use tokio_stream::StreamExt;

use super::desk::{Desk, Published};
pub use super::error::ServeError;
use super::guard::{Conn, Lockout, Writes};
pub use super::reply::MAX_BODY;
use super::reply::{lang_of, no_store, with_json, Refusal};
use super::state::{self, Follow, State};
use super::{feed, login, write};
use crate::rules::Color;
use crate::tournament::model::Tournament;

/// The most pages kept up to date at once; more get 503 and retry (EventSource does).
pub const MAX_STREAMS: usize = 2_000;
/// How often the event file and the clock logs are looked at.
pub const POLL: Duration = Duration::from_millis(250);

const PAGE: &str = include_str!("../../resources/web/index.html");

/// What every request reads: the latest snapshot, as JSON and PDN ready to send.
#[derive(Clone)]
pub struct Served {
    pub state: Arc<State>,
    /// Goes up when anything but the clocks changed (a page then needs the whole state).
    pub event_version: u64,
    pub json: Arc<str>,
    pub clocks_json: Arc<str>,
    pub pdn: Arc<str>,
}

#[derive(Clone)]
struct App {
    rx: watch::Receiver<Served>,
    streams: Arc<AtomicUsize>,
    max_streams: usize,
    writes: Writes,
}

/// The deputies' extractors (`guard`) read the writes' share of the router's state.
impl axum::extract::FromRef<App> for Writes {
    fn from_ref(app: &App) -> Writes {
        app.writes.clone()
    }
}

impl Served {
    pub fn new(
        t: &Tournament,
        event: &Path,
        clocks: Option<state::Clocks>,
        version: u64,
        event_version: u64,
    ) -> Served {
        Served::of(
            state::build(t, clocks, version, Utc::now()),
            feed::games(t, event).into(),
            event_version,
        )
    }

    fn of(state: State, pdn: Arc<str>, event_version: u64) -> Served {
        Served {
            json: serde_json::to_string(&state)
                .expect("the state serialises")
                .into(),
            clocks_json: serde_json::to_string(&state.clocks)
                .expect("clocks serialise")
                .into(),
            pdn,
            event_version,
            state: Arc::new(state),
        }
    }

    /// The same snapshot with the clocks of a later instant (the event's tables and feed are
    /// not made again).
    /// `pdn`: the relay feed again when a press gave a move its clock times.
    fn with_clocks(
        &self,
        clocks: Option<state::Clocks>,
        version: u64,
        pdn: Option<Arc<str>>,
    ) -> Served {
        let mut state = (*self.state).clone();
        state.clocks = clocks;
        state.version = version;
        state.now_ms = Utc::now().timestamp_millis();
        Served::of(
            state,
            pdn.unwrap_or_else(|| self.pdn.clone()),
            self.event_version,
        )
    }
}

/// The read-only router over a channel of snapshots (tests drive it without a socket).
pub fn router(rx: watch::Receiver<Served>) -> Router {
    router_with(rx, MAX_STREAMS, None)
}

/// [`router`] with another cap on open streams (the tests reach it without 2,000 pages) and,
/// with a desk, the deputies' writes.
pub fn router_with(rx: watch::Receiver<Served>, max_streams: usize, desk: Option<Desk>) -> Router {
    let app = App {
        rx,
        streams: Arc::new(AtomicUsize::new(0)),
        max_streams,
        writes: Writes {
            desk,
            lockout: Arc::new(Lockout::default()),
        },
    };
    Router::new()
        .route("/", get(page))
        .route("/index.html", get(page))
        .route("/api/state", get(api_state))
        .route("/api/clocks", get(api_clocks))
        .route("/api/standings", get(api_standings))
        .route("/games.pdn", get(games_pdn))
        .route("/events", get(events))
        .route("/api/result", post(write::post_result))
        .route("/api/checkin", post(write::post_checkin))
        .route("/api/deputy", get(login::mine))
        .route("/deputy", get(login::page))
        .route(
            "/deputy/login",
            get(login::login_link).post(login::login_post),
        )
        .route("/deputy/logout", post(login::logout))
        .layer(axum::middleware::from_fn(refuse_bodies))
        .with_state(app)
}

async fn refuse_bodies(req: axum::extract::Request, next: axum::middleware::Next) -> Response {
    let declared = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    let chunked = req.headers().contains_key(header::TRANSFER_ENCODING);
    let hinted = axum::body::HttpBody::size_hint(req.body()).lower();
    let writes = req.method() == axum::http::Method::POST;
    // A write's body in chunks is read up to the limit by its route; elsewhere none is taken.
    if (chunked && !writes) || declared.unwrap_or(0) > MAX_BODY || hinted > MAX_BODY {
        if writes {
            return Refusal::too_large(lang_of(req.headers())).into_response();
        }
        return (StatusCode::PAYLOAD_TOO_LARGE, "a body is not taken here\n").into_response();
    }
    next.run(req).await
}

async fn page(Shared(app): Shared<App>) -> Response {
    let html = with_json(PAGE, "initial-state", &app.rx.borrow().json);
    let mut r = ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], html).into_response();
    // The page's own inline script and style only: no other origin is ever contacted.
    r.headers_mut().insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; img-src 'self' data:",
        ),
    );
    no_store(r)
}

fn json(body: String) -> Response {
    no_store(([(header::CONTENT_TYPE, "application/json")], body).into_response())
}

async fn api_state(Shared(app): Shared<App>) -> Response {
    let json_text = app.rx.borrow().json.to_string();
    json(json_text)
}

async fn api_clocks(Shared(app): Shared<App>) -> Response {
    let clocks = app.rx.borrow().clocks_json.to_string();
    json(clocks)
}

async fn api_standings(Shared(app): Shared<App>, headers: HeaderMap) -> Response {
    let state = app.rx.borrow().state.clone();
    let doc = match lang_of(&headers) {
        crate::lang::Lang::Ru => &state.report.ru,
        crate::lang::Lang::En => &state.report.en,
    };
    json(serde_json::to_string(&doc.sections.first()).expect("a table serialises"))
}

async fn games_pdn(Shared(app): Shared<App>) -> Response {
    let pdn = app.rx.borrow().pdn.to_string();
    no_store(
        (
            [(
                header::CONTENT_TYPE,
                "application/x-draughts-pdn; charset=utf-8",
            )],
            pdn,
        )
            .into_response(),
    )
}

/// Counts an open stream and gives its place back when the page goes away.
struct Slot(Arc<AtomicUsize>);

impl Drop for Slot {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

async fn events(Shared(app): Shared<App>) -> Response {
    if app.streams.fetch_add(1, Ordering::Relaxed) >= app.max_streams {
        app.streams.fetch_sub(1, Ordering::Relaxed);
        return (StatusCode::SERVICE_UNAVAILABLE, "too many pages open\n").into_response();
    }
    let slot = Slot(app.streams.clone());
    // A slow page gets the latest snapshot when it can take one, never a queue of old ones: the
    // whole state when the event changed since it was last sent one, else only the clocks.
    let mut sent_event = None;
    let stream = tokio_stream::wrappers::WatchStream::new(app.rx.clone()).map(move |s| {
        let _kept = &slot;
        let event = if sent_event == Some(s.event_version) {
            Event::default()
                .event("clocks")
                .data(s.clocks_json.as_ref())
        } else {
            sent_event = Some(s.event_version);
            Event::default().event("state").data(s.json.as_ref())
        };
        Ok::<_, std::convert::Infallible>(event)
    });
    no_store(
        Sse::new(stream)
            .keep_alive(KeepAlive::new().interval(Duration::from_secs(15)))
            .into_response(),
    )
}

/// The system's notifications of changes to the event's folder (the event, its journal: not
/// recursive, the folder may hold much else) and to its clock logs (`<event>.clocks/`, recursive,
/// watched from when it exists). Where the system gives none, there is no watcher and the timed
/// look does the work.
struct Notifications {
    watcher: Option<notify::RecommendedWatcher>,
    clocks: PathBuf,
    clocks_watched: bool,
}

impl Notifications {
    fn new(event: &Path) -> (Notifications, tokio::sync::mpsc::Receiver<()>) {
        use notify::Watcher;
        let (tx, rx) = tokio::sync::mpsc::channel(64);
        let folder = event
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."))
            .to_path_buf();
        let watcher = notify::recommended_watcher(move |res: notify::Result<notify::Event>| {
            if res.is_ok_and(|e| !e.kind.is_access()) {
                // Full: a look is already due, and it will see this change too.
                let _ = tx.try_send(());
            }
        })
        .and_then(|mut w| {
            w.watch(&folder, notify::RecursiveMode::NonRecursive)?;
            Ok(w)
        })
        .ok();
        let mut n = Notifications {
            watcher,
            clocks: crate::clock::hall::clocks_dir(event),
            clocks_watched: false,
        };
        n.watch_clocks();
        (n, rx)
    }

    /// Adds the clock logs' folder once it exists (the console makes it with a round's clocks).
    fn watch_clocks(&mut self) {
        use notify::Watcher;
        if self.clocks_watched || !self.clocks.is_dir() {
            return;
        }
        if let Some(w) = &mut self.watcher {
            self.clocks_watched = w
                .watch(&self.clocks, notify::RecursiveMode::Recursive)
                .is_ok();
        }
    }
}

/// The event file's modification time and length: what a save changes.
fn stamp(event: &Path) -> Option<(SystemTime, u64)> {
    let m = std::fs::metadata(event).ok()?;
    Some((m.modified().ok()?, m.len()))
}

/// Where the server takes the event from: the revisions the program that holds it publishes as
/// it commits them, or (a read-only server, another process writing) the file, read again when
/// its stamp changes.
enum Source {
    Published {
        rx: watch::Receiver<Arc<Published>>,
        seen: u64,
    },
    File {
        stamp_seen: Option<(SystemTime, u64)>,
    },
}

impl Source {
    fn new(event: &Path, published: Option<watch::Receiver<Arc<Published>>>) -> Source {
        match published {
            Some(rx) => {
                let seen = rx.borrow().revision;
                Source::Published { rx, seen }
            }
            None => Source::File {
                stamp_seen: stamp(event),
            },
        }
    }

    /// The event if it changed since the last look. A file caught half-written is read again
    /// on the next look.
    fn fresh(&mut self, event: &Path) -> Option<Tournament> {
        match self {
            Source::Published { rx, seen } => {
                let p = rx.borrow().clone();
                (p.revision != *seen).then(|| {
                    *seen = p.revision;
                    p.tournament.clone()
                })
            }
            Source::File { stamp_seen } => {
                let now = stamp(event);
                if now == *stamp_seen {
                    return None;
                }
                let t = crate::store::event::read(event).ok()?;
                *stamp_seen = now;
                Some(t)
            }
        }
    }

    /// The holder's next revision; never for a file (its notifications wake the look).
    async fn next(&mut self) -> Option<()> {
        match self {
            Source::Published { rx, .. } => rx.changed().await.ok(),
            Source::File { .. } => std::future::pending().await,
        }
    }
}

/// What the pages were last sent: the versions and what their clocks showed.
struct Sent {
    version: u64,
    event_version: u64,
    key: ClockKey,
}

impl Sent {
    /// A new snapshot when the event changed (the whole state) or a clock event was logged
    /// (the clocks and the feed); a heartbeat changes nothing a page shows (it counts the
    /// running second itself), so no page is woken for it.
    fn after_look(
        &mut self,
        tx: &watch::Sender<Served>,
        look: (&Tournament, &Path, bool),
        follow: &Follow,
    ) {
        let (tournament, event, event_changed) = look;
        let clocks = follow.clocks(Utc::now());
        let key = clock_key(follow, clocks.as_ref());
        if event_changed {
            self.version += 1;
            self.event_version += 1;
            self.key = key;
            let _ = tx.send(Served::new(
                tournament,
                event,
                clocks,
                self.version,
                self.event_version,
            ));
        } else if key != self.key {
            self.version += 1;
            self.key = key;
            let pdn = feed::games(tournament, event).into();
            let next = tx.borrow().with_clocks(clocks, self.version, Some(pdn));
            let _ = tx.send(next);
        } else if clocks.iter().flat_map(|c| &c.boards).any(|b| b.counting()) {
            // Nothing a page cannot count itself: no page is woken, but the snapshot a page
            // loaded from now on starts from is brought up to this instant.
            let fresh = tx.borrow().with_clocks(clocks, self.version, None);
            tx.send_if_modified(|s| {
                *s = fresh;
                false
            });
        }
    }
}

/// Watches the event and its clocks, sending a new snapshot when the event changes or a clock
/// event is logged; the last good snapshot stays meanwhile. With the holder's `published`
/// revisions (the server of the program that holds the event) the event is taken from them as
/// each is committed, never read back from the file the holder just wrote; the file is looked
/// at only where another process writes it.
pub async fn watch_event(
    event: PathBuf,
    tx: watch::Sender<Served>,
    mut tournament: Tournament,
    mut follow: Follow,
    published: Option<watch::Receiver<Arc<Published>>>,
) {
    let mut source = Source::new(&event, published);
    let mut sent = {
        let s = tx.borrow();
        Sent {
            version: s.state.version,
            event_version: s.event_version,
            key: clock_key(&follow, s.state.clocks.as_ref()),
        }
    };
    // Woken by the system the moment a file in the event's folder changes (the event, its
    // journal, a clock log); the timed look stays, for where no notifications come (a network
    // folder, a system without them) and for the heartbeats that keep a stale mark honest.
    let (mut notifications, mut changed) = Notifications::new(&event);
    loop {
        tokio::select! {
            () = tokio::time::sleep(POLL) => {}
            Some(()) = changed.recv() => {
                // One look for a burst (a save writes a temporary, renames it, appends the
                // journal): what came meanwhile is already on disk.
                while changed.try_recv().is_ok() {}
            }
            Some(()) = source.next() => {}
        }
        if tx.is_closed() {
            return;
        }
        notifications.watch_clocks();
        let fresh = source.fresh(&event);
        let event_changed = fresh.is_some();
        if let Some(t) = fresh {
            tournament = t;
        }
        follow.look(&tournament, &event);
        sent.after_look(&tx, (&tournament, &event, event_changed), &follow);
    }
}

/// What a page that counts the running side's time down itself can see change: each board's
/// running side, pause, flag and staleness, and the events logged (a press, a correction).
/// Heartbeats change none of it.
type ClockKey = Vec<(String, usize, Option<Color>, bool, Option<Color>, bool)>;

fn clock_key(follow: &Follow, clocks: Option<&state::Clocks>) -> ClockKey {
    let Some(clocks) = clocks else {
        return Vec::new();
    };
    clocks
        .boards
        .iter()
        .zip(follow.events())
        .map(|(b, n)| (b.board.clone(), n, b.running, b.paused, b.flag, b.stale))
        .collect()
}

/// The most connections at once (streams, requests and idle ones together); a connection over it
/// is closed at once.
pub const MAX_CONNECTIONS: usize = 4_096;
/// A client has this long to send its request's headers (a slow or silent client holds no
/// connection for longer).
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(10);

/// Accepts connections and serves HTTP/1.1 on each with [`HEADER_TIMEOUT`], at most
/// [`MAX_CONNECTIONS`] at once.
async fn accept(listener: tokio::net::TcpListener, app: Router) -> Result<(), ServeError> {
    accept_at_most(listener, app, MAX_CONNECTIONS).await
}

/// [`accept`] with another cap on connections (the tests reach it without 4,096 sockets).
pub async fn accept_at_most(
    listener: tokio::net::TcpListener,
    app: Router,
    max_connections: usize,
) -> Result<(), ServeError> {
    let open = Arc::new(tokio::sync::Semaphore::new(max_connections));
    loop {
        let (stream, peer) = match listener.accept().await {
            Ok(c) => c,
            // Out of file descriptors, say: wait and go on rather than stop serving the hall.
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let Ok(permit) = open.clone().try_acquire_owned() else {
            drop(stream);
            continue;
        };
        // The writes check the `Host` against the address this connection came in on.
        let conn = stream.local_addr().ok().map(|local| Conn { local, peer });
        let service =
            hyper_util::service::TowerToHyperService::new(tower::ServiceExt::map_request(
                app.clone(),
                move |mut req: hyper::Request<hyper::body::Incoming>| {
                    if let Some(conn) = conn {
                        req.extensions_mut().insert(conn);
                    }
                    req
                },
            ));
        tokio::spawn(async move {
            let _ = hyper::server::conn::http1::Builder::new()
                .timer(hyper_util::rt::TokioTimer::new())
                .header_read_timeout(HEADER_TIMEOUT)
                .serve_connection(hyper_util::rt::TokioIo::new(stream), service)
                .await;
            drop(permit);
        });
    }
}

/// Serves `event` on `addr` until the process is stopped.
pub async fn serve(event: PathBuf, addr: SocketAddr) -> Result<(), ServeError> {
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .map_err(|source| ServeError::Listen { addr, source })?;
    serve_on(listener, event).await
}

/// Serves `event` on a socket already bound (tests bind port 0).
pub async fn serve_on(listener: tokio::net::TcpListener, event: PathBuf) -> Result<(), ServeError> {
    let t = crate::store::event::read(&event)?;
    serve_with(listener, event, t, std::future::pending()).await
}

/// Serves `event` (read as `t`) until `stop` completes. Open streams are not waited for: the
/// runtime that runs this is dropped with them.
pub async fn serve_with(
    listener: tokio::net::TcpListener,
    event: PathBuf,
    t: Tournament,
    stop: impl std::future::Future<Output = ()>,
) -> Result<(), ServeError> {
    serve_read(listener, event, t, None, stop).await
}

/// Serves `event` until `stop` completes, taking deputies' results through `desk` if given
/// (else read-only).
pub async fn serve_desk(
    listener: tokio::net::TcpListener,
    event: PathBuf,
    desk: Option<Desk>,
    stop: impl std::future::Future<Output = ()>,
) -> Result<(), ServeError> {
    // Where a program holds the event, its last revision; else the file.
    let t = match &desk {
        Some(d) => d.published().borrow().tournament.clone(),
        None => crate::store::event::read(&event)?,
    };
    serve_read(listener, event, t, desk, stop).await
}

async fn serve_read(
    listener: tokio::net::TcpListener,
    event: PathBuf,
    t: Tournament,
    desk: Option<Desk>,
    stop: impl std::future::Future<Output = ()>,
) -> Result<(), ServeError> {
    let mut follow = Follow::default();
    follow.look(&t, &event);
    let (tx, rx) = watch::channel(Served::new(&t, &event, follow.clocks(Utc::now()), 1, 1));
    let published = desk.as_ref().map(Desk::published);
    let watcher = tokio::spawn(watch_event(event, tx, t, follow, published));
    let result = tokio::select! {
        served = accept(listener, router_with(rx, MAX_STREAMS, desk)) => served,
        () = stop => Ok(()),
    };
    watcher.abort();
    result
}
