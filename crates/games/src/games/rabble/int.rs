//! Exact integers of any size for the unbounded board (docs/rabble.md, decision 21).
//!
//! Coordinates, dimension indexes, ray lengths and the step handicap are [`Int`]s: an `i64`
//! while the value fits one (every game near the origin, and the arithmetic stays a checked
//! machine operation), a boxed [`BigInt`] beyond. The representation is normalised (a value
//! that fits an `i64` is never boxed), so the derived equality is numeric equality and the
//! hash of a small value is exactly the hash of its `i64`: repetition keys stored before
//! coordinates grew stay valid. A small value serialises as a JSON number, as before; a big
//! one as a string of its decimal digits.

use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::{Add, Mul, Neg, Sub};
use std::str::FromStr;

use num_bigint::BigInt;
use num_traits::{Signed, ToPrimitive};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// An exact integer: `i64` arithmetic while it fits, a big integer beyond.
#[derive(Clone, PartialEq, Eq)]
pub struct Int(Repr);

#[derive(Clone, PartialEq, Eq)]
enum Repr {
    Small(i64),
    /// Never a value that fits an `i64`.
    Big(Box<BigInt>),
}

/// A text that is not an integer (an optional sign, then decimal digits).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("not an integer")]
pub struct NotAnInt;

impl Int {
    /// Zero.
    pub const ZERO: Int = Int(Repr::Small(0));
    /// One: the value of every higher coordinate not named.
    pub const ONE: Int = Int(Repr::Small(1));

    /// A small value, usable in constants.
    #[must_use]
    pub const fn new(v: i64) -> Int {
        Int(Repr::Small(v))
    }

    fn from_big(b: BigInt) -> Int {
        match b.to_i64() {
            Some(v) => Int(Repr::Small(v)),
            None => Int(Repr::Big(Box::new(b))),
        }
    }

    fn to_big(&self) -> BigInt {
        match &self.0 {
            Repr::Small(v) => BigInt::from(*v),
            Repr::Big(b) => (**b).clone(),
        }
    }

    /// The value as an `i64`, when it fits one.
    #[must_use]
    pub fn to_i64(&self) -> Option<i64> {
        match self.0 {
            Repr::Small(v) => Some(v),
            Repr::Big(_) => None,
        }
    }

    /// The value as a `u32`, when it fits one.
    #[must_use]
    pub fn to_u32(&self) -> Option<u32> {
        self.to_i64().and_then(|v| u32::try_from(v).ok())
    }

    /// −1, 0 or 1.
    #[must_use]
    pub fn signum(&self) -> i64 {
        match &self.0 {
            Repr::Small(v) => v.signum(),
            Repr::Big(b) => {
                if b.is_negative() {
                    -1
                } else {
                    1
                }
            }
        }
    }

    /// Whether the value is 0.
    #[must_use]
    pub fn is_zero(&self) -> bool {
        self.0 == Repr::Small(0)
    }

    /// The absolute value.
    #[must_use]
    pub fn abs(&self) -> Int {
        match &self.0 {
            Repr::Small(v) => {
                v.checked_abs().map_or_else(|| Int::from_big(BigInt::from(*v).abs()), Int::new)
            }
            Repr::Big(b) => Int::from_big(b.abs()),
        }
    }

    /// Whether `lo ≤ self ≤ hi`.
    #[must_use]
    pub fn within(&self, lo: i64, hi: i64) -> bool {
        self.to_i64().is_some_and(|v| (lo..=hi).contains(&v))
    }

    /// Whether `lo ≤ self ≤ hi`, for bounds of any size.
    #[must_use]
    pub fn between(&self, lo: &Int, hi: &Int) -> bool {
        lo <= self && self <= hi
    }

    /// How many decimal digits the absolute value has (1 for 0).
    #[must_use]
    pub fn digits(&self) -> usize {
        match &self.0 {
            Repr::Small(v) => v.unsigned_abs().checked_ilog10().map_or(1, |d| d as usize + 1),
            Repr::Big(b) => b.magnitude().to_string().len(),
        }
    }
}

impl Default for Int {
    fn default() -> Int {
        Int::ZERO
    }
}

impl From<i64> for Int {
    fn from(v: i64) -> Int {
        Int::new(v)
    }
}

impl From<i32> for Int {
    fn from(v: i32) -> Int {
        Int::new(i64::from(v))
    }
}

impl From<u32> for Int {
    fn from(v: u32) -> Int {
        Int::new(i64::from(v))
    }
}

impl From<u64> for Int {
    fn from(v: u64) -> Int {
        i64::try_from(v).map_or_else(|_| Int::from_big(BigInt::from(v)), Int::new)
    }
}

impl From<&Int> for Int {
    fn from(v: &Int) -> Int {
        v.clone()
    }
}

