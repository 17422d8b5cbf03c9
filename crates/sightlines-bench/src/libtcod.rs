//! libtcod, the C reference, through a small hand-written binding of its
//! field-of-view API (feature `libtcod`; Debian: `apt-get install libtcod-dev`).
//!
//! libtcod keeps one `TCOD_Map` with a transparency flag and a field-of-view
//! flag per cell. `TCOD_map_compute_fov` clears the field-of-view flag of
//! every cell of the map before it computes (the API offers no way around
//! that), so its cost grows with the map, not only with the range. Results
//! are read back with `TCOD_map_is_in_fov`, outside the timed loop: the map
//! is libtcod's own answer to "what is visible", as the set is ours.
//!
//! All `unsafe` of the crate is in the private `ffi` module below.

use crate::contender::{Contender, Spec};
use crate::workload::{range_box, Workload};
use std::hint::black_box;

/// libtcod's algorithms, as `TCOD_fov_algorithm_t` numbers them (libtcod
/// 1.18 `fov_types.h`).
pub mod algorithm {
    /// `FOV_BASIC`: rays to the range's perimeter.
    pub const BASIC: i32 = 0;
    /// `FOV_DIAMOND`.
    pub const DIAMOND: i32 = 1;
    /// `FOV_SHADOW`: recursive shadowcasting.
    pub const SHADOW: i32 = 2;
    /// `FOV_PERMISSIVE_0`; `FOV_PERMISSIVE_n` is `PERMISSIVE_0 + n`, up to 8.
    pub const PERMISSIVE_0: i32 = 3;
    /// `FOV_PERMISSIVE_8`: precise permissive.
    pub const PERMISSIVE_8: i32 = PERMISSIVE_0 + 8;
    /// `FOV_RESTRICTIVE`: MRPAS.
    pub const RESTRICTIVE: i32 = 12;
    /// `FOV_SYMMETRIC_SHADOWCAST` (libtcod 1.16 and later).
    pub const SYMMETRIC_SHADOWCAST: i32 = 13;
}

/// libtcod's contenders: every algorithm of `TCOD_fov_algorithm_t`.
pub fn specs() -> Vec<Spec> {
    let mut list: Vec<(String, &'static str, i32)> = vec![
        ("basic".into(), "basic-raycast", algorithm::BASIC),
        ("diamond".into(), "diamond-raycast", algorithm::DIAMOND),
        ("shadow".into(), "recursive-shadowcast", algorithm::SHADOW),
    ];
    const LEVELS: [&str; 8] = [
        "permissive-0",
        "permissive-1",
        "permissive-2",
        "permissive-3",
        "permissive-4",
        "permissive-5",
        "permissive-6",
        "permissive-7",
    ];
    for (n, family) in LEVELS.into_iter().enumerate() {
        list.push((family.into(), family, algorithm::PERMISSIVE_0 + n as i32));
    }
    list.push((
        "permissive-8".into(),
        "precise-permissive",
        algorithm::PERMISSIVE_8,
    ));
    list.push(("restrictive".into(), "restrictive", algorithm::RESTRICTIVE));
    list.push((
        "symmetric-shadowcast".into(),
        "symmetric-shadowcast",
        algorithm::SYMMETRIC_SHADOWCAST,
    ));
    list.into_iter()
        .map(|(name, family, algo)| Spec {
            id: format!("libtcod/{name}"),
            family,
            build: Box::new(move |w, r| Box::new(Libtcod::new(w, r, algo))),
        })
        .collect()
}

/// One libtcod algorithm on its own copy of the map.
struct Libtcod {
    map: ffi::Map,
    algo: i32,
    /// libtcod's radius: 0 is the whole map; otherwise its circle.
    radius: i32,
    range: Option<u32>,
}

impl Libtcod {
    fn new(w: &Workload, radius: Option<u32>, algo: i32) -> Libtcod {
        let mut map = ffi::Map::new(w.width as i32, w.height as i32);
        for y in 0..w.height as i32 {
            for x in 0..w.width as i32 {
                map.set_transparent(x, y, !w.opaque[w.index(x, y)]);
            }
        }
        Libtcod {
            map,
            algo,
            radius: radius.map_or(0, |r| r as i32),
            range: radius,
        }
    }
}

impl Contender for Libtcod {
    fn run(&mut self, viewpoints: &[(i32, i32)]) {
        for &(x, y) in viewpoints {
            self.map
                .compute_fov(x, y, self.radius, true, self.algo)
                .expect("libtcod computes the field of view");
            black_box(&self.map);
        }
    }

