//! Checks on a loaded position (`Game::validate`): component counts, ownership, the rules'
//! invariants, and that whoever is to act can act. Each message names the field at fault.

use crate::data::*;
use crate::{Bonus, CastlesOfBurgundy, Pending, Phase, Step, STATE_VERSION};

impl CastlesOfBurgundy {
    pub(crate) fn check(&self) -> Result<(), String> {
        let n = self.config.players;
        if self.version != STATE_VERSION {
            return Err(format!(
                "version {} (expected {STATE_VERSION})",
                self.version
            ));
        }
        if !(2..=4).contains(&n) || self.players.len() != n {
            return Err(format!("players must list {n} entries"));
        }
        let variant = self.config.bool("experienced_variant");
        let bopt = self.config.int("board");
        if variant && bopt != 1 {
            return Err("experienced_variant requires board = 1".into());
        }
        let secret = self.config.bool("secret_board_choice");
        if secret && !variant {
            return Err("secret_board_choice requires experienced_variant".into());
        }
        let in_setup = matches!(
            self.step,
            Step::ChooseBoard { .. } | Step::ChooseCastle { .. }
        );
        // order is a permutation
        if self.order.len() != n {
            return Err("order must list every seat once".into());
        }
        let mut seen = [false; 4];
        for &s in &self.order {
            if s as usize >= n || seen[s as usize] {
                return Err("order must list every seat once".into());
            }
            seen[s as usize] = true;
        }
        if !(1..=5).contains(&self.round) {
            return Err(format!("round {} not in 1..=5", self.round));
        }
        if self.white_die > 6 {
            return Err("white_die must be 0..=6".into());
        }
        let total_supply = {
            let (a, b) = supply();
            let mut t = [0u32; NUM_TILES];
            for i in 0..NUM_TILES {
                t[i] = a[i] as u32 + b[i] as u32;
            }
            t
        };
        let mut count = [0u32; NUM_TILES];
        let mut goods = [0u32; 6];
        for (p, pl) in self.players.iter().enumerate() {
            if !(1..=9).contains(&pl.board) {
                return Err(format!("player {p}: board {} not in 1..=9", pl.board));
            }
            if !variant && pl.board as i64 != bopt {
                return Err(format!("player {p}: board must be {bopt} (option board)"));
            }
            let b = board(pl.board);
            for (c, t) in pl.estate.iter().enumerate() {
                if let Some(t) = t {
                    if t.colour() != b.colour[c] {
                        return Err(format!(
                            "player {p}: {} on space {} which is {}",
                            t.name(),
                            c + 1,
                            b.colour[c].name()
                        ));
                    }
                    count[t.0 as usize] += 1;
                }
            }
            for t in pl.storage.iter().flatten() {
                count[t.0 as usize] += 1;
            }
            if pl.goods.iter().filter(|&&g| g > 0).count() > 3 {
                return Err(format!("player {p} holds more than 3 goods types"));
            }
            for t in 0..6 {
                goods[t] += pl.goods[t] as u32 + pl.sold[t] as u32;
            }
            if pl.silverlings > 2000 || pl.workers > 2000 || pl.vp.abs() > 100_000 {
                return Err(format!(
                    "player {p}: silverlings, workers or vp out of range"
                ));
            }
            if pl.dice.iter().any(|&d| d > 6) {
                return Err(format!("player {p}: dice must be 0..=6"));
            }
            if pl.track_position > 200 || pl.track_height > 100 {
                return Err(format!("player {p}: track position or height out of range"));
            }
            // the estate must be connected to a castle (start castle present once set up)
            let setup_done = !matches!(
                self.step,
                Step::ChooseBoard { .. } | Step::ChooseCastle { .. }
            );
            if setup_done && pl.estate.iter().all(|t| t.is_none()) {
                return Err(format!("player {p} has no start castle"));
            }
            if let Some(s) = pl.board_sides {
                if s.iter().any(|&x| !(1..=9).contains(&x)) {
                    return Err(format!("player {p}: board_sides out of range"));
                }
                if !in_setup {
                    return Err(format!(
                        "player {p}: board_sides only during the variant's setup choices"
                    ));
                }
                // A player who already chose a side (secret choice) chose one of the two.
                let idx = match self.step {
                    Step::ChooseBoard { idx } => idx as usize,
                    Step::ChooseCastle { idx } => idx as usize + 1,
                    _ => 0,
                };
                let chose = self.order.iter().take(idx).any(|&s| s as usize == p);
                if chose && !s.contains(&pl.board) {
                    return Err(format!(
                        "player {p}: board {} is not one of the dealt sides",
                        pl.board
                    ));
                }
            }
            for c in 0..6 {
                if pl.bonuses[c] != Bonus::None {
                    let cm = b.colour_cells[c];
                    let occ: u64 = (0..CELLS)
                        .filter(|&i| pl.estate[i].is_some())
                        .fold(0, |m, i| m | 1 << i);
                    if occ & cm != cm {
                        return Err(format!(
                            "player {p} holds a {} bonus without filling that colour",
                            COLOURS[c].name()
                        ));
                    }
                }
            }
        }
        for c in 0..6 {
            for kind in [Bonus::Large, Bonus::Small] {
                if self.players.iter().filter(|q| q.bonuses[c] == kind).count() > 1 {
                    return Err(format!(
                        "two players hold the same {} bonus",
                        COLOURS[c].name()
                    ));
                }
            }
        }
        for d in self.depots.iter() {
            for t in d.iter().flatten() {
                count[t.0 as usize] += 1;
            }
        }
        for t in self.black_depot.iter().flatten() {
            count[t.0 as usize] += 1;
        }
        if let Pending::Discard { tile } = self.pending {
            count[tile.0 as usize] += 1;
        }
        if matches!(
            self.step,
            Step::ChooseBoard { .. } | Step::ChooseCastle { .. }
        ) {
            // Start castles not yet placed are in the players' hands.
            for pl in &self.players {
                if pl.estate.iter().all(|t| t.is_none()) {
                    count[CASTLE as usize] += 1;
                }
            }
        }
        for (i, &total) in total_supply.iter().enumerate() {
            let c =
                count[i] + self.pile[i] as u32 + self.black_pile[i] as u32 + self.boxed[i] as u32;
            if c != total {
                return Err(format!(
                    "tile {} appears {c} times in all (must be {total})",
                    Tile(i as u8).name()
                ));
            }
        }
        let (normal, black) = supply();
        for i in 0..NUM_TILES {
            if self.pile[i] > normal[i] || self.black_pile[i] > black[i] {
                return Err(format!("pile count of {} too high", Tile(i as u8).name()));
            }
        }
        for d in &self.depot_goods {
            for t in 0..6 {
                goods[t] += d[t] as u32;
            }
        }
        for g in self.round_goods.iter().flatten() {
            if !(1..=6).contains(g) {
                return Err("round_goods entries must be goods types 1..=6".into());
            }
            goods[*g as usize - 1] += 1;
        }
        for t in 0..6 {
            let c = goods[t] + self.goods_bag[t] as u32 + self.goods_discarded[t] as u32;
            if c != 7 {
                return Err(format!(
                    "goods type {} appears {c} times (must be 7)",
                    t + 1
                ));
            }
        }
        if self.goods_discarded.iter().any(|&g| g > 0)
            && !self.config.bool("overflow_may_discard_stored")
        {
            return Err("goods_discarded needs option overflow_may_discard_stored".into());
        }
        self.check_setup_boards()?;
        for (p, pl) in self.players.iter().enumerate() {
            if pl.vp < 0 {
                return Err(format!(
                    "players[{p}].vp is {}; points are never negative",
                    pl.vp
                ));
            }
        }
        self.check_depots()?;
        self.check_round_goods()?;
        self.check_track()?;
        // step consistency
        if self.step != Step::Play && self.pending != Pending::None {
            return Err("a pending effect exists only during play".into());
        }
        match self.step {
            Step::ChooseBoard { idx } | Step::ChooseCastle { idx } => {
                if idx as usize >= n {
                    return Err("setup index out of range".into());
                }
                if self.pending != Pending::None {
                    return Err("no pending effect during setup".into());
                }
                for (i, &seat) in self.order.iter().enumerate() {
                    let placed = self.players[seat as usize].estate.occ().count_ones();
                    let want = if i < idx as usize { 1 } else { 0 };
                    if placed != want {
                        return Err(format!(
                            "during setup, players before the chooser have exactly their start castle and the others an empty estate (seat {seat})"
                        ));
                    }
                }
                if let Step::ChooseBoard { idx } = self.step {
                    if !variant {
                        return Err("choose_board only in the experienced variant".into());
                    }
                    let p = self.order[idx as usize] as usize;
                    if self.players[p].board_sides.is_none() {
                        return Err("the choosing player needs board_sides".into());
                    }
                }
            }
            Step::FillDepots { next } => {
                if next >= 37 || !self.fill_used(next as usize) {
                    return Err("fill_depots next must be a used draw position below 37".into());
                }
                if self.chance_count().0 < 2 {
                    return Err(
                        "fill_depots must wait at a draw with at least two possible outcomes"
                            .into(),
                    );
                }
            }
            Step::RollDice { next } => {
                if next as usize > 2 * n {
                    return Err("roll_dice next out of range".into());
                }
                if self.pending != Pending::None {
                    return Err("no pending effect while rolling".into());
                }
            }
            Step::Play => {
                if self.turn as usize >= n {
                    return Err("turn out of range".into());
                }
                if !(1..=6).contains(&self.white_die) {
                    return Err("white_die must be rolled during play".into());
                }
                let p = self.order[self.turn as usize] as usize;
                let pl = &self.players[p];
                if pl.dice.contains(&0) {
                    return Err("the current player's dice must be rolled".into());
                }
                if pl.estate.iter().all(|t| t.is_none()) {
                    return Err("the current player has no start castle".into());
                }
                match self.pending {
                    Pending::Discard { .. } if !self.storage_full(p) => {
                        return Err("discard pending with free storage".into());
                    }
                    Pending::FreeTake { building }
                        if !matches!(building.0, CARPENTER | CHURCH | MARKET) =>
                    {
                        return Err(
                            "free_take building must be a Carpenter's workshop, Church or Market"
                                .into(),
                        );
                    }
                    Pending::ShipGoods {
                        first,
                        second,
                        discarded,
                    } => {
                        if first >= 6 || second.is_some_and(|s| s >= 6) {
                            return Err("ship_goods depots must be 0..6".into());
                        }
                        if discarded && !self.config.bool("overflow_may_discard_stored") {
                            return Err("discarded needs overflow_may_discard_stored".into());
                        }
                    }
                    _ => {}
                }
                let mut acts = Vec::new();
                self.gen_player(p, &mut acts);
                if acts.is_empty() {
                    return Err("the current player has no legal action".into());
                }
            }
            Step::GameOver => {}
        }
        Ok(())
    }

