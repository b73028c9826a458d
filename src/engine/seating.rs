//! Who sits where and who scores: values kept per seat ([`PerSeat`]) or per
//! scorer ([`PerScorer`]: a seat, or a side in partnerships), and the
//! partnership roles ([`Roles`]). Each table is indexed only by its own kind
//! of key, so a seat, a side and a course (see `PerCourse`) cannot be mixed
//! up. They are fixed-size arrays: no allocation, cheap to copy.

use super::rules::GameKind;
use std::ops::{Index, IndexMut};

/// Who scores: a seat in the two- and three-player games, a side in
/// partnerships (side 0 = seats 0 and 2, side 1 = seats 1 and 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Scorer(u8);

impl Scorer {
    /// The scorer's number: its seat, or its side in partnerships.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl GameKind {
    /// Who scores for `seat`: the seat itself, or its side in partnerships.
    #[inline(always)]
    pub fn scorer_of(self, seat: u8) -> Scorer {
        match self {
            GameKind::Partnership => Scorer(seat & 1),
            _ => Scorer(seat),
        }
    }

    /// Every scorer of the game, in order.
    pub fn each_scorer(self) -> impl Iterator<Item = Scorer> {
        (0..self.scorers() as u8).map(Scorer)
    }

    /// Who a scorer is: a seat, or a partnership side's two members (who sit opposite).
    pub fn seats_of(self, scorer: Scorer) -> ScorerSeats {
        match self {
            GameKind::Partnership => ScorerSeats::Side([scorer.0, scorer.0 + 2]),
            _ => ScorerSeats::Seat(scorer.0),
        }
    }
}

/// The seats a [`Scorer`] stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScorerSeats {
    Seat(u8),
    /// A partnership side's two members.
    Side([u8; 2]),
}

/// Defines a table of up to four values indexed by one kind of key.
macro_rules! table {
    ($(#[$doc:meta])* $name:ident, $key:ty, |$k:ident| $index:expr, |$i:ident| $make:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub struct $name<T> {
            // Unused entries keep `T::default()`, so equal tables compare equal.
            values: [T; 4],
            len: u8,
        }

        impl<T: Copy + Default> $name<T> {
            /// A table of `len` entries, entry `k` being `f(k)`.
            pub fn from_fn(len: usize, mut f: impl FnMut($key) -> T) -> Self {
                debug_assert!(len <= 4);
                let mut values = [T::default(); 4];
                for $i in 0..len as u8 {
                    values[$i as usize] = f($make);
                }
                $name {
                    values,
                    len: len as u8,
                }
            }
        }

        impl<T> $name<T> {
            pub fn len(&self) -> usize {
                self.len as usize
            }
            pub fn is_empty(&self) -> bool {
                self.len == 0
            }
            /// The values in key order.
            pub fn as_slice(&self) -> &[T] {
                &self.values[..self.len as usize]
            }
            /// Each key with its value, in order.
            pub fn iter(&self) -> impl Iterator<Item = ($key, &T)> + '_ {
                self.as_slice()
                    .iter()
                    .enumerate()
                    .map(|($i, v)| {
                        let $i = $i as u8;
                        ($make, v)
                    })
            }
            pub fn to_vec(&self) -> Vec<T>
            where
                T: Clone,
            {
                self.as_slice().to_vec()
            }
        }

        impl<T> Index<$key> for $name<T> {
            type Output = T;
            #[inline(always)]
            fn index(&self, $k: $key) -> &T {
                &self.values[$index]
            }
        }

        impl<T> IndexMut<$key> for $name<T> {
            #[inline(always)]
            fn index_mut(&mut self, $k: $key) -> &mut T {
                &mut self.values[$index]
            }
        }
    };
}

table!(
    /// One value per seat of the game.
    PerSeat, u8, |seat| seat as usize, |i| i
);
table!(
    /// One value per scorer of the game (seats, or sides in partnerships).
    PerScorer, Scorer, |scorer| scorer.index(), |i| Scorer(i)
);

