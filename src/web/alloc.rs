//! The page's memory allocator: power-of-two size classes, each with a free
//! list, carved from a region that only grows (wasm memory never shrinks).
//!
//! Why not the default (dlmalloc): it is ~8 KB of code, ~3.5 KB gzipped, in a
//! page with a 100 KB budget. The page is single-threaded and allocates
//! mostly small, short-lived strings and vectors; the engine's play-outs do
//! not allocate at all. Rounding up to a power of two wastes at most half a
//! block, and `Vec` grows by doubling anyway. Memory freed in one class is
//! reused only by that class; for a card table that is a few hundred KB at most.

use core::alloc::Layout;
use core::ptr::null_mut;
#[cfg(target_arch = "wasm32")]
use core::{alloc::GlobalAlloc, cell::UnsafeCell};

/// Size classes 2^4 (16 bytes) to 2^31.
const MIN_CLASS: u32 = 4;
const CLASSES: usize = 32;
/// Blocks are aligned to their size, up to one 4 KB page (larger alignments are refused).
const MAX_ALIGN: usize = 4096;

/// Where the allocator gets more memory: `wasm32::memory_grow` in the page,
/// a test arena natively.
pub trait Grow {
    /// Adds at least `bytes` bytes and returns where the new space starts and
    /// how long it is, or None when memory is exhausted.
    fn grow(&mut self, bytes: usize) -> Option<(usize, usize)>;
}

pub struct Heap<G> {
    grow: G,
    /// The unused space at the end of the region: [next, end).
    next: usize,
    end: usize,
    /// The first free block of each class; each free block holds the address of the next.
    free: [usize; CLASSES],
}

impl<G: Grow> Heap<G> {
    pub const fn new(grow: G) -> Self {
        Heap {
            grow,
            next: 0,
            end: 0,
            free: [0; CLASSES],
        }
    }

    /// The class of a layout: log2 of its block size.
    fn class(layout: Layout) -> Option<usize> {
        let size = layout.size().max(layout.align()).max(1 << MIN_CLASS);
        let class = size.checked_next_power_of_two()?.trailing_zeros() as usize;
        (class < CLASSES && layout.align() <= MAX_ALIGN).then_some(class)
    }

    /// # Safety
    /// The region handed out by `grow` must be memory this heap alone owns.
    pub unsafe fn alloc(&mut self, layout: Layout) -> *mut u8 {
        let Some(class) = Self::class(layout) else {
            return null_mut();
        };
        let head = self.free[class];
        if head != 0 {
            self.free[class] = *(head as *const usize);
            return head as *mut u8;
        }
        let size = 1usize << class;
        let align = size.min(MAX_ALIGN);
        let mut start = (self.next + align - 1) & !(align - 1);
        if start + size > self.end || self.end == 0 {
            // The new space follows the old; if it does not (the first time,
            // or memory grown by someone else), the old tail is abandoned.
            let Some((base, len)) = self.grow.grow(size + align) else {
                return null_mut();
            };
            if base != self.end {
                self.next = base;
            }
            self.end = base + len;
            start = (self.next + align - 1) & !(align - 1);
        }
        self.next = start + size;
        start as *mut u8
    }

    /// # Safety
    /// `ptr` must come from `alloc` on this heap with the same `layout`.
    pub unsafe fn dealloc(&mut self, ptr: *mut u8, layout: Layout) {
        if let Some(class) = Self::class(layout) {
            *(ptr as *mut usize) = self.free[class];
            self.free[class] = ptr as usize;
        }
    }
}

/// The global allocator of the wasm page (single-threaded).
#[cfg(target_arch = "wasm32")]
pub struct PageAllocator(UnsafeCell<Heap<WasmMemory>>);

/// Grows the wasm memory by whole 64 KB pages.
#[cfg(target_arch = "wasm32")]
pub struct WasmMemory;

#[cfg(target_arch = "wasm32")]
impl Grow for WasmMemory {
    fn grow(&mut self, bytes: usize) -> Option<(usize, usize)> {
        const PAGE: usize = 65536;
        let pages = bytes.div_ceil(PAGE);
        let old = core::arch::wasm32::memory_grow(0, pages);
        (old != usize::MAX).then_some((old * PAGE, pages * PAGE))
    }
}

