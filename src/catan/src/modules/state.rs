//! The modules' state inside [`crate::Catan`]: one field there, one `Option<Box<..>>` per
//! module here, `None` when the module is off (so the base game's clone stays small). Each
//! type lives in its module's `state.rs`, a leaf that imports nothing of the base rules, so
//! the base names no module and the imports form no circle.

use crate::{barbarian_attack, caravans, fishermen, rivers, traders, two};

#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct ModuleStates {
    /// B4 Catan for Two.
    pub two: Option<Box<two::State>>,
    /// B5 The Fishermen of Catan.
    pub fishermen: Option<Box<fishermen::State>>,
    /// B6 The Rivers of Catan.
    pub rivers: Option<Box<rivers::State>>,
    /// B7 The Caravans.
    pub caravans: Option<Box<caravans::State>>,
    /// B8 Barbarian Attack.
    pub barbarian_attack: Option<Box<barbarian_attack::State>>,
    /// B9 Traders & Barbarians.
    pub traders: Option<Box<traders::State>>,
}
