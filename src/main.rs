//! `shashki-arbiter`: with no subcommand it opens the arbiter's window; the subcommands are the
//! scriptable tools (text by default, `--format json` for scripts).

mod cli;

use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use shashki_arbiter::lang::Lang;
use shashki_arbiter::rules::columns::AnyVariant;
use shashki_arbiter::tournament::model::{PlayerId, Sex};

#[derive(Parser)]
#[command(
    name = "shashki-arbiter",
    version,
    about = "The arbiter's program for draughts events"
)]
struct Args {
    /// Output format of the subcommands.
    #[arg(long, global = true, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Without a subcommand: the event to open in the window (else the last one opened).
    event: Option<std::path::PathBuf>,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Text,
    Json,
    /// `standings` only.
    Csv,
    /// `standings` only.
    Html,
}

#[derive(Subcommand)]
enum Command {
    /// Count the move sequences of each length from a position (a move generator test).
    Perft {
        /// russian, russian-giveaway, diagonal, international, english, brazilian, towers, laska.
        #[arg(long, default_value = "russian")]
        variant: AnyVariant,
        /// Start from this FEN instead of the variant's start position.
        #[arg(long)]
        fen: Option<String>,
        /// Also print the count below each first move.
        #[arg(long)]
        divide: bool,
        depth: u32,
    },
    /// List every legal move of a position.
    Moves {
        #[arg(long, default_value = "russian")]
        variant: AnyVariant,
        #[arg(long)]
        fen: String,
    },
    /// Check every game of a PDN file: the first illegal move, repetitions, draw counters.
    /// Exit status 0: all legal, 1: some illegal, 2: unreadable input.
    Check {
        /// The variant of games whose tags name none: a `Variant` tag (`towers`, `laska`, or
        /// any variant's name) wins, then a `GameType` tag (plain variants only: column
        /// draughts have no number).
        #[arg(long, default_value = "russian")]
        variant: AnyVariant,
        /// A PDN file, or `-` for standard input.
        file: String,
    },
    /// Check a claim against a recorded game.
    #[command(subcommand)]
    Claim(ClaimCommand),
    /// Game clocks: simulate a script, or replay a saved event log (the arbiter's audit).
    #[command(subcommand)]
    Clock(ClockCommand),
    /// The colour-order (Berger) table for N players: pairs `white-black` by player number.
    Berger {
        players: usize,
        /// The double round robin (colours reversed in the second cycle).
        #[arg(long)]
        double: bool,
        /// Every pair meets C times (1 to 6): odd cycles as the table, even cycles reversed.
        #[arg(long)]
        cycles: Option<u32>,
    },
    /// The Scheveningen table for sides of N boards: pairs `White-Black` by seat (`A1-B2`).
    Scheveningen {
        boards: usize,
        /// Each pair meets twice (the second half the first reversed, colours swapped).
        #[arg(long)]
        double: bool,
        /// The Soviet cyclic scheme (side A White on every board in odd rounds).
        #[arg(long)]
        soviet: bool,
    },
    /// Events: a new one from a roster, the next stage of one.
    #[command(subcommand)]
    Event(Box<EventCommand>),
    /// One game's result (`1-0`, `0-1`, `1/2-1/2`, `+-`, `-+`, `--`), or the arbiter's decision
    /// of a tied knockout encounter (`--winner ID --reason TEXT`); journaled.
    Result {
        file: String,
        #[arg(long)]
        round: usize,
        #[arg(long)]
        board: usize,
        /// The game, from 1: the match's games, then its tie-break games.
        #[arg(long, default_value_t = 1)]
        game: usize,
        score: Option<String>,
        /// The player (by id) who goes on from a tied encounter.
        #[arg(long)]
        winner: Option<PlayerId>,
        /// Why (a lot, an Armageddon game).
        #[arg(long)]
        reason: Option<String>,
        /// Replace a result or decision already recorded.
        #[arg(long)]
        correct: bool,
        /// Why a result of a round whose next round is paired is changed (a correction: refused
        /// without it); journaled with the change. Implies --correct.
        #[arg(long)]
        correction: Option<String>,
        /// The game is adjourned (`?`), to be finished later: the standings are provisional
        /// and the final documents wait until its result is entered.
        #[arg(long, conflicts_with_all = ["score", "winner"])]
        adjourned: bool,
        #[arg(long, default_value = "en")]
        lang: String,
    },
    /// Opening ballot tables: show a cell, draw cells, check a custom table.
    #[command(subcommand)]
    Ballot(BallotCommand),
    /// Every change made to the event, in order: its kind, round, who, when, why and what it did.
    Journal {
        file: String,
        #[arg(long, default_value = "en")]
        lang: String,
    },
    /// The standings of an event file, with its tie-breaks (`--format text|json|csv|html`).
    Standings {
        file: String,
        /// Standings after this round (default: every round).
        #[arg(long)]
        round: Option<usize>,
        #[arg(long, default_value = "en")]
        lang: String,
        /// CSV column separator, `,` or `;` (default: `;` for Russian, `,` for English, as
        /// spreadsheets in those languages expect).
        #[arg(long)]
        separator: Option<String>,
        /// Compute with these tie-breaks, in this order, instead of the event's (ids as in
        /// README, "Standings": `buchholz,buchholz_cut1,…`); the file is not changed.
        #[arg(long, value_delimiter = ',')]
        tiebreaks: Vec<String>,
        /// Count rounds without a game over the board as this rule says instead of the event's
        /// setting: `skip`, `own_points` or `fide_c07`; the file is not changed.
        #[arg(long)]
        in_coefficients: Option<String>,
        /// The event's final order across its finals: FILE is Final A, these the finals below
        /// it in order (`--then final-b.ron,final-c.ron`); each final's places moved down by
        /// the players above.
        #[arg(long, value_delimiter = ',')]
        then: Vec<String>,
        /// One category's standings (`category add`): its players, placed among themselves.
        #[arg(long)]
        category: Option<String>,
    },
    /// The Swiss pairing (FIDE Dutch rules) of the next round, with the reasons; the event is
    /// changed only with `--save`.
    Pair(PairCmd),
    /// One game's score sheet: stored in the event (`set`) or shown (`show`), checked by the
    /// rules engine.
    #[command(subcommand)]
    Game(GameCommand),
    /// The event's games as one PDN file (PDN 3.0): tags, the ballot's start, the moves of each
    /// score sheet and the clock times after each move.
    Games {
        file: String,
        /// Only this round.
        #[arg(long)]
        round: Option<usize>,
        /// Write to this file instead of standard output.
        #[arg(short, long)]
        output: Option<String>,
    },
    /// FIDE tournament report files (TRF-16).
    #[command(subcommand)]
    Trf(TrfCommand),
    /// An event's documents as HTML, CSV or PDF (by the output's extension): the standings report,
    /// the final protocol, the crosstable, round protocols, the pairing list, rank norms,
    /// certificates, the chief arbiter's report, a team event's match protocols, a knockout's bracket,
    /// the prize-winners.
    Report {
        file: String,
        #[arg(long, short)]
        output: String,
        /// After this round; for `rounds` and `pairings`, this round alone (default: every
        /// round; the last round's pairings).
        #[arg(long)]
        round: Option<usize>,
        #[arg(long, default_value = "en")]
        lang: String,
        /// CSV column separator, `,` or `;` (default: `;` for Russian, `,` for English).
        #[arg(long)]
        separator: Option<String>,
        /// Which document: standings, protocol, crosstable, rounds, pairings, norms,
        /// certificates, chief-report, match-protocols (team events), bracket (knockout), awards
        /// (the prize-winners), diplomas (a page per prize taken).
        #[arg(long, default_value = "standings", value_parser = document_name)]
        document: shashki_arbiter::report::kind::Kind,
        /// Write a final document (protocol, chief's report, certificates, awards, diplomas,
        /// norms) while games are adjourned; refused without.
        #[arg(long)]
        provisional: bool,
    },
    /// Score sheets to be filled in by the players: an A4 page per game of the round, with the
    /// names, colours, time control and the ballot's moves written in.
    Scoresheets {
        file: String,
        #[arg(long)]
        round: usize,
        #[arg(long, short)]
        output: String,
        #[arg(long, default_value = "ru")]
        lang: String,
    },
    /// The ЕВСК rank norms (разрядные нормы) of the participants after the games played: each
    /// one's coefficient k, the norm of every rank from КМС down to his own, the rank met.
    Norms {
        file: String,
        /// A norms table file instead of the shipped one (`resources/evsk/club-2018.ron`).
        #[arg(long)]
        table: Option<String>,
        #[arg(long, default_value = "ru")]
        lang: String,
    },
    /// The hall's live page (pairings, clocks, standings) and relay feed (`/games.pdn`) over HTTP,
    /// read-only; follows the event file and its clock logs as the console saves them.
    Serve {
        file: String,
        /// Where to listen: loopback by default; `0.0.0.0:8080` opens it to the hall's network.
        #[arg(long, default_value = "127.0.0.1:8080")]
        listen: std::net::SocketAddr,
        /// Take the event's lock and accept deputies' results (`POST /api/result`, the `/deputy`
        /// page); refused while another program holds the event.
        #[arg(long)]
        write: bool,
    },
    /// Deputy arbiters who enter results from their phones (`serve --write` or the console's
    /// hall network takes them).
    #[command(subcommand)]
    Deputy(DeputyCommand),
    /// The event's categories (зачёты: age groups, women, a club …) and their standings
    /// (`standings --category ID`).
    #[command(subcommand)]
    Category(CategoryCommand),
    /// The regulation's prizes: per list (the main standings or a category), places with an
    /// amount and/or a title, and the rules they are given by.
    #[command(subcommand)]
    Prize(PrizeCommand),
    /// Who takes each prize, in the order they are taken (`player: null` where no one can).
    Prizes {
        file: String,
        /// After this round (default: every round).
        #[arg(long)]
        round: Option<usize>,
        #[arg(long, default_value = "en")]
        lang: String,
    },
    /// A player entered or removed by hand; a late entry (after round 1 is paired) gets what the
    /// event's `--late-entry` gives for the rounds he missed.
    #[command(subcommand)]
    Player(PlayerCommand),
    /// The check-in before a round: marks players (by id) present, or away with `--absent`;
    /// `--list` shows who has come and who has not.
    Checkin {
        file: String,
        ids: Vec<PlayerId>,
        #[arg(long)]
        absent: bool,
        #[arg(long)]
        list: bool,
        #[arg(long, default_value = "en")]
        lang: String,
    },
    /// The rounds' starts and the default time; without a change, the schedule, the next start
    /// and the forfeits the default time proposes (never applied: `result` applies one).
    Schedule {
        file: String,
        #[arg(long)]
        round: Option<usize>,
        /// The round's start, `YYYY-MM-DD HH:MM`, the hall's local time.
        #[arg(long)]
        at: Option<String>,
        /// How late a player may come before he loses by default: `30m`, `1h`, `0`.
        #[arg(long)]
        default_time: Option<String>,
        /// The moment to look at (default: now, the machine's local time).
        #[arg(long)]
        now: Option<String>,
        #[arg(long, default_value = "en")]
        lang: String,
    },
}

