;; The int8 scan of the vector index (src/core/search/vector-int8.ts): dot products of one
;; query against many rows, 16 coordinates at a time with WebAssembly SIMD.
;;
;;   dots(q, data, rows, stride, out)
;;     q      the query, `stride` signed bytes
;;     data   `rows` rows of `stride` signed bytes, back to back
;;     stride bytes a row, a multiple of 16 (rows are zero-padded)
;;     out    rows x i32: out[r] = sum over j of data[r][j] * q[j], exactly
;;
;; Each 16 bytes of a row and of the query are widened to two i16x8 and multiplied pairwise
;; into i32x4 lanes (i32x4.dot_i16x8_s). Values are within [-127, 127], so a lane gains at most
;; 2 * 127 * 127 = 32,258 per 16 bytes and stays exact up to rows of 66,000 bytes. Four rows share
;; each query load; the last rows (fewer than four) go one at a time. Integer arithmetic: the
;; result is the same as the JavaScript reference (int8Dots) to the last bit.
;;
;; Built into src/core/search/vector-kernel.ts by `npm run kernel` (wabt); a unit test checks
;; that the committed bytes are this file's.
(module
  (memory (export "memory") 1)
  (func (export "dots") (param $q i32) (param $data i32) (param $rows i32) (param $stride i32) (param $out i32)
    (local $j i32) (local $s i32) (local $x v128) (local $ql v128) (local $qh v128)
    (local $a0 v128) (local $a1 v128) (local $a2 v128) (local $a3 v128)
    ;; four rows at a time
    (block $fours_done
      (loop $fours
        (br_if $fours_done (i32.lt_u (local.get $rows) (i32.const 4)))
        (local.set $a0 (v128.const i32x4 0 0 0 0))
        (local.set $a1 (v128.const i32x4 0 0 0 0))
        (local.set $a2 (v128.const i32x4 0 0 0 0))
        (local.set $a3 (v128.const i32x4 0 0 0 0))
        (local.set $j (i32.const 0))
        (loop $columns
          (local.set $x (v128.load (i32.add (local.get $q) (local.get $j))))
          (local.set $ql (i16x8.extend_low_i8x16_s (local.get $x)))
          (local.set $qh (i16x8.extend_high_i8x16_s (local.get $x)))
          (local.set $s (i32.add (local.get $data) (local.get $j)))
          (local.set $x (v128.load (local.get $s)))
          (local.set $a0 (i32x4.add (local.get $a0) (i32x4.add
            (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_s (local.get $x)) (local.get $ql))
            (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_s (local.get $x)) (local.get $qh)))))
          (local.set $s (i32.add (local.get $s) (local.get $stride)))
          (local.set $x (v128.load (local.get $s)))
          (local.set $a1 (i32x4.add (local.get $a1) (i32x4.add
            (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_s (local.get $x)) (local.get $ql))
            (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_s (local.get $x)) (local.get $qh)))))
          (local.set $s (i32.add (local.get $s) (local.get $stride)))
          (local.set $x (v128.load (local.get $s)))
          (local.set $a2 (i32x4.add (local.get $a2) (i32x4.add
            (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_s (local.get $x)) (local.get $ql))
            (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_s (local.get $x)) (local.get $qh)))))
          (local.set $s (i32.add (local.get $s) (local.get $stride)))
          (local.set $x (v128.load (local.get $s)))
          (local.set $a3 (i32x4.add (local.get $a3) (i32x4.add
            (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_s (local.get $x)) (local.get $ql))
            (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_s (local.get $x)) (local.get $qh)))))
          (local.set $j (i32.add (local.get $j) (i32.const 16)))
          (br_if $columns (i32.lt_u (local.get $j) (local.get $stride))))
        (i32.store offset=0 (local.get $out) (i32.add
          (i32.add (i32x4.extract_lane 0 (local.get $a0)) (i32x4.extract_lane 1 (local.get $a0)))
          (i32.add (i32x4.extract_lane 2 (local.get $a0)) (i32x4.extract_lane 3 (local.get $a0)))))
        (i32.store offset=4 (local.get $out) (i32.add
          (i32.add (i32x4.extract_lane 0 (local.get $a1)) (i32x4.extract_lane 1 (local.get $a1)))
          (i32.add (i32x4.extract_lane 2 (local.get $a1)) (i32x4.extract_lane 3 (local.get $a1)))))
        (i32.store offset=8 (local.get $out) (i32.add
          (i32.add (i32x4.extract_lane 0 (local.get $a2)) (i32x4.extract_lane 1 (local.get $a2)))
          (i32.add (i32x4.extract_lane 2 (local.get $a2)) (i32x4.extract_lane 3 (local.get $a2)))))
        (i32.store offset=12 (local.get $out) (i32.add
          (i32.add (i32x4.extract_lane 0 (local.get $a3)) (i32x4.extract_lane 1 (local.get $a3)))
          (i32.add (i32x4.extract_lane 2 (local.get $a3)) (i32x4.extract_lane 3 (local.get $a3)))))
        (local.set $out (i32.add (local.get $out) (i32.const 16)))
        (local.set $data (i32.add (local.get $data) (i32.shl (local.get $stride) (i32.const 2))))
        (local.set $rows (i32.sub (local.get $rows) (i32.const 4)))
        (br $fours)))
    ;; the rest, one row at a time
    (block $ones_done
      (loop $ones
        (br_if $ones_done (i32.eqz (local.get $rows)))
        (local.set $a0 (v128.const i32x4 0 0 0 0))
        (local.set $j (i32.const 0))
        (loop $columns
          (local.set $x (v128.load (i32.add (local.get $q) (local.get $j))))
          (local.set $ql (i16x8.extend_low_i8x16_s (local.get $x)))
          (local.set $qh (i16x8.extend_high_i8x16_s (local.get $x)))
          (local.set $s (i32.add (local.get $data) (local.get $j)))
          (local.set $x (v128.load (local.get $s)))
          (local.set $a0 (i32x4.add (local.get $a0) (i32x4.add
            (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_s (local.get $x)) (local.get $ql))
            (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_s (local.get $x)) (local.get $qh)))))
          (local.set $j (i32.add (local.get $j) (i32.const 16)))
          (br_if $columns (i32.lt_u (local.get $j) (local.get $stride))))
        (i32.store offset=0 (local.get $out) (i32.add
          (i32.add (i32x4.extract_lane 0 (local.get $a0)) (i32x4.extract_lane 1 (local.get $a0)))
          (i32.add (i32x4.extract_lane 2 (local.get $a0)) (i32x4.extract_lane 3 (local.get $a0)))))
        (local.set $out (i32.add (local.get $out) (i32.const 4)))
        (local.set $data (i32.add (local.get $data) (local.get $stride)))
        (local.set $rows (i32.sub (local.get $rows) (i32.const 1)))
        (br $ones)))))
