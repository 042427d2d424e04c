//! A fixed, seeded random-playout workload for comparing two builds by instruction count
//! (`valgrind --tool=callgrind`) or CPU time: game `i` is created with seed `i` and played with
//! `GameRng::new(i ^ 0xABCD)`, so two builds of the same rules play the same games and print the
//! same action total. Static dispatch (the concrete game type), as the engines' own loops.
//!
//! `cargo run --release --example fixed_playouts -- GAME PLAYERS GAMES [OPTIONS-JSON]`
use meeple::core::playout::{random_playout, Buffers};
use meeple::core::GameRng;
use meeple::{Config, Game};

fn run<G: Game>(players: usize, games: u64, options: &serde_json::Map<String, serde_json::Value>) {
    let config = Config::new(&G::info(), players, options).expect("config");
    let mut buf = Buffers::default();
    let mut actions = 0u64;
    for i in 0..games {
        let mut g = G::new(&config, i).expect("new");
        let mut rng = GameRng::new(i ^ 0xABCD);
        let bound = g.max_game_length();
        actions += random_playout(&mut g, &mut rng, &mut buf, bound);
    }
    println!(
        "{} {players}p {games} games: {actions} actions",
        G::info().name
    );
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let game = args.get(1).map(String::as_str).unwrap_or("catan");
    let players: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(4);
    let games: u64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(100);
    let options = match args.get(4) {
        Some(s) => serde_json::from_str::<serde_json::Value>(s)
            .ok()
            .and_then(|v| v.as_object().cloned())
            .expect("options must be a JSON object"),
        None => serde_json::Map::new(),
    };
    match game {
        "catan" => run::<meeple::catan::Catan>(players, games, &options),
        "puerto_rico" => run::<meeple::puerto_rico::PuertoRico>(players, games, &options),
        "san_juan" => run::<meeple::san_juan::SanJuan>(players, games, &options),
        "castles_of_burgundy" => {
            run::<meeple::castles_of_burgundy::CastlesOfBurgundy>(players, games, &options)
        }
        "kingdom_builder" => {
            run::<meeple::kingdom_builder::KingdomBuilder>(players, games, &options)
        }
        _ => panic!("unknown game {game}"),
    }
}