#[derive(Subcommand)]
enum PrizeCommand {
    /// Adds a prize: a list's place with an amount (whole currency units) and/or a title.
    Add {
        file: String,
        /// `main` or a category's id.
        #[arg(long, default_value = "main")]
        list: String,
        #[arg(long)]
        place: usize,
        #[arg(long)]
        amount: Option<u64>,
        /// A cup, a medal, a diploma.
        #[arg(long)]
        title: Option<String>,
        #[arg(long, default_value = "en")]
        lang: String,
    },
    /// Takes a prize off its list (a line of the regulation entered wrongly).
    Remove {
        file: String,
        /// `main` or a category's id.
        #[arg(long, default_value = "main")]
        list: String,
        #[arg(long)]
        place: usize,
        #[arg(long, default_value = "en")]
        lang: String,
    },
    /// How prizes are given: at most one a player (yes, the default) or several; places by the
    /// tie-breaks, or amounts shared by players level on points.
    Option {
        file: String,
        #[arg(long)]
        one_per_player: Option<YesNo>,
        #[arg(long)]
        split: Option<SplitArg>,
        #[arg(long, default_value = "en")]
        lang: String,
    },
}

/// `pair`'s options.
#[derive(clap::Args)]
struct PairCmd {
    file: String,
    /// The round to pair (it must be the next one).
    #[arg(long)]
    round: Option<usize>,
    /// Players (by id) who do not play this round; in a team Swiss, teams (by number).
    #[arg(long, value_delimiter = ',')]
    absent: Vec<u32>,
    /// Players (by id) who do not play this round and get a draw's points (a requested
    /// half-point bye, TRF `H`).
    #[arg(long, value_delimiter = ',')]
    half_bye: Vec<PlayerId>,
    /// Players (by id) who do not play this round and get a win's points (a full-point bye
    /// granted by the regulation, TRF `F`).
    #[arg(long, value_delimiter = ',')]
    full_bye: Vec<PlayerId>,
    /// Accelerated pairings (the top half counts one point more in rounds 1 and 2); in a team
    /// Swiss, round 1 only: C.04.7's Baku virtual points, set in the event with the round.
    #[arg(long)]
    accelerated: bool,
    /// Seed of the colour drawn by lot for round 1 (default: from the system, printed).
    #[arg(long)]
    seed: Option<u64>,
    /// Save the pairings in the event (journaled).
    #[arg(long)]
    save: bool,
    /// The arbiter's own pairing (a Swiss): White-Black by player id, board by board
    /// (`3-7,12-1,…`); checked against the absolute rules, what differs from the program's
    /// pairing written into the event's record.
    #[arg(long, value_delimiter = ',')]
    by_hand: Vec<String>,
    /// The pairing-allocated bye of a pairing by hand (a player id).
    #[arg(long, requires = "by_hand")]
    bye: Option<PlayerId>,
    /// Pair by hand although it breaks a rule the program names (a rematch, a forbidden pair,
    /// a third colour in a row, a colour difference over 2, a second bye).
    #[arg(long, requires = "by_hand")]
    yes: bool,
    /// Why the round is paired by hand (kept in the journal and the record).
    #[arg(long, requires = "by_hand")]
    reason: Option<String>,
    /// The language of the text and of refusals: `en` or `ru`.
    #[arg(long, default_value = "en")]
    lang: String,
}