/// Scores or totals by scorer.
pub type Scores = PerScorer<u32>;

impl Scores {
    /// The highest score (0 when there are none).
    pub fn top(&self) -> u32 {
        self.as_slice().iter().copied().max().unwrap_or(0)
    }

    /// Every scorer with the highest score.
    pub fn leaders(&self) -> impl Iterator<Item = Scorer> + '_ {
        let top = self.top();
        self.iter().filter(move |(_, &v)| v == top).map(|(s, _)| s)
    }

    /// The scorer alone in the lead; None on a tie for the lead.
    pub fn winner(&self) -> Option<Scorer> {
        let mut leaders = self.leaders();
        match (leaders.next(), leaders.next()) {
            (Some(one), None) => Some(one),
            _ => None,
        }
    }
}

/// A partnership member's role, fixed for the game: a High member's Aces
/// rank above the King and it keeps its side's high tricks; a Low member's
/// Aces rank below the Two and it keeps the low tricks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    High,
    Low,
}

/// Which seats are High members (partnerships; in other games nobody is).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Roles {
    high: [bool; 4],
}

impl Roles {
    /// No roles: the two- and three-player games.
    pub const NONE: Roles = Roles { high: [false; 4] };

    /// Roles from which seats are High (a deal's view read back).
    pub(crate) fn from_high(high: [bool; 4]) -> Roles {
        Roles { high }
    }

    /// The roles of a game whose first deal is dealt by `first_dealer`: in
    /// partnerships the first dealer's left-hand neighbour and partner are
    /// High for the whole game, the dealer and right-hand neighbour Low.
    pub fn of_game(game: GameKind, first_dealer: u8) -> Roles {
        let mut high = [false; 4];
        if game == GameKind::Partnership {
            high[((first_dealer + 1) % 4) as usize] = true;
            high[((first_dealer + 2) % 4) as usize] = true;
        }
        Roles { high }
    }

    #[inline(always)]
    pub fn is_high(self, seat: u8) -> bool {
        self.high[seat as usize & 3]
    }

    pub fn role(self, seat: u8) -> Role {
        if self.is_high(seat) {
            Role::High
        } else {
            Role::Low
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_winner_is_alone_in_the_lead() {
        let game = GameKind::ThreePlayer;
        let scores = Scores::from_fn(3, |s| [5, 9, 9][s.index()]);
        assert_eq!(scores.top(), 9);
        assert_eq!(scores.leaders().collect::<Vec<_>>(), [Scorer(1), Scorer(2)]);
        assert_eq!(scores.winner(), None);
        let scores = Scores::from_fn(3, |s| [5, 9, 2][s.index()]);
        assert_eq!(scores.winner(), Some(game.scorer_of(1)));
    }

    #[test]
    fn partners_score_together() {
        let game = GameKind::Partnership;
        assert_eq!(game.scorer_of(0), game.scorer_of(2));
        assert_eq!(game.scorer_of(1), game.scorer_of(3));
        assert_ne!(game.scorer_of(0), game.scorer_of(1));
        assert_eq!(game.each_scorer().count(), 2);
        let side = game.scorer_of(3);
        assert_eq!(game.seats_of(side), ScorerSeats::Side([1, 3]));
        let three = GameKind::ThreePlayer;
        assert_eq!(three.seats_of(three.scorer_of(2)), ScorerSeats::Seat(2));
        assert_eq!(GameKind::ThreePlayer.scorer_of(2).index(), 2);
    }

    #[test]
    fn the_first_dealers_left_and_partner_are_high() {
        let roles = Roles::of_game(GameKind::Partnership, 3);
        let high: Vec<u8> = (0..4).filter(|&s| roles.is_high(s)).collect();
        assert_eq!(high, [0, 1]);
        assert_eq!(roles.role(2), Role::Low);
        assert_eq!(Roles::of_game(GameKind::TwoPlayer, 0), Roles::NONE);
    }
}
