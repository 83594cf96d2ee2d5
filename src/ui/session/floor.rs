//! Results from the floor at the console: while the console holds the event and its hall
//! network is on, the network's desk sends deputies' jobs here, as messages, and the console
//! answers them with its own open event — so a deputy's result is one more change in the one
//! journal, on disk before the phone is told, and the arbiter sees it arrive.

use std::hash::{Hash, Hasher};
use std::sync::{Arc, Mutex};

use chrono::Utc;

use super::Session;
use crate::lang::Russian;
use crate::serve::desk::{self, Job};

/// The jobs of the hall network's desk, waiting for the window to take them (a subscription
/// takes the receiver once; the id tells one server's inbox from the next).
/// With it, the publisher the console tells each revision it commits.
#[derive(Clone, Debug)]
pub struct Inbox {
    id: u64,
    rx: Arc<Mutex<Option<tokio::sync::mpsc::Receiver<Job>>>>,
    publisher: Arc<desk::Publisher>,
}

impl Hash for Inbox {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.id.hash(state);
    }
}

impl Inbox {
    pub fn new(rx: tokio::sync::mpsc::Receiver<Job>, publisher: desk::Publisher) -> Inbox {
        static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
        Inbox {
            id: NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
            rx: Arc::new(Mutex::new(Some(rx))),
            publisher: Arc::new(publisher),
        }
    }

    /// The receiver, for the one subscription that reads it.
    pub fn take(&self) -> Option<tokio::sync::mpsc::Receiver<Job>> {
        self.rx.lock().ok()?.take()
    }

    /// The receiver given back by a reader that stops (a test that read the jobs itself).
    pub fn give_back(&self, rx: tokio::sync::mpsc::Receiver<Job>) {
        if let Ok(mut slot) = self.rx.lock() {
            *slot = Some(rx);
        }
    }
}

/// A job in a message (messages are cloned; the job is taken once).
#[derive(Clone)]
pub struct Delivered(Arc<Mutex<Option<Job>>>);

impl Delivered {
    pub fn new(job: Job) -> Delivered {
        Delivered(Arc::new(Mutex::new(Some(job))))
    }

    pub fn take(&self) -> Option<Job> {
        self.0.lock().ok()?.take()
    }
}

impl std::fmt::Debug for Delivered {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Delivered(job)")
    }
}

impl Session {
    /// Answers a deputy's job with the open event: a result is validated, saved and journaled
    /// with his name (or kept for confirmation), the board's running clock stopped as the
    /// console stops it for a result typed in, and the arbiter told. With no event open to
    /// write, the job is dropped and the phone told to ask the chief arbiter.
    pub fn floor(&mut self, job: Job) {
        let lang = self.lang;
        let Some(file) = self.event.as_mut() else {
            return;
        };
        if file.watching().is_some() {
            return;
        }
        let Some(entry) = desk::answer(file, job) else {
            return;
        };
        // The board's running clock stops, as for a result typed at the console (a result
        // changes neither the board nor its players: the event after it names them).
        let (now, t) = (self.now, &file.tournament);
        if let Err(e) = self.clocks.stop_decided(t, &entry.command, now, Utc::now()) {
            self.say(true, e.said(lang));
            return;
        }
        let said = crate::store::said::entry(&file.tournament, file.journal(), &entry, lang);
        let at = entry.at.with_timezone(&chrono::Local).format("%H:%M:%S");
        self.say(
            false,
            format!("{at} {said} — {}", lang.pick("saved", "сохранено")),
        );
    }

    /// Tells the hall network's server the event's revision if it is new: the pages and the
    /// deputies' checks read it from here, never from the file this window just wrote.
    pub fn publish(&self) {
        if let (Some(inbox), Some(file)) = (&self.inbox, &self.event) {
            inbox.publisher.publish(file);
        }
    }

    /// Results deputies sent that wait for the arbiter.
    pub fn waiting(&self) -> usize {
        self.tournament().map_or(0, |t| t.pending.len())
    }
}