#[derive(Clone, Copy, ValueEnum)]
enum YesNo {
    Yes,
    No,
}

#[derive(Clone, Copy, ValueEnum)]
enum SplitArg {
    Places,
    Points,
}

#[derive(Subcommand)]
enum PlayerCommand {
    /// Enters a player (his id is the next free one, printed).
    Add {
        file: String,
        #[arg(long)]
        surname: String,
        #[arg(long, default_value = "")]
        name: String,
        /// `m` or `f` (`м`, `ж`).
        #[arg(long)]
        sex: Option<String>,
        /// Title or rank: `КМС`, `1`, `GMI`.
        #[arg(long, default_value = "")]
        rank: String,
        #[arg(long)]
        rating: Option<u32>,
        /// Club, region or federation.
        #[arg(long, default_value = "")]
        club: String,
        /// Year of birth.
        #[arg(long)]
        born: Option<u16>,
        /// Mark him checked in as well (he is at the table).
        #[arg(long)]
        checkin: bool,
        #[arg(long, default_value = "en")]
        lang: String,
    },
    /// Removes a player who has no games (a late entry's marks for the rounds he missed go too).
    Remove {
        file: String,
        id: PlayerId,
        #[arg(long, default_value = "en")]
        lang: String,
    },
    /// Expels a player (исключение): his games without a result are lost by forfeit, no later
    /// round pairs him, the standings list him last without a place; journaled with the reason.
    Expel {
        file: String,
        id: PlayerId,
        #[arg(long)]
        reason: String,
        #[arg(long, default_value = "en")]
        lang: String,
    },
}

#[derive(Subcommand)]
enum CategoryCommand {
    /// Adds a category: every condition given must hold; ranks in the ЕВСК order.
    Add {
        file: String,
        /// Its short name (`u12`, `women`): letters, digits, `-`, `_`.
        id: String,
        #[arg(long)]
        name: String,
        #[arg(long)]
        name_ru: Option<String>,
        /// `m` or `f` (`м`, `ж`).
        #[arg(long)]
        sex: Option<String>,
        /// Born in this year or later.
        #[arg(long)]
        born_from: Option<u16>,
        /// Born in this year or earlier.
        #[arg(long)]
        born_to: Option<u16>,
        /// This rank or a higher one (`2`, `КМС`, `б/р`).
        #[arg(long)]
        rank_from: Option<String>,
        /// This rank or a lower one.
        #[arg(long)]
        rank_to: Option<String>,
        /// A rating of at least N (an unrated player counts as 0).
        #[arg(long)]
        rating_from: Option<u32>,
        /// A rating of at most N.
        #[arg(long)]
        rating_to: Option<u32>,
        /// The roster's club or region, as written.
        #[arg(long)]
        club: Option<String>,
        /// Only these players, by id: `3,7,12`.
        #[arg(long, value_delimiter = ',')]
        players: Vec<PlayerId>,
        #[arg(long, default_value = "en")]
        lang: String,
    },
    /// The event's categories, with who is in each.
    List {
        file: String,
        #[arg(long, default_value = "en")]
        lang: String,
    },
    /// Removes a category.
    Remove {
        file: String,
        id: String,
        #[arg(long, default_value = "en")]
        lang: String,
    },
}

/// The regulation's choices `event new` and `event next-stage` both take.
#[derive(clap::Args, Clone)]
struct EventOptions {
    /// round-robin, swiss, knockout, scheveningen, groups.
    #[arg(long, default_value = "round-robin")]
    system: String,
    /// A round robin's cycles (1 to 6).
    #[arg(long)]
    cycles: Option<u32>,
    /// Games of each encounter (2: the шашки-64 micromatch).
    #[arg(long, default_value_t = 1)]
    games: u32,
    /// A knockout's final: its games when more than the others'.
    #[arg(long)]
    final_games: Option<u32>,
    /// A knockout's third-place match between the semifinals' losers.
    #[arg(long)]
    third_place: bool,
    /// A knockout's tie-break ladder, stage by stage: `2@15m+10s,2@5m+3s,win@5m+2s`.
    #[arg(long, value_delimiter = ',')]
    tie_break: Vec<String>,
    /// A knockout's places for those out in one round: shared (5-8) or seed.
    #[arg(long, default_value = "shared")]
    places: String,
    /// Pairing numbers (seeds) by the initial order or by lot.
    #[arg(long, default_value = "order")]
    seeding: String,
    /// The seed of a lot (numbers, groups); without it one is drawn and printed.
    #[arg(long)]
    seed: Option<u64>,
    /// Groups of a round robin in groups.
    #[arg(long)]
    groups: Option<usize>,
    /// snake, cyclic or lot.
    #[arg(long, default_value = "snake")]
    grouping: String,
    /// A Scheveningen where each pair meets twice.
    #[arg(long)]
    double: bool,
    /// A Scheveningen by the Soviet cyclic scheme.
    #[arg(long)]
    soviet: bool,
    /// A Swiss's rounds.
    #[arg(long)]
    rounds: Option<usize>,
    /// The event's name (default: the file's).
    #[arg(long)]
    name: Option<String>,
    /// The language of the messages.
    #[arg(long, default_value = "en")]
    lang: String,
}

