//! Engine benchmarks (`cargo bench`): random play-outs of whole deals, legal
//! move generation, sampling hidden cards, and one Hard decision, per game.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use duck_soup::ai::{choose, Level, SeatView};
use duck_soup::engine::playout::{random_playouts, random_positions, start_deal};
use duck_soup::engine::rng::Rng;
use duck_soup::engine::GameKind;
use std::hint::black_box;

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("random play-out of a deal");
    group.throughput(Throughput::Elements(1));
    for game in GameKind::ALL {
        let start = start_deal(game, 7);
        let mut rng = Rng::new(7);
        group.bench_function(game.name(), |b| {
            b.iter(|| random_playouts(black_box(&start), 1, &mut rng))
        });
    }
    group.finish();
}

fn legal_moves(c: &mut Criterion) {
    let mut group = c.benchmark_group("legal moves");
    for game in GameKind::ALL {
        let positions = random_positions(game, 64, 3);
        group.throughput(Throughput::Elements(positions.len() as u64));
        group.bench_function(game.name(), |b| {
            b.iter(|| {
                positions
                    .iter()
                    .map(|d| black_box(d).legal_moves().len())
                    .sum::<usize>()
            })
        });
    }
    group.finish();
}

fn sampling(c: &mut Criterion) {
    let mut group = c.benchmark_group("sample hidden cards");
    for game in GameKind::ALL {
        let views: Vec<SeatView> = random_positions(game, 64, 5)
            .iter()
            .map(|d| SeatView::of(d, d.to_move()))
            .collect();
        let mut rng = Rng::new(9);
        group.throughput(Throughput::Elements(views.len() as u64));
        group.bench_function(game.name(), |b| {
            b.iter(|| {
                views
                    .iter()
                    .map(|v| v.sample(&mut rng).stock_len())
                    .sum::<usize>()
            })
        });
    }
    group.finish();
}

fn hard_decision(c: &mut Criterion) {
    let mut group = c.benchmark_group("one Hard decision");
    group.sample_size(20);
    for game in GameKind::ALL {
        let views: Vec<SeatView> = random_positions(game, 16, 11)
            .iter()
            .map(|d| SeatView::of(d, d.to_move()))
            .collect();
        let mut i = 0;
        group.bench_function(game.name(), |b| {
            b.iter_batched(
                || {
                    i = (i + 1) % views.len();
                    views[i]
                },
                |view| choose(Level::Hard, &view, 1),
                BatchSize::SmallInput,
            )
        });
    }
    group.finish();
}

criterion_group!(benches, playouts, legal_moves, sampling, hard_decision);
criterion_main!(benches);
