//! The modules' fields of the position (`"caravans": {..}`, `"two": {..}`, ...), flattened into
//! [`crate::position::Position`] in the place they always had (after `events`), so the JSON is
//! unchanged. Each type lives in its module's `state.rs` (a leaf), so the base's position
//! format names no module.
//!
//! Reading keeps the path of a field of the wrong shape (`traders.wagons[0]: invalid type ..`):
//! a flattened struct is read from a buffer the error path does not see, so each field is read
//! here with its own path and the path written into the message.

use crate::{barbarian_attack, caravans, fishermen, rivers, traders, two};
use serde::de::{self, DeserializeSeed, IgnoredAny, MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize};
use std::marker::PhantomData;

#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct ModulePositions {
    /// B7 The Caravans.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub caravans: Option<caravans::CaravansPos>,
    /// B6 The Rivers of Catan: coins, bridges, purchases, Wealthiest Settler.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rivers: Option<rivers::RiversPos>,
    /// B4 Catan for Two (tokens, neutral players, the turn's rolls).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub two: Option<two::TwoPos>,
    /// B5 The Fishermen of Catan: the fish tokens.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fishermen: Option<fishermen::FishPos>,
    /// B8 Barbarian Attack (barbarians, knights, coins, prisoners, the module's deck and step).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub barbarian_attack: Option<barbarian_attack::Pos>,
    /// B9 Traders & Barbarians (present only with that scenario).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub traders: Option<traders::TradersPos>,
}

const FIELDS: &[&str] = &[
    "caravans",
    "rivers",
    "two",
    "fishermen",
    "barbarian_attack",
    "traders",
];

impl<'de> Deserialize<'de> for ModulePositions {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_struct("ModulePositions", FIELDS, FieldsVisitor)
    }
}

struct FieldsVisitor;

impl<'de> Visitor<'de> for FieldsVisitor {
    type Value = ModulePositions;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("the modules' fields of a catan position")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<ModulePositions, A::Error> {
        let mut m = ModulePositions::default();
        while let Some(key) = map.next_key::<String>()? {
            match key.as_str() {
                "caravans" => m.caravans = map.next_value_seed(Named::new("caravans"))?,
                "rivers" => m.rivers = map.next_value_seed(Named::new("rivers"))?,
                "two" => m.two = map.next_value_seed(Named::new("two"))?,
                "fishermen" => m.fishermen = map.next_value_seed(Named::new("fishermen"))?,
                "barbarian_attack" => {
                    m.barbarian_attack = map.next_value_seed(Named::new("barbarian_attack"))?
                }
                "traders" => m.traders = map.next_value_seed(Named::new("traders"))?,
                // Only the fields above are handed over by the flattening; the outer struct
                // refuses the rest.
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok(m)
    }
}

/// Reads the value of field `name`, naming the path inside it in the error message the way
/// `from_json` names the path of a base field.
struct Named<T> {
    name: &'static str,
    _t: PhantomData<T>,
}

impl<T> Named<T> {
    fn new(name: &'static str) -> Self {
        Named {
            name,
            _t: PhantomData,
        }
    }
}

impl<'de, T: Deserialize<'de>> DeserializeSeed<'de> for Named<T> {
    type Value = T;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<T, D::Error> {
        serde_path_to_error::deserialize(d).map_err(|e| {
            let path = e.path().to_string();
            let inner = e.into_inner();
            if path == "." {
                de::Error::custom(format!("{}: {inner}", self.name))
            } else {
                de::Error::custom(format!("{}.{path}: {inner}", self.name))
            }
        })
    }
}