#[derive(Subcommand)]
enum EventCommand {
    /// The regulation's options on coming: pair only checked-in players, and what a late
    /// entry gets for the rounds he missed.
    Option {
        file: String,
        #[arg(long)]
        checkin_required: Option<YesNo>,
        /// `nothing` or `half` (a half point a round missed).
        #[arg(long)]
        late_entry: Option<String>,
        /// The rounds the regulation plans.
        #[arg(long)]
        rounds: Option<usize>,
        /// The tie-breaks in order: ids (`buchholz,wins,head_to_head`) or C.07 codes (`BH,WIN,DE`).
        #[arg(long)]
        tiebreaks: Option<String>,
        /// Points of a won, drawn and lost encounter: `1,0.5,0`, `2,1,0`, `3,1,0`.
        #[arg(long)]
        scoring: Option<String>,
        /// After round 1 is paired, a change of the rounds, scoring or tie-breaks is made only
        /// with this (the program says first what it changes); written into the event's record.
        #[arg(long)]
        yes: bool,
        /// Why the setting changes (kept in the journal and the record).
        #[arg(long)]
        reason: Option<String>,
        #[arg(long, default_value = "en")]
        lang: String,
    },
    /// Draws the lot that orders the players still tied after every criterion (the
    /// regulation's last criterion, «жребий»): from `--seed`, or a seed drawn and printed, so
    /// that it can be drawn again before witnesses; journaled and written into the record.
    Lot {
        file: String,
        #[arg(long)]
        seed: Option<u64>,
        #[arg(long, default_value = "en")]
        lang: String,
    },
    /// A new event file from a roster (CSV): never over an existing file.
    New {
        output: String,
        #[arg(long)]
        roster: Option<String>,
        /// A Scheveningen's two sides, A.csv,B.csv (board order).
        #[arg(long, value_delimiter = ',')]
        sides: Vec<String>,
        /// russian, russian-giveaway, diagonal, international, english, brazilian, towers, laska.
        #[arg(long, default_value = "russian")]
        variant: String,
        /// The time control (`45m/20,15m`, `30m+30s`).
        #[arg(long, default_value = "45m")]
        control: String,
        #[command(flatten)]
        options: EventOptions,
    },
    /// The next stage: the entrants taken from an event's standings (each group's) into a new
    /// event file, the results between those who meet again carried over when asked.
    NextStage {
        file: String,
        /// Places taken from each group (or the standings): `top:3`, `1-8`, `4-10`.
        #[arg(long)]
        take: String,
        #[arg(long)]
        carry_over: bool,
        #[arg(short, long)]
        output: String,
        #[command(flatten)]
        options: EventOptions,
    },
}

#[derive(Subcommand)]
enum DeputyCommand {
    /// Adds a deputy for some boards and prints his code, once (the event keeps its hash).
    Add {
        file: String,
        #[arg(long)]
        name: String,
        /// Board numbers: `1-12,15`.
        #[arg(long)]
        boards: String,
    },
    /// The event's deputies, revoked ones too.
    List { file: String },
    /// Revokes a deputy's code: it never works again.
    Revoke {
        file: String,
        #[arg(long)]
        name: String,
    },
}

#[derive(Subcommand)]
enum TrfCommand {
    /// Writes the event as a TRF-16 file, or with `--trf26` as TRF-2026 (scoring, tie-breaks,
    /// dates, byes, forbidden pairs, shared ranks and the event's record as `###` lines).
    Export {
        file: String,
        #[arg(long, short)]
        output: String,
        /// TRF-2026 instead of TRF-16.
        #[arg(long)]
        trf26: bool,
        /// Write it while games are adjourned (their cells `X`, the standings provisional);
        /// refused without.
        #[arg(long)]
        provisional: bool,
    },
    /// Makes a new event file from a TRF-16 or TRF-2026 file (never over an existing file); a
    /// record it does not read is named on standard error.
    Import {
        input: String,
        #[arg(long, short)]
        output: String,
    },
    /// Re-pairs every round of a TRF file from the rounds before it (FIDE Dutch, 2025; a team
    /// Swiss by FIDE C.04.6) and names the rounds where the file differs; then checks the
    /// standings it states: each `001` line's points under `162`'s scoring and, where `212` or
    /// `202` names the tie-breaks, its rank (the first line that differs is named). Exit
    /// status 0: all agree, 1: some differ, 2: the file cannot be read.
    Check { file: String },
    /// A random event paired round by round by this program, as TRF-16 (the generator FIDE asks
    /// of an endorsed program); with `--teams`, a team Swiss by C.04.6 as TRF-26.
    Generate {
        /// Players of an individual event.
        #[arg(long, required_unless_present = "teams", conflicts_with = "teams")]
        players: Option<usize>,
        /// Teams of a team Swiss.
        #[arg(long)]
        teams: Option<usize>,
        /// Boards of a team's match.
        #[arg(long, default_value_t = 4, requires = "teams")]
        boards: usize,
        #[arg(long)]
        rounds: usize,
        /// The seed (the same seed, the same event); without it one is drawn and printed on
        /// standard error.
        #[arg(long)]
        seed: Option<u64>,
        /// TRF-2026 with a tie-break list (`212`) and byes and forfeits of every kind (full-,
        /// half- and zero-point byes, double forfeits).
        #[arg(long, conflicts_with = "teams")]
        trf26: bool,
        /// Per cent of games drawn.
        #[arg(long, default_value_t = 30)]
        draws: u32,
        /// Per cent of pairings decided by forfeit.
        #[arg(long, default_value_t = 0)]
        forfeits: u32,
        /// Per cent of players taking a half-point bye in a round.
        #[arg(long, default_value_t = 0)]
        half_byes: u32,
        /// Write to this file (never over an existing one) instead of standard output.
        #[arg(long, short)]
        output: Option<String>,
    },
}

#[derive(clap::Args)]
struct GameWhich {
    file: String,
    #[arg(long)]
    round: usize,
    #[arg(long)]
    board: usize,
    /// From 1; the extra games come after the micromatch's.
    #[arg(long, default_value_t = 1)]
    game: usize,
}

