// Element copies on Zen 5 from a static table that L2 holds, one thread,
// error mode (LoweringPlan::Checks::Branching,
// CPUTargetDescription::branchingElementChecks): each copy tests its index
// vector in the copy loop, one `llvm.intr.expect`-ed branch per component,
// and reads a good one as its address; the rare branch reports and
// resolves. i32 indices are compared as loaded (LLVM then loads the
// address zero-extended); i64 and index ones as index. The copy loop is
// unrolled 16 times (LLVM does not unroll a loop that calls a function)
// and not vectorized.
// RUN: gather-opt %s --convert-gather-to-scf --canonicalize --cse | FileCheck %s

// CHECK-DAG: #[[$UNROLL:.*]] = #llvm.loop_unroll<count = 16 : i32>
// CHECK-DAG: #[[$NOVEC:.*]] = #llvm.loop_vectorize<disable = true>
// CHECK-DAG: #[[$LOOP:.*]] = #llvm.loop_annotation<vectorize = #[[$NOVEC]], unroll = #[[$UNROLL]]>

module attributes {llvm.target = #llvm.target<triple = "x86_64-unknown-linux-gnu", chip = "znver5">} {
  // With an outer params dimension, the rows count the bad index vectors:
  // the first row and every row after a bad one test their indices, the
  // others copy unchecked.
  // CHECK-LABEL: func.func @elements(
  // CHECK-SAME:      %[[P:.*]]: tensor<4x1000xf32>, %[[I:.*]]: tensor<16384xi32>)
  // CHECK-DAG:     %[[N32:.*]] = arith.constant 1000 : i32
  // CHECK-DAG:     %[[FALSE:.*]] = arith.constant false
  // CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
  // CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
  // CHECK:         scf.for %[[O:[^ ]+]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %{{.*}}, %[[COUNT:[^ ]+]] = %[[C0]])
  // CHECK:           %[[ANY:.*]] = arith.cmpi ne, %[[COUNT]], %[[C0]] : index
  // CHECK:           %[[FIRST:.*]] = arith.cmpi eq, %[[O]], %[[C0]] : index
  // CHECK:           %[[MUST:.*]] = arith.ori %[[FIRST]], %[[ANY]] : i1
  // CHECK:           scf.if %[[MUST]] -> (tensor<4x16384xf32>, index) {
  // CHECK:             scf.for %[[M:[^ ]+]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:[^ ]+]] = %{{.*}}, %[[N:[^ ]+]] = %[[COUNT]])
  // CHECK:               %[[X:.*]] = tensor.extract %[[I]][%[[M]]] : tensor<16384xi32>
  // CHECK:               %[[BAD:.*]] = arith.cmpi uge, %[[X]], %[[N32]] : i32
  // CHECK:               %[[EXPECTED:.*]] = llvm.intr.expect %[[BAD]], %[[FALSE]] : i1
  // CHECK:               scf.if %[[EXPECTED]] -> (tensor<4x16384xf32>, index) {
  // CHECK:                 func.call @gather_out_of_bounds(
  // CHECK:                 arith.select
  // CHECK:                 %[[N1:.*]] = arith.addi %[[N]], %[[C1]] : index
  // CHECK:                 scf.yield %{{.*}}, %[[N1]]
  // CHECK:               } else {
  // CHECK-NEXT:            %[[A:.*]] = arith.index_cast %[[X]] : i32 to index
  // CHECK-NEXT:            %[[V:.*]] = tensor.extract %[[P]][%[[O]], %[[A]]]
  // CHECK-NEXT:            %[[W:.*]] = tensor.insert %[[V]] into %[[ACC]][%[[O]], %[[M]]]
  // CHECK-NEXT:            scf.yield %[[W]], %[[N]]
  // CHECK:             } {llvm.loop_annotation = #[[$LOOP]]}
  // CHECK:           } else {
  // CHECK-NOT:         func.call
  // CHECK:             tensor.extract %[[P]]
  // CHECK-NOT:         func.call
  // CHECK:             scf.yield %{{.*}}, %[[COUNT]]
  func.func @elements(%p: tensor<4x1000xf32>, %i: tensor<16384xi32>) -> tensor<4x16384xf32> {
    %r = gather.gather %p[%i] axis = 1 : (tensor<4x1000xf32>, tensor<16384xi32>) -> tensor<4x16384xf32>
    return %r : tensor<4x16384xf32>
  }