    fn tiles(&mut self, origin: (i32, i32)) -> Vec<(i32, i32)> {
        self.run(&[origin]);
        // libtcod marks nothing outside the radius's square.
        let area = range_box(
            self.map.width() as u32,
            self.map.height() as u32,
            origin,
            self.range,
        );
        let mut out = Vec::new();
        for y in area.y..area.y + area.height as i32 {
            for x in area.x..area.x + area.width as i32 {
                if self.map.is_in_fov(x, y) {
                    out.push((x, y));
                }
            }
        }
        out
    }
}

/// The raw binding and its one safe owner, [`ffi::Map`].
mod ffi {
    use std::os::raw::c_int;
    use std::ptr::NonNull;

    /// libtcod's `TCOD_Map`, only ever handled through a pointer.
    #[repr(C)]
    struct TcodMap {
        _opaque: [u8; 0],
    }

    #[link(name = "tcod")]
    unsafe extern "C" {
        fn TCOD_map_new(width: c_int, height: c_int) -> *mut TcodMap;
        fn TCOD_map_set_properties(
            map: *mut TcodMap,
            x: c_int,
            y: c_int,
            is_transparent: bool,
            is_walkable: bool,
        );
        fn TCOD_map_compute_fov(
            map: *mut TcodMap,
            pov_x: c_int,
            pov_y: c_int,
            max_radius: c_int,
            light_walls: bool,
            algo: c_int,
        ) -> c_int;
        fn TCOD_map_is_in_fov(map: *const TcodMap, x: c_int, y: c_int) -> bool;
        fn TCOD_map_delete(map: *mut TcodMap);
    }

    /// A `TCOD_Map` owned by Rust: created in `new`, deleted in `drop`.
    #[derive(Debug)]
    pub struct Map {
        ptr: NonNull<TcodMap>,
        width: c_int,
        height: c_int,
    }

    impl Map {
        /// A `width` x `height` map, all transparent flags false.
        pub fn new(width: c_int, height: c_int) -> Map {
            assert!(width > 0 && height > 0, "libtcod maps are never empty");
            // SAFETY: plain values in; libtcod returns a new map it allocated,
            // or null when out of memory, which NonNull::new rejects.
            let ptr = unsafe { TCOD_map_new(width, height) };
            Map {
                ptr: NonNull::new(ptr).expect("TCOD_map_new returned null"),
                width,
                height,
            }
        }

        pub fn width(&self) -> c_int {
            self.width
        }

        pub fn height(&self) -> c_int {
            self.height
        }

        fn on_map(&self, x: c_int, y: c_int) -> bool {
            (0..self.width).contains(&x) && (0..self.height).contains(&y)
        }

        /// Sets whether `(x, y)` lets sight through (and is walkable).
        pub fn set_transparent(&mut self, x: c_int, y: c_int, transparent: bool) {
            assert!(self.on_map(x, y), "({x}, {y}) is off the libtcod map");
            // SAFETY: `ptr` is a live map we own (deleted only in drop), and
            // `(x, y)` is on it, checked above.
            unsafe { TCOD_map_set_properties(self.ptr.as_ptr(), x, y, transparent, transparent) }
        }

        /// Computes the field of view from `(x, y)`; `radius` 0 is unlimited.
        /// Returns libtcod's error code when it is not `TCOD_E_OK` (0).
        pub fn compute_fov(
            &mut self,
            x: c_int,
            y: c_int,
            radius: c_int,
            light_walls: bool,
            algo: c_int,
        ) -> Result<(), c_int> {
            assert!(self.on_map(x, y), "({x}, {y}) is off the libtcod map");
            assert!(
                (0..=super::algorithm::SYMMETRIC_SHADOWCAST).contains(&algo),
                "unknown libtcod algorithm {algo}"
            );
            // SAFETY: `ptr` is a live map we own and nothing else aliases it
            // (`&mut self`); the origin is on the map and `algo` a valid
            // `TCOD_fov_algorithm_t` value, both checked above. libtcod keeps
            // no pointer after the call.
            let code =
                unsafe { TCOD_map_compute_fov(self.ptr.as_ptr(), x, y, radius, light_walls, algo) };
            if code == 0 {
                Ok(())
            } else {
                Err(code)
            }
        }

        /// Whether `(x, y)` is in the last field of view; false off the map.
        pub fn is_in_fov(&self, x: c_int, y: c_int) -> bool {
            // SAFETY: `ptr` is a live map we own; `(x, y)` is on it.
            self.on_map(x, y) && unsafe { TCOD_map_is_in_fov(self.ptr.as_ptr(), x, y) }
        }
    }

    impl Drop for Map {
        fn drop(&mut self) {
            // SAFETY: `ptr` came from TCOD_map_new, is deleted only here, once,
            // and is never used after.
            unsafe { TCOD_map_delete(self.ptr.as_ptr()) }
        }
    }
}