impl GameWhich {
    fn as_which(&self) -> cli::game::Which<'_> {
        cli::game::Which {
            file: &self.file,
            round: self.round,
            board: self.board,
            game: self.game,
        }
    }
}

#[derive(Subcommand)]
enum GameCommand {
    /// Stores the first game of RECORD (a PDN file, `-` for standard input) or `--moves` as the
    /// game's score sheet. Exit status 0: legal, 1: stored with an illegal move (printed as
    /// `check` prints it), 2: not stored.
    Set {
        #[command(flatten)]
        which: GameWhich,
        record: Option<String>,
        /// The moves typed out instead of a file: `"1.cd4 fe5 2.dc5 bd6"`.
        #[arg(long)]
        moves: Option<String>,
    },
    /// Prints the game's record with its check and clock times (`--format json`: `plies`,
    /// `moves`, `first_illegal`, `clocks`).
    Show {
        #[command(flatten)]
        which: GameWhich,
    },
}

#[derive(Subcommand)]
enum BallotCommand {
    /// One cell and the position it leaves.
    Show {
        /// `idf`, `fmjd`, `idf-basic`, or a custom table file.
        #[arg(long, default_value = "idf")]
        table: String,
        #[arg(long)]
        cell: String,
    },
    /// Draw cells reproducibly: the same seed draws the same cells. Without --seed, the operating
    /// system gives one, and it is printed so the draw can be re-run.
    Draw {
        #[arg(long, default_value = "idf")]
        table: String,
        #[arg(long)]
        seed: Option<u64>,
        #[arg(long, default_value_t = 1)]
        count: usize,
    },
    /// Load a custom table and replay every entry.
    Check { file: String },
}

#[derive(Subcommand)]
enum ClockCommand {
    /// Run a script of `SECONDS ACTION [ARGS]` lines and print both sides' clocks.
    Simulate {
        /// The time control in text form, e.g. `45m/20,15m` or `3m+2s`.
        #[arg(long)]
        control: String,
        /// Which side starts (English checkers: black).
        #[arg(long, default_value = "white")]
        first: String,
        /// Print the clocks at this second instead of at the last line.
        #[arg(long)]
        at: Option<String>,
        script: String,
    },
    /// Print the clocks as a saved event log leaves them.
    Replay {
        #[arg(long)]
        at: Option<String>,
        log: String,
    },
    /// Run a hall of clocks in real time, logged in DIR, driven by lines on standard input:
    /// `BOARD ACTION [ARGS]` (the actions of scripts), `pause-all`, `resume-all`, `show`, `quit`.
    /// A DIR that already holds logs is restored, every running clock paused where it stopped.
    Hall {
        dir: String,
        /// The time control of new boards.
        #[arg(long, default_value = "45m/20,15m")]
        control: String,
        /// How many boards a new hall has.
        #[arg(long, default_value_t = 1)]
        boards: usize,
        #[arg(long, default_value = "white")]
        first: String,
    },
}

#[derive(Subcommand)]
enum ClaimCommand {
    /// Threefold repetition: after ply N, or with a move the claimant wrote and did not play.
    Repetition {
        #[arg(long, default_value = "russian")]
        variant: AnyVariant,
        file: String,
        /// Which game of the file, from 1.
        #[arg(long, default_value_t = 1)]
        game: usize,
        /// The ply after which the claim is made (default: the last ply of the record).
        #[arg(long)]
        ply: Option<usize>,
        /// The move the claimant wrote down without playing it.
        #[arg(long = "move")]
        mv: Option<String>,
    },
}

/// `--document NAME`: the names `report::kind::Kind` gives, listed when one is wrong.
fn document_name(text: &str) -> Result<shashki_arbiter::report::kind::Kind, String> {
    use shashki_arbiter::report::kind::Kind;
    Kind::named(text).ok_or_else(|| {
        let names: Vec<&str> = Kind::ALL.iter().map(|k| k.name()).collect();
        format!("`{text}`: one of {}", names.join(", "))
    })
}

/// A Swiss or a team event is paired by `cli::swiss::pair` (with its options); every other
/// system by its own unit. A file that cannot be read goes there too, which says why.
fn is_swiss_individual(file: &str) -> bool {
    use shashki_arbiter::tournament::model::System;
    match shashki_arbiter::store::event::read(std::path::Path::new(file)) {
        Ok(t) => t.settings.system == System::Swiss || t.is_team_event(),
        Err(_) => true,
    }
}

fn new_event<'a>(
    o: &'a EventOptions,
    output: &'a str,
    roster: Option<&'a str>,
    sides: &'a [String],
    variant: &'a str,
    control: &'a str,
    lang: shashki_arbiter::lang::Lang,
) -> cli::system::NewEvent<'a> {
    cli::system::NewEvent {
        output,
        roster,
        sides,
        system: &o.system,
        cycles: o.cycles,
        games: o.games,
        final_games: o.final_games,
        third_place: o.third_place,
        tie_break: &o.tie_break,
        places: &o.places,
        seeding: &o.seeding,
        seed: o.seed,
        groups: o.groups,
        grouping: &o.grouping,
        double: o.double,
        soviet: o.soviet,
        variant,
        control,
        name: o.name.as_deref(),
        rounds: o.rounds,
        lang,
    }
}

fn event_command(event: EventCommand, format: Format) -> Result<ExitCode, String> {
    match event {
        EventCommand::Lot { file, seed, lang } => {
            cli::event::lang(&lang).and_then(|lang| cli::option::lot(&file, seed, lang, format))
        }
        EventCommand::Option {
            file,
            checkin_required,
            late_entry,
            rounds,
            tiebreaks,
            scoring,
            yes,
            reason,
            lang,
        } => cli::event::lang(&lang).and_then(|lang| {
            let asked = cli::option::Asked {
                checkin_required: checkin_required.map(|y| matches!(y, YesNo::Yes)),
                late_entry: late_entry.as_deref(),
                rounds,
                tiebreaks: tiebreaks.as_deref(),
                scoring: scoring.as_deref(),
                yes,
                reason: reason.as_deref(),
            };
            cli::option::option(&file, &asked, lang, format)
        }),
        EventCommand::New {
            output,
            roster,
            sides,
            variant,
            control,
            options,
        } => cli::event::lang(&options.lang).and_then(|lang| {
            cli::system::event_new(
                &new_event(
                    &options,
                    &output,
                    roster.as_deref(),
                    &sides,
                    &variant,
                    &control,
                    lang,
                ),
                format,
            )
        }),
        EventCommand::NextStage {
            file,
            take,
            carry_over,
            output,
            options,
        } => cli::event::lang(&options.lang).and_then(|lang| {
            cli::system::next_stage(
                &cli::system::NextStage {
                    file: &file,
                    output: &output,
                    system: &options.system,
                    take: &take,
                    carry_over,
                    new: new_event(&options, &output, None, &[], "russian", "45m", lang),
                },
                format,
            )
        }),
    }
}

