//! The global allocator of the binary and the benches: mimalloc, asked without alignment when its own suffices.
//!
//! Games allocate many small, short-lived values (about 15,000 a random FF-TCG game); mimalloc
//! serves them faster than the system allocator. Every mimalloc block is a whole number of words
//! (its smallest size class is 8 bytes), so a layout aligned to at most 8 bytes, nearly all of
//! them, is served by `mi_malloc`, which skips the aligned path's checks (the `mimalloc` crate
//! asks `mi_malloc_aligned` for every layout: 2.7% of the instructions of self-play).

use std::alloc::{GlobalAlloc, Layout};
use std::ffi::c_void;

use libmimalloc_sys as mi;

/// The alignment of every mimalloc block: a word (`MI_INTPTR_SIZE`; blocks of 16 bytes or more are
/// not all aligned to 16: a 24-byte block is aligned to 8 only).
const WORD: usize = std::mem::size_of::<usize>();

/// mimalloc as the global allocator (`#[global_allocator] static A: Mimalloc = Mimalloc;`).
pub struct Mimalloc;

/// Whether mimalloc's own alignment serves `layout`.
#[inline]
fn natural(layout: &Layout) -> bool {
    layout.align() <= WORD
}

// SAFETY: every pointer handed out comes from mimalloc with at least the layout's size and
// alignment (`natural`, or the aligned calls), and is given back to mimalloc only.
unsafe impl GlobalAlloc for Mimalloc {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: plain calls into mimalloc with a non-zero size (GlobalAlloc's contract).
        let p = unsafe { if natural(&layout) { mi::mi_malloc(layout.size()) } else { mi::mi_malloc_aligned(layout.size(), layout.align()) } };
        p as *mut u8
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as `alloc`.
        let p = unsafe { if natural(&layout) { mi::mi_zalloc(layout.size()) } else { mi::mi_zalloc_aligned(layout.size(), layout.align()) } };
        p as *mut u8
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, _layout: Layout) {
        // SAFETY: `ptr` came from this allocator.
        unsafe { mi::mi_free(ptr as *mut c_void) }
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: `ptr` came from this allocator; a block mimalloc moves it to is word-aligned too.
        let p = unsafe {
            if natural(&layout) {
                mi::mi_realloc(ptr as *mut c_void, new_size)
            } else {
                mi::mi_realloc_aligned(ptr as *mut c_void, new_size, layout.align())
            }
        };
        p as *mut u8
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_keep_the_alignment_their_layout_asks_for() {
        for (size, align) in [(1, 1), (3, 2), (8, 8), (12, 4), (16, 16), (24, 8), (48, 16), (8, 16), (64, 64), (100, 32), (4096, 4096)] {
            let layout = Layout::from_size_align(size, align).unwrap();
            // SAFETY: a non-zero layout, freed with the allocator that made it.
            unsafe {
                let p = Mimalloc.alloc(layout);
                assert!(!p.is_null() && (p as usize).is_multiple_of(align), "{size} bytes aligned to {align}");
                let q = Mimalloc.realloc(p, layout, size * 3);
                assert!(!q.is_null() && (q as usize).is_multiple_of(align), "{size} bytes grown, aligned to {align}");
                Mimalloc.dealloc(q, Layout::from_size_align(size * 3, align).unwrap());
            }
        }
    }
}
