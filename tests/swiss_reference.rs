//! The Dutch pairing against the reference: 40 events paired round by round by bbpPairings
//! v6.0.0 (FIDE-endorsed, the 2025 rules), 316 cases (`tests/data/swiss/`, README there). Each
//! round is paired from the rounds before it and must give the same pairs, colours and bye.

use shashki_arbiter::tournament::swiss::{dutch, trf};

struct Case {
    event: String,
    round: usize,
    absent: String,
    bye: String,
    pairs: Vec<String>,
}

fn cases(file: &str) -> Vec<Case> {
    std::fs::read_to_string(file)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            Case {
                event: f[0].to_string(),
                round: f[1].parse().unwrap(),
                absent: f[2].to_string(),
                bye: f[3].to_string(),
                pairs: f[4..].iter().map(|s| s.to_string()).collect(),
            }
        })
        .collect()
}

/// Pairs one case; returns (absent, bye, pairs) written as the reference writes them.
fn pair(case: &Case) -> (String, String, Vec<String>) {
    let path = format!("tests/data/swiss/events/{}.trf", case.event);
    let text = std::fs::read_to_string(&path).unwrap();
    let cut = trf::before_round(&text, case.round);
    let (input, ranks) = trf::pairing_input(&path, &cut).unwrap();
    let out = dutch::pair(&input);
    assert!(out.unpaired.is_empty(), "{} {}", case.event, case.round);
    let absent: Vec<String> = input
        .players
        .iter()
        .enumerate()
        .filter(|(_, p)| p.absent)
        .map(|(i, _)| ranks[i].to_string())
        .collect();
    (
        if absent.is_empty() {
            "-".into()
        } else {
            absent.join(",")
        },
        out.bye.map_or("-".into(), |b| ranks[b].to_string()),
        out.pairs
            .iter()
            .map(|p| format!("{}-{}", ranks[p.white], ranks[p.black]))
            .collect(),
    )
}

#[test]
fn every_reference_case_gives_the_same_pairing_as_the_endorsed_program() {
    let all = cases("tests/data/swiss/expected.tsv");
    assert_eq!(all.len(), 316);
    let mut wrong = Vec::new();
    for case in &all {
        let (absent, bye, pairs) = pair(case);
        // Board order too: the higher player's score, the lower's, the higher's rank.
        if absent != case.absent || bye != case.bye || pairs != case.pairs {
            wrong.push(format!(
                "{} {}: absent {absent} bye {bye} pairs {}\n      expected: absent {} bye {} pairs {}",
                case.event,
                case.round,
                pairs.join(" "),
                case.absent,
                case.bye,
                case.pairs.join(" ")
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {} cases differ:\n{}",
        wrong.len(),
        all.len(),
        wrong.join("\n")
    );
}