    /// The experienced variant's dealt boards (A31): each player is dealt one physical board, so
    /// `board_sides` are the two sides of one of the six boards, no board dealt twice, and every
    /// player still to choose a side has them.
    fn check_setup_boards(&self) -> Result<(), String> {
        let variant = self.config.bool("experienced_variant");
        let mut dealt = [false; PHYSICAL_BOARDS.len()];
        for (p, pl) in self.players.iter().enumerate() {
            let Some([a, b]) = pl.board_sides else {
                continue;
            };
            if !variant {
                return Err(format!(
                    "players[{p}].board_sides: boards are dealt only in experienced_variant"
                ));
            }
            let Some(k) = PHYSICAL_BOARDS
                .iter()
                .position(|&(x, y)| (x, y) == (a, b) || (y, x) == (a, b))
            else {
                return Err(format!(
                    "players[{p}].board_sides: [{a}, {b}] are not the two sides of one board \
                     (the boards are {PHYSICAL_BOARDS:?})"
                ));
            };
            if dealt[k] {
                return Err(format!(
                    "players[{p}].board_sides: board {a}/{b} is dealt to two players"
                ));
            }
            dealt[k] = true;
        }
        if !variant {
            return Ok(());
        }
        let (idx, castle_step) = match self.step {
            Step::ChooseBoard { idx } => (idx as usize, false),
            Step::ChooseCastle { idx } => (idx as usize, true),
            _ => return Ok(()),
        };
        for (i, &s) in self.order.iter().enumerate() {
            let chose = i < idx || (i == idx && castle_step);
            if !chose && self.players[s as usize].board_sides.is_none() {
                return Err(format!(
                    "players[{s}].board_sides: seat {s} has not chosen a side yet, so it needs \
                     the two sides of its dealt board"
                ));
            }
        }
        Ok(())
    }

