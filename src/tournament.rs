//! Events: colour-order tables, micromatches, opening ballots, results and standings.

pub mod ballot;
