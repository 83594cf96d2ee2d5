//! The hall beyond the projector: an HTTP server for phones and screens on the hall's network (a
//! live page, its JSON, the relay's PDN feed), fed by the event file and the clock logs the
//! console writes. It reads them; the one write it takes is a deputy's result, and only where
//! the program that holds the event answers it (`desk`).

pub mod desk;
pub mod error;
pub mod feed;
pub mod guard;
pub mod http;
pub mod login;
pub mod reply;
pub mod running;
pub mod state;
pub mod write;

pub use http::{router, serve, serve_on, Served};
pub use running::Running;
