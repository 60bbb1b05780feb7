// Copies from global memory that run beside the compute: 16-byte cp.async into shared memory
// (chunk_staging.cuh stages the tile product's operands with them) and the bulk prefetch of a tile
// into L2 (dataflow.cuh, for the next item's C tile). Each compiles to the plain or no-op form on
// GPUs without the instruction (cp.async: sm_80; the bulk prefetch: sm_90).
#pragma once

namespace minplus {

__device__ __forceinline__ void copy16_async(void* shared, const void* global)
{
#if __CUDA_ARCH__ >= 800
    const unsigned s = (unsigned)__cvta_generic_to_shared(shared);
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(s), "l"(global));
#else
    *(int4*)shared = *(const int4*)global;
#endif
}

__device__ __forceinline__ void commit_async()
{
#if __CUDA_ARCH__ >= 800
    asm volatile("cp.async.commit_group;\n" ::);
#endif
}

template <int PENDING>
__device__ __forceinline__ void wait_async()
{
#if __CUDA_ARCH__ >= 800
    asm volatile("cp.async.wait_group %0;\n" ::"n"(PENDING));
#endif
}

// Starts copying rows x words words at p (ld words per matrix row) from memory into L2, one
// bulk prefetch per row (sm_90; nothing before it). The copy completes on its own.
__device__ __forceinline__ void prefetch_tile_l2(const int* p, int ld, int rows, int words)
{
#if __CUDA_ARCH__ >= 900
    for (int row = 0; row < rows; ++row)
        asm volatile("cp.async.bulk.prefetch.L2.global [%0], %1;" ::"l"(p + (size_t)row * ld), "r"(words * 4) : "memory");
#endif
}

}  // namespace minplus