    /// What only play can produce, checked on positions read from JSON (the rules tests also
    /// build unreachable positions directly, to score them): every estate grows from the start
    /// castle, one touching tile at a time (spec 8.1), and a city holds each building kind at
    /// most once unless knowledge tile 1 is owned (spec 8.2).
    pub(crate) fn check_estates(&self) -> Result<(), String> {
        for (p, pl) in self.players.iter().enumerate() {
            let b = board(pl.board);
            let occ = pl.estate.occ();
            if occ == 0 {
                continue;
            }
            let castles = (0..CELLS)
                .filter(|&c| pl.estate[c] == Some(Tile(CASTLE)))
                .fold(0u64, |m, c| m | 1 << c);
            if castles == 0 {
                return Err(format!("players[{p}].estate: no castle to grow from"));
            }
            let start = castles.trailing_zeros() as usize;
            let mut reached = 1u64 << start;
            loop {
                let mut next = reached;
                let mut m = reached;
                while m != 0 {
                    let c = m.trailing_zeros() as usize;
                    m &= m - 1;
                    next |= b.nbr[c] & occ;
                }
                if next == reached {
                    break;
                }
                reached = next;
            }
            if reached != occ {
                let c = (occ & !reached).trailing_zeros() as usize;
                return Err(format!(
                    "players[{p}].estate: space {} ({}) is not connected to the start castle",
                    c + 1,
                    pl.estate[c].map_or(String::new(), |t| t.name())
                ));
            }
            if self.know(p).has(1) {
                continue;
            }
            for &city in &b.region_cells {
                let mut kinds = 0u32;
                let mut m = city & occ & b.colour_cells[Colour::Building.index()];
                while m != 0 {
                    let c = m.trailing_zeros() as usize;
                    m &= m - 1;
                    if let Some(t) = pl.estate[c].filter(|t| t.is_building()) {
                        if kinds & 1 << t.0 != 0 {
                            return Err(format!(
                                "players[{p}].estate: two {} in one city (space {}); a city \
                                 holds each building once without knowledge tile 1",
                                t.name(),
                                c + 1
                            ));
                        }
                        kinds |= 1 << t.0;
                    }
                }
            }
        }
        Ok(())
    }

