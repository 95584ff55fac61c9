//! Rules core benchmarks: scoring a play, and `gcg check` over the reference records.
//!
//! Run: `cargo bench --bench rules`. Numbers go in BENCHMARKS.md ("Rules core").

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::hint::black_box;
use std::path::Path;

use arbiter::rules::board::Board;
use arbiter::rules::gcg::{self, EventKind, check::check};
use arbiter::rules::notation::Move;
use arbiter::rules::placement::validate;
use arbiter::rules::scoring::{score, score_total};
use arbiter::rules::tiles::TileSet;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

fn fixture_bytes() -> Vec<Vec<u8>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/gcg");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "gcg"))
        .collect();
    files.sort();
    files.iter().map(|f| std::fs::read(f).unwrap()).collect()
}

/// The board of macondo_noah_vs_peter.gcg (the longest record) before its last play, and that
/// play: a realistic mid/late-game position.
fn late_game_position() -> (Board, Move) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/gcg");
    let game = gcg::read(&std::fs::read(dir.join("macondo_noah_vs_peter.gcg")).unwrap()).unwrap();
    let set = TileSet::english();
    let mut board = Board::new();
    let mut plays = Vec::new();
    for e in &game.events {
        match &e.kind {
            EventKind::Play(mv) => {
                let p = validate(&board, &set, mv, None).unwrap();
                p.apply(&mut board);
                plays.push((p, mv.clone()));
            }
            EventKind::Withdrawn => {
                if let Some((p, _)) = plays.pop() {
                    p.undo(&mut board);
                }
            }
            _ => {}
        }
    }
    let (last, mv) = plays.pop().unwrap();
    last.undo(&mut board);
    (board, mv)
}

fn bench_scoring(c: &mut Criterion) {
    let set = TileSet::english();
    let (board, mv) = late_game_position();
    let placement = validate(&board, &set, &mv, None).unwrap();
    let mut g = c.benchmark_group("scoring");
    g.throughput(Throughput::Elements(1));
    g.bench_function("validate+score_total (late game)", |b| {
        b.iter(|| {
            let p = validate(black_box(&board), &set, black_box(&mv), None).unwrap();
            score_total(&board, &set, &p)
        })
    });
    g.bench_function("score with breakdown (late game)", |b| {
        b.iter(|| score(black_box(&board), &set, black_box(&placement)))
    });
    let empty = Board::new();
    let bingo = Move::parse_gcg("8D", "JAVELIN").unwrap();
    g.bench_function("validate+score_total (opening bingo)", |b| {
        b.iter(|| {
            let p = validate(black_box(&empty), &set, black_box(&bingo), None).unwrap();
            score_total(&empty, &set, &p)
        })
    });
    g.finish();
}

fn bench_gcg_check(c: &mut Criterion) {
    let set = TileSet::english();
    let files = fixture_bytes();
    let mut g = c.benchmark_group("gcg check");
    g.throughput(Throughput::Elements(files.len() as u64));
    g.bench_function("read+check 31 reference games", |b| {
        b.iter(|| {
            let mut problems = 0;
            for bytes in &files {
                let game = gcg::read(black_box(bytes)).unwrap();
                problems += check(&game, &set, None).len();
            }
            assert_eq!(problems, 0);
        })
    });
    let games: Vec<_> = files.iter().map(|b| gcg::read(b).unwrap()).collect();
    g.bench_function("read only (31 games)", |b| {
        b.iter(|| {
            for bytes in &files {
                black_box(gcg::read(black_box(bytes)).unwrap());
            }
        })
    });
    g.bench_function("write only (31 games)", |b| {
        b.iter(|| {
            for game in &games {
                black_box(gcg::write(black_box(game)));
            }
        })
    });
    g.finish();
}

criterion_group!(benches, bench_scoring, bench_gcg_check);
criterion_main!(benches);
