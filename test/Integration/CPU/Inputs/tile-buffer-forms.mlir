// A schedule for test/Integration/CPU/bufferized.mlir: tiles every gather
// (by then in its buffer form) with scf.for tiles of 2 along its first result
// dimension, and every gather_nd with scf.forall tiles of 2.
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["gather.gather"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.foreach %g : !transform.any_op {
    ^bb0(%op: !transform.any_op):
      %t, %l = transform.structured.tile_using_for %op tile_sizes [2] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    }
    %n = transform.structured.match ops{["gather.gather_nd"]} in %root : (!transform.any_op) -> !transform.any_op
    %tn, %ln = transform.structured.tile_using_forall %n tile_sizes [2] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