impl Hash for Int {
    /// A small value hashes exactly as its `i64`; a big one as a marker and its digits.
    fn hash<H: Hasher>(&self, state: &mut H) {
        match &self.0 {
            Repr::Small(v) => v.hash(state),
            Repr::Big(b) => {
                state.write_u8(0xB1);
                b.hash(state);
            }
        }
    }
}

impl Ord for Int {
    fn cmp(&self, other: &Int) -> Ordering {
        match (&self.0, &other.0) {
            (Repr::Small(a), Repr::Small(b)) => a.cmp(b),
            // A big value lies outside the i64 range, on the side of its sign.
            (Repr::Small(_), Repr::Big(b)) => {
                if b.is_negative() {
                    Ordering::Greater
                } else {
                    Ordering::Less
                }
            }
            (Repr::Big(a), Repr::Small(_)) => {
                if a.is_negative() {
                    Ordering::Less
                } else {
                    Ordering::Greater
                }
            }
            (Repr::Big(a), Repr::Big(b)) => a.cmp(b),
        }
    }
}

impl PartialOrd for Int {
    fn partial_cmp(&self, other: &Int) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl PartialEq<i64> for Int {
    fn eq(&self, other: &i64) -> bool {
        self.0 == Repr::Small(*other)
    }
}

impl PartialEq<Int> for i64 {
    fn eq(&self, other: &Int) -> bool {
        other == self
    }
}

impl PartialOrd<i64> for Int {
    fn partial_cmp(&self, other: &i64) -> Option<Ordering> {
        Some(self.cmp(&Int::new(*other)))
    }
}

impl PartialOrd<Int> for i64 {
    fn partial_cmp(&self, other: &Int) -> Option<Ordering> {
        Some(Int::new(*self).cmp(other))
    }
}

impl Add<&Int> for &Int {
    type Output = Int;
    fn add(self, rhs: &Int) -> Int {
        if let (Repr::Small(a), Repr::Small(b)) = (&self.0, &rhs.0)
            && let Some(v) = a.checked_add(*b)
        {
            return Int::new(v);
        }
        Int::from_big(self.to_big() + rhs.to_big())
    }
}

impl Sub<&Int> for &Int {
    type Output = Int;
    fn sub(self, rhs: &Int) -> Int {
        if let (Repr::Small(a), Repr::Small(b)) = (&self.0, &rhs.0)
            && let Some(v) = a.checked_sub(*b)
        {
            return Int::new(v);
        }
        Int::from_big(self.to_big() - rhs.to_big())
    }
}

impl Mul<&Int> for &Int {
    type Output = Int;
    fn mul(self, rhs: &Int) -> Int {
        if let (Repr::Small(a), Repr::Small(b)) = (&self.0, &rhs.0)
            && let Some(v) = a.checked_mul(*b)
        {
            return Int::new(v);
        }
        Int::from_big(self.to_big() * rhs.to_big())
    }
}

impl Neg for &Int {
    type Output = Int;
    fn neg(self) -> Int {
        match &self.0 {
            Repr::Small(v) => {
                v.checked_neg().map_or_else(|| Int::from_big(-BigInt::from(*v)), Int::new)
            }
            Repr::Big(b) => Int::from_big(-(**b).clone()),
        }
    }
}

impl Neg for Int {
    type Output = Int;
    fn neg(self) -> Int {
        -&self
    }
}

/// The owned and `i64` forms of the four operations, all through the `&Int` ones.
macro_rules! forward {
    ($tr:ident, $f:ident) => {
        impl $tr<Int> for Int {
            type Output = Int;
            fn $f(self, rhs: Int) -> Int {
                (&self).$f(&rhs)
            }
        }
        impl $tr<&Int> for Int {
            type Output = Int;
            fn $f(self, rhs: &Int) -> Int {
                (&self).$f(rhs)
            }
        }
        impl $tr<Int> for &Int {
            type Output = Int;
            fn $f(self, rhs: Int) -> Int {
                self.$f(&rhs)
            }
        }
        impl $tr<i64> for &Int {
            type Output = Int;
            fn $f(self, rhs: i64) -> Int {
                self.$f(&Int::new(rhs))
            }
        }
        impl $tr<i64> for Int {
            type Output = Int;
            fn $f(self, rhs: i64) -> Int {
                (&self).$f(&Int::new(rhs))
            }
        }
    };
}

forward!(Add, add);
forward!(Sub, sub);
forward!(Mul, mul);

impl fmt::Display for Int {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Repr::Small(v) => fmt::Display::fmt(v, f),
            Repr::Big(b) => fmt::Display::fmt(b, f),
        }
    }
}

impl fmt::Debug for Int {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl FromStr for Int {
    type Err = NotAnInt;