// SAFETY: the page's wasm runs on one thread (no shared memory, no workers).
#[cfg(target_arch = "wasm32")]
unsafe impl Sync for PageAllocator {}

#[cfg(target_arch = "wasm32")]
unsafe impl GlobalAlloc for PageAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        (*self.0.get()).alloc(layout)
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        (*self.0.get()).dealloc(ptr, layout)
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // Same class: the block already has room.
        let new = Layout::from_size_align_unchecked(new_size, layout.align());
        if Heap::<WasmMemory>::class(layout) == Heap::<WasmMemory>::class(new) {
            return ptr;
        }
        let p = self.alloc(new);
        if !p.is_null() {
            core::ptr::copy_nonoverlapping(ptr, p, layout.size().min(new_size));
            self.dealloc(ptr, layout);
        }
        p
    }
}

#[cfg(target_arch = "wasm32")]
#[global_allocator]
static ALLOCATOR: PageAllocator = PageAllocator(UnsafeCell::new(Heap::new(WasmMemory)));

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    /// A fixed arena standing in for wasm memory, grown in 64 KB steps.
    struct Arena {
        mem: Vec<u8>,
        used: usize,
    }

    impl Grow for Arena {
        fn grow(&mut self, bytes: usize) -> Option<(usize, usize)> {
            let bytes = bytes.div_ceil(65536) * 65536;
            if self.used + bytes > self.mem.len() {
                return None;
            }
            let base = self.mem.as_ptr() as usize + self.used;
            self.used += bytes;
            Some((base, bytes))
        }
    }

    fn heap(mb: usize) -> Heap<Arena> {
        Heap::new(Arena {
            mem: vec![0; mb << 20],
            used: 0,
        })
    }

    #[test]
    fn blocks_are_aligned_disjoint_and_reused_after_free() {
        let mut h = heap(64);
        let mut rng = crate::engine::rng::Rng::new(5);
        // Live blocks: start -> (end, fill byte, layout).
        let mut live: BTreeMap<usize, (usize, u8, Layout)> = BTreeMap::new();
        for step in 0..20_000u32 {
            if live.is_empty() || rng.below(3) > 0 {
                let size = match rng.below(10) {
                    0 => rng.below(40_000) as usize,
                    _ => rng.below(200) as usize,
                };
                let align = 1usize << rng.below(7);
                let layout = Layout::from_size_align(size, align).unwrap();
                let p = unsafe { h.alloc(layout) } as usize;
                assert_ne!(p, 0, "out of memory at step {step}");
                assert_eq!(p % align, 0, "misaligned");
                let end = p + size.max(1);
                if let Some((&s, &(e, _, _))) = live.range(..end).next_back() {
                    assert!(e <= p || s >= end, "overlaps a live block");
                }
                let fill = step as u8;
                unsafe { core::ptr::write_bytes(p as *mut u8, fill, size) };
                live.insert(p, (end, fill, layout));
            } else {
                let k = rng.below(live.len() as u32) as usize;
                let (&p, &(_, fill, layout)) = live.iter().nth(k).unwrap();
                let bytes = unsafe { core::slice::from_raw_parts(p as *const u8, layout.size()) };
                assert!(
                    bytes.iter().all(|&b| b == fill),
                    "a live block was overwritten"
                );
                live.remove(&p);
                unsafe { h.dealloc(p as *mut u8, layout) };
            }
        }
    }

    #[test]
    fn a_freed_block_is_handed_out_again() {
        let mut h = heap(1);
        let l = Layout::from_size_align(24, 8).unwrap();
        let a = unsafe { h.alloc(l) };
        unsafe { h.dealloc(a, l) };
        // 17..=32 bytes share the 32-byte class.
        let b = unsafe { h.alloc(Layout::from_size_align(32, 4).unwrap()) };
        assert_eq!(a, b);
    }

    #[test]
    fn exhausted_memory_and_huge_alignments_give_null() {
        let mut h = heap(1);
        let big = Layout::from_size_align(2 << 20, 8).unwrap();
        assert!(unsafe { h.alloc(big) }.is_null());
        let aligned = Layout::from_size_align(64, 8192).unwrap();
        assert!(unsafe { h.alloc(aligned) }.is_null());
        // Still usable afterwards.
        assert!(!unsafe { h.alloc(Layout::new::<u64>()) }.is_null());
    }
}