fn main() -> ExitCode {
    let args = Args::parse();
    let format = args.format;
    if matches!(format, Format::Csv | Format::Html)
        && !matches!(args.command, Some(Command::Standings { .. }))
    {
        eprintln!("shashki-arbiter: --format csv and html are for `standings` only");
        return ExitCode::from(2);
    }
    let Some(command) = args.command else {
        return window(args.event);
    };
    match run(command, format) {
        Ok(code) => code,
        Err(message) => {
            eprintln!("shashki-arbiter: {message}");
            ExitCode::from(2)
        }
    }
}

/// No subcommand: the window, on the event named or the last one opened.
fn window(event: Option<std::path::PathBuf>) -> ExitCode {
    // A word that is neither a subcommand nor an event file is a mistyped command: said,
    // never a window opened on a file that does not exist.
    if let Some(e) = &event {
        let event_like = e.extension().is_some_and(|x| x.eq_ignore_ascii_case("ron"));
        if !e.exists() && !event_like {
            eprintln!(
                "shashki-arbiter: `{}` is neither a command nor an event file (see --help)",
                e.display()
            );
            return ExitCode::from(2);
        }
    }
    open_window(event)
}

/// A subcommand, sent to its group's dispatch.
fn run(command: Command, format: Format) -> cli::CliResult {
    match command {
        c @ (Command::Perft { .. }
        | Command::Moves { .. }
        | Command::Check { .. }
        | Command::Claim(_)
        | Command::Berger { .. }
        | Command::Scheveningen { .. }) => tools(c, format),
        Command::Clock(c) => clock(c, format),
        Command::Event(event) => event_command(*event, format),
        c @ (Command::Result { .. }
        | Command::Game(_)
        | Command::Games { .. }
        | Command::Scoresheets { .. }) => games(c, format),
        Command::Ballot(b) => ballot(b, format),
        Command::Pair(p) => pair(p, format),
        Command::Trf(t) => trf(t, format),
        c @ Command::Standings { .. } => standings(c, format),
        c @ (Command::Report { .. }
        | Command::Journal { .. }
        | Command::Prizes { .. }
        | Command::Norms { .. }) => documents(c, format),
        c @ (Command::Checkin { .. } | Command::Schedule { .. }) => registration(c, format),
        Command::Player(p) => player(p, format),
        Command::Category(c) => category(c, format),
        Command::Prize(p) => prize(p, format),
        Command::Serve {
            file,
            listen,
            write,
        } => serve(&file, listen, write),
        Command::Deputy(d) => deputy(d, format),
    }
}

/// The tools that need no event: the move generator, a PDN file's check, a claim, the
/// round-robin tables.
fn tools(command: Command, format: Format) -> cli::CliResult {
    match command {
        Command::Perft {
            variant,
            fen,
            divide,
            depth,
        } => cli::perft::run(variant, fen.as_deref(), divide, depth, format),
        Command::Moves { variant, fen } => cli::moves::run(variant, &fen, format),
        Command::Check { variant, file } => cli::check::run(variant, &file, format),
        Command::Claim(ClaimCommand::Repetition {
            variant,
            file,
            game,
            ply,
            mv,
        }) => cli::claim::run(variant, &file, game, ply, mv.as_deref(), format),
        Command::Berger {
            players,
            double,
            cycles,
        } => cli::event::berger(players, double, cycles, format),
        Command::Scheveningen {
            boards,
            double,
            soviet,
        } => cli::system::scheveningen_table(boards, double, soviet, format),
        _ => unreachable!("`run` sends only the tools here"),
    }
}

/// `clock simulate | replay | hall`.
fn clock(c: ClockCommand, format: Format) -> cli::CliResult {
    match c {
        ClockCommand::Simulate {
            control,
            first,
            at,
            script,
        } => cli::clock::simulate(&control, &first, at.as_deref(), &script, format),
        ClockCommand::Replay { at, log } => cli::clock::replay(&log, at.as_deref(), format),
        ClockCommand::Hall {
            dir,
            control,
            boards,
            first,
        } => cli::clock::hall(&dir, &control, boards, &first, format),
    }
}

/// A round's games: a result or decision, a score sheet, the games as PDN, blank score sheets.
fn games(command: Command, format: Format) -> cli::CliResult {
    match command {
        Command::Result {
            file,
            round,
            board,
            game,
            score,
            winner,
            reason,
            correct,
            correction,
            adjourned,
            lang,
        } => cli::event::lang(&lang).and_then(|lang| {
            cli::system::result(
                &cli::system::ResultArgs {
                    file: &file,
                    round,
                    board,
                    game,
                    score: if adjourned {
                        Some("?")
                    } else {
                        score.as_deref()
                    },
                    winner,
                    reason: reason.as_deref(),
                    correct: correct || correction.is_some(),
                    correction: correction.as_deref(),
                    lang,
                },
                format,
            )
        }),
        Command::Game(GameCommand::Set {
            which,
            record,
            moves,
        }) => cli::game::set(
            which.as_which(),
            record.as_deref(),
            moves.as_deref(),
            format,
        ),
        Command::Game(GameCommand::Show { which }) => cli::game::show(which.as_which(), format),
        Command::Games {
            file,
            round,
            output,
        } => cli::game::games(&file, round, output.as_deref(), format),
        Command::Scoresheets {
            file,
            round,
            output,
            lang,
        } => cli::game::scoresheets(&file, round, &output, &lang, format),
        _ => unreachable!("`run` sends only the games' commands here"),
    }
}

/// `ballot show | draw | check`.
fn ballot(b: BallotCommand, format: Format) -> cli::CliResult {
    match b {
        BallotCommand::Show { table, cell } => cli::event::ballot_show(&table, &cell, format),
        BallotCommand::Draw { table, seed, count } => {
            cli::event::ballot_draw(&table, seed, count, format)
        }
        BallotCommand::Check { file } => cli::event::ballot_check(&file, format),
    }
}

