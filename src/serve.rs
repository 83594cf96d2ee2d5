//! The hall beyond the projector: a read-only HTTP server for phones and screens on the hall's
//! network (a live page, its JSON, the relay's PDN feed), fed by the event file and the clock
//! logs the console writes. It reads them and never writes.

pub mod feed;
pub mod http;
pub mod running;
pub mod state;

pub use http::{router, serve, serve_on, Served};
pub use running::Running;