  // One branch per component, each to a copy that reports every bad
  // component and reads 0.
  // CHECK-LABEL: func.func @pairs(
  // CHECK-SAME:      %[[P:.*]]: tensor<5x7xf32>, %[[I:.*]]: tensor<600x2xi64>)
  // CHECK-DAG:     %[[C5:.*]] = arith.constant 5 : index
  // CHECK-DAG:     %[[C7:.*]] = arith.constant 7 : index
  // CHECK:         scf.for %[[M:[^ ]+]] =
  // CHECK:           %[[X0:.*]] = tensor.extract %[[I]][%[[M]], %{{.*}}]
  // CHECK:           %[[A0:.*]] = arith.index_cast %[[X0]] : i64 to index
  // CHECK:           %[[BAD0:.*]] = arith.cmpi uge, %[[A0]], %[[C5]] : index
  // CHECK:           %[[X1:.*]] = tensor.extract %[[I]][%[[M]], %{{.*}}]
  // CHECK:           %[[A1:.*]] = arith.index_cast %[[X1]] : i64 to index
  // CHECK:           %[[BAD1:.*]] = arith.cmpi uge, %[[A1]], %[[C7]] : index
  // CHECK:           %[[E0:.*]] = llvm.intr.expect %[[BAD0]]
  // CHECK:           scf.if %[[E0]]
  // CHECK-COUNT-2:     func.call @gather_out_of_bounds(
  // CHECK:           } else {
  // CHECK:             %[[E1:.*]] = llvm.intr.expect %[[BAD1]]
  // CHECK:             scf.if %[[E1]]
  // CHECK-COUNT-2:       func.call @gather_out_of_bounds(
  // CHECK:             } else {
  // CHECK-NEXT:          %[[V:.*]] = tensor.extract %[[P]][%[[A0]], %[[A1]]]
  // CHECK-NEXT:          tensor.insert %[[V]]
  // CHECK:         } {llvm.loop_annotation = #[[$LOOP]]}
  func.func @pairs(%p: tensor<5x7xf32>, %i: tensor<600x2xi64>) -> tensor<600xf32> {
    %r = gather.gather_nd %p[%i] : (tensor<5x7xf32>, tensor<600x2xi64>) -> tensor<600xf32>
    return %r : tensor<600xf32>
  }

  // Zero mode keeps its checked groups.
  // CHECK-LABEL: func.func @pairs_zero(
  // CHECK-NOT:     llvm.intr.expect
  // CHECK:         return
  func.func @pairs_zero(%p: tensor<5x7xf32>, %i: tensor<600x2xi64>) -> tensor<600xf32> {
    %r = gather.gather_nd %p[%i] mode<zero> : (tensor<5x7xf32>, tensor<600x2xi64>) -> tensor<600xf32>
    return %r : tensor<600xf32>
  }

  // CHECK-LABEL: func.func @index_typed(
  // CHECK:         %[[X:.*]] = tensor.extract %{{.*}} : tensor<300xindex>
  // CHECK:         %[[BAD:.*]] = arith.cmpi uge, %[[X]], %{{.*}} : index
  // CHECK:         llvm.intr.expect %[[BAD]]
  func.func @index_typed(%p: tensor<200xf32>, %i: tensor<300xindex>) -> tensor<300xf32> {
    %r = gather.gather %p[%i] : (tensor<200xf32>, tensor<300xindex>) -> tensor<300xf32>
    return %r : tensor<300xf32>
  }
}