/// `trf export | import | check | generate` (a team event's with `--teams`).
fn trf(t: TrfCommand, format: Format) -> cli::CliResult {
    match t {
        TrfCommand::Export {
            file,
            output,
            trf26,
            provisional,
        } => cli::swiss::trf_export(&file, &output, trf26, provisional, format),
        TrfCommand::Import { input, output } => cli::swiss::trf_import(&input, &output, format),
        TrfCommand::Check { file } => cli::swiss::trf_check(&file, format),
        TrfCommand::Generate {
            teams: Some(teams),
            boards,
            rounds,
            seed,
            draws,
            forfeits,
            output,
            ..
        } => cli::swiss::seed_or_drawn(seed).and_then(|seed| {
            cli::swiss::trf_generate_teams(
                &shashki_arbiter::tournament::team::swiss::audit::Generate {
                    teams,
                    boards,
                    rounds,
                    seed,
                    draws,
                    forfeits,
                },
                output.as_deref(),
                format,
            )
        }),
        TrfCommand::Generate {
            players,
            rounds,
            seed,
            draws,
            forfeits,
            half_byes,
            trf26,
            output,
            ..
        } => cli::swiss::seed_or_drawn(seed).and_then(|seed| {
            cli::swiss::trf_generate(
                &shashki_arbiter::tournament::swiss::audit::Generate {
                    players: players.unwrap_or(0),
                    rounds,
                    seed,
                    draws,
                    forfeits,
                    half_byes,
                    every_kind: trf26,
                },
                output.as_deref(),
                format,
            )
        }),
    }
}

/// `standings`: one event's, or the final order across finals (`--then`).
fn standings(command: Command, format: Format) -> cli::CliResult {
    match command {
        Command::Standings {
            file,
            round,
            lang,
            separator,
            tiebreaks,
            in_coefficients,
            then,
            category,
        } if !then.is_empty() => {
            let for_one_event = round.is_some()
                || category.is_some()
                || separator.is_some()
                || !tiebreaks.is_empty()
                || in_coefficients.is_some();
            if for_one_event {
                Err(
                    "--then orders the finals as they stand, by each final's own rules: \
                     --round, --category, --separator, --tiebreaks and --in-coefficients are \
                     for one event"
                        .to_string(),
                )
            } else {
                cli::event::lang(&lang)
                    .and_then(|lang| cli::system::final_order(&file, &then, lang, format))
            }
        }
        Command::Standings {
            file,
            round,
            lang,
            separator,
            tiebreaks,
            in_coefficients,
            category,
            ..
        } => cli::event::standings(
            &file,
            &cli::event::StandingsAsked {
                round,
                category: category.as_deref(),
                lang: &lang,
                separator: separator.as_deref(),
                tiebreaks: &tiebreaks,
                in_coefficients: in_coefficients.as_deref(),
            },
            format,
        ),
        _ => unreachable!("`run` sends only `standings` here"),
    }
}

/// The event's documents and lists: the reports, the journal, the prize-winners, the rank norms.
fn documents(command: Command, format: Format) -> cli::CliResult {
    match command {
        Command::Report {
            file,
            output,
            round,
            lang,
            separator,
            document,
            provisional,
        } => cli::event::report(
            &file,
            &output,
            round,
            &lang,
            separator.as_deref(),
            (document, provisional),
            format,
        ),
        Command::Journal { file, lang } => {
            cli::event::lang(&lang).and_then(|lang| cli::journal::journal(&file, lang, format))
        }
        Command::Prizes { file, round, lang } => {
            cli::event::lang(&lang).and_then(|lang| cli::prize::list(&file, round, lang, format))
        }
        Command::Norms { file, table, lang } => {
            cli::norms::run(&file, table.as_deref(), &lang, format)
        }
        _ => unreachable!("`run` sends only the documents here"),
    }
}

/// Before a round: the check-in and the schedule.
fn registration(command: Command, format: Format) -> cli::CliResult {
    match command {
        Command::Checkin {
            file,
            ids,
            absent,
            list,
            lang,
        } => cli::event::lang(&lang)
            .and_then(|lang| cli::registration::checkin(&file, &ids, absent, list, lang, format)),
        Command::Schedule {
            file,
            round,
            at,
            default_time,
            now,
            lang,
        } => cli::event::lang(&lang).and_then(|lang| {
            cli::registration::run(
                cli::registration::ScheduleArgs {
                    file: &file,
                    round,
                    at: at.as_deref(),
                    default_time: default_time.as_deref(),
                    now: now.as_deref(),
                },
                lang,
                format,
            )
        }),
        _ => unreachable!("`run` sends only the check-in and the schedule here"),
    }
}

/// `deputy add | list | revoke`.
fn deputy(d: DeputyCommand, format: Format) -> cli::CliResult {
    match d {
        DeputyCommand::Add { file, name, boards } => {
            cli::deputy::add(&file, &name, &boards, format)
        }
        DeputyCommand::List { file } => cli::deputy::list(&file, format),
        DeputyCommand::Revoke { file, name } => cli::deputy::revoke(&file, &name, format),
    }
}

#[cfg(feature = "serve")]
fn serve(file: &str, listen: std::net::SocketAddr, write: bool) -> Result<ExitCode, String> {
    let runtime = tokio::runtime::Runtime::new().map_err(|e| e.to_string())?;
    let how = if write {
        "taking deputies' results"
    } else {
        "read-only"
    };
    let served = runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(listen)
            .await
            .map_err(|source| shashki_arbiter::serve::http::ServeError::Listen {
                addr: listen,
                source,
            })?;
        let path = std::path::PathBuf::from(file);
        let desk = if write {
            Some(shashki_arbiter::serve::desk::Desk::hold(&path)?)
        } else {
            None
        };
        // The address bound (port 0 gets one from the system), for whoever started it.
        let bound = listener.local_addr().unwrap_or(listen);
        eprintln!("shashki-arbiter: serving {file} on http://{bound}/, {how} (Ctrl+C stops)");
        shashki_arbiter::serve::http::serve_desk(listener, path, desk, std::future::pending()).await
    });
    served.map_err(|e| e.to_string())?;
    Ok(ExitCode::SUCCESS)
}

#[cfg(not(feature = "serve"))]
fn serve(_: &str, _: std::net::SocketAddr, _: bool) -> Result<ExitCode, String> {
    Err("built without the `serve` feature".to_string())
}

#[cfg(feature = "gui")]
fn open_window(event: Option<std::path::PathBuf>) -> ExitCode {
    match shashki_arbiter::ui::run(event) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("shashki-arbiter: the window could not open: {e}");
            ExitCode::from(2)
        }
    }
}