    /// An optional `+` or `-`, then at least one ASCII digit; any length, leading zeros
    /// allowed. The work is linear in the text up to 18 digits and, beyond, the big-integer
    /// conversion's (quadratic in the digits with a small constant: 4,000 digits, the most a
    /// message carries, convert in well under a millisecond).
    fn from_str(text: &str) -> Result<Int, NotAnInt> {
        let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(NotAnInt);
        }
        if digits.len() <= 18 {
            return text.parse::<i64>().map(Int::new).map_err(|_| NotAnInt);
        }
        BigInt::from_str(text).map(Int::from_big).map_err(|_| NotAnInt)
    }
}

impl Serialize for Int {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match &self.0 {
            Repr::Small(v) => s.serialize_i64(*v),
            Repr::Big(b) => s.serialize_str(&b.to_string()),
        }
    }
}

impl<'de> Deserialize<'de> for Int {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Int, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = Int;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an integer, or a string of decimal digits")
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Int, E> {
                Ok(Int::new(v))
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Int, E> {
                Ok(Int::from(v))
            }
            fn visit_i128<E: serde::de::Error>(self, v: i128) -> Result<Int, E> {
                Ok(Int::from_big(BigInt::from(v)))
            }
            fn visit_u128<E: serde::de::Error>(self, v: u128) -> Result<Int, E> {
                Ok(Int::from_big(BigInt::from(v)))
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Int, E> {
                v.parse().map_err(|_| E::custom(format!("`{v}` is not an integer")))
            }
        }
        d.deserialize_any(Visitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn big(s: &str) -> Int {
        s.parse().unwrap()
    }

    #[test]
    fn arithmetic_crosses_the_i64_edge_exactly_and_comes_back_small() {
        let max = Int::new(i64::MAX);
        let over = &max + 1;
        assert_eq!(over.to_string(), "9223372036854775808");
        assert_eq!(over.to_i64(), None);
        assert_eq!(&over - 1, max);
        assert_eq!((&over - 1).to_i64(), Some(i64::MAX));
        let min = Int::new(i64::MIN);
        assert_eq!((-&min).to_string(), "9223372036854775808");
        assert_eq!(min.abs().to_string(), "9223372036854775808");
        assert_eq!((&min - 1).to_string(), "-9223372036854775809");
        assert_eq!(
            big("10000000000000000000000000000000000000000") * 3 - 1,
            big("29999999999999999999999999999999999999999")
        );
    }

    #[test]
    fn order_is_numeric_across_small_and_big_values() {
        let mut v = [
            big("-1000000000000000000000"),
            Int::new(5),
            big("1000000000000000000000"),
            Int::new(i64::MIN),
            big("999999999999999999999"),
        ];
        v.sort();
        let shown: Vec<String> = v.iter().map(ToString::to_string).collect();
        assert_eq!(
            shown,
            [
                "-1000000000000000000000",
                "-9223372036854775808",
                "5",
                "999999999999999999999",
                "1000000000000000000000"
            ]
        );
        assert!(big("1000000000000000000000") > 7);
        assert!((1..=12).contains(&Int::new(12)));
        assert!(!(1..=12).contains(&big("1000000000000000000000")));
    }

    #[test]
    fn a_small_value_hashes_and_serialises_as_its_i64_and_a_big_one_as_a_string() {
        use std::collections::hash_map::DefaultHasher;
        let h = |v: &dyn Fn(&mut DefaultHasher)| {
            let mut s = DefaultHasher::new();
            v(&mut s);
            s.finish()
        };
        assert_eq!(h(&|s| Int::new(-42).hash(s)), h(&|s| (-42i64).hash(s)));
        assert_eq!(serde_json::to_string(&Int::new(-42)).unwrap(), "-42");
        let b = big("-123456789012345678901234567890");
        assert_eq!(serde_json::to_string(&b).unwrap(), "\"-123456789012345678901234567890\"");
        assert_eq!(serde_json::from_str::<Int>("\"-123456789012345678901234567890\"").unwrap(), b);
        assert_eq!(serde_json::from_str::<Int>("17").unwrap(), 17);
        assert_eq!(
            serde_json::from_str::<Int>("18446744073709551615").unwrap().to_string(),
            "18446744073709551615"
        );
        // A big value written as a string of a small one still reads normalised.
        assert_eq!(
            serde_json::from_str::<Int>("\"0000000000000000000000007\"").unwrap().to_i64(),
            Some(7)
        );
    }

    #[test]
    fn reading_takes_any_number_of_digits_and_nothing_else() {
        let long = "9".repeat(4_000);
        let v: Int = long.parse().unwrap();
        assert_eq!(v.digits(), 4_000);
        assert_eq!(v.to_string(), long);
        assert_eq!("+00012".parse::<Int>(), Ok(Int::new(12)));
        for bad in ["", "-", "1.5", "1e9", " 1", "١٢"] {
            assert_eq!(bad.parse::<Int>(), Err(NotAnInt), "{bad}");
        }
        assert_eq!(Int::new(0).digits(), 1);
        assert_eq!(Int::new(-100).digits(), 3);
        assert_eq!(Int::new(i64::MIN).digits(), 19);
    }
}
