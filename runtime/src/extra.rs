//! The members a struct's schema does not name: kept in document order so
//! parse → serialize loses nothing, and usually none. An empty `IndexMap`
//! still takes nine words in every object; [`Extra`] is one pointer until a
//! member arrives.

use crate::Map;
use std::fmt;

/// The members of an object that its schema does not name (a generated
/// struct's `extra` field), in document order, so that parse → serialize
/// loses nothing: a map that allocates only when it holds something (most
/// objects hold nothing here).
#[derive(Clone)]
pub struct Extra<V>(Option<Box<Map<String, V>>>);

impl<V> Extra<V> {
    /// No members.
    pub const fn new() -> Self {
        Extra(None)
    }

    /// The members as a map, if there are any.
    pub fn as_map(&self) -> Option<&Map<String, V>> {
        self.0.as_deref()
    }

    /// The map, created empty on first use.
    pub fn map_mut(&mut self) -> &mut Map<String, V> {
        self.0.get_or_insert_with(Default::default)
    }

    /// How many members.
    pub fn len(&self) -> usize {
        self.0.as_ref().map_or(0, |m| m.len())
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The member called `key`.
    pub fn get(&self, key: &str) -> Option<&V> {
        self.0.as_ref()?.get(key)
    }

    /// Adds (or replaces, keeping its place) member `key`; the old value.
    pub fn insert(&mut self, key: String, value: V) -> Option<V> {
        self.map_mut().insert(key, value)
    }

    /// Removes member `key` (later members move up); its value.
    pub fn remove(&mut self, key: &str) -> Option<V> {
        self.0.as_mut()?.shift_remove(key)
    }

    /// The members in document order.
    pub fn iter(&self) -> indexmap::map::Iter<'_, String, V> {
        match &self.0 {
            Some(m) => m.iter(),
            // An empty slice of entries iterates like an empty map.
            None => indexmap::map::Slice::new().iter(),
        }
    }
}

impl<V> Default for Extra<V> {
    fn default() -> Self {
        Self::new()
    }
}

impl<V: PartialEq> PartialEq for Extra<V> {
    /// Equal members in equal order (empty equals absent).
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len() && self.iter().zip(other.iter()).all(|(a, b)| a == b)
    }
}

impl<V: fmt::Debug> fmt::Debug for Extra<V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

impl<V> From<Map<String, V>> for Extra<V> {
    fn from(m: Map<String, V>) -> Self {
        if m.is_empty() {
            Extra(None)
        } else {
            Extra(Some(Box::new(m)))
        }
    }
}

impl<V> FromIterator<(String, V)> for Extra<V> {
    fn from_iter<I: IntoIterator<Item = (String, V)>>(iter: I) -> Self {
        Map::from_iter(iter).into()
    }
}

impl<'a, V> IntoIterator for &'a Extra<V> {
    type Item = (&'a String, &'a V);
    type IntoIter = indexmap::map::Iter<'a, String, V>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<V> IntoIterator for Extra<V> {
    type Item = (String, V);
    type IntoIter = std::iter::Flatten<std::option::IntoIter<indexmap::map::IntoIter<String, V>>>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.map(|m| (*m).into_iter()).into_iter().flatten()
    }
}

impl<V> std::ops::Index<&str> for Extra<V> {
    type Output = V;
    /// The member called `key`; panics when there is none, as a map does.
    fn index(&self, key: &str) -> &V {
        self.get(key).unwrap_or_else(|| panic!("no member `{key}`"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_costs_one_pointer_and_equals_an_emptied_one() {
        assert_eq!(std::mem::size_of::<Extra<serde_json::Value>>(), std::mem::size_of::<usize>());
        assert_eq!(std::mem::size_of::<Map<String, serde_json::Value>>(), 9 * std::mem::size_of::<usize>());
        let mut a: Extra<i32> = Extra::new();
        let b: Extra<i32> = Extra::new();
        assert!(a.is_empty() && a.iter().next().is_none());
        a.insert("x".into(), 1);
        assert_ne!(a, b);
        a.remove("x");
        assert_eq!(a, b);
    }

    #[test]
    fn keeps_document_order() {
        let e: Extra<i32> = [("b".to_owned(), 1), ("a".to_owned(), 2)].into_iter().collect();
        assert_eq!(e.iter().map(|(k, _)| k.as_str()).collect::<Vec<_>>(), ["b", "a"]);
        assert_eq!(e["a"], 2);
        assert_eq!(e.into_iter().map(|(_, v)| v).collect::<Vec<_>>(), [1, 2]);
    }
}