#[cfg(not(feature = "gui"))]
fn open_window(_: Option<std::path::PathBuf>) -> ExitCode {
    eprintln!("shashki-arbiter: built without the `gui` feature; use a subcommand (see --help)");
    ExitCode::from(2)
}

/// `player add | remove`.
fn player(p: PlayerCommand, format: Format) -> cli::CliResult {
    match p {
        PlayerCommand::Add {
            file,
            surname,
            name,
            sex,
            rank,
            rating,
            club,
            born,
            checkin,
            lang,
        } => {
            let lang = cli::event::lang(&lang)?;
            let entry = cli::registration::Entry {
                surname,
                name,
                sex: sex.as_deref().map(|s| sex_arg(s, lang)).transpose()?,
                title: rank,
                rating,
                club,
                birth_year: born,
            };
            cli::registration::add_player(&file, entry, checkin, lang, format)
        }
        PlayerCommand::Remove { file, id, lang } => {
            cli::registration::remove_player(&file, id, cli::event::lang(&lang)?, format)
        }
        PlayerCommand::Expel {
            file,
            id,
            reason,
            lang,
        } => cli::registration::expel(&file, id, &reason, cli::event::lang(&lang)?, format),
    }
}

/// A `--sex` argument, or its refusal in the user's language.
fn sex_arg(s: &str, lang: Lang) -> Result<Sex, String> {
    Sex::parse(s).ok_or_else(|| match lang {
        Lang::Ru => format!("--sex: `{s}` — не пол (m или f, м или ж)"),
        Lang::En => format!("--sex: `{s}` is not a sex (m or f)"),
    })
}

/// `pair`: a Swiss's proposal with its reasons, or the system's (round robin, knockout,
/// Scheveningen, groups) for the others.
fn pair(p: PairCmd, format: Format) -> cli::CliResult {
    let lang = cli::event::lang(&p.lang)?;
    if !is_swiss_individual(&p.file) {
        if !p.absent.is_empty()
            || !p.by_hand.is_empty()
            || !p.half_bye.is_empty()
            || !p.full_bye.is_empty()
            || p.accelerated
            || p.seed.is_some()
        {
            return Err(format!(
                "{}: {}",
                p.file,
                lang.pick(
                    "--absent, --by-hand, --half-bye, --full-bye, --accelerated and --seed are for a Swiss",
                    "--absent, --by-hand, --half-bye, --full-bye, --accelerated и --seed — для швейцарской системы"
                )
            ));
        }
        return cli::system::pair(&p.file, p.round, p.save, lang, format);
    }
    cli::swiss::pair(
        cli::swiss::PairArgs {
            file: &p.file,
            round: p.round,
            absent: &p.absent,
            half_byes: &p.half_bye,
            full_byes: &p.full_bye,
            accelerated: p.accelerated,
            seed: p.seed,
            save: p.save,
            by_hand: (!p.by_hand.is_empty()).then_some(&p.by_hand[..]),
            bye: p.bye,
            yes: p.yes,
            reason: p.reason.as_deref(),
            lang,
        },
        format,
    )
}

/// `category add | list | remove`.
fn category(c: CategoryCommand, format: Format) -> cli::CliResult {
    match c {
        CategoryCommand::Add {
            file,
            id,
            name,
            name_ru,
            sex,
            born_from,
            born_to,
            rank_from,
            rank_to,
            rating_from,
            rating_to,
            club,
            players,
            lang,
        } => {
            let lang = cli::event::lang(&lang)?;
            let sex = sex.as_deref().map(|s| sex_arg(s, lang)).transpose()?;
            let c = shashki_arbiter::tournament::category::Category {
                id,
                name,
                name_ru: name_ru.unwrap_or_default(),
                sex,
                born_from,
                born_to,
                rank_from,
                rank_to,
                rating_from,
                rating_to,
                club,
                players,
            };
            cli::category::add(&file, c, lang, format)
        }
        CategoryCommand::List { file, lang } => {
            cli::category::list(&file, cli::event::lang(&lang)?, format)
        }
        CategoryCommand::Remove { file, id, lang } => {
            cli::category::remove(&file, &id, cli::event::lang(&lang)?, format)
        }
    }
}

/// `prize add | option`.
fn prize(p: PrizeCommand, format: Format) -> cli::CliResult {
    use shashki_arbiter::tournament::prize::{List, Prize, Split};
    match p {
        PrizeCommand::Add {
            file,
            list,
            place,
            amount,
            title,
            lang,
        } => {
            let prize = Prize {
                list: List::parse(&list),
                place,
                amount,
                title,
            };
            cli::prize::add(&file, prize, cli::event::lang(&lang)?, format)
        }
        PrizeCommand::Remove {
            file,
            list,
            place,
            lang,
        } => cli::prize::remove(
            &file,
            List::parse(&list),
            place,
            cli::event::lang(&lang)?,
            format,
        ),
        PrizeCommand::Option {
            file,
            one_per_player,
            split,
            lang,
        } => cli::prize::option(
            &file,
            one_per_player.map(|y| matches!(y, YesNo::Yes)),
            split.map(|s| match s {
                SplitArg::Places => Split::Places,
                SplitArg::Points => Split::Points,
            }),
            cli::event::lang(&lang)?,
            format,
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `shashki-arbiter EVENT.ron` names the event to open (a file manager's "Open with" runs
    /// `shashki-arbiter %f`); a subcommand's name is still a subcommand.
    #[test]
    fn a_file_alone_is_the_event_to_open() {
        let args = Args::try_parse_from(["shashki-arbiter", "cup.ron"]).unwrap();
        assert_eq!(args.event.as_deref(), Some(std::path::Path::new("cup.ron")));
        assert!(args.command.is_none());
        let args = Args::try_parse_from(["shashki-arbiter", "perft", "3"]).unwrap();
        assert!(args.event.is_none());
        assert!(matches!(
            args.command,
            Some(Command::Perft { depth: 3, .. })
        ));
        let args = Args::try_parse_from(["shashki-arbiter"]).unwrap();
        assert!(args.event.is_none() && args.command.is_none());
        // A global option before the subcommand, as scripts write it.
        let args = Args::try_parse_from(["shashki-arbiter", "--format", "json", "perft", "2"]);
        assert!(matches!(
            args.unwrap().command,
            Some(Command::Perft { depth: 2, .. })
        ));
    }
}