    /// The depots hold only what the phase's deal put there: with n players the numbered depots
    /// use spaces 1..=n and the black depot 2n spaces; during the deal, only the spaces already
    /// dealt are filled.
    fn check_depots(&self) -> Result<(), String> {
        let n = self.n();
        let dealt_to = match self.step {
            Step::ChooseBoard { .. } | Step::ChooseCastle { .. } => 0,
            Step::FillDepots { next } => next as usize,
            _ => 37,
        };
        for d in 0..6 {
            for s in 0..4 {
                let Some(t) = self.depots[d][s] else {
                    continue;
                };
                if s >= n {
                    return Err(format!(
                        "depots[{d}][{s}]: with {n} players depot {} has {n} spaces",
                        d + 1
                    ));
                }
                if d * 4 + s >= dealt_to {
                    return Err(format!(
                        "depots[{d}][{s}]: holds {} but the deal has not reached it",
                        t.name()
                    ));
                }
            }
        }
        for (s, t) in self.black_depot.iter().enumerate() {
            let Some(t) = t else { continue };
            if s >= 2 * n {
                return Err(format!(
                    "black_depot[{s}]: with {n} players the black depot has {} spaces",
                    2 * n
                ));
            }
            if 24 + s >= dealt_to {
                return Err(format!(
                    "black_depot[{s}]: holds {} but the deal has not reached it",
                    t.name()
                ));
            }
        }
        Ok(())
    }

    /// The phase's goods tiles: round space r is revealed during the deal and delivered when
    /// round r's white die is rolled, so the spaces of rounds already delivered are empty (a
    /// goods tile left there would be lost at the phase end). An empty later space only means
    /// that round delivers nothing.
    fn check_round_goods(&self) -> Result<(), String> {
        let r = self.round as usize;
        let setup = matches!(
            self.step,
            Step::ChooseBoard { .. } | Step::ChooseCastle { .. }
        );
        if setup && self.phase != Phase::A {
            return Err(format!(
                "phase: the setup choices come before phase A, not {:?}",
                self.phase
            ));
        }
        if (setup || matches!(self.step, Step::FillDepots { .. })) && r != 1 {
            return Err(format!(
                "round: the deal before a phase comes before round 1, not round {r}"
            ));
        }
        for (i, g) in self.round_goods.iter().enumerate() {
            // whether round space i may still hold its goods
            let full = match self.step {
                Step::ChooseBoard { .. } | Step::ChooseCastle { .. } | Step::GameOver => false,
                Step::FillDepots { next } => 32 + i < next as usize,
                Step::RollDice { .. } => i + 1 >= r,
                Step::Play => i + 1 > r,
            };
            if let (true, false) = (g.is_some(), full) {
                return Err(format!(
                    "round_goods[{i}]: round {} of phase {:?} {}; its goods space is empty",
                    i + 1,
                    self.phase,
                    if matches!(self.step, Step::FillDepots { .. }) {
                        "is not revealed yet"
                    } else {
                        "has had its goods delivered (see round and step)"
                    }
                ));
            }
        }
        Ok(())
    }

    /// Markers on one track space form a stack: no two at the same height.
    fn check_track(&self) -> Result<(), String> {
        for (p, a) in self.players.iter().enumerate() {
            for (q, b) in self.players.iter().enumerate().take(p) {
                if (a.track_position, a.track_height) == (b.track_position, b.track_height) {
                    return Err(format!(
                        "players[{p}].track_height: players {q} and {p} are both at height {} \
                         of track space {}",
                        a.track_height, a.track_position
                    ));
                }
            }
        }
        Ok(())
    }
}
