// CHECK(call) for the standalone tools here: a CUDA runtime call whose failure is printed with its
// text and ends the program with exit code 1.
#pragma once
#include <cstdio>
#include <cstdlib>

#define CHECK(call)                                                                                 \
    do {                                                                                            \
        cudaError_t e = (call);                                                                     \
        if (e != cudaSuccess) {                                                                     \
            std::printf("%s: %s\n", #call, cudaGetErrorString(e));                                  \
            std::exit(1);                                                                           \
        }                                                                                           \
    } while (0)
