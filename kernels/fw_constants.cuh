// Generated from the Java constants named beside each value (fwbench.variant.KernelConstants):
// do not edit here. A unit test fails while this file and the Java side disagree, and says how to
// regenerate it.
#pragma once

// fwbench.graph.Distances.INF: the distance of an absent edge
#define FW_INF 0x3FFFFFFF
// fwbench.graph.Distances.INT_INDEX_MAX_N: the largest n whose cells i * n + j an int indexes (kernels 01..06)
#define FW_INT_INDEX_MAX_N 46340
// fwbench.cell.CellType.PACKED16.inf(): packed16's 16-bit INF, every finite distance stays below it
#define FW_INF16 0x3FFF
// fwbench.variant.kleene.KleenePathsSolver.ROUTE_BITS: the low bits of a route key that mark an improving k
#define FW_ROUTE_BITS 8
// fwbench.variant.kleene.KleenePathsSolver.ROUTE_INF: the no-path distance of a route key
#define FW_ROUTE_INF 0x3FFFFF
// fwbench.variant.kleene.KleenePathsSolver.GROUPED_ROUTE_BITS: the same for kleene-paths' rounds in groups, whose marks name a group's k
#define FW_GROUPED_ROUTE_BITS 10
// fwbench.variant.kleene.KleenePathsSolver.GROUPED_ROUTE_INF: the no-path distance of a route key in groups
#define FW_GROUPED_ROUTE_INF 0xFFFFF
// fwbench.variant.kleene.KleeneSolver.MAX_GROUPED_ROUNDS: the largest group of kleene's rounds
#define FW_KLEENE_MAX_GROUPED_ROUNDS 6
// fwbench.variant.schedule.DataflowSchedule.FIELD_BITS: a dataflow work item is round << 2 F | row << F | column
#define FW_ITEM_FIELD_BITS 10
// fwbench.variant.schedule.DataflowSchedule.FOLDED_PIVOT_MAX_TILE: dataflow's tiles up to this fold the next pivot's update into its item
#define FW_DATAFLOW_FOLDED_PIVOT_MAX_TILE 128
// fwbench.variant.schedule.DataflowSchedule.SECOND_CHAIN_PACKED_MAX_TILE: packed16's dataflow tiles up to this run a second chain in block 1
#define FW_DATAFLOW_SECOND_CHAIN_PACKED_MAX_TILE 64
// fwbench.variant.dataflow.DataflowLaunch.SELF_RESET_MAX_TILE: dataflow's kernels of tiles up to this leave their counters zero when they end
#define FW_DATAFLOW_SELF_RESET_MAX_TILE 64
// fwbench.variant.schedule.LookaheadRounds: which tiles a phase-3 launch of kleene updates
#define FW_REST_ALL 0
#define FW_REST_NEXT 1
#define FW_REST_REST 2
#define FW_REST_GROUP_CHAIN 3
#define FW_REST_GROUP_NEXT 4
#define FW_REST_GROUP_REST 5
#define FW_REST_GROUP_CATCH_UP 6
